//! The UI's TypeScript types are generated from the Rust types (DESIGN.md principle 8), never written by
//! hand. This test regenerates them into a scratch folder and fails when `ui/src/generated/` differs.
//! To refresh them after changing a type: `UPDATE_TS_BINDINGS=1 cargo test --test typescript_bindings`.
//! The table tools' protocol (docs/TOOLS.md) has its own folder, `ui/src/generated/tools/`, checked the
//! same way by the tools crate's own `crates/table-tools/tests/typescript_bindings.rs`.

use std::path::Path;

use goeben_referee::api::response::Response;
use goeben_referee::api::session::LogEntry;
use goeben_referee::ground::action::Action;
use goeben_referee::ground::pack::RulesPack;
use ts_rs::TS;

fn generate(dir: &Path) {
    Action::export_all_to(dir).expect("export Action");
    Response::export_all_to(dir).expect("export Response");
    LogEntry::export_all_to(dir).expect("export LogEntry");
    RulesPack::export_all_to(dir).expect("export RulesPack");
    goeben_referee::api::finished::FinishedAnswer::export_all_to(dir)
        .expect("export FinishedAnswer");
    std::fs::write(dir.join("phaseNames.ts"), phase_names()).expect("write phaseNames.ts");
}

/// The phases' names as the core words them (`phase_name`), for lists that show a phase the view does
/// not name (the log, the save slots): generated, so the UI never words a phase itself.
fn phase_names() -> String {
    use goeben_referee::ground::state::Phase;
    let entries: Vec<String> = Phase::ALL
        .iter()
        .map(|p| {
            format!(
                "  {}: {},",
                serde_json::to_value(p).unwrap().as_str().unwrap(),
                serde_json::to_string(goeben_referee::ground::event::phase_name(*p)).unwrap()
            )
        })
        .collect();
    format!("// Generated from the core's phase names (ground::event::phase_name) by tests/typescript_bindings.rs: do not edit.\nimport type {{ Phase }} from './Phase';\n\nexport const PHASE_NAMES: Record<Phase, string> = {{\n{}\n}};\n", entries.join("\n"))
}

/// Regenerates into a scratch folder and compares with the committed folder `committed` (relative to the
/// crate), or rewrites it when `UPDATE_TS_BINDINGS` is set. `expected` are files the export must produce.
fn check_bindings(committed: &str, generate: fn(&Path), expected: &[&str]) {
    let fresh = bindings_check::generate_into_scratch(&committed.replace('/', "-"), generate);
    assert!(
        expected.iter().all(|name| fresh.contains_key(*name)),
        "export produced {:?}",
        fresh.keys()
    );
    let committed_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(committed);
    bindings_check::check_or_update(
        &committed_dir,
        &fresh,
        "UPDATE_TS_BINDINGS=1 cargo test --test typescript_bindings",
    );
}

#[test]
fn generated_typescript_types_are_up_to_date() {
    check_bindings(
        "ui/src/generated",
        generate,
        &["Action.ts", "PlayerView.ts"],
    );
}
