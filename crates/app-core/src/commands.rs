//! The game's commands: the UI's only way into the core (the shell's IPC commands forward here). They
//! take the same request JSON as the `referee` CLI (docs/PROTOCOL.md) and answer with the same `Response`.

use goeben_referee::api::career::CareerAnswer;
use goeben_referee::api::finished::FinishedAnswer;
use goeben_referee::api::view::PlayerView;
use goeben_referee::api::{ErrorCode, ErrorInfo};
use goeben_referee::{api::protocol, Response};
use serde::Serialize;
use std::sync::Arc;
use ts_rs::TS;

use crate::persistence::{self, list_slots, lock_store, SlotInfo};
use crate::table_mode::{self, TableMode};
use crate::{finished_games, lock, AppState};

/// Applies one action and saves the session before answering. The argument is taken as raw JSON so that
/// a wrong argument gets the protocol's clear error (`malformed` / `unknown_action`) instead of an IPC
/// failure, and changes nothing.
///
/// While the table holds the app's game (*Open this game to the table*) the game is the table's: the
/// request goes to [`table_mode::respond_at_table`] — the app's screen as the table display, reading the
/// table's copy and refused any move — and the app's own copy, stale until the table hands the game
/// back, is never touched.
pub fn respond(
    state: &Arc<AppState>,
    mode: &TableMode,
    action: Option<serde_json::Value>,
) -> Response {
    // Locked before asking whether the table holds the game: `table_open` takes its copy under this lock
    // too, so a move either reaches the app's game before the table copies it or finds the table holding it.
    let mut session = lock(&state.session);
    let parsed = action
        .ok_or_else(|| {
            ErrorInfo::new(
                ErrorCode::Malformed,
                "the respond command needs an `action` argument",
            )
        })
        .and_then(|action| protocol::parse_request(&action.to_string()));
    let request = match parsed {
        Ok(request) => request,
        // Refused over the table's copy while the table holds the game, never the app's stale one.
        Err(error) => {
            return table_mode::refused_at_table(mode, error.clone())
                .unwrap_or_else(|| session.error_response(error))
        }
    };
    if let Some(answer) = table_mode::respond_at_table(mode, request.clone()) {
        return answer;
    }
    // The store answers through the core and, when the request changed the session, commits its journal
    // row before the UI hears of it: a kill after this point loses nothing (DESIGN.md principle 5). A
    // write that fails (a full disk) leaves the store as it was; the action stays applied and play goes
    // on in memory, the player is told once, and the next applied action writes again.
    let mut store = lock_store(&state.store);
    let (response, written) = store.respond(&mut session, request);
    // The core says whether the request changed the session (read-only requests never do).
    if !response.changed {
        return response;
    }
    let saved = state.trouble.game_write(written);
    // The running game now differs from any slot it was loaded from or saved to.
    *lock(&state.kept_in_slot) = false;
    let answer = after_save(response, saved, || {
        finished_games::keep(&mut store, &session)
    });
    if store.snapshot_due() {
        snapshot_after_answer(Arc::clone(state));
    }
    answer
}

/// The journal's due snapshot (every 32 steps), written once the answer has gone back: the
/// step's own row already keeps the game, the snapshot only bounds how many steps opening replays, and a
/// whole session takes 0.8–35 ms to write by the game's length (idle; far more on a loaded phone) — every
/// 32nd answer waited for it. Taken under the same two locks in the same order as `respond`, so a request
/// that comes meanwhile waits for it instead of racing it. One that cannot be written changes nothing and
/// is tried after the next step.
fn snapshot_after_answer(state: Arc<AppState>) {
    std::thread::spawn(move || {
        let session = lock(&state.session);
        let mut store = lock_store(&state.store);
        let _ = store.write_due_snapshot(&session);
    });
}

