//! `table_host --listen ADDR --seats 2 [--display] [--seed N] [--state FILE]` (docs/TABLE-MODE.md):
//! opens one table of the table tools to the address given, prints one JSON line with
//! each seat's join URL, then serves and reads the host's commands from its standard input, one a line,
//! answering each with one JSON line: `status`, `reissue SEAT`, `close`. It exits 0 on `close` or when its
//! input closes.
//!
//! `--game` opens a referee game instead (standard rules), one seat per 25.0 role: `--seats 4`, the Task
//! Force Officers; `--seats 2`, the Ship Commanders of Goeben and Breslau (`goeben_table_host::game`).
//! `--fleet F` plays with the optional ships of 19.0 (`moltke`, `stralsund`, `moltke_and_stralsund`,
//! `all_four`; `standard` the default): `--seats` is then 4 for the officers or the fleet's number of
//! ships for their commanders, one seat per ship (`all_four` with `--seats 4`: the four commanders).
//! `--austro-hungarian` plays 20.0's Austro-Hungarian units and adds their commander's seat (25.0 (3)),
//! like `--display` a seat beside those `--seats` counts.
//!
//! `--state FILE` keeps the table in FILE, saved after every change before the answer goes out; started
//! again on the same FILE, the host reopens the same table (same codes, same join URLs, the answers kept
//! for retries) and its first line says `"restored": true` (`false` for a new table, saved at once). A game
//! table (`--game --state FILE`) is kept the same way, its whole game (`goeben_referee::api::save`) saved
//! after every move the referee accepted. A FILE that is not a table of this host, whose game's save is
//! damaged, or that holds the other kind of table (a tools table given to `--game`, a game without it, a
//! game of other roles) is refused (exit 2), saying what it holds, and left untouched.
//!
//! `--seats` counts the players' seats: the table tools seat exactly two (A and B); a game table (`--game`)
//! four officers or two ship commanders. `--display` adds the table display's seat (the public
//! `table_view` only). `--seed` fixes the session's dice (default: from the OS).

use std::io::Write;
use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use goeben_table_host::game;
use goeben_table_host::limits::Limits;
use goeben_table_host::seats::tool_seats;
use goeben_table_host::store::Store;
use goeben_table_host::table::Table;
use goeben_table_host::{http, join_url, Announcement, Host};
use goeben_table_tools::ToolSession;
use serde_json::{json, Value};
use tokio::io::AsyncBufReadExt;

const USAGE: &str = "usage: table_host --listen ADDR --seats 2 [--display] [--seed N] [--state FILE]\n       \
table_host --listen ADDR --game --seats 4|2|3 [--fleet F] [--austro-hungarian] [--display] [--seed N] [--state FILE]\n  \
ADDR is the address guests reach (e.g. 192.168.1.20:8080, or 127.0.0.1:0 for any free port on this machine)\n  \
FILE keeps the table across restarts (reopened when it exists; a game table's file with --game only)\n  \
--game: a referee game, one seat per 25.0 role (4: the Task Force Officers; 2: the Goeben's and Breslau's commanders)\n  \
--fleet F: 19.0's optional ships, F = moltke | stralsund | moltke_and_stralsund | all_four; --seats 4 (the officers) or one seat per ship\n  \
--austro-hungarian: 20.0's Austro-Hungarian units, with their commander's seat (25.0 (3)) beside --seats\n  \
commands on standard input, one a line: status | reissue SEAT | close";

/// How long answers under way may take to finish once the input has closed ([`goeben_table_host::limits::DRAIN`]).
const DRAIN: Duration = goeben_table_host::limits::DRAIN;

#[derive(Debug)]
struct Options {
    listen: SocketAddr,
    display: bool,
    seed: Option<u64>,
    state: Option<std::path::PathBuf>,
    /// A game table under these 25.0 roles (`--game`).
    game: Option<goeben_referee::ground::state::Roles>,
    /// 19.0: the game's task force (`--fleet`).
    fleet: goeben_referee::ground::state::Fleet,
    /// 20.0 with 25.0 (3): the Austro-Hungarian units and their commander's seat (`--austro-hungarian`).
    austro_hungarian: bool,
}

/// The command line's options as given, before the checks that tie them together.
#[derive(Default)]
struct Given {
    listen: Option<SocketAddr>,
    seats: Option<u32>,
    display: bool,
    seed: Option<u64>,
    state: Option<std::path::PathBuf>,
    game: bool,
    fleet: Option<goeben_referee::ground::state::Fleet>,
    austro_hungarian: bool,
}

