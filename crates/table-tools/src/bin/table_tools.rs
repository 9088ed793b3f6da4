//! `table_tools`: the table tools of issue #8 (crates/table-tools/) over JSON lines on stdin/stdout
//! (docs/TOOLS.md). A test host for the tools, like `referee` is for the game.
//!
//! Usage: `table_tools [--seed N]`. One request object per input line (tagged by `"tool"`); exactly one
//! response object per output line, flushed after each. A refused line changes nothing.
//!
//! Every tool of the session answers here: secret die rolls, charts, events and calculators; seed 002's
//! hidden Fleet Charts and D10 procedures; seed 001's double-blind search (units, turns, spotting reports,
//! search calls and the searched player's choices). docs/TOOLS.md lists each request and its answer.

use std::io::{BufRead, Write};

use goeben_table_tools::{handle_line, ToolSession};

fn main() {
    let mut seed: Option<u64> = None;
    let mut args = std::env::args().skip(1);
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
                    "usage: table_tools [--seed N]\nreads one JSON tool request per line on stdin, writes one JSON response per line\n\
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
    // Without --seed: 256 bits from the OS (issue #34 item 7); --seed is for reproducible tests.
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

fn fail(message: &str) -> ! {
    eprintln!("table_tools: {message}");
    std::process::exit(2)
}