/// The answer to an applied action once the save was tried: a failed save's message the first time it
/// fails (`SaveFailed` beside `ok: true`: the action is applied); then the finished-games list for a
/// game over for good.
fn after_save(
    mut response: Response,
    saved: Result<(), persistence::SaveFailure>,
    keep_finished: impl FnOnce() -> Result<(), String>,
) -> Response {
    let saved = match saved {
        Ok(()) => true,
        Err(failure) => {
            if failure.tell {
                response.error = Some(ErrorInfo::new(ErrorCode::SaveFailed, failure.message));
            }
            false
        }
    };
    if let Err(message) = keep_finished() {
        if response.error.is_none() {
            let message = if saved {
                format!(
                    "The game is saved, but it could not be added to the finished games: {message}"
                )
            } else {
                format!("The game could not be added to the finished games: {message}")
            };
            let message = format!("{message}. It will be added the next time you open the finished games, once it can be written.");
            response.error = Some(ErrorInfo::new(ErrorCode::FinishedNotKept, message));
        }
    }
    response
}

// ---------------------------------------------------------------------------------------------------
// Finished games: the list with its tally by Orders, and each game's record.

/// The finished games. A running game that is over but was not kept (the disk was full or the folder
/// read-only when it ended, or the app was killed between its save and its keeping) is kept first, so
/// it joins the list as soon as there is room; if it still cannot be, the list is as it was.
pub fn list_finished(state: &AppState) -> FinishedAnswer {
    let session = lock(&state.session);
    let mut store = lock_store(&state.store);
    let _ = finished_games::keep(&mut store, &session);
    let (games, unreadable) = finished_games::list(&store);
    FinishedAnswer::list(games, unreadable)
}

pub fn finished_record(state: &AppState, id: Option<serde_json::Value>) -> FinishedAnswer {
    let answer = text_arg(id, "finished_record", "id")
        .and_then(|id| finished_games::read_record(&lock_store(&state.store), &id));
    answer.map_or_else(FinishedAnswer::refused, FinishedAnswer::record)
}

/// The career figures over the finished games. A game over but not kept yet is kept first (as the list
/// does), so it counts; a game still running adds nothing.
pub fn career(state: &AppState) -> CareerAnswer {
    let session = lock(&state.session);
    let mut store = lock_store(&state.store);
    let _ = finished_games::keep(&mut store, &session);
    finished_games::career(&mut store)
}

/// A message about what the store found at start (it could not be opened, an old file did not import,
/// the game opened at an earlier step); given once.
pub fn startup_notice(state: &AppState) -> Option<String> {
    state
        .notice
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .take()
}

/// The page's first answer, given inside the page itself (issue #53): what `respond` answers a `view` and
/// the start's notice, so the first screen waits for no round trip over IPC (8–10 ms in WebKitGTK).
#[derive(Debug, Serialize, TS)]
#[ts(export_to = "shell/")]
pub struct FirstAnswer {
    pub response: Response,
    pub notice: Option<String>,
}

/// The element of the page that holds its [`FirstAnswer`] (read by ui/src/lib/backend.ts).
pub const FIRST_ANSWER_ID: &str = "first-answer";

/// What the page is served with: the answer to a `view` and the start's notice, given here once as
/// `startup_notice` gives it (a reload of the page is served a fresh answer).
pub fn first_answer(state: &Arc<AppState>, mode: &TableMode) -> FirstAnswer {
    FirstAnswer {
        response: respond(state, mode, Some(serde_json::json!({ "action": "view" }))),
        notice: startup_notice(state),
    }
}

impl FirstAnswer {
    /// Whether the first screen is a game's (a game in progress or just over): the UI then needs the game
    /// screen's own chunk at once.
    pub fn shows_game(&self) -> bool {
        self.response.view.game.is_some()
    }
}

/// The comment the built page names the game screen's files in (`ui/vite.config.ts`, `gameScreenFiles`):
/// `<!--game-screen <link rel="modulepreload" …>… -->`. A new player's start screen leaves them unfetched.
pub const GAME_SCREEN_FILES: &str = "<!--game-screen ";

