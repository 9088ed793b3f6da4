//! The core's floors (ARCHITECTURE.md): ground → engine → rules → sequence → api; and no import circle
//! between the files of any crate. Reads every production source file's paths into its crate —
//! `crate::`, `super::`, `self::`, a parent's own `child::` and a module named by a `use` — (test modules
//! and test files left out), follows each through the `use` lines of a folder's `mod.rs` or a crate's
//! `lib.rs` to the file that defines the name, and fails on an import that runs up a floor, on any import
//! circle between files (the files of one folder included), and on a CLI or the shell reaching past the
//! API floor. `cargo test --test suite floors:: -- --nocapture` prints the figures.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The floors, lowest first. `dice` is the ground floor's re-export of the shared dice crate.
const FLOORS: [&str; 5] = ["ground", "engine", "rules", "sequence", "api"];

fn floor_of(module: &str) -> Option<usize> {
    let top = module.split("::").next()?;
    FLOORS
        .iter()
        .position(|f| *f == top)
        .or((top == "dice").then_some(0))
}

/// Every `.rs` file under `dir`, recursively.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("readable source folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A file's module path from `src/` (`src/rules/combat/salvo.rs` → `rules::combat::salvo`; the crate
/// root, `src/lib.rs`, is ``).
fn module_of(src: &Path, file: &Path) -> String {
    let rel = file
        .strip_prefix(src)
        .expect("under src")
        .with_extension("");
    if rel == Path::new("lib") {
        return String::new();
    }
    let parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let parts: Vec<&str> = parts
        .iter()
        .map(String::as_str)
        .filter(|p| *p != "mod")
        .collect();
    parts.join("::")
}

fn is_test_file(file: &Path) -> bool {
    let name = file.file_stem().unwrap_or_default().to_string_lossy();
    name == "tests" || name.ends_with("_tests")
}

/// Whether `module` lies in the subtree of `parent` (every module lies below the crate root, ``).
fn is_below(module: &str, parent: &str) -> bool {
    if parent.is_empty() {
        return !module.is_empty();
    }
    module
        .strip_prefix(parent)
        .is_some_and(|rest| rest.starts_with("::"))
}

/// The source without comments and without `#[cfg(test)]` items (a test module may reach anywhere).
fn production_text(text: &str) -> String {
    let mut out = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]") {
            // Skip the next item: up to its matching closing brace, or its `;`.
            let mut depth = 0i32;
            let mut opened = false;
            for next in lines.by_ref() {
                depth += next.matches('{').count() as i32 - next.matches('}').count() as i32;
                opened |= next.contains('{');
                if (opened && depth <= 0) || (!opened && next.trim_end().ends_with(';')) {
                    break;
                }
            }
            continue;
        }
        if trimmed.starts_with("//") {
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// Expands a use tree (`a::{b, c::{d}}`) into its paths.
fn expand(tree: &str) -> Vec<String> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        return vec![tree.to_string()];
    };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .filter(|p| !p.trim().is_empty())
        .flat_map(expand)
        .map(|p| format!("{prefix}{p}"))
        .collect()
}

/// The text with its relative paths written from the crate root, so that an import between the files of
/// one folder counts like any other: `super::x` and `self::x` (from the module `me`), and in a file that
/// declares `mod child;`, a path `child::…`.
fn from_crate_root(text: &str, me: &str) -> String {
    let children: BTreeMap<String, String> = text
        .lines()
        .filter_map(|l| {
            without_visibility(l.trim_start())
                .strip_prefix("mod ")?
                .strip_suffix(';')
        })
        .map(|child| (child.to_string(), format!("{}{child}::", rooted(me))))
        .collect();
    rewrite_heads(text, me, &children)
}

/// The crate-root path of the module `m`, ready for a name.
fn rooted(m: &str) -> String {
    if m.is_empty() {
        "crate::".to_string()
    } else {
        format!("crate::{m}::")
    }
}

/// The text with each path that opens with `super::` or `self::` (from the module `me`) or with a name
/// of `heads` (`name` → the crate-root path it stands for) written from the crate root.
fn rewrite_heads(text: &str, me: &str, heads: &BTreeMap<String, String>) -> String {
    let parent = |m: &str| {
        m.rsplit_once("::")
            .map_or(String::new(), |(p, _)| p.to_string())
    };
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(|c: char| c.is_alphabetic()) {
        let (before, word_on) = rest.split_at(at);
        out.push_str(before);
        let boundary =
            !(out.ends_with(|c: char| c.is_alphanumeric() || c == '_') || out.ends_with("::"));
        let word_end = word_on
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(word_on.len());
        let word = &word_on[..word_end];
        let after = &word_on[word_end..];
        if boundary && after.starts_with("::") {
            if word == "super" {
                let mut base = parent(me);
                let mut tail = &after[2..];
                while let Some(more) = tail.strip_prefix("super::") {
                    base = parent(&base);
                    tail = more;
                }
                out.push_str(&rooted(&base));
                rest = tail;
                continue;
            }
            let head = if word == "self" {
                Some(rooted(me))
            } else {
                heads.get(word).cloned()
            };
            if let Some(head) = head {
                out.push_str(&head);
                rest = &after[2..];
                continue;
            }
        }
        out.push_str(word);
        rest = after;
    }
    out.push_str(rest);
    out
}

