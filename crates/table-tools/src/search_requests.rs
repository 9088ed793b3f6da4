//! The seed 001 search tool of a [`ToolSession`]: its requests (the acting player's units, turns, spotting
//! reports, search calls and the searched player's choices), the log lines they leave (all public: what
//! the rules make a player say aloud), and what each player and the shared screen see of its state in the
//! session ([`super::search::SearchBoard`]: each player's units, secret, and the turn). The rules
//! themselves are in [`super::search`].

use super::player::Player;
use super::refusal::Refusal;
use super::search::{CallOutcome, PortStatus, Position, SearchAnswer, SearchLevel, Sighting};
use super::turn::TurnStep;
use super::{name, LogEntry, ToolResponse, ToolSession, LOG_MAX};
use crate::search::{PendingCall, SearchBoard, SearchDie, SearchStatus, Unit};
use crate::tool::{TableTool, ToolLog, ToolViews};
use crate::turn;
use goeben_common::ErrorCode;
use serde::{Deserialize, Serialize};
use strum::VariantNames;
use ts_rs::TS;

/// Log entries one search request may add at most: a call, and the port disclosures of both players.
const ENTRIES_PER_REQUEST_MAX: usize = 2 + 2 * super::search::UNITS_MAX;

fn refused(r: Refusal) -> ToolResponse {
    ToolResponse::error(r.code, r.message)
}

/// The requests of the double-blind search (seed 001): its part of `ToolAction`, tagged by `"tool"`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, VariantNames)]
#[serde(tag = "tool", rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum SearchesAction {
    /// Records one of this player's units (seed 001) at a position only they see.
    PlaceUnit {
        player: Player,
        unit: String,
        at: Position,
    },
    /// Moves one of this player's units (before the turn's searches begin).
    MoveUnit {
        player: Player,
        unit: String,
        at: Position,
    },
    /// Takes one of this player's units off (sunk, or left the map).
    RemoveUnit { player: Player, unit: String },
    /// Starts the next turn of seed 001's track, once the last is over (the track decides day or night).
    /// `british` fixes who is British the first time; afterwards it may be left out, or must agree.
    StartTurn {
        #[serde(default)]
        #[ts(optional)]
        british: Option<Player>,
    },
    /// Fixes who is British for the whole game (seed 001 "PREPARE FOR PLAY"); once only.
    ChooseSides { british: Player },
    /// Names the squares with islands before the first turn (seed 001 "ISLAND SQUARES"); public.
    IslandSquares { squares: Vec<String> },
    /// This player is done with the turn's step: movement, spotting, or (when searching) their searches
    /// (seed 001 "HOW TO PLAY").
    EndStep { player: Player },
    /// Announces units that crossed (or, with `ended_there`, ended in) a square the rules make public
    /// (seed 001 "SPOTTING"); at night a die decides first ("NIGHT TURNS").
    ReportSpotting {
        player: Player,
        square: String,
        units: Vec<String>,
        #[serde(default)]
        #[ts(optional)]
        ended_there: Option<bool>,
    },
    /// Calls a sea, area or square where this player has a unit (seed 001 "HOW TO SEARCH").
    Search {
        player: Player,
        level: SearchLevel,
        name: String,
    },
    /// The searched player's choice on a square call that rolled even: be found (`admit`) or not.
    AnswerSearch { player: Player, admit: bool },
}

/// The answers of the double-blind search (seed 001): its part of `ToolResponse`, tagged by `"tool"`.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[serde(tag = "tool", rename_all = "snake_case")]
pub enum SearchesAnswer {
    /// One of the acting player's units where it now is.
    Unit {
        unit: Box<Unit>,
    },
    UnitRemoved {
        unit: String,
    },
    TurnStarted {
        turn: u32,
        night: bool,
        british: Player,
    },
    /// Who is British for the game.
    SidesChosen {
        british: Player,
    },
    /// The game's island squares (public).
    IslandSquares {
        squares: Vec<String>,
    },
    /// The step this player closed, and the step the turn is at now.
    StepEnded {
        ended: turn::TurnStep,
        now: turn::TurnStep,
    },
    /// To the reporter: what was reported, and whether the opponent heard it (`heard`).
    SpottingReported {
        square: String,
        units: Vec<String>,
        ended_there: bool,
        night_die: Option<u8>,
        heard: bool,
    },
    /// The answer to the caller's search.
    Searched {
        level: SearchLevel,
        name: String,
        dice: Vec<SearchDie>,
        answer: SearchAnswer,
    },
    /// A square call waiting for the searched player's choice.
    SearchPending {
        call: PendingCall,
    },
    /// To the searched player: their choice and the answer the caller got.
    SearchAnswered {
        square: String,
        admitted: bool,
        answer: SearchAnswer,
    },
}

