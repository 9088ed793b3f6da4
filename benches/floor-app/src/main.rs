//! The floor: what WebKitGTK and Tauri cost before any of our code. It reports when its page
//! is on screen exactly as the real app does (`app_ready`, `GOEBEN_STARTUP_REPORT=1`), so the bench script
//! reads both the same way.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

use std::collections::BTreeMap;
use std::sync::OnceLock;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

static STARTED: OnceLock<Instant> = OnceLock::new();
static STARTED_WALL: OnceLock<f64> = OnceLock::new();

/// The page says it is interactive: print the time since `main` began, as the app's shell does.
#[tauri::command]
fn app_ready(app: tauri::AppHandle, marks: Option<BTreeMap<String, f64>>) -> u64 {
    let ms = STARTED
        .get()
        .map(|t| t.elapsed().as_millis() as u64)
        .unwrap_or(0);
    let asked = std::env::var("GOEBEN_STARTUP_REPORT").unwrap_or_default();
    if asked == "1" || asked == "exit" {
        println!("ready {ms}");
        // The page's moments, as ms from the start of `main` (the app's `startup` line, without its shell marks).
        let began = STARTED_WALL.get().copied().unwrap_or(0.0);
        let mut ui: Vec<(String, i64)> = marks
            .unwrap_or_default()
            .into_iter()
            .map(|(k, v)| (format!("ui.{k}"), (v - began).round() as i64))
            .collect();
        ui.sort_by_key(|(_, at)| *at);
        println!(
            "startup {}",
            ui.iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect::<Vec<_>>()
                .join(" ")
        );
    }
    if asked == "exit" {
        app.exit(0);
    }
    ms
}

fn main() {
    STARTED.get_or_init(Instant::now);
    STARTED_WALL.get_or_init(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs_f64() * 1000.0)
            .unwrap_or(0.0)
    });
    tauri::Builder::default()
        .invoke_handler(tauri::generate_handler![app_ready])
        .run(tauri::generate_context!())
        .expect("error while running the floor app");
}
