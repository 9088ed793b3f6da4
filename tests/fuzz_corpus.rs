//! The fuzz corpora and every kept crash replayed by the ordinary test suite. Each file
//! under `fuzz/corpus/<target>/` and `fuzz/regressions/<target>/` goes through the same function the
//! libFuzzer target calls (`fuzz/src/game.rs`, included here by path), with the same assertions: no panic,
//! a refused input changes nothing (docs/FUZZING.md). The table tools' corpus is replayed by
//! `crates/table-tools/tests/fuzz_corpus.rs`.
//!
//! `UPDATE_FUZZ_SEEDS=1 cargo test --test suite fuzz_corpus::` rewrites the generated seeds (a save, the exported
//! pack, a finished game record, webcam frames of printed codes) from the real core.

#[path = "../fuzz/src/game.rs"]
#[allow(dead_code)]
mod game;

use std::path::{Path, PathBuf};

use goeben_referee::api::codes;
use goeben_referee::api::protocol::handle_line;
use goeben_referee::api::save;
use goeben_referee::{RulesPack, Session, SessionRequest};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz")
}

/// Every corpus file and kept crash of one target, with its path.
fn inputs(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    for dir in ["corpus", "regressions"] {
        let Ok(entries) = std::fs::read_dir(fuzz_dir().join(dir).join(target)) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = entries
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_file())
            .collect();
        paths.sort();
        out.extend(paths.into_iter().map(|p| {
            let bytes = std::fs::read(&p).unwrap();
            (p, bytes)
        }));
    }
    out
}

fn replay(target: &str, check: fn(&[u8])) -> usize {
    let inputs = inputs(target);
    for (path, bytes) in &inputs {
        let outcome = std::panic::catch_unwind(|| check(bytes));
        assert!(
            outcome.is_ok(),
            "fuzz input {} fails its target's checks",
            path.display()
        );
    }
    inputs.len()
}