/// Every path the text names below `root` (`crate` or `goeben_referee`), use trees expanded
/// (`crate::{a, b::{c}}`, `crate::ground::pack::{Nation, RulesPack}`).
fn paths_from(text: &str, root: &str) -> Vec<String> {
    let mut out = Vec::new();
    let needle = format!("{root}::");
    let mut rest = text;
    while let Some(at) = rest.find(&needle) {
        let before_ok = at == 0 || !rest[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_');
        let after = &rest[at + needle.len()..];
        if before_ok {
            let end = after
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(after.len());
            if after[end..].starts_with('{') {
                let mut depth = 0;
                let close = after[end..]
                    .find(|c: char| {
                        depth += i32::from(c == '{') - i32::from(c == '}');
                        depth == 0
                    })
                    .map_or(after.len(), |c| end + c + 1);
                out.extend(expand(&after[..close]));
            } else {
                out.push(after[..end].trim_end_matches(':').to_string());
            }
        }
        rest = after;
    }
    out
}

/// The use trees of a text (without `use` and `;`), each with whether it stands at the top of the file
/// (column 0: rustfmt's place for an item) rather than in a function, and whether it is `pub`.
fn use_trees(code: &str) -> Vec<(bool, bool, &str)> {
    let mut out = Vec::new();
    let mut offset = 0;
    for line in code.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let bare = without_visibility(trimmed);
        if let Some(tree) = bare.strip_prefix("use ") {
            let start = offset + (line.len() - tree.len());
            let end = code[start..].find(';').map_or(code.len(), |e| start + e);
            let top = trimmed.len() == line.len();
            out.push((top, trimmed.starts_with("pub"), &code[start..end]));
        }
        offset += line.len();
    }
    out
}

/// A line without its leading `pub`, `pub(crate)`, `pub(super)` or `pub(in …)`.
fn without_visibility(line: &str) -> &str {
    if let Some(rest) = line.strip_prefix("pub(") {
        return rest.split_once(')').map_or(rest, |(_, r)| r).trim_start();
    }
    line.strip_prefix("pub ").unwrap_or(line).trim_start()
}

/// One path of an expanded use tree: the path, and the name it binds (its `as`, or its last segment;
/// `a::self` binds `a`); `*` for a glob.
fn binding(path: &str) -> (&str, &str) {
    let (path, alias) = match path.split_once(" as ") {
        Some((p, a)) => (p.trim(), Some(a.trim())),
        None => (path.trim(), None),
    };
    let path = path.strip_suffix("::self").unwrap_or(path);
    let name = alias.unwrap_or_else(|| path.rsplit("::").next().unwrap_or(path));
    (path, name)
}

/// The text with each crate module it names by a `use` (`use crate::ground::ports::{self, Side}`, `use
/// crate::sequence::dispatch as rules`) written out where the file uses it (`ports::terrain`).
fn with_module_aliases(code: &str, me: &str, modules: &BTreeSet<&str>) -> String {
    let mut heads = BTreeMap::new();
    for (.., tree) in use_trees(code) {
        for path in expand(tree) {
            let (path, name) = binding(&path);
            let Some(module) = path.strip_prefix("crate::") else {
                continue;
            };
            if modules.contains(module) && name != "_" {
                heads.insert(name.to_string(), rooted(module));
            }
        }
    }
    rewrite_heads(code, me, &heads)
}

/// What a top-level line declares: `Some(name)` for a named item, `Some("")` for code without a name
/// (an impl, a macro call); `None` for a `use`, a `mod child;`, an attribute or a closing bracket.
fn item_of(line: &str) -> Option<String> {
    if line.starts_with(['#', '}', ')', ']']) || line.trim().is_empty() {
        return None;
    }
    const QUALIFIERS: [&str; 6] = ["unsafe", "async", "extern", "\"\"", "default", "auto"];
    const NAMED: [&str; 10] = [
        "struct",
        "enum",
        "union",
        "trait",
        "type",
        "fn",
        "const",
        "static",
        "macro_rules!",
        "mod",
    ];
    let words: Vec<&str> = without_visibility(line).split_whitespace().collect();
    // `const fn` is a function; `const X` a constant.
    let const_fn = |w: &&str| *w == "const" && words.contains(&"fn");
    let at = words
        .iter()
        .position(|w| !(QUALIFIERS.contains(w) || const_fn(w)))?;
    match words[at] {
        "use" | "crate" => None,
        "mod" if line.trim_end().ends_with(';') => None,
        k if NAMED.contains(&k) => {
            let word = words[at + 1..].iter().find(|w| **w != "mut")?;
            let name: String = word
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            Some(name)
        }
        _ => Some(String::new()),
    }
}

