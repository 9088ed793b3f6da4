//! IPC commands: the UI's only way into the core. They take the same `Action` JSON as the `referee`
//! CLI (docs/PROTOCOL.md) and answer with the same `Response`.

use goeben_referee::error::ErrorInfo;
use goeben_referee::{protocol, Action, Response};
use tauri::State;

use crate::AppState;

/// Applies one action and saves the session before answering. The argument is taken as raw JSON so that
/// a wrong argument gets the protocol's clear error (`malformed` / `unknown_action`) instead of an IPC
/// failure, and changes nothing.
#[tauri::command]
pub fn respond(state: State<'_, AppState>, action: Option<serde_json::Value>) -> Response {
    let mut session = state.session.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let Some(action) = action else {
        return session.error_response(ErrorInfo { code: "malformed".into(), message: "the respond command needs an `action` argument".into() });
    };
    let action: Action = match protocol::parse_action(&action.to_string()) {
        Ok(action) => action,
        Err(error) => return session.error_response(error),
    };
    let changes_state = !matches!(action, Action::View | Action::Log { .. } | Action::Scan { .. } | Action::Forecast { .. } | Action::ListPieces | Action::Charts | Action::ExportPack);
    let response = session.respond(action);
    if response.ok && changes_state {
        // Saved before the UI hears of it: a kill after this point loses nothing (DESIGN.md principle 5).
        if let Err(message) = state.saves.save(&session) {
            let mut failed = response.clone();
            failed.error = Some(ErrorInfo { code: "save_failed".into(), message });
            return failed;
        }
    }
    response
}

/// A message about a save that could not be read at start (kept aside, never deleted); given once.
#[tauri::command]
pub fn startup_notice(state: State<'_, AppState>) -> Option<String> {
    state.notice.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).take()
}