/// The log entries of the double-blind search (seed 001): its part of `LogEntry`, tagged by `"entry"`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, VariantNames)]
#[serde(tag = "entry", rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum SearchesLogEntry {
    TurnStarted {
        turn: u32,
        night: bool,
        british: Player,
    },
    /// Who is British for the whole game (seed 001 "PREPARE FOR PLAY").
    SidesChosen { british: Player },
    /// The squares with islands, named before the first turn (seed 001 "ISLAND SQUARES").
    IslandSquares { squares: Vec<String> },
    /// A player closed their part of a step of the turn (seed 001 "HOW TO PLAY").
    StepEnded {
        turn: u32,
        player: Player,
        step: turn::TurnStep,
    },
    /// A night spotting die, rolled in the open; an even die spares the report ("NIGHT TURNS").
    SpottingDie { by: Player, die: u8 },
    /// A spotting announcement ("SPOTTING").
    Spotted {
        by: Player,
        square: String,
        units: Vec<Sighting>,
        ended_there: bool,
    },
    /// A unit on a port square, disclosed before the searches ("PORT SQUARES").
    PortDisclosed {
        owner: Player,
        unit: String,
        square: String,
        port: PortStatus,
    },
    /// A search call answered at once; `british` says whose searches these are (the British player's
    /// come first; recorded, not enforced).
    SearchCalled {
        turn: u32,
        caller: Player,
        british: bool,
        level: SearchLevel,
        name: String,
        dice: Vec<SearchDie>,
        answer: SearchAnswer,
    },
    /// A square call waiting for the searched player's choice.
    SearchAwaiting {
        turn: u32,
        caller: Player,
        british: bool,
        square: String,
        dice: Vec<SearchDie>,
    },
    /// The answer to a call that waited. A refusal to admit reads exactly like an empty square.
    SearchAnswered {
        turn: u32,
        caller: Player,
        square: String,
        answer: SearchAnswer,
    },
}

impl TableTool for SearchesAction {
    fn respond(self, session: &mut ToolSession) -> ToolResponse {
        match self {
            SearchesAction::PlaceUnit { player, unit, at } => {
                session.place_unit(player, &unit, &at)
            }
            SearchesAction::MoveUnit { player, unit, at } => session.move_unit(player, &unit, &at),
            SearchesAction::RemoveUnit { player, unit } => session.remove_unit(player, &unit),
            SearchesAction::StartTurn { british } => session.start_turn(british),
            SearchesAction::ChooseSides { british } => session.choose_sides(british),
            SearchesAction::IslandSquares { squares } => session.name_island_squares(&squares),
            SearchesAction::EndStep { player } => session.end_step(player),
            SearchesAction::ReportSpotting {
                player,
                square,
                units,
                ended_there,
            } => session.report_spotting(player, &square, &units, ended_there.unwrap_or(false)),
            SearchesAction::Search {
                player,
                level,
                name,
            } => session.search(player, level, &name),
            SearchesAction::AnswerSearch { player, admit } => session.answer_search(player, admit),
        }
    }

    fn acting_player(&self) -> Option<Player> {
        match self {
            SearchesAction::PlaceUnit { player, .. }
            | SearchesAction::MoveUnit { player, .. }
            | SearchesAction::RemoveUnit { player, .. }
            | SearchesAction::ReportSpotting { player, .. }
            | SearchesAction::Search { player, .. }
            | SearchesAction::AnswerSearch { player, .. }
            | SearchesAction::EndStep { player } => Some(*player),
            // Starting the turn (only once the last is over), fixing the sides and the island squares
            // before the game (once, in the public log) are public to both players.
            SearchesAction::StartTurn { .. }
            | SearchesAction::ChooseSides { .. }
            | SearchesAction::IslandSquares { .. } => None,
        }
    }

    /// A save from before the turn steps: placed in its step, its island squares named.
    fn update_loaded(session: &mut ToolSession) {
        session.search.migrate();
    }

    fn check(session: &ToolSession) -> Result<(), String> {
        session.search.check()
    }
}

