// The command names, declared once in src/ipc_commands.rs (`COMMANDS`; its `DESKTOP_ONLY` is for the tests).
#![allow(dead_code)]

include!("src/ipc_commands.rs");

fn main() {
    println!("cargo:rerun-if-changed=src/ipc_commands.rs");
    // Declaring the app's commands makes each one need an explicit permission in a capability
    // (capabilities/*.json), so the webview can call exactly these and nothing else.
    tauri_build::try_build(
        tauri_build::Attributes::new()
            .app_manifest(tauri_build::AppManifest::new().commands(COMMANDS)),
    )
    .expect("failed to run the Tauri build script");
}
