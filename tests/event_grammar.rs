//! Every kind of event the core can send reads as a sentence. One event
//! of every `Event` variant is built here by hand (`kind` is an exhaustive match, so a new variant does
//! not compile until it is named, and `every_variant_has_a_sample` fails until it has a sample), and its
//! line is checked: a capital first letter, a full stop (or a die's face, the dice lines' house style),
//! no doubled word or verb ("goes withdraws"), no "1 <plural>", no type or key in code ("TroopConvoy",
//! "victory_points"), no debug text ("{", "None", "Some("), no nationality in lower case ("german lost").
//! The same checks then read what random games really say (their events with the rules' own reasons,
//! the legal actions' labels) and what a scan says of every printed piece.

use std::collections::BTreeSet;

use goeben_referee::api::codes::{pieces, public_info};
use goeben_referee::api::request::SessionRequest;
use goeben_referee::ground::action::{Speed, Track};
use goeben_referee::ground::event::{CounterInfo, Event, FireRoll, StackCount};
use goeben_referee::ground::pack::{ContactResult, SeaZone};
use goeben_referee::ground::state::{Phase, SpaceRef};
use goeben_referee::{RulesPack, Session};

use crate::prose_support;
use crate::rules_support;

use prose_support::*;

/// The event's tag on the wire. No wildcard: a new variant fails to compile here until it is named.
fn kind(e: &Event) -> &'static str {
    match e {
        Event::GameStarted { .. } => "game_started",
        Event::SecretSetup { .. } => "secret_setup",
        Event::TurnStarted { .. } => "turn_started",
        Event::PhaseStarted { .. } => "phase_started",
        Event::DiceRolled { .. } => "dice_rolled",
        Event::AlertChanged { .. } => "alert_changed",
        Event::VpChanged { .. } => "vp_changed",
        Event::CounterRevealed { .. } => "counter_revealed",
        Event::TableInstruction { .. } => "table_instruction",
        Event::Note { .. } => "note",
        Event::CollierPlaced { .. } => "collier_placed",
        Event::ShipMoved { .. } => "ship_moved",
        Event::TrackChanged { .. } => "track_changed",
        Event::ShipSunk { .. } => "ship_sunk",
        Event::CounterReturned { .. } => "counter_returned",
        Event::CollierLost { .. } => "collier_lost",
        Event::IncidentsPicked { .. } => "incidents_picked",
        Event::IntelligenceResult { .. } => "intelligence_result",
        Event::Examined { .. } => "examined",
        Event::ContactResolved { .. } => "contact_resolved",
        Event::Corrected { .. } => "corrected",
        Event::Undone { .. } => "undone",
        Event::TakenBack { .. } => "taken_back",
        Event::PlayerDiceSet { .. } => "player_dice_set",
        Event::GameEnded { .. } => "game_ended",
        Event::CargoChanged { .. } => "cargo_changed",
        Event::PortCaptured { .. } => "port_captured",
        Event::MarinesEliminated { .. } => "marines_eliminated",
    }
}

/// A face-up counter of the standard pack, as the core shows it.
fn counter(pack: &RulesPack, id: &str) -> CounterInfo {
    let index = pack
        .counter_index(id)
        .unwrap_or_else(|| panic!("{id} is in the standard pack"));
    goeben_referee::ground::counters::counter_info(
        pack,
        goeben_referee::ground::state::CounterId(index as u16),
    )
}

fn s(text: &str) -> String {
    text.to_string()
}