/// What the checker knows of one module (one file) of a crate.
#[derive(Default)]
struct Module {
    /// The production code: comments and string contents blanked, test items left out, every path into
    /// the crate written from its root.
    code: String,
    /// It declares files of its own (a crate's `lib.rs`, a folder's `mod.rs`).
    parent: bool,
    /// It holds code (an item, an impl): a file of the graph. A parent that only declares its files and
    /// names what they define (`pub use charts::*`) is a door, no file of its own.
    node: bool,
    /// The names of the items it defines.
    defines: BTreeSet<String>,
    /// The names its top-level `use` lines bring in, each with the crate path it names (`None`: another
    /// crate's).
    binds: BTreeMap<String, Option<String>>,
    /// The crate modules its top-level `use` lines bring in whole (`pub use types::*`).
    globs: Vec<String>,
    /// What a glob `use` of it brings in: the names it defines or uses with `pub`.
    exports: BTreeSet<String>,
}

type Modules = BTreeMap<String, Module>;

/// A crate's modules from its files' texts (each with its module path; `lib.rs` is ``).
fn read_modules(files: &[(String, String)]) -> Modules {
    let names: BTreeSet<&str> = files.iter().map(|(m, _)| m.as_str()).collect();
    files
        .iter()
        .map(|(me, text)| (me.clone(), read_module(me, text, &names)))
        .collect()
}

/// One module from its file's text; `modules` names every module of the crate.
fn read_module(me: &str, text: &str, modules: &BTreeSet<&str>) -> Module {
    let code = from_crate_root(&production_text(&code_only(text)), me);
    let code = with_module_aliases(&code, me, modules);
    let mut module = Module {
        parent: modules.iter().any(|n| is_below(n, me)),
        ..Module::default()
    };
    let mut has_code = false;
    for line in code.lines().filter(|l| !l.starts_with(char::is_whitespace)) {
        let Some(name) = item_of(line) else {
            continue;
        };
        has_code = true;
        if line.starts_with("pub") {
            module.exports.insert(name.clone());
        }
        module.defines.insert(name);
    }
    // A name a derive makes beside its enum (strum's `EnumDiscriminants`, `name(CounterKindTag)`).
    for (at, _) in code.match_indices("strum_discriminants(") {
        let made = code[at..].split_once("name(").map(|(_, n)| n);
        if let Some((name, _)) = made.and_then(|n| n.split_once(')')) {
            module.defines.insert(name.trim().to_string());
            module.exports.insert(name.trim().to_string());
        }
    }
    module.defines.remove("");
    module.node = !module.parent || has_code;
    for (public, tree) in use_trees(&code)
        .into_iter()
        .filter(|(top, ..)| *top)
        .map(|(_, p, t)| (p, t))
    {
        for path in expand(tree) {
            let (path, name) = binding(&path);
            let target = path.strip_prefix("crate::");
            match (target, name) {
                (Some(t), "*") => module.globs.push(t.trim_end_matches("::*").to_string()),
                (_, "*" | "_") => {}
                (t, name) => {
                    if public {
                        module.exports.insert(name.to_string());
                    }
                    module.binds.insert(name.to_string(), t.map(str::to_string));
                }
            }
        }
    }
    module.code = code;
    module
}

/// Where a path from the crate root lands: the file that defines what it names, followed through every
/// parent's `use` lines (a folder's door). `Ok(None)`: outside the crate, or a door named whole (`use
/// crate::api::codes::{self, …}`: the paths the file writes through it count). `Err`: a name no door
/// knows.
///
/// Only a parent's `use` lines are followed. A `pub use` in any other file (`action.rs` lending
/// `Track` from `tracks.rs`) is that file's own import, and a path through it lands on that file: a
/// type kept at an old path for other crates still counts where the crate's own files take it from.
fn land(path: &str, modules: &Modules, depth: usize) -> Result<Option<String>, String> {
    let segments: Vec<&str> = path
        .split("::")
        .filter_map(|s| s.split_whitespace().next())
        .filter(|s| !["self", "*"].contains(s))
        .collect();
    let taken = (0..=segments.len())
        .rev()
        .find(|n| modules.contains_key(&segments[..*n].join("::")))
        .ok_or_else(|| path.to_string())?;
    let at = segments[..taken].join("::");
    let module = &modules[&at];
    let Some(name) = segments.get(taken) else {
        return Ok(module.node.then_some(at));
    };
    let rest = segments[taken + 1..].join("::");
    if !module.parent || module.defines.contains(*name) || depth > 16 {
        return Ok(Some(at));
    }
    if let Some(target) = module.binds.get(*name) {
        let Some(target) = target else {
            return Ok(None);
        };
        return land(&format!("{target}::{rest}"), modules, depth + 1);
    }
    if let Some(glob) = module.globs.iter().find(|g| provides(g, name, modules, 0)) {
        return land(&format!("{glob}::{name}::{rest}"), modules, depth + 1);
    }
    let named = segments[..=taken].join("::");
    module.node.then_some(Some(at)).ok_or(named)
}

