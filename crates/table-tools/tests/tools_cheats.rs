//! The cheats a player could play on the table tools, each played here and seen refused, with
//! nothing changed. Named by the seed's rule: seed 001 (VICTORY CONDITIONS, ITALIAN NEUTRALITY, What If?,
//! HOW TO PLAY, SPOTTING, HOW TO SEARCH, ISLAND SQUARES, NIGHT TURNS). Player A is German, B British.

use goeben_table_tools::sdr::Player;
use goeben_table_tools::sdr_charts::{VictorySide, WhatIfFleet};
use goeben_table_tools::sdr_purposes::SdrPurpose;
use goeben_table_tools::search::{Position, SearchAnswer, SearchLevel};
use goeben_table_tools::turn::TurnStep;
use goeben_table_tools::{ErrorCode, ToolAction, ToolResponse, ToolSession, FREE_DRAW};

use Player::{A, B};

fn refused(s: &mut ToolSession, action: ToolAction, code: ErrorCode) -> String {
    let before = s.clone();
    match s.respond(action.clone()) {
        ToolResponse::Error { code: got, message } => {
            assert_eq!(got, code, "{action:?}: {message}");
            assert_eq!(*s, before, "a refused {action:?} changed the session");
            message
        }
        other => panic!("{action:?} was not refused: {other:?}"),
    }
}

fn ok(s: &mut ToolSession, action: ToolAction) -> ToolResponse {
    let answer = s.respond(action.clone());
    assert!(!answer.is_error(), "{action:?}: {answer:?}");
    answer
}

fn draw(purpose: SdrPurpose, player: Player) -> ToolAction {
    ToolAction::Sdr(goeben_table_tools::sdr_requests::SdrAction::DrawSdr {
        player,
        purpose: Some(purpose),
        label: String::new(),
    })
}

const GERMAN_VC: SdrPurpose = SdrPurpose::VictoryConditions {
    side: VictorySide::German,
};
const BRITISH_VC: SdrPurpose = SdrPurpose::VictoryConditions {
    side: VictorySide::British,
};

fn sides() -> ToolSession {
    let mut s = ToolSession::seeded(3);
    ok(
        &mut s,
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::ChooseSides { british: B },
        ),
    );
    s
}

fn end_step(s: &mut ToolSession, player: Player) {
    ok(
        s,
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::EndStep { player },
        ),
    );
}

/// Plays the current turn to its end (both close movement and spotting; British, then German, searches).
fn finish_turn(s: &mut ToolSession) {
    loop {
        let ToolResponse::Peek(goeben_table_tools::peek::PeekAnswer::View(v)) = s.clone().respond(
            ToolAction::Peek(goeben_table_tools::peek::PeekAction::View {
                player: A,
                pin: None,
            }),
        ) else {
            unreachable!()
        };
        let next = match v.searches.search.step {
            TurnStep::Over => return,
            TurnStep::Movement | TurnStep::Spotting => {
                if v.searches.search.done.contains(&A) {
                    B
                } else {
                    A
                }
            }
            TurnStep::BritishSearch => B,
            TurnStep::GermanSearch => A,
            TurnStep::Setup => unreachable!("a turn is running"),
        };
        end_step(s, next);
    }
}

fn start(s: &mut ToolSession) {
    assert!(matches!(
        ok(
            s,
            ToolAction::Searches(
                goeben_table_tools::search_requests::SearchesAction::StartTurn { british: None }
            )
        ),
        ToolResponse::Searches(
            goeben_table_tools::search_requests::SearchesAnswer::TurnStarted { .. }
        )
    ));
}

fn turn_of(s: &ToolSession) -> (u32, TurnStep) {
    let ToolResponse::Peek(goeben_table_tools::peek::PeekAnswer::View(v)) = s.clone().respond(
        ToolAction::Peek(goeben_table_tools::peek::PeekAction::View {
            player: A,
            pin: None,
        }),
    ) else {
        unreachable!()
    };
    (v.searches.search.turn, v.searches.search.step)
}

/// Plays turns until turn `turn` is in its movement step.
fn to_turn(s: &mut ToolSession, turn: u32) {
    while turn_of(s).0 < turn {
        if turn_of(s).0 > 0 {
            finish_turn(s);
        }
        start(s);
    }
}

