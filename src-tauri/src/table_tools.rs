//! The table tools (issue #8) in the app: one `ToolSession` of the tools crate (`goeben-table-tools`) for
//! the two players at the table, answered through the `tools_respond` command and kept in its own store
//! file after every request it accepts, so a killed app opens the bag, the chits, the fleet charts and the
//! search records as they were.
//!
//! The session file holds both players' secrets; like the game's saves it never goes to the webview. Only
//! the tools' `ToolResponse`, made for the player who asked, crosses the boundary.

use std::path::Path;
use std::sync::Mutex;

use goeben_table_tools::{self as tools, ErrorCode, ToolResponse, ToolSession};
use serde_json::Value;
use tauri::{AppHandle, Manager, State};

use crate::persistence::{move_aside, write_whole_or_say_why, Trouble, WriteFailure};

/// The store file of the tools session, in the app data folder.
const FILE: &str = "table-tools.json";
const KEY_SESSION: &str = "session";

pub struct Tools {
    app: AppHandle,
    pub session: Mutex<ToolSession>,
    /// Whether the players know that the tools cannot save now (issue #18).
    trouble: Trouble,
}

impl Tools {
    /// Opens the saved tools session, or a new one (its dice keyed by 256 bits of the OS's randomness, its
    /// salts from the OS: issue #34 item 7). A file that cannot be read is kept aside (never deleted) and
    /// the message says where; the tools then start afresh.
    pub fn open(app: &AppHandle) -> Result<(Tools, Option<String>), Box<dyn std::error::Error>> {
        let path = app.path().app_data_dir()?.join(FILE);
        let (session, notice) = match read(&path) {
            Ok(Some(session)) => (session, None),
            Ok(None) => (ToolSession::from_os_random(), None),
            Err(reason) => {
                // Moved aside, not copied: on a full disk too (issue #18); if even that fails, left in place.
                let message = match move_aside(&path) {
                    Ok(aside) => format!("The table tools' saved session could not be read ({reason}); it was kept as {}. The tools start afresh.", aside.display()),
                    Err(e) => format!("The table tools' saved session could not be read ({reason}), nor moved aside ({e}); it is left as {}. The tools start afresh.", path.display()),
                };
                (ToolSession::from_os_random(), Some(message))
            }
        };
        Ok((
            Tools {
                app: app.clone(),
                session: Mutex::new(session),
                trouble: Trouble::default(),
            },
            notice,
        ))
    }

    /// Writes the session whole over the tools file (the old file stays as it was when that fails).
    fn save(&self, session: &ToolSession) -> Result<(), WriteFailure> {
        let text = serde_json::to_string(session).expect("a tools session serialises");
        write_whole_or_say_why(
            &self.app,
            Path::new(""),
            FILE,
            vec![(KEY_SESSION, Value::String(text))],
        )
    }
}

/// The saved session at `path`: `Ok(None)` when there is none yet, `Err(reason)` when it cannot be read.
pub fn read(path: &Path) -> Result<Option<ToolSession>, String> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e.to_string()),
    };
    let file: Value = serde_json::from_slice(&bytes).map_err(|e| format!("not JSON: {e}"))?;
    match file.get(KEY_SESSION) {
        Some(Value::String(text)) => ToolSession::from_json(text).map(Some),
        _ => Err("the file holds no tools session".into()),
    }
}

/// Whether an answered request left something to keep: the session changed (a draw, a roll that moved the
/// dice, a chart edit…). Views, table views, checks and calculators change nothing and write nothing.
/// A refusal changes nothing but for one: a wrong PIN on a peek counts a try (issue #30), and that count
/// is kept too, so closing the app does not wipe the wait that three wrong PINs start.
fn needs_saving(before: &ToolSession, after: &ToolSession, response: &ToolResponse) -> bool {
    let counted_try = matches!(
        response,
        ToolResponse::Error {
            code: ErrorCode::WrongPin | ErrorCode::PinLocked,
            ..
        }
    );
    (!response.is_error() || counted_try) && before != after
}

/// Answers one table-tools request (a `ToolAction` JSON object), for the player it names. A missing or
/// wrong argument gets the protocol's `malformed` or `unknown_tool` answer and changes nothing; an
/// accepted request is saved before the answer goes back.
#[tauri::command]
pub fn tools_respond(tools: State<'_, Tools>, request: Option<Value>) -> ToolResponse {
    let Some(request) = request else {
        return ToolResponse::Error {
            code: ErrorCode::Malformed,
            message: "the tools_respond command needs a `request` argument".into(),
        };
    };
    let action = match tools::parse_line(&request.to_string()) {
        Ok(action) => action,
        Err(refused) => return refused,
    };
    let mut session = tools
        .session
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let before = session.clone();
    let response = session.respond(action);
    if !needs_saving(&before, &session, &response) {
        return response;
    }
    let saved = tools.save(&session);
    saved_or_told(&tools.trouble, &mut session, before, response, saved)
}