/// At least one event of every variant, with the words the rules put in them (and both forms where a
/// variant has two: a roll with and without dice, a won and a lost game, one and several of a count).
fn samples(pack: &RulesPack) -> Vec<Event> {
    let messina = SpaceRef::place("messina");
    let open_sea = SpaceRef::HighSeas {
        zone: SeaZone::WesternMed,
        label: s("collier"),
    };
    let convoy = pack
        .counters
        .counters
        .iter()
        .find(|c| c.name.contains("Convoy"))
        .map(|c| c.id.clone())
        .expect("a troop convoy counter");
    vec![
        Event::GameStarted {
            orders: s("suez_canal"),
            orders_name: s("Suez Canal"),
            last_turn: 6,
        },
        Event::SecretSetup {
            patrol_zones: vec![StackCount {
                place: s("malta_pz"),
                name: s("Malta"),
                count: 1,
            }],
            ports: vec![StackCount {
                place: s("malta"),
                name: s("Malta"),
                count: 3,
            }],
            pool: 40,
        },
        Event::TurnStarted { turn: 1 },
        Event::PhaseStarted {
            turn: 1,
            phase: Phase::NavalCombat,
        },
        Event::DiceRolled {
            purpose: s("Goeben primary guns at HMS Indomitable: 1 die, hit on 6"),
            faces: vec![6],
            rule: s("14.5"),
            fire: Some(FireRoll {
                german: true,
                space: messina.clone(),
                hitting_faces: 1,
            }),
            by_player: false,
        },
        // House rule "I roll the dice" (player_dice): the player's faces, and the switch.
        Event::DiceRolled {
            purpose: s("Goeben primary guns at HMS Indomitable: 2 dice, hit on 6"),
            faces: vec![6, 2],
            rule: s("14.5"),
            fire: Some(FireRoll {
                german: true,
                space: messina.clone(),
                hitting_faces: 1,
            }),
            by_player: true,
        },
        Event::PlayerDiceSet { on: true },
        Event::PlayerDiceSet { on: false },
        Event::DiceRolled {
            purpose: s("Engine check"),
            faces: vec![],
            rule: s("12.3"),
            fire: None,
            by_player: false,
        },
        Event::AlertChanged {
            from: 1,
            to: 2,
            reason: s("a merchantman raided"),
            rule: s("5.2"),
        },
        Event::VpChanged {
            from: 0,
            to: -20,
            reason: s("Breslau lost at Messina"),
            rule: s("14.14, Victory Points Chart"),
        },
        Event::CounterRevealed {
            counter: counter(pack, &convoy),
            at: messina.clone(),
            rule: s("13.0"),
        },
        Event::CounterRevealed {
            counter: counter(pack, "gb_bc_inflexible"),
            at: open_sea.clone(),
            rule: s("13.0"),
        },
        Event::TableInstruction {
            text: s("put the French Troop Convoy on the Naval Combat Display."),
            rule: s("14.1"),
        },
        Event::Note {
            text: s("Night: firepower is halved (round up) except torpedoes and ships with searchlights."),
            rule: s("22.0"),
        },
        Event::CollierPlaced {
            at: open_sea.clone(),
        },
        Event::ShipMoved {
            ship: s("goeben"),
            from: messina.clone(),
            to: SpaceRef::place("malta_pz"),
            speed: Speed::Cruise,
            limit: 1,
        },
        Event::ShipMoved {
            ship: s("breslau"),
            from: messina.clone(),
            to: messina.clone(),
            speed: Speed::Stay,
            limit: 0,
        },
        Event::ShipMoved {
            ship: s("goeben"),
            from: messina.clone(),
            to: open_sea.clone(),
            speed: Speed::Emergency,
            limit: 6,
        },
        Event::TrackChanged {
            ship: s("goeben"),
            track: Track::Engines,
            from: 6,
            to: 5,
            reason: s("12.3 engine check"),
            rule: s("12.3"),
        },
        Event::TrackChanged {
            ship: s("breslau"),
            track: Track::Coal,
            from: 4,
            to: 3,
            reason: s("maximum speed"),
            rule: s("12.2"),
        },
        Event::ShipSunk {
            ship: s("breslau"),
            reason: s("hull 0"),
            rule: s("6.3"),
        },
        Event::CounterReturned {
            counter: s("gb_bc_inflexible"),
            name: s("HMS Inflexible"),
            to: s("back to the Incident Pool"),
            rule: s("14.13"),
        },
        Event::CollierLost {
            collier: 1,
            reason: s("Collier Attacked"),
            rule: s("Incident Chart"),
        },
        Event::IncidentsPicked {
            space: messina.clone(),
            normal: 1,
            extra: 0,
            drawn: 1,
        },
        Event::IncidentsPicked {
            space: SpaceRef::place("malta"),
            normal: 2,
            extra: 1,
            drawn: 3,
        },
        Event::IntelligenceResult {
            code: s("IB"),
            name: s("Intercepted British signals: examine up to two face-down markers"),
            value: 5,
            rule: s("11.0"),
        },
        Event::Examined {
            zone: s("malta_pz"),
            counters: vec![counter(pack, "gb_bc_inflexible"), counter(pack, &convoy)],
            rule: s("11.2"),
        },
        Event::ContactResolved {
            space: messina.clone(),
            german: 8,
            allied: 5,
            final_roll: 7,
            result: ContactResult::GermanFirstSalvoContact2,
            rule: s("14.3"),
            cancelled: None,
        },
        Event::ContactResolved {
            space: messina.clone(),
            german: 8,
            allied: 9,
            final_roll: -3,
            result: ContactResult::AlliedFirstSalvoContact2,
            rule: s("14.3"),
            cancelled: None,
        },
        Event::Corrected {
            what: s("Goeben hull"),
            from: s("12"),
            to: s("11"),
        },
        Event::Undone { entries: 1 },
        Event::TakenBack {
            entries: 2,
            total: 1,
        },
        Event::GameEnded {
            won: true,
            reason: s("mission accomplished with 64 VP"),
        },
        Event::GameEnded {
            won: false,
            reason: s("Goeben was sunk."),
        },
        Event::CargoChanged {
            ship: s("goeben"),
            item: s("camera_crew"),
            name: s("Camera Crew"),
            aboard: true,
            how: s("bought for 1 point"),
            rule: s("8.1"),
        },
        Event::PortCaptured {
            port: s("bizerte"),
            ship: s("goeben"),
            rule: s("9.2"),
        },
        Event::MarinesEliminated {
            port: s("bizerte"),
            rule: s("9.2"),
        },
    ]
}