// ---- Secret Die Rolls bound to their purpose (seed 001 VICTORY CONDITIONS, ITALIAN NEUTRALITY) ----

#[test]
fn victory_conditions_a_second_draw_for_the_same_side_is_refused_and_the_first_chit_counts() {
    // Before: three "victory conditions" draws by one player were all accepted; they chose the best.
    let mut s = sides();
    let ToolResponse::Sdr(goeben_table_tools::sdr_requests::SdrAnswer::SdrDrawn { chit, .. }) =
        ok(&mut s, draw(GERMAN_VC, A))
    else {
        unreachable!()
    };
    assert_eq!(chit.purpose, Some(GERMAN_VC));
    assert!(
        chit.label.contains("German victory conditions"),
        "{}",
        chit.label
    );
    let message = refused(&mut s, draw(GERMAN_VC, A), ErrorCode::PurposeTaken);
    assert!(message.contains("chit #1"), "{message}");
    assert_eq!(
        s.chits().len(),
        1,
        "one chit for the German victory conditions"
    );
}

#[test]
fn victory_conditions_are_drawn_by_the_side_they_belong_to() {
    let mut s = sides();
    let message = refused(&mut s, draw(BRITISH_VC, A), ErrorCode::WrongSide);
    assert!(message.contains("British player (Player B)"), "{message}");
    refused(&mut s, draw(GERMAN_VC, B), ErrorCode::WrongSide);
    ok(&mut s, draw(BRITISH_VC, B));
}

#[test]
fn victory_conditions_before_the_sides_are_known_or_after_their_turn_are_refused() {
    let mut s = ToolSession::seeded(3);
    refused(&mut s, draw(GERMAN_VC, A), ErrorCode::NotNow);
    ok(
        &mut s,
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::ChooseSides { british: B },
        ),
    );
    // The German draws before the 1500, Aug 3 turn (turn 6): in turn 6, too late.
    to_turn(&mut s, 6);
    let message = refused(&mut s, draw(GERMAN_VC, A), ErrorCode::NotNow);
    assert!(message.contains("1500, Aug 3"), "{message}");
    // The British draws before the 0300, Aug 4 turn (turn 8): still in time in turn 7.
    to_turn(&mut s, 7);
    ok(&mut s, draw(BRITISH_VC, B));
}

#[test]
fn italian_neutrality_one_a_turn_by_the_british_player_from_aug_6_at_most_two_in_play() {
    // Before: four neutrality chits drawn by one player in one go were all accepted.
    let mut s = sides();
    let neutrality = SdrPurpose::ItalianNeutrality;
    refused(&mut s, draw(neutrality, B), ErrorCode::NotNow);
    to_turn(&mut s, 16);
    let message = refused(&mut s, draw(neutrality, B), ErrorCode::NotNow);
    assert!(message.contains("0900, Aug 6"), "{message}");
    to_turn(&mut s, 17);
    refused(&mut s, draw(neutrality, A), ErrorCode::WrongSide);
    let ToolResponse::Sdr(goeben_table_tools::sdr_requests::SdrAnswer::SdrDrawn {
        chit: first,
        ..
    }) = ok(&mut s, draw(neutrality, B))
    else {
        unreachable!()
    };
    refused(&mut s, draw(neutrality, B), ErrorCode::PurposeTaken);
    // Before movement: once the British player closes his movement, no more this turn.
    to_turn(&mut s, 18);
    end_step(&mut s, B);
    refused(&mut s, draw(neutrality, B), ErrorCode::NotNow);
    to_turn(&mut s, 19);
    ok(&mut s, draw(neutrality, B));
    to_turn(&mut s, 20);
    let message = refused(&mut s, draw(neutrality, B), ErrorCode::NotNow);
    assert!(message.contains("two neutrality chits"), "{message}");
    // Reveal and put one back: a third may be drawn.
    ok(
        &mut s,
        ToolAction::Sdr(goeben_table_tools::sdr_requests::SdrAction::RevealSdr {
            player: B,
            chit: first.chit,
        }),
    );
    ok(
        &mut s,
        ToolAction::Sdr(goeben_table_tools::sdr_requests::SdrAction::ReturnSdr {
            player: B,
            chit: first.chit,
        }),
    );
    ok(&mut s, draw(neutrality, B));
}

