//! Issue #50, 14.3: contact with its odds before the roll. Every contact choice of random games carries
//! both ratings, the enemy and the chance of each result; those chances are the real rule's — the same
//! game run through `contact::contact` thousands of times with fresh dice (the Limited Visibility and night
//! rolls of an opening battle included) lands on each result as often as the odds say — with a planted
//! wrong chance as the control.

use goeben_referee::api::test_hooks::SessionHooks;
use goeben_referee::engine::ctx::Ctx;
use goeben_referee::ground::action::Action;
use goeben_referee::ground::dice::Dice;
use goeben_referee::ground::event::Event;
use goeben_referee::ground::pack::ContactResult;
use goeben_referee::ground::state::{Game, Pending};
use goeben_referee::rules::combat::contact;
use goeben_referee::rules::combat::contact_odds::ContactOdds;
use goeben_referee::RulesPack;

/// Contacts simulated for each choice checked.
const TRIALS: u32 = 3000;

/// How often the real rule gives the German First Salvo, the Allied one and no contact, over `TRIALS`
/// fresh dice; each German First Salvo is checked to leave the break-off choice (14.4) and, where the
/// odds fold in no roll, each contact's ratings to be the ones shown.
fn simulate(pack: &RulesPack, game: &Game, action: &Action, odds: &ContactOdds) -> [f64; 3] {
    let Action::Contact {
        space,
        leader,
        speed_ship,
        maximum_speed,
    } = action
    else {
        panic!("a contact choice")
    };
    let mut tally = [0u32; 3];
    for trial in 0..TRIALS {
        let mut g = game.clone();
        g.dice = Dice::from_seed(0xC0_17AC7 ^ u64::from(trial).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut ctx = Ctx::new(pack, &mut g);
        contact::contact(&mut ctx, space, leader, speed_ship, *maximum_speed)
            .expect("a legal contact");
        let resolved = ctx.events.iter().find_map(|e| match e {
            Event::ContactResolved {
                german,
                allied,
                result,
                cancelled,
                ..
            } => Some((*german, *allied, *result, cancelled.is_some())),
            _ => None,
        });
        let outcome = match resolved {
            // The Limited Visibility roll forbade combat: no contact was rolled.
            None => 2,
            Some((_, _, ContactResult::NoContact, _)) | Some((_, _, _, true)) => 2,
            Some((
                _,
                _,
                ContactResult::GermanFirstSalvoContact1 | ContactResult::GermanFirstSalvoContact2,
                _,
            )) => 0,
            Some(_) => 1,
        };
        let break_off = g
            .pending
            .iter()
            .any(|p| matches!(p, Pending::BreakOff { space: s } if s == space));
        assert_eq!(
            outcome == 0,
            break_off,
            "14.4: a German First Salvo, and only it, asks to break off"
        );
        if let (None, Some((german, allied, _, _))) = (&odds.folds_in, resolved) {
            assert_eq!(
                (german, allied),
                (odds.german, odds.allied),
                "the ratings shown are the ones rolled"
            );
        }
        tally[outcome] += 1;
    }
    tally.map(|n| f64::from(n) / f64::from(TRIALS))
}

/// Where the shown chances and the simulated frequencies differ by more than chance allows (4.5 standard
/// errors, plus half a point of rounding), in words.
fn mismatch(odds: &ContactOdds, seen: [f64; 3]) -> Option<String> {
    let shown = [
        odds.german_first_salvo,
        odds.allied_first_salvo,
        odds.no_contact,
    ];
    if (shown.iter().sum::<f64>() - 1.0).abs() > 1e-9 {
        return Some(format!("the chances {shown:?} do not add up to one"));
    }
    shown.iter().zip(seen).find_map(|(p, f)| {
        let allowed = 4.5 * (p * (1.0 - p) / f64::from(TRIALS)).sqrt() + 0.005;
        ((p - f).abs() > allowed).then(|| format!("shown {shown:?}, the rule gave {seen:?}"))
    })
}

#[test]
fn issue_50_rule_14_3_contact_odds_before_the_roll_are_the_real_rules_chances() {
    let pack = RulesPack::standard();
    let mut checked = 0;
    let mut folded = 0;
    let mut planted_caught = 0;
    // Random games (the headline tests' choices), the session at hand: each contact choice is simulated
    // from the very game its view came from.
    for seed in 0..400u64 {
        if checked >= 16 {
            break;
        }
        let mut s = goeben_referee::Session::new(RulesPack::standard(), seed);
        s.respond(goeben_referee::api::request::SessionRequest::NewGame {
            seed: Some(seed),
            options: Some(crate::rules_support::mixed_options(seed)),
        });
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for _ in 0..1500 {
            let view = s.view();
            if view.decisions.is_empty() {
                break;
            }
            let contacts: Vec<_> = view
                .decisions
                .iter()
                .filter(|d| matches!(d.action, Action::Contact { .. }))
                .collect();
            for d in contacts.iter().take(2) {
                let odds = d.contact.as_ref().expect("a contact choice shows its odds");
                assert!(
                    odds.words.starts_with(&format!(
                        "German {} \u{2212} Allied {}",
                        odds.german, odds.allied
                    )),
                    "{}",
                    odds.words
                );
                assert!(!odds.enemy.is_empty(), "the enemy is named");
                if checked < 16 {
                    let game = s.game().expect("a game").clone();
                    let seen = simulate(&pack, &game, &d.action, odds);
                    if let Some(why) = mismatch(odds, seen) {
                        panic!("seed {seed}, {}: {why}", d.label);
                    }
                    // The control: the same frequencies against chances shifted by ten points are caught.
                    let mut planted = odds.clone();
                    let shift = if planted.german_first_salvo >= 0.1 {
                        -0.1
                    } else {
                        0.1
                    };
                    planted.german_first_salvo += shift;
                    planted.no_contact -= shift;
                    if mismatch(&planted, seen).is_some() {
                        planted_caught += 1;
                    }
                    checked += 1;
                    folded += usize::from(odds.folds_in.is_some());
                }
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let d = view.decisions[(x >> 16) as usize % view.decisions.len()].clone();
            s.respond(d.action.clone());
        }
        // Other decisions carry no contact odds.
        assert!(s
            .view()
            .decisions
            .iter()
            .all(|d| d.contact.is_some() == matches!(d.action, Action::Contact { .. })));
    }
    assert!(checked >= 16, "only {checked} contact choices met");
    assert!(
        folded >= 1,
        "no contact choice with a Limited Visibility or night roll to come was met"
    );
    assert_eq!(
        planted_caught, checked,
        "every planted wrong chance is caught"
    );
}