/// Whether the module `from` has the name for a glob `use` of it to bring in.
fn provides(from: &str, name: &str, modules: &Modules, depth: usize) -> bool {
    let Some(module) = modules.get(from) else {
        return false;
    };
    module.exports.contains(name)
        || modules.contains_key(&format!("{from}::{name}"))
        || (depth < 16
            && module
                .globs
                .iter()
                .any(|g| provides(g, name, modules, depth + 1)))
}

#[derive(Default)]
struct Graph {
    /// File module → the modules it imports (production code only).
    edges: BTreeMap<String, BTreeSet<String>>,
    /// The paths through a door that land on no file (each could hide an import).
    lost: Vec<String>,
}

/// The import graph of a crate's files. A parent (a crate's `lib.rs`, a folder's `mod.rs`) declares
/// its files and puts them together: the tools' one line per tool, the store whose methods its files
/// add, a field of a child's type. What it names inside its own subtree is that assembly, not an import,
/// and is left out; its paths elsewhere count like any file's, and a file that takes what the parent
/// defines (the session, the store) imports the parent. So a circle through a parent leaves the parent's
/// subtree, and every circle left is between files that lend one another what they define.
fn graph_of(files: &[(String, String)]) -> Graph {
    let modules = read_modules(files);
    let mut graph = Graph::default();
    for (me, module) in modules.iter().filter(|(_, m)| m.node) {
        let mut targets = BTreeSet::new();
        for path in paths_from(&module.code, "crate") {
            match land(&path, &modules, 0) {
                Ok(Some(target)) if target != *me && !is_below(&target, me) => {
                    targets.insert(target);
                }
                Ok(_) => {}
                Err(lost) => graph.lost.push(format!("{me}: crate::{path} ({lost})")),
            }
        }
        graph.edges.insert(me.clone(), targets);
    }
    graph
}

/// A crate's production files under `src` (relative to the workspace), each with its module path and
/// text. A binary (`src/main.rs`, `src/bin/`) is a crate of its own that reaches the library by its
/// name, not `crate::`, and test files are left out.
fn crate_files(src: &str) -> Vec<(String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join(src);
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.retain(|f| {
        !f.starts_with(src.join("bin")) && *f != src.join("main.rs") && !is_test_file(f)
    });
    files
        .iter()
        .map(|f| {
            let text = fs::read_to_string(f).expect("readable");
            (module_of(&src, f), text)
        })
        .collect()
}

fn core_graph() -> Graph {
    graph_of(&crate_files("src"))
}

/// Strongly connected components of more than one file (Tarjan), i.e. the import circles.
fn circles(graph: &Graph) -> Vec<Vec<String>> {
    struct Walk<'a> {
        g: &'a Graph,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<Vec<String>>,
    }
    fn visit<'a>(w: &mut Walk<'a>, v: &'a str) {
        let i = w.index.len();
        w.index.insert(v, i);
        w.low.insert(v, i);
        w.stack.push(v);
        w.on_stack.insert(v);
        let g = w.g;
        for t in g.edges.get(v).into_iter().flatten() {
            let t = t.as_str();
            if !g.edges.contains_key(t) {
                continue;
            }
            if !w.index.contains_key(t) {
                visit(w, t);
                let lt = w.low[t];
                let lv = w.low.get_mut(v).expect("visited");
                *lv = (*lv).min(lt);
            } else if w.on_stack.contains(t) {
                let it = w.index[t];
                let lv = w.low.get_mut(v).expect("visited");
                *lv = (*lv).min(it);
            }
        }
        if w.low[v] == w.index[v] {
            let mut component = Vec::new();
            while let Some(x) = w.stack.pop() {
                w.on_stack.remove(x);
                component.push(x.to_string());
                if x == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                w.found.push(component);
            }
        }
    }
    let mut w = Walk {
        g: graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in graph.edges.keys() {
        if !w.index.contains_key(v.as_str()) {
            visit(&mut w, v);
        }
    }
    w.found
}

/// The circles of the crate whose sources are `src`, and the paths lost in its doors, as lines; prints
/// the crate's figures.
fn circle_report(src: &str) -> Vec<String> {
    let graph = graph_of(&crate_files(src));
    let found = circles(&graph);
    let imports: usize = graph.edges.values().map(BTreeSet::len).sum();
    println!(
        "{src}: {} files, {imports} imports between them, {} circles",
        graph.edges.len(),
        found.len()
    );
    let shown = |m: &String| {
        if m.is_empty() {
            "lib".to_string()
        } else {
            m.clone()
        }
    };
    let mut lines: Vec<String> = found
        .iter()
        .map(|c| {
            let files: Vec<String> = c.iter().map(shown).collect();
            format!("{src}: {}", files.join(" ↔ "))
        })
        .collect();
    lines.extend(graph.lost.iter().map(|l| format!("{src}: lost {l}")));
    lines
}

