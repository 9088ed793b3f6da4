//! What a stranger can hand the game: a protocol line, a save file (opened or imported),
//! a rules pack to import, a counter code, a game record to verify, a webcam frame. Each function takes the
//! raw bytes of one fuzz input, feeds them through the entry point the app uses and asserts what the app
//! promises. Used by the fuzz targets (`fuzz/fuzz_targets/`) and, through `#[path]`, by the core's
//! `tests/fuzz_corpus.rs`, which replays every corpus file and every kept crash.

use std::sync::OnceLock;

use goeben_referee::api::view::PlayerView;
use goeben_referee::api::{codes, protocol, save, verify};
use goeben_referee::{Response, RulesPack, Session};

/// Most lines one input sends (the rest are ignored): enough to reach a battle from a seed's opening.
pub const MAX_LINES: usize = 64;

/// The game every protocol input starts from: the standard pack, new game with seed 7, as the example
/// session (docs/protocol/example.in.jsonl) starts it.
pub fn running_game() -> &'static Session {
    static PREPARED: OnceLock<Session> = OnceLock::new();
    PREPARED.get_or_init(|| {
        let mut session = Session::new(RulesPack::standard(), 1);
        let started = protocol::handle_line(
            &mut session,
            r#"{"action":"new_game","seed":7,"options":{"orders":"ottoman_alliance"}}"#,
        );
        assert!(started.ok, "the fuzz targets' game starts");
        session
    })
}

/// A session with no game yet (the app's first screen).
pub fn no_game() -> &'static Session {
    static PREPARED: OnceLock<Session> = OnceLock::new();
    PREPARED.get_or_init(|| Session::new(RulesPack::standard(), 1))
}

fn standard_pack() -> &'static RulesPack {
    static PACK: OnceLock<RulesPack> = OnceLock::new();
    PACK.get_or_init(RulesPack::standard)
}

/// One protocol line through `protocol::handle_line`, as the CLI and the shell's `respond` take it, on a
/// session whose view is `before` (a view already serialised: by the line that answered it, or by
/// [`serialised`] for a prepared session). Checks the documented promises: the response always serialises; a
/// refused line (malformed, unknown, illegal) is not marked for saving and changes nothing — not the view,
/// not the log; an accepted read-only request changes nothing either. The response's view is the session's
/// view after the line (the next line's `before`), so no view is built twice.
pub fn check_line(session: &mut Session, before: &PlayerView, line: &str) -> Response {
    let log_before = session.log().len();
    let response = protocol::handle_line(session, line);
    if !response.ok {
        assert!(!response.changed, "a refused line is not saved: {line}");
    }
    if response.changed {
        let _ = protocol::to_line(&response);
    } else {
        assert_eq!(
            &response.view, before,
            "a refused or read-only line changed the view: {line}"
        );
        assert_eq!(
            session.log().len(),
            log_before,
            "a refused or read-only line changed the log: {line}"
        );
        serialises_besides_its_view(&response);
    }
    response
}

/// A response whose view is one already serialised: every other field of it serialises (what
/// `protocol::to_line` would check of the whole). Serialising the unchanged view again for each refused
/// line was over 40% of `protocol_line`'s time, and most fuzzed lines are refused.
fn serialises_besides_its_view(response: &Response) {
    let Response {
        ok,
        events,
        lines,
        error,
        view: _,
        answer,
        changed: _,
    } = response;
    let _ =
        serde_json::to_string(&(ok, events, lines, error)).expect("a response's fields serialise");
    let answer = serde_json::to_value(answer).expect("a response's answer serialises");
    assert!(
        answer.is_object(),
        "a response's answer is flattened into it, so it serialises as fields"
    );
}

/// `view`, once serialised as a response carries it, so [`check_line`] may take it as `before`.
fn serialised(view: PlayerView) -> PlayerView {
    let _ = serde_json::to_string(&view).expect("a view serialises");
    view
}

/// `protocol_line`: up to [`MAX_LINES`] lines (split on `\n`) through a running game.
pub fn protocol_lines(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut session = running_game().clone();
    let mut view = running_game_view().clone();
    for line in text.split('\n').take(MAX_LINES) {
        view = check_line(&mut session, &view, line).view;
    }
}

fn running_game_view() -> &'static PlayerView {
    static VIEW: OnceLock<PlayerView> = OnceLock::new();
    VIEW.get_or_init(|| serialised(running_game().view()))
}

fn no_game_view() -> &'static PlayerView {
    static VIEW: OnceLock<PlayerView> = OnceLock::new();
    VIEW.get_or_init(|| serialised(no_game().view()))
}

