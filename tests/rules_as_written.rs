//! Rules as written: one test per place where the referee must follow the rulebook's text to the letter,
//! each named by its rule and each asserting what the text asks.

use crate::rules_support;

use goeben_referee::engine::ctx::Ctx;
use goeben_referee::ground::event::Event;
use goeben_referee::ground::pack::{CounterKind, IncidentKind, Nation, ShipType, Terrain};
use goeben_referee::ground::state::{
    AlliedUnit, BattleStage, CounterId, GameOptions, Location, Pending, Phase, ShipStatus, SpaceRef,
};
use goeben_referee::rules::combat::targeting;
use goeben_referee::{RulesPack, Session};
use rules_support::{dice_rolled, place, sea, Table};

fn id(code: &str) -> CounterId {
    CounterId(
        RulesPack::standard()
            .counter_index(code)
            .expect("a counter") as u16,
    )
}

fn space(json: &str) -> SpaceRef {
    serde_json::from_str(json).unwrap()
}

fn resolve(t: &mut Table, at: &str) -> Vec<Event> {
    t.ok(&format!(r#"{{"action":"resolve_incidents","space":{at}}}"#))
}

/// Both German ships sailed to `to` in turn 1, the pool narrowed to `kinds`, the Alert Level set:
/// ready to resolve the Incident phase there (as in tests/rules_incidents.rs).
fn at(orders: &str, to: &str, kinds: &[IncidentKind], alert: u8) -> (Table, Vec<CounterId>) {
    let mut t = Table::new(21, orders);
    t.sail_all(to);
    assert_eq!(t.phase(), "incident");
    let kept = t.pool_only(kinds);
    t.set_alert(alert);
    (t, kept)
}

fn kind_of(c: CounterId) -> Option<IncidentKind> {
    match RulesPack::standard().counter_spec(c).kind {
        CounterKind::Incident { incident, .. } => Some(incident),
        _ => None,
    }
}

/// Goeben and Breslau at open sea in `zone`, facing exactly the Allied counters `allied`, at the start
/// of the Naval Combat phase with the Alert Level at `alert` (as in tests/rules_salvos.rs).
fn engage_in(zone: &str, allied: &[&str], alert: u8) -> Table {
    let mut t = Table::new(5, "ottoman_alliance");
    t.sail_all(&sea(zone));
    t.pool_only(&[IncidentKind::QuietSeas]);
    resolve(&mut t, &sea(zone));
    for code in allied {
        t.game_mut().move_counter(
            id(code),
            Location::OnMap {
                space: space(&sea(zone)),
            },
        );
    }
    t.set_alert(alert);
    t.end_phase();
    assert_eq!(t.phase(), "naval_combat");
    t
}

/// The Austro-Hungarian counter `code` as a ship under German command at `at`, added to the game.
fn add_austro_hungarian(t: &mut Table, code: &str, at: &SpaceRef) -> String {
    let pack = RulesPack::standard();
    let options = t.game().options.clone();
    let ship =
        goeben_referee::rules::austro_hungarian::ship_from_counter(&pack, id(code), at, &options)
            .expect("an Austro-Hungarian counter");
    let sid = ship.id.clone();
    t.game_mut().ships.push(ship);
    sid
}

/// Ends the running mission as won: its Orders' conditions met in the Objective phase, the end declared
/// (as in tests/rules_examples.rs). `prepare` may change the German ships first.
fn win_mission(t: &mut Table, prepare: impl FnOnce(&mut goeben_referee::ground::state::Game)) {
    let pack = RulesPack::standard();
    let spec = goeben_referee::rules::victory::orders_spec(&pack, t.game()).clone();
    let g = t.game_mut();
    for port in &spec.destroy_defenses_at {
        let here: Vec<CounterId> = g
            .counters_at(&Location::Port { port: port.clone() })
            .collect();
        for d in here {
            g.move_counter(d, Location::Sunk);
        }
    }
    let target = match &spec.end_in {
        goeben_referee::ground::pack::EndIn::Spaces { spaces } => SpaceRef::place(&spaces[0]),
        goeben_referee::ground::pack::EndIn::FriendlyNavalBase => SpaceRef::place("pola"),
    };
    for s in g.ships.iter_mut().filter(|s| !s.austro_hungarian) {
        s.position = target.clone();
    }
    g.vp = spec.min_vp.max(0) + 10;
    g.phase = Phase::Objective;
    prepare(g);
    t.end_phase();
    assert_eq!(
        t.game().pending.first(),
        Some(&Pending::DeclareEnd),
        "accomplished before the last turn"
    );
    t.ok(r#"{"action":"answer","yes":true}"#);
    assert!(
        t.game().game_over.as_ref().is_some_and(|o| o.won),
        "{} not won: {:?}",
        spec.id,
        t.game().game_over
    );
}

fn campaign(seed: u64, orders: &str) -> Table {
    let mut t = Table {
        session: Session::new(RulesPack::standard(), seed),
    };
    t.ok(&format!(
        r#"{{"action":"new_game","seed":{seed},"options":{{"orders":"{orders}","campaign":true}}}}"#
    ));
    t.ok(r#"{"action":"place_collier","to":{"kind":"high_seas","zone":"aegean","label":"c"}}"#);
    t
}

// ---------------------------------------------------------------------------------------------------
// 19.1, 20.1 HMS New Zealand and the reinforcements

#[test]
fn rule_19_1_reinforcements_cost_30_vp_and_bring_new_zealand() {
    let mut t = campaign(61, "atlantic_breakout");
    win_mission(&mut t, |_| {});
    // Orders Chart, Atlantic Breakout: bonus 1 is the Moltke and the Stralsund for 30 VP.
    let events = t.ok(r#"{"action":"next_mission","base":"pola","bonus":1}"#);
    let g = t.game();
    assert_eq!(g.vp, -30, "19.1: the 30 VP are deducted, not added");
    assert!(
        events.iter().any(
            |e| matches!(e, Event::VpChanged { from: 0, to: -30, rule, .. } if rule == "19.1")
        ),
        "a VP change 0 → −30 under 19.1: {events:?}"
    );
    for ship in ["goeben", "breslau", "moltke", "stralsund"] {
        assert!(g.ship(ship).is_some(), "{ship} sails in the next mission");
    }
    assert_eq!(
        g.counter(id("gb_bc_new_zealand")).location,
        Location::Pool,
        "19.1: HMS New Zealand joins the pool"
    );
    let pack = RulesPack::standard();
    assert_eq!(
        goeben_referee::rules::setup::colliers_to_place(&pack, g),
        pack.setup.colliers as usize + 1,
        "19.0: a second collier with both battlecruisers"
    );
    // The setup asks for both before the first turn.
    t.ok(r#"{"action":"place_collier","to":{"kind":"high_seas","zone":"aegean","label":"c1"}}"#);
    assert_eq!(t.phase(), "setup", "a second collier to place");
    assert!(t
        .session
        .view()
        .legal_actions()
        .iter()
        .any(|a| matches!(a, goeben_referee::Action::PlaceCollier { .. })));
    t.ok(r#"{"action":"place_collier","to":{"kind":"high_seas","zone":"aegean","label":"c2"}}"#);
    assert_eq!(t.game().colliers.len(), 2);
}

#[test]
fn rule_20_1_new_zealand_joins_when_the_austro_hungarian_fleet_sorties_under_the_optional_rule() {
    fn sortie(austro_hungarian: bool) -> Table {
        let mut t = Table {
            session: Session::new(RulesPack::standard(), 31),
        };
        t.ok(&format!(r#"{{"action":"new_game","seed":31,"options":{{"orders":"suez_canal","austro_hungarian":{austro_hungarian}}}}}"#));
        t.ok(r#"{"action":"place_collier","to":{"kind":"high_seas","zone":"aegean","label":"c"}}"#);
        t.sail_all(&sea("adriatic"));
        t.pool_only(&[IncidentKind::AustroHungarianFleetSorties]);
        t.set_alert(1);
        assert_eq!(t.location(id("gb_bc_new_zealand")), Location::SetAside);
        t.script(&[3]);
        resolve(&mut t, &sea("adriatic"));
        t
    }
    let t = sortie(true);
    assert!(t.game().ships.iter().any(|s| s.austro_hungarian));
    assert_eq!(
        t.location(id("gb_bc_new_zealand")),
        Location::Pool,
        "20.1 with the optional rule"
    );
    let t = sortie(false);
    assert!(!t.game().ships.iter().any(|s| s.austro_hungarian));
    assert_eq!(
        t.location(id("gb_bc_new_zealand")),
        Location::SetAside,
        "no Austro-Hungarian ship in the war"
    );

    // 20.1 "whenever an Austro-Hungarian ship is in the war": the Naval Pact's cruiser too.
    let mut t = campaign(24, "austro_hungarian_naval_pact");
    win_mission(&mut t, |_| {});
    t.ok(r#"{"action":"next_mission","base":"pola"}"#);
    assert!(
        t.game().ships.iter().any(|s| s.austro_hungarian),
        "the Naval Pact cruiser"
    );
    assert_eq!(
        t.location(id("gb_bc_new_zealand")),
        Location::Pool,
        "20.1 with the Naval Pact cruiser"
    );
}

// ---------------------------------------------------------------------------------------------------
// Incident Chart: Central Powers Fleet Sortie, Storm

/// The Aegean, pool narrowed to the sortie and one Royal Navy warship, both picked at Alert 2.
fn central_powers(
    orders: &str,
    setup: impl FnOnce(&mut goeben_referee::ground::state::Game),
) -> (Table, CounterId, CounterId) {
    let (mut t, kept) = at(
        orders,
        &sea("aegean"),
        &[
            IncidentKind::CentralPowersFleetSortie,
            IncidentKind::RoyalNavyWarship,
        ],
        2,
    );
    setup(t.game_mut());
    let events = resolve(&mut t, &sea("aegean"));
    let drawn = events.iter().find_map(|e| match e {
        Event::IncidentsPicked { drawn, .. } => Some(*drawn),
        _ => None,
    });
    assert_eq!(drawn, Some(2), "both markers picked");
    let sortie = *kept
        .iter()
        .find(|c| kind_of(**c) == Some(IncidentKind::CentralPowersFleetSortie))
        .unwrap();
    let warship = *kept
        .iter()
        .find(|c| kind_of(**c) == Some(IncidentKind::RoyalNavyWarship))
        .unwrap();
    (t, sortie, warship)
}

#[test]
fn incident_central_powers_fleet_sortie_after_the_ottoman_alliance_sends_aegean_warships_back() {
    // After the Ottoman Alliance (an ally of the campaign): the warship goes back, the marker leaves play.
    let (mut t, sortie, warship) =
        central_powers("suez_canal", |g| g.allies.push(Nation::OttomanEmpire));
    assert_eq!(
        t.location(warship),
        Location::Pool,
        "drawn off by the sortie"
    );
    assert_eq!(
        t.location(sortie),
        Location::RemovedFromPlay,
        "the marker leaves play"
    );
    t.end_phase();
    assert_ne!(t.phase(), "naval_combat", "no battle");
    assert!(t.game().turn_state.battles.is_empty());

    // Without the alliance: Quiet Seas; the warship stays to be fought.
    let (mut t, sortie, warship) = central_powers("suez_canal", |_| {});
    assert!(
        matches!(t.location(warship), Location::OnMap { .. }),
        "{:?}",
        t.location(warship)
    );
    assert_eq!(t.location(sortie), Location::Pool, "back to the pool");
    t.end_phase();
    assert_eq!(t.phase(), "naval_combat", "the warship must be fought");

    // This mission's own Ottoman Alliance, accomplished at an earlier Objective phase (played on): applies.
    let (t, sortie, warship) = central_powers("ottoman_alliance", |g| {
        g.turn = 2;
        g.accomplished_on = Some(1);
    });
    assert_eq!(t.location(warship), Location::Pool);
    assert_eq!(t.location(sortie), Location::RemovedFromPlay);
}

#[test]
fn incident_storm_damages_an_austro_hungarian_ships_engines_and_sends_it_home_20_0() {
    let (mut t, _) = at("suez_canal", &sea("adriatic"), &[IncidentKind::Storm], 1);
    let ah = add_austro_hungarian(&mut t, "ah_novara", &space(&sea("adriatic")));
    let before = t.game().ship(&ah).unwrap().tracks;
    let goeben_hull = t.game().ship("goeben").unwrap().tracks.hull;
    // One die per ship, a 6 each.
    t.script(&[6, 6, 6]);
    let events = resolve(&mut t, &sea("adriatic"));
    assert_eq!(dice_rolled(&events).len(), 3, "one Storm die per ship");
    assert_eq!(
        t.game().ship("goeben").unwrap().tracks.hull,
        goeben_hull - 1,
        "a German ship loses a hull box"
    );
    let after = t.game().ship(&ah).unwrap();
    assert_eq!(
        after.tracks.engines,
        before.engines - 1,
        "Storm: one engine damage for an Austro-Hungarian ship"
    );
    assert_eq!(after.tracks.hull, before.hull, "not a hull hit");
    assert_eq!(
        after.status,
        ShipStatus::Withdrawn,
        "20.0: damaged, it leaves the map"
    );
    assert_eq!(t.location(id("ah_novara")), Location::Withdrawn);
}

// ---------------------------------------------------------------------------------------------------
// Orders Chart basing bonus, 17.0 / 12.5, 24.1 step 1

#[test]
fn orders_chart_basing_bonus_staying_in_the_spanish_port_is_no_9_1_visit() {
    let pack = RulesPack::standard();
    let base = "cartagena";
    assert_eq!(pack.place(base).unwrap().nation, Nation::Spain);
    let mut t = campaign(62, "atlantic_breakout");
    win_mission(&mut t, |_| {});
    t.ok(&format!(
        r#"{{"action":"next_mission","base":"{base}","bonus":0}}"#
    ));
    assert!(t
        .game()
        .ships
        .iter()
        .all(|s| s.position == SpaceRef::place(base)));
    assert_eq!(
        goeben_referee::ground::ports::port_side(&pack, t.game(), &SpaceRef::place(base)),
        Some(goeben_referee::ground::ports::Side::Neutral)
    );
    t.ok(
        r#"{"action":"place_collier","to":{"kind":"high_seas","zone":"western_med","label":"c"}}"#,
    );
    t.play_until("movement");
    let ships: Vec<String> = t.game().active_ships().map(|s| s.id.clone()).collect();
    for ship in ships {
        t.move_ship(&ship, &place(base), "stay");
    }
    t.end_phase();
    assert!(
        !t.game().neutral_visited.iter().any(|v| v == base),
        "the mission's basing port is no 9.1 visit: {:?}",
        t.game().neutral_visited
    );
}

/// 17.0: the view says each condition of the Orders and whether it holds now — where a ship must end, each
/// port whose defenses must go, the VP — and the mission is accomplished exactly when all of them hold.
#[test]
fn rule_17_0_each_condition_of_the_orders_is_shown_with_whether_it_holds_now() {
    let conditions = |t: &Table| -> Vec<(String, bool)> {
        let view = t.session.view();
        let orders = view.game.unwrap().orders;
        let all: Vec<(String, bool)> = orders
            .conditions
            .iter()
            .map(|c| (c.text.clone(), c.met))
            .collect();
        assert_eq!(orders.accomplished_now, all.iter().all(|(_, met)| *met));
        all
    };
    let mut t = Table::new(71, "suez_canal");
    let at_start = conditions(&t);
    assert_eq!(
        at_start[0],
        ("A German ship in a friendly naval base".to_string(), false)
    );
    assert!(
        at_start[1]
            .0
            .starts_with("The defenses of Alexandria destroyed (")
            && !at_start[1].1,
        "{at_start:?}"
    );
    assert!(
        at_start[2]
            .0
            .starts_with("The defenses of Port Said destroyed (")
            && !at_start[2].1,
        "{at_start:?}"
    );
    assert_eq!(at_start[3], ("At least 75 VP (0 now)".to_string(), false));
    // Every defense gone, 80 VP, both ships at Pola (Austria-Hungary's base is friendly): all hold.
    let g = t.game_mut();
    for c in g.counters.iter_mut() {
        if matches!(&c.location, Location::Port { port } if port == "alexandria" || port == "port_said")
        {
            c.location = Location::RemovedFromPlay;
        }
    }
    g.vp = 80;
    for s in g.ships.iter_mut() {
        s.position = SpaceRef::place("pola");
    }
    let done = conditions(&t);
    assert_eq!(
        done[1],
        ("The defenses of Alexandria destroyed".to_string(), true)
    );
    assert_eq!(done[3], ("At least 75 VP (80 now)".to_string(), true));
    assert!(done.iter().all(|(_, met)| *met), "{done:?}");
    // The Ottoman Alliance names its space.
    let t = Table::new(71, "ottoman_alliance");
    assert_eq!(
        conditions(&t)[0],
        ("A German ship at Constantinople".to_string(), false)
    );
}

/// A single game of the Ottoman Alliance with its conditions met at turn 1's Objective phase.
fn accomplished_on_turn_1(seed: u64) -> Table {
    let mut t = Table::new(seed, "ottoman_alliance");
    let g = t.game_mut();
    g.vp = 80;
    g.phase = Phase::Objective;
    for s in g.ships.iter_mut() {
        s.position = SpaceRef::place("constantinople");
    }
    assert!(g.turn < g.last_turn);
    t.end_phase();
    t
}

#[test]
fn rule_17_0_and_12_5_accomplished_before_the_last_turn_the_player_ends_the_game_or_plays_on() {
    let mut t = accomplished_on_turn_1(71);
    assert!(
        t.game().game_over.is_none(),
        "not ended without the player's word"
    );
    assert_eq!(t.game().pending, vec![Pending::DeclareEnd]);
    let view = t.session.view();
    assert_eq!(
        view.decisions
            .iter()
            .map(|d| d.label.clone())
            .collect::<Vec<_>>(),
        vec![
            "End the game: mission accomplished".to_string(),
            "Play on".to_string()
        ]
    );
    // Play on: the next turn starts and the mission stays accomplished from turn 1.
    t.ok(r#"{"action":"answer","yes":false}"#);
    assert!(t.game().game_over.is_none());
    assert_eq!(t.game().turn, 2);
    assert_eq!(t.phase(), "outfitting");
    assert_eq!(t.game().accomplished_on, Some(1));
    // The last turn's Objective phase, the conditions no longer met: still won.
    let g = t.game_mut();
    g.turn = g.last_turn;
    g.vp = 0;
    g.phase = Phase::Objective;
    t.end_phase();
    let over = t
        .game()
        .game_over
        .clone()
        .expect("the game ends after the last turn");
    assert!(over.won, "{over:?}");

    // Yes: won at once.
    let mut t = accomplished_on_turn_1(72);
    t.ok(r#"{"action":"answer","yes":true}"#);
    assert!(t.game().game_over.as_ref().is_some_and(|o| o.won));
    assert_eq!(t.game().turn, 1);
    assert_eq!(t.phase(), "game_over");
}

#[test]
fn rule_24_1_step_1_undamaged_ships_keep_their_values_damaged_ones_are_reset() {
    let mut t = campaign(21, "ottoman_alliance");
    win_mission(&mut t, |g| {
        let goeben = g.ship_mut("goeben").unwrap();
        goeben.tracks.coal = 3;
        let breslau = g.ship_mut("breslau").unwrap();
        breslau.tracks.hull = 2;
        breslau.tracks.coal = 1;
    });
    let goeben_start = t.game().ship("goeben").unwrap().start;
    let breslau_start = t.game().ship("breslau").unwrap().start;
    assert_ne!(goeben_start.coal, 3);
    t.ok(r#"{"action":"next_mission","base":"pola"}"#);
    let goeben = t.game().ship("goeben").unwrap().tracks;
    assert_eq!(goeben.coal, 3, "undamaged: Goeben keeps the coal it has");
    assert_eq!(goeben.hull, goeben_start.hull);
    let breslau = t.game().ship("breslau").unwrap().tracks;
    assert_eq!(breslau.hull, breslau_start.hull, "damaged: repaired");
    assert_eq!(
        breslau.coal, breslau_start.coal,
        "damaged: every value back to its start"
    );
    assert_eq!(
        breslau.leadership,
        breslau_start.leadership + 1,
        "a win still raises leadership"
    );
}

// ---------------------------------------------------------------------------------------------------
// 20.0 Austro-Hungarian ships in battle, Victory Points

/// Goeben and SMS Tegetthoff (two torpedoes given) against HMS Dublin in the Adriatic; the player answers
/// which nationality fires first (`german_first`); every die a 1. Returns the purposes of the round's dice
/// in order, and the ship first asked for its torpedo launch after the guns.
fn nationality_battle(german_first: bool) -> (String, Vec<String>, Option<String>) {
    let mut t = engage_in("adriatic", &["gb_cl_dublin"], 1);
    let adriatic = space(&sea("adriatic"));
    t.game_mut().ship_mut("breslau").unwrap().position = space(&sea("aegean"));
    let ah = add_austro_hungarian(&mut t, "ah_tegetthoff", &adriatic);
    t.game_mut().ship_mut(&ah).unwrap().tracks.torpedoes = 2;
    t.script(&[6]);
    t.ok(&format!(r#"{{"action":"contact","space":{},"leader":"goeben","speed_ship":"goeben","maximum_speed":false}}"#, sea("adriatic")));
    if matches!(t.game().pending.first(), Some(Pending::BreakOff { .. })) {
        t.ok(&format!(
            r#"{{"action":"fight","space":{}}}"#,
            sea("adriatic")
        ));
    }
    assert!(
        matches!(t.game().pending.first(), Some(Pending::NationalityFirst { space }) if *space == adriatic),
        "{:?}",
        t.game().pending
    );
    let view = t.session.view();
    assert_eq!(
        view.decisions
            .iter()
            .map(|d| d.label.clone())
            .collect::<Vec<_>>(),
        vec![
            "German ships fire first".to_string(),
            "Austro-Hungarian ships fire first".to_string()
        ]
    );
    t.ok(&format!(r#"{{"action":"answer","yes":{german_first}}}"#));
    // Every die a 1: nobody hits, every gun fires.
    t.script(&[1; 80]);
    let mut events = Vec::new();
    while let Some(Pending::FireOrders { ship, .. }) = t.game().pending.first().cloned() {
        events.extend(t.ok(&format!(r#"{{"action":"fire_orders","ship":"{ship}","target":"gb_cl_dublin","maximum_fire":false}}"#)));
    }
    let name = t.game().ship(&ah).unwrap().name.clone();
    let purposes = events
        .iter()
        .filter_map(|e| match e {
            Event::DiceRolled { purpose, .. } => Some(purpose.clone()),
            _ => None,
        })
        .collect();
    let launch = match t.game().pending.first() {
        Some(Pending::Torpedoes { ship, .. }) => Some(ship.clone()),
        _ => None,
    };
    (name, purposes, launch)
}

#[test]
fn rule_20_0_the_player_chooses_which_nationality_fires_first() {
    for german_first in [false, true] {
        let (name, purposes, _) = nationality_battle(german_first);
        let first_ah = purposes
            .iter()
            .position(|p| p.starts_with(&format!("{name} primary guns")))
            .unwrap_or_else(|| panic!("{name} fired: {purposes:?}"));
        let first_goeben = purposes
            .iter()
            .position(|p| p.starts_with("SMS Goeben primary guns"))
            .unwrap_or_else(|| panic!("Goeben fired: {purposes:?}"));
        assert_eq!(
            first_goeben < first_ah,
            german_first,
            "answer {german_first}: {purposes:?}"
        );
    }
}

/// 20.0 with 14.10: the torpedo launches are asked in the same order as the guns fire, the nationality
/// chosen to fire first first.
#[test]
fn rule_20_0_torpedo_launches_are_asked_in_the_chosen_nationality_order() {
    for german_first in [false, true] {
        let (_, _, launch) = nationality_battle(german_first);
        let launch = launch.expect("a torpedo launch is asked after the guns");
        assert_eq!(
            launch == "goeben",
            german_first,
            "answer {german_first}: {launch} asked first"
        );
    }
}

#[test]
fn rule_20_0_austro_hungarian_types_are_targeted_and_lost_as_their_types() {
    let pack = RulesPack::standard();
    let (mut game, _) =
        goeben_referee::rules::setup::new_game(&pack, 3, GameOptions::default()).unwrap();
    let mut ctx = Ctx::new(&pack, &mut game);
    let targets = [
        ("tegetthoff".to_string(), ShipType::BB),
        ("breslau".to_string(), ShipType::CL),
    ];
    assert_eq!(
        targeting::choose_target(&mut ctx, id("gb_bc_inflexible"), &targets).as_deref(),
        Some("tegetthoff"),
        "14.11: BB beside BC and B"
    );
    assert_eq!(pack.charts.german_loss_vp(ShipType::BB, true), -25);
    assert_eq!(pack.charts.german_loss_vp(ShipType::CL, true), -6);
    assert_eq!(pack.charts.german_loss_vp(ShipType::CL, false), -20);
}

#[test]
fn victory_points_chart_a_german_ship_sunk_by_an_incident_costs_its_vp() {
    let (mut t, _) = at(
        "ottoman_alliance",
        &sea("eastern_med"),
        &[IncidentKind::Storm],
        1,
    );
    t.game_mut().ship_mut("breslau").unwrap().tracks.hull = 1;
    t.script(&[1, 6]);
    let events = resolve(&mut t, &sea("eastern_med"));
    assert_eq!(t.game().ship("breslau").unwrap().status, ShipStatus::Sunk);
    assert_eq!(
        t.game().ship("goeben").unwrap().tracks.hull,
        12,
        "Goeben rolled a 1"
    );
    assert_eq!(t.game().vp, -20, "Breslau (CL) lost: −20");
    assert!(events.iter().any(|e| matches!(e, Event::VpChanged { from: 0, to: -20, rule, .. } if rule == "Victory Points Chart")), "{events:?}");

    // French Navy Sorties: Goeben left in the closed Toulon zone is sunk at the end of the next Movement
    // phase (as in tests/rules_incidents.rs) and costs its VP.
    let mut t = Table::new(23, "ottoman_alliance");
    t.play_until("movement");
    t.move_ship("goeben", &place("toulon_pz"), "cruise");
    t.move_ship("breslau", &sea("eastern_med"), "cruise");
    t.end_phase();
    t.pool_only(&[IncidentKind::FrenchNavySorties]);
    t.set_alert(1);
    t.game_mut().counters.iter_mut().for_each(|c| {
        if matches!(&c.location, Location::PatrolZone { zone } if zone == "toulon_pz") {
            c.location = Location::RemovedFromPlay;
        }
    });
    resolve(&mut t, &place("toulon_pz"));
    t.ok(r#"{"action":"answer","yes":false}"#);
    resolve(&mut t, &sea("eastern_med"));
    t.play_until("objective");
    t.end_phase();
    t.play_until("movement");
    let vp = t.game().vp;
    let events = t.end_phase();
    assert_eq!(t.game().ship("goeben").unwrap().status, ShipStatus::Sunk);
    let loss = RulesPack::standard()
        .charts
        .german_loss_vp(ShipType::BC, false);
    assert_eq!(t.game().vp, vp + loss, "Goeben lost to the sortie: {loss}");
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::VpChanged { rule, .. } if rule == "Victory Points Chart")),
        "{events:?}"
    );
}

// ---------------------------------------------------------------------------------------------------
// 5.1 Alert Level Chart

/// HMS Dublin sunk at Alert 1 (the salvo of tests/rules_salvos.rs, rule 14.5): the events of the last
/// fire order, which ends the battle.
fn sink_dublin(t: &mut Table) -> Vec<Event> {
    t.script(&[6]);
    t.ok(&format!(r#"{{"action":"contact","space":{},"leader":"goeben","speed_ship":"breslau","maximum_speed":false}}"#, sea("western_med")));
    t.ok(&format!(
        r#"{{"action":"fight","space":{}}}"#,
        sea("western_med")
    ));
    t.ok(
        r#"{"action":"fire_orders","ship":"goeben","target":"gb_cl_dublin","maximum_fire":false}"#,
    );
    t.script(&[
        1, 1, 1, 1, 1, 1, 1, 6, 2, 1, 1, 1, 1, 1, 1, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    ]);
    let events = t.ok(
        r#"{"action":"fire_orders","ship":"breslau","target":"gb_cl_dublin","maximum_fire":true}"#,
    );
    assert_eq!(t.location(id("gb_cl_dublin")), Location::Sunk);
    assert_eq!(
        t.game().turn_state.battles.last().unwrap().stage,
        BattleStage::Over
    );
    events
}

fn alert_chart_changes(events: &[Event]) -> Vec<(u8, u8)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::AlertChanged { from, to, rule, .. } if rule == "Alert Level Chart" => {
                Some((*from, *to))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn alert_level_chart_a_battle_that_sinks_an_allied_warship_raises_the_alert_by_its_row() {
    let mut t = engage_in("western_med", &["gb_cl_dublin"], 1);
    let events = sink_dublin(&mut t);
    assert_eq!(
        alert_chart_changes(&events),
        vec![(1, 2)],
        "+1 at the battle's end"
    );
    assert_eq!(t.game().alert_level, 2);

    // The chart row edited to 0: nothing changes.
    let mut t = engage_in("western_med", &["gb_cl_dublin"], 1);
    let mut chart = serde_json::to_value(&t.session.pack().charts.alert_level).unwrap();
    let row = chart["rows"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|r| r["event"] == "allied_ship_lost_in_battle")
        .expect("the row");
    row["change"] = serde_json::json!(0);
    t.ok(&serde_json::json!({"action": "edit_chart", "chart": "alert_level", "json": chart.to_string()}).to_string());
    assert_eq!(
        t.session
            .pack()
            .charts
            .alert_change(goeben_referee::ground::pack::AlertEvent::AlliedShipLostInBattle),
        0
    );
    let events = sink_dublin(&mut t);
    assert!(alert_chart_changes(&events).is_empty(), "{events:?}");
    assert_eq!(t.game().alert_level, 1);
}

// ---------------------------------------------------------------------------------------------------
// 13.2, 16.0, Limited Visibility, 12.5, 14.11

#[test]
fn rule_13_2_a_captured_enemy_ports_extra_picks_come_from_its_terrain_effects_row() {
    let pack = RulesPack::standard();
    let port = pack
        .places
        .iter()
        .find(|p| {
            p.kind == goeben_referee::ground::pack::PlaceKind::Port
                && goeben_referee::ground::ports::side_of(p.nation)
                    == goeben_referee::ground::ports::Side::Enemy
        })
        .map(|p| p.id.clone())
        .expect("an enemy port");
    let mut t = Table::new(9, "ottoman_alliance");
    t.set_alert(3);
    t.game_mut().captured_ports.push(port.clone());
    let here = SpaceRef::place(&port);
    // The standard chart, then a chart whose captured-port row differs from the enemy-port row.
    let mut edited = pack.clone();
    for row in edited.charts.terrain_effects.rows.iter_mut() {
        if row.terrain == Terrain::CapturedEnemyPort {
            row.extra_picks = 3;
        }
    }
    assert_ne!(
        edited
            .charts
            .terrain(Terrain::CapturedEnemyPort)
            .extra_picks,
        edited.charts.terrain(Terrain::EnemyPort).extra_picks
    );
    for p in [&pack, &edited] {
        let row = p.charts.terrain(Terrain::CapturedEnemyPort).extra_picks;
        assert_eq!(
            goeben_referee::ground::ports::incident_picks(p, t.game(), &here),
            (3, row),
            "{port}"
        );
    }
}

#[test]
fn rule_16_0_coastal_defenses_fire_2_to_4_as_documented() {
    let pack = RulesPack::standard();
    let mut n = 0;
    for (i, c) in pack.counters.counters.iter().enumerate() {
        if let Some(firepower) = targeting::coastal_firepower(&pack, CounterId(i as u16)) {
            assert!((2..=4).contains(&firepower), "{} fires {firepower}", c.id);
            n += 1;
        }
    }
    assert!(n > 0, "coastal defense units in the pack");
}

/// An enemy (Allied) port, not a naval base, holding coastal defenses in this game (tests/rules_salvos.rs).
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

/// Goeben alone in a defended enemy port, Breslau in the Aegean, their incidents resolved (Quiet Seas);
/// `allied` Allied counters placed face up in the port. Returns the port.
fn in_defended_port(t: &mut Table, allied: &[&str]) -> String {
    let port = defended_port(t);
    t.play_until("movement");
    t.game_mut().ship_mut("goeben").unwrap().position = SpaceRef::place(&port);
    t.game_mut().ship_mut("breslau").unwrap().position = space(&sea("aegean"));
    t.game_mut().turn_state.moved = vec!["goeben".into(), "breslau".into()];
    t.end_phase();
    t.pool_only(&[IncidentKind::QuietSeas]);
    for at in [place(&port), sea("aegean")] {
        resolve(t, &at);
    }
    for code in allied {
        t.game_mut().move_counter(
            id(code),
            Location::OnMap {
                space: SpaceRef::place(&port),
            },
        );
    }
    port
}

#[test]
fn incident_limited_visibility_one_roll_per_space_and_turn() {
    let mut t = Table::new(8, "raid_french_convoys");
    let port = in_defended_port(&mut t, &["gb_cl_dublin"]);
    t.game_mut()
        .turn_state
        .limited_visibility
        .push(SpaceRef::place(&port));
    t.end_phase();
    assert_eq!(t.phase(), "naval_combat");
    // The naval battle in the port: Limited Visibility rolls a 5 — no combat here this turn.
    t.script(&[5]);
    let events = t.ok(&format!(r#"{{"action":"contact","space":{},"leader":"goeben","speed_ship":"goeben","maximum_speed":false}}"#, place(&port)));
    let lv = |events: &[Event]| {
        events.iter().filter(|e| matches!(e, Event::DiceRolled { purpose, .. } if purpose.starts_with("Limited Visibility"))).count()
    };
    assert_eq!(lv(&events), 1);
    assert_eq!(
        t.game().turn_state.visibility_rolls,
        vec![(SpaceRef::place(&port), 5)]
    );
    // The bombardment of the same port this turn keeps the roll: no second die, no combat.
    t.play_until("shore_bombardment");
    t.script(&[1, 1, 1]);
    let events = t.ok(&format!(r#"{{"action":"contact","space":{},"leader":"goeben","speed_ship":"goeben","maximum_speed":false}}"#, place(&port)));
    assert_eq!(
        lv(&events),
        0,
        "one Limited Visibility roll per space and turn: {events:?}"
    );
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::ContactResolved { .. })),
        "5–6 forbids the bombardment too"
    );
    assert_eq!(
        t.game().turn_state.battles.last().unwrap().stage,
        BattleStage::Over
    );
}

#[test]
fn rule_12_5_german_ships_in_a_defended_enemy_port_must_engage_its_coastal_defenses() {
    let mut t = Table::new(8, "raid_french_convoys");
    let port = in_defended_port(&mut t, &[]);
    t.play_until("shore_bombardment");
    let (code, message) = t.refused(r#"{"action":"end_phase"}"#);
    assert_eq!(code, "not_now");
    assert!(message.contains("12.5"), "{message}");
    assert!(
        !t.session
            .view()
            .legal_actions()
            .contains(&goeben_referee::Action::EndPhase),
        "no end of phase offered"
    );
    // 1 + 8 − 0: German First Salvo; every die a 1 — nobody hits.
    t.script(&[1]);
    t.ok(&format!(r#"{{"action":"contact","space":{},"leader":"goeben","speed_ship":"goeben","maximum_speed":false}}"#, place(&port)));
    t.ok(&format!(r#"{{"action":"fight","space":{}}}"#, place(&port)));
    let target = t.game().turn_state.battles.last().unwrap().allied[0].counter;
    let code_ = RulesPack::standard().counter_spec(target).id.clone();
    t.script(&[1; 60]);
    t.ok(&format!(
        r#"{{"action":"fire_orders","ship":"goeben","target":"{code_}","maximum_fire":false}}"#
    ));
    let b = t.game().turn_state.battles.last().unwrap().clone();
    assert_eq!(
        (b.round, b.stage),
        (2, BattleStage::Contact),
        "the first round is over"
    );
    t.ok(&format!(
        r#"{{"action":"cease_fire","space":{}}}"#,
        place(&port)
    ));
    if t.phase() == "shore_bombardment" {
        t.end_phase();
    }
    assert_ne!(t.phase(), "shore_bombardment");
}

#[test]
fn rule_14_11_firing_order_cl_before_dd_before_troop_convoy() {
    let pack = RulesPack::standard();
    let unit = |pack: &RulesPack, code: &str| AlliedUnit {
        counter: CounterId(pack.counter_index(code).unwrap() as u16),
        damage: 0,
        gunnery_damage: 0,
        engine_damage: 0,
        in_battle: true,
    };
    let names = |pack: &RulesPack, order: Vec<CounterId>| {
        order
            .iter()
            .map(|c| pack.counter_spec(*c).id.clone())
            .collect::<Vec<_>>()
    };
    let units = [
        unit(&pack, "fr_convoy_1"),
        unit(&pack, "fr_dd_1"),
        unit(&pack, "gb_dd_1"),
        unit(&pack, "gb_cl_dublin"),
    ];
    assert_eq!(
        names(&pack, targeting::firing_order(&pack, &units)),
        ["gb_cl_dublin", "gb_dd_1", "fr_dd_1", "fr_convoy_1"]
    );
    // The order is by type, not by counter: a pack whose earlier counters carry the smaller types.
    let mut retyped = pack.clone();
    for (code, to) in [
        ("gb_cl_chatham", ShipType::TroopConvoy),
        ("gb_cl_dublin", ShipType::DD),
        ("gb_dd_1", ShipType::CL),
    ] {
        let i = retyped.counter_index(code).unwrap();
        match &mut retyped.counters.counters[i].kind {
            CounterKind::Incident { ship: Some(v), .. } => v.ship_type = to,
            other => panic!("{code}: {other:?}"),
        }
    }
    let units = [
        unit(&retyped, "gb_cl_chatham"),
        unit(&retyped, "gb_cl_dublin"),
        unit(&retyped, "gb_dd_1"),
    ];
    assert_eq!(
        names(&retyped, targeting::firing_order(&retyped, &units)),
        ["gb_dd_1", "gb_cl_dublin", "gb_cl_chatham"],
        "CL, DD, troop convoy"
    );
}

#[test]
fn issue_29_an_allied_fate_says_what_it_means_for_vp() {
    use goeben_referee::ground::state::AlliedFate;
    use goeben_referee::rules::combat::effects::vp_words;
    let pack = RulesPack::standard();
    let ca = pack
        .charts
        .vp_for(goeben_referee::ground::pack::ShipType::CA)
        .unwrap();
    assert_eq!(
        vp_words(&pack, id("gb_ca_defence"), AlliedFate::Sunk),
        format!(" (+{} VP)", ca.sunk)
    );
    assert_eq!(
        vp_words(&pack, id("gb_ca_defence"), AlliedFate::Damaged),
        format!(" (+{} VP)", ca.damaged)
    );
    assert_eq!(
        vp_words(&pack, id("gb_ca_defence"), AlliedFate::Withdrawn),
        " (no VP)"
    );
    let coastal = pack.charts.victory_points.coastal_defense_destroyed;
    assert_eq!(
        vp_words(&pack, id("coastal_1"), AlliedFate::Sunk),
        format!(" (+{coastal} VP)")
    );
}

#[test]
fn issue_29_a_contact_choice_says_the_speed_it_brings_and_its_coal() {
    // Goeben and Breslau: engines 6 → cruise 4, maximum 5 (12.1, 12.2).
    let t = engage_in("western_med", &["gb_cl_dublin"], 1);
    let view = t.session.view();
    let labels: Vec<&String> = view
        .decisions
        .iter()
        .filter(|d| matches!(d.action, goeben_referee::Action::Contact { .. }))
        .map(|d| &d.label)
        .collect();
    assert!(
        labels
            .iter()
            .any(|l| l.ends_with("cruise 4 of SMS Breslau")),
        "{labels:?}"
    );
    assert!(
        labels
            .iter()
            .any(|l| l.ends_with("maximum 5 (1 coal) of SMS Goeben")),
        "{labels:?}"
    );
}

#[test]
fn rule_17_0_and_12_4_the_summaries_say_what_the_referee_does() {
    let rules = &goeben_referee::ground::rule_summaries::summaries().rules;
    // 17.0: accomplished before the last turn, the referee asks whether to end or play on (17.0 note).
    let winning = &rules["17.0"].summary;
    assert!(!winning.contains("at once"), "{winning}");
    assert!(winning.contains("play on"), "{winning}");
    // 13.2: friendly ports never pick (the referee's default reading).
    assert!(rules["13.2"]
        .summary
        .contains("friendly ports and bases make no picks"));
    // 12.4: the marker caps the printed ranges (the referee's default reading).
    let engines = &rules["12.4"].summary;
    assert!(
        engines.contains("caps") && !engines.contains("lowers each speed band"),
        "{engines}"
    );
}