/// What is wrong with `text` as words a player reads, if anything; `sentence`: it must read as one.
fn fault(text: &str, sentence: bool) -> Option<&'static str> {
    let words: Vec<&str> = text.split_whitespace().collect();
    if text.contains('{')
        || text.contains('}')
        || text.contains("Some(")
        || text.contains("None")
        || text.contains('[')
    {
        return Some("debug text");
    }
    if text.contains("(s)") || text.contains("(es)") {
        return Some("a (s) instead of the right number");
    }
    for w in &words {
        let b = bare(w);
        if b.contains('_') {
            return Some("a snake_case key");
        }
        if b.chars()
            .zip(b.chars().skip(1))
            .any(|(a, z)| a.is_lowercase() && z.is_uppercase())
        {
            return Some("a CamelCase name");
        }
        if PROPER.contains(&b) {
            return Some("a proper adjective in lower case");
        }
    }
    for pair in words.windows(2) {
        let (a, z) = (bare(pair[0]), bare(pair[1]));
        if plural_after_one(pair, &PLURALS) {
            return Some("a plural after 1");
        }
        if doubled_verb(a, z) {
            return Some("a doubled verb");
        }
        if a.chars().any(char::is_alphabetic)
            && a.eq_ignore_ascii_case(z)
            && pair[0].ends_with(|c: char| c.is_alphanumeric())
        {
            return Some("a doubled word");
        }
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
        if !text.starts_with(|c: char| c.is_uppercase()) {
            return Some("no capital letter");
        }
        if no_full_stop(text) {
            return Some("no full stop");
        }
    }
    None
}

#[test]
fn issue_19_the_checker_finds_each_planted_fault() {
    assert_eq!(
        fault("HMS Dublin goes withdraws.", true),
        Some("a doubled verb")
    );
    assert_eq!(
        fault("Goeben: 1 engines lost.", true),
        Some("a plural after 1")
    );
    assert_eq!(
        fault("Torpedoes: 1 dice: rolled 5", true),
        Some("a plural after 1")
    );
    assert_eq!(
        fault("Victory points 0 → -20 (german lost).", true),
        Some("a proper adjective in lower case")
    );
    assert_eq!(
        fault("Revealed TroopConvoy at Messina.", true),
        Some("a CamelCase name")
    );
    assert_eq!(
        fault("Correction: chart victory_points.", true),
        Some("a snake_case key")
    );
    assert_eq!(
        fault("Correction: {\"bands\": 1}.", true),
        Some("debug text")
    );
    assert_eq!(fault("Result: None.", true), Some("debug text"));
    assert_eq!(
        fault("Collier placed at the the open sea.", true),
        Some("a doubled word")
    );
    assert_eq!(fault("turn 2 begins.", true), Some("no capital letter"));
    assert_eq!(fault("Turn 2 begins", true), Some("no full stop"));
    // What is right passes: a die, a count of one, a passive, the dice lines' house style, a label.
    assert_eq!(
        fault(
            "HMS Dublin is damaged: 1 damage result against armor 1.",
            true
        ),
        None
    );
    assert_eq!(fault("Turn 1 begins.", true), None);
    assert_eq!(
        fault(
            "Goeben primary guns at HMS Dublin: 2 dice, hit on 6: rolled 6, 6 → 2 hits.",
            true
        ),
        None
    );
    assert_eq!(fault("Goeben → Malta", false), None);
    // Each class of fault, planted.
    assert_eq!(
        fault("Wireless off (handed to breslau).", true),
        Some("a ship named by its id")
    );
    assert_eq!(
        fault("Contact at off the battle 1, Western Mediterranean.", true),
        Some("a space named from its parts")
    );
    assert_eq!(
        fault("Incident picks at Messina: 0; 0 drawn from the pool.", true),
        Some("a count of nothing without its reason")
    );
}