/// `html` with `answer` (a [`FirstAnswer`] serialised as the shell's IPC answers are) put before `</head>` as
/// a JSON data block (`<script type="application/json">`, never run: the CSP's `script-src` is not asked).
/// Every `<` inside is written `\u003c`, the same string in JSON, so no text in a view can end the element.
/// When the first screen is a game's, the game screen's files the page names in [`GAME_SCREEN_FILES`] are
/// uncommented, so the webview fetches them beside the page's own script, not after it has run. A page
/// without `</head>` is served as it is (the UI then asks over IPC).
pub fn page_with_first_answer(
    html: &str,
    answer: &FirstAnswer,
) -> Result<String, serde_json::Error> {
    let json = serde_json::to_string(answer)?;
    let Some(head_end) = html.find("</head>") else {
        return Ok(html.to_string());
    };
    let head = &html[..head_end];
    let uncommented = answer
        .shows_game()
        .then(|| head.split_once(GAME_SCREEN_FILES))
        .flatten()
        .and_then(|(before, rest)| {
            rest.split_once("-->")
                .map(|(files, after)| format!("{before}{files}{after}"))
        });
    let head = uncommented.as_deref().unwrap_or(head);
    Ok(format!(
        "{head}<script type=\"application/json\" id=\"{FIRST_ANSWER_ID}\">{}</script>{}",
        json.replace('<', "\\u003c"),
        &html[head_end..]
    ))
}

// ---------------------------------------------------------------------------------------------------
// Save slots, export and import. Every answer is a `SavesAnswer`: a bad argument, an unknown
// slot or a save that does not check comes back as `ok: false` with an `ErrorInfo`, never as an IPC
// failure, and changes nothing. Arguments are taken as raw JSON for the same reason as `respond`'s.

/// What the save commands answer.
#[derive(Debug, Serialize, TS)]
#[ts(export_to = "shell/")]
pub struct SavesAnswer {
    pub ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub error: Option<ErrorInfo>,
    /// The slots, newest first (after the command's change); absent for `export_save`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub slots: Option<Vec<SlotInfo>>,
    /// The loaded game's view after `load_slot` or `import_save`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub view: Option<PlayerView>,
    /// The save as JSON text, for `export_save` only (the player's explicit action: it holds secrets).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub json: Option<String>,
    /// A line for the player about what was done (e.g. where the previous game was kept).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub message: Option<String>,
}

impl SavesAnswer {
    fn done(slots: Vec<SlotInfo>, message: impl Into<String>) -> SavesAnswer {
        SavesAnswer {
            ok: true,
            error: None,
            slots: Some(slots),
            view: None,
            json: None,
            message: Some(message.into()),
        }
    }
    fn refused(error: ErrorInfo, slots: Option<Vec<SlotInfo>>) -> SavesAnswer {
        SavesAnswer {
            ok: false,
            error: Some(error),
            slots,
            view: None,
            json: None,
            message: None,
        }
    }
}

fn malformed(message: &str) -> ErrorInfo {
    ErrorInfo::new(ErrorCode::Malformed, message)
}

/// A string argument, or the clear error for a missing or wrong one.
fn text_arg(
    value: Option<serde_json::Value>,
    command: &str,
    arg: &str,
) -> Result<String, ErrorInfo> {
    match value {
        Some(serde_json::Value::String(s)) => Ok(s),
        None | Some(serde_json::Value::Null) => Err(malformed(&format!(
            "the {command} command needs a `{arg}` argument"
        ))),
        Some(_) => Err(malformed(&format!(
            "the {command} command's `{arg}` argument must be text"
        ))),
    }
}

/// While the table holds the app's game, the app's own copy is stale: saving or exporting it would keep
/// an old game, loading another would be overwritten when the table hands its game back. Refused, with
/// why, changing nothing.
fn at_table(mode: &TableMode) -> Option<ErrorInfo> {
    mode.holds_app_game().then(|| {
        ErrorInfo::new(
            ErrorCode::NotNow,
            "This game is open to the table: close the table to bring it back to the app first.",
        )
    })
}

/// Lists the save slots (damaged ones as unreadable).
pub fn list_saves(state: &AppState) -> SavesAnswer {
    SavesAnswer {
        ok: true,
        error: None,
        slots: Some(list_slots(&lock_store(&state.store))),
        view: None,
        json: None,
        message: None,
    }
}