/// A fuzz target's corpus folder and the checks its inputs replay through.
type FuzzTarget = (&'static str, fn(&[u8]));

#[test]
fn issue_18_the_fuzz_corpora_and_kept_crashes_replay_cleanly() {
    let targets: [FuzzTarget; 6] = [
        ("protocol_line", game::protocol_lines),
        ("save_file", game::save_file),
        ("rules_pack", game::rules_pack),
        ("counter_code", game::counter_code),
        ("game_record", game::game_record),
        ("webcam_frame", game::webcam_frame),
    ];
    for (target, check) in targets {
        let n = replay(target, check);
        assert!(n >= 1, "fuzz/corpus/{target}/ holds its seeds");
    }
}

/// The fuzzers' one finding so far (docs/FUZZING.md, "Found"): a frame on which rqrr 0.11's
/// `Perspective::map` asserts (WanzenBug/rqrr#54). Fixed in the frame reader's `decode_grey` (crates/frame-reader), which the fuzz target calls:
/// the frame reads as one with no code. (It stays in `fuzz/regressions/`, replayed above too.)
#[test]
fn issue_18_the_rqrr_finding_reads_as_a_frame_with_no_code() {
    let bytes = std::fs::read(
        fuzz_dir().join("regressions/webcam_frame/rqrr-perspective-map-assert.frame"),
    )
    .unwrap();
    // As the target reads it: the header's width, cut to the largest whole frame of the body.
    let pixels = &bytes[4..];
    let w = (u16::from_le_bytes([bytes[0], bytes[1]]) as usize).clamp(1, pixels.len());
    let h = pixels.len() / w;
    assert_eq!(
        game::decode_grey(w, h, &pixels[..w * h]),
        Ok(None),
        "a {w}×{h} frame"
    );
}

/// The checks catch what they promise to: a frame of a printed code decodes through the shell's copy.
#[test]
fn issue_18_a_seed_frame_decodes_to_its_code() {
    let path = fuzz_dir().join("corpus/webcam_frame/goeben.frame");
    let bytes = std::fs::read(path).unwrap();
    let (w, h) = (
        u16::from_le_bytes([bytes[0], bytes[1]]) as usize,
        u16::from_le_bytes([bytes[2], bytes[3]]) as usize,
    );
    assert_eq!(
        game::decode_grey(w, h, &bytes[4..]),
        Ok(Some("GO1-GW47-O".to_string()))
    );
}

/// A small deterministic chooser (xorshift), so the recorded game is reproducible.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

fn frame(text: &str, scale: usize) -> Vec<u8> {
    let qr = qrcode::QrCode::new(text.as_bytes()).expect("encodes");
    let modules = qr.width();
    let colors = qr.to_colors();
    let side = (modules + 8) * scale;
    let mut out = Vec::with_capacity(4 + side * side);
    out.extend_from_slice(&(side as u16).to_le_bytes());
    out.extend_from_slice(&(side as u16).to_le_bytes());
    for y in 0..side {
        for x in 0..side {
            let (mx, my) = ((x / scale).wrapping_sub(4), (y / scale).wrapping_sub(4));
            let dark =
                mx < modules && my < modules && colors[my * modules + mx] == qrcode::Color::Dark;
            out.push(if dark { 30 } else { 200 });
        }
    }
    out
}

#[test]
fn issue_18_generated_seeds() {
    if std::env::var("UPDATE_FUZZ_SEEDS").ok().as_deref() != Some("1") {
        return;
    }
    let write = |target: &str, name: &str, bytes: &[u8]| {
        let dir = fuzz_dir().join("corpus").join(target);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(name), bytes).unwrap();
    };
    // Saves: no game yet, and a game a few steps in (the pack is embedded in both).
    let fresh = Session::new(RulesPack::standard(), 1);
    write(
        "save_file",
        "no_game.json",
        save::to_json(&fresh).as_bytes(),
    );
    let mut s = Session::new(RulesPack::standard(), 1);
    for line in [
        r#"{"action":"new_game","seed":7,"options":{"orders":"ottoman_alliance"}}"#,
        r#"{"action":"place_collier","to":{"kind":"high_seas","zone":"aegean","label":"off Lemnos"}}"#,
        r#"{"action":"end_phase"}"#,
    ] {
        assert!(handle_line(&mut s, line).ok, "{line}");
    }
    write(
        "save_file",
        "three_steps.json",
        save::to_json(&s).as_bytes(),
    );
    // The exported pack.
    write(
        "rules_pack",
        "standard.json",
        RulesPack::standard().to_json().as_bytes(),
    );
    // A finished game record (and the same game unfinished, which verify refuses).
    let mut s = Session::new(RulesPack::standard(), 5);
    assert!(
        s.respond(SessionRequest::NewGame {
            seed: Some(11),
            options: None
        })
        .ok
    );
    let mut pick = 11u64;
    for step in 0..3000 {
        let view = s.view();
        if view.game_over.is_some() || view.decisions.is_empty() {
            break;
        }
        if step == 40 {
            let record = s.respond(SessionRequest::ExportRecord).record().unwrap();
            write(
                "game_record",
                "unfinished.json",
                serde_json::to_string(&record).unwrap().as_bytes(),
            );
        }
        let i = next(&mut pick) as usize % view.decisions.len();
        assert!(s.respond(view.decisions[i].action.clone()).ok);
    }
    assert!(s.over_for_good(), "the recorded game ends");
    let record = s.respond(SessionRequest::ExportRecord).record().unwrap();
    let text = serde_json::to_string(&record).unwrap();
    assert!(goeben_referee::api::verify::verify(&text).ok);
    write("game_record", "finished.json", text.as_bytes());
    // Webcam frames of printed codes, two module sizes.
    let pack = RulesPack::standard();
    write("webcam_frame", "goeben.frame", &frame("GO1-GW47-O", 2));
    write("webcam_frame", "inflexible.frame", &frame("GO1-I97N-L", 3));
    write(
        "webcam_frame",
        "foreign.frame",
        &frame("https://example.org", 2),
    );
    assert!(codes::parse(&pack, "GO1-GW47-O").is_ok());
}