#[test]
fn every_core_file_sits_on_a_floor() {
    let graph = core_graph();
    let lost: Vec<_> = graph
        .edges
        .keys()
        .filter(|m| floor_of(m).is_none())
        .collect();
    assert!(
        lost.is_empty(),
        "files outside the floors {FLOORS:?}: {lost:?}"
    );
}

#[test]
fn imports_only_run_down_the_floors() {
    let graph = core_graph();
    let mut up = Vec::new();
    let mut total = 0;
    for (from, targets) in &graph.edges {
        for to in targets {
            total += 1;
            if let (Some(a), Some(b)) = (floor_of(from), floor_of(to)) {
                if b > a {
                    up.push(format!("{from} -> {to}"));
                }
            }
        }
    }
    println!(
        "{total} imports between core files, {} running up a floor",
        up.len()
    );
    assert!(
        up.is_empty(),
        "imports running up a floor:\n{}",
        up.join("\n")
    );
}

#[test]
fn no_import_circle_in_the_core() {
    let found = circle_report("src");
    assert!(found.is_empty(), "import circles:\n{}", found.join("\n"));
}

/// Every crate under `crates/` (common, table-tools, table-host, store, frame-reader, bindings-check and
/// any new one), the same way: the crate root is `crate::`, and its `lib.rs` a file like any other once
/// it holds code (the tools' session, the store, the host).
#[test]
fn no_import_circle_in_the_crates() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut sources: Vec<String> = fs::read_dir(root.join("crates"))
        .expect("the crates folder")
        .map(|entry| entry.expect("a crate").path().join("src"))
        .filter(|src| src.is_dir())
        .map(|src| {
            src.strip_prefix(root)
                .expect("under the root")
                .display()
                .to_string()
        })
        .collect();
    sources.sort();
    assert!(sources.len() >= 6, "the crates: {sources:?}");
    let found: Vec<String> = sources.iter().flat_map(|src| circle_report(src)).collect();
    assert!(found.is_empty(), "import circles:\n{}", found.join("\n"));
}

/// The app shell's files (`src-tauri/src`), apart: the shell is another crate of its own.
#[test]
fn no_import_circle_in_the_shell() {
    let found = circle_report("src-tauri/src");
    assert!(found.is_empty(), "import circles:\n{}", found.join("\n"));
}

/// The CLIs, the shell and what the app does without it see the core through its API floor (and the root's re-exports of it).
#[test]
fn clis_and_shell_use_only_the_api_floor() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src/bin"), &mut files);
    rust_files(&root.join("src-tauri/src"), &mut files);
    rust_files(&root.join("crates/app-core/src"), &mut files);
    let mut past = Vec::new();
    for file in &files {
        let text = production_text(&fs::read_to_string(file).expect("readable"));
        for path in paths_from(&text, "goeben_referee") {
            let top = path.split("::").next().unwrap_or("");
            let allowed = top == "api" || top.chars().next().is_some_and(char::is_uppercase);
            if !allowed {
                past.push(format!(
                    "{}: goeben_referee::{path}",
                    file.strip_prefix(root).unwrap_or(file).display()
                ));
            }
        }
    }
    assert!(past.is_empty(), "past the API floor:\n{}", past.join("\n"));
}

/// Made-up files as `graph_of` takes them.
fn planted(files: &[(&str, &str)]) -> Vec<(String, String)> {
    files
        .iter()
        .map(|(m, t)| (m.to_string(), t.to_string()))
        .collect()
}

/// The checker itself: a circle and an upward import planted in a made-up graph are found.
#[test]
fn the_checker_finds_a_planted_circle() {
    let mut edges = BTreeMap::new();
    edges.insert(
        "ground::state".to_string(),
        BTreeSet::from(["rules::cargo".to_string()]),
    );
    edges.insert(
        "rules::cargo".to_string(),
        BTreeSet::from(["ground::state".to_string()]),
    );
    edges.insert("api::view".to_string(), BTreeSet::new());
    let found = circles(&Graph {
        edges,
        ..Graph::default()
    });
    assert_eq!(
        found,
        vec![vec![
            "ground::state".to_string(),
            "rules::cargo".to_string()
        ]]
    );
    assert!(floor_of("rules::cargo") > floor_of("ground::state"));
    assert_eq!(
        expand("a::{b, c::{d, e}}"),
        vec!["a::b", "a::c::d", "a::c::e"]
    );
    assert_eq!(
        production_text("use crate::a;\n#[cfg(test)]\nmod tests {\n use crate::b;\n}\n"),
        "use crate::a;\n"
    );
}