/// The answer once the save was tried. The first failure (since the last save that worked) is told and
/// undone: the answer is not shown, and the session, its dice included, goes back to what it was, so
/// asking again gives the same draw or roll. After that, while the disk stays full or read-only, the
/// tools go on in memory and every accepted request tries to save again (issue #18).
fn saved_or_told(
    trouble: &Trouble,
    session: &mut ToolSession,
    before: ToolSession,
    response: ToolResponse,
    saved: Result<(), WriteFailure>,
) -> ToolResponse {
    match saved {
        Ok(()) => {
            trouble.succeeded();
            response
        }
        Err(failure) if trouble.failed() => {
            *session = before;
            ToolResponse::Error {
                code: ErrorCode::SaveFailed,
                message: failure.tools_message(),
            }
        }
        Err(_) => response,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use goeben_table_tools::sdr::Player;
    use goeben_table_tools::ToolAction;

    fn file(tag: &str, contents: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("goeben-tools-{tag}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join(FILE);
        std::fs::write(&path, contents).expect("write");
        path
    }

    #[test]
    fn a_saved_tools_session_reads_back_the_same() {
        let mut session = ToolSession::seeded(11);
        session.respond(ToolAction::DrawSdr {
            player: Player::A,
            label: "victory".into(),
            purpose: None,
        });
        let text = serde_json::to_string(&session).expect("serialises");
        let path = file(
            "good",
            &serde_json::json!({ KEY_SESSION: text }).to_string(),
        );
        assert_eq!(read(&path).expect("readable"), Some(session));
    }

    #[test]
    fn no_file_means_a_new_session_and_damaged_files_are_reported() {
        let dir = std::env::temp_dir().join(format!("goeben-tools-none-{}", std::process::id()));
        assert_eq!(read(&dir.join(FILE)), Ok(None));
        assert!(read(&file("torn", "{\"session\": \"{\\\"dice\\\"")).is_err());
        assert!(read(&file("notjson", "garbage"))
            .unwrap_err()
            .starts_with("not JSON"));
        assert_eq!(
            read(&file("empty", "{}")).unwrap_err(),
            "the file holds no tools session"
        );
    }

    #[test]
    fn issue_18_a_failed_save_is_told_once_and_undone_then_the_tools_go_on_in_memory() {
        let trouble = Trouble::default();
        let full = || {
            Err(WriteFailure {
                why: crate::persistence::Why::DiskFull,
                folder: "/data".into(),
            })
        };
        let draw = || ToolAction::DrawSdr {
            player: Player::A,
            label: "victory".into(),
            purpose: None,
        };
        let mut session = ToolSession::seeded(5);
        // The first failure: refused, told, and the session (dice included) as it was.
        let before = session.clone();
        let response = session.respond(draw());
        let told = saved_or_told(
            &trouble,
            &mut session,
            before.clone(),
            response.clone(),
            full(),
        );
        let ToolResponse::Error { code, message } = told else {
            panic!("told: {told:?}")
        };
        assert_eq!(code, ErrorCode::SaveFailed);
        assert!(
            message.contains("the disk is full") && message.contains("ask again"),
            "{message}"
        );
        assert_eq!(session, before, "nothing was changed");
        // Asked again: the same draw (the dice went back too), now kept in memory though not saved.
        let again = session.respond(draw());
        assert_eq!(again, response, "the same chit comes out");
        let kept = saved_or_told(
            &trouble,
            &mut session,
            before.clone(),
            again.clone(),
            full(),
        );
        assert_eq!(kept, again, "not told twice: the answer goes back");
        assert_ne!(session, before, "play goes on in memory");
        // A save that works clears the trouble: the next failure is told again.
        let next = session.clone();
        let answered = session.respond(draw());
        assert_eq!(
            saved_or_told(
                &trouble,
                &mut session,
                next.clone(),
                answered.clone(),
                Ok(())
            ),
            answered
        );
        let before = session.clone();
        let response = session.respond(draw());
        assert!(matches!(
            saved_or_told(&trouble, &mut session, before.clone(), response, full()),
            ToolResponse::Error { .. }
        ));
        assert_eq!(session, before);
    }

    #[test]
    fn only_a_changed_session_is_saved() {
        let before = ToolSession::seeded(3);
        let mut after = before.clone();
        let view = after.respond(ToolAction::View {
            player: Player::A,
            pin: None,
        });
        assert!(
            !needs_saving(&before, &after, &view),
            "a view changes nothing"
        );
        let table = after.respond(ToolAction::TableView);
        assert!(
            !needs_saving(&before, &after, &table),
            "the table view changes nothing"
        );
        let drawn = after.respond(ToolAction::DrawSdr {
            player: Player::A,
            label: String::new(),
            purpose: None,
        });
        assert!(needs_saving(&before, &after, &drawn), "a draw is kept");
    }
}