#[test]
fn what_if_one_per_fleet_by_its_player_before_the_first_turn_and_italy_face_up() {
    let mut s = sides();
    let french = SdrPurpose::WhatIf {
        fleet: WhatIfFleet::French,
    };
    refused(&mut s, draw(french, A), ErrorCode::WrongSide);
    ok(&mut s, draw(french, B));
    refused(&mut s, draw(french, B), ErrorCode::PurposeTaken);
    ok(
        &mut s,
        draw(
            SdrPurpose::WhatIf {
                fleet: WhatIfFleet::Austrian,
            },
            A,
        ),
    );
    let ToolResponse::Sdr(goeben_table_tools::sdr_requests::SdrAnswer::SdrDrawn { chit, .. }) = ok(
        &mut s,
        draw(
            SdrPurpose::WhatIf {
                fleet: WhatIfFleet::Italian,
            },
            A,
        ),
    ) else {
        unreachable!()
    };
    assert!(
        matches!(
            chit.face,
            goeben_table_tools::sdr::ChitFace::Revealed { verified: true, .. }
        ),
        "Italy's chit is face up: {chit:?}"
    );
    start(&mut s);
    refused(
        &mut s,
        draw(
            SdrPurpose::WhatIf {
                fleet: WhatIfFleet::German,
            },
            A,
        ),
        ErrorCode::NotNow,
    );
}

#[test]
fn what_if_italy_goes_to_war_only_when_italy_shows_5_or_6() {
    // Seed 001 What If? Italy 5-6: both players pick another SDR; otherwise there is none to draw.
    for seed in 0..200 {
        let mut s = ToolSession::seeded(seed);
        ok(
            &mut s,
            ToolAction::Searches(
                goeben_table_tools::search_requests::SearchesAction::ChooseSides { british: B },
            ),
        );
        let italy = SdrPurpose::WhatIf {
            fleet: WhatIfFleet::Italian,
        };
        let ToolResponse::Sdr(goeben_table_tools::sdr_requests::SdrAnswer::SdrDrawn {
            chit, ..
        }) = ok(&mut s, draw(italy, B))
        else {
            unreachable!()
        };
        let goeben_table_tools::sdr::ChitFace::Revealed { value, .. } = chit.face else {
            unreachable!()
        };
        let war = SdrPurpose::ItalyGoesToWar {
            side: VictorySide::German,
        };
        if value >= 5 {
            ok(&mut s, draw(war, A));
            refused(&mut s, draw(war, A), ErrorCode::PurposeTaken);
            return;
        }
        refused(&mut s, draw(war, A), ErrorCode::NotNow);
    }
    panic!("no seed drew Italy 5 or 6");
}

#[test]
fn a_free_draw_stays_for_house_rules_and_says_so() {
    let mut s = sides();
    let ToolResponse::Sdr(goeben_table_tools::sdr_requests::SdrAnswer::SdrDrawn { chit, .. }) = ok(
        &mut s,
        ToolAction::Sdr(goeben_table_tools::sdr_requests::SdrAction::DrawSdr {
            player: A,
            purpose: None,
            label: "victory conditions".into(),
        }),
    ) else {
        unreachable!()
    };
    assert_eq!(chit.label, format!("{FREE_DRAW}: victory conditions"));
    assert_eq!(chit.purpose, None);
    // A free draw does not take the purpose: the German victory conditions are still to draw.
    ok(&mut s, draw(GERMAN_VC, A));
    let ToolResponse::Peek(goeben_table_tools::peek::PeekAnswer::View(view)) = s.respond(
        ToolAction::Peek(goeben_table_tools::peek::PeekAction::View {
            player: B,
            pin: None,
        }),
    ) else {
        unreachable!()
    };
    assert!(
        view.log[1].text.contains("free draw (house rule)"),
        "{}",
        view.log[1].text
    );
}

// ---- The double-blind search follows the turn (seed 001 HOW TO PLAY, SPOTTING, HOW TO SEARCH) ----

fn at(square: &str) -> Position {
    Position {
        sea: "Ionian".into(),
        area: "Ionian A2".into(),
        square: square.into(),
        islands: false,
        port: None,
        coast_side: None,
    }
}

