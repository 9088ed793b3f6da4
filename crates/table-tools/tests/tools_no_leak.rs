//! Tools invariant (crates/table-tools/src/lib.rs): no response given to a player shows the value or
//! salt of a chit the other player holds face down. Checked over random sequences of table-tool actions
//! (proptest chooses the seed, who acts and what they do) by searching the JSON of every response, and
//! of both players' views after every step, for the other player's secret salts and for any value or
//! salt field in an object that names one of the other player's secret chits.
//!
//! The same sequences include seed 002 Fleet Chart actions: a player's ship names reach the other player
//! only once their box has been revealed, and the other player's view of a chart shows exactly the boxes
//! revealed now, with their present ships.
//!
//! And seed 001 search actions: a player's unit names reach the other player only as the rules make them
//! public (a day or odd-die spotting report, a port disclosure, a square found both ways, an admitted
//! choice), and a unit's recorded position never does. Each answer to a call is also checked against
//! the truth (an oracle over the session's secret positions).
//!
//! The shared screen's `table_view` (for no player) is checked after every step against the secrets of
//! BOTH players with the same oracles, and against what the two players' views have in common.
//!
//! In half the sessions both players have set a PIN for Peek; then every request acting as a player
//! mostly carries that player's PIN (now and then none or the other's, refused), no answer, view or
//! table view carries either PIN, its salt or its hash, and the views are asked for with the PINs. The
//! random requests are the table tools' `test_support`, shared with the table host's no-leak test.

use std::collections::BTreeSet;

use goeben_table_tools::fleets::{BoxView, FleetSide};
use goeben_table_tools::sdr::{ChitState, Player};
use goeben_table_tools::search::{Position, SearchAnswer, SearchLevel};
use goeben_table_tools::test_support::{action_for, pin_of, request_for, ships_of, units_of, PINS};
use goeben_table_tools::turn::TurnStep;
use goeben_table_tools::{ErrorCode, TableView, ToolAction, ToolResponse, ToolSession};
use proptest::prelude::*;
use serde_json::Value;

/// The other player's chits still face down: (id, value, salt).
fn secrets_of(session: &ToolSession, owner: Player) -> Vec<(u32, u8, String)> {
    session
        .chits()
        .iter()
        .filter(|c| c.owner == owner && c.state == ChitState::Secret)
        .map(|c| (c.id, c.value, c.salt.clone()))
        .collect()
}

/// Whether a JSON object anywhere in `value` names chit `id` and also carries a `value` or `salt` field.
fn shows_face_of(value: &Value, id: u32) -> bool {
    match value {
        Value::Object(map) => {
            let names_it = map.get("chit").and_then(Value::as_u64) == Some(id as u64);
            let text = value.to_string();
            (names_it && (text.contains("\"value\"") || text.contains("\"salt\"")))
                || map.values().any(|v| shows_face_of(v, id))
        }
        Value::Array(items) => items.iter().any(|v| shows_face_of(v, id)),
        _ => false,
    }
}

fn assert_no_leak(session: &ToolSession, viewer: Player, response: &ToolResponse, step: usize) {
    assert_no_chit_leak(
        session,
        viewer,
        &serde_json::to_value(response).unwrap(),
        step,
    );
}

/// No secret chit of `viewer`'s opponent shows in `json` (salt or face).
fn assert_no_chit_leak(session: &ToolSession, viewer: Player, json: &Value, step: usize) {
    let text = json.to_string();
    assert!(
        !text.contains("\"rng\"") && !text.contains("\"seed\""),
        "step {step}: RNG state in a response"
    );
    for (id, value, salt) in secrets_of(session, viewer.opponent()) {
        assert!(
            !text.contains(&salt),
            "step {step}: the salt of the other player's secret chit #{id} reaches {viewer:?}"
        );
        assert!(!shows_face_of(json, id), "step {step}: the face ({value}) of the other player's secret chit #{id} reaches {viewer:?}: {text}");
    }
    // No salt of a sealed Fleet Box the other player has not revealed (its commitment only).
    for (fleet_box, salt) in box_salts_of(session, viewer.opponent()) {
        assert!(!text.contains(&salt), "step {step}: the salt of the other player's unrevealed Fleet Box {fleet_box} reaches {viewer:?}");
    }
}