#[test]
fn issue_19_every_variant_has_a_sample() {
    let pack = RulesPack::standard();
    let sampled: BTreeSet<&str> = samples(&pack).iter().map(kind).collect();
    // Every tag of the generated TypeScript union (kept current by tests/typescript_bindings.rs).
    let ts = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/ui/src/generated/Event.ts"
    ))
    .expect("the generated Event.ts");
    let all: BTreeSet<&str> = ts
        .split("\"event\": \"")
        .skip(1)
        .map(|rest| rest.split('"').next().unwrap_or_default())
        .collect();
    assert_eq!(all.len(), 28, "the Event union's tags: {all:?}");
    assert_eq!(sampled, all, "one sample per variant of Event");
    for e in samples(&pack) {
        assert_eq!(
            serde_json::to_value(&e).unwrap()["event"],
            kind(&e),
            "kind() names the wire tag"
        );
    }
}

#[test]
fn issue_19_every_kind_of_event_reads_as_a_sentence() {
    let pack = RulesPack::standard();
    let faults: Vec<String> = samples(&pack)
        .iter()
        .filter_map(|e| {
            let text = e.line(&pack).text;
            fault(&text, true).map(|f| format!("{}: {text:?}: {f}", kind(e)))
        })
        .collect();
    assert!(faults.is_empty(), "{faults:#?}");
    // The words the samples were written to show, so the checks above read real lines.
    let line = |e: &Event| e.line(&pack).text;
    let all = samples(&pack);
    let find = |k: &str, n: usize| line(all.iter().filter(|e| kind(e) == k).nth(n).unwrap());
    assert_eq!(
        find("ship_moved", 0),
        "SMS Goeben moved from Messina to Malta Patrol Zone (cruise speed, up to 1 space)."
    );
    assert_eq!(
        find("contact_resolved", 1),
        "Contact at Messina: German 8, Allied 9, final -3: Allied First Salvo (Contact 2)."
    );
    assert_eq!(find("corrected", 0), "Correction: Goeben hull: 12 → 11.");
    assert_eq!(
        find("dice_rolled", 1),
        "Goeben primary guns at HMS Indomitable: 2 dice, hit on 6: you rolled 6, 2 → 1 hit."
    );
    assert_eq!(find("dice_rolled", 2), "Engine check: nothing to roll.");
}

/// Every line and label of random games (every option mixed in by seed), with the stricter checks.
#[test]
fn issue_19_what_random_games_say_reads_right() {
    let mut faults = BTreeSet::new();
    let mut met = BTreeSet::new();
    for seed in 0..40u64 {
        let mut s = Session::new(RulesPack::standard(), seed);
        s.respond(SessionRequest::NewGame {
            seed: Some(seed),
            options: Some(rules_support::mixed_options(seed)),
        });
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for _ in 0..1200 {
            let view = s.view();
            if view.decisions.is_empty() {
                break;
            }
            for text in view
                .decisions
                .iter()
                .flat_map(|d| [Some(&d.label), d.barrier.as_ref(), d.decider.as_ref()])
                .flatten()
            {
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
            met.insert(kind(&entry.event));
            if let Some(f) = fault(&entry.text, true) {
                faults.insert(format!("{} {:?}: {f}", kind(&entry.event), entry.text));
            }
        }
    }
    assert!(
        met.len() >= 18,
        "random games meet most kinds of event: {met:?}"
    );
    let shown: Vec<&String> = faults.iter().take(30).collect();
    assert!(
        faults.is_empty(),
        "{} faulty lines, e.g. {shown:#?}",
        faults.len()
    );
}

/// What a scan says of every printed piece (its values and status), before and during a game.
#[test]
fn issue_19_a_scan_of_every_piece_reads_right() {
    let pack = RulesPack::standard();
    let t = rules_support::Table::new(7, "suez_canal");
    let mut faults = Vec::new();
    for piece in pieces(&pack) {
        for info in [
            public_info(&pack, None, piece.clone()),
            public_info(&pack, Some(t.game()), piece.clone()),
        ] {
            for text in info.values.iter().chain([&info.status, &info.name]) {
                if let Some(f) = fault(text, false) {
                    faults.push(format!("{text:?}: {f}"));
                }
            }
        }
    }
    faults.dedup();
    assert!(faults.is_empty(), "{faults:#?}");
}
