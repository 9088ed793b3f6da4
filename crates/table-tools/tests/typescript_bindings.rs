//! The UI's TypeScript types of the table tools' protocol (docs/TOOLS.md) are generated from the Rust types
//! (DESIGN.md principle 8), never written by hand, into their own folder `ui/src/generated/tools/` (its
//! `LogEntry` and `Player` are not the game's). This test regenerates them into a scratch folder and fails
//! when the folder differs. To refresh them after changing a type:
//! `UPDATE_TS_BINDINGS=1 cargo test --test suite typescript_bindings::` (the game's own types are checked the same
//! way by the core's `tests/typescript_bindings.rs`).

use std::path::{Path, PathBuf};

use goeben_table_tools as tools;
use ts_rs::TS;

/// The folder of the committed bindings, from the repository's root.
const COMMITTED: &str = "ui/src/generated/tools";

/// The table tools' protocol: what the `tools_respond` IPC command takes and answers.
fn generate_tools(dir: &Path) {
    tools::ToolAction::export_all_to(dir).expect("export ToolAction");
    tools::ToolRequest::export_all_to(dir).expect("export ToolRequest");
    tools::ToolResponse::export_all_to(dir).expect("export ToolResponse");
    tools::ToolView::export_all_to(dir).expect("export ToolView");
    tools::LogLine::export_all_to(dir).expect("export LogLine");
    tools::LogEntry::export_all_to(dir).expect("export LogEntry");
    std::fs::write(dir.join("limits.ts"), limits()).expect("write limits.ts");
    std::fs::write(dir.join("procedures.ts"), procedures()).expect("write procedures.ts");
}

/// The D10 procedures as the Fleet Charts card offers them, each with its rule, whether it is rolled for a
/// fleet box, and what its success and failure mean: the crate's own words, so the card copies none.
fn procedures() -> String {
    use tools::fleets::D10Procedure;
    let rows: Vec<String> = D10Procedure::ALL
        .iter()
        .map(|p| {
            let json = |s: &str| serde_json::to_string(s).unwrap();
            format!(
                "  {{ value: {}, label: {}, withShips: {}, success: {}, failure: {} }},",
                serde_json::to_string(p).unwrap(),
                json(p.name()),
                p.acts_with_ships(),
                json(p.outcome(true)),
                json(p.outcome(false)),
            )
        })
        .collect();
    format!(
        "// Generated from the table tools' D10 procedures by crates/table-tools/tests/typescript_bindings.rs: do not edit.\nimport type {{ D10Procedure }} from './D10Procedure';\n\n/** The D10 procedures in the card's order: name and rule, rolled for a fleet box, what success and failure mean. */\nexport const PROCEDURES: readonly {{ value: D10Procedure; label: string; withShips: boolean; success: string; failure: string }}[] = [\n{}\n];\n",
        rows.join("\n")
    )
}

/// The tools' limits a form enforces before asking, each the crate's own constant: generated, so the UI
/// never copies a number the tools check (a limit changed in Rust reaches every form with the bindings).
fn limits() -> String {
    use tools::{fleets, pins, procedures, sdr, search};
    let limits: [(&str, &str, usize); 12] = [
        (
            "LABEL_MAX_CHARS",
            "The longest label a player may give a draw, in characters.",
            tools::LABEL_MAX_CHARS,
        ),
        (
            "CHITS_MAX",
            "The chits in the Secret Die Roll bag.",
            sdr::CHITS_MAX,
        ),
        (
            "CHIT_FACES",
            "A chit's highest value (chits run 1 to this).",
            sdr::FACES,
        ),
        (
            "COMMITMENT_HEX_DIGITS",
            "The hex digits of a chit's commitment.",
            sdr::COMMITMENT_HEX_DIGITS,
        ),
        (
            "PIN_MIN_DIGITS",
            "The fewest digits of a Peek PIN.",
            pins::PIN_MIN_DIGITS,
        ),
        (
            "PIN_MAX_DIGITS",
            "The most digits of a Peek PIN.",
            pins::PIN_MAX_DIGITS,
        ),
        (
            "SHIP_NAME_MAX_CHARS",
            "The longest ship name on a Fleet Chart, in characters.",
            fleets::SHIP_NAME_MAX_CHARS,
        ),
        (
            "SEARCH_NAME_MAX_CHARS",
            "The longest unit, sea, area, square or coast name of the search, in characters.",
            search::NAME_MAX_CHARS,
        ),
        (
            "FIRERS_MAX",
            "The most ships one combined-fire calculation takes.",
            tools::FIRERS_MAX,
        ),
        (
            "DAMAGED_BOXES_MAX",
            "The most damaged boxes one damage-control roll takes.",
            procedures::DAMAGED_BOXES_MAX as usize,
        ),
        (
            "ESCORTS_MAX",
            "The most escorts one ASW roll takes.",
            procedures::ESCORTS_MAX as usize,
        ),
        (
            "SIGHTING_MAX",
            "The largest sighting distance or range, in hexes, the disengagement roll takes.",
            procedures::SIGHTING_MAX as usize,
        ),
    ];
    let mut out = String::from(
        "// Generated from the table tools' limits by crates/table-tools/tests/typescript_bindings.rs: do not edit.\n",
    );
    for (name, doc, value) in limits {
        out += &format!("\n/** {doc} */\nexport const {name} = {value};\n");
    }
    out
}

/// The repository's root: this crate lives in `crates/table-tools/`.
fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn generated_tools_typescript_types_are_up_to_date() {
    let fresh = bindings_check::generate_into_scratch(&COMMITTED.replace('/', "-"), generate_tools);
    let expected = [
        "ToolAction.ts",
        "ToolRequest.ts",
        "ToolResponse.ts",
        "ToolView.ts",
        "LogLine.ts",
        "limits.ts",
        "procedures.ts",
    ];
    assert!(
        expected.iter().all(|name| fresh.contains_key(*name)),
        "export produced {:?}",
        fresh.keys()
    );
    bindings_check::check_or_update(
        &repo().join(COMMITTED),
        &fresh,
        "UPDATE_TS_BINDINGS=1 cargo test -p goeben-table-tools --test suite typescript_bindings::",
    );
    // The error codes are the one `goeben_common::ErrorCode` of the game, the tools and the shell: its
    // copy here (ToolResponse imports it from its own folder) is the game's file to the byte.
    assert_eq!(
        fresh.get("ErrorCode.ts"),
        std::fs::read_to_string(repo().join("ui/src/generated/ErrorCode.ts"))
            .ok()
            .as_ref(),
        "tools/ErrorCode.ts and the game's ErrorCode.ts are one enum's (refresh both bindings)"
    );
}
