//! The after-action review carries what its charts need to read right: the Orders'
//! VP target for the VP chart's line, the Alert track's ends so the Alert chart runs the whole track, and
//! every word of the luck chart (the UI composes none).

use goeben_referee::api::request::SessionRequest;
use goeben_referee::{RulesPack, Session};

/// A finished game of `seed`, played by seeded random legal actions; None when it did not end.
fn finished(seed: u64) -> Option<Session> {
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
    s.view().game_over.is_some().then_some(s)
}

#[test]
fn issue_29_the_luck_chart_words_are_the_cores_and_say_its_figures() {
    let mut battles = 0;
    for seed in 0..6u64 {
        let Some(mut s) = finished(seed) else {
            continue;
        };
        let review = s.respond(SessionRequest::Review).review().unwrap();
        for b in &review.battles {
            assert_eq!(b.title, format!("Turn {} · {}", b.turn, b.space));
            for (side, words) in [(&b.german, &b.german_words), (&b.allied, &b.allied_words)] {
                if side.dice == 0 {
                    assert_eq!(words, "no fire", "seed {seed}");
                } else {
                    let hits = if side.hits == 1 {
                        "1 hit".to_string()
                    } else {
                        format!("{} hits", side.hits)
                    };
                    assert!(
                        words.starts_with(&format!("{hits} · ")) && words.ends_with(" exp."),
                        "seed {seed}: {words}"
                    );
                }
            }
            assert!(
                review
                    .luck_summary
                    .contains(&format!("turn {}, {}: ", b.turn, b.space)),
                "seed {seed}: {} names turn {} at {}",
                review.luck_summary,
                b.turn,
                b.space
            );
            battles += 1;
        }
        if review.battles.is_empty() {
            assert_eq!(review.luck_summary, "No battle was fought.");
        }
        assert_eq!(
            review.luck_yours, None,
            "seed {seed}: the app rolled every die"
        );
    }
    assert!(battles > 0, "some seeded game fought a battle");
}

#[test]
fn issue_29_the_review_carries_the_vp_target_and_the_alert_track() {
    let mut checked = 0;
    for seed in 0..6u64 {
        let Some(mut s) = finished(seed) else {
            continue;
        };
        let view = s.view();
        let game = view.game.as_ref().expect("a finished game");
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
