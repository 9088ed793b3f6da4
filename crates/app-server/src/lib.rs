//! The app's commands over HTTP, on loopback only: the same 21 commands the Tauri shell answers, with the same
//! arguments and answers, from the same Tauri-free crates (`goeben-app-core`: the core's `Session`, the game
//! store, the table tools, table mode), so the UI runs in a browser — Chromium, the engine of Android's
//! WebView — against the real game and the real store. For tests and development only: it is not a way to
//! serve the app to other devices (nothing but 127.0.0.1 is ever bound).
//!
//! `POST /ipc/{command}` takes the command's arguments as one JSON object (the names the UI gives `invoke`)
//! and answers the command's answer as JSON, `200`; a body that is not a JSON object, or over
//! [`BODY_MAX`], is refused (`400`, `413`) and changes nothing; an unknown command is `404`. What needs the
//! native side answers as on a platform without it: `decode_frame` (the desktop's webcam frames) is `404`,
//! as on a phone. `GET /ipc/table_watch` is the stream (server-sent events, one `TableVersion` each) of what
//! the shell tells its `table_watch` channel. Anything else is a file of the built UI (`ui/dist`), whose
//! `index.html` is served with a `<meta name="goeben-ipc" content="http">`: the UI's `ipc.ts` then calls
//! here instead of Tauri.

use std::convert::Infallible;
use std::net::{Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path as UrlPath, State};
use axum::http::{header, StatusCode};
use axum::response::sse::{Event, Sse};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use goeben_app_core::table_mode::{self, TableVersion};
use goeben_app_core::{commands, persistence, table_tools, App};
use serde_json::{Map, Value};
use tokio::sync::broadcast;
use tower_http::services::ServeDir;

/// The largest body a command takes: an imported save of a long campaign with every undo copy kept stays
/// well under it.
pub const BODY_MAX: usize = 16 * 1024 * 1024;

/// Every command served, in the shell's order (`src-tauri/src/ipc_commands.rs`; a test holds the two equal).
pub const COMMANDS: &[&str] = &[
    "respond",
    "startup_notice",
    "list_saves",
    "save_slot",
    "load_slot",
    "delete_slot",
    "export_save",
    "import_save",
    "list_finished",
    "finished_record",
    "career",
    "tools_respond",
    "table_addresses",
    "table_open",
    "table_status",
    "table_reissue",
    "table_close",
    "table_forget",
    "table_watch",
    "decode_frame",
    "app_ready",
];

/// What the server holds: the app, when it started, and the table's versions for the watchers' streams.
pub struct Served {
    app: App,
    started: Instant,
    versions: broadcast::Sender<TableVersion>,
    ui: Option<PathBuf>,
}

impl Served {
    /// The app kept in the data folder `data` (created when missing), the built UI served from `ui`.
    pub fn open(data: &Path, ui: Option<PathBuf>) -> Served {
        let opening = persistence::open_store(Some(data));
        Served {
            app: App::new(opening, data),
            started: Instant::now(),
            versions: broadcast::channel(64).0,
            ui,
        }
    }
}

/// A refusal: its status and one line saying why.
fn refused(status: StatusCode, why: impl Into<String>) -> Response {
    (status, why.into()).into_response()
}

/// The routes: the commands, the table's stream and the UI's files.
pub fn router(served: Arc<Served>) -> Router {
    let routes = Router::new()
        .route("/ipc/table_watch", get(table_versions).post(watch_command))
        .route("/ipc/{command}", post(command))
        .route("/", get(index))
        .route("/index.html", get(index))
        .layer(DefaultBodyLimit::max(BODY_MAX));
    let routes = match &served.ui {
        Some(dir) => routes.fallback_service(ServeDir::new(dir)),
        None => routes,
    };
    routes.with_state(served)
}

/// Serves on `127.0.0.1:port` (0: any free port) until the process ends; `ready` hears the address bound.
pub async fn serve(
    served: Arc<Served>,
    port: u16,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let listener =
        tokio::net::TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, port))).await?;
    ready(listener.local_addr()?);
    axum::serve(listener, router(served)).await
}

/// The UI's page, marked so that its `ipc.ts` calls this server.
async fn index(State(served): State<Arc<Served>>) -> Response {
    let Some(dir) = &served.ui else {
        return refused(StatusCode::NOT_FOUND, "no UI folder was given (--ui)");
    };
    match tokio::fs::read_to_string(dir.join("index.html")).await {
        Ok(page) => Html(marked(&page)).into_response(),
        Err(e) => refused(
            StatusCode::NOT_FOUND,
            format!("the UI's index.html cannot be read ({e}): build it with `npm run ui:build`"),
        ),
    }
}

/// `page` with the mark that tells the UI where its commands go.
pub fn marked(page: &str) -> String {
    page.replacen(
        "<head>",
        "<head>\n    <meta name=\"goeben-ipc\" content=\"http\" />",
        1,
    )
}

