//! 14.3 Contact, 14.4 Break-off, 14.15 troop convoys (the salvos: tests/rules_salvos.rs).

use crate::rules_support;

use goeben_referee::ground::event::Event;
use goeben_referee::ground::pack::{ContactResult, CounterKind, IncidentKind};
use goeben_referee::ground::state::{CounterId, Location, Pending};
use goeben_referee::RulesPack;
use rules_support::{sea, Table};

/// Both German ships at open sea in the Western Med with one Allied unit of `kind` picked there, in the
/// Naval Combat phase. Returns the table, the Allied counter and its printed speed.
fn battle(kind: IncidentKind, alert: u8) -> (Table, CounterId, i32) {
    let mut t = Table::new(31, "ottoman_alliance");
    t.sail_all(&sea("western_med"));
    let kept = t.pool_only(&[kind]);
    t.set_alert(alert);
    t.ok(&format!(
        r#"{{"action":"resolve_incidents","space":{}}}"#,
        sea("western_med")
    ));
    t.end_phase();
    assert_eq!(t.phase(), "naval_combat");
    let pack = RulesPack::standard();
    let speed = match pack.counter_spec(kept[0]).kind {
        CounterKind::Incident { ship: Some(v), .. } => v.speed as i32,
        _ => panic!("a ship"),
    };
    (t, kept[0], speed)
}