/// `text` as the value of option `name`.
fn parsed<T: std::str::FromStr>(name: &str, text: String) -> Result<T, String>
where
    T::Err: std::fmt::Display,
{
    text.parse::<T>().map_err(|e| format!("{name}: {e}"))
}

fn given(args: &[String]) -> Result<Given, String> {
    let mut given = Given::default();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().cloned().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--listen" => given.listen = Some(parsed("--listen", value("--listen")?)?),
            "--seats" => given.seats = Some(parsed("--seats", value("--seats")?)?),
            "--display" => given.display = true,
            "--game" => given.game = true,
            "--austro-hungarian" => given.austro_hungarian = true,
            "--seed" => given.seed = Some(parsed("--seed", value("--seed")?)?),
            "--state" => given.state = Some(std::path::PathBuf::from(value("--state")?)),
            "--fleet" => {
                let name = value("--fleet")?;
                let parsed = serde_json::from_value::<goeben_referee::ground::state::Fleet>(
                    Value::String(name.clone()),
                );
                given.fleet = Some(parsed.map_err(|_| format!("--fleet {name}: one of standard, moltke, stralsund, moltke_and_stralsund, all_four (19.0)"))?);
            }
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(given)
}

fn options(args: &[String]) -> Result<Options, String> {
    let given = given(args)?;
    let listen = given.listen.ok_or(
        "--listen is required: the table is closed until the host chooses where to open it",
    )?;
    if listen.ip().is_unspecified() {
        return Err(format!("--listen {listen}: bind the one address guests reach (e.g. this machine's address on the home network), not every address"));
    }
    let mut options = Options {
        listen,
        display: given.display,
        seed: given.seed,
        state: given.state,
        game: None,
        fleet: Default::default(),
        austro_hungarian: given.austro_hungarian,
    };
    if given.game {
        let (roles, fleet) = game_roles(given.seats, given.fleet)?;
        options.game = Some(roles);
        options.fleet = fleet;
        return Ok(options);
    }
    if given.fleet.is_some() {
        return Err("--fleet chooses a game's task force (19.0): with --game only".into());
    }
    if given.austro_hungarian {
        return Err("--austro-hungarian plays a game's Austro-Hungarian units (20.0, 25.0 (3)): with --game only".into());
    }
    match given.seats {
        Some(2) => Ok(options),
        Some(n) => Err(format!("--seats {n}: the table tools seat two players, A and B (--seats 2; add --display for the table display)")),
        None => Err("--seats is required (--seats 2 for the table tools)".into()),
    }
}

/// A game table's 25.0 roles for `--seats` and its task force (19.0; the standard one without `--fleet`).
fn game_roles(
    seats: Option<u32>,
    fleet: Option<goeben_referee::ground::state::Fleet>,
) -> Result<
    (
        goeben_referee::ground::state::Roles,
        goeben_referee::ground::state::Fleet,
    ),
    String,
> {
    use goeben_referee::ground::state::{Fleet, Roles};
    let players = seats.ok_or("--seats is required (--game --seats 4 for the Task Force Officers, 2 for the Ship Commanders)")?;
    let Some(fleet) = fleet else {
        let roles = goeben_table_host::game::roles_for(players)
            .ok_or(format!("--game --seats {players}: a game table seats the 4 Task Force Officers (--seats 4) or the Goeben's and Breslau's commanders (--seats 2)"))?;
        return Ok((roles, Fleet::Standard));
    };
    // 25.0 (2) with 19.0: one commander per ship of the fleet; otherwise the four officers.
    let ships = goeben_table_host::game::commanded_ships(fleet);
    let roles = match players as usize {
        n if n == ships.len() => Roles::ShipCommanders,
        4 => Roles::TaskForceOfficers,
        _ => {
            return Err(format!(
                "--game --fleet --seats {players}: this task force seats the 4 Task Force Officers (--seats 4) or its {} ships' commanders (--seats {}: {})",
                ships.len(),
                ships.len(),
                ships.join(", ")
            ))
        }
    };
    Ok((roles, fleet))
}

