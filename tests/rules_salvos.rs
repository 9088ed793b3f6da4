//! 14.2 salvo sequence, 14.5–14.11 fire, 14.13 effects, 14.14 end of combat, 16.0 bombardment and 9.2
//! marines, fought by the referee with scripted dice.

use crate::rules_support;

use goeben_referee::ground::dice::Dice;
use goeben_referee::ground::event::Event;
use goeben_referee::ground::pack::IncidentKind;
use goeben_referee::ground::state::{BattleStage, CounterId, Location, Pending, SpaceRef};
use goeben_referee::ground::tracks::Track;
use goeben_referee::rules::combat::{firing, forecast};
use goeben_referee::RulesPack;
use rules_support::{dice_rolled, place, sea, Table};

fn id(code: &str) -> CounterId {
    CounterId(
        RulesPack::standard()
            .counter_index(code)
            .expect("a counter") as u16,
    )
}

fn west() -> SpaceRef {
    serde_json::from_str(&sea("western_med")).unwrap()
}

/// Goeben and Breslau at open sea in the Western Med, facing exactly the Allied counters `allied`, at
/// the start of the Naval Combat phase with the Alert Level at `alert`.
fn engage(allied: &[&str], alert: u8) -> Table {
    let mut t = Table::new(5, "ottoman_alliance");
    t.sail_all(&sea("western_med"));
    t.pool_only(&[IncidentKind::QuietSeas]);
    t.ok(&format!(
        r#"{{"action":"resolve_incidents","space":{}}}"#,
        sea("western_med")
    ));
    for code in allied {
        t.game_mut()
            .move_counter(id(code), Location::OnMap { space: west() });
    }
    t.set_alert(alert);
    t.end_phase();
    assert_eq!(t.phase(), "naval_combat");
    t
}

