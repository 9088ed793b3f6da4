//! DESIGN.md principle 5: a save restores the same game with the same future; a corrupt, truncated, too
//! new, too old or inconsistent save is refused with its own clear error; loading never panics.

use goeben_referee::api::request::SessionRequest;

use goeben_referee::api::save::{self, SaveError};
use proptest::prelude::*;

mod rules_support;
use rules_support::played;


#[test]
fn principle_5_a_save_restores_the_same_view_and_the_same_future() {
    for seed in [3u64, 17, 99] {
        let mut original = played(seed, 30);
        let mut restored = save::from_json(&save::to_json(&original)).expect("a fresh save loads");
        assert_eq!(original.view(), restored.view());
        for i in 0..60 {
            let legal = original.view().legal_actions;
            if legal.is_empty() {
                break;
            }
            let action = legal[(i * 5) % legal.len()].clone();
            assert_eq!(original.respond(action.clone()), restored.respond(action), "seed {seed}, step {i}: same dice, same events");
        }
        // Undo history survives the save too.
        assert_eq!(original.respond(SessionRequest::Undo), restored.respond(SessionRequest::Undo));
    }
}

#[test]
fn principle_5_bad_saves_are_refused_each_with_its_own_error() {
    let good = save::to_json(&played(7, 20));
    assert!(matches!(save::from_json("{not json"), Err(SaveError::Corrupt(_))));
    assert!(matches!(save::from_json(&good[..good.len() / 2]), Err(SaveError::Corrupt(_))), "truncated");
    let newer = good.replacen("\"schema\":1", "\"schema\":99", 1);
    assert!(matches!(save::from_json(&newer), Err(SaveError::TooNew { found: 99, .. })));
    let older = good.replacen("\"schema\":1", "\"schema\":0", 1);
    assert!(matches!(save::from_json(&older), Err(SaveError::TooOld { found: 0 })));
    let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
    v["session"]["game"]["alert_level"] = serde_json::json!(9);
    assert!(matches!(save::from_json(&v.to_string()), Err(SaveError::Inconsistent(_))), "Alert 9 breaks 5.2");
    let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
    v["session"]["pack"]["charts"].as_object_mut().unwrap().remove("repair");
    let e = save::from_json(&v.to_string()).unwrap_err();
    assert!(e.to_string().contains("repair"), "names the missing table: {e}");
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
