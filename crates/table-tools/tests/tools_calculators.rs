//! The seed 003/004 calculators and die procedures through the table tools' protocol
//! (crates/table-tools/src/procedures.rs, calculators.rs; docs/TOOLS.md "Calculators"): each test names
//! the seed heading it checks, rolls with scripted dice, and checks that a refused request changes
//! nothing.

use goeben_table_tools::calculators::HullClass;
use goeben_table_tools::fleets::D10Procedure;
use goeben_table_tools::procedures::{PortSize, ProcedureKind, ProcedureRoll};
use goeben_table_tools::sdr::Player;
use goeben_table_tools::{ErrorCode, LogEntry, ToolAction, ToolResponse, ToolSession};

const A: Player = Player::A;

fn rolled(s: &mut ToolSession, action: ToolAction) -> ProcedureRoll {
    match s.respond(action) {
        ToolResponse::Procedure(
            goeben_table_tools::procedures::ProcedureAnswer::ProcedureRolled { by, roll },
        ) => {
            assert_eq!(by, A);
            roll
        }
        other => panic!("expected a procedure roll, got {other:?}"),
    }
}

fn scripted(faces: &[u8]) -> ToolSession {
    let mut s = ToolSession::seeded(3);
    s.script_dice(faces.iter().copied());
    s
}

/// Refused with `bad_input`, and the session is unchanged.
fn refused(s: &mut ToolSession, action: ToolAction) -> String {
    let before = s.clone();
    match s.respond(action) {
        ToolResponse::Error {
            code: ErrorCode::BadInput,
            message,
        } => {
            assert_eq!(*s, before, "a refused request changes nothing");
            message
        }
        other => panic!("expected bad_input, got {other:?}"),
    }
}

#[test]
fn port_repair_seed_004_strategic_9() {
    let mut s = scripted(&[2, 3, 1, 2]);
    let major = |port| {
        ToolAction::Procedure(
            goeben_table_tools::procedures::ProcedureAction::PortRepair { player: A, port },
        )
    };
    let r = rolled(&mut s, major(PortSize::Major));
    assert_eq!(
        (r.procedure, r.dice.clone(), r.success),
        (ProcedureKind::PortRepair, vec![2], true)
    );
    assert!(r.outcome.contains("level of movement"), "{}", r.outcome);
    assert_eq!(
        r.source,
        "Great War at Sea advanced rules, Advanced Strategic Rules 9 (Port Repair)"
    );
    assert!(
        !rolled(&mut s, major(PortSize::Major)).success,
        "3 fails in a major port"
    );
    assert!(
        rolled(&mut s, major(PortSize::Minor)).success,
        "1 repairs in a minor port"
    );
    assert!(
        !rolled(&mut s, major(PortSize::Minor)).success,
        "2 fails in a minor port"
    );
}

#[test]
fn shore_batteries_halve_rounding_up_seed_004_strategic_10() {
    let mut s = scripted(&[1, 2, 3, 4, 5, 6]);
    let guns: Vec<Option<u32>> = (0..6)
        .map(|_| {
            rolled(
                &mut s,
                ToolAction::Procedure(
                    goeben_table_tools::procedures::ProcedureAction::ShoreBatteries { player: A },
                ),
            )
            .count
        })
        .collect();
    assert_eq!(guns, [1, 1, 2, 2, 3, 3].map(Some));
}

#[test]
fn damage_control_repeats_while_it_repairs_seed_004_strategic_11() {
    let mut s = scripted(&[1, 2, 5]);
    let r = rolled(
        &mut s,
        ToolAction::Procedure(
            goeben_table_tools::procedures::ProcedureAction::DamageControl {
                player: A,
                damaged_boxes: 4,
            },
        ),
    );
    assert_eq!(
        (r.dice.clone(), r.count, r.success),
        (vec![1, 2, 5], Some(2), true)
    );
    let mut s = scripted(&[2, 1]);
    let r = rolled(
        &mut s,
        ToolAction::Procedure(
            goeben_table_tools::procedures::ProcedureAction::DamageControl {
                player: A,
                damaged_boxes: 2,
            },
        ),
    );
    assert_eq!(
        (r.dice, r.count),
        (vec![2, 1], Some(2)),
        "stops once every damaged box is mended"
    );
    let mut s = scripted(&[3]);
    assert_eq!(
        rolled(
            &mut s,
            ToolAction::Procedure(
                goeben_table_tools::procedures::ProcedureAction::DamageControl {
                    player: A,
                    damaged_boxes: 2
                }
            )
        )
        .count,
        Some(0)
    );
    assert!(refused(
        &mut s,
        ToolAction::Procedure(
            goeben_table_tools::procedures::ProcedureAction::DamageControl {
                player: A,
                damaged_boxes: 0
            }
        )
    )
    .contains("damaged boxes"));
}

