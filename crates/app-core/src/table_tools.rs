//! The table tools in the app: one `ToolSession` of the tools crate (`goeben-table-tools`) for
//! the two players at the table, answered through the `tools_respond` command and kept in the game store
//! (one row) after every request it accepts, so a killed app opens the bag, the chits, the fleet charts and the
//! search records as they were.
//!
//! The kept session holds both players' secrets; like the game's saves it never goes to the webview. Only
//! the tools' `ToolResponse`, made for the player who asked, crosses the boundary.

use std::sync::Mutex;

use goeben_store::{Store, StoreError, TABLE_TOOLS};
use goeben_table_tools::{self as tools, ErrorCode, ToolResponse, ToolSession};
use serde_json::Value;

use crate::persistence::{lock_store, tools_message, Shared, Trouble};

/// Where a tools session that could not be read is kept, so starting afresh never overwrites it.
const UNREADABLE: &str = "table_tools.unreadable";

pub struct Tools {
    store: Shared,
    pub session: Mutex<ToolSession>,
    /// Whether the players know that the tools cannot save now.
    trouble: Trouble,
}

impl Tools {
    /// Opens the kept tools session, or a new one (its dice keyed by 256 bits of the OS's randomness, its
    /// salts from the OS). A session that cannot be read is kept aside in the store
    /// (never deleted) and the tools start afresh; the message says so.
    pub fn open(store: Shared) -> (Tools, Option<String>) {
        // Read first, with the lock let go: keeping a bad session aside takes it again.
        let kept = read(&lock_store(&store));
        let (session, notice) = match kept {
            Ok(Some(session)) => (session, None),
            Ok(None) => (ToolSession::from_os_random(), None),
            Err((reason, text)) => {
                let kept = lock_store(&store).put_state(UNREADABLE, &text);
                let message = match kept {
                    Ok(()) => format!("The table tools' saved session could not be read ({reason}); it was kept aside. The tools start afresh."),
                    Err(e) => format!("The table tools' saved session could not be read ({reason}), nor kept aside ({e}). The tools start afresh."),
                };
                (ToolSession::from_os_random(), Some(message))
            }
        };
        let tools = Tools {
            store,
            session: Mutex::new(session),
            trouble: Trouble::default(),
        };
        (tools, notice)
    }

    /// Writes the session whole into the store (the old one stays as it was when that fails).
    fn save(&self, session: &ToolSession) -> Result<(), StoreError> {
        let text = serde_json::to_string(session).expect("a tools session serialises");
        lock_store(&self.store).put_state(TABLE_TOOLS, &text)
    }
}

/// The kept session: `Ok(None)` when there is none yet, `Err((reason, text))` when it cannot be read.
pub fn read(store: &Store) -> Result<Option<ToolSession>, (String, String)> {
    match store.state(TABLE_TOOLS) {
        Ok(None) => Ok(None),
        Ok(Some(text)) => ToolSession::from_json(&text)
            .map(Some)
            .map_err(|reason| (reason, text)),
        Err(e) => Err((e.to_string(), String::new())),
    }
}

/// Whether an answered request left something to keep: the session changed (a draw, a roll that moved the
/// dice, a chart edit…). Views, table views, checks and calculators change nothing and write nothing.
/// A refusal changes nothing but for one: a wrong PIN on a peek counts a try, and that count
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
pub fn tools_respond(tools: &Tools, request: Option<Value>) -> ToolResponse {
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
/// tools go on in memory and every accepted request tries to save again.
fn saved_or_told(
    trouble: &Trouble,
    session: &mut ToolSession,
    before: ToolSession,
    response: ToolResponse,
    saved: Result<(), StoreError>,
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
                message: tools_message(&failure),
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

    #[test]
    fn a_kept_tools_session_reads_back_the_same() {
        let store: Shared = std::sync::Arc::new(Mutex::new(Store::in_memory()));
        let (tools, notice) = Tools::open(store.clone());
        assert_eq!(notice, None);
        let mut session = tools.session.lock().unwrap().clone();
        session.respond(ToolAction::Sdr(
            goeben_table_tools::sdr_requests::SdrAction::DrawSdr {
                player: Player::A,
                label: "victory".into(),
                purpose: None,
            },
        ));
        tools.save(&session).unwrap();
        assert_eq!(read(&lock_store(&store)), Ok(Some(session)));
    }

    #[test]
    fn no_session_means_a_new_one_and_a_damaged_one_is_kept_aside_and_reported() {
        let store: Shared = std::sync::Arc::new(Mutex::new(Store::in_memory()));
        assert_eq!(read(&lock_store(&store)), Ok(None));
        lock_store(&store)
            .put_state(TABLE_TOOLS, "{\"dice\"")
            .unwrap();
        let (_, notice) = Tools::open(store.clone());
        let notice = notice.expect("told");
        assert!(
            notice.contains("kept aside") && notice.contains("start afresh"),
            "{notice}"
        );
        assert_eq!(
            lock_store(&store).state(UNREADABLE).unwrap().as_deref(),
            Some("{\"dice\"")
        );
    }

    #[test]
    fn issue_18_a_failed_save_is_told_once_and_undone_then_the_tools_go_on_in_memory() {
        let trouble = Trouble::default();
        let full = || Err(StoreError::DiskFull);
        let draw = || {
            ToolAction::Sdr(goeben_table_tools::sdr_requests::SdrAction::DrawSdr {
                player: Player::A,
                label: "victory".into(),
                purpose: None,
            })
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
        let view = after.respond(ToolAction::Peek(
            goeben_table_tools::peek::PeekAction::View {
                player: Player::A,
                pin: None,
            },
        ));
        assert!(
            !needs_saving(&before, &after, &view),
            "a view changes nothing"
        );
        let table = after.respond(ToolAction::Peek(
            goeben_table_tools::peek::PeekAction::TableView,
        ));
        assert!(
            !needs_saving(&before, &after, &table),
            "the table view changes nothing"
        );
        let drawn = after.respond(ToolAction::Sdr(
            goeben_table_tools::sdr_requests::SdrAction::DrawSdr {
                player: Player::A,
                label: String::new(),
                purpose: None,
            },
        ));
        assert!(needs_saving(&before, &after, &drawn), "a draw is kept");
    }
}
