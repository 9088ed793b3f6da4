//! The seed 001 search requests of a [`ToolSession`]: the acting player's units, turns, spotting reports,
//! search calls and the searched player's choices, and the log lines they leave (all public: what the
//! rules make a player say aloud). The rules themselves are in [`super::search`].

use super::sdr::Player;
use super::search::{
    CallOutcome, PortStatus, Position, Refusal, SearchAnswer, SearchLevel, Sighting,
};
use super::tool::TableTool;
use super::turn::TurnStep;
use super::{name, LogEntry, ToolAction, ToolResponse, ToolSession, LOG_MAX};
use goeben_common::ErrorCode;

/// Log entries one search request may add at most: a call, and the port disclosures of both players.
const ENTRIES_PER_REQUEST_MAX: usize = 2 + 2 * super::search::UNITS_MAX;

fn refused(r: Refusal) -> ToolResponse {
    ToolResponse::error(r.code, r.message)
}

/// The search tool (seed 001): units placed and moved in secret, the turn track, spotting and the calls.
pub(crate) struct Searches;

impl TableTool for Searches {
    fn respond(session: &mut ToolSession, action: ToolAction) -> Result<ToolResponse, ToolAction> {
        Ok(match action {
            ToolAction::PlaceUnit { player, unit, at } => session.place_unit(player, &unit, &at),
            ToolAction::MoveUnit { player, unit, at } => session.move_unit(player, &unit, &at),
            ToolAction::RemoveUnit { player, unit } => session.remove_unit(player, &unit),
            ToolAction::StartTurn { british } => session.start_turn(british),
            ToolAction::ChooseSides { british } => session.choose_sides(british),
            ToolAction::IslandSquares { squares } => session.name_island_squares(&squares),
            ToolAction::EndStep { player } => session.end_step(player),
            ToolAction::ReportSpotting {
                player,
                square,
                units,
                ended_there,
            } => session.report_spotting(player, &square, &units, ended_there.unwrap_or(false)),
            ToolAction::Search {
                player,
                level,
                name,
            } => session.search(player, level, &name),
            ToolAction::AnswerSearch { player, admit } => session.answer_search(player, admit),
            other => return Err(other),
        })
    }

    fn log_text(entry: &LogEntry) -> Option<String> {
        log_text(entry)
    }

    fn check(session: &ToolSession) -> Result<(), String> {
        session.search.check()
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
            Ok(unit) => ToolResponse::Unit {
                unit: Box::new(unit),
            },
            Err(r) => refused(r),
        }
    }

    pub(super) fn move_unit(&mut self, player: Player, unit: &str, at: &Position) -> ToolResponse {
        match self.search.move_to(player, unit, at) {
            Ok(unit) => ToolResponse::Unit {
                unit: Box::new(unit),
            },
            Err(r) => refused(r),
        }
    }

    pub(super) fn remove_unit(&mut self, player: Player, unit: &str) -> ToolResponse {
        match self.search.remove(player, unit) {
            Ok(gone) => ToolResponse::UnitRemoved { unit: gone.unit },
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
                    self.log.push(LogEntry::SidesChosen { british });
                }
                let night = self.search.status().night;
                self.log.push(LogEntry::TurnStarted {
                    turn,
                    night,
                    british,
                });
                ToolResponse::TurnStarted {
                    turn,
                    night,
                    british,
                }
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
                self.log.push(LogEntry::SidesChosen { british });
                ToolResponse::SidesChosen { british }
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
                self.log.push(LogEntry::IslandSquares {
                    squares: squares.clone(),
                });
                ToolResponse::IslandSquares { squares }
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
        self.log.push(LogEntry::StepEnded {
            turn,
            player,
            step: ended,
        });
        for (owner, unit) in disclosures {
            let port = unit.at.port.expect("disclosed units are on port squares");
            self.log.push(LogEntry::PortDisclosed {
                owner,
                unit: unit.unit,
                square: unit.at.square,
                port,
            });
        }
        ToolResponse::StepEnded {
            ended,
            now: self.search.step(),
        }
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
            self.log.push(LogEntry::SpottingDie { by: player, die });
        }
        let heard = spotting.heard.is_some();
        if let Some(units) = spotting.heard {
            self.log.push(LogEntry::Spotted {
                by: player,
                square: square.clone(),
                units,
                ended_there,
            });
        }
        let units = units.iter().map(|u| u.trim().to_string()).collect();
        ToolResponse::SpottingReported {
            square,
            units,
            ended_there,
            night_die: spotting.night_die,
            heard,
        }
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
                self.log.push(LogEntry::SearchCalled {
                    turn,
                    caller,
                    british,
                    level,
                    name: name.clone(),
                    dice: dice.clone(),
                    answer: answer.clone(),
                });
                ToolResponse::Searched {
                    level,
                    name,
                    dice,
                    answer,
                }
            }
            // The same square called again: the answer given before, nothing rolled, nothing logged.
            CallOutcome::Repeated(before) => ToolResponse::Searched {
                level,
                name,
                dice: before.dice,
                answer: before.answer,
            },
            CallOutcome::Pending(call) => {
                self.log.push(LogEntry::SearchAwaiting {
                    turn,
                    caller,
                    british,
                    square: call.square.clone(),
                    dice: call.dice.clone(),
                });
                ToolResponse::SearchPending { call }
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
                self.log.push(LogEntry::SearchAnswered {
                    turn,
                    caller: call.caller,
                    square: call.square.clone(),
                    answer: answer.clone(),
                });
                ToolResponse::SearchAnswered {
                    square: call.square,
                    admitted: admit,
                    answer,
                }
            }
            Err(r) => refused(r),
        }
    }
}

/// Readable lines of the turn's log entries (the search tool keeps the turn), then the searches'.
fn log_text(entry: &LogEntry) -> Option<String> {
    Some(match entry {
        LogEntry::TurnStarted {
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
        LogEntry::SidesChosen { british } => {
            format!(
                "Player {} is British for this game, Player {} German.",
                name(*british),
                name(british.opponent())
            )
        }
        LogEntry::IslandSquares { squares } => {
            format!("Squares with islands: {}.", squares.join(", "))
        }
        LogEntry::StepEnded { turn, player, step } => format!(
            "Turn {turn}: Player {} is done with {}.",
            name(*player),
            match step {
                TurnStep::Movement => "movement",
                TurnStep::Spotting => "spotting reports",
                TurnStep::BritishSearch | TurnStep::GermanSearch => "searching",
                TurnStep::Setup | TurnStep::Over => "the step",
            }
        ),
        other => return search_log_text(other),
    })
}

/// Readable lines of the spotting log entries, then the search calls'.
fn search_log_text(entry: &LogEntry) -> Option<String> {
    Some(match entry {
        LogEntry::SpottingDie { by, die } => {
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
        LogEntry::Spotted {
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
        LogEntry::PortDisclosed {
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
        other => return call_log_text(other),
    })
}

/// Readable lines of the search calls and their answers.
fn call_log_text(entry: &LogEntry) -> Option<String> {
    Some(match entry {
        LogEntry::SearchCalled {
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
        LogEntry::SearchAwaiting {
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
        LogEntry::SearchAnswered {
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
        _ => return None,
    })
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