/// Relative paths count: a circle between two files of one folder, written with `super::` and a folder's
/// `use child::`, is found like one written from the crate root.
#[test]
fn the_checker_reads_paths_relative_to_the_file() {
    assert_eq!(
        from_crate_root(
            "use super::types::Tracks;\nfn f(x: &super::super::state::Game) {}\n",
            "ground::pack::charts"
        ),
        "use crate::ground::pack::types::Tracks;\nfn f(x: &crate::ground::state::Game) {}\n"
    );
    assert_eq!(
        from_crate_root(
            "mod charts;\npub use charts::*;\nuse charts::Y;\nuse self::charts::X;\n",
            "ground::pack"
        ),
        "mod charts;\npub use crate::ground::pack::charts::*;\nuse crate::ground::pack::charts::Y;\nuse crate::ground::pack::charts::X;\n"
    );
    assert_eq!(
        from_crate_root(
            "pub(super) fn f() {}\nlet supers = 1;\n",
            "ground::pack::error"
        ),
        "pub(super) fn f() {}\nlet supers = 1;\n"
    );
    let graph = graph_of(&planted(&[
        ("ground::pack", "mod charts;\nmod types;\n"),
        (
            "ground::pack::types",
            "pub use super::charts::Charts;\npub struct Source;\n",
        ),
        (
            "ground::pack::charts",
            "use super::types::Source;\npub struct Charts;\n",
        ),
    ]));
    assert_eq!(
        circles(&graph),
        vec![vec![
            "ground::pack::charts".to_string(),
            "ground::pack::types".to_string()
        ]]
    );
}

/// A path through a folder's door lands on the file behind it: here the only circle runs
/// `state → rules_pack → charts → state`, two of its imports through `pack/mod.rs` (one by name, one by
/// a glob), and a module named by a `use` counts where the file uses it.
#[test]
fn the_checker_follows_a_folders_re_exports() {
    let graph = graph_of(&planted(&[
        ("", "pub mod ground;\npub use ground::pack::RulesPack;\n"),
        ("ground", "pub mod pack;\npub mod state;\npub mod words;\n"),
        (
            "ground::pack",
            "mod charts;\nmod rules_pack;\npub use charts::*;\npub use rules_pack::RulesPack;\n",
        ),
        (
            "ground::pack::rules_pack",
            "use crate::ground::pack::Charts;\npub struct RulesPack { charts: Charts }\n",
        ),
        (
            "ground::pack::charts",
            "use crate::ground;\npub struct Charts;\nfn f(s: ground::state::SpaceRef) {}\n",
        ),
        (
            "ground::state",
            "use crate::RulesPack;\npub struct SpaceRef;\nfn g() -> usize { crate::ground::words::count() }\n",
        ),
        ("ground::words", "pub fn count() -> usize { 0 }\n"),
    ]));
    assert!(graph.lost.is_empty(), "{:?}", graph.lost);
    assert!(
        !graph.edges.contains_key("ground::pack"),
        "a door is no file"
    );
    assert_eq!(
        circles(&graph),
        vec![vec![
            "ground::pack::charts".to_string(),
            "ground::pack::rules_pack".to_string(),
            "ground::state".to_string(),
        ]]
    );
    let lost = graph_of(&planted(&[
        ("", "mod a;\npub use a::*;\n"),
        ("a", "pub struct A;\n"),
        ("b", "use crate::B;\n"),
    ]));
    assert_eq!(lost.lost, vec!["b: crate::B (B)".to_string()]);
}

/// Another crate: its `lib.rs` holds the session and names every tool (assembly, no import), the
/// tools take the session from it and one tool's type through its re-export: the only circle is the two
/// tools that lend each other a type, whichever path they take it by.
#[test]
fn the_checker_reads_another_crate() {
    let graph = graph_of(&planted(&[
        (
            "",
            "mod sdr;\nmod search;\npub use sdr::Player;\npub struct Session { bag: sdr::Bag }\nfn f() { search::go() }\n",
        ),
        (
            "sdr",
            "use crate::search::Refusal;\nuse crate::Session;\npub enum Player { A }\npub struct Bag;\n",
        ),
        (
            "search",
            "use crate::{Player, Session};\npub struct Refusal;\npub fn go() {}\n",
        ),
    ]));
    assert_eq!(graph.edges[""], BTreeSet::new());
    assert_eq!(
        graph.edges["search"],
        BTreeSet::from(["".to_string(), "sdr".to_string()])
    );
    assert_eq!(
        circles(&graph),
        vec![vec!["sdr".to_string(), "search".to_string()]]
    );
    // A type kept at its old path by a `pub use` in an ordinary file: the crate's own path through it
    // still lands on that file.
    let kept = graph_of(&planted(&[
        ("", "mod player;\nmod sdr;\nmod tool;\n"),
        ("player", "pub enum Player { A }\n"),
        ("sdr", "pub use crate::player::Player;\npub struct Bag;\n"),
        ("tool", "use crate::sdr::Player;\n"),
    ]));
    assert_eq!(kept.edges["tool"], BTreeSet::from(["sdr".to_string()]));
    assert_eq!(kept.edges["sdr"], BTreeSet::from(["player".to_string()]));
}

/// The longest a production function may be: short enough to read at once (STYLE.md).
const FUNCTION_LINES_MAX: usize = 70;

