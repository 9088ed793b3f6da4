//! The `host_http` fuzz corpus and its kept crashes replayed by the ordinary test
//! suite, through the same function the libFuzzer target calls (`fuzz/src/host.rs`, included by path):
//! raw HTTP requests and WebSocket frames to a host on loopback; no panic, no 5xx, every connection
//! closed once the client stops, and the tables still answer (docs/FUZZING.md).

#[path = "../../../fuzz/src/host.rs"]
mod host;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Panics anywhere in the process, the host's threads included: a panic in a connection's task would
/// only drop that connection, so the replay counts them itself (libFuzzer aborts on any).
static PANICS: AtomicUsize = AtomicUsize::new(0);

#[test]
fn issue_34_the_host_fuzz_corpus_and_kept_crashes_replay_cleanly() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        PANICS.fetch_add(1, Ordering::SeqCst);
        previous(info);
    }));
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
    let mut n = 0;
    for dir in ["corpus", "regressions"] {
        let Ok(entries) = std::fs::read_dir(fuzz.join(dir).join("host_http")) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = entries
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_file())
            .collect();
        paths.sort();
        for path in paths {
            let bytes = std::fs::read(&path).unwrap();
            let before = PANICS.load(Ordering::SeqCst);
            let outcome = std::panic::catch_unwind(|| host::host_http(&bytes));
            assert!(
                outcome.is_ok() && PANICS.load(Ordering::SeqCst) == before,
                "fuzz input {} fails the host_http checks",
                path.display()
            );
            n += 1;
        }
    }
    assert!(
        n >= 10,
        "fuzz/corpus/host_http/ holds its seeds ({n} found)"
    );
}

/// The checks can fail: a host answering 500 is caught by the status reader, pipelined or not.
#[test]
fn the_replay_sees_a_5xx_among_pipelined_answers() {
    let raw = b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\nHTTP/1.1 500 Internal Server Error\r\ncontent-length: 0\r\n\r\n";
    assert_eq!(host::statuses(raw), vec![200, 500]);
}
