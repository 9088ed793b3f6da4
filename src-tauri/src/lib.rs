//! The Tauri 2 shell around the referee core. It decides no rule: commands forward to the core's
//! `Session`, and every applied action is journaled in the game store (`goeben-store`, opened by
//! `persistence`) before its answer goes back. See ARCHITECTURE.md.

mod commands;
mod finished_games;
#[cfg(test)]
mod ipc_bindings;
pub mod ipc_commands;
#[cfg(test)]
mod mobile_manifests;
mod persistence;
mod startup;
mod table_mode;
mod table_tools;
mod webcam;

use std::sync::{Arc, Mutex};

use goeben_referee::{RulesPack, Session};
use tauri::Manager;

/// What the shell holds while the app runs.
pub struct AppState {
    pub session: Mutex<Session>,
    /// The game store: the running game's journal, the named save slots, the finished games with
    /// their records and the table tools' session. Locked after `session`, never before.
    pub store: persistence::Shared,
    /// Whether the player knows the journal cannot be written now.
    pub trouble: persistence::Trouble,
    /// True while the running game is, unchanged, in a slot (just saved to or loaded from it): loading
    /// another then needs no automatic slot to keep it.
    pub kept_in_slot: Mutex<bool>,
    /// What the store found at start that the player must know; shown once by the UI.
    pub notice: Mutex<Option<String>>,
}

/// A lock of the app's state that a panic elsewhere does not make unusable: the state is whole between
/// requests (each request changes it under one lock), so a poisoned lock's value is still the game.
pub(crate) fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Syncs the store's WAL to the disk while the app runs (`None` for a store in memory): held, never read.
struct Checkpointing {
    _running: Option<goeben_store::Checkpointer>,
}

#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    startup::begin();
    let builder = tauri::Builder::default()
        .plugin(tauri_plugin_store::Builder::default().build())
        // The webview may use the camera (webcam scanning of counter codes) and nothing else.
        .on_permission_request(|_, kind| webcam::camera_only(kind));

    // Scanning counter codes with the camera exists on phones only (issue: counter codes).
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
            table_tools::tools_respond,
            table_mode::table_addresses,
            table_mode::table_open,
            table_mode::table_status,
            table_mode::table_reissue,
            table_mode::table_close,
            table_mode::table_forget,
            table_mode::table_watch,
            webcam::decode_frame,
            startup::app_ready
        ])
        .run(tauri::generate_context!())
        .expect("error while running the Goeben Referee app");
}

/// The app's state, opened before the window shows: the running game (or a fresh one), the save slots, the
/// finished games, the table tools and table mode (a table left open reopens by itself).
fn setup(app: &mut tauri::App) -> Result<(), Box<dyn std::error::Error>> {
    startup::mark("setup");
    let dir = app.path().app_data_dir().ok();
    let opening = persistence::open_store(dir.as_deref());
    let session = opening
        .session
        .unwrap_or_else(|| Session::new(RulesPack::standard(), fresh_seed()));
    startup::mark("game_loaded");
    let store: persistence::Shared = Arc::new(Mutex::new(opening.store));
    let (tools, tools_notice) = table_tools::Tools::open(store.clone());
    let notice = match (opening.notice, tools_notice) {
        (Some(a), Some(b)) => Some(format!("{a} {b}")),
        (a, b) => a.or(b),
    };
    app.manage(AppState {
        session: Mutex::new(session),
        store,
        trouble: persistence::Trouble::default(),
        kept_in_slot: Mutex::new(false),
        notice: Mutex::new(notice),
    });
    app.manage(tools);
    app.manage(Checkpointing {
        _running: opening.checkpointer,
    });
    app.manage(table_mode::TableMode::open(app.handle())?);
    // A table left open when the app quit or was killed reopens by itself, on a thread
    // so binding its address never delays the window.
    let handle = app.handle().clone();
    std::thread::spawn(move || table_mode::reopen_at_start(&handle));
    startup::mark("saves_opened");
    #[cfg(target_os = "linux")]
    if let Some(window) = app.get_webview_window("main") {
        webcam::enable_media_capture(&window)?;
    }
    startup::mark("setup_done");
    Ok(())
}

/// Seed source for games started without a seed (never shown while a game runs).
/// New games' seeds and salts come from this: the OS's random source, the clock only if
/// that fails.
fn fresh_seed() -> u64 {
    let mut bytes = [0u8; 8];
    if getrandom::fill(&mut bytes).is_ok() {
        return u64::from_le_bytes(bytes);
    }
    use std::time::{SystemTime, UNIX_EPOCH};
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    (nanos as u64) ^ (std::process::id() as u64).rotate_left(32)
}
