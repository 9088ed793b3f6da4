//! The core's floors (ARCHITECTURE.md): ground → engine → rules → sequence → api. Reads every
//! production source file's paths into the crate — `crate::`, `super::`, `self::` and a folder's own
//! `use child::` — (test modules and test files left out), and fails on an import that runs up a floor,
//! on any import circle between files (the files of one folder included), and on a CLI or the shell
//! reaching past the API floor. `cargo test --test suite floors:: -- --nocapture` prints the figures.

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

/// A file's module path from `src/` (`src/rules/combat/salvo.rs` → `rules::combat::salvo`).
fn module_of(src: &Path, file: &Path) -> String {
    let rel = file
        .strip_prefix(src)
        .expect("under src")
        .with_extension("");
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
/// declares `mod child;`, a private `use child::…` path.
fn from_crate_root(text: &str, me: &str) -> String {
    let parent = |m: &str| {
        m.rsplit_once("::")
            .map_or(String::new(), |(p, _)| p.to_string())
    };
    let rooted = |m: &str| {
        if m.is_empty() {
            "crate::".to_string()
        } else {
            format!("crate::{m}::")
        }
    };
    let children: Vec<&str> = text
        .lines()
        .filter_map(|l| {
            let l = l.trim_start().trim_start_matches("pub ");
            l.strip_prefix("mod ")?.strip_suffix(';')
        })
        .collect();
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
            if word == "self" {
                out.push_str(&rooted(me));
                rest = &after[2..];
                continue;
            }
            // A folder's `pub use child::…` is its door, not an import: the files behind it import one
            // another by their own paths, which are counted.
            let private_use = out.ends_with("use ") && !out.ends_with("pub use ");
            if children.contains(&word) && private_use {
                out.push_str(&rooted(me));
                out.push_str(word);
                rest = after;
                continue;
            }
        }
        out.push_str(word);
        rest = after;
    }
    out.push_str(rest);
    out
}

/// Every path the text names below `root` (`crate` or `goeben_referee`), use trees expanded.
fn paths_from(text: &str, root: &str) -> Vec<String> {
    let mut out = Vec::new();
    let needle = format!("{root}::");
    let mut rest = text;
    while let Some(at) = rest.find(&needle) {
        let before_ok = at == 0 || !rest[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_');
        let after = &rest[at + needle.len()..];
        if before_ok {
            if after.starts_with('{') {
                let end = after.find(';').unwrap_or(after.len());
                out.extend(expand(&after[..end]));
            } else {
                let end = after
                    .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                    .unwrap_or(after.len());
                out.push(after[..end].trim_end_matches(':').to_string());
            }
        }
        rest = after;
    }
    out
}

/// The module file a path lands in: its longest prefix that is a module of the crate.
fn resolve(path: &str, modules: &BTreeSet<String>) -> Option<String> {
    let segments: Vec<&str> = path
        .split("::")
        .map(|s| s.split_whitespace().next().unwrap_or(""))
        .collect();
    (1..=segments.len())
        .rev()
        .map(|n| segments[..n].join("::"))
        .find(|m| modules.contains(m))
}

struct Graph {
    /// File module → the modules it imports (production code only).
    edges: BTreeMap<String, BTreeSet<String>>,
}

fn core_graph() -> Graph {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    // The crate root only declares the floors and re-exports the API's front door; the CLIs are checked apart.
    files.retain(|f| {
        !f.starts_with(src.join("bin")) && !is_test_file(f) && *f != src.join("lib.rs")
    });
    let modules: BTreeSet<String> = files.iter().map(|f| module_of(&src, f)).collect();
    let mut edges = BTreeMap::new();
    for file in &files {
        let me = module_of(&src, file);
        let text = production_text(&fs::read_to_string(file).expect("readable"));
        let text = from_crate_root(&text, &me);
        let mut targets = BTreeSet::new();
        for path in paths_from(&text, "crate") {
            if let Some(target) = resolve(&path, &modules) {
                // A folder's mod.rs only declares its files: importing through it names the file.
                if target != me {
                    targets.insert(target);
                }
            }
        }
        edges.insert(me, targets);
    }
    Graph { edges }
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
    let found = circles(&core_graph());
    let shown: Vec<String> = found.iter().map(|c| c.join(" ↔ ")).collect();
    assert!(found.is_empty(), "import circles:\n{}", shown.join("\n"));
}

/// The CLIs and the shell see the core through its API floor (and the root's re-exports of it).
#[test]
fn clis_and_shell_use_only_the_api_floor() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src/bin"), &mut files);
    rust_files(&root.join("src-tauri/src"), &mut files);
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
    let found = circles(&Graph { edges });
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
        "mod charts;\npub use charts::*;\nuse crate::ground::pack::charts::Y;\nuse crate::ground::pack::charts::X;\n"
    );
    assert_eq!(
        from_crate_root(
            "pub(super) fn f() {}\nlet supers = 1;\n",
            "ground::pack::error"
        ),
        "pub(super) fn f() {}\nlet supers = 1;\n"
    );
    let files = [
        ("ground::pack::types", "pub use super::charts::Charts;\n"),
        ("ground::pack::charts", "use super::types::Source;\n"),
    ];
    let modules: BTreeSet<String> = files.iter().map(|(m, _)| m.to_string()).collect();
    let mut edges = BTreeMap::new();
    for (me, text) in files {
        let targets = paths_from(&from_crate_root(text, me), "crate")
            .iter()
            .filter_map(|p| resolve(p, &modules))
            .filter(|t| t != me)
            .collect();
        edges.insert(me.to_string(), targets);
    }
    assert_eq!(
        circles(&Graph { edges }),
        vec![vec![
            "ground::pack::charts".to_string(),
            "ground::pack::types".to_string()
        ]]
    );
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
