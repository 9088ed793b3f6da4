//! The drift check of the files the UI is generated with (TypeScript bindings, generated lists), shared by
//! the tests of the core (`tests/typescript_bindings.rs`), the table tools
//! (`crates/table-tools/tests/typescript_bindings.rs`) and the shell (`src-tauri/src/ipc_bindings.rs`):
//! a test makes the files afresh and either fails when the committed folder differs, or, with
//! `UPDATE_TS_BINDINGS` set, rewrites the folder's `.ts` files. Used only by tests (a dev-dependency).

use std::collections::BTreeMap;
use std::path::Path;

/// The `.ts` files directly in `dir` (not in its sub-folders), by name; empty when it does not exist.
pub fn read_ts_dir(dir: &Path) -> BTreeMap<String, String> {
    let mut files = BTreeMap::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.ends_with(".ts") {
                files.insert(
                    name,
                    std::fs::read_to_string(entry.path()).expect("readable"),
                );
            }
        }
    }
    files
}

/// Compares `fresh` (file name → text) with the `.ts` files of `committed_dir` and panics naming the
/// stale ones and `update` (the command that refreshes them); with `UPDATE_TS_BINDINGS` set it replaces
/// the folder's `.ts` files by `fresh` instead (sub-folders are left alone: they have checks of their own).
pub fn check_or_update(committed_dir: &Path, fresh: &BTreeMap<String, String>, update: &str) {
    if std::env::var_os("UPDATE_TS_BINDINGS").is_some() {
        rewrite(committed_dir, fresh);
    } else if let Err(stale) = compare(committed_dir, fresh) {
        panic!(
            "{} is stale ({stale}). Run `{update}` and commit the result.",
            committed_dir.display()
        );
    }
}

/// `Err` says which files changed, are missing, or are no longer generated.
fn compare(committed_dir: &Path, fresh: &BTreeMap<String, String>) -> Result<(), String> {
    let existing = read_ts_dir(committed_dir);
    let stale: Vec<&String> = fresh
        .keys()
        .filter(|k| existing.get(*k) != fresh.get(*k))
        .collect();
    let extra: Vec<&String> = existing
        .keys()
        .filter(|k| !fresh.contains_key(*k))
        .collect();
    if stale.is_empty() && extra.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "changed or missing: {stale:?}; no longer generated: {extra:?}"
        ))
    }
}

fn rewrite(committed_dir: &Path, fresh: &BTreeMap<String, String>) {
    for name in read_ts_dir(committed_dir).keys() {
        std::fs::remove_file(committed_dir.join(name)).expect("remove stale binding");
    }
    std::fs::create_dir_all(committed_dir).expect("create the bindings folder");
    for (name, text) in fresh {
        std::fs::write(committed_dir.join(name), text).expect("write binding");
    }
}

/// Runs `generate` into a scratch folder and returns the `.ts` files it wrote (ts-rs exports to a folder).
pub fn generate_into_scratch(tag: &str, generate: impl FnOnce(&Path)) -> BTreeMap<String, String> {
    let scratch = std::env::temp_dir().join(format!("goeben-ts-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    generate(&scratch);
    let fresh = read_ts_dir(&scratch);
    let _ = std::fs::remove_dir_all(&scratch);
    fresh
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(tag: &str, files: &[(&str, &str)]) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("goeben-bindings-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        for (name, text) in files {
            std::fs::write(dir.join(name), text).unwrap();
        }
        dir
    }

    fn fresh(files: &[(&str, &str)]) -> BTreeMap<String, String> {
        files
            .iter()
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect()
    }

    #[test]
    fn a_changed_missing_or_extra_file_is_stale_and_the_same_files_are_not() {
        let dir = folder(
            "cmp",
            &[("A.ts", "same"), ("sub/B.ts", "a sub-folder is not read")],
        );
        assert_eq!(compare(&dir, &fresh(&[("A.ts", "same")])), Ok(()));
        assert!(compare(&dir, &fresh(&[("A.ts", "new")]))
            .unwrap_err()
            .contains("A.ts"));
        assert!(compare(&dir, &fresh(&[("A.ts", "same"), ("C.ts", "x")]))
            .unwrap_err()
            .contains("C.ts"));
        assert!(compare(&dir, &fresh(&[]))
            .unwrap_err()
            .contains("no longer generated: [\"A.ts\"]"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_rewrite_replaces_the_folders_files_and_leaves_its_sub_folders() {
        let dir = folder("rw", &[("Old.ts", "x"), ("sub/B.ts", "kept")]);
        rewrite(&dir, &fresh(&[("New.ts", "y")]));
        assert_eq!(read_ts_dir(&dir), fresh(&[("New.ts", "y")]));
        assert!(dir.join("sub/B.ts").exists());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
