//! The IPC commands: the UI's only way into the app. Each forwards, with its arguments as the webview sent
//! them, to the function of the same name in `goeben-app-core` (tested there without a webview), which
//! checks them and answers; a wrong argument gets a clear answer there, never an IPC failure. The
//! webcam's `decode_frame` and the start's `app_ready` live with what they need (`webcam.rs`, `startup.rs`).

use goeben_app_core::commands::SavesAnswer;
use goeben_app_core::table_mode::{self, TableAnswer, TableVersion};
use goeben_app_core::{commands, table_tools, App};
use goeben_referee::api::career::CareerAnswer;
use goeben_referee::api::finished::FinishedAnswer;
use goeben_referee::Response;
use goeben_table_tools::ToolResponse;
use serde_json::Value;
use tauri::ipc::Channel;
use tauri::State;

#[tauri::command]
pub fn respond(app: State<'_, App>, action: Option<Value>) -> Response {
    commands::respond(&app.state, &app.table, action)
}

#[tauri::command]
pub fn startup_notice(app: State<'_, App>) -> Option<String> {
    commands::startup_notice(&app.state)
}

#[tauri::command]
pub fn list_saves(app: State<'_, App>) -> SavesAnswer {
    commands::list_saves(&app.state)
}

#[tauri::command]
pub fn save_slot(
    app: State<'_, App>,
    name: Option<Value>,
    overwrite: Option<Value>,
) -> SavesAnswer {
    commands::save_slot(&app.state, &app.table, name, overwrite)
}

#[tauri::command]
pub fn load_slot(app: State<'_, App>, id: Option<Value>) -> SavesAnswer {
    commands::load_slot(&app.state, &app.table, id)
}

#[tauri::command]
pub fn delete_slot(app: State<'_, App>, id: Option<Value>) -> SavesAnswer {
    commands::delete_slot(&app.state, id)
}

#[tauri::command]
pub fn export_save(app: State<'_, App>) -> SavesAnswer {
    commands::export_save(&app.state, &app.table)
}

#[tauri::command]
pub fn import_save(app: State<'_, App>, json: Option<Value>) -> SavesAnswer {
    commands::import_save(&app.state, &app.table, json)
}

#[tauri::command]
pub fn list_finished(app: State<'_, App>) -> FinishedAnswer {
    commands::list_finished(&app.state)
}

#[tauri::command]
pub fn finished_record(app: State<'_, App>, id: Option<Value>) -> FinishedAnswer {
    commands::finished_record(&app.state, id)
}

#[tauri::command]
pub fn career(app: State<'_, App>) -> CareerAnswer {
    commands::career(&app.state)
}

#[tauri::command]
pub fn tools_respond(app: State<'_, App>, request: Option<Value>) -> ToolResponse {
    table_tools::tools_respond(&app.tools, request)
}

#[tauri::command]
pub fn table_addresses() -> Vec<String> {
    table_mode::table_addresses()
}

#[tauri::command]
pub fn table_open(
    app: State<'_, App>,
    address: Option<Value>,
    display: Option<Value>,
    game: Option<Value>,
) -> TableAnswer {
    table_mode::table_open(&app.table, &app.state, address, display, game)
}

#[tauri::command]
pub fn table_status(app: State<'_, App>) -> TableAnswer {
    table_mode::table_status(&app.table, &app.state)
}

#[tauri::command]
pub fn table_reissue(app: State<'_, App>, seat: Option<Value>) -> TableAnswer {
    table_mode::table_reissue(&app.table, seat)
}

#[tauri::command]
pub fn table_close(app: State<'_, App>) -> TableAnswer {
    table_mode::table_close(&app.table, &app.state)
}

#[tauri::command]
pub fn table_forget(app: State<'_, App>) -> TableAnswer {
    table_mode::table_forget(&app.table, &app.state)
}

/// The screen's channel told the table's version: `false` from the watcher once the webview is gone.
#[tauri::command]
pub fn table_watch(app: State<'_, App>, on_change: Channel<TableVersion>) -> bool {
    let watcher = std::sync::Arc::new(move |version| on_change.send(version).is_ok());
    table_mode::table_watch(&app.table, watcher)
}
