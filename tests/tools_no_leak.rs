//! Tools invariant (src/tools/mod.rs): no response given to a player shows the value or salt of a chit the
//! other player holds face down. Checked over random sequences of table-tool actions (proptest chooses
//! the seed, who acts and what they do) by searching the JSON of every response, and of both players'
//! views after every step, for the other player's secret salts and for any value or salt field in an
//! object that names one of the other player's secret chits.
//!
//! The same sequences include seed 002 Fleet Chart actions: a player's ship names reach the other player
//! only once their box has been revealed, and the other player's view of a chart shows exactly the boxes
//! revealed now, with their present ships.

use std::collections::BTreeSet;

use goeben_referee::tools::events::EventTable;
use goeben_referee::tools::fleets::{BoxView, D10Procedure, FleetSide};
use goeben_referee::tools::sdr::{ChitState, Player};
use goeben_referee::tools::{ToolAction, ToolResponse, ToolSession};
use proptest::prelude::*;
use serde_json::Value;

/// The other player's chits still face down: (id, value, salt).
fn secrets_of(session: &ToolSession, owner: Player) -> Vec<(u32, u8, String)> {
    session.chits().iter().filter(|c| c.owner == owner && c.state == ChitState::Secret).map(|c| (c.id, c.value, c.salt.clone())).collect()
}

/// Whether a JSON object anywhere in `value` names chit `id` and also carries a `value` or `salt` field.
fn shows_face_of(value: &Value, id: u32) -> bool {
    match value {
        Value::Object(map) => {
            let names_it = map.get("chit").and_then(Value::as_u64) == Some(id as u64);
            let text = value.to_string();
            (names_it && (text.contains("\"value\"") || text.contains("\"salt\""))) || map.values().any(|v| shows_face_of(v, id))
        }
        Value::Array(items) => items.iter().any(|v| shows_face_of(v, id)),
        _ => false,
    }
}

fn assert_no_leak(session: &ToolSession, viewer: Player, response: &ToolResponse, step: usize) {
    let json = serde_json::to_value(response).unwrap();
    let text = json.to_string();
    assert!(!text.contains("\"rng\"") && !text.contains("\"seed\""), "step {step}: RNG state in a response");
    for (id, value, salt) in secrets_of(session, viewer.opponent()) {
        assert!(!text.contains(&salt), "step {step}: the salt of the other player's secret chit #{id} reaches {viewer:?}");
        assert!(!shows_face_of(&json, id), "step {step}: the face ({value}) of the other player's secret chit #{id} reaches {viewer:?}: {text}");
    }
}

/// The viewer's own secret chits do show their values to their owner (the filter is not simply blanket).
fn assert_own_values_shown(session: &ToolSession, viewer: Player) {
    let ToolResponse::View(view) = session.clone().respond(ToolAction::View { player: viewer }) else { panic!("a view") };
    for (id, value, _) in secrets_of(session, viewer) {
        let shown = view.chits.iter().find(|c| c.chit == id).expect("every chit is listed");
        assert_eq!(serde_json::to_value(&shown.face).unwrap(), serde_json::json!({"shown": "own", "value": value}));
    }
}

/// Each player's ship names: disjoint, and never part of any other text the tools write.
fn ships_of(player: Player) -> [&'static str; 5] {
    match player {
        Player::A => ["Scharnhorst", "Gneisenau", "Leipzig", "Dresden", "Emden"],
        Player::B => ["Minotaur", "Hampshire", "Yarmouth", "Ibuki", "Montcalm"],
    }
}

/// Ship names of `owner` that the other player has earned: those of boxes revealed (now or before).
#[derive(Default)]
struct Earned {
    ships: [BTreeSet<String>; 2],
}

impl Earned {
    fn note(&mut self, session: &ToolSession) {
        for owner in [Player::A, Player::B] {
            let Some(chart) = session.fleet_chart(owner) else { continue };
            for n in 1..=chart.side.boxes() {
                if chart.is_revealed(n) {
                    self.ships[owner as usize].extend(chart.ships_in(n));
                }
            }
        }
    }
}

/// The viewer sees no ship name of the other player that was never revealed, and sees the other
/// player's chart exactly as revealed now.
fn assert_no_fleet_leak(session: &ToolSession, viewer: Player, earned: &Earned, text: &str, step: usize) {
    let owner = viewer.opponent();
    for ship in ships_of(owner) {
        if !earned.ships[owner as usize].contains(ship) {
            assert!(!text.contains(ship), "step {step}: {viewer:?} sees {ship}, never revealed: {text}");
        }
    }
    let ToolResponse::View(view) = session.clone().respond(ToolAction::View { player: viewer }) else { panic!("a view") };
    let (Some(chart), Some(seen)) = (session.fleet_chart(owner), view.opponent_fleet_chart) else { return };
    for shown in seen.boxes {
        match shown {
            BoxView::Known { fleet_box, ships } => {
                assert!(chart.is_revealed(fleet_box), "step {step}: box {fleet_box} shown unrevealed");
                assert_eq!(ships, chart.ships_in(fleet_box), "step {step}: box {fleet_box} shown with other ships");
            }
            BoxView::Unknown { fleet_box } => assert!(!chart.is_revealed(fleet_box), "step {step}: revealed box {fleet_box} hidden"),
        }
    }
}

