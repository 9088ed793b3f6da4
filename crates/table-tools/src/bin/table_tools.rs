//! `table_tools`: the table tools (crates/table-tools/) over JSON lines on stdin/stdout
//! (docs/TOOLS.md). A test host for the tools, like `referee` is for the game.
//!
//! Usage: `table_tools [--seed N]`, or `table_tools verify FILE` to check every reveal of an exported
//! session (a `table_view` answer, a view or a saved session) against its commitment. One
//! request object per input line (tagged by `"tool"`); exactly one response object per output line,
//! flushed after each. A refused line changes nothing.
//!
//! Every tool of the session answers here: secret die rolls, charts, events and calculators; seed 002's
//! hidden Fleet Charts and D10 procedures; seed 001's double-blind search (units, turns, spotting reports,
//! search calls and the searched player's choices). docs/TOOLS.md lists each request and its answer.

use std::io::{BufRead, Write};

use goeben_table_tools::{handle_line, ToolSession};

fn main() {
    let mut seed: Option<u64> = None;
    let mut args = std::env::args().skip(1).peekable();
    if args.peek().map(String::as_str) == Some("verify") {
        args.next();
        let path = args.next().unwrap_or_else(|| {
            fail("verify takes the exported session's file (table_tools verify FILE)")
        });
        verify(&path);
        return;
    }
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--seed" => {
                let value = args.next().unwrap_or_default();
                seed = Some(value.parse().unwrap_or_else(|_| {
                    fail(&format!("--seed takes a whole number, got `{value}`"))
                }));
            }
            "--help" | "-h" => {
                println!(
                    "usage: table_tools [--seed N] | table_tools verify FILE\nreads one JSON tool request per line on stdin, writes one JSON response per line\n\
                     tools: draw_sdr reveal_sdr return_sdr verify_sdr victory_conditions what_if roll_event combined_fire\n\
                     contact_modifier operational_move fuel_use adrift_vp crippled_vp open_fleet_chart assign_ship\n\
                     transfer_ship remove_ship set_fleet_marker reveal_fleet_box roll_d10 place_unit move_unit remove_unit\n\
                     start_turn report_spotting search answer_search view table_view (docs/TOOLS.md)"
                );
                return;
            }
            other => fail(&format!("unknown argument `{other}` (try --help)")),
        }
    }
    // Without --seed: 256 bits from the OS; --seed is for reproducible tests.
    let mut session = seed
        .map(ToolSession::seeded)
        .unwrap_or_else(ToolSession::from_os_random);
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        let answer = handle_line(&mut session, &line);
        if writeln!(out, "{answer}").and_then(|_| out.flush()).is_err() {
            break;
        }
    }
}

/// `table_tools verify FILE`: every reveal of an exported session against its commitment.
fn verify(path: &str) {
    let text =
        std::fs::read_to_string(path).unwrap_or_else(|e| fail(&format!("cannot read {path}: {e}")));
    let checked = goeben_table_tools::verify::log_of(&text)
        .and_then(|log| goeben_table_tools::verify::verify_log(&log));
    match checked {
        Ok(v) => {
            println!(
                "verified: {} chit reveals and {} Fleet Box reveals match their commitments",
                v.chits, v.boxes
            );
            if v.unsealed > 0 {
                println!(
                    "{} Fleet Box reveals are from before the commitments and cannot be checked",
                    v.unsealed
                );
            }
        }
        Err(why) => {
            eprintln!("table_tools verify: {path}: {why}");
            std::process::exit(1)
        }
    }
}

fn fail(message: &str) -> ! {
    eprintln!("table_tools: {message}");
    std::process::exit(2)
}
