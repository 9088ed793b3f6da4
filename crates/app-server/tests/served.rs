//! The app's commands over HTTP, against the real core and the real store in a folder of its own: a game
//! played by its decisions and there again after a restart, the refusals, the UI's page, loopback only.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use goeben_app_server::{serve, Served, BODY_MAX, COMMANDS};
use serde_json::{json, Value};

/// A folder of the test's own, removed when the test ends (the servers' threads may still hold it open).
fn folder(tag: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(&format!("goeben-app-server-{tag}-"))
        .tempdir()
        .expect("a folder")
}

/// A server on its own thread, the app kept in `data`: the address it listens on.
fn start(data: &Path, ui: Option<PathBuf>) -> SocketAddr {
    let served = Arc::new(Served::open(data, ui));
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Runtime::new().expect("a runtime");
        runtime
            .block_on(serve(served, 0, |addr| tx.send(addr).expect("told")))
            .expect("serves");
    });
    rx.recv().expect("the server listens")
}

/// One HTTP/1.1 request: the status and the body.
fn http(addr: SocketAddr, method: &str, path: &str, body: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).expect("connects");
    let head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n", body.len());
    stream.write_all(head.as_bytes()).expect("sends");
    // A refused body may be cut off by the server before it is all sent.
    let _ = stream.write_all(body);
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let status = answer[9..12].parse().expect("a status");
    let body = answer
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

/// A command with its arguments: the answer's JSON (the status must be 200).
fn call(addr: SocketAddr, command: &str, args: Value) -> Value {
    let (status, body) = http(
        addr,
        "POST",
        &format!("/ipc/{command}"),
        args.to_string().as_bytes(),
    );
    assert_eq!(status, 200, "{command}: {body}");
    serde_json::from_str(&body).expect("JSON")
}

fn view(addr: SocketAddr) -> Value {
    call(addr, "respond", json!({"action": {"action": "view"}}))["view"].clone()
}

#[test]
fn the_server_answers_exactly_the_shells_commands() {
    let generated = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../ui/src/generated/shell/commands.ts"),
    )
    .expect("the shell's generated command list");
    let list = generated
        .split("export const COMMANDS = [")
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .expect("the list");
    let shell: Vec<&str> = list
        .split(',')
        .map(|name| name.trim().trim_matches('\''))
        .collect();
    assert_eq!(shell, COMMANDS);
}

#[test]
fn a_game_plays_through_the_commands_against_the_real_store_and_is_there_after_a_restart() {
    let data = folder("game");
    let data = data.path();
    let addr = start(data, None);
    let started = call(
        addr,
        "respond",
        json!({"action": {"action": "new_game", "seed": 7}}),
    );
    assert_eq!(started["ok"], true, "{started}");
    let mut played = 0;
    for _ in 0..12 {
        let decision = view(addr)["decisions"][0]["action"].clone();
        if !decision.is_object() {
            break;
        }
        let answer = call(addr, "respond", json!({ "action": decision }));
        assert_eq!(answer["ok"], true, "{answer}");
        played += 1;
    }
    assert!(played >= 5, "a few decisions played: {played}");
    let before = view(addr);
    // Every step was journaled before its answer: a second app on the same folder opens the same game.
    let again = start(data, None);
    assert_eq!(view(again), before);
    // And the saves go to the same store.
    let saved = call(again, "save_slot", json!({"name": "Over HTTP"}));
    assert_eq!(saved["ok"], true, "{saved}");
    assert_eq!(
        call(addr, "list_saves", json!({}))["slots"][0]["name"],
        "Over HTTP"
    );
}

#[test]
fn bad_requests_are_refused_clearly_and_change_nothing() {
    let data = folder("refused");
    let addr = start(data.path(), None);
    call(
        addr,
        "respond",
        json!({"action": {"action": "new_game", "seed": 3}}),
    );
    let before = view(addr);
    let (status, why) = http(addr, "POST", "/ipc/no_such_command", b"{}");
    assert_eq!(
        (status, why.as_str()),
        (404, "no command is named “no_such_command”")
    );
    let (status, why) = http(addr, "POST", "/ipc/respond", b"{not json");
    assert_eq!(status, 400);
    assert!(
        why.starts_with("a command's arguments are not JSON"),
        "{why}"
    );
    let (status, why) = http(addr, "POST", "/ipc/respond", b"[1, 2]");
    assert_eq!(
        (status, why.as_str()),
        (400, "a command's arguments are one JSON object")
    );
    let (status, _) = http(addr, "POST", "/ipc/import_save", &vec![b' '; BODY_MAX + 1]);
    assert_eq!(status, 413, "an oversized body");
    let (status, why) = http(addr, "POST", "/ipc/decode_frame", b"{}");
    assert_eq!(status, 404, "as on a phone: {why}");
    let (status, _) = http(addr, "GET", "/ipc/respond", b"");
    assert_eq!(status, 405);
    // A wrong argument is the command's own answer, as in the app.
    let wrong = call(addr, "respond", json!({"action": 5}));
    assert_eq!(wrong["ok"], false);
    assert_eq!(wrong["error"]["code"], "malformed", "{wrong}");
    let missing = call(addr, "load_slot", json!({}));
    assert_eq!(missing["ok"], false, "{missing}");
    assert_eq!(view(addr), before, "nothing changed");
}

#[test]
fn the_ui_is_served_with_its_page_marked_for_these_commands() {
    let ui_folder = folder("ui");
    let ui = ui_folder.path();
    std::fs::write(
        ui.join("index.html"),
        "<html><head><title>G</title></head><body></body></html>",
    )
    .unwrap();
    std::fs::create_dir_all(ui.join("assets")).unwrap();
    std::fs::write(ui.join("assets/app.js"), "export const a = 1;\n").unwrap();
    let data = folder("ui-data");
    let addr = start(data.path(), Some(ui.to_path_buf()));
    let (status, page) = http(addr, "GET", "/", b"");
    assert_eq!(status, 200);
    assert!(
        page.contains("<head>\n    <meta name=\"goeben-ipc\" content=\"http\" />"),
        "{page}"
    );
    assert_eq!(
        http(addr, "GET", "/assets/app.js", b""),
        (200, "export const a = 1;\n".into())
    );
    assert_eq!(http(addr, "GET", "/assets/none.js", b"").0, 404);
}

#[test]
fn it_listens_on_loopback_only_and_the_app_commands_answer() {
    let data = folder("loopback");
    let addr = start(data.path(), None);
    assert!(addr.ip().is_loopback(), "{addr}");
    assert!(call(addr, "app_ready", json!({})).as_u64().is_some());
    assert_eq!(call(addr, "table_status", json!({}))["ok"], true);
    assert_eq!(
        call(addr, "table_watch", json!({})),
        false,
        "no table holds the app's game"
    );
    assert_eq!(call(addr, "list_finished", json!({}))["ok"], true);
    let tools = call(addr, "tools_respond", json!({"request": {"tool": "nope"}}));
    assert!(tools.is_object(), "{tools}");
}