/// One command: its arguments checked to be a JSON object, then answered off the async threads (the
/// commands write to the disk and may bind the table's address).
async fn command(
    State(served): State<Arc<Served>>,
    UrlPath(name): UrlPath<String>,
    body: Bytes,
) -> Response {
    let args = match arguments(&body) {
        Ok(args) => args,
        Err(why) => return refused(StatusCode::BAD_REQUEST, why),
    };
    let answered = tokio::task::spawn_blocking(move || answer(&served, &name, args)).await;
    match answered {
        Ok(Ok(value)) => (
            [(header::CONTENT_TYPE, "application/json")],
            value.to_string(),
        )
            .into_response(),
        Ok(Err((status, why))) => refused(status, why),
        Err(_) => refused(StatusCode::INTERNAL_SERVER_ERROR, "the command failed"),
    }
}

/// `POST /ipc/table_watch`: the command (its `GET` is the stream of what it tells).
async fn watch_command(served: State<Arc<Served>>, body: Bytes) -> Response {
    command(served, UrlPath("table_watch".to_string()), body).await
}

/// The body as the command's arguments: empty is none, otherwise one JSON object.
fn arguments(body: &[u8]) -> Result<Map<String, Value>, String> {
    if body.is_empty() {
        return Ok(Map::new());
    }
    match serde_json::from_slice(body) {
        Ok(Value::Object(args)) => Ok(args),
        Ok(_) => Err("a command's arguments are one JSON object".into()),
        Err(e) => Err(format!("a command's arguments are not JSON: {e}")),
    }
}

type Answer = Result<Value, (StatusCode, String)>;

/// What command `name` answers to `args`, as JSON: the same functions the shell's commands forward to.
fn answer(served: &Served, name: &str, mut args: Map<String, Value>) -> Answer {
    let mut arg = |n: &str| args.remove(n);
    let (app, state, table) = (&served.app, &served.app.state, &served.app.table);
    let value = match name {
        "respond" => json(commands::respond(state, table, arg("action"))),
        "startup_notice" => json(commands::startup_notice(state)),
        "list_saves" => json(commands::list_saves(state)),
        "save_slot" => json(commands::save_slot(
            state,
            table,
            arg("name"),
            arg("overwrite"),
        )),
        "load_slot" => json(commands::load_slot(state, table, arg("id"))),
        "delete_slot" => json(commands::delete_slot(state, arg("id"))),
        "export_save" => json(commands::export_save(state, table)),
        "import_save" => json(commands::import_save(state, table, arg("json"))),
        "list_finished" => json(commands::list_finished(state)),
        "finished_record" => json(commands::finished_record(state, arg("id"))),
        "career" => json(commands::career(state)),
        "tools_respond" => json(table_tools::tools_respond(&app.tools, arg("request"))),
        _ => return table_answer(served, name, arg),
    };
    Ok(value)
}

/// The table's commands and the app's own ([`answer`]'s second half).
fn table_answer(served: &Served, name: &str, mut arg: impl FnMut(&str) -> Option<Value>) -> Answer {
    let (state, table) = (&served.app.state, &served.app.table);
    let value =
        match name {
            "table_addresses" => json(table_mode::table_addresses()),
            "table_open" => json(table_mode::table_open(
                table,
                state,
                arg("address"),
                arg("display"),
                arg("game"),
            )),
            "table_status" => json(table_mode::table_status(table, state)),
            "table_reissue" => json(table_mode::table_reissue(table, arg("seat"))),
            "table_close" => json(table_mode::table_close(table, state)),
            "table_forget" => json(table_mode::table_forget(table, state)),
            "table_watch" => {
                let versions = served.versions.clone();
                // Told versions go to whoever streams them now (`GET /ipc/table_watch`); the watcher stays
                // while the server runs, as the shell's stays while its window does.
                let watcher = Arc::new(move |version| {
                    let _ = versions.send(version);
                    true
                });
                json(table_mode::table_watch(table, watcher))
            }
            "app_ready" => json(served.started.elapsed().as_millis() as u64),
            "decode_frame" => return Err((
                StatusCode::NOT_FOUND,
                "decode_frame is the desktop app's: the webcam's frames are decoded in its shell"
                    .into(),
            )),
            _ => {
                return Err((
                    StatusCode::NOT_FOUND,
                    format!("no command is named “{name}”"),
                ))
            }
        };
    Ok(value)
}

fn json(answer: impl serde::Serialize) -> Value {
    serde_json::to_value(answer).expect("a command's answer is JSON")
}

/// The table's versions as server-sent events, one JSON `TableVersion` each, from now on.
async fn table_versions(
    State(served): State<Arc<Served>>,
) -> Sse<impl futures_util::Stream<Item = Result<Event, Infallible>>> {
    let told = served.versions.subscribe();
    let stream = futures_util::stream::unfold(told, |mut told| async move {
        loop {
            match told.recv().await {
                Ok(version) => {
                    let event = Event::default().data(json(version).to_string());
                    return Some((Ok(event), told));
                }
                // A slow reader missed some: the next version still says "changed".
                Err(broadcast::error::RecvError::Lagged(_)) => continue,
                Err(broadcast::error::RecvError::Closed) => return None,
            }
        }
    });
    Sse::new(stream)
}