/// What a player sees of the search: their own units, and the turn.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct SearchSeatView {
    /// This player's own seed 001 units and their positions (the other player's are never shown).
    pub units: Vec<Unit>,
    pub search: SearchStatus,
}

/// What the shared screen sees of the search: the turn only.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct SearchTableView {
    /// The search turn: turn, night, who is British, whose searches, whether they have begun, and a
    /// waiting call's public part (caller, square, dice).
    pub search: SearchStatus,
}

impl ToolViews for SearchBoard {
    type SeatView = SearchSeatView;
    type TableView = SearchTableView;

    fn seat_view(&self, player: Player) -> SearchSeatView {
        SearchSeatView {
            units: self.units(player).to_vec(),
            search: self.status(),
        }
    }

    fn table_view(&self) -> SearchTableView {
        SearchTableView {
            search: self.status(),
        }
    }
}

impl ToolLog for SearchesLogEntry {
    fn text(&self) -> String {
        log_text(self)
    }
}

impl ToolSession {
    fn log_room(&self) -> Result<(), ToolResponse> {
        match self.log.len() + ENTRIES_PER_REQUEST_MAX > LOG_MAX {
            true => Err(ToolResponse::error(
                ErrorCode::LogFull,
                "this session's log is full; start a new session",
            )),
            false => Ok(()),
        }
    }

    pub(super) fn place_unit(&mut self, player: Player, unit: &str, at: &Position) -> ToolResponse {
        match self.search.place(player, unit, at) {
            Ok(unit) => ToolResponse::Searches(SearchesAnswer::Unit {
                unit: Box::new(unit),
            }),
            Err(r) => refused(r),
        }
    }

    pub(super) fn move_unit(&mut self, player: Player, unit: &str, at: &Position) -> ToolResponse {
        match self.search.move_to(player, unit, at) {
            Ok(unit) => ToolResponse::Searches(SearchesAnswer::Unit {
                unit: Box::new(unit),
            }),
            Err(r) => refused(r),
        }
    }

    pub(super) fn remove_unit(&mut self, player: Player, unit: &str) -> ToolResponse {
        match self.search.remove(player, unit) {
            Ok(gone) => ToolResponse::Searches(SearchesAnswer::UnitRemoved { unit: gone.unit }),
            Err(r) => refused(r),
        }
    }

    pub(super) fn start_turn(&mut self, british: Option<Player>) -> ToolResponse {
        if let Err(full) = self.log_room() {
            return full;
        }
        let fixing = self.search.british().is_none();
        match self.search.start_turn(british) {
            Ok(turn) => {
                let british = self
                    .search
                    .british()
                    .expect("a turn starts with the sides fixed");
                if fixing {
                    self.log
                        .push(LogEntry::Searches(SearchesLogEntry::SidesChosen {
                            british,
                        }));
                }
                let night = self.search.status().night;
                self.log
                    .push(LogEntry::Searches(SearchesLogEntry::TurnStarted {
                        turn,
                        night,
                        british,
                    }));
                ToolResponse::Searches(SearchesAnswer::TurnStarted {
                    turn,
                    night,
                    british,
                })
            }
            Err(r) => refused(r),
        }
    }

    pub(super) fn choose_sides(&mut self, british: Player) -> ToolResponse {
        if let Err(full) = self.log_room() {
            return full;
        }
        match self.search.choose_sides(british) {
            Ok(()) => {
                self.log
                    .push(LogEntry::Searches(SearchesLogEntry::SidesChosen {
                        british,
                    }));
                ToolResponse::Searches(SearchesAnswer::SidesChosen { british })
            }
            Err(r) => refused(r),
        }
    }

    pub(super) fn name_island_squares(&mut self, squares: &[String]) -> ToolResponse {
        if let Err(full) = self.log_room() {
            return full;
        }
        match self.search.name_island_squares(squares) {
            Ok(squares) => {
                self.log
                    .push(LogEntry::Searches(SearchesLogEntry::IslandSquares {
                        squares: squares.clone(),
                    }));
                ToolResponse::Searches(SearchesAnswer::IslandSquares { squares })
            }
            Err(r) => refused(r),
        }
    }

