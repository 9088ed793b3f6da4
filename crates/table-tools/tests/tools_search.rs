//! Conformance of the double-blind search referee to seed 001 (crates/table-tools/src/search.rs,
//! docs/TOOLS.md "Search"). Each test names the seed heading it checks; dice are scripted. Player A is
//! German (Goeben, Breslau), player B British (Indomitable, Indefatigable, Gloucester).

use goeben_table_tools::sdr::Player;
use goeben_table_tools::search::{
    DieFor, PortStatus, Position, SearchAnswer, SearchDie, SearchLevel,
};
use goeben_table_tools::turn::TurnStep;
use goeben_table_tools::{handle_line, ToolAction, ToolResponse, ToolSession, ToolView};

use Player::{A, B};

fn at(sea: &str, area: &str, square: &str) -> Position {
    Position {
        sea: sea.into(),
        area: area.into(),
        square: square.into(),
        islands: false,
        port: None,
        coast_side: None,
    }
}

/// Places a unit before the first turn; a position marked with islands names its square an island square
/// first (seed 001 "ISLAND SQUARES": the game's public list decides the island die).
fn place(s: &mut ToolSession, player: Player, unit: &str, position: Position) {
    if position.islands {
        let named = s.respond(ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::IslandSquares {
                squares: vec![position.square.clone()],
            },
        ));
        assert!(
            matches!(
                named,
                ToolResponse::Searches(
                    goeben_table_tools::search_requests::SearchesAnswer::IslandSquares { .. }
                )
            ),
            "{named:?}"
        );
    }
    let answer = s.respond(ToolAction::Searches(
        goeben_table_tools::search_requests::SearchesAction::PlaceUnit {
            player,
            unit: unit.into(),
            at: position,
        },
    ));
    assert!(
        matches!(
            answer,
            ToolResponse::Searches(
                goeben_table_tools::search_requests::SearchesAnswer::Unit { .. }
            )
        ),
        "{answer:?}"
    );
}

/// Goeben in the Ionian, area "Ionian A2", square 60; Breslau in the Adriatic; the British cruising the
/// Ionian, one of them in Goeben's square. A day turn has started, B British, at the British searches.
fn board() -> ToolSession {
    let mut s = setup();
    start(&mut s, false);
    s
}

/// The units of [`board`], before the first turn.
fn setup() -> ToolSession {
    let mut s = ToolSession::seeded(5);
    place(&mut s, A, "Goeben", at("Ionian", "Ionian A2", "60"));
    place(&mut s, A, "Breslau", at("Adriatic", "Adriatic C4", "31"));
    place(&mut s, B, "Indomitable", at("Ionian", "Ionian A2", "60"));
    place(&mut s, B, "Indefatigable", at("Ionian", "Ionian B1", "64"));
    place(&mut s, B, "Gloucester", at("Western Med", "West D1", "12"));
    s
}

fn end_step(s: &mut ToolSession, player: Player) {
    let ended = s.respond(ToolAction::Searches(
        goeben_table_tools::search_requests::SearchesAction::EndStep { player },
    ));
    assert!(
        matches!(
            ended,
            ToolResponse::Searches(
                goeben_table_tools::search_requests::SearchesAnswer::StepEnded { .. }
            )
        ),
        "{ended:?}"
    );
}

/// Ends what is left of the turn, then starts turns (B British) until one is night or day as asked,
/// and plays it up to step `to`: movement closed, spotting closed, the British searches.
fn advance(s: &mut ToolSession, night: bool, to: TurnStep) {
    loop {
        let status = view(s, A).searches.search;
        match status.step {
            TurnStep::Setup | TurnStep::Over => {
                let started = s.respond(ToolAction::Searches(
                    goeben_table_tools::search_requests::SearchesAction::StartTurn {
                        british: Some(B),
                    },
                ));
                assert!(
                    matches!(
                        started,
                        ToolResponse::Searches(
                            goeben_table_tools::search_requests::SearchesAnswer::TurnStarted { .. }
                        )
                    ),
                    "{started:?}"
                );
                if view(s, A).searches.search.night == night && to == TurnStep::Movement {
                    return;
                }
            }
            step if step == to && status.night == night => return,
            TurnStep::Movement | TurnStep::Spotting => {
                for p in [A, B] {
                    if !status.done.contains(&p) {
                        end_step(s, p);
                    }
                }
            }
            TurnStep::BritishSearch => end_step(s, B),
            TurnStep::GermanSearch => end_step(s, A),
        }
    }
}