fn contact(t: &mut Table) -> Vec<Event> {
    t.ok(&format!(r#"{{"action":"contact","space":{},"leader":"goeben","speed_ship":"breslau","maximum_speed":false}}"#, sea("western_med")))
}

fn fight(t: &mut Table) -> Vec<Event> {
    t.ok(&format!(
        r#"{{"action":"fight","space":{}}}"#,
        sea("western_med")
    ))
}

fn orders(t: &mut Table, ship: &str, target: &str, maximum: bool) -> Vec<Event> {
    t.ok(&format!(
        r#"{{"action":"fire_orders","ship":"{ship}","target":"{target}","maximum_fire":{maximum}}}"#
    ))
}

fn torpedoes(t: &mut Table, ship: &str, target: Option<&str>, count: u8) -> Vec<Event> {
    let target = target.map(|x| format!(r#""{x}""#)).unwrap_or("null".into());
    t.ok(&format!(
        r#"{{"action":"torpedoes","ship":"{ship}","target":{target},"count":{count}}}"#
    ))
}

fn battle(t: &Table) -> goeben_referee::ground::state::BattleState {
    t.game()
        .turn_state
        .battles
        .last()
        .expect("a battle")
        .clone()
}

fn track(t: &Table, ship: &str) -> goeben_referee::ground::pack::Tracks {
    t.game().ship(ship).unwrap().tracks
}

#[test]
fn rule_14_5_14_8_14_9_german_fire_pays_ammunition_once_and_hits_on_sixes() {
    // HMS Dublin: CL, secondary 2, tertiary 1, torpedo 1, armor 1, speed 6. Alert 1: Allied 1 + 6 = 7,
    // German 4 + 4 = 8; a 6 gives final 7: German First Salvo, Contact 2.
    let mut t = engage(&["gb_cl_dublin"], 1);
    t.script(&[6]);
    contact(&mut t);
    assert!(matches!(
        t.game().pending.first(),
        Some(Pending::BreakOff { .. })
    ));
    fight(&mut t);
    assert!(
        matches!(t.game().pending.first(), Some(Pending::FireOrders { ship, .. }) if ship == "goeben")
    );
    orders(&mut t, "goeben", "gb_cl_dublin", false);
    // Goeben primary: 5 + 4 − 1 armor = 8 dice, one 6; Gunnery Hit table 2: gunnery damage (1 ≤ armor 1).
    // No Allied primary. Goeben secondary 3 + 4 − 1 = 6 dice, no hit; Breslau at maximum fire: 2×3 + 4 − 1
    // = 9 dice, one 6; Gunnery Hit table 1: hull damage, 2 results > armor 1: sunk.
    t.script(&[
        1, 1, 1, 1, 1, 1, 1, 6, 2, 1, 1, 1, 1, 1, 1, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    ]);
    let events = orders(&mut t, "breslau", "gb_cl_dublin", true);
    let rolls = dice_rolled(&events);
    assert_eq!(rolls[0].len(), 8, "14.5: Goeben's primary dice");
    assert_eq!(rolls[2].len(), 6, "Goeben's secondary dice");
    assert_eq!(
        rolls[3].len(),
        9,
        "14.9: Breslau's doubled secondary firepower"
    );
    assert_eq!(
        t.location(id("gb_cl_dublin")),
        Location::Sunk,
        "14.13: more damage results than armor sinks"
    );
    assert_eq!(
        track(&t, "goeben").ammunition,
        5,
        "14.8: one point for all guns"
    );
    assert_eq!(
        track(&t, "breslau").ammunition,
        4,
        "14.9: two points for maximum fire"
    );
    assert_eq!(t.game().vp, 6, "14.14: CL sunk on the Victory Points Chart");
    assert_eq!(battle(&t).stage, BattleStage::Over);
    assert_ne!(
        t.phase(),
        "naval_combat",
        "nothing left to fight: the phase passes"
    );
}

#[test]
fn rule_14_11_allied_first_salvo_fires_before_the_germans_at_its_chart_target() {
    // HMS Inflexible (BC 4/4/0, torpedo 1, armor 3, speed 6) at Alert 6: Allied 12 against German 8; a 1
    // gives −3: Allied First Salvo, Contact 2; break-off roll 6 is not above Alert 6.
    let mut t = engage(&["gb_bc_inflexible"], 6);
    t.script(&[1, 6]);
    contact(&mut t);
    assert!(matches!(
        t.game().pending.first(),
        Some(Pending::FireOrders { .. })
    ));
    orders(&mut t, "goeben", "gb_bc_inflexible", false);
    // Allied primary first: 4 dice at Goeben (the BC row puts BC first), one 6 → Gunnery Hit 4: engines −1.
    t.script(&[6, 1, 1, 1, 4]);
    let engines = track(&t, "goeben").engines;
    let events = orders(&mut t, "breslau", "gb_bc_inflexible", false);
    let first = events
        .iter()
        .find_map(|e| match e {
            Event::DiceRolled { purpose, .. } => Some(purpose.clone()),
            _ => None,
        })
        .unwrap();
    assert!(
        first.starts_with("HMS Inflexible: primary guns at SMS Goeben"),
        "{first}"
    );
    assert_eq!(track(&t, "goeben").engines, engines - 1);
    // The scripted hit is the first damage, on the engines; the rest of the round is the game's own dice.
    let first_damage = events
        .iter()
        .find_map(|e| match e {
            Event::TrackChanged {
                ship, track, from, ..
            } if ship == "goeben" => Some((*track, *from)),
            _ => None,
        })
        .unwrap();
    assert_eq!(first_damage, (Track::Engines, engines));
    assert_eq!(
        battle(&t).allied_targets,
        vec![(id("gb_bc_inflexible"), "goeben".to_string())]
    );
}

#[test]
fn rule_14_2_a_round_ends_after_the_torpedo_steps_and_the_next_opens_with_contact() {
    let mut t = engage(&["gb_bc_inflexible"], 6);
    t.script(&[1, 6]);
    contact(&mut t);
    orders(&mut t, "goeben", "gb_bc_inflexible", false);
    // Every die a 1: nobody hits. Allied primary 4, German primary 5+4−3 = 6, Allied secondary 4,
    // German secondary 4 + 4 (Goeben 3+4−3, Breslau 3+4−3), Allied tertiary 0, German tertiary 2+4−3 = 3.
    t.script(&[1; 25]);
    orders(&mut t, "breslau", "gb_bc_inflexible", false);
    // German torpedo step waits (Allied ships fire torpedoes in their own step, after, with the First Salvo first).
    match t.game().pending.first() {
        Some(Pending::Torpedoes { ship, .. }) => assert_eq!(ship, "goeben"),
        other => panic!("expected a torpedo decision, got {other:?}"),
    }
    let (code, _) = t
        .refused(r#"{"action":"torpedoes","ship":"goeben","target":"gb_bc_inflexible","count":3}"#);
    assert_eq!(code, "illegal", "Goeben has 2 torpedoes");
    // Goeben launches 2: each 1 + 4 − 3 = 2 dice at 5–6; misses.
    t.script(&[1, 1, 1, 1]);
    torpedoes(&mut t, "goeben", Some("gb_bc_inflexible"), 2);
    assert_eq!(
        track(&t, "goeben").torpedoes,
        0,
        "14.10: one point per torpedo"
    );
    t.script(&[1]);
    torpedoes(&mut t, "breslau", None, 0);
    assert_eq!(track(&t, "breslau").torpedoes, 2);
    // Wait: the Allied torpedo step (1 die, a 1 was scripted) ends round 1.
    let b = battle(&t);
    assert_eq!((b.round, b.stage), (2, BattleStage::Contact));
    assert!(t.game().pending.is_empty());
    let (code, _) = t.refused(r#"{"action":"end_phase"}"#);
    assert_eq!(code, "not_now", "the battle goes on");
    // Round 2 (Allied First Salvo again): ammunition is not paid again (14.8).
    let ammo = track(&t, "goeben").ammunition;
    t.script(&[1, 6]);
    contact(&mut t);
    orders(&mut t, "goeben", "gb_bc_inflexible", false);
    t.script(&[1; 40]);
    orders(&mut t, "breslau", "gb_bc_inflexible", false);
    assert_eq!(track(&t, "goeben").ammunition, ammo);
}

#[test]
fn rule_14_4_german_break_off_in_a_later_round_still_scores_the_damage_done() {
    let mut t = engage(&["gb_ca_defence"], 6);
    t.script(&[1, 6]);
    contact(&mut t);
    orders(&mut t, "goeben", "gb_ca_defence", false);
    // Allied primary (2 dice) miss; German primary 5+4−2 = 7 dice: one hit → Gunnery Hit 1: hull damage.
    t.script(&[1, 1, 6, 1, 1, 1, 1, 1, 1, 1]);
    t.script(&[1; 30]);
    orders(&mut t, "breslau", "gb_ca_defence", false);
    t.script(&[1; 10]);
    torpedoes(&mut t, "goeben", None, 0);
    t.script(&[1; 10]);
    torpedoes(&mut t, "breslau", None, 0);
    assert_eq!(battle(&t).allied[0].damage, 1);
    // Round 2 at Alert 1: 6 + 8 − 6 = 8, German First Salvo: the player breaks off.
    t.set_alert(1);
    t.script(&[6]);
    contact(&mut t);
    t.ok(&format!(r#"{{"action":"break_off","space":{},"to":{{"kind":"high_seas","zone":"western_med","label":"H3"}}}}"#, sea("western_med")));
    assert_eq!(
        t.location(id("gb_ca_defence")),
        Location::Damaged,
        "14.13: a damaged ship leaves for the scenario"
    );
    let vp = RulesPack::standard()
        .charts
        .vp_for(goeben_referee::ground::pack::ShipType::CA)
        .unwrap()
        .damaged;
    assert_eq!(t.game().vp, vp);
}

#[test]
fn rule_14_2_limited_visibility_opens_at_tertiary_range_with_all_guns_together() {
    let mut t = engage(&["gb_dd_1"], 1);
    t.game_mut().turn_state.limited_visibility.push(west());
    // LV roll 3: tertiary range. Contact 6: 6 + 8 − 7 = 7, German First Salvo Contact 2.
    t.script(&[3, 6]);
    contact(&mut t);
    fight(&mut t);
    orders(&mut t, "goeben", "gb_dd_1", false);
    let steps = goeben_referee::rules::combat::salvo::steps(&battle(&t));
    assert_eq!(steps.len(), 4, "guns together, then torpedoes, each side");
    assert_eq!(
        steps[0].0,
        &[
            firing::Weapon::Primary,
            firing::Weapon::Secondary,
            firing::Weapon::Tertiary
        ][..]
    );
    // Goeben fires 5+4, 3+4 and 2+4 dice against armor 0 in one go, then Breslau 3+4.
    t.script(&[1; 60]);
    let events = orders(&mut t, "breslau", "gb_dd_1", false);
    let sizes: Vec<usize> = dice_rolled(&events).iter().map(|r| r.len()).collect();
    assert_eq!(&sizes[..4], &[9, 7, 6, 7]);
}

#[test]
fn rule_14_7_hits_on_german_ships_move_their_tracks_and_hull_zero_sinks() {
    let mut t = engage(&["gb_bc_inflexible"], 6);
    t.game_mut().ship_mut("breslau").unwrap().tracks.hull = 1;
    t.game_mut().ship_mut("goeben").unwrap().position =
        serde_json::from_str(&sea("aegean")).unwrap();
    // Only Breslau: the BC row's first tiers name no CL… the CL tier comes third: Breslau is the target.
    t.script(&[1, 6]);
    t.ok(&format!(r#"{{"action":"contact","space":{},"leader":"breslau","speed_ship":"breslau","maximum_speed":false}}"#, sea("western_med")));
    // Allied primary 4 dice, one 6, Gunnery Hit 1: hull −1 → Breslau sinks.
    t.script(&[6, 1, 1, 1, 1]);
    t.ok(r#"{"action":"fire_orders","ship":"breslau","target":"gb_bc_inflexible","maximum_fire":false}"#);
    assert_eq!(
        t.game().ship("breslau").unwrap().status,
        goeben_referee::ground::state::ShipStatus::Sunk
    );
    assert_eq!(battle(&t).stage, BattleStage::Over);
    assert_eq!(
        t.location(id("gb_bc_inflexible")),
        Location::Pool,
        "14.14: the survivor goes back to the pool"
    );
    let loss = RulesPack::standard()
        .charts
        .german_loss_vp(goeben_referee::ground::pack::ShipType::CL, false);
    assert_eq!(t.game().vp, loss);
}

#[test]
fn rejected_fire_decisions_change_nothing() {
    let mut t = engage(&["gb_cl_dublin"], 1);
    t.script(&[6]);
    contact(&mut t);
    let (code, _) = t.refused(
        r#"{"action":"fire_orders","ship":"goeben","target":"gb_cl_dublin","maximum_fire":false}"#,
    );
    assert_eq!(code, "not_now", "fight or break off first");
    fight(&mut t);
    let (code, _) = t.refused(
        r#"{"action":"fire_orders","ship":"breslau","target":"gb_cl_dublin","maximum_fire":false}"#,
    );
    assert_eq!(code, "not_now", "Goeben's orders first");
    let (code, _) = t.refused(r#"{"action":"fire_orders","ship":"goeben","target":"gb_bc_inflexible","maximum_fire":false}"#);
    assert_eq!(code, "illegal", "not in this battle");
    let (code, _) = t.refused(
        r#"{"action":"fire_orders","ship":"goeben","target":"nobody","maximum_fire":false}"#,
    );
    assert_eq!(code, "unknown");
    t.game_mut().ship_mut("goeben").unwrap().tracks.ammunition = 1;
    let (code, _) = t.refused(
        r#"{"action":"fire_orders","ship":"goeben","target":"gb_cl_dublin","maximum_fire":true}"#,
    );
    assert_eq!(code, "illegal", "14.9 needs two ammunition points");
}

/// An enemy (Allied) port, not a naval base, holding coastal defenses in this game.
fn defended_port(t: &Table) -> String {
    let pack = RulesPack::standard();
    pack.places
        .iter()
        .filter(|p| p.kind == goeben_referee::ground::pack::PlaceKind::Port)
        .filter(|p| {
            goeben_referee::ground::ports::side_of(p.nation)
                == goeben_referee::ground::ports::Side::Enemy
        })
        .find(|p| t.game().count_at(&Location::Port { port: p.id.clone() }) > 0)
        .map(|p| p.id.clone())
        .expect("an Allied port with coastal defenses")
}

#[test]
fn rule_16_0_bombardment_coastal_defenses_fire_as_primary_guns_and_fall_on_the_shore_column() {
    // Goeben alone in Marseille (a French port) in the Shore Bombardment phase.
    let mut t = Table::new(8, "raid_french_convoys");
    let port = defended_port(&t);
    let port = port.as_str();
    let defenses: Vec<CounterId> = t
        .game()
        .counters_at(&Location::Port { port: port.into() })
        .collect();
    t.play_until("movement");
    t.game_mut().ship_mut("goeben").unwrap().position = SpaceRef::place(port);
    t.game_mut().ship_mut("breslau").unwrap().position =
        serde_json::from_str(&sea("aegean")).unwrap();
    t.game_mut().turn_state.moved = vec!["goeben".into(), "breslau".into()];
    t.end_phase();
    t.pool_only(&[IncidentKind::QuietSeas]);
    for space in [place(port), sea("aegean")] {
        t.ok(&format!(
            r#"{{"action":"resolve_incidents","space":{space}}}"#
        ));
    }
    t.play_until("shore_bombardment");
    let (code, _) = t.refused(r#"{"action":"torpedoes","ship":"goeben","target":null,"count":0}"#);
    assert_eq!(code, "not_now");
    t.script(&[1]);
    let events = t.ok(&format!(r#"{{"action":"contact","space":{},"leader":"goeben","speed_ship":"goeben","maximum_speed":false}}"#, place(port)));
    let allied = events
        .iter()
        .find_map(|e| match e {
            Event::ContactResolved { allied, .. } => Some(*allied),
            _ => None,
        })
        .unwrap();
    assert_eq!(
        allied, 0,
        "16.0: coastal defenses have a contact rating of zero"
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::CounterRevealed { rule, .. } if rule == "16.0")),
        "the defenses turn face up"
    );
    // Revealed defenses are not counted face down; the view lists them instead.
    let view = t.session.view();
    let shown = view
        .game
        .as_ref()
        .unwrap()
        .ports
        .iter()
        .find(|p| p.id == port)
        .unwrap()
        .clone();
    assert_eq!(
        shown.defenses_face_down, 0,
        "16.0: every defense in the port turned face up"
    );
    assert_eq!(shown.defenses_revealed.len(), defenses.len());
    let card = &view.game.as_ref().unwrap().combat[0];
    assert_eq!(card.title, format!("Bombardment at {}", card.name), "16.0");
    assert_eq!(card.first_salvo_words, "German", "14.3: 1 + 8 − 0 = 9");
    // 1 + 8 − 0 = 9: German First Salvo.
    assert!(matches!(
        t.game().pending.first(),
        Some(Pending::BreakOff { .. })
    ));
    t.ok(&format!(r#"{{"action":"fight","space":{}}}"#, place(port)));
    let first = t.game().turn_state.battles.last().unwrap().allied[0].counter;
    let code_ = RulesPack::standard().counter_spec(first).id.clone();
    // Goeben primary 9 dice: three 6s; Shore Bombardment column: 1, 2, 5 → destroyed on the 5.
    t.script(&[6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 2, 5]);
    t.script(&[1; 40]);
    t.ok(&format!(
        r#"{{"action":"fire_orders","ship":"goeben","target":"{code_}","maximum_fire":false}}"#
    ));
    assert_eq!(t.location(first), Location::Sunk);
    // No torpedoes at coastal defenses: no torpedo decision was asked.
    assert!(!matches!(
        t.game().pending.first(),
        Some(Pending::Torpedoes { .. })
    ));
    if battle(&t).stage != BattleStage::Over {
        assert_eq!(
            battle(&t).stage,
            BattleStage::Contact,
            "the next round waits: bombard on or cease fire"
        );
        t.ok(&format!(
            r#"{{"action":"cease_fire","space":{}}}"#,
            place(port)
        ));
    }
    let destroyed = defenses
        .iter()
        .filter(|d| t.location(**d) == Location::Sunk)
        .count() as i32;
    assert_eq!(
        t.game().vp,
        destroyed
            * RulesPack::standard()
                .charts
                .victory_points
                .coastal_defense_destroyed,
        "Victory Points Chart"
    );
    let left = defenses.len() as i32 - destroyed;
    assert_eq!(
        t.game().count_at(&Location::Port { port: port.into() }) as i32,
        left,
        "survivors stay in the port"
    );
}

#[test]
fn rule_9_2_marines_land_once_the_defenses_are_gone_and_are_lost_without_a_warship() {
    let mut t = Table::new(8, "raid_french_convoys");
    let port = defended_port(&t);
    let port = port.as_str();
    t.play_until("movement");
    t.game_mut().ship_mut("goeben").unwrap().position = SpaceRef::place(port);
    t.game_mut().ship_mut("breslau").unwrap().position =
        serde_json::from_str(&sea("aegean")).unwrap();
    t.game_mut()
        .ship_mut("goeben")
        .unwrap()
        .cargo
        .push(firing::gear::SEEBATAILLON.into());
    t.game_mut().turn_state.moved = vec!["goeben".into(), "breslau".into()];
    let defenses: Vec<CounterId> = t
        .game()
        .counters_at(&Location::Port { port: port.into() })
        .collect();
    for d in defenses {
        t.game_mut().move_counter(d, Location::Sunk);
    }
    t.end_phase();
    t.pool_only(&[IncidentKind::QuietSeas]);
    let spaces: Vec<String> = t
        .game()
        .active_ships()
        .map(|s| serde_json::to_string(&s.position).unwrap())
        .collect();
    for space in spaces {
        let _ = goeben_referee::api::protocol::handle_line(
            &mut t.session,
            &format!(r#"{{"action":"resolve_incidents","space":{space}}}"#),
        );
    }
    t.play_until("shore_bombardment");
    t.ok(r#"{"action":"land_marines","ship":"goeben"}"#);
    assert_eq!(t.game().captured_ports, vec![port.to_string()]);
    assert!(t.game().ship("goeben").unwrap().cargo.is_empty());
    let (code, _) = t.refused(r#"{"action":"land_marines","ship":"goeben"}"#);
    assert_eq!(code, "illegal", "nothing left aboard");
    // Next turn Goeben sails away: the detachment is eliminated.
    t.play_until("movement");
    let events = t.move_ship("goeben", &sea("western_med"), "cruise");
    assert!(t.game().captured_ports.is_empty());
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::MarinesEliminated { .. })));
}

#[test]
fn binomial_hits_for_n_dice_match_one_sixth_and_one_third_for_torpedoes() {
    // Chi-square goodness of fit of the hit count of n dice (rolled by the game's dice, counted by the
    // combat code) against Binomial(n, p); 40,000 fires, df ≤ 7, critical value at p = 0.001 is 24.3.
    for (weapon, n) in [
        (firing::Weapon::Primary, 6usize),
        (firing::Weapon::Torpedo, 5),
        (firing::Weapon::Secondary, 9),
    ] {
        let p = weapon.hitting_faces() as f64 / 6.0;
        let mut dice = Dice::from_seed(1914 + n as u64);
        let trials = 40_000;
        let mut counts = vec![0u32; n + 1];
        for _ in 0..trials {
            counts[firing::count_hits(&dice.d6s(n), weapon) as usize] += 1;
        }
        // Pool the tail so every expected count is at least 5.
        let mut chi = 0.0;
        let mut tail_obs = 0.0;
        let mut tail_exp = 0.0;
        for (k, observed) in counts.iter().enumerate() {
            let expected = trials as f64
                * goeben_referee::rules::combat::odds::binomial_pmf(n as u32, k as u32, p);
            if expected < 5.0 || tail_exp > 0.0 {
                tail_obs += *observed as f64;
                tail_exp += expected;
            } else {
                chi += (*observed as f64 - expected).powi(2) / expected;
            }
        }
        if tail_exp > 0.0 {
            chi += (tail_obs - tail_exp).powi(2) / tail_exp;
        }
        assert!(chi < 24.3, "{weapon:?} with {n} dice: chi-square {chi}");
        let mean = counts
            .iter()
            .enumerate()
            .map(|(k, c)| k as f64 * *c as f64)
            .sum::<f64>()
            / trials as f64;
        assert!(
            (mean - n as f64 * p).abs() < 0.03,
            "{weapon:?}: mean hits {mean}"
        );
    }
}

#[test]
fn the_forecast_runs_the_real_battle_and_changes_nothing() {
    let t = engage(&["gb_dd_1"], 1);
    let before = goeben_referee::api::save::to_json(&t.session);
    let pack = RulesPack::standard();
    let f = forecast::forecast(&pack, t.game(), &west(), 500, 7)
        .expect("a fresh battle may be forecast");
    assert_eq!(
        before,
        goeben_referee::api::save::to_json(&t.session),
        "the real game is untouched"
    );
    assert_eq!(f.german.len(), 2);
    assert_eq!(f.allied.len(), 1);
    // A destroyer (armor 0) against Goeben and Breslau: usually sunk or driven off, Goeben rarely lost.
    assert!(
        f.allied[0].sunk + f.allied[0].damaged_or_withdrawn > 0.3,
        "{f:?}"
    );
    assert!(f.german[0].sunk < 0.05, "{f:?}");
    for p in [
        f.allied[0].sunk,
        f.critical_win,
        f.critical_loss,
        f.german[1].sunk,
    ] {
        assert!((0.0..=1.0).contains(&p));
    }
    let again = forecast::forecast(&pack, t.game(), &west(), 500, 7).unwrap();
    assert_eq!(f, again, "reproducible for a seed");
    // Against two battlecruisers the outlook is worse.
    let mut u = engage(&["gb_bc_inflexible", "gb_bc_indomitable"], 6);
    let g = forecast::forecast(&pack, u.game(), &west(), 500, 7).unwrap();
    assert!(g.german[0].hull_hit > f.german[0].hull_hit, "{g:?}");
    assert_eq!(
        g.german[1].hull_hit, 0.0,
        "14.11: battlecruisers aim at Goeben, never at Breslau, while Goeben fights"
    );
    // Through the protocol: the answer is in `forecast`, the view unchanged.
    let r = goeben_referee::api::protocol::handle_line(
        &mut u.session,
        &format!(r#"{{"action":"forecast","space":{}}}"#, sea("western_med")),
    );
    assert!(r.ok && r.forecast().is_some());
    let r = goeben_referee::api::protocol::handle_line(
        &mut u.session,
        &format!(r#"{{"action":"forecast","space":{}}}"#, sea("aegean")),
    );
    assert!(!r.ok);
}

/// The forecast copies the game back over one scratch copy before each simulated battle (`Game::clone_from`,
/// which keeps what did not change): after a battle fought on it, the copy is the game again, and the next
/// battle on it comes out exactly as on a fresh clone.
#[test]
fn the_forecast_scratch_copy_is_the_game_again_before_each_battle() {
    let t = engage(&["gb_bc_inflexible", "gb_dd_1"], 3);
    let pack = RulesPack::standard();
    let game = t.game();
    let mut scratch = game.clone();
    for seed in 1..40u64 {
        scratch.clone_from(game);
        assert_eq!(&scratch, game, "seed {seed}: the copy is the game again");
        let mut fresh = game.clone();
        scratch.dice = Dice::from_seed(seed);
        fresh.dice = Dice::from_seed(seed);
        let rounds = forecast::simulate(&pack, &mut scratch, &west());
        assert_eq!(rounds, forecast::simulate(&pack, &mut fresh, &west()));
        assert_eq!(
            scratch, fresh,
            "seed {seed}: the same battle on the scratch copy and on a fresh clone"
        );
        assert_ne!(&scratch, game, "seed {seed}: the battle changed the copy");
    }
}

/// 14.0 and the forecast: a simulated battle writes no event (its rolls, fire records, track changes and
/// notes are not even built), yet it is the same battle as one that records them: the same dice give the
/// same game. The recording run's events are the control that there was something to leave out.
#[test]
fn rule_14_0_a_quiet_simulated_battle_is_the_recorded_battle_without_its_events() {
    use goeben_referee::engine::ctx::Ctx;
    let pack = RulesPack::standard();
    for (allied, alert) in [
        (&["gb_bc_inflexible", "gb_dd_1"][..], 3),
        (&["gb_ca_defence"][..], 5),
    ] {
        let t = engage(allied, alert);
        let mut fired = 0;
        for seed in 1..30u64 {
            let (mut quiet, mut loud) = (t.game().clone(), t.game().clone());
            quiet.dice = Dice::from_seed(seed);
            loud.dice = Dice::from_seed(seed);
            let mut q = Ctx::quiet(&pack, &mut quiet);
            let quiet_rounds = forecast::simulate_in(&mut q, &west());
            assert!(
                q.events.is_empty(),
                "seed {seed}: a quiet battle records nothing"
            );
            let mut l = Ctx::new(&pack, &mut loud);
            let loud_rounds = forecast::simulate_in(&mut l, &west());
            assert!(
                !l.events.is_empty(),
                "seed {seed}: the recorded battle wrote its contact"
            );
            fired += l
                .events
                .iter()
                .filter(|e| matches!(e, Event::DiceRolled { fire: Some(_), .. }))
                .count();
            assert_eq!(quiet_rounds, loud_rounds, "seed {seed}");
            assert_eq!(
                quiet, loud,
                "seed {seed}: the same battle, quiet or recorded"
            );
        }
        assert!(
            fired > 20,
            "{allied:?}: the recorded battles fired ({fired} rolls)"
        );
    }
}

/// 14.14 and issue #29: the forecast's sentences are the core's, and each says the figure beside it (a
/// chance in whole percent, "<1%" when there but rounding to nothing; the Critical Naval Win and Loss named
/// as 14.14 names them).
#[test]
fn rule_14_14_the_forecast_is_worded_by_the_core_with_its_own_figures() {
    let pack = RulesPack::standard();
    let t = engage(&["gb_bc_inflexible", "gb_bc_indomitable"], 6);
    let f = forecast::forecast(&pack, t.game(), &west(), 2000, 11).unwrap();
    let pct = |p: f64| {
        if p > 0.0 && p < 0.005 {
            "<1%".to_string()
        } else {
            format!("{}%", (p * 100.0).round())
        }
    };
    assert!(
        f.summary
            .starts_with("2,000 simulated battles: expected VP "),
        "{}",
        f.summary
    );
    for part in [
        format!("Critical Naval Win {},", pct(f.critical_win)),
        format!("Critical Naval Loss {},", pct(f.critical_loss)),
        format!("about {:.1} rounds.", f.mean_rounds),
    ] {
        assert!(f.summary.contains(&part), "{part:?} in {:?}", f.summary);
    }
    let vp = format!("{:.1}", f.expected_vp.abs());
    assert!(f.summary.contains(&vp), "{vp} in {:?}", f.summary);
    assert_eq!(f.assumes, format!("Assumes you {}.", forecast::POLICY));
    for g in &f.german {
        assert_eq!(
            g.words,
            format!(
                "{}: sunk {} · hull hit {} · ammunition {:.1}",
                g.name,
                pct(g.sunk),
                pct(g.hull_hit),
                g.ammunition_spent
            )
        );
    }
    assert!(
        f.german[0].words.starts_with("SMS Goeben: "),
        "{:?}",
        f.german[0].words
    );
    for a in &f.allied {
        assert!(a
            .words
            .starts_with(&format!("{}: sunk {}", a.name, pct(a.sunk))));
        assert!(a.words.ends_with(&format!(
            "damaged or withdrawn {}",
            pct(a.damaged_or_withdrawn)
        )));
    }
}

/// Fights a one-ship battle at Alert 1 to the end: German First Salvo, Goeben fires at `target` with the
/// given dice after the fire orders (Breslau holds fire).
fn one_salvo(target: &str, dice: &[u8]) -> Table {
    let mut t = engage(&[target], 1);
    t.script(&[6]);
    contact(&mut t);
    fight(&mut t);
    orders(&mut t, "goeben", target, false);
    t.script(dice);
    t.ok(r#"{"action":"fire_orders","ship":"breslau","target":null,"maximum_fire":false}"#);
    t
}

#[test]
fn rule_14_14_sinking_a_battlecruiser_is_a_critical_naval_win_for_the_engaged_ships() {
    let leadership = 4;
    // Goeben primary 5 + 4 − 3 = 6 dice, one 6; Gunnery Hit table 6: sunk outright.
    let t = one_salvo("gb_bc_inflexible", &[6, 1, 1, 1, 1, 1, 6]);
    assert_eq!(t.location(id("gb_bc_inflexible")), Location::Sunk);
    let sunk = RulesPack::standard()
        .charts
        .vp_for(goeben_referee::ground::pack::ShipType::BC)
        .unwrap()
        .sunk;
    assert!(sunk >= 15);
    assert_eq!(t.game().vp, sunk);
    assert_eq!(
        track(&t, "goeben").leadership,
        leadership + 1,
        "14.14: Critical Naval Win"
    );
    assert_eq!(
        track(&t, "breslau").leadership,
        leadership + 1,
        "engaged, even holding fire"
    );
}

#[test]
fn rule_14_13_a_withdrawal_removes_the_ship_without_vp_after_the_other_hits() {
    // Two hits: Gunnery Hit 5 (withdrawal) and 1 (hull damage): damaged and withdrawn counts as damaged.
    let t = one_salvo("gb_bc_inflexible", &[6, 6, 1, 1, 1, 1, 5, 1]);
    assert_eq!(t.location(id("gb_bc_inflexible")), Location::Damaged);
    let row = RulesPack::standard()
        .charts
        .vp_for(goeben_referee::ground::pack::ShipType::BC)
        .unwrap()
        .damaged;
    assert_eq!(t.game().vp, row);
    // One hit, withdrawal alone: out of the scenario, no VP.
    let t = one_salvo("gb_bc_inflexible", &[6, 1, 1, 1, 1, 1, 5]);
    assert_eq!(t.location(id("gb_bc_inflexible")), Location::Withdrawn);
    assert_eq!(t.game().vp, 0);
}

#[test]
fn rule_7_5_a_collier_is_lost_where_only_enemy_warships_remain() {
    let mut t = engage(&["gb_bc_inflexible"], 6);
    t.game_mut().colliers[0].position = west();
    t.game_mut().ship_mut("breslau").unwrap().tracks.hull = 1;
    t.game_mut().ship_mut("goeben").unwrap().position =
        serde_json::from_str(&sea("aegean")).unwrap();
    t.script(&[1, 6]);
    t.ok(&format!(r#"{{"action":"contact","space":{},"leader":"breslau","speed_ship":"breslau","maximum_speed":false}}"#, sea("western_med")));
    t.script(&[6, 1, 1, 1, 1]);
    let events = t.ok(r#"{"action":"fire_orders","ship":"breslau","target":"gb_bc_inflexible","maximum_fire":false}"#);
    assert!(t.game().colliers.is_empty());
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::CollierLost { rule, .. } if rule == "7.5")));
}

#[test]
fn rule_14_10_extra_torpedoes_reload_the_track_at_the_end_of_the_phase() {
    let mut t = engage(&["gb_dd_1"], 1);
    t.game_mut()
        .ship_mut("goeben")
        .unwrap()
        .cargo
        .push(firing::gear::EXTRA_TORPEDOES.into());
    t.script(&[6]);
    contact(&mut t);
    fight(&mut t);
    orders(&mut t, "goeben", "gb_dd_1", false);
    t.script(&[1; 40]);
    t.ok(r#"{"action":"fire_orders","ship":"breslau","target":null,"maximum_fire":false}"#);
    t.script(&[1; 20]);
    torpedoes(&mut t, "goeben", Some("gb_dd_1"), 2);
    assert_eq!(track(&t, "goeben").torpedoes, 0);
    t.script(&[1; 20]);
    torpedoes(&mut t, "breslau", None, 0);
    // Round 2: contact fails (no contact), the battle and then the phase end.
    t.script(&[1]);
    contact(&mut t);
    assert_ne!(t.phase(), "naval_combat");
    assert_eq!(
        track(&t, "goeben").torpedoes,
        2,
        "14.10: reset to the maximum"
    );
    assert!(
        t.game().ship("goeben").unwrap().cargo.is_empty(),
        "the gear goes back to the Available box"
    );
}

#[test]
fn no_forecast_of_a_bombardment_before_the_defenses_are_revealed() {
    let mut t = Table::new(8, "raid_french_convoys");
    let port = defended_port(&t);
    t.play_until("movement");
    t.game_mut().ship_mut("goeben").unwrap().position = SpaceRef::place(&port);
    t.game_mut().ship_mut("breslau").unwrap().position =
        serde_json::from_str(&sea("aegean")).unwrap();
    t.game_mut().turn_state.moved = vec!["goeben".into(), "breslau".into()];
    t.end_phase();
    t.pool_only(&[IncidentKind::QuietSeas]);
    for space in [place(&port), sea("aegean")] {
        t.ok(&format!(
            r#"{{"action":"resolve_incidents","space":{space}}}"#
        ));
    }
    t.play_until("shore_bombardment");
    let r = goeben_referee::api::protocol::handle_line(
        &mut t.session,
        &format!(r#"{{"action":"forecast","space":{}}}"#, place(&port)),
    );
    assert!(
        !r.ok,
        "the hidden defenses' firepower would show in the odds"
    );
    assert!(forecast::forecast(
        &RulesPack::standard(),
        t.game(),
        &SpaceRef::place(&port),
        10,
        1
    )
    .is_none());
}

#[test]
fn rule_14_14_a_shore_bombardment_is_no_naval_engagement_a_ship_lost_to_the_guns_costs_no_leadership(
) {
    // Breslau alone before an Allied port's coastal defenses, one hull box left; Goeben far away.
    let mut t = Table::new(8, "raid_french_convoys");
    let port = defended_port(&t);
    t.play_until("movement");
    t.game_mut().ship_mut("breslau").unwrap().position = SpaceRef::place(&port);
    t.game_mut().ship_mut("breslau").unwrap().tracks.hull = 1;
    t.game_mut().ship_mut("goeben").unwrap().position =
        serde_json::from_str(&sea("aegean")).unwrap();
    t.game_mut().turn_state.moved = vec!["goeben".into(), "breslau".into()];
    t.end_phase();
    t.pool_only(&[IncidentKind::QuietSeas]);
    for space in [place(&port), sea("aegean")] {
        t.ok(&format!(
            r#"{{"action":"resolve_incidents","space":{space}}}"#
        ));
    }
    t.play_until("shore_bombardment");
    let leadership = track(&t, "goeben").leadership;
    let vp = t.game().vp;
    t.script(&[1]);
    t.ok(&format!(r#"{{"action":"contact","space":{},"leader":"breslau","speed_ship":"breslau","maximum_speed":false}}"#, place(&port)));
    t.ok(&format!(r#"{{"action":"fight","space":{}}}"#, place(&port)));
    // Breslau holds fire; the guns ashore hit with every die.
    t.script(&[6; 60]);
    let mut events = t.ok(r#"{"action":"fire_orders","ship":"breslau","maximum_fire":false}"#);
    while t.game().ship("breslau").unwrap().status
        != goeben_referee::ground::state::ShipStatus::Sunk
    {
        let decision = t.session.view().legal_actions()[0].clone();
        events.extend(t.session.respond(decision).events.unwrap_or_default());
    }
    assert!(
        t.game().vp < vp,
        "the lost ship is charged (Victory Points Chart)"
    );
    assert_eq!(
        track(&t, "goeben").leadership,
        leadership,
        "14.14: no Critical Naval Loss from a bombardment"
    );
    assert!(
        !events.iter().any(|e| matches!(
            e,
            Event::TrackChanged {
                track: Track::Leadership,
                ..
            }
        )),
        "{events:?}"
    );
}