fn contact(t: &mut Table, maximum: bool) -> Vec<Event> {
    t.ok(&format!(r#"{{"action":"contact","space":{},"leader":"goeben","speed_ship":"breslau","maximum_speed":{maximum}}}"#, sea("western_med")))
}

fn resolved(events: &[Event]) -> (i32, i32, i32, ContactResult) {
    events
        .iter()
        .find_map(|e| match e {
            Event::ContactResolved {
                german,
                allied,
                final_roll,
                result,
                ..
            } => Some((*german, *allied, *final_roll, *result)),
            _ => None,
        })
        .expect("a contact event")
}

#[test]
fn rule_14_3_ratings_are_leadership_plus_speed_against_alert_plus_fastest_speed() {
    let (mut t, _, speed) = battle(IncidentKind::RoyalNavyWarship, 2);
    let (code, _) = t.refused(r#"{"action":"end_phase"}"#);
    assert_eq!(code, "not_now", "a battle cannot be skipped");
    t.script(&[3, 6]);
    let (german, allied, final_roll, _) = resolved(&contact(&mut t, false));
    assert_eq!(
        german,
        4 + 4,
        "Goeben's leadership 4 + Breslau's cruise speed 4"
    );
    assert_eq!(
        allied,
        2 + speed,
        "Alert 2 + the fastest Allied speed (open sea: no +1)"
    );
    assert_eq!(final_roll, 3 + german - allied);
}

#[test]
fn rule_14_3_maximum_speed_costs_one_coal_and_adds_one() {
    let (mut t, _, _) = battle(IncidentKind::RoyalNavyWarship, 2);
    let coal = t.game().ship("breslau").unwrap().tracks.coal;
    t.script(&[3, 6]);
    let (german, ..) = resolved(&contact(&mut t, true));
    assert_eq!(german, 4 + 5);
    assert_eq!(t.game().ship("breslau").unwrap().tracks.coal, coal - 1);
}

#[test]
fn rule_14_3_no_contact_sends_the_allied_ships_back_to_the_pool() {
    let (mut t, allied, speed) = battle(IncidentKind::RoyalNavyWarship, 1);
    // final = d + 8 − (1 + speed); choose the die that lands in the No contact band (1..2).
    let die = (1 - 8 + 1 + speed).clamp(1, 6) as u8;
    t.script(&[die]);
    let (.., final_roll, result) = resolved(&contact(&mut t, false));
    if result == ContactResult::NoContact {
        assert_eq!(t.location(allied), Location::Pool);
        assert_ne!(
            t.phase(),
            "naval_combat",
            "nothing left to fight: the phase passes"
        );
    } else {
        panic!("die {die} gave {final_roll} and {result:?}");
    }
}

#[test]
fn rule_14_4_with_the_first_salvo_the_player_may_break_off_to_an_adjacent_space() {
    let (mut t, allied, _) = battle(IncidentKind::RoyalNavyWarship, 1);
    t.script(&[6]);
    let (.., result) = resolved(&contact(&mut t, true));
    assert!(
        matches!(
            result,
            ContactResult::GermanFirstSalvoContact1 | ContactResult::GermanFirstSalvoContact2
        ),
        "{result:?}"
    );
    assert!(matches!(
        t.game().pending.first(),
        Some(Pending::BreakOff { .. })
    ));
    let (code, _) = t.refused(&format!(
        r#"{{"action":"break_off","space":{0},"to":{{"kind":"place","id":"naples"}}}}"#,
        sea("western_med")
    ));
    assert_eq!(code, "illegal", "never into a neutral port");
    t.ok(&format!(r#"{{"action":"break_off","space":{0},"to":{{"kind":"high_seas","zone":"western_med","label":"H3"}}}}"#, sea("western_med")));
    assert_eq!(
        t.location(allied),
        Location::Pool,
        "the Allied ships go back to the pool"
    );
    let g = t.game().ship("goeben").unwrap();
    assert_eq!(
        serde_json::to_string(&g.position).unwrap(),
        r#"{"kind":"high_seas","zone":"western_med","label":"H3"}"#
    );
}

#[test]
fn rule_14_4_choosing_to_fight_asks_for_the_round_fire_orders() {
    let (mut t, allied, _) = battle(IncidentKind::RoyalNavyWarship, 1);
    t.script(&[6]);
    contact(&mut t, true);
    let events = t.ok(&format!(
        r#"{{"action":"fight","space":{}}}"#,
        sea("western_med")
    ));
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Note { text, .. } if text.contains("First Salvo"))));
    assert!(
        matches!(t.location(allied), Location::OnMap { .. }),
        "still there to be fought"
    );
    assert!(
        matches!(t.game().pending.first(), Some(Pending::FireOrders { ship, .. }) if ship == "goeben")
    );
}

#[test]
fn rule_14_4_allied_first_salvo_breaks_off_on_a_roll_above_the_alert_level() {
    let (mut t, allied, _) = battle(IncidentKind::RoyalNavyWarship, 3);
    t.script(&[1, 4]);
    let (.., result) = resolved(&contact(&mut t, false));
    assert!(
        matches!(
            result,
            ContactResult::AlliedFirstSalvoContact1
                | ContactResult::AlliedFirstSalvoContact2
                | ContactResult::NoContact
        ),
        "{result:?}"
    );
    if result != ContactResult::NoContact {
        assert_eq!(
            t.location(allied),
            Location::Pool,
            "4 > Alert 3: the Allies break off"
        );
    }

    let (mut t, allied, _) = battle(IncidentKind::RoyalNavyWarship, 6);
    t.script(&[1, 6]);
    let (.., result) = resolved(&contact(&mut t, false));
    assert!(
        matches!(
            result,
            ContactResult::AlliedFirstSalvoContact1 | ContactResult::AlliedFirstSalvoContact2
        ),
        "{result:?}"
    );
    assert!(
        matches!(t.location(allied), Location::OnMap { .. }),
        "6 is not higher than Alert 6: combat"
    );
}

#[test]
fn rule_14_15_a_troop_convoy_with_the_first_salvo_breaks_off_without_a_roll() {
    let (mut t, convoy, _) = battle(IncidentKind::FrenchTroopConvoy, 6);
    // A slow convoy: give the Allies the initiative with a shaken German leader (final 1 + 5 − 8 = −2).
    t.game_mut().ship_mut("goeben").unwrap().tracks.leadership = 1;
    t.script(&[1]);
    let events = contact(&mut t, false);
    let (.., result) = resolved(&events);
    assert!(
        matches!(
            result,
            ContactResult::AlliedFirstSalvoContact1 | ContactResult::AlliedFirstSalvoContact2
        ),
        "{result:?}"
    );
    assert_eq!(t.location(convoy), Location::Pool);
    assert_eq!(
        rules_support::dice_rolled(&events).len(),
        1,
        "no break-off roll against the Alert Level"
    );
}

/// A Contact 1 at night (22.0 on, the night die scripted to 1): the die that lands the German First Salvo,
/// Contact 1, with or without searchlights aboard Goeben. Returns the contact's events.
fn contact_1_at_night(t: &mut Table, speed: i32, searchlights: bool) -> Vec<Event> {
    t.game_mut().options.night_combat = true;
    if searchlights {
        t.game_mut()
            .ship_mut("goeben")
            .unwrap()
            .cargo
            .push("searchlights".into());
    }
    // German: leadership 4 + Breslau's cruise 4 (+1 for searchlights at night); Allied: Alert 1 + speed.
    let german = 8 + i32::from(searchlights);
    let die = 3 - german + 1 + speed;
    assert!((1..=6).contains(&die), "a die lands on 3: {die}");
    t.script(&[1, die as u8]);
    let events = contact(t, false);
    assert_eq!(resolved(&events).3, ContactResult::GermanFirstSalvoContact1);
    events
}

#[test]
fn rule_22_0_a_contact_1_at_night_is_no_contact_without_searchlights() {
    let (mut t, allied, speed) = battle(IncidentKind::RoyalNavyWarship, 1);
    contact_1_at_night(&mut t, speed, false);
    assert_eq!(t.location(allied), Location::Pool, "14.3: no contact");
}

#[test]
fn rule_22_0_ships_with_searchlights_are_not_affected_by_night_so_contact_1_stands() {
    let (mut t, allied, speed) = battle(IncidentKind::RoyalNavyWarship, 1);
    let events = contact_1_at_night(&mut t, speed, true);
    assert!(
        !events.iter().any(|e| matches!(
            e,
            Event::ContactResolved {
                cancelled: Some(_),
                ..
            }
        )),
        "{events:?}"
    );
    assert_ne!(t.location(allied), Location::Pool, "the battle goes on");
    assert!(
        matches!(
            t.game().pending.first(),
            Some(Pending::BreakOff { .. } | Pending::FireOrders { .. })
        ),
        "the German First Salvo: {:?}",
        t.game().pending
    );
}