/// Saves the running game into the slot named `name` (replacing a slot of that name only with
/// `overwrite: true`; otherwise the answer is `slot_exists`).
pub fn save_slot(
    state: &AppState,
    mode: &TableMode,
    name: Option<serde_json::Value>,
    overwrite: Option<serde_json::Value>,
) -> SavesAnswer {
    if let Some(error) = at_table(mode) {
        return SavesAnswer::refused(error, None);
    }
    let session = lock(&state.session);
    let mut store = lock_store(&state.store);
    let name = match text_arg(name, "save_slot", "name").and_then(|n| persistence::check_name(&n)) {
        Ok(name) => name,
        Err(e) => return SavesAnswer::refused(e, None),
    };
    let overwrite = match overwrite {
        None | Some(serde_json::Value::Null) => false,
        Some(serde_json::Value::Bool(b)) => b,
        Some(_) => {
            return SavesAnswer::refused(
                malformed("the save_slot command's `overwrite` argument must be true or false"),
                None,
            )
        }
    };
    if !session.has_game() {
        return SavesAnswer::refused(
            ErrorInfo::new(
                ErrorCode::NoGame,
                "There is no game to save: start one first.",
            ),
            None,
        );
    }
    let id = persistence::slot_id(&name);
    if !overwrite && persistence::has_slot(&store, &id) {
        return SavesAnswer::refused(
            ErrorInfo::new(
                ErrorCode::SlotExists,
                format!("A save named “{name}” already exists. Replace it?"),
            ),
            Some(list_slots(&store)),
        );
    }
    let row = persistence::slot_row(&id, &name, false, persistence::now_millis(), &session);
    if let Err(e) = persistence::write_slot(&mut store, &row) {
        return SavesAnswer::refused(e, Some(list_slots(&store)));
    }
    *lock(&state.kept_in_slot) = true;
    SavesAnswer::done(list_slots(&store), format!("Saved as “{name}”."))
}

/// Before another game replaces the running one: unless it is already kept unchanged in a slot, the
/// running game (journaled after every action) is kept in an automatic slot too, so nothing is lost when
/// the journal goes on with the other game. Returns the automatic slot's name, if one was written.
fn keep_running_game(
    state: &AppState,
    store: &mut goeben_store::Store,
    session: &goeben_referee::Session,
    why: &str,
) -> Result<Option<String>, ErrorInfo> {
    if !session.has_game() || *lock(&state.kept_in_slot) {
        return Ok(None);
    }
    let name = why.to_string();
    let id = persistence::automatic_id(store);
    let row = persistence::slot_row(&id, &name, true, persistence::now_millis(), session);
    persistence::write_slot(store, &row)?;
    Ok(Some(name))
}

/// Replaces the running game by `loaded`, starts the journal on it (a whole snapshot), and answers with
/// its view.
fn switch_to(
    state: &AppState,
    store: &mut goeben_store::Store,
    session: &mut goeben_referee::Session,
    loaded: goeben_referee::Session,
    kept_in_slot: bool,
    what: String,
    kept: Option<String>,
) -> SavesAnswer {
    *session = loaded;
    if let Err(e) = store.record_session(session, "loaded") {
        let mut answer = SavesAnswer::refused(
            ErrorInfo::new(ErrorCode::SaveFailed, persistence::game_message(&e)),
            Some(list_slots(store)),
        );
        answer.view = Some(session.view());
        return answer;
    }
    *lock(&state.kept_in_slot) = kept_in_slot;
    let message = match kept {
        Some(name) => format!("{what} Your previous game was kept as “{name}”."),
        None => what,
    };
    let mut answer = SavesAnswer::done(list_slots(store), message);
    answer.view = Some(session.view());
    answer
}

/// Loads slot `id` as the running game (the running one is kept first).
pub fn load_slot(state: &AppState, mode: &TableMode, id: Option<serde_json::Value>) -> SavesAnswer {
    if let Some(error) = at_table(mode) {
        return SavesAnswer::refused(error, None);
    }
    let mut session = lock(&state.session);
    let mut store = lock_store(&state.store);
    let id = match text_arg(id, "load_slot", "id") {
        Ok(id) => id,
        Err(e) => return SavesAnswer::refused(e, None),
    };
    let (info, loaded) = match persistence::read_saved_slot(&store, &id) {
        Ok(found) => found,
        Err(e) => return SavesAnswer::refused(e, Some(list_slots(&store))),
    };
    let why = format!("Before loading ‘{}’", info.name);
    let kept = match keep_running_game(state, &mut store, &session, &why) {
        Ok(kept) => kept,
        Err(e) => return SavesAnswer::refused(e, Some(list_slots(&store))),
    };
    switch_to(
        state,
        &mut store,
        &mut session,
        loaded,
        true,
        format!("Loaded “{}”.", info.name),
        kept,
    )
}

