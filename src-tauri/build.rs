fn main() {
    // Declaring the app's commands makes each one need an explicit permission in a capability
    // (capabilities/*.json), so the webview can call exactly these and nothing else.
    tauri_build::try_build(
        tauri_build::Attributes::new()
            .app_manifest(tauri_build::AppManifest::new().commands(&[
                "respond",
                "startup_notice",
                "list_saves",
                "save_slot",
                "load_slot",
                "delete_slot",
                "export_save",
                "import_save",
                "list_finished",
                "finished_record",
                "tools_respond",
                "decode_frame",
            ])),
    )
    .expect("failed to run the Tauri build script");
}
