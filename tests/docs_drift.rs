//! Documentation that other tools and newcomers rely on must not drift from the code: every action the
//! protocol accepts is documented in docs/PROTOCOL.md, and ARCHITECTURE.md's code map stays true.
//!
//! The code map is short paragraphs, each ending with a "Files:" list of backticked repository paths. Every
//! source file of the core, the crates, the shell, the scripts, the benches, the fuzz crate and the end-to-end
//! tests must be in one such list, by its full path (a path with `*` may name a folder's files for the reader,
//! but never counts as naming a source file); every path the page names, in a list or in its prose, must
//! exist (a `*` path must match a file); no file is listed twice; and no line is over 200 characters, so the
//! page reads as a page. A planted-fault control runs each check on a spoiled copy of the page.

use std::collections::BTreeMap;
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

/// The source files the code map must name, as repository paths (`src/api/view.rs`), sorted.
fn source_files() -> Vec<String> {
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
    let mut paths: Vec<String> = files
        .iter()
        .map(|f| {
            let rel = f.strip_prefix(repo()).unwrap();
            let parts: Vec<String> = rel
                .iter()
                .map(|p| p.to_string_lossy().into_owned())
                .collect();
            parts.join("/")
        })
        .collect();
    paths.sort();
    paths
}

/// The page without its fenced blocks (the diagrams), which name no file.
fn prose(doc: &str) -> String {
    let mut fenced = false;
    let mut out = String::new();
    for line in doc.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// The backticked spans of a text, a line break inside one read as a space.
fn code_spans(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .map(|span| span.replace('\n', " "))
        .collect()
}

/// The folders a repository path in the code map starts with.
const TOP_FOLDERS: [&str; 13] = [
    "src/",
    "src-tauri/",
    "crates/",
    "ui/",
    "e2e/",
    "scripts/",
    "benches/",
    "fuzz/",
    "docs/",
    "tests/",
    "data/",
    "icons/",
    ".github/",
];

/// A span that names a path in the repository: one word under a top folder, not a pattern of the
/// reader's (`fuzz/corpus/<target>/`, a route's `{code}`).
fn is_repo_path(span: &str) -> bool {
    !span.contains(char::is_whitespace)
        && !span.contains(['<', '{'])
        && TOP_FOLDERS.iter().any(|top| span.starts_with(top))
}

/// Each paragraph's "Files:" list, in the page's order.
fn files_lists(doc: &str) -> Vec<Vec<String>> {
    prose(doc)
        .split("\n\n")
        .map(str::trim)
        .filter(|paragraph| paragraph.starts_with("Files:"))
        .map(code_spans)
        .collect()
}

/// Whether a named path is in the repository: a file or a folder, or for a path with `*` in its last
/// part, at least one file of that folder matching it.
fn exists(path: &str) -> bool {
    if !path.contains('*') {
        return repo().join(path).exists();
    }
    let (dir, pattern) = path.rsplit_once('/').unwrap_or(("", path));
    if dir.contains('*') {
        return false;
    }
    let Ok(entries) = std::fs::read_dir(repo().join(dir)) else {
        return false;
    };
    entries.filter_map(Result::ok).any(|entry| {
        entry.path().is_file() && matches_pattern(pattern, &entry.file_name().to_string_lossy())
    })
}

/// `*` matches any run of characters (none included); everything else itself.
fn matches_pattern(pattern: &str, name: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == name,
        Some((head, tail)) => {
            name.starts_with(head)
                && (0..=name.len() - head.len()).any(|skip| {
                    name.is_char_boundary(head.len() + skip)
                        && matches_pattern(tail, &name[head.len() + skip..])
                })
        }
    }
}

/// The source files no "Files:" list names by their full path.
fn unlisted(doc: &str, files: &[String]) -> Vec<String> {
    let listed: Vec<String> = files_lists(doc).into_iter().flatten().collect();
    files
        .iter()
        .filter(|f| !listed.contains(f))
        .cloned()
        .collect()
}

/// The paths the page names that are not in the repository, and the entries of a "Files:" list that are
/// not repository paths at all.
fn not_found(doc: &str) -> Vec<String> {
    let mut wrong: Vec<String> = code_spans(&prose(doc))
        .into_iter()
        .filter(|span| is_repo_path(span) && !exists(span))
        .collect();
    wrong.extend(
        files_lists(doc)
            .into_iter()
            .flatten()
            .filter(|entry| !is_repo_path(entry))
            .map(|entry| format!("{entry} (in a Files: list, not a repository path)")),
    );
    wrong.sort();
    wrong.dedup();
    wrong
}

/// The entries that more than one "Files:" list names, or one list twice.
fn listed_twice(doc: &str) -> Vec<String> {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for entry in files_lists(doc).into_iter().flatten() {
        *counts.entry(entry).or_default() += 1;
    }
    counts
        .into_iter()
        .filter(|(_, n)| *n > 1)
        .map(|(entry, _)| entry)
        .collect()
}