/// The salts of `owner`'s Fleet Boxes that are not revealed now.
fn box_salts_of(session: &ToolSession, owner: Player) -> Vec<(u8, String)> {
    let Some(chart) = session.fleet_chart(owner) else {
        return Vec::new();
    };
    (1..=chart.side.boxes())
        .filter(|n| !chart.is_revealed(*n))
        .map(|n| (n, chart.seal_of(n).expect("sealed").salt.clone()))
        .collect()
}

/// The viewer's own secret chits do show their values to their owner (the filter is not simply blanket).
fn assert_own_values_shown(session: &ToolSession, viewer: Player) {
    let ToolResponse::Peek(goeben_table_tools::peek::PeekAnswer::View(view)) =
        session.clone().respond_at(
            ToolAction::Peek(goeben_table_tools::peek::PeekAction::View {
                player: viewer,
                pin: pin_of(viewer),
            }),
            LATER,
        )
    else {
        panic!("a view")
    };
    for (id, value, _) in secrets_of(session, viewer) {
        let shown = view
            .sdr
            .chits
            .iter()
            .find(|c| c.chit == id)
            .expect("every chit is listed");
        assert_eq!(
            serde_json::to_value(&shown.face).unwrap(),
            serde_json::json!({"shown": "own", "value": value})
        );
    }
}

/// Ship names of `owner` that the other player has earned: those of boxes revealed (now or before); and
/// unit names the rules made public.
#[derive(Default)]
struct Earned {
    ships: [BTreeSet<String>; 2],
    units: [BTreeSet<String>; 2],
}

/// The owner's units in a square, by name (the truth).
fn units_in(session: &ToolSession, owner: Player, square: &str) -> Vec<String> {
    session
        .units(owner)
        .iter()
        .filter(|u| u.at.square.eq_ignore_ascii_case(square.trim()))
        .map(|u| u.unit.clone())
        .collect()
}

fn names(found: &[goeben_table_tools::search::Sighting]) -> Vec<String> {
    found.iter().map(|s| s.unit.clone()).collect()
}