    /// Closes the player's part of the step; when the searches begin, the port squares are disclosed.
    pub(super) fn end_step(&mut self, player: Player) -> ToolResponse {
        if let Err(full) = self.log_room() {
            return full;
        }
        let turn = self.search.status().turn;
        let (ended, disclosures) = match self.search.end_step(player) {
            Ok(done) => done,
            Err(r) => return refused(r),
        };
        self.log
            .push(LogEntry::Searches(SearchesLogEntry::StepEnded {
                turn,
                player,
                step: ended,
            }));
        for (owner, unit) in disclosures {
            let port = unit.at.port.expect("disclosed units are on port squares");
            self.log
                .push(LogEntry::Searches(SearchesLogEntry::PortDisclosed {
                    owner,
                    unit: unit.unit,
                    square: unit.at.square,
                    port,
                }));
        }
        ToolResponse::Searches(SearchesAnswer::StepEnded {
            ended,
            now: self.search.step(),
        })
    }

    pub(super) fn report_spotting(
        &mut self,
        player: Player,
        square: &str,
        units: &[String],
        ended_there: bool,
    ) -> ToolResponse {
        if let Err(full) = self.log_room() {
            return full;
        }
        let (square, spotting) =
            match self
                .search
                .report_spotting(player, square, units, ended_there, &mut self.dice)
            {
                Ok(done) => done,
                Err(r) => return refused(r),
            };
        if let Some(die) = spotting.night_die {
            self.log
                .push(LogEntry::Searches(SearchesLogEntry::SpottingDie {
                    by: player,
                    die,
                }));
        }
        let heard = spotting.heard.is_some();
        if let Some(units) = spotting.heard {
            self.log.push(LogEntry::Searches(SearchesLogEntry::Spotted {
                by: player,
                square: square.clone(),
                units,
                ended_there,
            }));
        }
        let units = units.iter().map(|u| u.trim().to_string()).collect();
        ToolResponse::Searches(SearchesAnswer::SpottingReported {
            square,
            units,
            ended_there,
            night_die: spotting.night_die,
            heard,
        })
    }

    pub(super) fn search(
        &mut self,
        caller: Player,
        level: SearchLevel,
        name: &str,
    ) -> ToolResponse {
        if let Err(full) = self.log_room() {
            return full;
        }
        let name = match self.search.begin_call(caller, level, name) {
            Ok(name) => name,
            Err(r) => return refused(r),
        };
        let turn = self.search.status().turn;
        // Whose searches these are: the British player's come first (enforced by the turn's steps).
        let british = self.search.british() == Some(caller);
        let outcome = match level {
            SearchLevel::Square => self.search.call_square(caller, &name, &mut self.dice),
            _ => CallOutcome::Answered {
                dice: Vec::new(),
                answer: self.search.call_wide(caller, level, &name),
            },
        };
        match outcome {
            CallOutcome::Answered { dice, answer } => {
                self.log
                    .push(LogEntry::Searches(SearchesLogEntry::SearchCalled {
                        turn,
                        caller,
                        british,
                        level,
                        name: name.clone(),
                        dice: dice.clone(),
                        answer: answer.clone(),
                    }));
                ToolResponse::Searches(SearchesAnswer::Searched {
                    level,
                    name,
                    dice,
                    answer,
                })
            }
            // The same square called again: the answer given before, nothing rolled, nothing logged.
            CallOutcome::Repeated(before) => ToolResponse::Searches(SearchesAnswer::Searched {
                level,
                name,
                dice: before.dice,
                answer: before.answer,
            }),
            CallOutcome::Pending(call) => {
                self.log
                    .push(LogEntry::Searches(SearchesLogEntry::SearchAwaiting {
                        turn,
                        caller,
                        british,
                        square: call.square.clone(),
                        dice: call.dice.clone(),
                    }));
                ToolResponse::Searches(SearchesAnswer::SearchPending { call })
            }
        }
    }

    pub(super) fn answer_search(&mut self, player: Player, admit: bool) -> ToolResponse {
        if let Err(full) = self.log_room() {
            return full;
        }
        match self.search.answer(player, admit) {
            Ok((call, answer)) => {
                let turn = self.search.status().turn;
                self.log
                    .push(LogEntry::Searches(SearchesLogEntry::SearchAnswered {
                        turn,
                        caller: call.caller,
                        square: call.square.clone(),
                        answer: answer.clone(),
                    }));
                ToolResponse::Searches(SearchesAnswer::SearchAnswered {
                    square: call.square,
                    admitted: admit,
                    answer,
                })
            }
            Err(r) => refused(r),
        }
    }
}