fn fleet_action(kind: u8, player: Player, pick: u8) -> ToolAction {
    let ship = ships_of(player)[pick as usize % 5].to_string();
    // Box numbers 0..=13 include ones no chart has.
    let fleet_box = pick % 14;
    let procedures = [D10Procedure::Bombardment, D10Procedure::CoalingRaid, D10Procedure::LocateAtSea, D10Procedure::Occupation];
    match kind {
        8 => ToolAction::OpenFleetChart { player, side: if pick.is_multiple_of(2) { FleetSide::German } else { FleetSide::Allied } },
        9 | 10 => ToolAction::AssignShip { player, ship, fleet_box: fleet_box % 5 + 1 },
        11 => ToolAction::TransferShip { player, ship, from: fleet_box % 5 + 1, to: (pick / 14) % 5 + 1 },
        12 => ToolAction::RevealFleetBox { player, fleet_box: fleet_box % 6 },
        13 => ToolAction::RollD10 { player, procedure: procedures[pick as usize % 4], fleet_box: (pick % 3 > 0).then_some(fleet_box % 6) },
        14 => ToolAction::SetFleetMarker { player, fleet_box, on_map: pick % 2 == 0 },
        _ => ToolAction::RemoveShip { player, ship, fleet_box: fleet_box % 5 + 1 },
    }
}

fn action_for(session: &ToolSession, kind: u8, player: Player, pick: u8) -> ToolAction {
    let chits = session.chits();
    // Chit numbers include ones that do not exist or belong to the other player, to exercise refusals.
    let chit = pick as u32 % (chits.len() as u32 + 2);
    if kind % 16 >= 8 {
        return fleet_action(kind % 16, player, pick);
    }
    match kind % 8 {
        0 | 1 => ToolAction::DrawSdr { player, label: format!("draw {pick}") },
        2 | 3 => ToolAction::RevealSdr { player, chit },
        4 => ToolAction::ReturnSdr { player, chit },
        5 => ToolAction::RollEvent { player, table: if pick.is_multiple_of(2) { EventTable::Tactical } else { EventTable::Strategic } },
        6 => {
            // Try the other player's commitment with a guessed value and a made-up salt.
            let commitment = chits.get(chit as usize).map(|c| c.commitment.clone()).unwrap_or_default();
            ToolAction::VerifySdr { commitment, value: pick % 6 + 1, salt: "00".repeat(16) }
        }
        _ => ToolAction::View { player },
    }
}

fn play(seed: u64, steps: &[(u8, bool, u8)]) {
    let mut session = ToolSession::new(seed);
    let mut earned = Earned::default();
    for (step, &(kind, b, pick)) in steps.iter().enumerate() {
        let player = if b { Player::B } else { Player::A };
        let action = action_for(&session, kind, player, pick);
        let response = session.respond(action);
        earned.note(&session);
        assert_no_leak(&session, player, &response, step);
        assert_no_fleet_leak(&session, player, &earned, &serde_json::to_string(&response).unwrap(), step);
        for viewer in [Player::A, Player::B] {
            let view = session.clone().respond(ToolAction::View { player: viewer });
            assert_no_leak(&session, viewer, &view, step);
            assert_no_fleet_leak(&session, viewer, &earned, &serde_json::to_string(&view).unwrap(), step);
            assert_own_values_shown(&session, viewer);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn no_response_shows_the_other_players_secret_chits(seed in any::<u64>(), steps in proptest::collection::vec((any::<u8>(), any::<bool>(), any::<u8>()), 1..120)) {
        play(seed, &steps);
    }
}

#[test]
fn a_full_bag_drawn_by_both_players_never_leaks() {
    // Deterministic companion to the property: all 48 chits drawn alternately, half revealed, the views
    // checked after each step; the bag then refuses.
    let steps: Vec<(u8, bool, u8)> = (0..48u8).map(|i| (0, i % 2 == 1, i)).chain((0..48u8).map(|i| (2, i % 2 == 1, i))).collect();
    play(77, &steps);
    let mut session = ToolSession::new(77);
    for i in 0..48 {
        session.respond(ToolAction::DrawSdr { player: if i % 2 == 0 { Player::A } else { Player::B }, label: String::new() });
    }
    assert!(matches!(session.respond(ToolAction::DrawSdr { player: Player::A, label: String::new() }), ToolResponse::Error { code: "bag_empty", .. }));
}

#[test]
fn the_leak_check_would_catch_a_leak() {
    // The checker itself is honest: the owner's own view of a secret chit carries its value, and the check
    // flags it when it is (wrongly) given to the other player.
    let mut session = ToolSession::new(5);
    let own = session.respond(ToolAction::DrawSdr { player: Player::A, label: String::new() });
    let json = serde_json::to_value(&own).unwrap();
    assert!(shows_face_of(&json, 1));
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| assert_no_leak(&session, Player::B, &own, 0)));
    assert!(caught.is_err(), "player A's draw shown to player B must be flagged");
}

#[test]
fn the_fleet_leak_check_would_catch_a_leak() {
    // A's own chart names Emden; shown to B before any reveal, the check flags it.
    let mut session = ToolSession::new(6);
    session.respond(ToolAction::OpenFleetChart { player: Player::A, side: FleetSide::German });
    let own = session.respond(ToolAction::AssignShip { player: Player::A, ship: "Emden".into(), fleet_box: 2 });
    let text = serde_json::to_string(&own).unwrap();
    let earned = Earned::default();
    let caught = std::panic::catch_unwind(|| assert_no_fleet_leak(&session, Player::B, &earned, &text, 0));
    assert!(caught.is_err(), "player A's chart shown to player B must be flagged");
}