/// What a search or spotting action may legitimately tell, checked against the truth before the action
/// (`before`), and noted as earned.
fn note_search(
    before: &ToolSession,
    action: &ToolAction,
    response: &ToolResponse,
    earned: &mut Earned,
) {
    let status = match before.clone().respond_at(
        ToolAction::Peek(goeben_table_tools::peek::PeekAction::View {
            player: Player::A,
            pin: pin_of(Player::A),
        }),
        LATER,
    ) {
        ToolResponse::Peek(goeben_table_tools::peek::PeekAnswer::View(v)) => v.searches.search,
        _ => unreachable!(),
    };
    match (action, response) {
        // "PORT SQUARES": when the searches begin (the last spotting closed) both players' units
        // on port squares are disclosed.
        (
            ToolAction::Searches(goeben_table_tools::search_requests::SearchesAction::EndStep {
                ..
            }),
            ToolResponse::Searches(
                goeben_table_tools::search_requests::SearchesAnswer::StepEnded {
                    now: TurnStep::BritishSearch,
                    ..
                },
            ),
        ) => {
            for owner in [Player::A, Player::B] {
                let on_ports = before
                    .units(owner)
                    .iter()
                    .filter(|u| u.at.port.is_some())
                    .map(|u| u.unit.clone());
                earned.units[owner as usize].extend(on_ports);
            }
        }
        (
            ToolAction::Searches(goeben_table_tools::search_requests::SearchesAction::Search {
                player,
                level,
                name,
            }),
            ToolResponse::Searches(goeben_table_tools::search_requests::SearchesAnswer::Searched {
                ..
            })
            | ToolResponse::Searches(
                goeben_table_tools::search_requests::SearchesAnswer::SearchPending { .. },
            ),
        ) => {
            assert!(status.searches_begun, "a call before the searches began");
            // An even die ("ISLAND SQUARES", "NIGHT TURNS") always leaves the choice; odd dice never do.
            let Some(answer) = (match response {
                ToolResponse::Searches(
                    goeben_table_tools::search_requests::SearchesAnswer::Searched {
                        answer,
                        dice,
                        ..
                    },
                ) => {
                    assert!(
                        dice.iter().all(|d| d.die % 2 == 1),
                        "answered despite an even die: {dice:?}"
                    );
                    Some(answer)
                }
                ToolResponse::Searches(
                    goeben_table_tools::search_requests::SearchesAnswer::SearchPending { call },
                ) => {
                    assert!(
                        call.dice.iter().any(|d| d.die.is_multiple_of(2)),
                        "a choice without an even die: {call:?}"
                    );
                    None
                }
                _ => None,
            }) else {
                return;
            };
            let opponent = player.opponent();
            let present = |level: SearchLevel| {
                before.units(opponent).iter().any(|u| {
                    let at = &u.at;
                    let label = match level {
                        SearchLevel::Sea => &at.sea,
                        SearchLevel::Area => &at.area,
                        SearchLevel::Square => &at.square,
                    };
                    label.eq_ignore_ascii_case(name.trim())
                })
            };
            match (level, answer) {
                (SearchLevel::Square, SearchAnswer::Found { found, with, .. }) => {
                    assert_eq!(
                        names(found),
                        units_in(before, opponent, name),
                        "a square answer names exactly what is there"
                    );
                    assert_eq!(names(with), units_in(before, *player, name));
                    earned.units[opponent as usize].extend(names(found));
                    earned.units[*player as usize].extend(names(with));
                }
                (_, SearchAnswer::Nothing) => assert!(
                    !present(*level),
                    "a call answered nothing although the enemy is there"
                ),
                (SearchLevel::Sea | SearchLevel::Area, SearchAnswer::EnemyPresent) => {
                    assert!(present(*level))
                }
                (level, answer) => panic!("a {level:?} call answered {answer:?}"),
            }
        }
        (
            ToolAction::Searches(
                goeben_table_tools::search_requests::SearchesAction::AnswerSearch { player, admit },
            ),
            ToolResponse::Searches(
                goeben_table_tools::search_requests::SearchesAnswer::SearchAnswered {
                    square,
                    answer,
                    ..
                },
            ),
        ) => {
            let caller = player.opponent();
            match answer {
                SearchAnswer::Found { found, with, .. } => {
                    assert!(admit, "a denied call found something");
                    assert_eq!(names(found), units_in(before, *player, square));
                    earned.units[*player as usize].extend(names(found));
                    earned.units[caller as usize].extend(names(with));
                }
                _ => assert!(
                    !admit || units_in(before, *player, square).is_empty(),
                    "an admitted call hid what is there"
                ),
            }
        }
        (
            ToolAction::Searches(
                goeben_table_tools::search_requests::SearchesAction::ReportSpotting { .. },
            ),
            ToolResponse::Searches(
                goeben_table_tools::search_requests::SearchesAnswer::SpottingReported {
                    heard: true,
                    night_die: Some(die),
                    ..
                },
            ),
        ) if die.is_multiple_of(2) => {
            panic!("a night report was heard after an even die")
        }
        (
            ToolAction::Searches(
                goeben_table_tools::search_requests::SearchesAction::ReportSpotting {
                    player,
                    units,
                    ..
                },
            ),
            ToolResponse::Searches(
                goeben_table_tools::search_requests::SearchesAnswer::SpottingReported {
                    heard: true,
                    ..
                },
            ),
        ) => {
            let recorded = before
                .units(*player)
                .iter()
                .filter(|u| units.iter().any(|n| n.trim().eq_ignore_ascii_case(&u.unit)));
            earned.units[*player as usize].extend(recorded.map(|u| u.unit.clone()));
        }
        _ => {}
    }
}

/// Whether any JSON object in `value` pairs one of `owner`'s unit names with a position (`at`).
fn shows_position_of(value: &Value, owner: Player) -> bool {
    match value {
        Value::Object(map) => {
            let named = map
                .get("unit")
                .and_then(Value::as_str)
                .is_some_and(|n| units_of(owner).contains(&n));
            (named && map.contains_key("at")) || map.values().any(|v| shows_position_of(v, owner))
        }
        Value::Array(items) => items.iter().any(|v| shows_position_of(v, owner)),
        _ => false,
    }
}

/// The viewer sees no unit name of the other player the rules did not make public, and no position.
fn assert_no_search_leak(viewer: Player, earned: &Earned, json: &Value, step: usize) {
    let owner = viewer.opponent();
    let text = json.to_string();
    for unit in units_of(owner) {
        if !earned.units[owner as usize].contains(unit) {
            assert!(
                !text.contains(unit),
                "step {step}: {viewer:?} sees {unit}, never made public: {text}"
            );
        }
    }
    assert!(
        !shows_position_of(json, owner),
        "step {step}: {viewer:?} sees where the other player's unit is: {text}"
    );
}

