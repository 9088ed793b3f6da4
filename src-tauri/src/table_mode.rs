//! Table mode in the app (docs/TABLE-MODE.md): the shell wraps the headless host
//! (`goeben-table-host`). Nothing listens until the player opens the table from the Table tools screen, on
//! one of the device's own addresses (`table_addresses`). The table plays the table tools (seats A and B) or
//! a referee game under 25.0 roles (a seat per Task Force Officer, or per ship's commander: the host's game
//! tables), with, if asked for, the table display. The table is kept in `table-mode.json` in the app's data
//! folder (the host's `--state`), so opening it again — after closing it, or after the app was restarted or
//! killed — reopens the same table with the same seat codes. The host serves on its own thread and runtime
//! (`Running`).
//!
//! A table the player did not close — the app quit or was killed while it was open — reopens by itself
//! at the app's next start (same address, same port when free, same codes), so the guests' pages
//! reconnect on their own: while it is open, `table-mode.open.json` beside the table's file names where
//! it listens; *Close the table* removes it.
//!
//! The file keeps one table, of one kind: asking for a table of another kind than the one kept is refused,
//! naming what the device keeps; `table_forget` (only while the table is closed) removes the file — the
//! kept table's secrets and codes, for good — so the next open starts fresh.
//!
//! The commands answer a `TableAnswer` (or the address list): a bad argument — an address the device does
//! not have, a seat the table does not have — comes back as `ok: false` with a message and changes nothing.
//! What crosses to the webview is each seat's join URL, its QR code (SVG) and whether it is connected: the
//! referee's session and its secrets stay in the host and its file.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
#[cfg(test)]
use std::path::Path;
use std::path::PathBuf;
use std::sync::Mutex;

use goeben_referee::api::print_sheet::qr_svg;
use goeben_referee::api::Roles;
use goeben_table_host::game::{game_seats, new_game};
use goeben_table_host::limits::Limits;
use goeben_table_host::seats::tool_seats;
use goeben_table_host::store::{write_atomic, Store};
use goeben_table_host::table::Table;
use goeben_table_host::{Host, Running};
use goeben_table_tools::ToolSession;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tauri::{AppHandle, Manager, State};
use ts_rs::TS;

/// The table's file in the app data folder (the host's `--state`): every secret of both players and the
/// seat codes; never sent to the webview.
pub const FILE: &str = "table-mode.json";

/// Beside [`FILE`] while the table is open: where it listens (no secret), so a table left open when the
/// app quit or was killed reopens at the next start. Written atomically, removed by *Close the table*.
pub const LEFT_OPEN: &str = "table-mode.open.json";

/// What [`LEFT_OPEN`] holds.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct LeftOpen {
    /// The address and port the table listened on, e.g. `192.168.1.20:8080`.
    listen: SocketAddr,
}

/// The port tried first, so a table reopened after a restart keeps its join URLs; a free port is taken
/// when it is in use.
pub const DEFAULT_PORT: u16 = 8080;

/// The host's worker threads: a table of three seats asks little.
const WORKERS: usize = 1;

/// What `table_open`, `table_status`, `table_reissue`, `table_close` and `table_forget` answer.
#[derive(Debug, Serialize, TS)]
#[ts(export_to = "shell/")]
pub struct TableAnswer {
    pub ok: bool,
    /// Why the command was refused (nothing changed).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub error: Option<String>,
    /// The open table, or `null` when it is closed.
    pub table: Option<OpenTable>,
}

/// The open table: where it listens and its seats.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export_to = "shell/")]
pub struct OpenTable {
    /// The address and port guests reach, e.g. `192.168.1.20:8080`.
    pub listen: String,
    /// Reopened from the table's file (the same seats and codes as before) rather than opened new.
    pub restored: bool,
    /// What the table plays: `null`, the table tools (seats A and B); otherwise a referee game under these
    /// 25.0 roles (`task_force_officers`: a seat per officer; `ship_commanders`: a seat per ship).
    pub game: Option<Roles>,
    pub seats: Vec<SeatInfo>,
}

/// One seat: its join URL, the URL's QR code and who is connected.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export_to = "shell/")]
pub struct SeatInfo {
    /// `A`, `B` or `display` at a table of the table tools; at a game table the role's name
    /// (`Commander`…, `SMS Goeben`…) or `display`.
    pub seat: String,
    pub url: String,
    /// The join URL's QR code as an SVG document.
    pub qr_svg: String,
    /// The host heard from the seat in the last 30 s.
    pub connected: bool,
    #[ts(type = "number | null")]
    pub last_seen_ms_ago: Option<u64>,
    #[ts(type = "number")]
    pub requests: u64,
}

impl TableAnswer {
    fn open(table: OpenTable) -> TableAnswer {
        TableAnswer {
            ok: true,
            error: None,
            table: Some(table),
        }
    }
    fn closed() -> TableAnswer {
        TableAnswer {
            ok: true,
            error: None,
            table: None,
        }
    }
    fn refused(why: String, table: Option<OpenTable>) -> TableAnswer {
        TableAnswer {
            ok: false,
            error: Some(why),
            table,
        }
    }
}

/// The table's host, when it is open.
pub struct TableMode {
    state_file: PathBuf,
    running: Mutex<Option<Open>>,
}

