//! The core writes every word the player reads, so its sentences are checked here —
//! every event line and every decision label met in random games (every optional rule, the campaign and
//! cup-only mode mixed in by seed): a capital first letter, a full stop (or the dice), no "1 dice" or
//! "result(s)", no doubled verb, no bracket inside a bracket, no raw id or debug text.

use std::collections::BTreeSet;

use goeben_referee::api::request::SessionRequest;
use goeben_referee::{RulesPack, Session};

use crate::prose_support;
use crate::rules_support;

use prose_support::*;

/// The plural nouns checked after a count of one in every line of random games. Fewer than
/// `prose_support::PLURALS`: here "picks" and the like are also verbs ("flotilla 1 picks its target").
const COUNTED_NOUNS: [&str; 12] = [
    "dice",
    "results",
    "missions",
    "hits",
    "spaces",
    "turns",
    "boxes",
    "points",
    "ships",
    "engines",
    "torpedoes",
    "counters",
];

/// What is wrong with `text` as a line a player reads, if anything.
fn fault(text: &str, sentence: bool) -> Option<&'static str> {
    let words: Vec<&str> = text.split_whitespace().collect();
    if words
        .windows(2)
        .any(|pair| plural_after_one(pair, &COUNTED_NOUNS))
    {
        return Some("a plural after 1");
    }
    if text.contains("(s)") {
        return Some("a (s) instead of the right number");
    }
    if words
        .windows(2)
        .any(|w| doubled_verb(bare(w[0]), bare(w[1])))
    {
        return Some("a doubled verb");
    }
    if nested_brackets(text) {
        return Some("a bracket inside a bracket");
    }
    if text.contains('{')
        || text.contains("Some(")
        || text.contains("None")
        || words.iter().any(|w| w.contains('_'))
    {
        return Some("a raw id or debug text");
    }
    if ship_named_by_id(&words) {
        return Some("a ship named by its id");
    }
    if space_named_from_parts(&words) {
        return Some("a space named from its parts");
    }
    if count_of_nothing(text) {
        return Some("a count of nothing without its reason");
    }
    if sentence {
        if text.chars().next().is_some_and(char::is_lowercase) {
            return Some("no capital letter");
        }
        if no_full_stop(text) {
            return Some("no full stop");
        }
    }
    None
}

#[test]
fn the_fault_finder_finds_each_planted_fault() {
    assert_eq!(
        fault("Torpedoes at HMS Dublin: 1 dice: rolled 5", true),
        Some("a plural after 1")
    );
    assert_eq!(
        fault("HMS Dublin: 2 damage result(s).", true),
        Some("a (s) instead of the right number")
    );
    assert_eq!(
        fault("HMS Dublin goes withdraws.", true),
        Some("a doubled verb")
    );
    assert_eq!(
        fault(
            "Collier placed at open sea (Aegean (Eastern Mediterranean)).",
            true
        ),
        Some("a bracket inside a bracket")
    );
    assert_eq!(
        fault("Move gb_bc_inflexible.", true),
        Some("a raw id or debug text")
    );
    assert_eq!(fault("turn 2 begins.", true), Some("no capital letter"));
    assert_eq!(fault("Turn 2 begins", true), Some("no full stop"));
    assert_eq!(
        fault("Wireless off (handed to breslau).", true),
        Some("a ship named by its id")
    );
    assert_eq!(
        fault(
            "Camera Crew aboard goeben films HMS Gloucester going down.",
            true
        ),
        Some("a ship named by its id")
    );
    assert_eq!(
        fault(
            "Break off to off the battle 1, Eastern Mediterranean",
            false
        ),
        Some("a space named from its parts")
    );
    assert_eq!(
        fault(
            "Contact at off the battle 1, Western Mediterranean: German 9.",
            true
        ),
        Some("a space named from its parts")
    );
    assert_eq!(
        fault("Incident picks at Messina: 0; 0 drawn from the pool.", true),
        Some("a count of nothing without its reason")
    );
    assert_eq!(
        fault(
            "Break off to open sea beside the battle, Eastern Mediterranean",
            false
        ),
        None
    );
    assert_eq!(fault("No incident picks at Messina (13.2: none in a friendly or neutral port below Alert 4).", true), None);
    assert_eq!(fault("Turn 2 begins.", true), None);
    assert_eq!(
        fault("Torpedoes at HMS Dublin: 1 die: rolled 5", true),
        None
    );
}