/// Deletes slot `id` (the UI asks the player to confirm first). Unreadable slots can be deleted too.
pub fn delete_slot(state: &AppState, id: Option<serde_json::Value>) -> SavesAnswer {
    let mut store = lock_store(&state.store);
    let id = match text_arg(id, "delete_slot", "id") {
        Ok(id) => id,
        Err(e) => return SavesAnswer::refused(e, None),
    };
    match persistence::delete_slot(&mut store, &id) {
        Ok(()) => SavesAnswer::done(list_slots(&store), "The save was deleted."),
        Err(e) => SavesAnswer::refused(e, Some(list_slots(&store))),
    }
}

/// The running game as save JSON text, to keep as a file or copy elsewhere. It holds the hidden counters
/// and the dice's state: the UI says so next to it, and only the player's explicit action asks for it.
pub fn export_save(state: &AppState, mode: &TableMode) -> SavesAnswer {
    if let Some(error) = at_table(mode) {
        return SavesAnswer::refused(error, None);
    }
    let session = lock(&state.session);
    if !session.has_game() {
        return SavesAnswer::refused(
            ErrorInfo::new(
                ErrorCode::NoGame,
                "There is no game to export: start one first.",
            ),
            None,
        );
    }
    SavesAnswer {
        ok: true,
        error: None,
        slots: None,
        view: None,
        json: Some(goeben_referee::api::save::to_json(&session)),
        message: None,
    }
}

