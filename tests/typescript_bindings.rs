//! The UI's TypeScript types are generated from the Rust types (DESIGN.md principle 8), never written by
//! hand. This test regenerates them into a scratch folder and fails when `ui/src/generated/` differs.
//! To refresh them after changing a type: `UPDATE_TS_BINDINGS=1 cargo test --test typescript_bindings`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use goeben_referee::action::Action;
use goeben_referee::pack::RulesPack;
use goeben_referee::session::{LogEntry, Response};
use ts_rs::TS;

fn generate(dir: &Path) {
    Action::export_all_to(dir).expect("export Action");
    Response::export_all_to(dir).expect("export Response");
    LogEntry::export_all_to(dir).expect("export LogEntry");
    RulesPack::export_all_to(dir).expect("export RulesPack");
}

fn read_dir(dir: &Path) -> BTreeMap<String, String> {
    let mut files = BTreeMap::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.ends_with(".ts") {
                files.insert(name, std::fs::read_to_string(entry.path()).expect("readable"));
            }
        }
    }
    files
}

#[test]
fn generated_typescript_types_are_up_to_date() {
    let scratch: PathBuf = std::env::temp_dir().join(format!("goeben-ts-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    generate(&scratch);
    let fresh = read_dir(&scratch);
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(fresh.contains_key("Action.ts") && fresh.contains_key("PlayerView.ts"), "export produced {:?}", fresh.keys());

    let committed_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("ui/src/generated");
    if std::env::var_os("UPDATE_TS_BINDINGS").is_some() {
        let _ = std::fs::remove_dir_all(&committed_dir);
        std::fs::create_dir_all(&committed_dir).expect("create ui/src/generated");
        for (name, text) in &fresh {
            std::fs::write(committed_dir.join(name), text).expect("write binding");
        }
        return;
    }
    let committed = read_dir(&committed_dir);
    let stale: Vec<&String> = fresh.keys().filter(|k| committed.get(*k) != fresh.get(*k)).collect();
    let extra: Vec<&String> = committed.keys().filter(|k| !fresh.contains_key(*k)).collect();
    assert!(
        stale.is_empty() && extra.is_empty(),
        "ui/src/generated is stale (changed or missing: {stale:?}; no longer generated: {extra:?}). \
         Run `UPDATE_TS_BINDINGS=1 cargo test --test typescript_bindings` and commit the result."
    );
}
