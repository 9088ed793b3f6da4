//! `app_server --data DIR [--ui DIR] [--port N]`: the app's commands over HTTP on 127.0.0.1 (the crate's
//! documentation), its games kept in DIR as the app keeps them in its data folder. `--ui` serves the built
//! UI (`npm run ui:build`: `ui/dist`), so a browser opened at the printed address plays the app against the
//! real core and store. `--port` 0 (the default) takes any free port. Prints one line, `listening on
//! http://127.0.0.1:PORT/`, then serves until killed. Loopback only, for tests and development.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use goeben_app_server::{serve, Served};

const USAGE: &str = "usage: app_server --data DIR [--ui DIR] [--port N]\n  \
DIR (--data): where the games are kept (created when missing)\n  \
--ui DIR: the built UI to serve (ui/dist)\n  \
--port N: the loopback port (0, the default: any free port)";

struct Options {
    data: PathBuf,
    ui: Option<PathBuf>,
    port: u16,
}

fn options(mut args: impl Iterator<Item = String>) -> Result<Options, String> {
    let (mut data, mut ui, mut port) = (None, None, 0);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--data" => data = Some(PathBuf::from(value()?)),
            "--ui" => ui = Some(PathBuf::from(value()?)),
            "--port" => {
                let text = value()?;
                port = text
                    .parse()
                    .map_err(|_| format!("--port takes a port number, not “{text}”"))?;
            }
            other => return Err(format!("unknown argument “{other}”")),
        }
    }
    let data = data.ok_or("--data DIR is required")?;
    Ok(Options { data, ui, port })
}

fn main() -> ExitCode {
    let options = match options(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(why) => {
            eprintln!("app_server: {why}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    if let Err(e) = std::fs::create_dir_all(&options.data) {
        eprintln!("app_server: the data folder cannot be made: {e}");
        return ExitCode::from(2);
    }
    let served = Arc::new(Served::open(&options.data, options.ui));
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let served = runtime.block_on(serve(served, options.port, |addr| {
        println!("listening on http://{addr}/");
    }));
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("app_server: cannot serve: {e}");
            ExitCode::FAILURE
        }
    }
}