/// The source with comments blanked out and string and character literals emptied, line breaks kept,
/// so that braces count as code only.
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let keep_breaks = |span: &[char], out: &mut String| {
        out.extend(span.iter().filter(|c| **c == '\n'));
    };
    while i < chars.len() {
        let rest = &chars[i..];
        let ident_before = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
        if rest.starts_with(&['/', '/']) {
            let end = rest.iter().position(|c| *c == '\n').unwrap_or(rest.len());
            i += end;
        } else if rest.starts_with(&['/', '*']) {
            let end = (2..rest.len())
                .find(|&k| rest[k - 1] == '*' && rest[k] == '/')
                .map_or(rest.len(), |k| k + 1);
            keep_breaks(&rest[..end], &mut out);
            i += end;
        } else if !ident_before && (rest.starts_with(&['r', '#']) || rest.starts_with(&['r', '"']))
        {
            let hashes = rest[1..].iter().take_while(|c| **c == '#').count();
            let open = 1 + hashes;
            if rest.get(open) != Some(&'"') {
                out.push(rest[0]);
                i += 1;
                continue;
            }
            let close: Vec<char> = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            let end = (open + 1..rest.len())
                .find(|&k| rest[k..].starts_with(&close))
                .map_or(rest.len(), |k| k + close.len());
            out.push_str("\"\"");
            keep_breaks(&rest[..end], &mut out);
            i += end;
        } else if rest[0] == '"' {
            let mut k = 1;
            while k < rest.len() && rest[k] != '"' {
                k += if rest[k] == '\\' { 2 } else { 1 };
            }
            out.push_str("\"\"");
            keep_breaks(&rest[..k.min(rest.len())], &mut out);
            i += k + 1;
        } else if rest[0] == '\'' {
            // A character literal ('{', '\n', '\u{7b}'); a lifetime ('a) is left as it is.
            let len = if rest.get(1) == Some(&'\\') {
                rest.iter().skip(2).position(|c| *c == '\'').map(|p| p + 3)
            } else {
                (rest.get(2) == Some(&'\'')).then_some(3)
            };
            match len {
                Some(len) => {
                    out.push_str("' '");
                    i += len;
                }
                None => {
                    out.push('\'');
                    i += 1;
                }
            }
        } else {
            out.push(rest[0]);
            i += 1;
        }
    }
    out
}

/// Each production function's name, first line and length in lines (from its `fn` line to its closing
/// brace); `#[cfg(test)]` items left out.
fn function_lengths(text: &str) -> Vec<(String, usize, usize)> {
    let code = code_only(text);
    let lines: Vec<&str> = code.lines().collect();
    let mut in_test_item = vec![false; lines.len()];
    for (at, line) in lines.iter().enumerate() {
        if line.trim_start().starts_with("#[cfg(test)]") {
            let (mut depth, mut opened) = (0i32, false);
            for (k, next) in lines.iter().enumerate().skip(at + 1) {
                in_test_item[k] = true;
                depth += next.matches('{').count() as i32 - next.matches('}').count() as i32;
                opened |= next.contains('{');
                if (opened && depth <= 0) || (!opened && next.trim_end().ends_with(';')) {
                    break;
                }
            }
        }
    }
    let mut found = Vec::new();
    for (at, line) in lines.iter().enumerate() {
        let Some(name) = fn_name(line).filter(|_| !in_test_item[at]) else {
            continue;
        };
        let (mut depth, mut opened) = (0i32, false);
        for (k, next) in lines.iter().enumerate().skip(at) {
            if !opened && next.trim_end().ends_with(';') && !next.contains('{') {
                break; // a declaration without a body (a trait's)
            }
            for c in next.chars() {
                match c {
                    '{' => (depth, opened) = (depth + 1, true),
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            if opened && depth <= 0 {
                found.push((name, at + 1, k - at + 1));
                break;
            }
        }
    }
    found
}

/// The function a line declares, if it opens with `fn` after its qualifiers.
fn fn_name(line: &str) -> Option<String> {
    let mut words = line.split_whitespace().peekable();
    while let Some(w) = words.peek() {
        let qualifier = w.starts_with("pub")
            || ["const", "async", "unsafe", "extern", "\"C\"", "default"].contains(w);
        if !qualifier {
            break;
        }
        words.next();
    }
    if words.next()? != "fn" {
        return None;
    }
    let name: String = words
        .next()?
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    (!name.is_empty()).then_some(name)
}

/// Every production function of every crate (the core and its CLIs, the shell, each crate under
/// `crates/`) is at most `FUNCTION_LINES_MAX` lines: helpers compute, the parent applies. Test modules and test files are left
/// out. `-- --nocapture` prints the longest.
#[test]
fn every_production_function_is_short_enough_to_read_at_once() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    rust_files(&root.join("src-tauri/src"), &mut files);
    for entry in fs::read_dir(root.join("crates")).expect("the crates folder") {
        rust_files(&entry.expect("a crate").path().join("src"), &mut files);
    }
    files.retain(|f| !is_test_file(f));
    let mut all = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).expect("readable");
        let shown = file
            .strip_prefix(root)
            .unwrap_or(file)
            .display()
            .to_string();
        for (name, line, length) in function_lengths(&text) {
            all.push((length, format!("{shown}:{line} {name}")));
        }
    }
    all.sort_by(|a, b| b.cmp(a));
    println!(
        "{} production functions, the longest {} lines ({})",
        all.len(),
        all[0].0,
        all[0].1
    );
    let long: Vec<String> = all
        .iter()
        .filter(|(length, _)| *length > FUNCTION_LINES_MAX)
        .map(|(length, at)| format!("{at}: {length} lines"))
        .collect();
    assert!(
        long.is_empty(),
        "functions over {FUNCTION_LINES_MAX} lines:\n{}",
        long.join("\n")
    );
}