#[test]
fn always_possible_rolls_the_shortfall_plus_one_seed_003_optional_rules() {
    let mut s = scripted(&[6, 6, 6, 5]);
    let r = rolled(
        &mut s,
        ToolAction::Procedure(
            goeben_table_tools::procedures::ProcedureAction::AlwaysPossible {
                player: A,
                highest_roll: 5,
                needed: 6,
            },
        ),
    );
    assert_eq!(
        (r.dice.clone(), r.success),
        (vec![6, 6], true),
        "the rule's torpedo example: two dice"
    );
    let r = rolled(
        &mut s,
        ToolAction::Procedure(
            goeben_table_tools::procedures::ProcedureAction::AlwaysPossible {
                player: A,
                highest_roll: 5,
                needed: 6,
            },
        ),
    );
    assert_eq!((r.dice, r.success), (vec![6, 5], false));
    assert!(refused(
        &mut s,
        ToolAction::Procedure(
            goeben_table_tools::procedures::ProcedureAction::AlwaysPossible {
                player: A,
                highest_roll: 6,
                needed: 6
            }
        )
    )
    .contains("roll normally"));
    refused(
        &mut s,
        ToolAction::Procedure(
            goeben_table_tools::procedures::ProcedureAction::AlwaysPossible {
                player: A,
                highest_roll: -20,
                needed: 6,
            },
        ),
    );
}

#[test]
fn automatic_disengagement_seed_003_optional_rules() {
    // Sighting 5, closest units at 3: two hexes inside, so 2 off the die.
    let mut s = scripted(&[6, 6, 1]);
    let action = |night, speed_advantage| {
        ToolAction::Procedure(
            goeben_table_tools::procedures::ProcedureAction::AutomaticDisengagement {
                player: A,
                max_sighting: 5,
                range: 3,
                night,
                speed_advantage,
            },
        )
    };
    let r = rolled(&mut s, action(false, false));
    assert_eq!(
        (r.modifier, r.modified.clone(), r.success),
        (-2, vec![4], false)
    );
    assert!(
        r.outcome.contains("unless") && r.outcome.contains("add"),
        "the initiative player's +1 can still end it: {}",
        r.outcome
    );
    let r = rolled(&mut s, action(true, false));
    assert_eq!(
        (r.modifier, r.success),
        (-1, true),
        "the range modifier is halved at night"
    );
    let r = rolled(&mut s, action(false, true));
    assert!(
        r.outcome.contains("whatever"),
        "1 - 2 + 2 cannot reach 5: {}",
        r.outcome
    );
    refused(
        &mut s,
        ToolAction::Procedure(
            goeben_table_tools::procedures::ProcedureAction::AutomaticDisengagement {
                player: A,
                max_sighting: 51,
                range: 0,
                night: false,
                speed_advantage: false,
            },
        ),
    );
}

#[test]
fn submarine_attack_roll_seed_003_submarines() {
    let mut s = scripted(&[4, 4, 5]);
    assert!(
        rolled(
            &mut s,
            ToolAction::Procedure(
                goeben_table_tools::procedures::ProcedureAction::SubmarineAttack {
                    player: A,
                    target_moved_two: false
                }
            )
        )
        .success
    );
    let r = rolled(
        &mut s,
        ToolAction::Procedure(
            goeben_table_tools::procedures::ProcedureAction::SubmarineAttack {
                player: A,
                target_moved_two: true,
            },
        ),
    );
    assert_eq!(
        (r.modified.clone(), r.success),
        (vec![3], false),
        "one off when the target moved two zones"
    );
    assert!(
        rolled(
            &mut s,
            ToolAction::Procedure(
                goeben_table_tools::procedures::ProcedureAction::SubmarineAttack {
                    player: A,
                    target_moved_two: true
                }
            )
        )
        .success
    );
}