/// Loads pasted or picked save JSON as the running game, once it checks (the running one is kept first).
pub fn import_save(
    state: &AppState,
    mode: &TableMode,
    json: Option<serde_json::Value>,
) -> SavesAnswer {
    if let Some(error) = at_table(mode) {
        return SavesAnswer::refused(error, None);
    }
    let mut session = lock(&state.session);
    let text = match text_arg(json, "import_save", "json") {
        Ok(text) => text,
        Err(e) => return SavesAnswer::refused(e, None),
    };
    let loaded = match persistence::check_import(&text) {
        Ok(loaded) => loaded,
        Err(e) => return SavesAnswer::refused(e, None),
    };
    let mut store = lock_store(&state.store);
    let kept = match keep_running_game(state, &mut store, &session, "Before an import") {
        Ok(kept) => kept,
        Err(e) => return SavesAnswer::refused(e, None),
    };
    switch_to(
        state,
        &mut store,
        &mut session,
        loaded,
        false,
        "The imported game is loaded.".into(),
        kept,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::persistence::SaveFailure;
    use goeben_referee::{RulesPack, Session};

    fn applied() -> Response {
        let mut session = Session::new(RulesPack::standard(), 4);
        let response =
            session.respond(protocol::parse_request(r#"{"action":"new_game","seed":4}"#).unwrap());
        assert!(response.ok && response.changed);
        response
    }

    fn failed(tell: bool) -> Result<(), SaveFailure> {
        Err(SaveFailure {
            message: "Your game could not be saved: the disk is full. Play goes on…".into(),
            tell,
        })
    }

    #[test]
    fn issue_18_an_action_whose_save_failed_stays_applied_and_the_player_is_told_once() {
        let first = after_save(applied(), failed(true), || Ok(()));
        assert!(first.ok, "the action is applied: its view is shown");
        assert_eq!(first.view, applied().view);
        let error = first.error.expect("the player is told");
        assert_eq!(error.code, "save_failed");
        assert!(
            error
                .message
                .starts_with("Your game could not be saved: the disk is full"),
            "{}",
            error.message
        );
        let next = after_save(applied(), failed(false), || Ok(()));
        assert!(
            next.ok && next.error.is_none(),
            "not told again at every move"
        );
        assert!(after_save(applied(), Ok(()), || Ok(())).error.is_none());
    }

    #[test]
    fn issue_18_a_finished_game_not_kept_is_told_in_the_right_words() {
        let saved = after_save(applied(), Ok(()), || Err("disk full".into()))
            .error
            .unwrap();
        assert!(
            saved.message.starts_with("The game is saved, but"),
            "{}",
            saved.message
        );
        let unsaved = after_save(applied(), failed(false), || Err("disk full".into()))
            .error
            .unwrap();
        assert!(
            unsaved.message.starts_with("The game could not be added"),
            "{}",
            unsaved.message
        );
        for message in [&saved.message, &unsaved.message] {
            assert!(message.ends_with("It will be added the next time you open the finished games, once it can be written."), "{message}");
        }
        let told = after_save(applied(), failed(true), || Err("disk full".into()))
            .error
            .unwrap();
        assert_eq!(told.code, "save_failed", "the save's message comes first");
    }

    /// The page's first answer (issue #53): the same view a `view` asks for, the notice given once, and no
    /// text inside that could close the element it travels in.
    #[test]
    fn issue_53_the_page_carries_its_first_answer_once_and_safely() {
        let dir = std::env::temp_dir().join(format!("goeben-first-answer-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let app = crate::App::new(persistence::open_store(None), &dir);
        let state = &app.state;
        let new_game = serde_json::json!({"action": "new_game", "seed": 9});
        assert!(respond(state, &app.table, Some(new_game)).ok);
        *lock(&state.notice) = Some("The game opened at step 3 </script><!-- of 4.".into());
        let html = "<html><head><title>t</title></head><body></body></html>";
        let served = |answer: &FirstAnswer| page_with_first_answer(html, answer).unwrap();

        let page = served(&first_answer(state, &app.table));
        let open = format!("<script type=\"application/json\" id=\"{FIRST_ANSWER_ID}\">");
        let start = page.find(&open).expect("the data block") + open.len();
        let end = start + page[start..].find("</script>").expect("its end");
        assert!(page[end..].starts_with("</script></head>"), "{page}");
        assert_eq!(
            page.matches("</script>").count(),
            1,
            "nothing inside closes the element: {page}"
        );
        assert!(!page[start..end].contains('<'), "{page}");
        let answer: serde_json::Value = serde_json::from_str(&page[start..end]).expect("JSON");
        let view = respond(
            state,
            &app.table,
            Some(serde_json::json!({"action": "view"})),
        );
        assert_eq!(
            answer["response"],
            serde_json::to_value(&view).unwrap(),
            "the view a `view` gets"
        );
        assert_eq!(
            answer["notice"],
            "The game opened at step 3 </script><!-- of 4."
        );

        // Given once, as `startup_notice` gives it; a reload is served the game as it is then.
        let again = served(&first_answer(state, &app.table));
        assert!(again.contains(r#""notice":null"#), "{again}");
        assert_eq!(startup_notice(state), None);
        // A page with no head is served as it is.
        let first = first_answer(state, &app.table);
        assert_eq!(
            page_with_first_answer("<p>x</p>", &first).unwrap(),
            "<p>x</p>"
        );
    }

    /// The game screen's own chunk (issue #53): a page whose first screen is a game fetches its files beside
    /// the page's script; a new player's start screen leaves them in their comment.
    #[test]
    fn issue_53_the_game_screens_files_are_fetched_only_for_a_game() {
        let dir = std::env::temp_dir().join(format!("goeben-game-files-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let app = crate::App::new(persistence::open_store(None), &dir);
        let state = &app.state;
        let files = r#"<link rel="modulepreload" href="/assets/gameParts-x.js"><link rel="stylesheet" href="/assets/gameParts-y.css">"#;
        let html = format!("<html><head><title>t</title>{GAME_SCREEN_FILES}{files} --><meta></head><body></body></html>");

        let new_player = page_with_first_answer(&html, &first_answer(state, &app.table)).unwrap();
        assert!(
            new_player.contains(&format!("{GAME_SCREEN_FILES}{files} -->")),
            "{new_player}"
        );

        let new_game = serde_json::json!({"action": "new_game", "seed": 9});
        assert!(respond(state, &app.table, Some(new_game)).ok);
        let answer = first_answer(state, &app.table);
        assert!(answer.shows_game());
        let returning = page_with_first_answer(&html, &answer).unwrap();
        assert!(
            returning.contains(&format!(
                "<title>t</title>{files} <meta><script type=\"application/json\""
            )),
            "{returning}"
        );
        assert!(!returning.contains("<!--"), "{returning}");
        // An unclosed comment is left as it is: the page is served, its files load when asked for.
        let unclosed = format!("<html><head>{GAME_SCREEN_FILES}{files}</head></html>");
        assert!(page_with_first_answer(&unclosed, &answer)
            .unwrap()
            .contains(GAME_SCREEN_FILES));
    }
}