fn random_seed() -> u64 {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).expect("the operating system gives random bytes");
    u64::from_le_bytes(bytes)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match options(&args) {
        Ok(options) => options,
        Err(why) => {
            eprintln!("table_host: {why}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    // The table first: a state file that is not a table of this host is refused before anything is opened.
    let opened = match options.game {
        Some(roles) => game_table(&options, roles),
        None => tools_table(&options),
    };
    let (table, restored) = match opened {
        Ok(opened) => opened,
        Err(why) => {
            eprintln!("table_host: {why}");
            return ExitCode::from(2);
        }
    };
    match run(options.listen, table, restored) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("table_host: {e}");
            ExitCode::FAILURE
        }
    }
}

/// A game table of `roles`, new or (with `--state`) as kept, with whether it was kept (`None`: no file).
fn game_table(
    options: &Options,
    roles: goeben_referee::ground::state::Roles,
) -> Result<(Table, Option<bool>), String> {
    let game_options = goeben_referee::ground::state::GameOptions {
        roles,
        fleet: options.fleet,
        austro_hungarian: options.austro_hungarian,
        ..Default::default()
    };
    let seed = options.seed.unwrap_or_else(random_seed);
    let session = game::new_game_with(game_options, seed)
        .map_err(|why| format!("the game did not start: {why}"))?;
    let seats = game::game_seats_for(&session, roles, options.display);
    let Some(path) = &options.state else {
        return Ok((Table::game(session, roles, seats, Limits::default()), None));
    };
    let (table, restored) =
        Table::game_kept_in(Store::new(path), session, roles, seats, Limits::default())
            .map_err(|why| format!("--state: {why}"))?;
    Ok((table, Some(restored)))
}

/// A table of the table tools, new or (with `--state`) as kept, with whether it was kept.
fn tools_table(options: &Options) -> Result<(Table, Option<bool>), String> {
    // Without --seed: 256 bits from the OS; --seed is for reproducible tests.
    let session = options
        .seed
        .map(ToolSession::seeded)
        .unwrap_or_else(ToolSession::from_os_random);
    let seats = tool_seats(options.display);
    let Some(path) = &options.state else {
        return Ok((Table::new(session, seats, Limits::default()), None));
    };
    let (table, restored) = Table::kept_in(Store::new(path), session, seats, Limits::default())
        .map_err(|why| format!("--state: {why}"))?;
    Ok((table, Some(restored)))
}

fn run(listen: SocketAddr, table: Table, restored: Option<bool>) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(listen).await?;
        let addr = listener.local_addr()?;
        let host = Arc::new(Host::new(vec![table]));
        let announcement = Announcement {
            restored,
            ..host.announce(addr)
        };
        say(&serde_json::to_string(&announcement).expect("the announcement serialises"))?;
        let (closed, on_close) = tokio::sync::oneshot::channel::<()>();
        let server = tokio::spawn(http::serve(listener, host.clone(), async {
            let _ = on_close.await;
        }));
        // The host's commands, one a line; the end of the input closes the table like `close`.
        let mut input = tokio::io::BufReader::new(tokio::io::stdin());
        let mut line = Vec::new();
        loop {
            line.clear();
            if input.read_until(b'\n', &mut line).await? == 0 {
                break;
            }
            let text = String::from_utf8_lossy(&line);
            if text.trim().is_empty() {
                continue;
            }
            let (reply, close) = command(&host, addr, &text);
            say(&reply.to_string())?;
            if close {
                break;
            }
        }
        let _ = closed.send(());
        match tokio::time::timeout(DRAIN, server).await {
            Ok(served) => served.map_err(std::io::Error::other)?,
            Err(_) => Ok(()),
        }
    })?;
    // The input reader's blocking thread may still wait on a line (after `close`): not waited for.
    runtime.shutdown_timeout(Duration::from_millis(100));
    Ok(())
}

/// One line on standard output, flushed.
fn say(line: &str) -> std::io::Result<()> {
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "{line}")?;
    stdout.flush()
}