/// The next turn that is night or day as asked, at the British searches (a turn already searching is
/// finished first).
fn start(s: &mut ToolSession, night: bool) {
    match view(s, A).searches.search.step {
        TurnStep::BritishSearch => {
            end_step(s, B);
            end_step(s, A);
        }
        TurnStep::GermanSearch => end_step(s, A),
        _ => {}
    }
    advance(s, night, TurnStep::BritishSearch);
}

fn search(s: &mut ToolSession, player: Player, level: SearchLevel, name: &str) -> ToolResponse {
    s.respond(ToolAction::Searches(
        goeben_table_tools::search_requests::SearchesAction::Search {
            player,
            level,
            name: name.into(),
        },
    ))
}

fn answer_of(response: ToolResponse) -> (Vec<SearchDie>, SearchAnswer) {
    match response {
        ToolResponse::Searches(goeben_table_tools::search_requests::SearchesAnswer::Searched {
            dice,
            answer,
            ..
        }) => (dice, answer),
        other => panic!("expected an answer, got {other:?}"),
    }
}

fn view(s: &ToolSession, player: Player) -> ToolView {
    match s.clone().respond(ToolAction::Peek(
        goeben_table_tools::peek::PeekAction::View { player, pin: None },
    )) {
        ToolResponse::Peek(goeben_table_tools::peek::PeekAnswer::View(v)) => *v,
        other => panic!("{other:?}"),
    }
}

