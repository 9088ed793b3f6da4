//! The Tauri 2 shell: the window, the plugins and the IPC commands, each forwarding to what the app does
//! without its window (`goeben-app-core`: the journaled running game, saves, finished games, the table
//! tools and table mode). It decides no rule and keeps no logic of its own. See ARCHITECTURE.md.

mod commands;
mod first_answer;
#[cfg(test)]
mod ipc_bindings;
pub mod ipc_commands;
#[cfg(test)]
mod mobile_manifests;
mod startup;
mod webcam;

use goeben_app_core::{persistence, App};
use tauri::Manager;

#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    startup::begin();
    let builder = tauri::Builder::default()
        // The webview may use the camera (webcam scanning of counter codes) and nothing else.
        .on_permission_request(|_, kind| webcam::camera_only(kind));

    // Scanning counter codes with the camera exists on phones only (the desktop decodes webcam frames instead).
    #[cfg(mobile)]
    let builder = builder.plugin(tauri_plugin_barcode_scanner::init());
    // The screen kept on during a game by the phone itself (the page asks through `lib/wakelock.ts`).
    #[cfg(mobile)]
    let builder = builder.plugin(tauri_plugin_keep_awake::init());

    builder
        .setup(setup)
        .on_page_load(|_, payload| {
            if payload.event() == tauri::webview::PageLoadEvent::Finished {
                startup::mark("page_loaded");
            }
        })
        // Exactly `ipc_commands::COMMANDS`, in its order (a test reads this list).
        .invoke_handler(tauri::generate_handler![
            commands::respond,
            commands::startup_notice,
            commands::list_saves,
            commands::save_slot,
            commands::load_slot,
            commands::delete_slot,
            commands::export_save,
            commands::import_save,
            commands::list_finished,
            commands::finished_record,
            commands::career,
            commands::tools_respond,
            commands::table_addresses,
            commands::table_open,
            commands::table_status,
            commands::table_reissue,
            commands::table_close,
            commands::table_forget,
            commands::table_watch,
            webcam::decode_frame,
            startup::app_ready
        ])
        .run(context())
        .expect("error while running the Goeben Referee app");
}

/// The app's embedded page and assets, the page served with its first answer inside (`first_answer.rs`).
fn context() -> tauri::Context {
    let mut context = tauri::generate_context!();
    first_answer::WithFirstAnswer::wrap(&mut context);
    context
}

/// The app, opened before the window shows: the running game (or a fresh one), the save slots, the
/// finished games, the table tools and table mode (a table left open reopens by itself).
fn setup(app: &mut tauri::App) -> Result<(), Box<dyn std::error::Error>> {
    startup::mark("setup");
    let dir = app.path().app_data_dir()?;
    let opening = persistence::open_store(Some(&dir));
    startup::mark("game_loaded");
    app.manage(App::new(opening, &dir));
    // A table left open when the app quit or was killed reopens by itself, on a thread
    // so binding its address never delays the window.
    let handle = app.handle().clone();
    std::thread::spawn(move || handle.state::<App>().reopen_table());
    startup::mark("saves_opened");
    #[cfg(target_os = "linux")]
    if let Some(window) = app.get_webview_window("main") {
        webcam::enable_media_capture(&window)?;
    }
    startup::mark("setup_done");
    Ok(())
}