/// Goeben (A) in square 60, Indomitable (B) in 61, B British, turn 1 started (movement).
fn board() -> ToolSession {
    let mut s = sides();
    ok(
        &mut s,
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::IslandSquares {
                squares: vec!["70".into()],
            },
        ),
    );
    ok(
        &mut s,
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::PlaceUnit {
                player: A,
                unit: "Goeben".into(),
                at: at("60"),
            },
        ),
    );
    ok(
        &mut s,
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::PlaceUnit {
                player: B,
                unit: "Indomitable".into(),
                at: at("61"),
            },
        ),
    );
    start(&mut s);
    s
}

fn to_searches(s: &mut ToolSession) {
    for p in [A, B, A, B] {
        end_step(s, p);
    }
}

#[test]
fn how_to_play_start_turn_cannot_reopen_movement_mid_turn() {
    // Before: start_turn, move anywhere, search: three requests a probe; A found B's unit on the third.
    let mut s = board();
    to_searches(&mut s);
    ok(
        &mut s,
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::Search {
                player: B,
                level: SearchLevel::Sea,
                name: "Ionian".into(),
            },
        ),
    );
    let message = refused(
        &mut s,
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::StartTurn { british: None },
        ),
        ErrorCode::NotNow,
    );
    assert!(message.contains("not over"), "{message}");
    refused(
        &mut s,
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::MoveUnit {
                player: A,
                unit: "Goeben".into(),
                at: at("61"),
            },
        ),
        ErrorCode::SearchingNow,
    );
    end_step(&mut s, B);
    refused(
        &mut s,
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::StartTurn { british: None },
        ),
        ErrorCode::NotNow,
    );
    end_step(&mut s, A);
    start(&mut s);
}

#[test]
fn how_to_play_the_british_player_searches_first_then_the_german() {
    // Before: the German player could search before the British.
    let mut s = board();
    to_searches(&mut s);
    let message = refused(
        &mut s,
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::Search {
                player: A,
                level: SearchLevel::Sea,
                name: "Ionian".into(),
            },
        ),
        ErrorCode::NotNow,
    );
    assert!(
        message.contains("British player searches first"),
        "{message}"
    );
    refused(
        &mut s,
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::EndStep { player: A },
        ),
        ErrorCode::NotNow,
    );
    end_step(&mut s, B);
    refused(
        &mut s,
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::Search {
                player: B,
                level: SearchLevel::Sea,
                name: "Ionian".into(),
            },
        ),
        ErrorCode::NotNow,
    );
    ok(
        &mut s,
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::Search {
                player: A,
                level: SearchLevel::Sea,
                name: "Ionian".into(),
            },
        ),
    );
}

#[test]
fn prepare_for_play_who_is_british_is_fixed_for_the_game() {
    // Before: who is British could change every turn.
    let mut s = board();
    refused(
        &mut s,
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::ChooseSides { british: A },
        ),
        ErrorCode::WrongSide,
    );
    finish_turn(&mut s);
    refused(
        &mut s,
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::StartTurn { british: Some(A) },
        ),
        ErrorCode::WrongSide,
    );
    ok(
        &mut s,
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::StartTurn { british: Some(B) },
        ),
    );
}

#[test]
fn night_turns_the_turn_track_decides_night_not_the_caller() {
    // Before: day or night was whatever the caller said; now the request has no such field.
    let mut s = ToolSession::seeded(1);
    let line = r#"{"tool":"start_turn","night":false,"british":"b"}"#;
    let answer = goeben_table_tools::handle_line(&mut s, line);
    assert!(
        answer.contains(r#""code":"malformed""#) && answer.contains("night"),
        "{answer}"
    );
    ok(
        &mut s,
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::ChooseSides { british: B },
        ),
    );
    let nights: Vec<bool> = (0..4)
        .map(|_| {
            if turn_of(&s).0 > 0 {
                finish_turn(&mut s);
            }
            match ok(
                &mut s,
                ToolAction::Searches(
                    goeben_table_tools::search_requests::SearchesAction::StartTurn {
                        british: None,
                    },
                ),
            ) {
                ToolResponse::Searches(
                    goeben_table_tools::search_requests::SearchesAnswer::TurnStarted {
                        night, ..
                    },
                ) => night,
                _ => unreachable!(),
            }
        })
        .collect();
    assert_eq!(
        nights,
        [false, false, true, true],
        "0900, 1500 day; 2100, 0300 night (Time Record)"
    );
}