fn log_text(s: &ToolSession, player: Player) -> String {
    view(s, player)
        .log
        .iter()
        .map(|l| l.text.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

fn code(answer: &ToolResponse) -> String {
    match answer {
        ToolResponse::Error { code, .. } => code.name(),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

fn units(found: &[goeben_table_tools::search::Sighting]) -> Vec<&str> {
    found.iter().map(|s| s.unit.as_str()).collect()
}

#[test]
fn how_to_search_sea_and_area_calls_say_present_or_nothing_and_never_what() {
    let mut s = board();
    let (dice, answer) = answer_of(search(&mut s, B, SearchLevel::Sea, "ionian"));
    assert_eq!(answer, SearchAnswer::EnemyPresent);
    assert!(dice.is_empty(), "no die for a sea");
    assert_eq!(
        answer_of(search(&mut s, B, SearchLevel::Area, "Ionian A2")).1,
        SearchAnswer::EnemyPresent
    );
    assert_eq!(
        answer_of(search(&mut s, B, SearchLevel::Area, "Ionian B1")).1,
        SearchAnswer::Nothing
    );
    assert_eq!(
        answer_of(search(&mut s, B, SearchLevel::Sea, "Western Med")).1,
        SearchAnswer::Nothing
    );
    let b_text = serde_json::to_string(&view(&s, B)).unwrap();
    assert!(
        !b_text.contains("Goeben") && !b_text.contains("Breslau"),
        "a sea or area answer names nothing: {b_text}"
    );
}

#[test]
fn how_to_search_a_call_where_the_caller_has_no_unit_is_refused_and_changes_nothing() {
    let mut s = board();
    let before = s.clone();
    for (level, name) in [
        (SearchLevel::Sea, "Adriatic"),
        (SearchLevel::Area, "Adriatic C4"),
        (SearchLevel::Square, "31"),
    ] {
        let refused = search(&mut s, B, level, name);
        assert_eq!(code(&refused), "no_unit_there", "{level:?} {name}");
        assert_eq!(s, before);
    }
}

#[test]
fn how_to_search_a_square_found_is_told_exactly_both_ways() {
    let mut s = setup();
    place(&mut s, B, "1 CS", at("Ionian", "Ionian A2", "61"));
    start(&mut s, false);
    let ToolResponse::Searches(goeben_table_tools::search_requests::SearchesAnswer::Searched {
        answer:
            SearchAnswer::Found {
                found,
                with,
                may_fight,
            },
        ..
    }) = search(&mut s, B, SearchLevel::Square, "60")
    else {
        panic!()
    };
    assert_eq!(units(&found), ["Goeben"], "the caller learns what is there");
    assert_eq!(
        units(&with),
        ["Indomitable"],
        "the searched player learns what searched them, only what is in the square"
    );
    assert!(may_fight);
    let a_log = log_text(&s, A);
    assert!(
        a_log.contains("found Goeben; searching with Indomitable"),
        "{a_log}"
    );
    assert!(
        !a_log.contains("1 CS") && !a_log.contains("Indefatigable"),
        "units elsewhere stay hidden: {a_log}"
    );
}

#[test]
fn how_to_search_a_square_miss_tells_the_searched_player_nothing_of_the_caller() {
    let mut s = board();
    assert_eq!(
        answer_of(search(&mut s, B, SearchLevel::Square, "64")).1,
        SearchAnswer::Nothing
    );
    let a_log = log_text(&s, A);
    assert!(
        a_log.contains("searched Square 64: nothing") && !a_log.contains("Indefatigable"),
        "{a_log}"
    );
}

#[test]
fn island_squares_an_odd_die_answers_normally() {
    let mut s = ToolSession::seeded(5);
    place(&mut s, A, "Goeben", at("Ionian", "Ionian A2", "60"));
    place(
        &mut s,
        B,
        "Indomitable",
        Position {
            islands: true,
            ..at("Ionian", "Ionian A2", "60")
        },
    );
    start(&mut s, false);
    s.script_dice([3]);
    let (dice, answer) = answer_of(search(&mut s, B, SearchLevel::Square, "60"));
    assert_eq!(
        dice,
        [SearchDie {
            rolled_for: DieFor::Islands,
            die: 3
        }]
    );
    assert!(matches!(answer, SearchAnswer::Found { .. }));
}

/// B's Indomitable in island square 60 with Goeben; the next island die is `die`.
fn island_call(die: u8) -> (ToolSession, ToolResponse) {
    let mut s = ToolSession::seeded(5);
    place(&mut s, A, "Goeben", at("Ionian", "Ionian A2", "60"));
    place(
        &mut s,
        B,
        "Indomitable",
        Position {
            islands: true,
            ..at("Ionian", "Ionian A2", "60")
        },
    );
    place(
        &mut s,
        B,
        "Gloucester",
        Position {
            islands: true,
            ..at("Ionian", "Ionian A3", "66")
        },
    );
    start(&mut s, false);
    s.script_dice([die]);
    let response = search(&mut s, B, SearchLevel::Square, "60");
    (s, response)
}

#[test]
fn island_squares_an_even_die_leaves_the_searched_player_the_choice_before_the_caller_discloses() {
    let (mut s, response) = island_call(4);
    let ToolResponse::Searches(
        goeben_table_tools::search_requests::SearchesAnswer::SearchPending { call },
    ) = response
    else {
        panic!("{response:?}")
    };
    assert_eq!(
        call.dice,
        [SearchDie {
            rolled_for: DieFor::Islands,
            die: 4
        }]
    );
    assert_eq!(
        view(&s, A).searches.search.pending,
        Some(call.clone()),
        "the searched player sees the call waiting"
    );
    assert!(
        !log_text(&s, A).contains("Indomitable"),
        "the choice comes before the caller says what searches"
    );
    let ToolResponse::Searches(
        goeben_table_tools::search_requests::SearchesAnswer::SearchAnswered {
            admitted: true,
            answer: SearchAnswer::Found { found, with, .. },
            ..
        },
    ) = s.respond(ToolAction::Searches(
        goeben_table_tools::search_requests::SearchesAction::AnswerSearch {
            player: A,
            admit: true,
        },
    ))
    else {
        panic!()
    };
    assert_eq!(
        (units(&found), units(&with)),
        (vec!["Goeben"], vec!["Indomitable"])
    );
    assert!(
        log_text(&s, B).contains("found Goeben"),
        "the caller reads the answer in the log"
    );
    assert_eq!(view(&s, B).searches.search.pending, None);
}

#[test]
fn island_squares_a_denial_reads_exactly_like_an_empty_square() {
    let (mut denied, _) = island_call(2);
    let ToolResponse::Searches(
        goeben_table_tools::search_requests::SearchesAnswer::SearchAnswered {
            admitted: false,
            answer,
            ..
        },
    ) = denied.respond(ToolAction::Searches(
        goeben_table_tools::search_requests::SearchesAction::AnswerSearch {
            player: A,
            admit: false,
        },
    ))
    else {
        panic!()
    };
    assert_eq!(answer, SearchAnswer::Nothing);
    // The same call in a square where A has nothing: still a choice (the wait must not give A away).
    let (mut empty, _) = island_call(2);
    empty.respond(ToolAction::Searches(
        goeben_table_tools::search_requests::SearchesAction::AnswerSearch {
            player: A,
            admit: false,
        },
    ));
    let mut empty_square = ToolSession::seeded(5);
    place(
        &mut empty_square,
        A,
        "Goeben",
        at("Ionian", "Ionian A2", "59"),
    );
    place(
        &mut empty_square,
        B,
        "Indomitable",
        Position {
            islands: true,
            ..at("Ionian", "Ionian A2", "60")
        },
    );
    start(&mut empty_square, false);
    empty_square.script_dice([2]);
    assert!(
        matches!(
            search(&mut empty_square, B, SearchLevel::Square, "60"),
            ToolResponse::Searches(
                goeben_table_tools::search_requests::SearchesAnswer::SearchPending { .. }
            )
        ),
        "a choice even when nothing is there"
    );
    empty_square.respond(ToolAction::Searches(
        goeben_table_tools::search_requests::SearchesAction::AnswerSearch {
            player: A,
            admit: true,
        },
    ));
    let last = |s: &ToolSession| serde_json::to_value(view(s, B).log.last().unwrap()).unwrap();
    assert_eq!(
        last(&denied),
        last(&empty_square),
        "the caller cannot tell a denial from an empty square"
    );
}

#[test]
fn island_squares_a_pending_choice_blocks_other_requests_until_answered() {
    let (mut s, _) = island_call(6);
    let before = s.clone();
    let cases = [
        (
            ToolAction::Searches(
                goeben_table_tools::search_requests::SearchesAction::Search {
                    player: B,
                    level: SearchLevel::Square,
                    name: "66".into(),
                },
            ),
            "decision_pending",
        ),
        (
            ToolAction::Searches(
                goeben_table_tools::search_requests::SearchesAction::AnswerSearch {
                    player: B,
                    admit: true,
                },
            ),
            "not_your_decision",
        ),
        (
            ToolAction::Searches(
                goeben_table_tools::search_requests::SearchesAction::MoveUnit {
                    player: A,
                    unit: "Goeben".into(),
                    at: at("Ionian", "Ionian A2", "59"),
                },
            ),
            "decision_pending",
        ),
        (
            ToolAction::Searches(
                goeben_table_tools::search_requests::SearchesAction::StartTurn { british: None },
            ),
            "decision_pending",
        ),
    ];
    for (action, expected) in cases {
        assert_eq!(code(&s.respond(action.clone())), expected, "{action:?}");
        assert_eq!(s, before);
    }
    s.respond(ToolAction::Searches(
        goeben_table_tools::search_requests::SearchesAction::AnswerSearch {
            player: A,
            admit: true,
        },
    ));
    assert_eq!(
        code(&s.respond(ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::AnswerSearch {
                player: A,
                admit: true
            }
        ))),
        "no_decision_pending"
    );
}

#[test]
fn island_squares_a_sea_or_area_call_is_answered_normally_when_the_only_unit_there_is_in_an_island_square(
) {
    let mut s = ToolSession::seeded(5);
    place(
        &mut s,
        A,
        "Goeben",
        Position {
            islands: true,
            ..at("Aegean", "Aegean E1", "90")
        },
    );
    place(
        &mut s,
        B,
        "Indomitable",
        Position {
            islands: true,
            ..at("Aegean", "Aegean E1", "91")
        },
    );
    start(&mut s, false);
    s.script_dice([2, 2]);
    assert_eq!(
        answer_of(search(&mut s, B, SearchLevel::Sea, "Aegean")),
        (vec![], SearchAnswer::EnemyPresent)
    );
    assert_eq!(
        answer_of(search(&mut s, B, SearchLevel::Area, "Aegean E1")),
        (vec![], SearchAnswer::EnemyPresent)
    );
}

#[test]
fn night_turns_a_die_before_each_square_call_even_lets_the_searched_player_not_admit() {
    let mut s = board();
    start(&mut s, true);
    s.script_dice([5]);
    let (dice, answer) = answer_of(search(&mut s, B, SearchLevel::Square, "60"));
    assert_eq!(
        dice,
        [SearchDie {
            rolled_for: DieFor::Night,
            die: 5
        }]
    );
    assert!(
        matches!(answer, SearchAnswer::Found { .. }),
        "odd: answered normally"
    );
    start(&mut s, true);
    s.script_dice([2]);
    assert!(matches!(
        search(&mut s, B, SearchLevel::Square, "60"),
        ToolResponse::Searches(
            goeben_table_tools::search_requests::SearchesAnswer::SearchPending { .. }
        )
    ));
    let ToolResponse::Searches(
        goeben_table_tools::search_requests::SearchesAnswer::SearchAnswered { answer, .. },
    ) = s.respond(ToolAction::Searches(
        goeben_table_tools::search_requests::SearchesAction::AnswerSearch {
            player: A,
            admit: false,
        },
    ))
    else {
        panic!()
    };
    assert_eq!(answer, SearchAnswer::Nothing);
    // Seas and areas are searched normally at night: no die.
    s.script_dice([2]);
    assert_eq!(
        answer_of(search(&mut s, B, SearchLevel::Sea, "Ionian")),
        (vec![], SearchAnswer::EnemyPresent)
    );
}

#[test]
fn night_turns_an_island_square_at_night_rolls_both_dice() {
    let mut s = ToolSession::seeded(5);
    place(&mut s, A, "Goeben", at("Ionian", "Ionian A2", "60"));
    place(
        &mut s,
        B,
        "Indomitable",
        Position {
            islands: true,
            ..at("Ionian", "Ionian A2", "60")
        },
    );
    start(&mut s, true);
    s.script_dice([1, 4]);
    let ToolResponse::Searches(
        goeben_table_tools::search_requests::SearchesAnswer::SearchPending { call },
    ) = search(&mut s, B, SearchLevel::Square, "60")
    else {
        panic!()
    };
    assert_eq!(
        call.dice,
        [
            SearchDie {
                rolled_for: DieFor::Night,
                die: 1
            },
            SearchDie {
                rolled_for: DieFor::Islands,
                die: 4
            }
        ]
    );
}

#[test]
fn spotting_a_day_report_names_the_units_to_the_opponent() {
    let mut s = setup();
    advance(&mut s, false, TurnStep::Spotting);
    let answer = s.respond(ToolAction::Searches(
        goeben_table_tools::search_requests::SearchesAction::ReportSpotting {
            player: A,
            square: "Messina strait".into(),
            units: vec!["Goeben".into()],
            ended_there: None,
        },
    ));
    assert!(
        matches!(
            answer,
            ToolResponse::Searches(
                goeben_table_tools::search_requests::SearchesAnswer::SpottingReported {
                    heard: true,
                    night_die: None,
                    ..
                }
            )
        ),
        "{answer:?}"
    );
    assert!(log_text(&s, B).contains("Player A: Goeben passed through square Messina strait."));
}

#[test]
fn spotting_ending_in_a_port_square_says_so_with_in_port_or_cruising() {
    let mut s = ToolSession::seeded(5);
    place(
        &mut s,
        A,
        "Goeben",
        Position {
            port: Some(PortStatus::Cruising),
            ..at("Ionian", "Ionian A1", "Messina")
        },
    );
    advance(&mut s, false, TurnStep::Spotting);
    s.respond(ToolAction::Searches(
        goeben_table_tools::search_requests::SearchesAction::ReportSpotting {
            player: A,
            square: "messina".into(),
            units: vec!["goeben".into()],
            ended_there: Some(true),
        },
    ));
    assert!(
        log_text(&s, B).contains("Goeben (cruising) ended the move in square messina"),
        "{}",
        log_text(&s, B)
    );
    let before = s.clone();
    let refused = s.respond(ToolAction::Searches(
        goeben_table_tools::search_requests::SearchesAction::ReportSpotting {
            player: A,
            square: "52".into(),
            units: vec!["Goeben".into()],
            ended_there: Some(true),
        },
    ));
    assert_eq!(code(&refused), "not_there");
    let refused = s.respond(ToolAction::Searches(
        goeben_table_tools::search_requests::SearchesAction::ReportSpotting {
            player: A,
            square: "52".into(),
            units: vec!["Indomitable".into()],
            ended_there: None,
        },
    ));
    assert_eq!(
        code(&refused),
        "unknown_unit",
        "a player reports only their own units"
    );
    assert_eq!(
        code(&s.respond(ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::ReportSpotting {
                player: A,
                square: "52".into(),
                units: vec![],
                ended_there: None
            }
        ))),
        "bad_input"
    );
    assert_eq!(s, before);
}

#[test]
fn night_turns_a_spotting_report_takes_a_die_odd_reports_even_does_not() {
    let mut s = setup();
    advance(&mut s, true, TurnStep::Spotting);
    s.script_dice([3, 4]);
    let heard = s.respond(ToolAction::Searches(
        goeben_table_tools::search_requests::SearchesAction::ReportSpotting {
            player: A,
            square: "Otranto strait".into(),
            units: vec!["Breslau".into()],
            ended_there: None,
        },
    ));
    assert!(matches!(
        heard,
        ToolResponse::Searches(
            goeben_table_tools::search_requests::SearchesAnswer::SpottingReported {
                heard: true,
                night_die: Some(3),
                ..
            }
        )
    ));
    assert!(log_text(&s, B).contains("Breslau passed through"));
    let silent = s.respond(ToolAction::Searches(
        goeben_table_tools::search_requests::SearchesAction::ReportSpotting {
            player: A,
            square: "Messina strait".into(),
            units: vec!["Goeben".into()],
            ended_there: None,
        },
    ));
    assert!(
        matches!(
            silent,
            ToolResponse::Searches(
                goeben_table_tools::search_requests::SearchesAnswer::SpottingReported {
                    heard: false,
                    night_die: Some(4),
                    ..
                }
            )
        ),
        "{silent:?}"
    );
    let b_log = log_text(&s, B);
    assert!(
        b_log.contains("night spotting die: 4 (even: no report)")
            && !b_log.contains("Goeben")
            && !b_log.contains("Messina"),
        "{b_log}"
    );
    // A roll naming no unit is allowed at night, to keep the opponent guessing.
    s.script_dice([6]);
    assert!(matches!(
        s.respond(ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::ReportSpotting {
                player: B,
                square: "x".into(),
                units: vec![],
                ended_there: None
            }
        )),
        ToolResponse::Searches(
            goeben_table_tools::search_requests::SearchesAnswer::SpottingReported { .. }
        )
    ));
}

#[test]
fn port_squares_units_on_port_squares_are_disclosed_before_the_searches_once_a_turn() {
    let mut s = setup();
    place(
        &mut s,
        B,
        "Inflexible",
        Position {
            port: Some(PortStatus::InPort),
            ..at("Central Med", "Malta M1", "Malta")
        },
    );
    place(
        &mut s,
        A,
        "Collier 1",
        Position {
            port: Some(PortStatus::Cruising),
            ..at("Ionian", "Ionian A2", "60")
        },
    );
    // Disclosed when the searches begin (both players closed spotting), before the first call.
    start(&mut s, false);
    search(&mut s, B, SearchLevel::Sea, "Ionian");
    search(&mut s, B, SearchLevel::Sea, "Western Med");
    let a_log = log_text(&s, A);
    assert!(
        a_log.contains("Player B: Inflexible is in port at square Malta."),
        "{a_log}"
    );
    assert!(a_log.contains("Player A: Collier 1 is cruising off the coast at square 60."));
    assert_eq!(
        a_log.matches("Inflexible is in port").count(),
        1,
        "once a turn"
    );
    // In port: found, but no fight.
    place_after_turn(
        &mut s,
        A,
        "Goeben",
        Position {
            port: Some(PortStatus::Cruising),
            ..at("Central Med", "Malta M1", "Malta")
        },
    );
    end_step(&mut s, B);
    let ToolResponse::Searches(goeben_table_tools::search_requests::SearchesAnswer::Searched {
        answer: SearchAnswer::Found {
            may_fight, with, ..
        },
        ..
    }) = search(&mut s, A, SearchLevel::Square, "Malta")
    else {
        panic!()
    };
    assert_eq!(with[0].port, Some(PortStatus::Cruising));
    assert!(!may_fight, "a ship in port cannot fight or be attacked");
}

/// Moves a unit in the next day turn's movement, then plays on to its British searches.
fn place_after_turn(s: &mut ToolSession, player: Player, unit: &str, position: Position) {
    advance(s, false, TurnStep::Movement);
    let moved = s.respond(ToolAction::Searches(
        goeben_table_tools::search_requests::SearchesAction::MoveUnit {
            player,
            unit: unit.into(),
            at: position,
        },
    ));
    assert!(
        matches!(
            moved,
            ToolResponse::Searches(
                goeben_table_tools::search_requests::SearchesAnswer::Unit { .. }
            )
        ),
        "{moved:?}"
    );
    start(s, false);
}

#[test]
fn coastlines_a_two_sided_square_is_answered_with_the_side_and_opposite_sides_do_not_fight() {
    let mut s = ToolSession::seeded(5);
    let side = |side: &str| Position {
        coast_side: Some(side.into()),
        ..at("Ionian", "Ionian A1", "52")
    };
    place(&mut s, A, "Goeben", side("Adriatic"));
    place(&mut s, B, "Indomitable", side("Ionian"));
    start(&mut s, false);
    let ToolResponse::Searches(goeben_table_tools::search_requests::SearchesAnswer::Searched {
        answer: SearchAnswer::Found {
            found, may_fight, ..
        },
        ..
    }) = search(&mut s, B, SearchLevel::Square, "52")
    else {
        panic!()
    };
    assert_eq!(found[0].coast_side.as_deref(), Some("Adriatic"));
    assert!(!may_fight);
    assert!(log_text(&s, A)
        .contains("found Goeben (Adriatic side); searching with Indomitable (Ionian side)"));
    place_after_turn(&mut s, B, "Indomitable", side("adriatic"));
    let ToolResponse::Searches(goeben_table_tools::search_requests::SearchesAnswer::Searched {
        answer: SearchAnswer::Found { may_fight, .. },
        ..
    }) = search(&mut s, B, SearchLevel::Square, "52")
    else {
        panic!()
    };
    assert!(may_fight, "same side: combat");
}

#[test]
fn how_to_play_searches_are_recorded_as_british_or_german_and_units_stay_put_while_searching() {
    let mut s = board();
    search(&mut s, B, SearchLevel::Sea, "Ionian");
    end_step(&mut s, B);
    search(&mut s, A, SearchLevel::Sea, "Adriatic");
    let log = log_text(&s, A);
    assert!(
        log.contains(
            "Turn 1, 0900, Aug 2 (day): Player B is British and searches first, then Player A."
        ),
        "{log}"
    );
    assert!(
        log.contains("British searches: Player B searched Sea Ionian")
            && log.contains("German searches: Player A searched Sea Adriatic")
    );
    assert_eq!(view(&s, B).searches.search.searching, Some(A));
    let before = s.clone();
    assert_eq!(
        code(&s.respond(ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::MoveUnit {
                player: A,
                unit: "Goeben".into(),
                at: at("Ionian", "Ionian A2", "59")
            }
        ))),
        "searching_now"
    );
    assert_eq!(
        code(&s.respond(ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::ReportSpotting {
                player: A,
                square: "52".into(),
                units: vec!["Goeben".into()],
                ended_there: None
            }
        ))),
        "searching_now"
    );
    assert_eq!(s, before);
    advance(&mut s, false, TurnStep::Movement);
    assert!(matches!(
        s.respond(ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::MoveUnit {
                player: A,
                unit: "Goeben".into(),
                at: at("Ionian", "Ionian A2", "59")
            }
        )),
        ToolResponse::Searches(goeben_table_tools::search_requests::SearchesAnswer::Unit { .. })
    ));
}

