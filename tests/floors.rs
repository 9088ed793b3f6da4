//! The core's floors (issue #15, ARCHITECTURE.md): ground → engine → rules → sequence → api. Reads every
//! production source file's `crate::` paths (test modules and test files left out), and fails on an
//! import that runs up a floor, on any import circle between files, and on a CLI or the shell reaching
//! past the API floor. `cargo test --test floors -- --nocapture` prints the figures.

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