#[test]
fn spotting_movement_is_closed_once_reported_and_an_unit_announced_cannot_slip_away() {
    // Before: moves were accepted after the opponent's spotting report, and a unit announced as ending
    // in a square could move away before the search.
    let mut s = board();
    end_step(&mut s, A);
    refused(
        &mut s,
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::MoveUnit {
                player: A,
                unit: "Goeben".into(),
                at: at("59"),
            },
        ),
        ErrorCode::NotNow,
    );
    refused(
        &mut s,
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::ReportSpotting {
                player: B,
                square: "61".into(),
                units: vec!["Indomitable".into()],
                ended_there: Some(true),
            },
        ),
        ErrorCode::NotNow,
    );
    end_step(&mut s, B);
    ok(
        &mut s,
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::ReportSpotting {
                player: A,
                square: "60".into(),
                units: vec!["Goeben".into()],
                ended_there: Some(true),
            },
        ),
    );
    refused(
        &mut s,
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::MoveUnit {
                player: A,
                unit: "Goeben".into(),
                at: at("59"),
            },
        ),
        ErrorCode::NotNow,
    );
    refused(
        &mut s,
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::PlaceUnit {
                player: B,
                unit: "Gloucester".into(),
                at: at("60"),
            },
        ),
        ErrorCode::NotNow,
    );
}

#[test]
fn how_to_search_calling_the_same_square_again_gives_the_same_answer_with_no_new_die() {
    // Before (seed 2): deny, deny, found: each call of the same square re-rolled the night or island die.
    let mut s = sides();
    ok(
        &mut s,
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::IslandSquares {
                squares: vec!["60".into()],
            },
        ),
    );
    ok(
        &mut s,
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::PlaceUnit {
                player: A,
                unit: "Goeben".into(),
                at: at("60"),
            },
        ),
    );
    ok(
        &mut s,
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::PlaceUnit {
                player: B,
                unit: "Indomitable".into(),
                at: at("60"),
            },
        ),
    );
    start(&mut s);
    to_searches(&mut s);
    s.script_dice([2]);
    let call = ToolAction::Searches(
        goeben_table_tools::search_requests::SearchesAction::Search {
            player: B,
            level: SearchLevel::Square,
            name: "60".into(),
        },
    );
    assert!(matches!(
        ok(&mut s, call.clone()),
        ToolResponse::Searches(
            goeben_table_tools::search_requests::SearchesAnswer::SearchPending { .. }
        )
    ));
    ok(
        &mut s,
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::AnswerSearch {
                player: A,
                admit: false,
            },
        ),
    );
    let log_len = |s: &ToolSession| {
        s.clone().respond(ToolAction::Peek(
            goeben_table_tools::peek::PeekAction::TableView,
        ))
    };
    let before = log_len(&s);
    s.script_dice([1, 1, 1]);
    for _ in 0..3 {
        let ToolResponse::Searches(goeben_table_tools::search_requests::SearchesAnswer::Searched {
            dice,
            answer,
            ..
        }) = ok(&mut s, call.clone())
        else {
            panic!("the same answer, not a new call")
        };
        assert_eq!(answer, SearchAnswer::Nothing, "the denial stands");
        assert_eq!(dice.len(), 1);
        assert_eq!(dice[0].die, 2, "the die rolled at the first call");
    }
    assert_eq!(log_len(&s), before, "nothing logged, nothing rolled");
}