impl Earned {
    fn note(&mut self, session: &ToolSession) {
        for owner in [Player::A, Player::B] {
            let Some(chart) = session.fleet_chart(owner) else {
                continue;
            };
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
fn assert_no_fleet_leak(
    session: &ToolSession,
    viewer: Player,
    earned: &Earned,
    text: &str,
    step: usize,
) {
    assert_no_ship_names(viewer, earned, text, step);
    let ToolResponse::Peek(goeben_table_tools::peek::PeekAnswer::View(view)) =
        session.clone().respond_at(
            ToolAction::Peek(goeben_table_tools::peek::PeekAction::View {
                player: viewer,
                pin: pin_of(viewer),
            }),
            LATER,
        )
    else {
        panic!("a view")
    };
    assert_chart_as_revealed(
        session,
        viewer.opponent(),
        view.fleet.opponent_fleet_chart.as_ref(),
        step,
    );
}

/// The viewer sees no ship name of the other player that was never revealed.
fn assert_no_ship_names(viewer: Player, earned: &Earned, text: &str, step: usize) {
    let owner = viewer.opponent();
    for ship in ships_of(owner) {
        if !earned.ships[owner as usize].contains(ship) {
            assert!(
                !text.contains(ship),
                "step {step}: {viewer:?} sees {ship}, never revealed: {text}"
            );
        }
    }
}

/// `owner`'s chart as shown to the other player is exactly the boxes revealed now, with their present ships.
fn assert_chart_as_revealed(
    session: &ToolSession,
    owner: Player,
    seen: Option<&goeben_table_tools::fleets::ChartView>,
    step: usize,
) {
    assert_eq!(
        seen.is_some(),
        session.fleet_chart(owner).is_some(),
        "step {step}: {owner:?}'s chart shown or hidden wrongly"
    );
    let (Some(chart), Some(seen)) = (session.fleet_chart(owner), seen) else {
        return;
    };
    assert_eq!(
        seen.side, chart.side,
        "step {step}: {owner:?}'s chart shown with the wrong side"
    );
    for shown in seen.boxes.iter().cloned() {
        match shown {
            BoxView::Known { fleet_box, ships } => {
                assert!(
                    chart.is_revealed(fleet_box),
                    "step {step}: box {fleet_box} shown unrevealed"
                );
                assert_eq!(
                    ships,
                    chart.ships_in(fleet_box),
                    "step {step}: box {fleet_box} shown with other ships"
                );
            }
            BoxView::Unknown { fleet_box } => assert!(
                !chart.is_revealed(fleet_box),
                "step {step}: revealed box {fleet_box} hidden"
            ),
        }
    }
}

/// The shared screen's answer, as JSON.
fn table_view_json(session: &ToolSession) -> (TableView, Value) {
    let response = session.clone().respond(ToolAction::Peek(
        goeben_table_tools::peek::PeekAction::TableView,
    ));
    let json = serde_json::to_value(&response).unwrap();
    let ToolResponse::Peek(goeben_table_tools::peek::PeekAnswer::TableView(table)) = response
    else {
        panic!("a table view: {json}")
    };
    (*table, json)
}

/// The table view shows nothing secret of EITHER player: each player's secrets are checked as if the
/// other player were looking (chits, ship names, unit names and positions), and no face is an owner's.
fn assert_table_clean(session: &ToolSession, earned: &Earned, json: &Value, step: usize) {
    let text = json.to_string();
    assert!(
        !text.contains("\"own\""),
        "step {step}: an owner's face on the shared screen: {text}"
    );
    for viewer in [Player::A, Player::B] {
        assert_no_chit_leak(session, viewer, json, step);
        assert_no_ship_names(viewer, earned, &text, step);
        assert_no_search_leak(viewer, earned, json, step);
    }
}

/// The table view is exactly what the two players' views have in common.
fn assert_table_is_common_ground(session: &ToolSession, table: &TableView, step: usize) {
    let view = |player| match session.clone().respond_at(
        ToolAction::Peek(goeben_table_tools::peek::PeekAction::View {
            player,
            pin: pin_of(player),
        }),
        LATER,
    ) {
        ToolResponse::Peek(goeben_table_tools::peek::PeekAnswer::View(v)) => *v,
        _ => unreachable!(),
    };
    let (a, b) = (view(Player::A), view(Player::B));
    assert_eq!(table.sdr.bag_left, a.sdr.bag_left, "step {step}");
    assert_eq!(table.log, a.log, "step {step}: the table's log");
    assert_eq!(
        table.searches.search, a.searches.search,
        "step {step}: the table's search status"
    );
    assert_eq!(
        table.fleet.fleet_charts.a, b.fleet.opponent_fleet_chart,
        "step {step}: A's chart as B sees it"
    );
    assert_eq!(
        table.fleet.fleet_charts.b, a.fleet.opponent_fleet_chart,
        "step {step}: B's chart as A sees it"
    );
    assert_chart_as_revealed(
        session,
        Player::A,
        table.fleet.fleet_charts.a.as_ref(),
        step,
    );
    assert_chart_as_revealed(
        session,
        Player::B,
        table.fleet.fleet_charts.b.as_ref(),
        step,
    );
    assert_eq!(
        table.sdr.chits.len(),
        session.chits().len(),
        "step {step}: every chit is listed"
    );
    for (shown, chit) in table.sdr.chits.iter().zip(session.chits()) {
        let non_owner = if chit.owner == Player::A { &b } else { &a };
        assert_eq!(
            Some(shown),
            non_owner.sdr.chits.iter().find(|c| c.chit == chit.id),
            "step {step}: chit #{} as its non-owner sees it",
            chit.id
        );
    }
}

/// When the checks ask for a player's own view: after any wait a run of wrong PINs in the random play
/// started (the checks see what the player sees once they may peek again).
const LATER: u64 = u64::MAX / 2;

/// What would give a player's PIN away: the PIN, and its salt and hash as the session keeps them.
fn pin_secrets(session: &ToolSession) -> Vec<String> {
    let saved = serde_json::to_value(session).unwrap();
    let mut secrets: Vec<String> = PINS.iter().map(|p| p.to_string()).collect();
    for key in ["a", "b"] {
        for part in ["salt", "hash"] {
            if let Some(text) = saved["pins"][key][part].as_str() {
                secrets.push(text.to_string());
            }
        }
    }
    secrets
}

/// No PIN, salt or hash of a PIN in `json`, nor any field named `pin`.
fn assert_no_pin_leak(secrets: &[String], json: &str, step: usize) {
    for secret in secrets {
        assert!(
            !json.contains(secret.as_str()),
            "step {step}: a PIN or its salt or hash shows: {json}"
        );
    }
    assert!(
        !json.contains("\"pin\""),
        "step {step}: a field named pin: {json}"
    );
}

fn play(seed: u64, steps: &[(u8, bool, u8)]) {
    let mut session = ToolSession::seeded(seed);
    let mut earned = Earned::default();
    // Half the sessions are played with both players' PINs set.
    let with_pins = seed % 2 == 1;
    if with_pins {
        for player in [Player::A, Player::B] {
            let set = session.respond(ToolAction::Peek(
                goeben_table_tools::peek::PeekAction::SetPin {
                    player,
                    pin: pin_of(player).unwrap(),
                },
            ));
            assert_eq!(
                set,
                ToolResponse::Peek(goeben_table_tools::peek::PeekAnswer::PinSet { player })
            );
        }
    }
    let secrets = pin_secrets(&session);
    assert_eq!(secrets.len(), if with_pins { 6 } else { 2 });
    for (step, &(kind, b, pick)) in steps.iter().enumerate() {
        let player = if b { Player::B } else { Player::A };
        let action = action_for(&session, kind, player, pick);
        let before = session.clone();
        let response = session.respond(request_for(action.clone(), with_pins, pick));
        earned.note(&session);
        note_search(&before, &action, &response, &mut earned);
        assert_no_leak(&session, player, &response, step);
        assert_no_pin_leak(&secrets, &serde_json::to_string(&response).unwrap(), step);
        assert_no_fleet_leak(
            &session,
            player,
            &earned,
            &serde_json::to_string(&response).unwrap(),
            step,
        );
        assert_no_search_leak(
            player,
            &earned,
            &serde_json::to_value(&response).unwrap(),
            step,
        );
        for viewer in [Player::A, Player::B] {
            let pin = if with_pins { pin_of(viewer) } else { None };
            let view = session.clone().respond_at(
                ToolAction::Peek(goeben_table_tools::peek::PeekAction::View {
                    player: viewer,
                    pin,
                }),
                LATER,
            );
            assert!(
                matches!(
                    view,
                    ToolResponse::Peek(goeben_table_tools::peek::PeekAnswer::View(_))
                ),
                "step {step}: {view:?}"
            );
            assert_no_pin_leak(&secrets, &serde_json::to_string(&view).unwrap(), step);
            assert_no_leak(&session, viewer, &view, step);
            assert_no_fleet_leak(
                &session,
                viewer,
                &earned,
                &serde_json::to_string(&view).unwrap(),
                step,
            );
            assert_no_search_leak(viewer, &earned, &serde_json::to_value(&view).unwrap(), step);
            assert_own_values_shown(&session, viewer);
        }
        let (table, json) = table_view_json(&session);
        assert_no_pin_leak(&secrets, &json.to_string(), step);
        assert_table_clean(&session, &earned, &json, step);
        assert_table_is_common_ground(&session, &table, step);
    }
}

/// Random table-tools sessions: 64 in the ordinary run; the soak sets `SOAK_TOOL_SESSIONS`.
fn sessions() -> u32 {
    std::env::var("SOAK_TOOL_SESSIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(64)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: sessions(), ..ProptestConfig::default() })]

    #[test]
    fn no_response_shows_the_other_players_secret_chits(seed in any::<u64>(), steps in proptest::collection::vec((any::<u8>(), any::<bool>(), any::<u8>()), 1..120)) {
        play(seed, &steps);
    }
}

#[test]
fn a_full_bag_drawn_by_both_players_never_leaks() {
    // Deterministic companion to the property: all 48 chits drawn alternately, half revealed, the views
    // checked after each step; the bag then refuses.
    let steps: Vec<(u8, bool, u8)> = (0..48u8)
        .map(|i| (0, i % 2 == 1, i))
        .chain((0..48u8).map(|i| (2, i % 2 == 1, i)))
        .collect();
    play(77, &steps);
    let mut session = ToolSession::seeded(77);
    for i in 0..48 {
        session.respond(ToolAction::Sdr(
            goeben_table_tools::sdr_requests::SdrAction::DrawSdr {
                player: if i % 2 == 0 { Player::A } else { Player::B },
                purpose: None,
                label: String::new(),
            },
        ));
    }
    assert!(matches!(
        session.respond(ToolAction::Sdr(
            goeben_table_tools::sdr_requests::SdrAction::DrawSdr {
                player: Player::A,
                purpose: None,
                label: String::new()
            }
        )),
        ToolResponse::Error {
            code: ErrorCode::BagEmpty,
            ..
        }
    ));
}

#[test]
fn issue_30_the_pin_leak_check_would_catch_a_planted_pin() {
    // The control: a clean view passes; the same view carrying a PIN, its hash or its salt is flagged.
    let mut session = ToolSession::seeded(9);
    session.respond(ToolAction::Peek(
        goeben_table_tools::peek::PeekAction::SetPin {
            player: Player::A,
            pin: pin_of(Player::A).unwrap(),
        },
    ));
    let secrets = pin_secrets(&session);
    let saved = serde_json::to_value(&session).unwrap();
    let view = session.clone().respond(ToolAction::Peek(
        goeben_table_tools::peek::PeekAction::View {
            player: Player::A,
            pin: pin_of(Player::A),
        },
    ));
    let clean = serde_json::to_value(&view).unwrap();
    assert_no_pin_leak(&secrets, &clean.to_string(), 0);
    let caught = |planted: Value| {
        std::panic::catch_unwind(|| assert_no_pin_leak(&secrets, &planted.to_string(), 0)).is_err()
    };
    let mut planted = clean.clone();
    planted["pin"] = Value::String(PINS[0].into());
    assert!(caught(planted), "a view carrying the PIN must be flagged");
    for part in ["hash", "salt"] {
        let mut planted = clean.clone();
        planted["log"][0]["text"] = saved["pins"]["a"][part].clone();
        assert!(
            caught(planted),
            "a view carrying the PIN's {part} must be flagged"
        );
    }
    let mut planted = clean.clone();
    planted["log"][0]["text"] = Value::String(format!("Player A set PIN {}.", PINS[0]));
    assert!(
        caught(planted),
        "a log line carrying the PIN must be flagged"
    );
}

#[test]
fn the_leak_check_would_catch_a_leak() {
    // The checker itself is honest: the owner's own view of a secret chit carries its value, and the check
    // flags it when it is (wrongly) given to the other player.
    let mut session = ToolSession::seeded(5);
    let own = session.respond(ToolAction::Sdr(
        goeben_table_tools::sdr_requests::SdrAction::DrawSdr {
            player: Player::A,
            purpose: None,
            label: String::new(),
        },
    ));
    let json = serde_json::to_value(&own).unwrap();
    assert!(shows_face_of(&json, 1));
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        assert_no_leak(&session, Player::B, &own, 0)
    }));
    assert!(
        caught.is_err(),
        "player A's draw shown to player B must be flagged"
    );
}

#[test]
fn the_search_leak_check_would_catch_a_leak() {
    // A's own unit with its position, shown to B, is flagged twice over: the name and the position.
    let mut session = ToolSession::seeded(6);
    let at = Position {
        sea: "Ionian".into(),
        area: "Ionian A".into(),
        square: "52".into(),
        islands: false,
        port: None,
        coast_side: None,
    };
    let own = serde_json::to_value(session.respond(ToolAction::Searches(
        goeben_table_tools::search_requests::SearchesAction::PlaceUnit {
            player: Player::A,
            unit: "Goeben".into(),
            at,
        },
    )))
    .unwrap();
    assert!(shows_position_of(&own, Player::A));
    let mut earned = Earned::default();
    assert!(
        std::panic::catch_unwind(|| assert_no_search_leak(Player::B, &earned, &own, 0)).is_err()
    );
    earned.units[0].insert("Goeben".into());
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        assert_no_search_leak(Player::B, &earned, &own, 0)
    }));
    assert!(
        caught.is_err(),
        "even a public name must not come with its position"
    );
}

