//! How long the app takes to show its first screen, and where the time goes. The shell notes
//! when it began (`begin`, first thing in `run`) and the steps of its setup (`mark`); the UI calls
//! `app_ready` once its first screen is painted and interactive (ui/src/lib/startup.ts), with its own
//! moments (the page's navigation start, the script run, the first answers, the paint) as wall-clock
//! milliseconds. With `GOEBEN_STARTUP_REPORT=1` the shell prints `ready <ms>` on its standard output, then
//! one `startup` line with every moment in milliseconds from its start: scripts/bench_app.mjs reads both
//! (the floor app prints the same `ready` line), the .deb install test waits for the first; with
//! `GOEBEN_STARTUP_REPORT=exit` it also quits there, so a start can be timed as a whole process. Nothing
//! else is printed and nothing is kept.

use std::collections::BTreeMap;
use std::sync::{Mutex, OnceLock};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// When the shell began: a monotonic instant, and the wall clock then (the UI's moments are wall-clock).
static BEGAN: OnceLock<(Instant, f64)> = OnceLock::new();
static MARKS: Mutex<Vec<(&'static str, u64)>> = Mutex::new(Vec::new());

fn wall_ms() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs_f64() * 1000.0)
        .unwrap_or(0.0)
}

/// Notes the moment the shell began (the first call wins).
pub fn begin() {
    BEGAN.get_or_init(|| (Instant::now(), wall_ms()));
}

/// Milliseconds from `begin` to now.
fn elapsed_ms() -> u64 {
    BEGAN
        .get()
        .map(|(t, _)| t.elapsed().as_millis() as u64)
        .unwrap_or(0)
}

/// Notes a step of the shell's own start.
pub fn mark(name: &'static str) {
    let at = elapsed_ms();
    if let Ok(mut marks) = MARKS.lock() {
        marks.push((name, at));
    }
}

/// What `GOEBEN_STARTUP_REPORT` asks for.
#[derive(Debug, PartialEq)]
enum Report {
    Nothing,
    Print,
    PrintAndExit,
}

fn report(value: Option<&str>) -> Report {
    match value {
        Some("1") => Report::Print,
        Some("exit") => Report::PrintAndExit,
        _ => Report::Nothing,
    }
}

/// The `startup` line: the shell's marks, then the UI's moments (wall-clock ms, made relative to the
/// shell's start and kept only when they are plausible numbers), each `name=ms`, in time order.
fn timeline(shell: &[(&'static str, u64)], ui: &BTreeMap<String, f64>, began_wall: f64) -> String {
    let mut all: Vec<(String, i64)> = shell
        .iter()
        .map(|(n, ms)| (format!("shell.{n}"), *ms as i64))
        .collect();
    for (name, at) in ui.iter().take(16) {
        let ok = at.is_finite()
            && name.len() <= 32
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if ok {
            all.push((format!("ui.{name}"), (at - began_wall).round() as i64));
        }
    }
    all.sort_by_key(|(_, ms)| *ms);
    let parts: Vec<String> = all.into_iter().map(|(n, ms)| format!("{n}={ms}")).collect();
    format!("startup {}", parts.join(" "))
}

/// The UI's first screen is interactive: answers the milliseconds since the shell began, and prints them
/// with the timeline (and quits) when asked to. `marks`: the UI's moments, wall-clock milliseconds.
#[tauri::command]
pub fn app_ready(app: tauri::AppHandle, marks: Option<BTreeMap<String, f64>>) -> u64 {
    let asked = std::env::var("GOEBEN_STARTUP_REPORT").ok();
    let (ms, exit) = ready(asked.as_deref(), marks);
    if exit {
        app.exit(0);
    }
    ms
}

/// The milliseconds since the shell began, printed with the timeline when `asked`
/// (`GOEBEN_STARTUP_REPORT`); and whether the app should then quit.
fn ready(asked: Option<&str>, marks: Option<BTreeMap<String, f64>>) -> (u64, bool) {
    let ms = elapsed_ms();
    let asked = report(asked);
    if asked != Report::Nothing {
        println!("ready {ms}");
        let shell = MARKS.lock().map(|m| m.clone()).unwrap_or_default();
        let began_wall = BEGAN.get().map(|(_, w)| *w).unwrap_or(0.0);
        println!(
            "{}",
            timeline(&shell, &marks.unwrap_or_default(), began_wall)
        );
    }
    (ms, asked == Report::PrintAndExit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ready_counts_from_the_first_begin() {
        begin();
        let first = elapsed_ms();
        std::thread::sleep(std::time::Duration::from_millis(20));
        begin(); // a second call does not restart the clock
        assert!(elapsed_ms() >= first + 20);
    }

    #[test]
    fn the_report_is_printed_only_when_asked() {
        assert_eq!(report(None), Report::Nothing);
        assert_eq!(report(Some("0")), Report::Nothing);
        assert_eq!(report(Some("1")), Report::Print);
        assert_eq!(report(Some("exit")), Report::PrintAndExit);
    }

    #[test]
    fn the_timeline_is_in_time_order_from_the_shells_start_and_drops_odd_names() {
        let ui = BTreeMap::from([
            ("painted".to_string(), 1_000_900.0),
            ("script".to_string(), 1_000_500.0),
            ("bad name!".to_string(), 1_000_600.0),
            ("nan".to_string(), f64::NAN),
        ]);
        let line = timeline(&[("setup", 120), ("window", 300)], &ui, 1_000_000.0);
        assert_eq!(
            line,
            "startup shell.setup=120 shell.window=300 ui.script=500 ui.painted=900"
        );
    }
}