#[test]
fn island_squares_the_die_follows_the_square_not_the_callers_flag() {
    // Before: the caller's own record decided whether an island die was rolled.
    let mut s = sides();
    ok(
        &mut s,
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::IslandSquares {
                squares: vec!["70".into()],
            },
        ),
    );
    let flagged = Position {
        islands: true,
        ..at("60")
    };
    let ToolResponse::Searches(goeben_table_tools::search_requests::SearchesAnswer::Unit { unit }) =
        ok(
            &mut s,
            ToolAction::Searches(
                goeben_table_tools::search_requests::SearchesAction::PlaceUnit {
                    player: B,
                    unit: "Indomitable".into(),
                    at: flagged,
                },
            ),
        )
    else {
        unreachable!()
    };
    assert!(
        !unit.at.islands,
        "square 60 is not an island square of this game"
    );
    ok(
        &mut s,
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::PlaceUnit {
                player: B,
                unit: "Gloucester".into(),
                at: at("70"),
            },
        ),
    );
    ok(
        &mut s,
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::PlaceUnit {
                player: A,
                unit: "Goeben".into(),
                at: at("60"),
            },
        ),
    );
    start(&mut s);
    refused(
        &mut s,
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::IslandSquares {
                squares: vec!["60".into()],
            },
        ),
        ErrorCode::NotNow,
    );
    to_searches(&mut s);
    let ToolResponse::Searches(goeben_table_tools::search_requests::SearchesAnswer::Searched {
        dice,
        ..
    }) = ok(
        &mut s,
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::Search {
                player: B,
                level: SearchLevel::Square,
                name: "60".into(),
            },
        ),
    )
    else {
        unreachable!()
    };
    assert!(
        dice.is_empty(),
        "no island die in square 60 by day: {dice:?}"
    );
    s.script_dice([3]);
    let ToolResponse::Searches(goeben_table_tools::search_requests::SearchesAnswer::Searched {
        dice,
        ..
    }) = ok(
        &mut s,
        ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::Search {
                player: B,
                level: SearchLevel::Square,
                name: "70".into(),
            },
        ),
    )
    else {
        unreachable!()
    };
    assert_eq!(dice.len(), 1, "square 70 has islands: one die");
}

// ---- Fleet Charts bound (seed 002 5.1, 5.2, 7.2, 8.7, 10.1, 10.2, 10.4, 10.5.3) ----

use goeben_table_tools::fleets::{box_commitment, D10Procedure, FleetSide};
use goeben_table_tools::LogEntry;

/// A German (von Spee in box 4, Emden in 3), B Allied (Minotaur in 1).
fn charts() -> ToolSession {
    let mut s = ToolSession::seeded(3);
    ok(
        &mut s,
        ToolAction::Fleet(
            goeben_table_tools::fleet_requests::FleetAction::OpenFleetChart {
                player: A,
                side: FleetSide::German,
            },
        ),
    );
    ok(
        &mut s,
        ToolAction::Fleet(
            goeben_table_tools::fleet_requests::FleetAction::OpenFleetChart {
                player: B,
                side: FleetSide::Allied,
            },
        ),
    );
    for ship in ["Scharnhorst", "Gneisenau"] {
        ok(
            &mut s,
            ToolAction::Fleet(
                goeben_table_tools::fleet_requests::FleetAction::AssignShip {
                    player: A,
                    ship: ship.into(),
                    fleet_box: 4,
                },
            ),
        );
    }
    ok(
        &mut s,
        ToolAction::Fleet(
            goeben_table_tools::fleet_requests::FleetAction::AssignShip {
                player: A,
                ship: "Emden".into(),
                fleet_box: 3,
            },
        ),
    );
    ok(
        &mut s,
        ToolAction::Fleet(
            goeben_table_tools::fleet_requests::FleetAction::AssignShip {
                player: B,
                ship: "Minotaur".into(),
                fleet_box: 1,
            },
        ),
    );
    s
}

fn roll(player: Player, procedure: D10Procedure, fleet_box: Option<u8>) -> ToolAction {
    ToolAction::Fleet(goeben_table_tools::fleet_requests::FleetAction::RollD10 {
        player,
        procedure,
        fleet_box,
    })
}

fn log(s: &ToolSession) -> Vec<LogEntry> {
    let ToolResponse::Peek(goeben_table_tools::peek::PeekAnswer::TableView(t)) = s.clone().respond(
        ToolAction::Peek(goeben_table_tools::peek::PeekAction::TableView),
    ) else {
        unreachable!()
    };
    t.log.into_iter().map(|l| l.entry).collect()
}