#[test]
fn asw_by_escorts_seed_003_submarines_asw() {
    // Six escorts from 1918: +2. 4 + 2 sinks; the second die 2 + 2 = 4: after the attack.
    let mut s = scripted(&[4, 2, 3, 6, 3]);
    let r = rolled(
        &mut s,
        ToolAction::Procedure(goeben_table_tools::procedures::ProcedureAction::Asw {
            player: A,
            escorts: 6,
            before_1918: false,
        }),
    );
    assert_eq!(
        (r.dice.clone(), r.modifier, r.success),
        (vec![4, 2], 2, true)
    );
    assert!(r.outcome.contains("after"), "{}", r.outcome);
    // Before 1918 six escorts give +1: 3 + 1 escapes, with one die only.
    let r = rolled(
        &mut s,
        ToolAction::Procedure(goeben_table_tools::procedures::ProcedureAction::Asw {
            player: A,
            escorts: 6,
            before_1918: true,
        }),
    );
    assert_eq!((r.dice.clone(), r.success), (vec![3], false));
    let r = rolled(
        &mut s,
        ToolAction::Procedure(goeben_table_tools::procedures::ProcedureAction::Asw {
            player: A,
            escorts: 1,
            before_1918: false,
        }),
    );
    assert_eq!((r.dice.clone(), r.success), (vec![6, 3], true));
    assert!(r.outcome.contains("after"));
    assert!(refused(
        &mut s,
        ToolAction::Procedure(goeben_table_tools::procedures::ProcedureAction::Asw {
            player: A,
            escorts: 0,
            before_1918: false
        })
    )
    .contains("escorts"));
}

#[test]
fn procedures_are_logged_in_the_open() {
    let mut s = scripted(&[2]);
    rolled(
        &mut s,
        ToolAction::Procedure(
            goeben_table_tools::procedures::ProcedureAction::PortRepair {
                player: A,
                port: PortSize::Major,
            },
        ),
    );
    let log = s.view(Player::B).log;
    let last = log.last().unwrap();
    assert!(
        matches!(&last.entry, LogEntry::Procedure(goeben_table_tools::procedures::ProcedureLogEntry::ProcedureRolled { procedure: ProcedureKind::PortRepair, dice, .. }) if dice == &vec![2])
    );
    assert!(
        last.text.starts_with("Player A rolled PortRepair: 2."),
        "{}",
        last.text
    );
}

#[test]
fn minefield_density_wording_seed_004_strategic_7() {
    let mut s = ToolSession::seeded(1);
    for (fields, words) in [
        (2, "Lightly mined"),
        (3, "Moderately mined"),
        (6, "Heavily mined"),
        (7, "Very heavily mined"),
    ] {
        match s.respond(ToolAction::Calculator(
            goeben_table_tools::calculators::CalculatorAction::MinefieldDensity { fields },
        )) {
            ToolResponse::Calculator(
                goeben_table_tools::calculators::CalculatorAnswer::Wording {
                    calculator: "minefield_density",
                    source,
                    text,
                },
            ) => {
                assert_eq!(text, words);
                assert!(source.contains("Advanced Strategic Rules 7"));
            }
            other => panic!("{other:?}"),
        }
    }
    refused(
        &mut s,
        ToolAction::Calculator(
            goeben_table_tools::calculators::CalculatorAction::MinefieldDensity { fields: 0 },
        ),
    );
}

#[test]
fn hull_box_vp_seed_003_victory_points() {
    let mut s = ToolSession::seeded(1);
    let vp = |s: &mut ToolSession, class, hull_boxes| match s.respond(ToolAction::Calculator(
        goeben_table_tools::calculators::CalculatorAction::HullDamageVp { class, hull_boxes },
    )) {
        ToolResponse::Calculator(goeben_table_tools::calculators::CalculatorAnswer::Number {
            calculator: "hull_damage_vp",
            source: "The Turkish Black Sea Fleet, Victory Points (VPs)",
            value,
        }) => value,
        other => panic!("{other:?}"),
    };
    assert_eq!(vp(&mut s, HullClass::Capital, 3), 6);
    assert_eq!(vp(&mut s, HullClass::Other, 3), 3);
    refused(
        &mut s,
        ToolAction::Calculator(
            goeben_table_tools::calculators::CalculatorAction::HullDamageVp {
                class: HullClass::Capital,
                hull_boxes: u32::MAX,
            },
        ),
    );
}

#[test]
fn caught_at_anchor_seed_002_10_5_3() {
    let mut s = scripted(&[3, 4]);
    // The roll is made for the attacking Fleet Box, which must hold ships (5.1, 5.2).
    s.respond(ToolAction::Fleet(
        goeben_table_tools::fleet_requests::FleetAction::OpenFleetChart {
            player: A,
            side: goeben_table_tools::fleets::FleetSide::German,
        },
    ));
    s.respond(ToolAction::Fleet(
        goeben_table_tools::fleet_requests::FleetAction::AssignShip {
            player: A,
            ship: "Emden".into(),
            fleet_box: 3,
        },
    ));
    let roll = |s: &mut ToolSession| match s.respond(ToolAction::Fleet(
        goeben_table_tools::fleet_requests::FleetAction::RollD10 {
            player: A,
            procedure: D10Procedure::CaughtAtAnchor,
            fleet_box: Some(3),
        },
    )) {
        ToolResponse::Fleet(goeben_table_tools::fleet_requests::FleetAnswer::D10Rolled {
            result,
            ..
        }) => (result.success, result.revealed),
        other => panic!("{other:?}"),
    };
    assert_eq!(
        roll(&mut s),
        (true, true),
        "1-3: caught at anchor, revealed"
    );
    assert_eq!(
        roll(&mut s),
        (false, true),
        "4-10: not caught, revealed all the same"
    );
}