#[test]
fn issue_19_every_event_line_and_decision_label_of_random_games_reads_right() {
    let mut faults = BTreeSet::new();
    let (mut lines, mut labels) = (0usize, 0usize);
    for seed in 0..120u64 {
        let mut s = Session::new(RulesPack::standard(), seed);
        s.respond(SessionRequest::NewGame {
            seed: Some(seed),
            options: Some(rules_support::mixed_options(seed)),
        });
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for _ in 0..1500 {
            let view = s.view();
            if view.decisions.is_empty() {
                break;
            }
            // The battle card's words (its heading, the First Salvo side, each fire's odds) are read
            // with the labels: short lines, no full stop.
            let battle_words = view.game.iter().flat_map(|g| &g.combat).flat_map(|b| {
                [&b.title, &b.first_salvo_words].into_iter().chain(
                    b.options
                        .iter()
                        .flat_map(|o| &o.fires)
                        .flat_map(|f| [&f.words, &f.short_words]),
                )
            });
            for text in view
                .decisions
                .iter()
                .flat_map(|d| [Some(&d.label), d.decider.as_ref()])
                .flatten()
                .chain(battle_words)
            {
                labels += 1;
                if let Some(f) = fault(text, false) {
                    faults.insert(format!("label {text:?}: {f}"));
                }
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            s.respond(
                view.decisions[(x >> 16) as usize % view.decisions.len()]
                    .action
                    .clone(),
            );
        }
        for entry in s.log() {
            lines += 1;
            if let Some(f) = fault(&entry.text, true) {
                faults.insert(format!("event {:?}: {f}", entry.text));
            }
        }
    }
    assert!(
        lines > 10_000 && labels > 10_000,
        "enough words were read ({lines} lines, {labels} labels)"
    );
    // One example per kind of line (its first three words and the fault), so every kind shows at once.
    let mut kinds = BTreeSet::new();
    let shown: Vec<&String> = faults
        .iter()
        .filter(|f| {
            kinds.insert((
                f.split_whitespace().take(3).collect::<Vec<_>>().join(" "),
                f.rsplit(": ").next().unwrap_or("").to_string(),
            ))
        })
        .take(40)
        .collect();
    assert!(
        faults.is_empty(),
        "{} faulty lines, e.g. {shown:#?}",
        faults.len()
    );
}

/// The next step's button says what ending the phase means and where it leads, in a player's words
/// ("Done moving → Incident"), for every phase met in random games.
#[test]
fn issue_19_the_next_step_says_where_it_leads() {
    let mut seen = BTreeSet::new();
    for seed in 0..20u64 {
        let mut s = Session::new(RulesPack::standard(), seed);
        s.respond(SessionRequest::NewGame {
            seed: Some(seed),
            options: None,
        });
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for _ in 0..400 {
            let view = s.view();
            let Some(i) = view
                .legal_actions()
                .iter()
                .position(|a| matches!(a, goeben_referee::Action::EndPhase))
            else {
                if view.decisions.is_empty() {
                    break;
                }
                // Setup and pending questions: a random legal answer, the collier first (setup ends with it).
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let collier = view
                    .legal_actions()
                    .iter()
                    .position(|a| matches!(a, goeben_referee::Action::PlaceCollier { .. }));
                let pick = collier.unwrap_or((x >> 16) as usize % view.decisions.len());
                s.respond(view.decisions[pick].action.clone());
                continue;
            };
            let label = &view.decisions[i].label;
            let expected = match view.phase_name.as_str() {
                "Movement" => "Done moving → Incident".to_string(),
                "Outfitting & Repair" => "Done outfitting → Intelligence".to_string(),
                "Incident" => "Done with incidents → Naval Combat".to_string(),
                "Objective" => format!("End turn {}", view.turn),
                _ => label.clone(),
            };
            assert_eq!(label, &expected, "the next step in {}", view.phase_name);
            assert!(
                label.starts_with("Done ") || label.starts_with("End turn "),
                "{label:?} says what is done"
            );
            seen.insert(view.phase_name.clone());
            s.respond(view.decisions[i].action.clone());
        }
    }
    for phase in ["Outfitting & Repair", "Movement", "Incident", "Objective"] {
        assert!(
            seen.contains(phase),
            "the end of {phase} was met (seen: {seen:?})"
        );
    }
}

/// A repair's label counts dice, not boxes ("5 dice on primary", not "5
/// primary"), and a ship that has not yet taken the Outfitting & Repair phase is told before the tap that it
/// will not move this turn; a ship that has taken it is not told again.
#[test]
fn issue_29_a_repair_label_counts_dice_and_says_the_ship_will_not_move() {
    let (mut told, mut not_told) = (0, 0);
    for seed in 0..60u64 {
        let mut s = Session::new(RulesPack::standard(), seed);
        s.respond(SessionRequest::NewGame {
            seed: Some(seed),
            options: None,
        });
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for _ in 0..1200 {
            let view = s.view();
            if view.decisions.is_empty() {
                break;
            }
            for (a, label) in view.decisions.iter().map(|d| (&d.action, &d.label)) {
                let goeben_referee::Action::Repair { ship, .. } = a else {
                    continue;
                };
                assert!(
                    label.contains(" dice on ") || label.contains(" die on "),
                    "{label}"
                );
                let fresh = view
                    .legal_actions()
                    .contains(&goeben_referee::Action::TakeOutfitting { ship: ship.clone() });
                assert_eq!(
                    label.ends_with(" · no move this turn (7.0)"),
                    fresh,
                    "{label}"
                );
                if fresh {
                    told += 1
                } else {
                    not_told += 1
                }
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let pick = (x >> 16) as usize % view.decisions.len();
            s.respond(view.decisions[pick].action.clone());
        }
    }
    assert!(
        told > 0 && not_told > 0,
        "both kinds met: {told} told, {not_told} not told"
    );
}

/// A fire order says what it spends before the tap — " · 1 ammunition (14.8)"
/// for a ship's first fire in the battle, " · 2 ammunition (14.9)" at maximum fire — and nothing once the
/// ship has paid for the battle; the number is the battle option's own.
#[test]
fn issue_29_a_fire_order_says_the_ammunition_it_spends() {
    let (mut paying, mut paid) = (0, 0);
    for seed in 0..150u64 {
        let mut s = Session::new(RulesPack::standard(), seed);
        s.respond(SessionRequest::NewGame {
            seed: Some(seed),
            options: None,
        });
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for _ in 0..1500 {
            let view = s.view();
            if view.decisions.is_empty() {
                break;
            }
            for d in &view.decisions {
                let goeben_referee::Action::FireOrders {
                    ship,
                    target: Some(t),
                    maximum_fire,
                } = &d.action
                else {
                    continue;
                };
                let option = view
                    .game
                    .iter()
                    .flat_map(|g| &g.combat)
                    .flat_map(|b| &b.options)
                    .find(|o| &o.ship == ship && &o.target == t && o.maximum_fire == *maximum_fire)
                    .expect("an option per fire order");
                let rule = if *maximum_fire { "14.9" } else { "14.8" };
                if option.ammunition > 0 {
                    assert!(
                        d.label
                            .ends_with(&format!(" · {} ammunition ({rule})", option.ammunition)),
                        "{}",
                        d.label
                    );
                    assert_eq!(option.ammunition, if *maximum_fire { 2 } else { 1 });
                    paying += 1;
                } else {
                    assert!(!d.label.contains("ammunition"), "{}", d.label);
                    paid += 1;
                }
            }
            // Keen on battles: contact and fire whenever offered.
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let keen: Vec<&goeben_referee::Action> = view
                .decisions
                .iter()
                .map(|d| &d.action)
                .filter(|a| {
                    matches!(
                        a,
                        goeben_referee::Action::Contact { .. }
                            | goeben_referee::Action::Fight { .. }
                            | goeben_referee::Action::FireOrders {
                                target: Some(_),
                                ..
                            }
                    )
                })
                .collect();
            let action = if keen.is_empty() {
                view.decisions[(x >> 16) as usize % view.decisions.len()]
                    .action
                    .clone()
            } else {
                keen[(x >> 16) as usize % keen.len()].clone()
            };
            s.respond(action);
        }
    }
    assert!(
        paying > 0 && paid > 0,
        "both met: {paying} paying, {paid} paid for the battle"
    );
}
