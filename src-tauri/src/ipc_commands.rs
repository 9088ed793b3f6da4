// Every IPC command the webview may invoke, by name: declared here once. `build.rs` includes
// this file to declare the commands to Tauri (each then needs a permission in capabilities/*.json), the UI
// gets the same names as `ui/src/generated/shell/commands.ts` (the `Command` union its one door `call`
// takes), and `ipc_bindings.rs`'s tests fail when `lib.rs`'s `generate_handler!` or a capability lists
// other commands. Plain `//` comments only: build.rs `include!`s this file.

/// The commands, in `generate_handler!`'s order.
pub const COMMANDS: &[&str] = &[
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
    "career",
    "tools_respond",
    "table_addresses",
    "table_open",
    "table_status",
    "table_reissue",
    "table_close",
    "table_forget",
    "table_watch",
    "decode_frame",
    "app_ready",
];

/// Commands the phones do not have (no webcam there: they scan with the barcode scanner plugin).
pub const DESKTOP_ONLY: &[&str] = &["decode_frame"];