/// The length checker itself: a planted function is measured whatever its strings, comments and braces
/// in literals say, a test module is left out, and a declaration without a body is no function.
#[test]
fn the_length_checker_measures_a_planted_function() {
    let text = "pub(crate) fn planted(x: u8) -> char {\n    // a } in a comment\n    let s = \"}}\";\n    let r = r#\"{\"#;\n    if x > 0 { '}' } else { '{' }\n}\n\ntrait T {\n    fn bare(&self);\n}\n\n#[cfg(test)]\nmod tests {\n    fn hidden() {}\n}\n";
    assert_eq!(function_lengths(text), vec![("planted".to_string(), 1, 6)]);
    let long_body = format!(
        "fn long() {{\n{}}}\n",
        "    step();\n".repeat(FUNCTION_LINES_MAX)
    );
    assert_eq!(
        function_lengths(&long_body),
        vec![("long".to_string(), 1, FUNCTION_LINES_MAX + 2)]
    );
}

/// The most lines of production code (comments, blank lines and `#[cfg(test)]` items left out) a file of
/// the shell (`src-tauri/src`) may hold: the shell wires the window, the plugins and the commands; what
/// the app does lives in `crates/app-core`, tested without a webview.
const SHELL_FILE_LINES_MAX: usize = 300;

/// The most lines an IPC command's function may take, `fn` line to closing brace: it forwards.
const COMMAND_LINES_MAX: usize = 8;

/// A file's lines of production code: comments, blank lines and test items left out.
fn production_lines(text: &str) -> usize {
    production_text(text)
        .lines()
        .filter(|line| !line.trim().is_empty())
        .count()
}

/// Each `#[tauri::command]` function's name and length in lines.
fn command_lengths(text: &str) -> Vec<(String, usize)> {
    let lengths = function_lengths(text);
    let lines: Vec<&str> = text.lines().collect();
    lengths
        .into_iter()
        .filter(|(_, line, _)| {
            lines[..line - 1]
                .iter()
                .rev()
                .map(|l| l.trim())
                .take_while(|l| l.starts_with("#[") || l.starts_with("///"))
                .any(|l| l.starts_with("#[tauri::command"))
        })
        .map(|(name, _, length)| (name, length))
        .collect()
}

/// The shell stays a shell: no file over the bound, no command more than a forward.
#[test]
fn the_shell_only_wires_no_file_over_the_bound_and_each_command_forwards() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src-tauri/src"), &mut files);
    let mut over = Vec::new();
    let mut commands = 0;
    for file in &files {
        let text = fs::read_to_string(file).expect("readable");
        let shown = file
            .strip_prefix(root)
            .unwrap_or(file)
            .display()
            .to_string();
        let lines = production_lines(&text);
        if lines > SHELL_FILE_LINES_MAX {
            over.push(format!("{shown}: {lines} lines of production code"));
        }
        for (name, length) in command_lengths(&text) {
            commands += 1;
            if length > COMMAND_LINES_MAX {
                over.push(format!("{shown}: command {name} takes {length} lines"));
            }
        }
    }
    assert!(commands >= 21, "the shell's commands: {commands}");
    assert!(
        over.is_empty(),
        "the shell does more than wire (at most {SHELL_FILE_LINES_MAX} lines a file, {COMMAND_LINES_MAX} a command):\n{}",
        over.join("\n")
    );
}

/// The bound's checks themselves: a planted long file and a planted long command are measured.
#[test]
fn the_shell_checks_measure_a_planted_long_file_and_command() {
    let long_file = format!(
        "// a comment\n\n{}#[cfg(test)]\nmod tests {{\n    fn t() {{}}\n}}\n",
        "const A: u8 = 1;\n".repeat(SHELL_FILE_LINES_MAX + 1)
    );
    assert_eq!(production_lines(&long_file), SHELL_FILE_LINES_MAX + 1);
    let commands = format!(
        "/// Forwards.\n#[tauri::command]\npub fn short(x: u8) -> u8 {{\n    x\n}}\n\nfn helper() {{}}\n\n#[tauri::command(async)]\npub fn long() {{\n{}}}\n",
        "    step();\n".repeat(COMMAND_LINES_MAX)
    );
    assert_eq!(
        command_lengths(&commands),
        vec![
            ("short".to_string(), 3),
            ("long".to_string(), COMMAND_LINES_MAX + 2)
        ]
    );
}