/// The lines over 200 characters, as (line number, length).
fn long_lines(doc: &str) -> Vec<(usize, usize)> {
    doc.lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.chars().count()))
        .filter(|(_, length)| *length > 200)
        .collect()
}

/// The page with `path` taken out of every "Files:" list (its mentions in the prose kept).
fn without_listing(doc: &str, path: &str) -> String {
    doc.split("\n\n")
        .map(|paragraph| {
            if paragraph.trim_start().starts_with("Files:") {
                paragraph.replace(&format!("`{path}`"), "")
            } else {
                paragraph.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n\n")
}

#[test]
fn every_source_file_is_in_a_files_list() {
    let doc = read("ARCHITECTURE.md");
    let files = source_files();
    assert!(
        files.len() > 60,
        "the source files were found ({})",
        files.len()
    );
    let missing = unlisted(&doc, &files);
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md's code map lists these in no paragraph's \"Files:\" (add each, by its full path, \
         to the paragraph of its area): {missing:?}"
    );
}

#[test]
fn every_path_the_code_map_names_exists_and_is_listed_once() {
    let doc = read("ARCHITECTURE.md");
    let lists = files_lists(&doc);
    assert!(
        lists.len() > 20 && lists.iter().all(|list| !list.is_empty()),
        "the \"Files:\" lists were read ({} lists, {} entries)",
        lists.len(),
        lists.iter().map(Vec::len).sum::<usize>()
    );
    let wrong = not_found(&doc);
    assert!(
        wrong.is_empty(),
        "ARCHITECTURE.md names paths that are not in the repository: {wrong:?}"
    );
    let twice = listed_twice(&doc);
    assert!(
        twice.is_empty(),
        "ARCHITECTURE.md lists these in more than one place: {twice:?}"
    );
}

#[test]
fn no_line_of_the_code_map_is_over_200_characters() {
    let doc = read("ARCHITECTURE.md");
    let long = long_lines(&doc);
    assert!(
        long.is_empty(),
        "ARCHITECTURE.md has lines over 200 characters (line, length): {long:?}"
    );
}

/// What a check finds on the spoiled page beyond what it finds on the page as it is, so the control
/// speaks only of the faults it planted.
fn added<T: PartialEq>(spoiled: Vec<T>, page: Vec<T>) -> Vec<T> {
    spoiled.into_iter().filter(|x| !page.contains(x)).collect()
}

/// The checks above fail on a page spoiled on purpose: a file taken out of its list (though still named in
/// the prose, or by a `*` path), a path that does not exist, a file listed twice, a long line.
#[test]
fn the_code_map_checks_catch_planted_faults() {
    let doc = read("ARCHITECTURE.md");
    let files = source_files();
    // Named outside the lists too: the prose never counts as listing a file.
    let outside: String = prose(&doc)
        .split("\n\n")
        .filter(|p| !p.trim_start().starts_with("Files:"))
        .collect();
    let victim = files
        .iter()
        .find(|f| outside.contains(&format!("`{f}`")))
        .expect("a source file named in the prose as well as in its list");
    let spoiled = without_listing(&doc, victim);
    let unlisted_now = unlisted(&doc, &files);
    assert_eq!(
        added(unlisted(&spoiled, &files), unlisted_now.clone()),
        vec![victim.clone()]
    );
    let (folder, name) = victim.rsplit_once('/').unwrap();
    let ext = name.rsplit_once('.').unwrap().1;
    let glob = format!("{folder}/*.{ext}");
    assert!(exists(&glob), "{glob} matches its folder's files");
    let spoiled_with_glob = format!("{spoiled}\n\nFiles: `{glob}`\n");
    assert_eq!(
        added(unlisted(&spoiled_with_glob, &files), unlisted_now),
        vec![victim.clone()],
        "a `*` path never counts as naming a source file"
    );

    let planted = format!(
        "{doc}\n\n**Planted.** See `docs/NO_SUCH_PAGE.md`.\n\n\
         Files: `src/rules/no_such_rule.rs`, `ui/src/nowhere/*.ts`, `NoSuchType`, `{victim}`\n\n{}\n",
        "x".repeat(201)
    );
    assert_eq!(
        added(not_found(&planted), not_found(&doc)),
        vec![
            "NoSuchType (in a Files: list, not a repository path)".to_string(),
            "docs/NO_SUCH_PAGE.md".to_string(),
            "src/rules/no_such_rule.rs".to_string(),
            "ui/src/nowhere/*.ts".to_string(),
        ]
    );
    assert_eq!(
        added(listed_twice(&planted), listed_twice(&doc)),
        vec![victim.clone()]
    );
    let lines = planted.lines().count();
    assert_eq!(
        added(long_lines(&planted), long_lines(&doc)),
        vec![(lines, 201)]
    );
}
