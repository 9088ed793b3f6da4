//! The after-action review carries what its charts need to read right: the Orders'
//! VP target for the VP chart's line, and the Alert track's ends so the Alert chart runs the whole track.

use goeben_referee::api::request::SessionRequest;
use goeben_referee::{RulesPack, Session};

#[test]
fn issue_29_the_review_carries_the_vp_target_and_the_alert_track() {
    let mut checked = 0;
    for seed in 0..6u64 {
        let mut s = Session::new(RulesPack::standard(), seed);
        s.respond(SessionRequest::NewGame {
            seed: Some(seed),
            options: None,
        });
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for _ in 0..3000 {
            let actions = s.view().legal_actions();
            if actions.is_empty() {
                break;
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            s.respond(actions[(x >> 16) as usize % actions.len()].clone());
        }
        let view = s.view();
        let Some(game) = view.game.as_ref().filter(|_| view.game_over.is_some()) else {
            continue;
        };
        let answer = serde_json::to_value(s.respond(SessionRequest::Review)).unwrap();
        let review = &answer["review"];
        assert_eq!(
            review["vp_target"], game.orders.min_vp,
            "seed {seed}: the Orders' target"
        );
        assert_eq!(
            (review["alert_min"].as_u64(), review["alert_max"].as_u64()),
            (Some(game.alert_min as u64), Some(game.alert_max as u64)),
            "seed {seed}"
        );
        for point in review["trend"].as_array().unwrap() {
            let alert = point["alert"].as_u64().unwrap();
            assert!(
                (game.alert_min as u64..=game.alert_max as u64).contains(&alert),
                "seed {seed}: {point} inside the track"
            );
        }
        checked += 1;
    }
    assert!(checked >= 3, "{checked} finished games reviewed");
}