/// The commitment of `owner`'s box as last logged (the public record the reveal is checked against).
fn logged_commitment(s: &ToolSession, owner: Player, fleet_box: u8) -> String {
    log(s)
        .into_iter()
        .rev()
        .find_map(|e| match e {
            LogEntry::Fleet(
                goeben_table_tools::fleet_requests::FleetLogEntry::FleetChartCommitted {
                    owner: o,
                    commitments,
                    ..
                },
            ) if o == owner => Some(commitments[fleet_box as usize - 1].clone()),
            _ => None,
        })
        .expect("the chart was committed")
}

#[test]
fn seed_002_5_2_a_located_box_cannot_be_emptied_before_its_reveal() {
    // Before: after a successful location roll the owner moved the ships out (transfer_ship, not logged)
    // and the reveal showed a decoy.
    let mut s = charts();
    s.script_dice([2]);
    let ToolResponse::Fleet(goeben_table_tools::fleet_requests::FleetAnswer::D10Rolled {
        result,
        revealed_box,
        ..
    }) = ok(&mut s, roll(B, D10Procedure::LocateAtSea, Some(1)))
    else {
        unreachable!()
    };
    assert!(
        result.success && revealed_box.is_some(),
        "located: the attacking box is revealed too (10.5.3)"
    );
    let message = refused(
        &mut s,
        ToolAction::Fleet(
            goeben_table_tools::fleet_requests::FleetAction::TransferShip {
                player: A,
                ship: "Scharnhorst".into(),
                from: 4,
                to: 5,
            },
        ),
        ErrorCode::NotNow,
    );
    assert!(message.contains("reveal its Fleet Box"), "{message}");
    refused(
        &mut s,
        ToolAction::Fleet(
            goeben_table_tools::fleet_requests::FleetAction::RemoveShip {
                player: A,
                ship: "Gneisenau".into(),
                fleet_box: 4,
            },
        ),
        ErrorCode::NotNow,
    );
    let committed = logged_commitment(&s, A, 4);
    ok(
        &mut s,
        ToolAction::Fleet(
            goeben_table_tools::fleet_requests::FleetAction::RevealFleetBox {
                player: A,
                fleet_box: 4,
            },
        ),
    );
    let Some(LogEntry::Fleet(
        goeben_table_tools::fleet_requests::FleetLogEntry::FleetBoxRevealed {
            ships,
            salt,
            commitment,
            ..
        },
    )) = log(&s).pop()
    else {
        panic!("the reveal is logged")
    };
    assert_eq!(ships, ["Gneisenau", "Scharnhorst"]);
    assert_eq!(
        commitment, committed,
        "the reveal is of the box as committed before the roll"
    );
    assert_eq!(
        box_commitment(FleetSide::German, 4, &ships, &salt),
        committed,
        "anyone can check it"
    );
    // Revealed: 5.2's regrouping is allowed again, and it is committed afresh.
    ok(
        &mut s,
        ToolAction::Fleet(
            goeben_table_tools::fleet_requests::FleetAction::TransferShip {
                player: A,
                ship: "Scharnhorst".into(),
                from: 4,
                to: 5,
            },
        ),
    );
    assert_ne!(
        logged_commitment(&s, A, 4),
        committed,
        "every change seals the boxes afresh"
    );
}

#[test]
fn seed_002_5_2_every_change_of_ships_is_logged_as_new_commitments_and_binds() {
    let mut s = charts();
    let before = log(&s).len();
    ok(
        &mut s,
        ToolAction::Fleet(
            goeben_table_tools::fleet_requests::FleetAction::TransferShip {
                player: A,
                ship: "Emden".into(),
                from: 3,
                to: 7,
            },
        ),
    );
    let entries = log(&s);
    assert_eq!(entries.len(), before + 1, "one entry for the move");
    let LogEntry::Fleet(goeben_table_tools::fleet_requests::FleetLogEntry::FleetChartCommitted {
        owner: A,
        commitments,
        ..
    }) = &entries[before]
    else {
        panic!("{:?}", entries[before])
    };
    assert_eq!(
        commitments.len(),
        12,
        "every box re-committed: the log says a change, not which box"
    );
    let text = serde_json::to_string(&entries).unwrap();
    assert!(
        !text.contains("Emden") && !text.contains("\"transfer"),
        "{text}"
    );
    // A save whose boxes no longer match their commitments is refused.
    let mut saved = serde_json::to_value(&s).unwrap();
    saved["fleets"]["a"]["boxes"][6] = serde_json::json!([]);
    saved["fleets"]["a"]["boxes"][2] = serde_json::json!(["Emden"]);
    let err = ToolSession::from_json(&saved.to_string()).unwrap_err();
    assert!(err.contains("does not match its commitment"), "{err}");
}

