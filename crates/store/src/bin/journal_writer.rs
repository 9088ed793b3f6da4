//! The kill test's child (`tests/kill.rs`): opens the store at `argv[1]`, resumes its game, and plays
//! seeded requests (`argv[2]` the seed) into it for ever, printing after each committed step
//! `step <seq> <fingerprint>` — the fingerprint a hash of the whole session as saved — so the parent knows
//! what was answered when it kills the process. Its checkpointer runs as the app's does, on a short tick.

use goeben_referee::api::save;
use goeben_referee::{RulesPack, Session};
use goeben_store::scripted::Player;
use goeben_store::Store;
use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(path), Some(seed)) = (args.get(1), args.get(2).and_then(|s| s.parse::<u64>().ok()))
    else {
        eprintln!("usage: journal_writer STORE SEED");
        std::process::exit(2);
    };
    let mut store = Store::open(std::path::Path::new(path)).expect("the store opens");
    // As the app runs it, only faster: the WAL synced every few milliseconds and moved into the file
    // past 64 KiB, so kills also land inside the checkpointer's syncs and its checkpoints.
    let _checkpointer = goeben_store::Checkpointer::with_bound(
        std::path::Path::new(path),
        std::time::Duration::from_millis(3),
        64 * 1024,
    )
    .expect("the checkpointer starts");
    let opened = store.open_game().expect("the game opens");
    if let Some(notice) = &opened.notice {
        println!("notice {notice}");
    }
    let mut session = opened
        .session
        .unwrap_or_else(|| Session::new(RulesPack::standard(), seed));
    let mut player = Player::new(seed);
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "opened {} {}",
        store.last_written(),
        fingerprint(&session)
    )
    .unwrap();
    out.flush().unwrap();
    loop {
        let request = player.request(&session.view());
        let (response, written) = store.respond(&mut session, request);
        written.expect("the step is written");
        // As the shell does once the answer has gone back (a kill may land between the two).
        store
            .write_due_snapshot(&session)
            .expect("the snapshot is written");
        if response.changed {
            writeln!(
                out,
                "step {} {}",
                store.last_written(),
                fingerprint(&session)
            )
            .unwrap();
            out.flush().unwrap();
        }
    }
}

/// FNV-1a over the session's save JSON.
fn fingerprint(session: &Session) -> String {
    let hash = save::to_json(session)
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
        });
    format!("{hash:016x}")
}
