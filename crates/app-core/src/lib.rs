//! What the app does, without its window: the running game journaled in the game store before each
//! answer, the save slots, the finished games, the table tools' session and table mode (the app's game or
//! a new one opened to the table's phones). The Tauri shell (`src-tauri/`) holds one [`App`] and forwards
//! each IPC command to the function of the same name here, so everything it answers is tested without a
//! webview. It decides no rule: the game's requests go to the core's `Session`. See ARCHITECTURE.md.

pub mod commands;
pub mod finished_games;
pub mod persistence;
pub mod table_mode;
pub mod table_tools;

use std::path::Path;
use std::sync::{Arc, Mutex};

use goeben_referee::{RulesPack, Session};

/// What the app holds about its running game while it runs.
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

/// Everything the app answers its screen from: the running game, the table tools and table mode.
pub struct App {
    pub state: Arc<AppState>,
    pub tools: table_tools::Tools,
    pub table: table_mode::TableMode,
    /// Syncs the store's WAL to the disk while the app runs (`None` for a store in memory): held, never read.
    _checkpointing: Option<goeben_store::Checkpointer>,
}

impl App {
    /// The app from the store as opened (`persistence::open_store`) with table mode's file in the app's
    /// data folder `dir`: the running game (or a fresh one), the save slots, the finished games, the table
    /// tools (kept aside and started afresh when unreadable, said in the notice) and a closed table.
    pub fn new(opening: persistence::Opening, dir: &Path) -> App {
        let session = opening
            .session
            .unwrap_or_else(|| Session::new(RulesPack::standard(), fresh_seed()));
        let store: persistence::Shared = Arc::new(Mutex::new(opening.store));
        let (tools, tools_notice) = table_tools::Tools::open(store.clone());
        let notice = match (opening.notice, tools_notice) {
            (Some(a), Some(b)) => Some(format!("{a} {b}")),
            (a, b) => a.or(b),
        };
        App {
            state: Arc::new(AppState {
                session: Mutex::new(session),
                store,
                trouble: persistence::Trouble::default(),
                kept_in_slot: Mutex::new(false),
                notice: Mutex::new(notice),
            }),
            tools,
            table: table_mode::TableMode::in_folder(dir),
            _checkpointing: opening.checkpointer,
        }
    }

    /// At the start, off the window's path: reopens a table left open and brings back a game a closed
    /// table still holds ([`table_mode::reopen_at_start`]).
    pub fn reopen_table(&self) {
        table_mode::reopen_at_start(&self.table, &self.state);
    }
}

/// A lock of the app's state that a panic elsewhere does not make unusable: the state is whole between
/// requests (each request changes it under one lock), so a poisoned lock's value is still the game.
pub fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Seed source for games started without a seed (never shown while a game runs).
/// New games' seeds and salts come from this: the OS's random source, the clock only if
/// that fails.
pub fn fresh_seed() -> u64 {
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
