//! Seed 002's hidden Fleet Charts in a tool session (docs/TOOLS.md, "Hidden Fleet Charts"): each player
//! opens one chart for a side, fills and regroups it unseen, reveals boxes (ship names only; an empty box
//! is a decoy) and rolls the D10 procedures with the session's dice (scripted here). Refused requests
//! answer an error and change nothing.

use goeben_table_tools::fleets::{BoxView, D10Procedure, FleetSide};
use goeben_table_tools::sdr::Player;
use goeben_table_tools::{handle_line, ToolAction, ToolResponse, ToolSession};

use Player::{A, B};

fn assign(s: &mut ToolSession, player: Player, ship: &str, fleet_box: u8) {
    let answer = s.respond(ToolAction::Fleet(
        goeben_table_tools::fleet_requests::FleetAction::AssignShip {
            player,
            ship: ship.into(),
            fleet_box,
        },
    ));
    assert!(
        matches!(
            answer,
            ToolResponse::Fleet(goeben_table_tools::fleet_requests::FleetAnswer::FleetChart { .. })
        ),
        "{answer:?}"
    );
}

/// Player A holds the German chart with von Spee's squadron in box 4 and Emden in box 3; B the Allied one.
fn spee_session() -> ToolSession {
    let mut s = ToolSession::seeded(3);
    s.respond(ToolAction::Fleet(
        goeben_table_tools::fleet_requests::FleetAction::OpenFleetChart {
            player: A,
            side: FleetSide::German,
        },
    ));
    s.respond(ToolAction::Fleet(
        goeben_table_tools::fleet_requests::FleetAction::OpenFleetChart {
            player: B,
            side: FleetSide::Allied,
        },
    ));
    for ship in ["Scharnhorst", "Gneisenau", "Leipzig", "Nürnberg"] {
        assign(&mut s, A, ship, 4);
    }
    assign(&mut s, A, "Emden", 3);
    assign(&mut s, B, "Minotaur", 1);
    s
}

fn view(s: &ToolSession, player: Player) -> goeben_table_tools::ToolView {
    match s.clone().respond(ToolAction::Peek(
        goeben_table_tools::peek::PeekAction::View { player, pin: None },
    )) {
        ToolResponse::Peek(goeben_table_tools::peek::PeekAnswer::View(v)) => *v,
        other => panic!("{other:?}"),
    }
}

