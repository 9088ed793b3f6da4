//! The `tools_line` fuzz corpus and its kept crashes replayed by the ordinary test suite,
//! through the same function the libFuzzer target calls (`fuzz/src/tools.rs`, included by path): no panic,
//! a refused line changes nothing, a changed session saves and opens again (docs/FUZZING.md).

#[path = "../../../fuzz/src/tools.rs"]
mod tools;

use std::path::{Path, PathBuf};

#[test]
fn issue_18_the_tools_fuzz_corpus_and_kept_crashes_replay_cleanly() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
    let mut n = 0;
    for dir in ["corpus", "regressions"] {
        let Ok(entries) = std::fs::read_dir(fuzz.join(dir).join("tools_line")) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = entries
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_file())
            .collect();
        paths.sort();
        for path in paths {
            let bytes = std::fs::read(&path).unwrap();
            let outcome = std::panic::catch_unwind(|| tools::tools_lines(&bytes));
            assert!(
                outcome.is_ok(),
                "fuzz input {} fails the tools_line checks",
                path.display()
            );
            n += 1;
        }
    }
    assert!(
        n >= 3,
        "fuzz/corpus/tools_line/ holds its seeds ({n} found)"
    );
}