#[test]
fn the_fleet_leak_check_would_catch_a_leak() {
    // A's own chart names Emden; shown to B before any reveal, the check flags it.
    let mut session = ToolSession::seeded(6);
    session.respond(ToolAction::Fleet(
        goeben_table_tools::fleet_requests::FleetAction::OpenFleetChart {
            player: Player::A,
            side: FleetSide::German,
        },
    ));
    let own = session.respond(ToolAction::Fleet(
        goeben_table_tools::fleet_requests::FleetAction::AssignShip {
            player: Player::A,
            ship: "Emden".into(),
            fleet_box: 2,
        },
    ));
    let text = serde_json::to_string(&own).unwrap();
    let earned = Earned::default();
    let caught =
        std::panic::catch_unwind(|| assert_no_fleet_leak(&session, Player::B, &earned, &text, 0));
    assert!(
        caught.is_err(),
        "player A's chart shown to player B must be flagged"
    );
}

/// A session where each player holds every kind of secret: a face-down chit, a ship in an unrevealed
/// box, a unit at a position; and one public thing each (a revealed chit).
fn both_hold_secrets() -> ToolSession {
    let mut session = ToolSession::seeded(9);
    for (player, side) in [
        (Player::A, FleetSide::German),
        (Player::B, FleetSide::Allied),
    ] {
        session.respond(ToolAction::Sdr(
            goeben_table_tools::sdr_requests::SdrAction::DrawSdr {
                player,
                purpose: None,
                label: String::new(),
            },
        ));
        session.respond(ToolAction::Sdr(
            goeben_table_tools::sdr_requests::SdrAction::DrawSdr {
                player,
                purpose: None,
                label: String::new(),
            },
        ));
        session.respond(ToolAction::Fleet(
            goeben_table_tools::fleet_requests::FleetAction::OpenFleetChart { player, side },
        ));
        session.respond(ToolAction::Fleet(
            goeben_table_tools::fleet_requests::FleetAction::AssignShip {
                player,
                ship: ships_of(player)[0].into(),
                fleet_box: 2,
            },
        ));
        let at = Position {
            sea: "Ionian".into(),
            area: "Ionian A".into(),
            square: "52".into(),
            islands: false,
            port: None,
            coast_side: None,
        };
        session.respond(ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::PlaceUnit {
                player,
                unit: units_of(player)[0].into(),
                at,
            },
        ));
    }
    let reveal_first = |session: &mut ToolSession, player| {
        let id = session
            .chits()
            .iter()
            .find(|c| c.owner == player)
            .unwrap()
            .id;
        assert!(matches!(
            session.respond(ToolAction::Sdr(
                goeben_table_tools::sdr_requests::SdrAction::RevealSdr { player, chit: id }
            )),
            ToolResponse::Sdr(goeben_table_tools::sdr_requests::SdrAnswer::SdrRevealed { .. })
        ));
    };
    reveal_first(&mut session, Player::A);
    reveal_first(&mut session, Player::B);
    session
}