fn code(answer: &ToolResponse) -> String {
    match answer {
        ToolResponse::Error { code, .. } => code.name(),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn each_player_sees_their_own_chart_whole_and_the_other_by_box_number_only_5_0() {
    let s = spee_session();
    let a = view(&s, A);
    let own = a.fleet.fleet_chart.expect("A's chart");
    assert_eq!(own.side, FleetSide::German);
    assert_eq!(own.boxes.len(), 12);
    assert_eq!(own.boxes[3].ships.len(), 4);
    let theirs = a
        .fleet
        .opponent_fleet_chart
        .expect("B's chart as A sees it");
    assert_eq!(theirs.boxes.len(), 10, "the Allied chart has ten boxes");
    assert!(theirs
        .boxes
        .iter()
        .all(|b| matches!(b, BoxView::Unknown { .. })));
    let b_text = serde_json::to_string(&view(&s, B)).unwrap();
    for ship in ["Scharnhorst", "Emden"] {
        assert!(!b_text.contains(ship), "B must not see {ship}: {b_text}");
    }
    assert!(b_text.contains("Minotaur"), "B sees B's own ships");
}

#[test]
fn a_reveal_names_the_ships_of_one_box_and_a_regroup_hides_it_again_5_2() {
    let mut s = spee_session();
    let ToolResponse::Fleet(goeben_table_tools::fleet_requests::FleetAnswer::FleetBoxRevealed {
        side,
        fleet_box,
    }) = s.respond(ToolAction::Fleet(
        goeben_table_tools::fleet_requests::FleetAction::RevealFleetBox {
            player: A,
            fleet_box: 4,
        },
    ))
    else {
        panic!()
    };
    assert_eq!(side, FleetSide::German);
    assert!(
        matches!(&fleet_box, BoxView::Known { fleet_box: 4, ships } if ships.contains(&"Gneisenau".to_string()))
    );
    let b_view = view(&s, B);
    let b_text = serde_json::to_string(&b_view).unwrap();
    assert!(
        b_text.contains("Gneisenau") && !b_text.contains("Emden"),
        "only box 4 is shown: {b_text}"
    );
    assert!(
        b_view.log.iter().any(|l| l
            .text
            .contains("Fleet Box 4: Gneisenau, Leipzig, Nürnberg, Scharnhorst")),
        "the reveal is in the log"
    );
    // Coal and damage are not on the chart at all: the reveal carries names only.
    assert!(!b_text.contains("coal") && !b_text.contains("damage"));
    // 5.2: the owner regroups after the reveal; box 4 is unknown to B again.
    assert!(matches!(
        s.respond(ToolAction::Fleet(
            goeben_table_tools::fleet_requests::FleetAction::TransferShip {
                player: A,
                ship: "Leipzig".into(),
                from: 4,
                to: 9
            }
        )),
        ToolResponse::Fleet(goeben_table_tools::fleet_requests::FleetAnswer::FleetChart { .. })
    ));
    let again = view(&s, B).fleet.opponent_fleet_chart.unwrap();
    assert_eq!(again.boxes[3], BoxView::Unknown { fleet_box: 4 });
    assert!(
        !view(&s, A).fleet.fleet_chart.unwrap().boxes[3].revealed,
        "the owner sees the box is hidden again"
    );
}

#[test]
fn an_empty_box_reveals_as_a_decoy_and_its_marker_is_the_owners_note_5_1() {
    let mut s = spee_session();
    let ToolResponse::Fleet(goeben_table_tools::fleet_requests::FleetAnswer::FleetChart { chart }) =
        s.respond(ToolAction::Fleet(
            goeben_table_tools::fleet_requests::FleetAction::SetFleetMarker {
                player: A,
                fleet_box: 11,
                on_map: true,
            },
        ))
    else {
        panic!()
    };
    assert!(
        chart.boxes[10].marker_on_map && chart.boxes[10].decoy,
        "a marker on the map over an empty box is a decoy"
    );
    let seen_by_b = serde_json::to_string(&view(&s, B).fleet.opponent_fleet_chart).unwrap();
    assert!(
        !seen_by_b.contains("marker") && !seen_by_b.contains("decoy"),
        "B does not learn which markers are out: {seen_by_b}"
    );
    let ToolResponse::Fleet(goeben_table_tools::fleet_requests::FleetAnswer::FleetBoxRevealed {
        fleet_box,
        ..
    }) = s.respond(ToolAction::Fleet(
        goeben_table_tools::fleet_requests::FleetAction::RevealFleetBox {
            player: A,
            fleet_box: 11,
        },
    ))
    else {
        panic!()
    };
    assert_eq!(
        fleet_box,
        BoxView::Known {
            fleet_box: 11,
            ships: vec![]
        }
    );
    assert!(view(&s, B)
        .log
        .iter()
        .any(|l| l.text.ends_with("Fleet Box 11: a decoy.")));
    let ToolResponse::Fleet(goeben_table_tools::fleet_requests::FleetAnswer::FleetChart { chart }) =
        s.respond(ToolAction::Fleet(
            goeben_table_tools::fleet_requests::FleetAction::SetFleetMarker {
                player: A,
                fleet_box: 11,
                on_map: false,
            },
        ))
    else {
        panic!()
    };
    assert!(
        !chart.boxes[10].marker_on_map,
        "5.2: a revealed decoy's marker may be lifted off the map"
    );
}

#[test]
fn a_bombardment_roll_of_1_to_4_reveals_the_acting_box_10_2() {
    let mut s = spee_session();
    s.script_dice([3]);
    let ToolResponse::Fleet(goeben_table_tools::fleet_requests::FleetAnswer::D10Rolled {
        result,
        revealed_box,
        ..
    }) = s.respond(ToolAction::Fleet(
        goeben_table_tools::fleet_requests::FleetAction::RollD10 {
            player: A,
            procedure: D10Procedure::Bombardment,
            fleet_box: Some(4),
        },
    ))
    else {
        panic!()
    };
    assert!(result.success && result.revealed && result.die == 3);
    assert!(matches!(
        revealed_box,
        Some(BoxView::Known { fleet_box: 4, .. })
    ));
    assert!(matches!(
        view(&s, B).fleet.opponent_fleet_chart.unwrap().boxes[3],
        BoxView::Known { .. }
    ));
}

#[test]
fn an_unrevealing_roll_does_not_name_the_acting_box_in_the_log_10_4() {
    let mut s = spee_session();
    s.script_dice([5]);
    let answer = s.respond(ToolAction::Fleet(
        goeben_table_tools::fleet_requests::FleetAction::RollD10 {
            player: A,
            procedure: D10Procedure::WirelessStation,
            fleet_box: Some(3),
        },
    ));
    let ToolResponse::Fleet(goeben_table_tools::fleet_requests::FleetAnswer::D10Rolled {
        result,
        revealed_box: None,
        ..
    }) = answer
    else {
        panic!("{answer:?}")
    };
    assert!(result.success && !result.revealed);
    let b_view = view(&s, B);
    let line = b_view.log.last().unwrap();
    assert!(
        !line.text.contains("Box 3") && !serde_json::to_string(line).unwrap().contains("fleet_box"),
        "{line:?}"
    );
    assert_eq!(
        b_view.fleet.opponent_fleet_chart.unwrap().boxes[2],
        BoxView::Unknown { fleet_box: 3 }
    );
}

#[test]
fn a_coaling_raid_and_a_location_roll_read_their_bands_8_4_10_5_3() {
    let mut s = spee_session();
    s.script_dice([4, 10]);
    // A roll made with ships names its box; without one it is refused (a decoy could hide
    // behind it, 5.1).
    assert_eq!(
        code(&s.respond(ToolAction::Fleet(
            goeben_table_tools::fleet_requests::FleetAction::RollD10 {
                player: A,
                procedure: D10Procedure::CoalingRaid,
                fleet_box: None
            }
        ))),
        "bad_input"
    );
    let ToolResponse::Fleet(goeben_table_tools::fleet_requests::FleetAnswer::D10Rolled {
        result,
        revealed_box,
        ..
    }) = s.respond(ToolAction::Fleet(
        goeben_table_tools::fleet_requests::FleetAction::RollD10 {
            player: A,
            procedure: D10Procedure::CoalingRaid,
            fleet_box: Some(3),
        },
    ))
    else {
        panic!()
    };
    assert!(
        !result.success && result.revealed && revealed_box.is_some(),
        "4-5: the raid fails and the raiding box is revealed"
    );
    let ToolResponse::Fleet(goeben_table_tools::fleet_requests::FleetAnswer::D10Rolled {
        result,
        ..
    }) = s.respond(ToolAction::Fleet(
        goeben_table_tools::fleet_requests::FleetAction::RollD10 {
            player: B,
            procedure: D10Procedure::LocateAtSea,
            fleet_box: Some(1),
        },
    ))
    else {
        panic!()
    };
    assert!(
        !result.success && result.die == 10,
        "a 0 on the die reads 10: location fails"
    );
}

#[test]
fn refused_fleet_requests_answer_an_error_and_change_nothing() {
    let mut s = spee_session();
    let mut fresh = ToolSession::seeded(1);
    let cases: Vec<(ToolAction, &str)> = vec![
        (
            ToolAction::Fleet(
                goeben_table_tools::fleet_requests::FleetAction::OpenFleetChart {
                    player: A,
                    side: FleetSide::Allied,
                },
            ),
            "fleet_chart_open",
        ),
        (
            ToolAction::Fleet(
                goeben_table_tools::fleet_requests::FleetAction::AssignShip {
                    player: A,
                    ship: "Emden".into(),
                    fleet_box: 5,
                },
            ),
            "already_on_chart",
        ),
        (
            ToolAction::Fleet(
                goeben_table_tools::fleet_requests::FleetAction::AssignShip {
                    player: A,
                    ship: "Dresden".into(),
                    fleet_box: 13,
                },
            ),
            "no_such_box",
        ),
        (
            ToolAction::Fleet(
                goeben_table_tools::fleet_requests::FleetAction::AssignShip {
                    player: B,
                    ship: "Defence".into(),
                    fleet_box: 11,
                },
            ),
            "no_such_box",
        ),
        (
            ToolAction::Fleet(
                goeben_table_tools::fleet_requests::FleetAction::AssignShip {
                    player: A,
                    ship: "  ".into(),
                    fleet_box: 1,
                },
            ),
            "bad_input",
        ),
        (
            ToolAction::Fleet(
                goeben_table_tools::fleet_requests::FleetAction::TransferShip {
                    player: A,
                    ship: "Emden".into(),
                    from: 4,
                    to: 5,
                },
            ),
            "not_in_box",
        ),
        (
            ToolAction::Fleet(
                goeben_table_tools::fleet_requests::FleetAction::TransferShip {
                    player: A,
                    ship: "Emden".into(),
                    from: 3,
                    to: 3,
                },
            ),
            "bad_input",
        ),
        (
            ToolAction::Fleet(
                goeben_table_tools::fleet_requests::FleetAction::RemoveShip {
                    player: B,
                    ship: "Emden".into(),
                    fleet_box: 3,
                },
            ),
            "not_in_box",
        ),
        (
            ToolAction::Fleet(
                goeben_table_tools::fleet_requests::FleetAction::SetFleetMarker {
                    player: A,
                    fleet_box: 0,
                    on_map: true,
                },
            ),
            "no_such_box",
        ),
        (
            ToolAction::Fleet(
                goeben_table_tools::fleet_requests::FleetAction::RevealFleetBox {
                    player: B,
                    fleet_box: 12,
                },
            ),
            "no_such_box",
        ),
        (
            ToolAction::Fleet(goeben_table_tools::fleet_requests::FleetAction::RollD10 {
                player: A,
                procedure: D10Procedure::Bombardment,
                fleet_box: Some(7),
            }),
            "decoy_cannot_act",
        ),
        (
            ToolAction::Fleet(goeben_table_tools::fleet_requests::FleetAction::RollD10 {
                player: B,
                procedure: D10Procedure::Occupation,
                fleet_box: Some(1),
            }),
            "bad_input",
        ),
    ];
    for (action, expected) in cases {
        let before = s.clone();
        assert_eq!(code(&s.respond(action.clone())), expected, "{action:?}");
        assert_eq!(s, before, "{action:?} changed the session");
    }
    s.respond(ToolAction::Fleet(
        goeben_table_tools::fleet_requests::FleetAction::OpenFleetChart {
            player: A,
            side: FleetSide::German,
        },
    ));
    assert_eq!(
        code(&fresh.respond(ToolAction::Fleet(
            goeben_table_tools::fleet_requests::FleetAction::AssignShip {
                player: A,
                ship: "Emden".into(),
                fleet_box: 1
            }
        ))),
        "no_fleet_chart"
    );
    fresh.respond(ToolAction::Fleet(
        goeben_table_tools::fleet_requests::FleetAction::OpenFleetChart {
            player: A,
            side: FleetSide::German,
        },
    ));
    assert_eq!(
        code(&fresh.respond(ToolAction::Fleet(
            goeben_table_tools::fleet_requests::FleetAction::OpenFleetChart {
                player: B,
                side: FleetSide::German
            }
        ))),
        "side_taken"
    );
}

#[test]
fn fleet_charts_survive_a_save_and_an_older_save_still_loads() {
    let mut s = spee_session();
    s.respond(ToolAction::Fleet(
        goeben_table_tools::fleet_requests::FleetAction::RevealFleetBox {
            player: A,
            fleet_box: 3,
        },
    ));
    let saved = serde_json::to_string(&s).unwrap();
    let restored = ToolSession::from_json(&saved).unwrap();
    assert_eq!(restored, s);
    // A session saved before the charts existed has no "fleets" field.
    let mut old = serde_json::to_value(ToolSession::seeded(9)).unwrap();
    old.as_object_mut()
        .unwrap()
        .retain(|k, _| matches!(k.as_str(), "dice" | "bag" | "chits" | "log"));
    let loaded = ToolSession::from_json(&old.to_string()).expect("an older save loads");
    assert!(loaded.fleet_chart(A).is_none());
    // A save with the same ship in two boxes is refused.
    let mut bad = serde_json::to_value(&s).unwrap();
    bad["fleets"]["a"]["boxes"][0] = serde_json::json!(["Emden"]);
    assert!(ToolSession::from_json(&bad.to_string())
        .unwrap_err()
        .contains("two Fleet Boxes"));
}

#[test]
fn fleet_requests_parse_from_json_lines() {
    let mut s = ToolSession::seeded(4);
    let opened: serde_json::Value = serde_json::from_str(&handle_line(
        &mut s,
        r#"{"tool":"open_fleet_chart","player":"b","side":"allied"}"#,
    ))
    .unwrap();
    assert_eq!(opened["tool"], "fleet_chart");
    assert_eq!(opened["chart"]["boxes"].as_array().unwrap().len(), 10);
    let rolled: serde_json::Value = serde_json::from_str(&handle_line(
        &mut s,
        r#"{"tool":"roll_d10","player":"b","procedure":"occupation"}"#,
    ))
    .unwrap();
    assert_eq!(rolled["tool"], "d10_rolled");
    assert!(rolled.get("revealed_box").is_none());
    let bad: serde_json::Value = serde_json::from_str(&handle_line(
        &mut s,
        r#"{"tool":"assign_ship","player":"b","ship":"X","box":1}"#,
    ))
    .unwrap();
    assert_eq!(
        bad["code"], "malformed",
        "a misspelt field is refused: {bad}"
    );
}