#[test]
fn unit_requests_are_refused_clearly_and_change_nothing() {
    let mut s = ToolSession::seeded(1);
    assert_eq!(
        code(&search(&mut s, A, SearchLevel::Sea, "Ionian")),
        "no_turn"
    );
    place(&mut s, A, "Goeben", at("Ionian", "Ionian A2", "60"));
    let before = s.clone();
    let cases = [
        (
            ToolAction::Searches(
                goeben_table_tools::search_requests::SearchesAction::PlaceUnit {
                    player: A,
                    unit: " goeben ".into(),
                    at: at("Ionian", "Ionian A2", "61"),
                },
            ),
            "unit_exists",
        ),
        (
            ToolAction::Searches(
                goeben_table_tools::search_requests::SearchesAction::PlaceUnit {
                    player: A,
                    unit: "Breslau".into(),
                    at: at("Ionian", "", "61"),
                },
            ),
            "bad_input",
        ),
        (
            ToolAction::Searches(
                goeben_table_tools::search_requests::SearchesAction::MoveUnit {
                    player: B,
                    unit: "Goeben".into(),
                    at: at("Ionian", "Ionian A2", "61"),
                },
            ),
            "unknown_unit",
        ),
        (
            ToolAction::Searches(
                goeben_table_tools::search_requests::SearchesAction::RemoveUnit {
                    player: B,
                    unit: "Goeben".into(),
                },
            ),
            "unknown_unit",
        ),
        (
            ToolAction::Searches(
                goeben_table_tools::search_requests::SearchesAction::ReportSpotting {
                    player: A,
                    square: "52".into(),
                    units: vec!["Goeben".into()],
                    ended_there: None,
                },
            ),
            "no_turn",
        ),
        (
            ToolAction::Searches(
                goeben_table_tools::search_requests::SearchesAction::AnswerSearch {
                    player: B,
                    admit: true,
                },
            ),
            "no_decision_pending",
        ),
    ];
    for (action, expected) in cases {
        assert_eq!(code(&s.respond(action.clone())), expected, "{action:?}");
        assert_eq!(s, before, "{action:?}");
    }
    assert!(matches!(
        s.respond(ToolAction::Searches(
            goeben_table_tools::search_requests::SearchesAction::RemoveUnit {
                player: A,
                unit: "GOEBEN".into()
            }
        )),
        ToolResponse::Searches(
            goeben_table_tools::search_requests::SearchesAnswer::UnitRemoved { .. }
        )
    ));
    assert!(view(&s, A).searches.units.is_empty());
}