/// The running host, whether it was reopened from its file, and what it plays.
struct Open {
    running: Running,
    restored: bool,
    game: Option<Roles>,
}

/// What a table plays, in the card's words: `None`, the table tools; otherwise a game under those roles.
pub fn plays_words(game: Option<Roles>) -> &'static str {
    match game {
        None => "a table of the table tools",
        Some(Roles::TaskForceOfficers) => "a game of the four Task Force Officers",
        Some(Roles::ShipCommanders) => "a game of the ships' commanders",
        Some(Roles::Solo) => "a game of one player",
    }
}

impl TableMode {
    /// Table mode with its file in the app's data folder; closed.
    pub fn open(app: &AppHandle) -> Result<TableMode, Box<dyn std::error::Error>> {
        Ok(TableMode::at(app.path().app_data_dir()?.join(FILE)))
    }

    /// Table mode kept in `state_file`; closed.
    pub fn at(state_file: PathBuf) -> TableMode {
        TableMode {
            state_file,
            running: Mutex::new(None),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Option<Open>> {
        self.running
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Opens the table on `ip` (one of `offered`) on `port` (0: any free port): a table of the table tools
    /// (seats A and B) when `game` is `None`, otherwise a new referee game under those roles (standard
    /// rules, its dice from `seed`; a seat per role), plus the table display if `display`. Reopens the
    /// table kept in the file when there is one (its seats and codes, whatever `display` says). Refused,
    /// changing nothing, when the table is already open, the address is not offered, the file is not a
    /// table or keeps a table of another kind than `game`, or the address cannot be bound.
    pub fn start(
        &self,
        ip: IpAddr,
        offered: &[IpAddr],
        game: Option<Roles>,
        display: bool,
        port: u16,
        seed: u64,
    ) -> Result<OpenTable, String> {
        let mut running = self.lock();
        self.may_start(running.as_ref(), ip, offered, game)?;
        let store = Store::new(&self.state_file);
        let kept = match game {
            // A tools table's dice keyed by 256 bits from the OS, its salts from the OS.
            None => Table::kept_in(
                store,
                ToolSession::from_os_random(),
                tool_seats(display),
                Limits::default(),
            ),
            Some(roles) => {
                let session = new_game(roles, seed);
                let seats = game_seats(session.pack(), roles, display);
                Table::game_kept_in(store, session, roles, seats, Limits::default())
            }
        };
        let (table, restored) = kept.map_err(|why| self.unusable(why))?;
        let started = Running::start(SocketAddr::new(ip, port), Host::new(vec![table]), WORKERS)
            .map_err(|e| {
                format!(
                    "The table could not listen on {}: {e}.",
                    SocketAddr::new(ip, port)
                )
            })?;
        let table = describe(&started, restored, game);
        self.mark_left_open(started.addr);
        *running = Some(Open {
            running: started,
            restored,
            game,
        });
        Ok(table)
    }

    /// Why a table cannot start now: one is already open, the address is not the device's, or the table's
    /// file keeps another kind of table.
    fn may_start(
        &self,
        open: Option<&Open>,
        ip: IpAddr,
        offered: &[IpAddr],
        game: Option<Roles>,
    ) -> Result<(), String> {
        if let Some(open) = open {
            return Err(format!(
                "The table is already open on {}: close it first.",
                open.running.addr
            ));
        }
        if !offered.contains(&ip) {
            let list: Vec<String> = offered.iter().map(IpAddr::to_string).collect();
            return Err(format!(
                "{ip} is not one of this device's addresses ({}).",
                list.join(", ")
            ));
        }
        match self.kept().map_err(|why| self.unusable(why))? {
            Some(kept) if kept != game => Err(format!(
                "This device keeps {}: reopen it, or start a fresh table.",
                plays_words(kept)
            )),
            _ => Ok(()),
        }
    }

    /// The refusal when the table's file cannot be used: it is left as it was.
    fn unusable(&self, why: String) -> String {
        format!(
            "The table's file {} could not be used ({why}); it was left untouched.",
            self.state_file.display()
        )
    }

    /// Marks the table open, so a quit or a kill from now on reopens it at the next start. Not fatal: the
    /// table serves either way, only that reopening would not happen.
    fn mark_left_open(&self, listen: SocketAddr) {
        let mark = serde_json::to_vec(&LeftOpen { listen }).expect("the mark serialises");
        if let Err(e) = write_atomic(&self.left_open_file(), &mark) {
            eprintln!("table mode: the open table could not be marked for reopening at the next start ({e})");
        }
    }

    /// What the table's file keeps: `Ok(None)` when there is none; `Ok(Some(None))` a table of the table
    /// tools, `Ok(Some(Some(roles)))` a game table; `Err` when it is not a table of the host.
    fn kept(&self) -> Result<Option<Option<Roles>>, String> {
        Ok(Store::new(&self.state_file)
            .load()?
            .map(|file| file.game.map(|game| game.roles)))
    }

    /// Forgets the kept table: removes its file (every secret of it and its seat codes, for good) and the
    /// left-open mark, so the next open starts a fresh table. Refused while the table is open; forgetting
    /// when nothing is kept does nothing.
    pub fn forget(&self) -> Result<(), String> {
        let running = self.lock();
        if let Some(open) = running.as_ref() {
            return Err(format!(
                "The table is open on {}: close it before starting a fresh table.",
                open.running.addr
            ));
        }
        let mut temporary = self.state_file.clone().into_os_string();
        temporary.push(".tmp");
        for file in [
            self.state_file.clone(),
            PathBuf::from(temporary),
            self.left_open_file(),
        ] {
            match std::fs::remove_file(&file) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    return Err(format!(
                        "The kept table could not be removed ({}: {e}).",
                        file.display()
                    ))
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn left_open_file(&self) -> PathBuf {
        self.state_file.with_file_name(LEFT_OPEN)
    }

    /// At the app's start: reopens the table if it was left open (the app quit or was killed while it was
    /// open), on the same address — one of `offered` — and the same port when it is free (any port
    /// otherwise), with its file's seats and codes, whatever it plays. `None` when the table was closed (or never opened);
    /// `Some(Err)` when it could not be reopened: it stays closed, and is tried again at the next start
    /// unless the player opens and closes it meanwhile.
    pub fn reopen_left_open(
        &self,
        offered: &[IpAddr],
        seed: u64,
    ) -> Option<Result<OpenTable, String>> {
        let bytes = match std::fs::read(self.left_open_file()) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
            Err(e) => return Some(Err(format!("{LEFT_OPEN} could not be read: {e}"))),
        };
        let left: LeftOpen = match serde_json::from_slice(&bytes) {
            Ok(left) => left,
            Err(e) => return Some(Err(format!("{LEFT_OPEN} is damaged: {e}"))),
        };
        let ip = left.listen.ip();
        let port = match std::net::TcpListener::bind(left.listen) {
            Ok(_) => left.listen.port(),
            Err(_) => 0,
        };
        // The kind the file keeps (a damaged file: `start` refuses it, naming why).
        let game = self.kept().ok().flatten().flatten();
        Some(self.start(ip, offered, game, false, port, seed))
    }

    /// The open table with each seat's status, or `None` when it is closed.
    pub fn status(&self) -> Option<OpenTable> {
        self.lock()
            .as_ref()
            .map(|open| describe(&open.running, open.restored, open.game))
    }

    /// Gives `seat` a new code (the old one stops working at once). Refused when the table is closed or
    /// has no such seat, or when the table could not be saved (its code then unchanged).
    pub fn reissue(&self, seat: &str) -> Result<OpenTable, String> {
        let running = self.lock();
        let Some(open) = running.as_ref() else {
            return Err("The table is not open.".into());
        };
        let table = &open.running.host.tables()[0];
        let names: Vec<&str> = table.seats().iter().map(|s| s.name.as_str()).collect();
        let index = names.iter().position(|name| *name == seat).ok_or_else(|| {
            format!(
                "The table has no seat “{seat}” (seats: {}).",
                names.join(", ")
            )
        })?;
        table.reissue(index).map_err(|e| format!("Seat {seat} could not be given a new code: the table could not be saved ({e}); its code is unchanged."))?;
        Ok(describe(&open.running, open.restored, open.game))
    }

    /// Closes the table: nothing listens any more. The table stays in its file, so opening it again
    /// reopens it with the same codes. Closing a closed table does nothing.
    pub fn close(&self) -> Result<(), String> {
        let taken = self.lock().take();
        if taken.is_some() {
            // Closed by the player: not reopened at the next start.
            match std::fs::remove_file(self.left_open_file()) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    eprintln!("table mode: {LEFT_OPEN} could not be removed ({e})")
                }
                _ => {}
            }
        }
        match taken {
            Some(open) => open
                .running
                .stop()
                .map_err(|e| format!("The table closed with an error: {e}.")),
            None => Ok(()),
        }
    }

    #[cfg(test)]
    pub fn state_file(&self) -> &Path {
        &self.state_file
    }
}

/// At the app's start, on a thread of its own (binding and reading the file stay off the startup path):
/// reopens the table left open (#16). A failure is one line on standard error, naming no seat code; the
/// table stays closed.
pub fn reopen_at_start(app: &AppHandle) {
    let mode = app.state::<TableMode>();
    if let Some(Err(why)) = mode.reopen_left_open(&addresses(), crate::fresh_seed()) {
        eprintln!("table mode: the table left open was not reopened ({why}); it stays closed");
    }
}

/// The table as the webview sees it: each seat's URL and QR code with its status.
fn describe(running: &Running, restored: bool, game: Option<Roles>) -> OpenTable {
    let announcement = running.host.announce(running.addr);
    let status = running.host.status();
    let seats = announcement
        .seats
        .into_iter()
        .map(|seat| {
            let s = status.iter().find(|s| s.seat == seat.seat);
            SeatInfo {
                qr_svg: qr_svg(&seat.url),
                connected: s.is_some_and(|s| s.connected),
                last_seen_ms_ago: s.and_then(|s| s.last_seen_ms_ago),
                requests: s.map_or(0, |s| s.requests),
                seat: seat.seat,
                url: seat.url,
            }
        })
        .collect();
    OpenTable {
        listen: running.addr.to_string(),
        restored,
        game,
        seats,
    }
}

/// The addresses the table may listen on: this device's own, the local network's first, loopback (this
/// device only) last. Addresses every machine has for itself alone (IPv6 link-local) are left out.
pub fn addresses() -> Vec<IpAddr> {
    let mut found: Vec<IpAddr> = if_addrs::get_if_addrs()
        .map(|list| list.into_iter().map(|i| i.ip()).collect())
        .unwrap_or_default();
    found.retain(|ip| !ip.is_unspecified() && !ip.is_multicast() && !is_ipv6_link_local(ip));
    found.push(IpAddr::V4(Ipv4Addr::LOCALHOST));
    // LAN first, IPv4 before IPv6, loopback last; each once.
    found.sort_by_key(|ip| (ip.is_loopback(), ip.is_ipv6()));
    let mut unique = Vec::new();
    for ip in found {
        if !unique.contains(&ip) {
            unique.push(ip);
        }
    }
    unique
}

fn is_ipv6_link_local(ip: &IpAddr) -> bool {
    matches!(ip, IpAddr::V6(v6) if (v6.segments()[0] & 0xffc0) == 0xfe80)
}

/// The port to listen on: [`DEFAULT_PORT`] when it is free on `ip`, any free port otherwise.
fn port_for(ip: IpAddr) -> u16 {
    match std::net::TcpListener::bind(SocketAddr::new(ip, DEFAULT_PORT)) {
        Ok(_) => DEFAULT_PORT,
        Err(_) => 0,
    }
}

fn text_arg(value: Option<Value>, command: &str, arg: &str) -> Result<String, String> {
    match value {
        Some(Value::String(s)) => Ok(s),
        None | Some(Value::Null) => Err(format!("the {command} command needs a `{arg}` argument")),
        Some(_) => Err(format!(
            "the {command} command's `{arg}` argument must be text"
        )),
    }
}

/// The device's addresses the table may listen on (LAN first, loopback last), as text.
#[tauri::command]
pub fn table_addresses() -> Vec<String> {
    addresses().iter().map(IpAddr::to_string).collect()
}

/// `table_open`'s `game`: absent or `null`, the table tools; `"task_force_officers"` or
/// `"ship_commanders"`, a game under those 25.0 roles.
fn game_arg(value: Option<Value>) -> Result<Option<Roles>, String> {
    const EXPECTED: &str = "\"task_force_officers\", \"ship_commanders\" or null (the table tools)";
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => match s.as_str() {
            "task_force_officers" => Ok(Some(Roles::TaskForceOfficers)),
            "ship_commanders" => Ok(Some(Roles::ShipCommanders)),
            _ => Err(format!(
                "the table_open command's `game` argument must be {EXPECTED}, not “{s}”"
            )),
        },
        Some(_) => Err(format!(
            "the table_open command's `game` argument must be {EXPECTED}"
        )),
    }
}

/// `table_open` on `offered` addresses, listening on `port(ip)`: every argument checked before anything
/// opens.
fn open_table(
    mode: &TableMode,
    address: Option<Value>,
    display: Option<Value>,
    game: Option<Value>,
    offered: &[IpAddr],
    port: impl Fn(IpAddr) -> u16,
    seed: u64,
) -> TableAnswer {
    let opened = text_arg(address, "table_open", "address").and_then(|text| {
        let ip: IpAddr = text
            .trim()
            .parse()
            .map_err(|_| format!("“{text}” is not an address."))?;
        let display = match display {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => b,
            Some(_) => {
                return Err(
                    "the table_open command's `display` argument must be true or false".into(),
                )
            }
        };
        let game = game_arg(game)?;
        mode.start(ip, offered, game, display, port(ip), seed)
    });
    match opened {
        Ok(table) => TableAnswer::open(table),
        Err(why) => TableAnswer::refused(why, mode.status()),
    }
}

/// Opens the table on `address` (one of `table_addresses`), with the table display's seat if `display`:
/// the table tools when `game` is absent or `null`, a new referee game under the 25.0 roles `game`
/// (`task_force_officers`, `ship_commanders`) otherwise. The table kept in the file is reopened instead
/// when it is of that kind, and the open refused when it is of another.
#[tauri::command]
pub fn table_open(
    mode: State<'_, TableMode>,
    address: Option<Value>,
    display: Option<Value>,
    game: Option<Value>,
) -> TableAnswer {
    open_table(
        &mode,
        address,
        display,
        game,
        &addresses(),
        port_for,
        crate::fresh_seed(),
    )
}

/// The open table and who is connected (`table: null` when it is closed).
#[tauri::command]
pub fn table_status(mode: State<'_, TableMode>) -> TableAnswer {
    mode.status()
        .map_or_else(TableAnswer::closed, TableAnswer::open)
}

/// A new code for `seat` (`A`, `B`, a game role's name or `display`): its old join URL stops working.
#[tauri::command]
pub fn table_reissue(mode: State<'_, TableMode>, seat: Option<Value>) -> TableAnswer {
    match text_arg(seat, "table_reissue", "seat").and_then(|seat| mode.reissue(&seat)) {
        Ok(table) => TableAnswer::open(table),
        Err(why) => TableAnswer::refused(why, mode.status()),
    }
}

/// Closes the table: nothing listens until it is opened again.
#[tauri::command]
pub fn table_close(mode: State<'_, TableMode>) -> TableAnswer {
    match mode.close() {
        Ok(()) => TableAnswer::closed(),
        Err(why) => TableAnswer::refused(why, None),
    }
}

/// Forgets the kept table (its file, secrets and codes, for good), so the next `table_open` starts a
/// fresh one. Refused while the table is open.
#[tauri::command]
pub fn table_forget(mode: State<'_, TableMode>) -> TableAnswer {
    match mode.forget() {
        Ok(()) => TableAnswer::closed(),
        Err(why) => TableAnswer::refused(why, mode.status()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use qrcode::{Color, EcLevel, QrCode};
    use std::io::{Read, Write};
    use std::net::TcpStream;

    const LOOPBACK: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);

    fn mode(tag: &str) -> TableMode {
        let dir =
            std::env::temp_dir().join(format!("goeben-table-mode-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        TableMode::at(dir.join(FILE))
    }

    /// One HTTP request on loopback: the status code and the body.
    fn http(url: &str, method: &str, body: &str) -> (u16, String) {
        let rest = url.strip_prefix("http://").expect("http");
        let (host, path) = rest.split_at(rest.find('/').expect("a path"));
        let mut stream = TcpStream::connect(host).expect("connects");
        let request = format!("{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}", body.len());
        stream.write_all(request.as_bytes()).expect("sends");
        let mut answer = String::new();
        stream.read_to_string(&mut answer).expect("reads");
        let status = answer[9..12].parse().expect("a status");
        let body = answer
            .split_once("\r\n\r\n")
            .map(|(_, b)| b.to_string())
            .unwrap_or_default();
        (status, body)
    }

    fn api(url: &str) -> String {
        url.replace("/join/", "/api/")
    }

    #[test]
    fn nothing_listens_until_the_table_is_opened_and_a_foreign_address_is_refused() {
        let mode = mode("foreign");
        assert_eq!(mode.status(), None);
        let foreign: IpAddr = "203.0.113.7".parse().unwrap();
        let refused = mode
            .start(foreign, &[LOOPBACK], None, false, 0, 1)
            .unwrap_err();
        assert!(
            refused.contains("203.0.113.7 is not one of this device's addresses (127.0.0.1)"),
            "{refused}"
        );
        assert_eq!(mode.status(), None, "nothing opened");
        assert!(!mode.state_file().exists(), "nothing written");
        assert!(mode.reissue("A").unwrap_err().contains("not open"));
        assert_eq!(mode.close(), Ok(()), "closing a closed table does nothing");
    }

    #[test]
    fn open_serve_status_reissue_close_and_reopen_from_the_file() {
        let mode = mode("cycle");
        let open = mode
            .start(LOOPBACK, &[LOOPBACK], None, true, 0, 7)
            .expect("opens");
        assert!(!open.restored);
        let names: Vec<&str> = open.seats.iter().map(|s| s.seat.as_str()).collect();
        assert_eq!(names, ["A", "B", "display"]);
        assert!(open.seats.iter().all(|s| s
            .url
            .starts_with(&format!("http://{}/join/", open.listen))
            && !s.connected
            && s.requests == 0));
        assert!(open
            .seats
            .iter()
            .all(|s| s.qr_svg.starts_with("<svg") && s.qr_svg.contains("<path d=\"M")));
        assert!(
            mode.state_file().exists(),
            "kept in its file from the start"
        );
        assert!(mode
            .start(LOOPBACK, &[LOOPBACK], None, false, 0, 7)
            .unwrap_err()
            .contains("already open"));

        // A's page and one request: A is connected and counted.
        let a = open.seats[0].url.clone();
        assert_eq!(http(&a, "GET", "").0, 200);
        let (status, body) = http(
            &api(&a),
            "POST",
            r#"{"tool":"draw_sdr","player":"a","label":"victory"}"#,
        );
        assert_eq!(status, 200, "{body}");
        assert!(body.contains("sdr_drawn"), "{body}");
        let seen = mode.status().expect("open");
        assert!(
            seen.seats[0].connected && seen.seats[0].requests == 1,
            "{:?}",
            seen.seats[0]
        );
        assert!(!seen.seats[1].connected);

        // A wrong seat changes nothing; a new code for A: the old one answers 401, the new one works.
        assert!(mode
            .reissue("C")
            .unwrap_err()
            .contains("no seat “C” (seats: A, B, display)"));
        assert_eq!(mode.status().unwrap().seats[0].url, a);
        let reissued = mode.reissue("A").expect("reissued");
        let new_a = reissued.seats[0].url.clone();
        assert_ne!(new_a, a);
        assert_eq!(reissued.seats[1].url, open.seats[1].url, "B untouched");
        assert_eq!(http(&api(&a), "GET", "").0, 401);
        assert_eq!(http(&api(&new_a), "GET", "").0, 200);

        // Closed: nothing listens. Reopened from the file: the same seats and codes.
        let listen = open.listen.clone();
        mode.close().expect("closes");
        assert_eq!(mode.status(), None);
        assert!(
            TcpStream::connect(&listen).is_err(),
            "nothing listens on {listen}"
        );
        let again = mode
            .start(LOOPBACK, &[LOOPBACK], None, false, 0, 8)
            .expect("reopens");
        assert!(again.restored);
        let codes = |t: &OpenTable| {
            t.seats
                .iter()
                .map(|s| s.url.rsplit('/').next().unwrap().to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            codes(&again),
            codes(&reissued),
            "the same codes (and the display seat) from the file"
        );
        let (status, body) = http(
            &api(&again.seats[0].url),
            "POST",
            r#"{"tool":"view","player":"a"}"#,
        );
        assert_eq!(status, 200);
        assert!(body.contains("victory"), "A's chit kept: {body}");
        mode.close().expect("closes");

        // A restarted app (a new TableMode on the same file) reopens the same table too.
        let restarted = TableMode::at(mode.state_file().to_path_buf());
        let reopened = restarted
            .start(LOOPBACK, &[LOOPBACK], None, true, 0, 9)
            .expect("reopens");
        assert_eq!(codes(&reopened), codes(&reissued));
        restarted.close().expect("closes");
    }

    #[test]
    fn a_table_left_open_reopens_at_the_next_start_and_a_closed_one_does_not() {
        let mode = mode("leftopen");
        assert!(
            mode.reopen_left_open(&[LOOPBACK], 1).is_none(),
            "never opened: nothing to reopen"
        );
        let open = mode
            .start(LOOPBACK, &[LOOPBACK], None, true, 0, 5)
            .expect("opens");
        let a = open.seats[0].url.clone();
        assert_eq!(
            http(
                &api(&a),
                "POST",
                r#"{"tool":"draw_sdr","player":"a","label":"kept"}"#
            )
            .0,
            200
        );
        let file = mode.state_file().to_path_buf();
        let marker = std::fs::read_to_string(file.with_file_name(LEFT_OPEN)).expect("marked open");
        assert!(
            !open
                .seats
                .iter()
                .any(|s| marker.contains(s.url.rsplit('/').next().unwrap())),
            "no code in the marker: {marker}"
        );

        // The app killed (its state dropped, the listener gone): a fresh start reopens the same table on
        // the same address and port, and the same join URLs answer.
        drop(mode);
        assert!(
            TcpStream::connect(&open.listen).is_err(),
            "nothing listens after the kill"
        );
        let restarted = TableMode::at(file.clone());
        let reopened = restarted
            .reopen_left_open(&[LOOPBACK], 6)
            .expect("it was left open")
            .expect("reopens");
        assert!(reopened.restored);
        assert_eq!(reopened.listen, open.listen, "the same address and port");
        assert_eq!(
            reopened.seats.iter().map(|s| &s.url).collect::<Vec<_>>(),
            open.seats.iter().map(|s| &s.url).collect::<Vec<_>>()
        );
        assert_eq!(http(&a, "GET", "").0, 200, "A's join URL works again");
        let (status, body) = http(&api(&a), "POST", r#"{"tool":"view","player":"a"}"#);
        assert!(status == 200 && body.contains("kept"), "{body}");
        assert_eq!(
            restarted.status().map(|t| t.listen),
            Some(open.listen.clone())
        );

        // Closed by the player: the next start leaves it closed (and the file keeps it for opening again).
        restarted.close().expect("closes");
        assert!(!file.with_file_name(LEFT_OPEN).exists());
        drop(restarted);
        let next = TableMode::at(file.clone());
        assert!(
            next.reopen_left_open(&[LOOPBACK], 7).is_none(),
            "closed stays closed"
        );
        assert_eq!(next.status(), None);
        assert!(file.exists(), "the table's file is kept");
    }

    #[test]
    fn a_table_left_open_on_an_address_gone_stays_closed() {
        let mode = mode("leftgone");
        let open = mode
            .start(LOOPBACK, &[LOOPBACK], None, false, 0, 5)
            .expect("opens");
        let codes: Vec<String> = open
            .seats
            .iter()
            .map(|s| s.url.rsplit('/').next().unwrap().to_string())
            .collect();
        let file = mode.state_file().to_path_buf();
        drop(mode);
        // The device no longer has the address: refused, closed, nothing listening, no code in the message.
        let restarted = TableMode::at(file.clone());
        let other: IpAddr = "192.0.2.1".parse().unwrap();
        let why = restarted
            .reopen_left_open(&[other], 6)
            .expect("it was left open")
            .unwrap_err();
        assert!(
            why.contains("127.0.0.1 is not one of this device's addresses"),
            "{why}"
        );
        assert!(
            codes.iter().all(|code| !why.contains(code.as_str())),
            "{why}"
        );
        assert_eq!(restarted.status(), None);
        // A damaged marker is refused the same way.
        std::fs::write(file.with_file_name(LEFT_OPEN), "{").unwrap();
        assert!(restarted
            .reopen_left_open(&[LOOPBACK], 7)
            .expect("marked")
            .unwrap_err()
            .contains("damaged"));
        assert_eq!(restarted.status(), None);
    }

    #[test]
    fn a_file_that_is_not_a_table_is_refused_and_left_untouched() {
        let mode = mode("foreignfile");
        std::fs::write(mode.state_file(), "{\"not\":\"a table\"}").unwrap();
        let why = mode
            .start(LOOPBACK, &[LOOPBACK], None, false, 0, 1)
            .unwrap_err();
        assert!(
            why.contains("could not be used") && why.contains("left untouched"),
            "{why}"
        );
        assert_eq!(
            std::fs::read_to_string(mode.state_file()).unwrap(),
            "{\"not\":\"a table\"}"
        );
        assert_eq!(mode.status(), None);
        // A fresh table: the file removed, a table opens new.
        mode.forget().expect("forgets");
        assert!(
            !mode
                .start(LOOPBACK, &[LOOPBACK], None, false, 0, 2)
                .expect("opens fresh")
                .restored
        );
        mode.close().expect("closes");
    }

    fn codes(table: &OpenTable) -> Vec<String> {
        table
            .seats
            .iter()
            .map(|s| s.url.rsplit('/').next().unwrap().to_string())
            .collect()
    }

    fn names(table: &OpenTable) -> Vec<&str> {
        table.seats.iter().map(|s| s.seat.as_str()).collect()
    }

    /// `table_open` as the webview calls it, on loopback and any free port.
    fn open_cmd(mode: &TableMode, display: bool, game: Value) -> TableAnswer {
        open_table(
            mode,
            Some(Value::String("127.0.0.1".into())),
            Some(Value::Bool(display)),
            Some(game),
            &[LOOPBACK],
            |_| 0,
            11,
        )
    }

    #[test]
    fn a_game_table_of_the_task_force_officers_opens_serves_a_role_and_reopens_from_the_file() {
        let mode = mode("game");
        let answer = open_cmd(&mode, true, Value::String("task_force_officers".into()));
        assert!(answer.ok, "{:?}", answer.error);
        let open = answer.table.expect("open");
        assert!(!open.restored);
        assert_eq!(open.game, Some(Roles::TaskForceOfficers));
        assert_eq!(
            names(&open),
            [
                "Commander",
                "First Officer",
                "Gunnery Officer",
                "Engineer",
                "display"
            ]
        );
        assert!(open.seats.iter().all(|s| s
            .url
            .starts_with(&format!("http://{}/join/", open.listen))
            && s.qr_svg.starts_with("<svg")));
        let json: Value = serde_json::to_value(&open).unwrap();
        assert_eq!(
            json["game"], "task_force_officers",
            "the kind as the webview reads it"
        );
        let kept = std::fs::read_to_string(mode.state_file()).expect("kept in its file");
        assert!(kept.contains("\"kind\":\"game\"") && kept.contains("task_force_officers"));

        // The Engineer's seat: its page, and the game's view.
        let engineer = open.seats[3].url.clone();
        assert_eq!(http(&engineer, "GET", "").0, 200);
        let (status, body) = http(&api(&engineer), "POST", r#"{"action":"view"}"#);
        assert_eq!(status, 200, "{body}");
        let view: Value = serde_json::from_str(&body).expect("JSON");
        assert_eq!(view["view"]["turn"], 1, "a game view: {body}");
        let seen = mode.status().expect("open");
        assert_eq!(seen.game, Some(Roles::TaskForceOfficers));
        assert!(
            seen.seats[3].connected && seen.seats[3].requests == 1,
            "{:?}",
            seen.seats[3]
        );
        // A role's seat is re-issued by its name.
        assert!(mode.reissue("Gunnery Officer").is_ok());
        let reissued = mode.status().unwrap();

        // Closed, reopened from the file (asking for the same kind): the same seats and codes.
        mode.close().expect("closes");
        let again = open_cmd(&mode, false, Value::String("task_force_officers".into()));
        assert!(again.ok, "{:?}", again.error);
        let again = again.table.unwrap();
        assert!(again.restored);
        assert_eq!(again.game, Some(Roles::TaskForceOfficers));
        assert_eq!(
            codes(&again),
            codes(&reissued),
            "the same codes (and the display seat) from the file"
        );
        assert_eq!(
            http(&api(&again.seats[3].url), "POST", r#"{"action":"view"}"#).0,
            200
        );

        // Left open and the app killed: the next start reopens the game table (its kind from the file).
        let file = mode.state_file().to_path_buf();
        drop(mode);
        let restarted = TableMode::at(file.clone());
        let reopened = restarted
            .reopen_left_open(&[LOOPBACK], 12)
            .expect("left open")
            .expect("reopens");
        assert!(reopened.restored);
        assert_eq!(reopened.game, Some(Roles::TaskForceOfficers));
        assert_eq!(codes(&reopened), codes(&reissued));
        restarted.close().expect("closes");
    }

    #[test]
    fn a_table_of_another_kind_than_the_one_kept_is_refused_until_the_kept_one_is_forgotten() {
        let mode = mode("kinds");
        let open = open_cmd(&mode, false, Value::String("ship_commanders".into()))
            .table
            .expect("opens");
        assert_eq!(names(&open), ["SMS Goeben", "SMS Breslau"]);
        assert_eq!(open.game, Some(Roles::ShipCommanders));

        // Forgetting while open is refused: the table and its file stay.
        let before = std::fs::read(mode.state_file()).unwrap();
        let why = mode.forget().unwrap_err();
        assert!(
            why.contains("close it before starting a fresh table"),
            "{why}"
        );
        assert!(mode.state_file().exists());
        assert_eq!(mode.status().map(|t| codes(&t)), Some(codes(&open)));
        mode.close().expect("closes");
        let before_closed = std::fs::read(mode.state_file()).unwrap();
        assert_eq!(
            before_closed, before,
            "a view-free close leaves the file as it was"
        );

        // The table tools, or the other roles, while the ships' commanders' game is kept: refused, nothing changed.
        for (game, display) in [
            (Value::Null, true),
            (Value::String("task_force_officers".into()), false),
        ] {
            let refused = open_cmd(&mode, display, game);
            assert!(!refused.ok && refused.table.is_none());
            let why = refused.error.unwrap();
            assert_eq!(why, "This device keeps a game of the ships' commanders: reopen it, or start a fresh table.");
            assert_eq!(
                std::fs::read(mode.state_file()).unwrap(),
                before,
                "the kept table untouched"
            );
            assert_eq!(mode.status(), None);
            assert!(!mode.state_file().with_file_name(LEFT_OPEN).exists());
        }

        // Forgotten: the file and the mark gone; a table of the table tools then opens fresh.
        mode.forget().expect("forgets");
        assert!(!mode.state_file().exists());
        mode.forget().expect("forgetting nothing does nothing");
        let tools = open_cmd(&mode, false, Value::Null);
        assert!(tools.ok, "{:?}", tools.error);
        let tools = tools.table.unwrap();
        assert!(!tools.restored);
        assert_eq!(tools.game, None);
        assert_eq!(names(&tools), ["A", "B"]);
        assert!(
            codes(&tools)
                .iter()
                .all(|code| !codes(&open).contains(code)),
            "new codes"
        );
        mode.close().expect("closes");

        // And now a game is refused, naming the table tools.
        let refused = open_cmd(&mode, false, Value::String("ship_commanders".into()));
        assert_eq!(
            refused.error.as_deref(),
            Some(
                "This device keeps a table of the table tools: reopen it, or start a fresh table."
            )
        );
        // Forgetting also drops a mark left by a table left open.
        open_cmd(&mode, false, Value::Null).table.expect("reopens");
        let file = mode.state_file().to_path_buf();
        drop(mode);
        let restarted = TableMode::at(file.clone());
        restarted.forget().expect("closed after the kill: forgets");
        assert!(!file.exists() && !file.with_file_name(LEFT_OPEN).exists());
        assert!(
            restarted.reopen_left_open(&[LOOPBACK], 3).is_none(),
            "nothing left to reopen"
        );
    }

    #[test]
    fn a_bad_game_argument_is_refused_and_changes_nothing() {
        let mode = mode("badgame");
        for (bad, says) in [
            (Value::String("solo".into()), "not “solo”"),
            (
                Value::String("Task Force Officers".into()),
                "not “Task Force Officers”",
            ),
            (
                Value::Bool(true),
                "must be \"task_force_officers\", \"ship_commanders\" or null (the table tools)",
            ),
            (Value::from(4), "`game` argument"),
        ] {
            let refused = open_cmd(&mode, false, bad);
            assert!(!refused.ok && refused.table.is_none());
            let why = refused.error.unwrap();
            assert!(
                why.contains("the table_open command's `game` argument must be")
                    && why.contains(says),
                "{why}"
            );
            assert_eq!(mode.status(), None);
            assert!(!mode.state_file().exists(), "nothing written");
        }
        // The same refusal while a table is open leaves it open as it was.
        let open = open_cmd(&mode, false, Value::Null).table.expect("opens");
        let refused = open_cmd(&mode, false, Value::String("chess".into()));
        assert!(!refused.ok);
        assert_eq!(refused.table.map(|t| codes(&t)), Some(codes(&open)));
        mode.close().expect("closes");
    }

    #[test]
    fn the_addresses_offer_loopback_last_and_the_qr_code_reads_back() {
        let list = addresses();
        assert!(list.contains(&LOOPBACK));
        let first_loopback = list
            .iter()
            .position(IpAddr::is_loopback)
            .expect("loopback offered");
        assert!(
            list[first_loopback..].iter().all(IpAddr::is_loopback),
            "loopback last: {list:?}"
        );
        assert!(list.iter().all(|ip| !ip.is_unspecified()));
        let url = "http://192.168.1.20:8080/join/0123456789abcdef0123456789abcdef";
        let svg = qr_svg(url);
        assert!(
            svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\"") && svg.ends_with("</svg>")
        );
        // The modules drawn are the symbol's: decoded back with rqrr.
        let qr = QrCode::with_error_correction_level(url.as_bytes(), EcLevel::M).unwrap();
        let (w, scale, quiet) = (qr.width(), 4, 4);
        let side = (w + 2 * quiet) * scale;
        let colors = qr.to_colors();
        let mut img = rqrr::PreparedImage::prepare_from_greyscale(side, side, |x, y| {
            let (mx, my) = (
                (x / scale) as isize - quiet as isize,
                (y / scale) as isize - quiet as isize,
            );
            let dark = mx >= 0
                && my >= 0
                && (mx as usize) < w
                && (my as usize) < w
                && colors[my as usize * w + mx as usize] == Color::Dark;
            if dark {
                0
            } else {
                255
            }
        });
        let grids = img.detect_grids();
        assert_eq!(grids.len(), 1);
        assert_eq!(grids[0].decode().unwrap().1, url);
        let dark = colors.iter().filter(|c| **c == Color::Dark).count();
        assert_eq!(
            svg.matches("h1v1h-1z").count(),
            dark,
            "one square per dark module"
        );
    }
}