#[test]
fn seed_002_5_1_a_decoy_never_attacks_locates_or_bombards_even_unnamed() {
    // Before: a decoy was refused only when the roll named its box; leaving the box out let it act.
    let mut s = charts();
    for procedure in [
        D10Procedure::Bombardment,
        D10Procedure::LocateAtSea,
        D10Procedure::MerchantAttackReveal,
    ] {
        let message = refused(&mut s, roll(A, procedure, None), ErrorCode::BadInput);
        assert!(message.contains("name the acting Fleet Box"), "{message}");
        refused(
            &mut s,
            roll(A, procedure, Some(5)),
            ErrorCode::DecoyCannotAct,
        );
    }
    refused(
        &mut s,
        roll(B, D10Procedure::LocateAtSea, Some(2)),
        ErrorCode::DecoyCannotAct,
    );
}

#[test]
fn seed_002_each_roll_checks_its_side_10_2_bombardment_is_german() {
    // Before: rolls reserved for one side (10.2 bombardment is German) were made by either.
    let mut s = charts();
    let message = refused(
        &mut s,
        roll(B, D10Procedure::Bombardment, Some(1)),
        ErrorCode::WrongSide,
    );
    assert!(message.contains("10.2"), "{message}");
    refused(
        &mut s,
        roll(B, D10Procedure::WirelessStation, Some(1)),
        ErrorCode::WrongSide,
    );
    refused(
        &mut s,
        roll(B, D10Procedure::MerchantAttackReveal, Some(1)),
        ErrorCode::WrongSide,
    );
    refused(
        &mut s,
        roll(A, D10Procedure::CollierDestroyed, Some(4)),
        ErrorCode::WrongSide,
    );
    refused(
        &mut s,
        roll(A, D10Procedure::Occupation, None),
        ErrorCode::WrongSide,
    );
    refused(
        &mut ToolSession::seeded(1),
        roll(A, D10Procedure::Bombardment, Some(1)),
        ErrorCode::NoFleetChart,
    );
    ok(&mut s, roll(A, D10Procedure::Bombardment, Some(4)));
    ok(&mut s, roll(B, D10Procedure::Occupation, None));
    ok(&mut s, roll(B, D10Procedure::CoalingRaid, Some(1)));
}

#[test]
fn a_session_saved_before_the_seals_loads_sealed_and_its_commitments_logged() {
    // Old saves must still load: a chart without seals is sealed on load, in the public log.
    let s = charts();
    let mut old = serde_json::to_value(&s).unwrap();
    for owner in ["a", "b"] {
        old["fleets"][owner]
            .as_object_mut()
            .unwrap()
            .remove("seals");
        old["fleets"][owner]
            .as_object_mut()
            .unwrap()
            .remove("reveal_owed");
    }
    old["search"].as_object_mut().unwrap().remove("step");
    old.as_object_mut().unwrap().remove("salts");
    let loaded = ToolSession::from_json(&old.to_string()).expect("an older save loads");
    // The table host reads its state file with serde directly: the same bringing up to date and checks.
    let by_serde: ToolSession =
        serde_json::from_value(old.clone()).expect("an older save loads through serde too");
    assert_eq!(log(&by_serde).len(), log(&loaded).len());
    let entries = log(&loaded);
    let sealed = entries
        .iter()
        .rev()
        .take(2)
        .filter(|e| {
            matches!(
                e,
                LogEntry::Fleet(
                    goeben_table_tools::fleet_requests::FleetLogEntry::FleetChartCommitted { .. }
                )
            )
        })
        .count();
    assert_eq!(sealed, 2, "both charts sealed on load, in the log");
    assert_ne!(
        logged_commitment(&loaded, A, 4),
        logged_commitment(&s, A, 4),
        "fresh salts"
    );
}