#[test]
fn the_search_state_survives_a_save_and_an_older_save_still_loads() {
    let (s, _) = island_call(2);
    let restored = ToolSession::from_json(&serde_json::to_string(&s).unwrap()).unwrap();
    assert_eq!(restored, s, "a pending choice survives too");
    let mut old = serde_json::to_value(ToolSession::seeded(9)).unwrap();
    old.as_object_mut().unwrap().remove("search");
    assert!(ToolSession::from_json(&old.to_string()).is_ok());
}

#[test]
fn search_requests_parse_from_json_lines_and_a_position_refuses_unknown_fields() {
    let mut s = ToolSession::seeded(4);
    let placed = handle_line(
        &mut s,
        r#"{"tool":"place_unit","player":"a","unit":"Goeben","at":{"sea":"Ionian","area":"Ionian A2","square":"52","coast_side":"Adriatic"}}"#,
    );
    assert!(placed.contains(r#""tool":"unit""#), "{placed}");
    let bad = handle_line(
        &mut s,
        r#"{"tool":"place_unit","player":"a","unit":"Breslau","at":{"sea":"Ionian","area":"A","square":"5","island":true}}"#,
    );
    assert!(
        bad.contains(r#""code":"malformed""#),
        "a misspelt position field is refused: {bad}"
    );
    let started = handle_line(&mut s, r#"{"tool":"start_turn","british":"b"}"#);
    assert!(started.contains(r#""tool":"turn_started""#));
}