#[test]
fn the_table_view_holds_both_players_public_parts_and_no_secret() {
    let session = both_hold_secrets();
    let (table, json) = table_view_json(&session);
    let earned = Earned::default();
    assert_table_clean(&session, &earned, &json, 0);
    assert_table_is_common_ground(&session, &table, 0);
    assert_eq!(
        table
            .sdr
            .chits
            .iter()
            .filter(|c| matches!(c.face, goeben_table_tools::sdr::ChitFace::Revealed { .. }))
            .count(),
        2
    );
    assert_eq!(
        table
            .sdr
            .chits
            .iter()
            .filter(|c| matches!(c.face, goeben_table_tools::sdr::ChitFace::Hidden))
            .count(),
        2
    );
    assert!(table.fleet.fleet_charts.a.is_some() && table.fleet.fleet_charts.b.is_some());
}

#[test]
fn the_table_leak_check_would_catch_a_planted_secret() {
    // The control: the clean table passes; each player's secret of each kind planted into it is flagged.
    let session = both_hold_secrets();
    let (_, clean) = table_view_json(&session);
    let earned = Earned::default();
    assert_table_clean(&session, &earned, &clean, 0);
    let caught = |planted: Value| {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            assert_table_clean(&session, &earned, &planted, 0)
        }))
        .is_err()
    };
    for owner in [Player::A, Player::B] {
        let secret = session
            .chits()
            .iter()
            .find(|c| c.owner == owner && c.state == ChitState::Secret)
            .unwrap();
        let index = secret.id as usize - 1;
        // The owner's face of a face-down chit.
        let ToolResponse::Peek(goeben_table_tools::peek::PeekAnswer::View(own)) =
            session.clone().respond(ToolAction::Peek(
                goeben_table_tools::peek::PeekAction::View {
                    player: owner,
                    pin: None,
                },
            ))
        else {
            panic!()
        };
        let mut planted = clean.clone();
        planted["chits"][index] = serde_json::to_value(&own.sdr.chits[index]).unwrap();
        assert!(
            caught(planted),
            "{owner:?}'s own face of chit #{} must be flagged",
            secret.id
        );
        // Its value and salt as if revealed, though it is not.
        let mut planted = clean.clone();
        planted["chits"][index]["face"] = serde_json::json!({"shown": "revealed", "value": secret.value, "salt": secret.salt, "verified": true});
        assert!(
            caught(planted),
            "{owner:?}'s face-down chit shown revealed must be flagged"
        );
        // Its salt alone, anywhere.
        let mut planted = clean.clone();
        planted["log"][0]["text"] = Value::String(secret.salt.clone());
        assert!(caught(planted), "{owner:?}'s salt must be flagged");
        // The salt of an unrevealed Fleet Box, anywhere.
        let (fleet_box, salt) = box_salts_of(&session, owner)
            .into_iter()
            .next()
            .expect("an unrevealed box");
        let mut planted = clean.clone();
        planted["log"][0]["text"] = Value::String(salt);
        assert!(
            caught(planted),
            "{owner:?}'s Fleet Box {fleet_box} salt must be flagged"
        );
        // A ship of an unrevealed box.
        let mut planted = clean.clone();
        let key = if owner == Player::A { "a" } else { "b" };
        planted["fleet_charts"][key]["boxes"][1] =
            serde_json::json!({"shown": "known", "fleet_box": 2, "ships": [ships_of(owner)[0]]});
        assert!(
            caught(planted),
            "{owner:?}'s unrevealed ship must be flagged"
        );
        // The owner's whole chart.
        let mut planted = clean.clone();
        planted["fleet_chart"] = serde_json::to_value(&own.fleet.fleet_chart).unwrap();
        assert!(caught(planted), "{owner:?}'s own chart must be flagged");
        // A unit with its position.
        let mut planted = clean.clone();
        planted["units"] = serde_json::to_value(session.units(owner)).unwrap();
        assert!(caught(planted), "{owner:?}'s units must be flagged");
    }
}
