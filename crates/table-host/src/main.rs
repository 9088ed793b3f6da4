//! `table_host --listen ADDR --seats 2 [--display] [--seed N]` (issue #16, docs/TABLE-MODE.md): opens one
//! table of the table tools to the address given, prints one JSON line with each seat's join URL, serves
//! until its standard input closes, then exits 0.
//!
//! `--seats` counts the players' seats: the table tools seat exactly two (A and B); a game table with the
//! 25.0 roles (a later step) will take more. `--display` adds the table display's seat (the public
//! `table_view` only). `--seed` fixes the session's dice (default: from the OS).

use std::io::Write;
use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use goeben_table_host::limits::Limits;
use goeben_table_host::seats::tool_seats;
use goeben_table_host::table::Table;
use goeben_table_host::{http, Host};
use goeben_table_tools::ToolSession;
use tokio::io::AsyncReadExt;

const USAGE: &str = "usage: table_host --listen ADDR --seats 2 [--display] [--seed N]\n  \
ADDR is the address guests reach (e.g. 192.168.1.20:8080, or 127.0.0.1:0 for any free port on this machine)";

/// How long answers under way may take to finish once the input has closed.
const DRAIN: Duration = Duration::from_secs(5);

#[derive(Debug)]
struct Options {
    listen: SocketAddr,
    display: bool,
    seed: Option<u64>,
}

fn options(args: &[String]) -> Result<Options, String> {
    let (mut listen, mut seats, mut display, mut seed) = (None, None, false, None);
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().cloned().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--listen" => listen = Some(value("--listen")?.parse::<SocketAddr>().map_err(|e| format!("--listen: {e}"))?),
            "--seats" => seats = Some(value("--seats")?.parse::<u32>().map_err(|e| format!("--seats: {e}"))?),
            "--display" => display = true,
            "--seed" => seed = Some(value("--seed")?.parse::<u64>().map_err(|e| format!("--seed: {e}"))?),
            other => return Err(format!("unknown argument {other}")),
        }
    }
    let listen = listen.ok_or("--listen is required: the table is closed until the host chooses where to open it")?;
    if listen.ip().is_unspecified() {
        return Err(format!("--listen {listen}: bind the one address guests reach (e.g. this machine's address on the home network), not every address"));
    }
    match seats {
        Some(2) => {}
        Some(n) => return Err(format!("--seats {n}: the table tools seat two players, A and B (--seats 2; add --display for the table display)")),
        None => return Err("--seats is required (--seats 2 for the table tools)".into()),
    }
    Ok(Options { listen, display, seed })
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
    match run(options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("table_host: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(options: Options) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(options.listen).await?;
        let addr = listener.local_addr()?;
        let session = ToolSession::new(options.seed.unwrap_or_else(random_seed));
        let host = Arc::new(Host::new(vec![Table::new(session, tool_seats(options.display), Limits::default())]));
        let line = serde_json::to_string(&host.announce(addr)).expect("the announcement serialises");
        let mut stdout = std::io::stdout().lock();
        writeln!(stdout, "{line}")?;
        stdout.flush()?;
        drop(stdout);
        let (closed, on_close) = tokio::sync::oneshot::channel::<()>();
        let server = tokio::spawn(http::serve(listener, host, async {
            let _ = on_close.await;
        }));
        // Nothing is read from the input yet (a later step: re-issue a seat, close the table); its end is
        // the signal to close.
        let mut input = tokio::io::stdin();
        let mut buffer = [0u8; 1024];
        while input.read(&mut buffer).await? > 0 {}
        let _ = closed.send(());
        match tokio::time::timeout(DRAIN, server).await {
            Ok(served) => served.map_err(std::io::Error::other)?,
            Err(_) => Ok(()),
        }
    })?;
    // The input reader's blocking thread is done (end of input); nothing else holds the runtime.
    runtime.shutdown_timeout(Duration::from_secs(1));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<Options, String> {
        options(&line.split_whitespace().map(str::to_string).collect::<Vec<_>>())
    }

    #[test]
    fn the_options_are_checked() {
        let o = parse("--listen 127.0.0.1:0 --seats 2 --display --seed 7").unwrap();
        assert_eq!((o.listen.port(), o.display, o.seed), (0, true, Some(7)));
        assert!(parse("--seats 2").unwrap_err().contains("--listen is required"));
        assert!(parse("--listen 0.0.0.0:8080 --seats 2").unwrap_err().contains("not every address"));
        assert!(parse("--listen 127.0.0.1:0 --seats 3").unwrap_err().contains("two players"));
        assert!(parse("--listen 127.0.0.1:0").unwrap_err().contains("--seats is required"));
        assert!(parse("--listen 127.0.0.1:0 --seats 2 --verbose").unwrap_err().contains("unknown argument"));
        assert!(parse("--listen nowhere --seats 2").unwrap_err().contains("--listen"));
    }
}