/// Readable lines of the turn's log entries (the search tool keeps the turn), then the searches'.
fn log_text(entry: &SearchesLogEntry) -> String {
    match entry {
        SearchesLogEntry::TurnStarted {
            turn,
            night,
            british,
        } => format!(
            "Turn {turn}, {} ({}): Player {} is British and searches first, then Player {}.",
            super::turn::time_words(*turn),
            if *night { "night" } else { "day" },
            name(*british),
            name(british.opponent())
        ),
        SearchesLogEntry::SidesChosen { british } => {
            format!(
                "Player {} is British for this game, Player {} German.",
                name(*british),
                name(british.opponent())
            )
        }
        SearchesLogEntry::IslandSquares { squares } => {
            format!("Squares with islands: {}.", squares.join(", "))
        }
        SearchesLogEntry::StepEnded { turn, player, step } => format!(
            "Turn {turn}: Player {} is done with {}.",
            name(*player),
            match step {
                TurnStep::Movement => "movement",
                TurnStep::Spotting => "spotting reports",
                TurnStep::BritishSearch | TurnStep::GermanSearch => "searching",
                TurnStep::Setup | TurnStep::Over => "the step",
            }
        ),
        other => search_log_text(other),
    }
}

/// Readable lines of the spotting log entries, then the search calls'.
fn search_log_text(entry: &SearchesLogEntry) -> String {
    match entry {
        SearchesLogEntry::SpottingDie { by, die } => {
            format!(
                "Player {} rolled a night spotting die: {die} ({}).",
                name(*by),
                if die % 2 == 1 {
                    "odd: report"
                } else {
                    "even: no report"
                }
            )
        }
        SearchesLogEntry::Spotted {
            by,
            square,
            units,
            ended_there,
        } => format!(
            "Player {}: {} {} square {square}.",
            name(*by),
            sightings(units),
            if *ended_there {
                "ended the move in"
            } else {
                "passed through"
            }
        ),
        SearchesLogEntry::PortDisclosed {
            owner,
            unit,
            square,
            port,
        } => format!(
            "Player {}: {unit} is {} at square {square}.",
            name(*owner),
            match port {
                PortStatus::InPort => "in port",
                PortStatus::Cruising => "cruising off the coast",
            }
        ),
        other => call_log_text(other),
    }
}

/// Readable lines of the search calls and their answers.
fn call_log_text(entry: &SearchesLogEntry) -> String {
    match entry {
        SearchesLogEntry::SearchCalled {
            caller,
            british,
            level,
            name: called,
            dice,
            answer,
            ..
        } => {
            format!(
                "{}Player {} searched {level:?} {called}{}: {}.",
                searches(*british),
                name(*caller),
                dice_text(dice),
                answer_text(answer)
            )
        }
        SearchesLogEntry::SearchAwaiting {
            caller,
            british,
            square,
            dice,
            ..
        } => format!(
            "{}Player {} searched square {square}{}: Player {} may choose whether to be found.",
            searches(*british),
            name(*caller),
            dice_text(dice),
            name(caller.opponent())
        ),
        SearchesLogEntry::SearchAnswered {
            caller,
            square,
            answer,
            ..
        } => {
            format!(
                "Answer to Player {}'s search of square {square}: {}.",
                name(*caller),
                answer_text(answer)
            )
        }
        other => unreachable!("worded before: {other:?}"),
    }
}

fn searches(british: bool) -> &'static str {
    if british {
        "British searches: "
    } else {
        "German searches: "
    }
}

fn dice_text(dice: &[super::search::SearchDie]) -> String {
    dice.iter()
        .map(|d| format!(", {:?} die {}", d.rolled_for, d.die))
        .collect()
}

fn sightings(units: &[Sighting]) -> String {
    let one = |s: &Sighting| {
        let port = match s.port {
            Some(PortStatus::InPort) => " (in port)",
            Some(PortStatus::Cruising) => " (cruising)",
            None => "",
        };
        let side = s
            .coast_side
            .as_ref()
            .map(|side| format!(" ({side} side)"))
            .unwrap_or_default();
        format!("{}{port}{side}", s.unit)
    };
    units.iter().map(one).collect::<Vec<_>>().join(", ")
}

fn answer_text(answer: &SearchAnswer) -> String {
    match answer {
        SearchAnswer::EnemyPresent => "enemy present".into(),
        SearchAnswer::Nothing => "nothing".into(),
        SearchAnswer::Found {
            found,
            with,
            may_fight,
        } => format!(
            "found {}; searching with {}{}",
            sightings(found),
            sightings(with),
            if *may_fight {
                ""
            } else {
                " (they may not fight: in port or across the coast)"
            }
        ),
    }
}
