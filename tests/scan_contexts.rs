//! What a scan does in context: a token runs its space's incident step, a cargo chit offers its
//! purchase, an Allied ship in a battle offers it as a target, a counter placed is checked against the
//! counters revealed this turn (without telling where a face-down one is), and the setup inventory lists
//! every printed piece.

use crate::rules_support;

use goeben_referee::api::protocol;
use goeben_referee::api::request::SessionRequest;

use goeben_referee::api::codes::{self, Piece};
use goeben_referee::ground::pack::IncidentKind;
use goeben_referee::ground::state::{CounterId, Location};
use goeben_referee::{Action, RulesPack, Session};
use rules_support::{place, sea, Table};

fn code(piece: Piece) -> String {
    codes::code_of(&RulesPack::standard(), &piece).expect("a code")
}

fn scan(t: &mut Table, piece: Piece) -> goeben_referee::api::codes::ScanInfo {
    let r = goeben_referee::api::protocol::handle_line(
        &mut t.session,
        &format!(r#"{{"action":"scan","code":"{}"}}"#, code(piece)),
    );
    assert!(r.ok, "{:?}", r.error);
    r.scan().expect("a scan answer")
}

#[test]
fn a_patrol_zone_token_in_the_incident_phase_offers_that_zone_s_incident_step() {
    let mut t = Table::new(12, "suez_canal");
    t.sail_all(&place("malta_pz"));
    let s = scan(
        &mut t,
        Piece::Placeholder {
            place: "malta_pz".into(),
        },
    );
    assert!(
        matches!(s.actions.as_slice(), [Action::ResolveIncidents { space }] if space.place_id() == Some("malta_pz")),
        "{:?}",
        s.actions
    );
    let other = scan(
        &mut t,
        Piece::Placeholder {
            place: "toulon_pz".into(),
        },
    );
    assert!(other.actions.is_empty(), "no German ship there");
}

#[test]
fn a_cargo_chit_during_setup_offers_it_to_each_ship_that_can_take_it() {
    let mut t = Table {
        session: Session::new(RulesPack::standard(), 13),
    };
    t.ok(r#"{"action":"new_game","seed":13,"options":{"orders":"suez_canal"}}"#);
    let s = scan(
        &mut t,
        Piece::Cargo {
            item: "wireless".into(),
            number: 1,
        },
    );
    let ships: Vec<&str> = s
        .actions
        .iter()
        .filter_map(|a| match a {
            Action::LoadCargo { ship, .. } => Some(ship.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(ships, ["goeben", "breslau"]);
    let seaplane = scan(
        &mut t,
        Piece::Cargo {
            item: "seaplane".into(),
            number: 1,
        },
    );
    assert!(seaplane.actions.is_empty(), "21.0 is not in this game");
}

#[test]
fn an_allied_ship_in_a_battle_is_offered_as_the_target_and_placements_are_checked() {
    let mut t = Table::new(14, "suez_canal");
    t.sail_all(&sea("western_med"));
    t.pool_only(&[IncidentKind::QuietSeas]);
    t.ok(&format!(
        r#"{{"action":"resolve_incidents","space":{}}}"#,
        sea("western_med")
    ));
    let pack = RulesPack::standard();
    let dublin = CounterId(pack.counter_index("gb_cl_dublin").unwrap() as u16);
    let here = serde_json::from_str(&sea("western_med")).unwrap();
    t.game_mut()
        .move_counter(dublin, Location::OnMap { space: here });
    t.set_alert(1);
    t.end_phase();
    t.script(&[6]);
    t.ok(&format!(r#"{{"action":"contact","space":{},"leader":"goeben","speed_ship":"breslau","maximum_speed":false}}"#, sea("western_med")));
    t.ok(&format!(
        r#"{{"action":"fight","space":{}}}"#,
        sea("western_med")
    ));
    let s = scan(
        &mut t,
        Piece::Counter {
            id: "gb_cl_dublin".into(),
        },
    );
    assert!(s
        .actions
        .iter()
        .all(|a| matches!(a, Action::FireOrders { target: Some(x), .. } if x == "gb_cl_dublin")));
    assert_eq!(s.actions.len(), 2, "fire or maximum fire at it");
    // Dublin was put on the map by the test, not revealed by the referee: the check says so.
    assert!(!s.placement.unwrap().revealed_this_turn);
    // Two face-down counters read exactly alike: the check tells nothing of where they are.
    let a = scan(
        &mut t,
        Piece::Counter {
            id: "gb_bc_inflexible".into(),
        },
    );
    let b = scan(
        &mut t,
        Piece::Counter {
            id: "fr_ca_2".into(),
        },
    );
    let face_down = |s: &goeben_referee::api::codes::ScanInfo| {
        t.game()
            .counter(CounterId(
                pack.counter_index(&match &s.piece {
                    Piece::Counter { id } => id.clone(),
                    _ => unreachable!(),
                })
                .unwrap() as u16,
            ))
            .location
            .is_face_down()
    };
    if face_down(&a) && face_down(&b) {
        assert_eq!(a.placement, b.placement);
        assert_eq!(a.status, b.status);
    }
}

#[test]
fn a_counter_revealed_this_turn_is_confirmed_when_scanned() {
    let mut t = Table::new(15, "suez_canal");
    t.sail_all(&place("adriatic_pz"));
    let events = t.ok(&format!(
        r#"{{"action":"resolve_incidents","space":{}}}"#,
        place("adriatic_pz")
    ));
    let revealed = events.iter().find_map(|e| match e {
        goeben_referee::ground::event::Event::CounterRevealed { counter, .. } => {
            Some(counter.id.clone())
        }
        _ => None,
    });
    let Some(id) = revealed else {
        panic!("the Adriatic stack is revealed")
    };
    let s = scan(&mut t, Piece::Counter { id });
    let p = s.placement.expect("a placement check");
    assert!(p.revealed_this_turn, "{}", p.message);
}

#[test]
fn the_inventory_lists_every_printed_piece_once() {
    let mut s = Session::new(RulesPack::standard(), 1);
    let r = s.respond(SessionRequest::ListPieces);
    let pieces = r.pieces().expect("pieces");
    assert_eq!(pieces.len(), codes::all(&RulesPack::standard()).len());
    let unique: std::collections::BTreeSet<&str> = pieces.iter().map(|p| p.code.as_str()).collect();
    assert_eq!(unique.len(), pieces.len());
    assert!(
        pieces.iter().any(|p| p.group == "placeholders")
            && pieces.iter().any(|p| p.group == "cargo")
    );
}

#[test]
fn rule_3_0_each_orders_marker_in_the_inventory_names_the_orders_a_new_game_can_start_under() {
    let pack = RulesPack::standard();
    let mut s = Session::new(pack.clone(), 1);
    let r = s.respond(SessionRequest::ListPieces);
    let pieces = r.pieces().expect("pieces");
    // 3.0 step 5: one marker per Orders of the chart, each naming its Orders; no other piece names one.
    let named: Vec<&str> = pieces
        .iter()
        .filter_map(|p| p.orders.as_ref().map(|o| o.id.as_str()))
        .collect();
    let mut chart: Vec<&str> = pack.orders.iter().map(|o| o.id.as_str()).collect();
    let mut markers = named.clone();
    markers.sort_unstable();
    chart.sort_unstable();
    assert_eq!(markers, chart);
    assert!(pieces
        .iter()
        .all(|p| p.orders.is_none() || p.group == "orders"));
    // The id is what `new_game` takes: the game starts under those Orders, by the name the marker gives.
    for marker in pieces.iter().filter(|p| p.orders.is_some()) {
        let choice = marker.orders.as_ref().unwrap();
        let id = &choice.id;
        let mut game = Session::new(pack.clone(), 1);
        let started = protocol::handle_line(
            &mut game,
            &format!(r#"{{"action":"new_game","seed":7,"options":{{"orders":"{id}"}}}}"#),
        );
        assert!(started.ok, "{id}: {:?}", started.error);
        let orders = &started.view.game.as_ref().expect("a game").orders;
        assert_eq!((&orders.id, &orders.name), (id, &choice.name));
    }
}
