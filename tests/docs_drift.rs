//! Documentation that other tools and newcomers rely on must not drift from the code: every action the
//! protocol accepts is documented in docs/PROTOCOL.md, and every source file of the core, the shell, the
//! scripts, the benches and the end-to-end tests is named in ARCHITECTURE.md's code map.

use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &str) -> String {
    std::fs::read_to_string(repo().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Every request name — moves and session requests — as the generated TypeScript types spell them
/// (`"action": "…"`).
fn action_names() -> Vec<String> {
    let ts = read("ui/src/generated/Action.ts") + &read("ui/src/generated/SessionRequest.ts");
    let mut names: Vec<String> = ts
        .split("\"action\": \"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .map(str::to_string)
        .collect();
    names.sort();
    names.dedup();
    names
}

#[test]
fn every_action_is_documented_in_the_protocol() {
    let protocol = read("docs/PROTOCOL.md");
    let names = action_names();
    assert!(
        names.len() > 40,
        "the action names were read ({})",
        names.len()
    );
    let missing: Vec<&String> = names
        .iter()
        .filter(|n| !protocol.contains(&format!("`{n}`")))
        .collect();
    assert!(
        missing.is_empty(),
        "docs/PROTOCOL.md does not document: {missing:?}"
    );
}

fn files_under(dir: &Path, exts: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        let path = entry.path();
        if path.is_dir() {
            files_under(&path, exts, out);
        } else if path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| exts.contains(&e))
        {
            out.push(path);
        }
    }
}

#[test]
fn every_source_file_is_in_the_code_map() {
    let map = read("ARCHITECTURE.md");
    let mut files = Vec::new();
    for (dir, exts) in [
        ("src", &["rs"][..]),
        ("src-tauri/src", &["rs"]),
        ("benches", &["rs"]),
        ("crates", &["rs"]),
        ("fuzz/src", &["rs"]),
        ("fuzz/fuzz_targets", &["rs"]),
        ("e2e", &["mjs"]),
        ("scripts", &["sh", "py", "mjs"]),
    ] {
        files_under(&repo().join(dir), exts, &mut files);
    }
    assert!(
        files.len() > 60,
        "the source files were found ({})",
        files.len()
    );
    let missing: Vec<String> = files
        .iter()
        .filter(|f| !map.contains(f.file_name().unwrap().to_str().unwrap()))
        .map(|f| f.strip_prefix(repo()).unwrap().display().to_string())
        .collect();
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md's code map does not name: {missing:?}"
    );
}