/// One command of the host: its JSON answer, and whether it closes the table.
fn command(host: &Host, addr: SocketAddr, line: &str) -> (Value, bool) {
    let words: Vec<&str> = line.split_whitespace().collect();
    let table = &host.tables()[0];
    // A seat's name may have spaces ("First Officer"): the rest of the line after `reissue`.
    let rest = words.get(1..).map(|w| w.join(" ")).unwrap_or_default();
    match words.as_slice() {
        ["status"] => (
            json!({ "command": "status", "seats": host.status() }),
            false,
        ),
        ["reissue", _, ..] => match table.seats().iter().position(|seat| seat.name == rest) {
            None => {
                let names: Vec<&str> = table
                    .seats()
                    .iter()
                    .map(|seat| seat.name.as_str())
                    .collect();
                (
                    json!({ "error": format!("no seat {rest:?} at this table (seats: {})", names.join(", ")) }),
                    false,
                )
            }
            Some(seat) => match table.reissue(seat) {
                Ok(_) => (
                    json!({ "command": "reissue", "seat": rest, "url": join_url(addr, &table.seats()[seat]) }),
                    false,
                ),
                Err(e) => (
                    json!({ "error": format!("seat {rest} could not be re-issued: the table could not be saved ({e}); its code is unchanged") }),
                    false,
                ),
            },
        },
        ["close"] => (json!({ "command": "close" }), true),
        _ => (
            json!({ "error": format!("unknown command {:?}: the commands are status, reissue SEAT, close", line.trim()) }),
            false,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<Options, String> {
        options(
            &line
                .split_whitespace()
                .map(str::to_string)
                .collect::<Vec<_>>(),
        )
    }

    #[test]
    fn the_options_are_checked() {
        let o = parse("--listen 127.0.0.1:0 --seats 2 --display --seed 7").unwrap();
        assert_eq!(
            (o.listen.port(), o.display, o.seed, o.state),
            (0, true, Some(7), None)
        );
        assert_eq!(
            parse("--listen 127.0.0.1:0 --seats 2 --state t.json")
                .unwrap()
                .state,
            Some("t.json".into())
        );
        assert!(parse("--listen 127.0.0.1:0 --seats 2 --state")
            .unwrap_err()
            .contains("--state needs a value"));
        assert!(parse("--seats 2")
            .unwrap_err()
            .contains("--listen is required"));
        assert!(parse("--listen 0.0.0.0:8080 --seats 2")
            .unwrap_err()
            .contains("not every address"));
        assert!(parse("--listen 127.0.0.1:0 --seats 3")
            .unwrap_err()
            .contains("two players"));
        assert!(parse("--listen 127.0.0.1:0")
            .unwrap_err()
            .contains("--seats is required"));
        assert!(parse("--listen 127.0.0.1:0 --seats 2 --verbose")
            .unwrap_err()
            .contains("unknown argument"));
        assert!(parse("--listen nowhere --seats 2")
            .unwrap_err()
            .contains("--listen"));
        use goeben_referee::ground::state::Roles;
        assert_eq!(
            parse("--listen 127.0.0.1:0 --game --seats 4").unwrap().game,
            Some(Roles::TaskForceOfficers)
        );
        assert_eq!(
            parse("--listen 127.0.0.1:0 --seats 2 --game --display")
                .unwrap()
                .game,
            Some(Roles::ShipCommanders)
        );
        assert!(parse("--listen 127.0.0.1:0 --game --seats 3")
            .unwrap_err()
            .contains("Task Force Officers"));
        assert_eq!(
            parse("--listen 127.0.0.1:0 --game --seats 4 --state t.json")
                .unwrap()
                .state,
            Some("t.json".into())
        );
        // 19.0 with 25.0: one commander per ship, or the four officers.
        use goeben_referee::ground::state::Fleet;
        let o = parse("--listen 127.0.0.1:0 --game --fleet stralsund --seats 3").unwrap();
        assert_eq!(
            (o.game, o.fleet),
            (Some(Roles::ShipCommanders), Fleet::Stralsund)
        );
        let o = parse("--listen 127.0.0.1:0 --game --fleet all_four --seats 4").unwrap();
        assert_eq!(
            (o.game, o.fleet),
            (Some(Roles::ShipCommanders), Fleet::AllFour)
        );
        assert_eq!(
            parse("--listen 127.0.0.1:0 --game --fleet moltke --seats 4")
                .unwrap()
                .game,
            Some(Roles::TaskForceOfficers)
        );
        assert!(
            parse("--listen 127.0.0.1:0 --game --fleet moltke --seats 3")
                .unwrap_err()
                .contains("moltke, breslau")
        );
        assert!(
            parse("--listen 127.0.0.1:0 --game --fleet tirpitz --seats 2")
                .unwrap_err()
                .contains("one of standard")
        );
        assert!(parse("--listen 127.0.0.1:0 --fleet moltke --seats 2")
            .unwrap_err()
            .contains("with --game only"));
    }
}
