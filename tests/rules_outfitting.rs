//! 7.0 Outfitting (7.1 arming, 7.3 coaling, 7.4 colliers), 8.0 cargo and 10.0 repairs, with scripted dice.

use crate::rules_support;

use goeben_referee::ground::event::Event;
use goeben_referee::ground::state::{Pending, SpaceRef};
use goeben_referee::{RulesPack, Session};
use rules_support::{dice_rolled, place, sea, Table};

/// A new game still in setup (the collier not yet placed: 3.0 step 7 comes first).
fn in_setup() -> Table {
    let mut t = Table {
        session: Session::new(RulesPack::standard(), 3),
    };
    t.ok(r#"{"action":"new_game","seed":3,"options":{"orders":"ottoman_alliance"}}"#);
    t
}

fn load(t: &mut Table, ship: &str, item: &str) -> Vec<Event> {
    t.ok(&format!(
        r#"{{"action":"load_cargo","ship":"{ship}","item":"{item}"}}"#
    ))
}

/// Turn 1's Outfitting phase with both ships moved (by the test) to `space`.
fn outfitting_at(space: &str) -> Table {
    let mut t = Table::new(3, "ottoman_alliance");
    assert_eq!(t.phase(), "outfitting");
    let here: SpaceRef = serde_json::from_str(space).unwrap();
    for s in t.game_mut().ships.iter_mut() {
        s.position = here.clone();
    }
    t
}

fn tracks(t: &Table, ship: &str) -> goeben_referee::ground::pack::Tracks {
    t.game().ship(ship).unwrap().tracks
}

#[test]
fn rule_8_1_initial_cargo_costs_points_up_to_twice_the_leadership_one_item_per_hull_box() {
    let mut t = in_setup();
    // Goeben: leadership 4 → 8 points. Targeting Calculator 3 + Reserve Crew 2 + Wireless 1 + Damage Control 2 = 8.
    for item in [
        "targeting_calculator",
        "reserve_crew",
        "wireless",
        "damage_control",
    ] {
        load(&mut t, "goeben", item);
    }
    let (code, msg) = t.refused(r#"{"action":"load_cargo","ship":"goeben","item":"torpedo_nets"}"#);
    assert_eq!(code, "illegal");
    assert!(msg.contains("cargo points"), "{msg}");
    // Breslau (hull 4): four one-box items at most.
    for item in [
        "wireless",
        "torpedo_nets",
        "searchlights",
        "extra_torpedoes",
    ] {
        load(&mut t, "breslau", item);
    }
    t.ok(r#"{"action":"dump_cargo","ship":"breslau","item":"extra_torpedoes"}"#);
    let breslau = t.ship_view("breslau");
    assert_eq!(breslau.cargo.len(), 3);
    assert_eq!(breslau.cargo_points, 8 - 3);
    // 8.3: only two Wireless counters exist, both in play now.
    t.ok(r#"{"action":"dump_cargo","ship":"goeben","item":"damage_control"}"#);
    let (code, msg) = t.refused(r#"{"action":"load_cargo","ship":"goeben","item":"wireless"}"#);
    assert_eq!(code, "illegal");
    assert!(msg.contains("8.3"), "{msg}");
    // The seaplane belongs to optional rule 21.0, not chosen.
    let (code, _) = t.refused(r#"{"action":"load_cargo","ship":"goeben","item":"seaplane"}"#);
    assert_eq!(code, "illegal");
    // Placing the collier ends the setup (3.0 step 9); no more buying at sea.
    t.ok(
        r#"{"action":"place_collier","to":{"kind":"high_seas","zone":"western_med","label":"c"}}"#,
    );
    let (code, _) = t.refused(r#"{"action":"load_cargo","ship":"goeben","item":"camera_crew"}"#);
    assert_eq!(code, "illegal");
}

#[test]
fn rule_8_4_hull_boxes_lost_take_the_cargo_stowed_in_them() {
    let mut t = in_setup();
    for item in ["wireless", "torpedo_nets", "searchlights"] {
        load(&mut t, "breslau", item);
    }
    t.ok(
        r#"{"action":"place_collier","to":{"kind":"high_seas","zone":"western_med","label":"c"}}"#,
    );
    let events = t.ok(r#"{"action":"correct","correction":{"kind":"ship_track","ship":"breslau","track":"hull","value":2}}"#);
    let cargo = &t.game().ship("breslau").unwrap().cargo;
    assert_eq!(
        cargo,
        &["wireless".to_string(), "torpedo_nets".to_string()],
        "the last stowed is lost first"
    );
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::CargoChanged { rule, aboard: false, .. } if rule == "8.4")));
}

#[test]
fn rule_7_1_arming_at_a_friendly_naval_base_rolls_the_chart_dice_and_the_player_shares_them() {
    let mut t = outfitting_at(&place("pola"));
    for s in t.game_mut().ships.iter_mut() {
        s.tracks.ammunition = 1;
        s.tracks.torpedoes = 0;
    }
    t.script(&[3, 4, 5]);
    let events = t.ok(&format!(
        r#"{{"action":"resupply","space":{},"supply":"ammunition"}}"#,
        place("pola")
    ));
    assert_eq!(
        dice_rolled(&events),
        vec![vec![3, 4, 5]],
        "friendly naval base: 3 dice (Terrain Effects Chart)"
    );
    assert!(matches!(
        t.game().pending.first(),
        Some(Pending::Distribute { points: 12, .. })
    ));
    let (code, msg) =
        t.refused(r#"{"action":"distribute","shares":[{"ship":"goeben","ammunition":6}]}"#);
    assert_eq!(code, "illegal", "Goeben's track holds 6: room for 5");
    assert!(msg.contains("room for 5"), "{msg}");
    let (code, _) = t.refused(r#"{"action":"distribute","shares":[{"ship":"goeben","coal":1}]}"#);
    assert_eq!(code, "illegal", "ammunition points are not coal");
    t.ok(r#"{"action":"distribute","shares":[{"ship":"goeben","ammunition":5,"torpedoes":2},{"ship":"breslau","ammunition":5}]}"#);
    assert_eq!(
        (
            tracks(&t, "goeben").ammunition,
            tracks(&t, "goeben").torpedoes,
            tracks(&t, "breslau").ammunition
        ),
        (6, 2, 6)
    );
    assert_eq!(
        t.game().turn_state.outfitted.len(),
        2,
        "7.0: both outfit and will not move"
    );
    let (code, _) = t.refused(&format!(
        r#"{{"action":"resupply","space":{},"supply":"ammunition"}}"#,
        place("pola")
    ));
    assert_eq!(code, "illegal", "one roll per port and phase");
}

#[test]
fn rule_7_3_coaling_in_a_neutral_port_and_no_arming_there() {
    let mut t = outfitting_at(&place("messina"));
    t.game_mut().ship_mut("goeben").unwrap().tracks.coal = 1;
    let (code, msg) = t.refused(&format!(
        r#"{{"action":"resupply","space":{},"supply":"ammunition"}}"#,
        place("messina")
    ));
    assert_eq!(code, "illegal");
    assert!(msg.contains("7.1"), "{msg}");
    t.script(&[5]);
    t.ok(&format!(
        r#"{{"action":"resupply","space":{},"supply":"coal"}}"#,
        place("messina")
    ));
    t.ok(r#"{"action":"distribute","shares":[{"ship":"goeben","coal":3}]}"#);
    assert_eq!(tracks(&t, "goeben").coal, 4);
    assert_eq!(
        t.game().turn_state.outfitted,
        vec!["goeben".to_string()],
        "Breslau got nothing and may move"
    );
}

#[test]
fn rule_7_4_a_collier_gives_2d6_coal_to_ships_in_its_space_and_leaves_the_map() {
    let mut t = outfitting_at(&sea("western_med"));
    let collier = t.game().colliers[0].clone();
    for s in t.game_mut().ships.iter_mut() {
        s.position = collier.position.clone();
        s.tracks.coal = 0;
    }
    t.script(&[6, 2]);
    t.ok(&format!(
        r#"{{"action":"use_collier","collier":{}}}"#,
        collier.id
    ));
    assert!(matches!(
        t.game().pending.first(),
        Some(Pending::Distribute { points: 8, .. })
    ));
    t.ok(r#"{"action":"distribute","shares":[{"ship":"goeben","coal":4},{"ship":"breslau","coal":4}]}"#);
    assert_eq!(
        (tracks(&t, "goeben").coal, tracks(&t, "breslau").coal),
        (4, 4)
    );
    assert_eq!(
        t.game().colliers.len(),
        1,
        "still there until the phase ends"
    );
    t.end_phase();
    assert!(
        t.game().colliers.is_empty(),
        "7.4: removed at the end of the phase"
    );
}

#[test]
fn rule_10_1_repair_dice_are_assigned_before_rolling_and_never_restore_beyond_the_start() {
    let mut t = outfitting_at(&place("pola"));
    {
        let g = t.game_mut().ship_mut("goeben").unwrap();
        g.tracks.hull = 10;
        g.tracks.engines = 5;
        g.cargo.push("damage_control".into());
    }
    let (code, msg) = t.refused(r#"{"action":"repair","ship":"goeben","hull":2,"engines":1,"primary":0,"secondary":0,"tertiary":0}"#);
    assert_eq!(
        code, "illegal",
        "leadership 4 + Damage Control 2 = 6 dice to assign"
    );
    assert!(msg.contains("6 repair dice"), "{msg}");
    // Friendly naval base: 4+ repairs. Hull dice 4, 1, 6, 5 → 3 successes but only 2 boxes lost.
    t.script(&[4, 1, 6, 5, 3, 4]);
    let events = t.ok(r#"{"action":"repair","ship":"goeben","hull":4,"engines":2,"primary":0,"secondary":0,"tertiary":0}"#);
    assert_eq!(dice_rolled(&events), vec![vec![4, 1, 6, 5], vec![3, 4]]);
    assert_eq!(
        (tracks(&t, "goeben").hull, tracks(&t, "goeben").engines),
        (12, 6),
        "never above the starting values"
    );
    let (code, _) = t.refused(r#"{"action":"repair","ship":"goeben","hull":6,"engines":0,"primary":0,"secondary":0,"tertiary":0}"#);
    assert_eq!(code, "illegal", "once per phase");
    let (code, _) = t.refused(r#"{"action":"repair","ship":"breslau","hull":4,"engines":0,"primary":0,"secondary":0,"tertiary":0}"#);
    assert_eq!(code, "illegal", "nothing to repair");
    // At sea a 6 is needed.
    let mut u = outfitting_at(&sea("aegean"));
    u.game_mut().ship_mut("breslau").unwrap().tracks.hull = 2;
    u.script(&[5, 5, 6, 5]);
    u.ok(r#"{"action":"repair","ship":"breslau","hull":4,"engines":0,"primary":0,"secondary":0,"tertiary":0}"#);
    assert_eq!(tracks(&u, "breslau").hull, 3);
}

/// 10.1 with the repair control (− and + per attribute): every split of the ship's dice over its damaged attributes is on
/// offer (so − and + can reach any of them), ready-made ones first, each once, never a die on an undamaged one.
#[test]
fn rule_10_1_every_split_of_the_repair_dice_over_the_damaged_tracks_is_offered() {
    let mut t = outfitting_at(&place("pola"));
    {
        let g = t.game_mut().ship_mut("goeben").unwrap();
        g.tracks.hull = 10;
        g.tracks.engines = 5;
        g.tracks.primary -= 1;
    }
    let offered: Vec<[u8; 5]> = t
        .session
        .view()
        .legal_actions()
        .iter()
        .filter_map(|a| match a {
            &goeben_referee::Action::Repair {
                ref ship,
                hull,
                engines,
                primary,
                secondary,
                tertiary,
            } if ship == "goeben" => Some([hull, engines, primary, secondary, tertiary]),
            _ => None,
        })
        .collect();
    // Leadership 4 dice over 3 damaged tracks: C(4 + 2, 2) = 15 splits.
    assert_eq!(offered.len(), 15, "{offered:?}");
    assert!(offered
        .iter()
        .all(|a| a.iter().map(|n| *n as u32).sum::<u32>() == 4 && a[3] == 0 && a[4] == 0));
    let unique: std::collections::BTreeSet<_> = offered.iter().collect();
    assert_eq!(unique.len(), offered.len(), "each split once");
    assert_eq!(
        &offered[..3],
        &[[4, 0, 0, 0, 0], [0, 4, 0, 0, 0], [0, 0, 4, 0, 0]],
        "the ready-made ones first"
    );
    assert!(
        offered.contains(&[1, 2, 1, 0, 0]),
        "an uneven split the player sets with − and +"
    );
    // Any offered split is accepted.
    t.script(&[6, 6, 6, 6]);
    t.ok(r#"{"action":"repair","ship":"goeben","hull":1,"engines":2,"primary":1,"secondary":0,"tertiary":0}"#);
}

#[test]
fn rule_8_3_8_5_8_6_crew_lands_only_in_port_naval_bases_sell_cargo_and_ships_trade_it() {
    let mut t = outfitting_at(&sea("aegean"));
    t.game_mut().ship_mut("goeben").unwrap().cargo = vec!["reserve_crew".into(), "wireless".into()];
    let (code, msg) = t.refused(r#"{"action":"dump_cargo","ship":"goeben","item":"reserve_crew"}"#);
    assert_eq!(code, "illegal", "{msg}");
    t.ok(r#"{"action":"dump_cargo","ship":"goeben","item":"wireless"}"#);
    let (code, _) = t.refused(r#"{"action":"load_cargo","ship":"goeben","item":"wireless"}"#);
    assert_eq!(code, "illegal", "8.5: buying only at a friendly naval base");
    t.ok(r#"{"action":"transfer_cargo","from":"goeben","to":"breslau","item":"reserve_crew"}"#);
    assert_eq!(
        t.game().ship("breslau").unwrap().cargo,
        vec!["reserve_crew".to_string()]
    );

    let mut u = outfitting_at(&place("pola"));
    // 8.5: Goeben's leadership (4) in points this phase: a calculator (3) and a wireless (1), no more.
    u.ok(r#"{"action":"load_cargo","ship":"goeben","item":"targeting_calculator"}"#);
    u.ok(r#"{"action":"load_cargo","ship":"goeben","item":"wireless"}"#);
    let (code, _) = u.refused(r#"{"action":"load_cargo","ship":"goeben","item":"torpedo_nets"}"#);
    assert_eq!(code, "illegal");
    assert!(
        u.game()
            .turn_state
            .outfitted
            .contains(&"goeben".to_string()),
        "7.0: buying cargo is outfitting"
    );
}

/// A ship's crew & gear list in the view (`ShipView::buys`): item id and, when refused, (words, rule).
fn buys(t: &Table, ship: &str) -> Vec<(String, Option<(String, String)>)> {
    t.ship_view(ship)
        .buys
        .into_iter()
        .map(|b| (b.item, b.refused.map(|r| (r.label, r.rule))))
        .collect()
}

fn refused(t: &Table, ship: &str, item: &str) -> Option<(String, String)> {
    buys(t, ship)
        .into_iter()
        .find(|(i, _)| i == item)
        .expect("on the list")
        .1
}

#[test]
fn rule_8_1_8_2_8_3_a_ships_buys_keep_every_item_it_could_carry_and_say_why_one_is_refused() {
    let mut t = in_setup();
    // 8.1: the Crew and Gear chart's order, every item buyable at first; the seaplane (21.0) and the
    // mines (23.0, a light cruiser's) belong to optional rules not chosen, so they are not on the list.
    let chart: Vec<String> = t
        .session
        .pack()
        .charts
        .crew_and_gear
        .items
        .iter()
        .map(|i| i.id.clone())
        .collect();
    let listed: Vec<String> = buys(&t, "goeben").into_iter().map(|(i, _)| i).collect();
    assert_eq!(
        listed,
        chart
            .iter()
            .filter(|i| *i != "seaplane" && *i != "mines")
            .cloned()
            .collect::<Vec<_>>()
    );
    assert!(buys(&t, "goeben").iter().all(|(_, r)| r.is_none()));
    // 8.1: 8 points; after 7 spent, a 2-point item is refused for its points, a 1-point one is still bought.
    for item in ["targeting_calculator", "damage_control", "seebataillon"] {
        load(&mut t, "goeben", item);
    }
    assert_eq!(
        refused(&t, "goeben", "reserve_crew"),
        Some((
            "buy Reserve Crew Gunners · 2 points (1 short)".into(),
            "8.1".into()
        ))
    );
    assert_eq!(refused(&t, "goeben", "camera_crew"), None);
    // The list keeps its length and order as items are refused.
    assert_eq!(buys(&t, "goeben").len(), listed.len());
    // 8.3: both Wireless counters in play — refused to Breslau, which has the points and the room.
    load(&mut t, "goeben", "wireless");
    load(&mut t, "breslau", "wireless");
    load(&mut t, "breslau", "camera_crew");
    assert_eq!(
        refused(&t, "breslau", "wireless"),
        Some(("buy Wireless · 1 point (all in play)".into(), "8.3".into()))
    );
    // 8.2: one item per hull box — with its two boxes full, Breslau's cheapest item is refused for room.
    t.game_mut().ship_mut("breslau").unwrap().tracks.hull = 2;
    assert_eq!(
        refused(&t, "breslau", "torpedo_nets"),
        Some((
            "buy Torpedo Nets · 1 point (hull full)".into(),
            "8.2".into()
        ))
    );
    // 21.0: one seaplane per battlecruiser (chosen now; Goeben with its points back and one aboard).
    t.game_mut().options.seaplanes = true;
    t.game_mut().ship_mut("goeben").unwrap().cargo = vec!["seaplane".into()];
    assert_eq!(
        refused(&t, "goeben", "seaplane"),
        Some(("buy Seaplane · 3 points (one aboard)".into(), "21.0".into()))
    );
    assert!(
        buys(&t, "breslau").iter().all(|(i, _)| i != "seaplane"),
        "21.0: a battlecruiser's only"
    );
    // A ship sunk buys nothing: no list at all, not a list of refusals.
    t.game_mut().ship_mut("breslau").unwrap().status =
        goeben_referee::ground::state::ShipStatus::Sunk;
    assert!(buys(&t, "breslau").is_empty());
    // 3.0 step 9: the collier placed, the setup is over and nothing is on the list at sea.
    t.ok(
        r#"{"action":"place_collier","to":{"kind":"high_seas","zone":"western_med","label":"c"}}"#,
    );
    assert!(buys(&t, "goeben").is_empty());
}

#[test]
fn rule_8_5_buys_at_a_friendly_naval_base_only_refused_for_this_phases_points() {
    let at_sea = outfitting_at(&sea("aegean"));
    assert!(
        buys(&at_sea, "goeben").is_empty(),
        "8.5: nothing to buy away from a friendly naval base"
    );
    let mut u = outfitting_at(&place("pola"));
    u.ok(r#"{"action":"load_cargo","ship":"goeben","item":"targeting_calculator"}"#);
    assert_eq!(
        refused(&u, "goeben", "damage_control"),
        Some((
            "buy Damage Control · 2 points (1 short)".into(),
            "8.5".into()
        ))
    );
}

/// Over random games with every option mixed in: an item is on a ship's list unrefused exactly when its
/// `load_cargo` is among the decisions (8.1, 8.5), so a greyed button never hides a legal buy.
#[test]
fn rule_8_1_8_5_over_random_games_the_buys_refuse_exactly_what_the_rules_refuse() {
    use goeben_referee::ground::action::Action;
    let mut refused_seen = 0;
    for seed in 0..24u64 {
        let mut s = Session::new(RulesPack::standard(), seed);
        s.respond(goeben_referee::SessionRequest::NewGame {
            seed: Some(seed),
            options: Some(rules_support::mixed_options(seed)),
        });
        let mut pick = rules_support::Chooser(seed | 1);
        for _ in 0..300 {
            let view = s.view();
            if view.decisions.is_empty() {
                break;
            }
            for ship in &view.game.as_ref().unwrap().ships {
                let mut legal: Vec<&str> = view
                    .decisions
                    .iter()
                    .filter_map(|d| match &d.action {
                        Action::LoadCargo { ship: id, item } if *id == ship.id => {
                            Some(item.as_str())
                        }
                        _ => None,
                    })
                    .collect();
                let mut open: Vec<&str> = ship
                    .buys
                    .iter()
                    .filter(|b| b.refused.is_none())
                    .map(|b| b.item.as_str())
                    .collect();
                legal.sort();
                open.sort();
                assert_eq!(open, legal, "seed {seed}, {}", ship.id);
                refused_seen += ship.buys.iter().filter(|b| b.refused.is_some()).count();
            }
            let n = view.decisions.len();
            s.respond(view.decisions[pick.next() as usize % n].action.clone());
        }
    }
    assert!(refused_seen > 0, "the random games met refused items");
}