#[test]
fn requests_parse_from_json_lines() {
    use goeben_table_tools::parse_line;
    let line = r#"{"tool":"asw","player":"a","escorts":4,"before_1918":true}"#;
    assert_eq!(
        parse_line(line).unwrap().action,
        ToolAction::Procedure(goeben_table_tools::procedures::ProcedureAction::Asw {
            player: A,
            escorts: 4,
            before_1918: true
        })
    );
    let line = r#"{"tool":"hull_damage_vp","class":"capital","hull_boxes":2}"#;
    assert_eq!(
        parse_line(line).unwrap().action,
        ToolAction::Calculator(
            goeben_table_tools::calculators::CalculatorAction::HullDamageVp {
                class: HullClass::Capital,
                hull_boxes: 2
            }
        )
    );
    assert!(parse_line(r#"{"tool":"port_repair","player":"a","port":"huge"}"#).is_err());
}

#[test]
fn sub_versus_sub_needs_twelve_seed_003_submarines() {
    let mut s = scripted(&[6, 6, 6, 5]);
    let r = rolled(
        &mut s,
        ToolAction::Procedure(
            goeben_table_tools::procedures::ProcedureAction::SubVersusSub { player: A },
        ),
    );
    assert_eq!(
        (r.dice, r.success, r.procedure),
        (vec![6, 6], true, ProcedureKind::SubVersusSub)
    );
    assert!(
        !rolled(
            &mut s,
            ToolAction::Procedure(
                goeben_table_tools::procedures::ProcedureAction::SubVersusSub { player: A }
            )
        )
        .success,
        "11 is not enough"
    );
}

#[test]
fn sweeping_by_other_ships_seed_003_mine_warfare() {
    let mut s = scripted(&[1, 4, 5]);
    let outcomes: Vec<(bool, String)> = (0..3)
        .map(|_| {
            rolled(
                &mut s,
                ToolAction::Procedure(goeben_table_tools::procedures::ProcedureAction::MineSweep {
                    player: A,
                }),
            )
        })
        .map(|r| (r.success, r.outcome))
        .collect();
    assert!(outcomes[0].1.contains("destroyed") && !outcomes[0].0);
    assert!(outcomes[1].1.contains("No effect") && !outcomes[1].0);
    assert!(outcomes[2].1.contains("removed") && outcomes[2].0);
}

/// Strengths whose combination passes `u32::MAX` neither panic (a debug build's overflow) nor
/// wrap to a small number (a release build's 2147483648): the answer saturates, and the session is not
/// touched by a calculator.
#[test]
fn combined_fire_past_u32_saturates_instead_of_overflowing() {
    use goeben_table_tools::calculators::combined_fire_strength;
    assert_eq!(combined_fire_strength(&[1, u32::MAX, u32::MAX]), u32::MAX);
    assert_eq!(combined_fire_strength(&[u32::MAX, u32::MAX]), u32::MAX);
    assert_eq!(
        combined_fire_strength(&[u32::MAX]),
        u32::MAX,
        "one ship alone at its own strength"
    );
    assert_eq!(
        combined_fire_strength(&[1, u32::MAX - 1, u32::MAX - 1]),
        u32::MAX,
        "exactly u32::MAX: 1 + (2^33 - 4) / 2"
    );
    assert_eq!(
        combined_fire_strength(&[1, u32::MAX - 2, u32::MAX - 2]),
        u32::MAX - 1,
        "large but in range: exact"
    );
    assert_eq!(
        combined_fire_strength(&[1, 9]),
        5,
        "small sums are as before"
    );
    let mut s = ToolSession::seeded(3);
    let before = s.clone();
    match s.respond(ToolAction::Calculator(
        goeben_table_tools::calculators::CalculatorAction::CombinedFire {
            strengths: vec![1, u32::MAX, u32::MAX],
        },
    )) {
        ToolResponse::Calculator(goeben_table_tools::calculators::CalculatorAnswer::Number {
            value,
            ..
        }) => assert_eq!(value, u32::MAX),
        other => panic!("a number, not {other:?}"),
    }
    assert_eq!(s, before, "a calculator changes nothing");
}
