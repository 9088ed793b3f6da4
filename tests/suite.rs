//! The core's tests, one binary: each file below is a module, so the core and its dependencies are linked
//! once rather than once per file (the test command's time went mostly to linking thirty test binaries).
//! `cargo test --test suite <module>::` runs one file's tests.

mod chart_edit;
mod codes;
mod contact_odds;
mod cup_only;
mod docs_drift;
mod event_grammar;
mod floors;
mod fuzz_corpus;
mod headlines;
mod leak_support;
mod no_leak;
mod no_take_backs;
mod player_dice;
mod prose_support;
mod protocol_cli;
mod review;
mod rules_as_written;
mod rules_campaign;
mod rules_combat;
mod rules_examples;
mod rules_incidents;
mod rules_movement;
mod rules_options;
mod rules_outfitting;
mod rules_salvos;
mod rules_support;
mod saves;
mod scan_contexts;
mod scenarios_cli;
mod soak;
mod table_tasks;
mod typescript_bindings;
mod ui_fixtures;
mod undo_and_rejection;
mod whole_games;
mod words;

/// The modules of `tests/` that a crate's `suite.rs` does not declare: with `autotests = false`, a test file
/// left out would never be compiled nor run, silently.
fn undeclared(tests_dir: &std::path::Path) -> Vec<String> {
    let suite =
        std::fs::read_to_string(tests_dir.join("suite.rs")).expect("the crate's tests/suite.rs");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(tests_dir).expect("the crate's tests/ folder") {
        let path = entry.expect("an entry").path();
        let module = match path.file_stem().map(|s| s.to_string_lossy().into_owned()) {
            Some(stem) if path.is_dir() && path.join("mod.rs").exists() => stem,
            Some(stem) if path.extension().is_some_and(|e| e == "rs") && stem != "suite" => stem,
            _ => continue,
        };
        if !suite
            .lines()
            .any(|line| line.trim() == format!("mod {module};"))
        {
            missing.push(path.display().to_string());
        }
    }
    missing.sort();
    missing
}

#[test]
fn every_test_file_of_each_crate_runs_in_its_suite() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for krate in [
        ".",
        "crates/store",
        "crates/table-host",
        "crates/table-tools",
    ] {
        let missing = undeclared(&root.join(krate).join("tests"));
        assert!(
            missing.is_empty(),
            "test files no suite.rs declares (add `mod <file>;`): {missing:?}"
        );
    }
    // The control: a test folder with a file its suite.rs forgot is caught, and only that file.
    let planted = std::env::temp_dir().join(format!("goeben-suite-check-{}", std::process::id()));
    std::fs::create_dir_all(planted.join("helpers")).expect("a scratch folder");
    std::fs::write(planted.join("helpers/mod.rs"), "").expect("written");
    std::fs::write(planted.join("kept.rs"), "").expect("written");
    std::fs::write(planted.join("forgotten.rs"), "").expect("written");
    std::fs::write(planted.join("suite.rs"), "mod helpers;\nmod kept;\n").expect("written");
    let found = undeclared(&planted);
    std::fs::remove_dir_all(&planted).expect("removed");
    assert_eq!(
        found,
        vec![planted.join("forgotten.rs").display().to_string()]
    );
}
