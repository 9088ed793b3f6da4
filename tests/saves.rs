//! DESIGN.md principle 5: a save restores the same game with the same future; a corrupt, truncated, too
//! new, too old or inconsistent save is refused with its own clear error; loading never panics.

use goeben_referee::api::request::SessionRequest;

use goeben_referee::api::save::{self, SaveError};
use proptest::prelude::*;

use crate::rules_support;
use rules_support::played;

#[test]
fn principle_5_a_save_restores_the_same_view_and_the_same_future() {
    for seed in [3u64, 17, 99] {
        let mut original = played(seed, 30);
        let mut restored = save::from_json(&save::to_json(&original)).expect("a fresh save loads");
        assert_eq!(original.view(), restored.view());
        for i in 0..60 {
            let legal = original.view().legal_actions();
            if legal.is_empty() {
                break;
            }
            let action = legal[(i * 5) % legal.len()].clone();
            assert_eq!(
                original.respond(action.clone()),
                restored.respond(action),
                "seed {seed}, step {i}: same dice, same events"
            );
        }
        // Undo history survives the save too.
        assert_eq!(
            original.respond(SessionRequest::Undo),
            restored.respond(SessionRequest::Undo)
        );
    }
}

#[test]
fn principle_5_bad_saves_are_refused_each_with_its_own_error() {
    let good = save::to_json(&played(7, 20));
    assert!(matches!(
        save::from_json("{not json"),
        Err(SaveError::Corrupt(_))
    ));
    assert!(
        matches!(
            save::from_json(&good[..good.len() / 2]),
            Err(SaveError::Corrupt(_))
        ),
        "truncated"
    );
    let newer = good.replacen("\"schema\":1", "\"schema\":99", 1);
    assert!(matches!(
        save::from_json(&newer),
        Err(SaveError::TooNew { found: 99, .. })
    ));
    let older = good.replacen("\"schema\":1", "\"schema\":0", 1);
    assert!(matches!(
        save::from_json(&older),
        Err(SaveError::TooOld { found: 0 })
    ));
    let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
    v["session"]["game"]["alert_level"] = serde_json::json!(9);
    assert!(
        matches!(
            save::from_json(&v.to_string()),
            Err(SaveError::Inconsistent(_))
        ),
        "Alert 9 breaks 5.2"
    );
    let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
    v["session"]["pack"]["charts"]
        .as_object_mut()
        .unwrap()
        .remove("repair");
    let e = save::from_json(&v.to_string()).unwrap_err();
    assert!(
        e.to_string().contains("repair"),
        "names the missing table: {e}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn loading_arbitrary_text_never_panics(text in ".{0,200}") {
        let _ = save::from_json(&text);
    }

    #[test]
    fn loading_a_damaged_save_never_panics(cut in 0usize..4000, byte in any::<u8>()) {
        let good = save::to_json(&played(11, 10));
        let mut bytes = good.into_bytes();
        let at = cut % bytes.len();
        bytes[at] = byte;
        let _ = save::from_json(&String::from_utf8_lossy(&bytes));
    }
}

/// Saves written by earlier versions of the app, kept byte for byte. Each must still
/// open — through a migration in `save.rs` once the format changes — show its game and play on. Add a
/// file here (never regenerate one) whenever `SAVE_SCHEMA` is bumped.
const OLD_SAVES: &[(&str, &str)] = &[(
    "schema 1, app 0.1.0, 2026-11-23: turn 3 Outfitting, night combat + seaplanes + mines, 25.0 officers, undo history",
    include_str!("fixtures/saves/schema1-2026-11-23.json"),
)];

#[test]
fn issue_18_old_saves_still_open_and_play_on() {
    for (what, text) in OLD_SAVES {
        let mut s = save::from_json(text).unwrap_or_else(|e| panic!("{what}: {e}"));
        let view = s.view();
        assert!(
            view.game.is_some() && view.turn >= 1,
            "{what}: a running game"
        );
        assert!(!view.decisions.is_empty(), "{what}: decisions to take");
        // Played on: every legal action is accepted and the game keeps its invariants.
        for i in 0..40 {
            let legal = s.view().legal_actions();
            if legal.is_empty() {
                break;
            }
            let r = s.respond(legal[(i * 3) % legal.len()].clone());
            assert!(r.ok, "{what}, step {i}: {:?}", r.error);
        }
        // And saved again in today's format, it reads back to the same view.
        let again = save::from_json(&save::to_json(&s)).expect("re-saved");
        assert_eq!(again.view(), s.view(), "{what}");
    }
}

#[test]
fn issue_18_a_save_from_a_newer_version_is_refused_with_a_clear_message() {
    let (_, text) = OLD_SAVES[0];
    let newer = text.replacen(
        &format!("\"schema\":{}", save::SAVE_SCHEMA),
        &format!("\"schema\":{}", save::SAVE_SCHEMA + 1),
        1,
    );
    let e = save::from_json(&newer).unwrap_err();
    assert!(matches!(e, SaveError::TooNew { .. }));
    assert!(e.to_string().contains("newer version of the app"), "{e}");
}