/// `save_file`: a save opened from disk or pasted into Import (the shell's `check_import` calls
/// `save::from_json` too). A refused save is an error, never a panic. A save that loads answers a view,
/// saves and loads again to the same view, and takes its first legal action without falling over.
pub fn save_file(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut session = match save::from_json(text) {
        Ok(session) => session,
        Err(refused) => {
            let _ = refused.to_string();
            return;
        }
    };
    let view = serialised(session.view());
    let again =
        save::from_json(&save::to_json(&session)).expect("a save that loads saves and loads again");
    assert_eq!(
        again.view(),
        view,
        "a loaded save saved again shows the same view"
    );
    check_line(&mut session, &view, r#"{"action":"view"}"#);
    if let Some(action) = view.legal_actions().first().cloned() {
        let response = session.respond(action.clone());
        let _ = protocol::to_line(&response);
    }
}

/// `rules_pack`: a pack pasted into the charts screen's Import (the `import_pack` request), before a game
/// and during one, and the CLI's `--pack` file (`RulesPack::from_json`). Refused means unchanged (`check_line`); a pack accepted before a game must start one
/// without falling over.
pub fn rules_pack(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // The `referee --pack FILE` door reads the same text.
    let _ = RulesPack::from_json(text).map_err(|e| e.to_string());
    // The pack's text escaped straight into the line (what the UI's JSON.stringify sends): building a
    // `json!` value of it and printing that was a quarter of this target's time.
    let line = format!(
        r#"{{"action":"import_pack","json":{}}}"#,
        serde_json::to_string(text).expect("a str serialises")
    );
    let mut during = running_game().clone();
    check_line(&mut during, running_game_view(), &line);
    let mut before = no_game().clone();
    let imported = check_line(&mut before, no_game_view(), &line);
    if imported.ok {
        check_line(
            &mut before,
            &imported.view,
            r#"{"action":"new_game","seed":3}"#,
        );
    }
}

/// `counter_code`: a code typed, pasted or scanned. `codes::parse` never panics, and a code it reads is the
/// code of the piece it names; the `scan` request is read-only, with a game and without.
pub fn counter_code(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let pack = standard_pack();
    if let Ok(piece) = codes::parse(pack, text) {
        let code = codes::code_of(pack, &piece).expect("a piece read from a code has a code");
        assert_eq!(
            codes::parse(pack, &code).ok(),
            Some(piece),
            "a piece's own code reads as that piece"
        );
    }
    let line = serde_json::json!({"action": "scan", "code": text}).to_string();
    // A scan is read-only, so the two sessions are kept from one input to the next (no clone):
    // `check_line` fails the moment one changes.
    thread_local! {
        static SESSIONS: std::cell::RefCell<[(Session, &'static PlayerView); 2]> =
            std::cell::RefCell::new([(running_game().clone(), running_game_view()), (no_game().clone(), no_game_view())]);
    }
    SESSIONS.with(|sessions| {
        for (session, view) in sessions.borrow_mut().iter_mut() {
            let response = check_line(session, view, &line);
            assert!(!response.changed, "a scan changes nothing");
        }
    });
}

/// `game_record`: `referee verify` on any text. Never panics (libFuzzer's panic hook aborts even inside
/// `verify`'s own `catch_unwind`, so a rule engine's internal check tripped by a replayed step is found
/// too); a verified record names its steps and final view.
pub fn game_record(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let report = verify::verify(text);
    if report.ok {
        assert!(
            report.steps.is_some() && report.final_view.is_some(),
            "a verified record says how many steps and the final view"
        );
    } else {
        assert!(report.error.is_some(), "a refused record says why");
    }
    let _ = serde_json::to_string(&report).expect("a report serialises");
}

// The app's own decoder (crates/frame-reader), so the fuzzer reads frames exactly as the shell does.
pub use goeben_frame_reader::decode_grey;

/// `webcam_frame`: the first four bytes are the `x-frame-width` and `x-frame-height` headers (two
/// little-endian u16), the rest the raw body of grey pixels, as the shell's `decode_frame` receives them.
/// The frame is decoded as sent (so the size checks are fuzzed), then, so rqrr sees every input, cut to the
/// largest whole frame of that width. A decoded text is looked up as a scanned code.
pub fn webcam_frame(data: &[u8]) {
    if data.len() < 4 {
        return;
    }
    let width = u16::from_le_bytes([data[0], data[1]]) as usize;
    let height = u16::from_le_bytes([data[2], data[3]]) as usize;
    let pixels = &data[4..];
    let as_sent = decode_grey(width, height, pixels);
    if as_sent.is_err() && !pixels.is_empty() {
        let width = width.clamp(1, pixels.len());
        let height = pixels.len() / width;
        let cut = decode_grey(width, height, &pixels[..width * height]);
        assert!(
            cut.is_ok(),
            "a whole frame within the size limit is read: {cut:?}"
        );
        if let Ok(Some(text)) = cut {
            let _ = codes::parse(standard_pack(), &text);
        }
    }
    if let Ok(Some(text)) = as_sent {
        let _ = codes::parse(standard_pack(), &text);
    }
}
