//! The UI's TypeScript types are generated from the Rust types (DESIGN.md principle 8), never written by
//! hand. This test regenerates them into a scratch folder and fails when `ui/src/generated/` differs.
//! To refresh them after changing a type: `UPDATE_TS_BINDINGS=1 cargo test --test suite typescript_bindings::`.
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
    goeben_referee::api::career::CareerAnswer::export_all_to(dir).expect("export CareerAnswer");
    std::fs::write(dir.join("phaseNames.ts"), phase_names()).expect("write phaseNames.ts");
    std::fs::write(dir.join("names.ts"), names()).expect("write names.ts");
}

/// One `Record<Type, string>` of a closed set's names, keyed by each value's serde name.
fn record<T: serde::Serialize + Copy>(
    name: &str,
    ty: &str,
    values: &[T],
    word: fn(T) -> &'static str,
) -> String {
    let entries: Vec<String> = values
        .iter()
        .map(|v| {
            format!(
                "  {}: {},",
                serde_json::to_value(v).unwrap().as_str().unwrap(),
                serde_json::to_string(word(*v)).unwrap()
            )
        })
        .collect();
    format!(
        "export const {name}: Record<{ty}, string> = {{\n{}\n}};\n",
        entries.join("\n")
    )
}

/// Each value's serde name, quoted.
fn keys<T: serde::Serialize>(values: &[T]) -> Vec<String> {
    values
        .iter()
        .map(|v| serde_json::to_string(v).unwrap())
        .collect()
}

/// A closed set the core names but does not export as a type: a union of its serde names.
fn closed_set<T: serde::Serialize>(doc: &str, ty: &str, values: &[T]) -> String {
    format!(
        "/** {doc} */\nexport type {ty} = {};\n",
        keys(values).join(" | ")
    )
}

/// The core's names of the closed sets a control shows before anything happened, and the longest texts
/// a request may carry (`api::names`): generated, so the UI never copies a rule word or a limit.
fn names() -> String {
    use goeben_referee::api::names as n;
    let mut out = String::from("// Generated from the core's names and limits (api::names) by tests/typescript_bindings.rs: do not edit.\nimport type { Fleet } from './Fleet';\nimport type { Phase } from './Phase';\nimport type { Roles } from './Roles';\nimport type { SeaZone } from './SeaZone';\nimport type { Speed } from './Speed';\nimport type { Track } from './Track';\nimport type { Weapon } from './Weapon';\n\n");
    out += &record("ZONE_NAMES", "SeaZone", n::sea_zones(), n::zone_name);
    out += &record("SPEED_CHOICES", "Speed", &n::SPEEDS, n::speed_choice);
    out += &record("WEAPON_NAMES", "Weapon", &n::WEAPONS, n::weapon_name);
    out += &record("TRACK_NAMES", "Track", n::tracks(), n::track_name);
    out += &closed_set(
        "A yes/no choice of a new game, by its `GameOptions` field (the mode, the optional rules by number, the house rules).",
        "Toggle",
        &n::TOGGLES,
    );
    out += &format!(
        "export const TOGGLES: readonly Toggle[] = [{}];\n",
        keys(&n::TOGGLES).join(", ")
    );
    out += &record("TOGGLE_CHOICES", "Toggle", &n::TOGGLES, n::toggle_choice);
    out += &record("TOGGLE_IN_PLAY", "Toggle", &n::TOGGLES, n::toggle_in_play);
    out += &record("TOGGLE_READINGS", "Toggle", &n::TOGGLES, n::toggle_reading);
    out += &record("FLEET_CHOICES", "Fleet", &n::FLEETS, n::fleet_choice);
    out += &record("FLEET_IN_PLAY", "Fleet", &n::FLEETS, n::fleet_in_play);
    out += &record("ROLES_CHOICES", "Roles", &n::ROLES, n::roles_choice);
    out += &record("ROLES_IN_PLAY", "Roles", &n::ROLES, n::roles_in_play);
    out += &record("PHASE_TASKS", "Phase", n::phases(), n::phase_task);
    out += &record("PHASE_PROMPTS", "Phase", n::phases(), n::phase_prompt);
    out += &closed_set(
        "A card's words that cite a rule, beside the view's figures.",
        "Phrase",
        &n::PHRASES,
    );
    out += &record("PHRASES", "Phrase", &n::PHRASES, n::phrase);
    out += &record("ROLES_AT_TABLE", "Roles", &n::ROLES, n::roles_at_table);
    out += &format!(
        "\n/** The longest label of a high-seas space, in characters. */\nexport const SPACE_LABEL_MAX_CHARS = {};\n/** The longest name of a save slot, in characters. */\nexport const SAVE_NAME_MAX_CHARS = {};\n",
        n::SPACE_LABEL_MAX_CHARS,
        n::SAVE_NAME_MAX_CHARS
    );
    out
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
        "UPDATE_TS_BINDINGS=1 cargo test --test suite typescript_bindings::",
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
