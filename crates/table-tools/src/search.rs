//! The double-blind search of seed 001 ("HOW TO PLAY", "SPOTTING", "HOW TO SEARCH", "ISLAND SQUARES",
//! "NIGHT TURNS", "PORT SQUARES", "COASTLINES"; the "OPTIONAL SEARCH" is played as three turns): each
//! player's units and where they are, known only to their owner, and a referee that answers spotting
//! reports and search calls with exactly what the rules make the other player tell.
//!
//! There is no map: a position is the owner's own labels for sea, area and square (e.g. "Ionian", "Ionian
//! A2", "52"), with the flags the rules need. Labels match when equal ignoring case and outer spaces, so
//! players name areas and squares so that each is unique on the map (docs/TOOLS.md, "Search").
//!
//! Whatever leaves this module for the other player is public at the table: announcements, port
//! disclosures, answers to calls (a square found names both sides' units there). A unit's position never
//! leaves it otherwise.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::sdr::Player;
use goeben_common::dice::Dice;
use goeben_common::ErrorCode;

/// Longest label (unit, sea, area, square, coast side).
pub const NAME_MAX_CHARS: usize = 40;
/// Most units a player records.
pub const UNITS_MAX: usize = 80;

/// Where a unit is, in its owner's labels.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Position {
    pub sea: String,
    pub area: String,
    pub square: String,
    /// The square has islands ("ISLAND SQUARES").
    #[serde(default)]
    pub islands: bool,
    /// On a port square: in port or cruising off the coast ("PORT SQUARES"); null elsewhere.
    #[serde(default)]
    pub port: Option<PortStatus>,
    /// On a coastal square with sea on two sides ("COASTLINES", squares 41, 42, 43, 52, 80): which side,
    /// e.g. "Adriatic"; null elsewhere.
    #[serde(default)]
    pub coast_side: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum PortStatus {
    /// In port: cannot fight and cannot be attacked.
    InPort,
    /// Cruising off the coast of the port square.
    Cruising,
}

/// The three levels of a search call ("HOW TO SEARCH").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum SearchLevel {
    Sea,
    Area,
    Square,
}

/// One unit (a counter: a ship or a group printed together) and where it is. Secret to its owner.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Unit {
    pub unit: String,
    pub at: Position,
}

/// A unit as the rules make its owner name it: its label, and in a square it was found in or ended its
/// move in, whether it is in port and on which side of a two-sided coast.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Sighting {
    pub unit: String,
    pub port: Option<PortStatus>,
    pub coast_side: Option<String>,
}

/// Why a die was rolled before a square was answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum DieFor {
    /// "NIGHT TURNS": before each square call.
    Night,
    /// "ISLAND SQUARES": a square with islands.
    Islands,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SearchDie {
    pub rolled_for: DieFor,
    pub die: u8,
}

impl SearchDie {
    /// An even die lets the searched player choose whether to be found.
    pub fn gives_choice(self) -> bool {
        self.die.is_multiple_of(2)
    }
}

/// What the caller of a search is told (and, being said aloud, what both players know).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "answer", rename_all = "snake_case")]
pub enum SearchAnswer {
    /// A sea or area call: the other player has at least one unit there, and says no more.
    EnemyPresent,
    /// Nothing there, or (after an even die) nothing admitted: the two read the same.
    Nothing,
    /// A square call that found units: `found` are the searched player's units there, `with` the caller's.
    /// `may_fight` is false when every pair is split by a two-sided coast or one of them is in port.
    Found {
        found: Vec<Sighting>,
        with: Vec<Sighting>,
        may_fight: bool,
    },
}

/// A square call waiting for the searched player's choice (an even die).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct PendingCall {
    pub caller: Player,
    pub square: String,
    pub dice: Vec<SearchDie>,
}

/// What the search state shows either player: the turn, and a call waiting for an answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct SearchStatus {
    pub turn: u32,
    pub night: bool,
    pub british: Option<Player>,
    /// Whose searches the last call belonged to (seed 001: the British player searches first).
    pub searching: Option<Player>,
    /// The search procedure of this turn has begun: units stay where they are until the next turn.
    pub searches_begun: bool,
    pub pending: Option<PendingCall>,
}

/// A refused request: the protocol's code and a message for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub code: ErrorCode,
    pub message: String,
}

fn refuse<T>(code: ErrorCode, message: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal {
        code,
        message: message.into(),
    })
}

/// A label trimmed, refused when empty or too long.
pub fn label(what: &str, text: &str) -> Result<String, Refusal> {
    let text = text.trim();
    if text.is_empty() || text.chars().count() > NAME_MAX_CHARS {
        return refuse(
            ErrorCode::BadInput,
            format!("{what} must have 1-{NAME_MAX_CHARS} characters"),
        );
    }
    Ok(text.to_string())
}

/// Whether two labels name the same thing (case and outer spaces ignored).
pub fn same(a: &str, b: &str) -> bool {
    a.trim().to_lowercase() == b.trim().to_lowercase()
}

impl Position {
    /// The position with every label checked and trimmed.
    pub fn cleaned(&self) -> Result<Position, Refusal> {
        let coast_side = self
            .coast_side
            .as_deref()
            .map(|side| label("a coast side", side))
            .transpose()?;
        Ok(Position {
            sea: label("a sea", &self.sea)?,
            area: label("an area", &self.area)?,
            square: label("a square", &self.square)?,
            islands: self.islands,
            port: self.port,
            coast_side,
        })
    }

    fn label_at(&self, level: SearchLevel) -> &str {
        match level {
            SearchLevel::Sea => &self.sea,
            SearchLevel::Area => &self.area,
            SearchLevel::Square => &self.square,
        }
    }
}

impl Unit {
    fn sighting(&self) -> Sighting {
        Sighting {
            unit: self.unit.clone(),
            port: self.at.port,
            coast_side: self.at.coast_side.clone(),
        }
    }
}

/// The whole search state: secret (each player's units). Saved with the session.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchBoard {
    a: Vec<Unit>,
    b: Vec<Unit>,
    turn: u32,
    night: bool,
    british: Option<Player>,
    searching: Option<Player>,
    searches_begun: bool,
    pending: Option<PendingCall>,
}

/// The answer to a square call, or the choice it waits for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CallOutcome {
    Answered {
        dice: Vec<SearchDie>,
        answer: SearchAnswer,
    },
    Pending(PendingCall),
}

/// A spotting report as the reporter made it: what the opponent heard, if anything.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spotting {
    pub night_die: Option<u8>,
    /// The announcement the opponent hears; `None` when a night die spared it (or a bluff roll had none).
    pub heard: Option<Vec<Sighting>>,
}

impl SearchBoard {
    pub fn units(&self, player: Player) -> &[Unit] {
        match player {
            Player::A => &self.a,
            Player::B => &self.b,
        }
    }

    fn units_mut(&mut self, player: Player) -> &mut Vec<Unit> {
        match player {
            Player::A => &mut self.a,
            Player::B => &mut self.b,
        }
    }

    pub fn status(&self) -> SearchStatus {
        SearchStatus {
            turn: self.turn,
            night: self.night,
            british: self.british,
            searching: self.searching,
            searches_begun: self.searches_begun,
            pending: self.pending.clone(),
        }
    }

    pub fn british(&self) -> Option<Player> {
        self.british
    }

    fn find(&self, player: Player, unit: &str) -> Option<usize> {
        self.units(player).iter().position(|u| same(&u.unit, unit))
    }

    /// Units may be placed, moved or removed except while the search procedure runs ("HOW TO SEARCH":
    /// moving during it is cheating).
    fn may_move(&self) -> Result<(), Refusal> {
        if self.pending.is_some() {
            return refuse(
                ErrorCode::DecisionPending,
                "a square call waits for the searched player's answer",
            );
        }
        if self.searches_begun {
            return refuse(ErrorCode::SearchingNow, "the searches of this turn have begun: units move again after start_turn (GOEBEN, HOW TO SEARCH)");
        }
        Ok(())
    }

    pub fn place(&mut self, player: Player, unit: &str, at: &Position) -> Result<Unit, Refusal> {
        self.may_move()?;
        let (unit, at) = (label("a unit's name", unit)?, at.cleaned()?);
        if self.find(player, &unit).is_some() {
            return refuse(
                ErrorCode::UnitExists,
                format!("you already have a unit named {unit}; move it with move_unit"),
            );
        }
        if self.units(player).len() >= UNITS_MAX {
            return refuse(
                ErrorCode::TooManyUnits,
                format!("at most {UNITS_MAX} units a player"),
            );
        }
        let placed = Unit { unit, at };
        self.units_mut(player).push(placed.clone());
        Ok(placed)
    }

    pub fn move_to(&mut self, player: Player, unit: &str, at: &Position) -> Result<Unit, Refusal> {
        self.may_move()?;
        let at = at.cleaned()?;
        let index = self.own_unit(player, unit)?;
        let moved = &mut self.units_mut(player)[index];
        moved.at = at;
        Ok(moved.clone())
    }

    pub fn remove(&mut self, player: Player, unit: &str) -> Result<Unit, Refusal> {
        self.may_move()?;
        let index = self.own_unit(player, unit)?;
        Ok(self.units_mut(player).remove(index))
    }

    fn own_unit(&self, player: Player, unit: &str) -> Result<usize, Refusal> {
        match self.find(player, unit) {
            Some(index) => Ok(index),
            None => refuse(
                ErrorCode::UnknownUnit,
                format!("you have no unit named {}", unit.trim()),
            ),
        }
    }

    /// Starts a turn ("HOW TO PLAY"): day or night, and which player is British (searches first).
    pub fn start_turn(&mut self, night: bool, british: Player) -> Result<u32, Refusal> {
        if self.pending.is_some() {
            return refuse(
                ErrorCode::DecisionPending,
                "a square call waits for the searched player's answer",
            );
        }
        self.turn += 1;
        self.night = night;
        self.british = Some(british);
        self.searching = None;
        self.searches_begun = false;
        Ok(self.turn)
    }

    fn in_turn_before_searches(&self) -> Result<(), Refusal> {
        if self.turn == 0 {
            return refuse(
                ErrorCode::NoTurn,
                "start a turn first (start_turn, saying whether it is night)",
            );
        }
        if self.searches_begun {
            return refuse(ErrorCode::SearchingNow, "spotting is announced before the searches of the turn (GOEBEN, HOW TO PLAY step 2)");
        }
        Ok(())
    }

    /// A spotting report ("SPOTTING"): `units` passed through (or, with `ended_there`, ended their move
    /// in) a square that must be announced. At night one die first: odd reports, even does not ("NIGHT
    /// TURNS"); a night report may name no unit at all, a roll only to keep the opponent guessing.
    pub fn report_spotting(
        &mut self,
        player: Player,
        square: &str,
        units: &[String],
        ended_there: bool,
        dice: &mut Dice,
    ) -> Result<(String, Spotting), Refusal> {
        self.in_turn_before_searches()?;
        let square = label("a square", square)?;
        if units.is_empty() && !self.night {
            return refuse(
                ErrorCode::BadInput,
                "name the units that crossed the square (only a night roll may name none)",
            );
        }
        let mut sightings: Vec<Sighting> = Vec::new();
        for name in units {
            let unit = &self.units(player)[self.own_unit(player, name)?];
            if sightings.iter().any(|s| s.unit == unit.unit) {
                return refuse(ErrorCode::BadInput, format!("{} is named twice", unit.unit));
            }
            sightings.push(match ended_there {
                true if !same(&unit.at.square, &square) => {
                    return refuse(
                        ErrorCode::NotThere,
                        format!(
                            "{} is recorded in square {}, not {square}",
                            unit.unit, unit.at.square
                        ),
                    )
                }
                true => unit.sighting(),
                false => Sighting {
                    unit: unit.unit.clone(),
                    port: None,
                    coast_side: None,
                },
            });
        }
        let night_die = self.night.then(|| dice.d6());
        let heard = match night_die {
            Some(die) if die.is_multiple_of(2) => None,
            _ if sightings.is_empty() => None,
            _ => Some(sightings),
        };
        Ok((square, Spotting { night_die, heard }))
    }

    /// What must be disclosed before the searches ("PORT SQUARES"): every unit on a port square, in port
    /// or cruising, both players'. Once a turn, at its first call.
    fn port_disclosures(&self) -> Vec<(Player, Unit)> {
        [Player::A, Player::B]
            .into_iter()
            .flat_map(|p| {
                self.units(p)
                    .iter()
                    .filter(|u| u.at.port.is_some())
                    .map(move |u| (p, u.clone()))
            })
            .collect()
    }

    /// Checks a call may be made now; on the turn's first call returns the port disclosures to announce.
    pub fn begin_call(
        &mut self,
        caller: Player,
        level: SearchLevel,
        name: &str,
    ) -> Result<(String, Vec<(Player, Unit)>), Refusal> {
        if self.turn == 0 {
            return refuse(
                ErrorCode::NoTurn,
                "start a turn first (start_turn, saying whether it is night)",
            );
        }
        if self.pending.is_some() {
            return refuse(
                ErrorCode::DecisionPending,
                "a square call waits for the searched player's answer",
            );
        }
        let name = label("a search name", name)?;
        if !self
            .units(caller)
            .iter()
            .any(|u| same(u.at.label_at(level), &name))
        {
            return refuse(
                ErrorCode::NoUnitThere,
                format!("you have no unit in {level:?} {name}: you may only search where you have a unit (GOEBEN, HOW TO SEARCH)"),
            );
        }
        let disclosures = if self.searches_begun {
            Vec::new()
        } else {
            self.port_disclosures()
        };
        self.searches_begun = true;
        self.searching = Some(caller);
        Ok((name, disclosures))
    }

    /// A sea or area call: present or not, never what ("HOW TO SEARCH"); no die, even when the only unit
    /// there is in an island square ("ISLAND SQUARES") or it is night ("NIGHT TURNS").
    pub fn call_wide(&self, caller: Player, level: SearchLevel, name: &str) -> SearchAnswer {
        assert!(
            level != SearchLevel::Square,
            "a square call is answered by call_square"
        );
        let present = self
            .units(caller.opponent())
            .iter()
            .any(|u| same(u.at.label_at(level), name));
        if present {
            SearchAnswer::EnemyPresent
        } else {
            SearchAnswer::Nothing
        }
    }

    /// A square call: at night a die first; in a square with islands (as the caller records it: the
    /// searched player's notes must not decide whether a die is rolled) another. Any even die leaves the
    /// searched player the choice, asked even when nothing is there, so the wait tells the caller nothing.
    pub fn call_square(&mut self, caller: Player, square: &str, dice: &mut Dice) -> CallOutcome {
        let mut rolled = Vec::new();
        if self.night {
            rolled.push(SearchDie {
                rolled_for: DieFor::Night,
                die: dice.d6(),
            });
        }
        let islands = self
            .units(caller)
            .iter()
            .any(|u| same(&u.at.square, square) && u.at.islands);
        if islands {
            rolled.push(SearchDie {
                rolled_for: DieFor::Islands,
                die: dice.d6(),
            });
        }
        if rolled.iter().any(|d| d.gives_choice()) {
            let pending = PendingCall {
                caller,
                square: square.to_string(),
                dice: rolled,
            };
            self.pending = Some(pending.clone());
            return CallOutcome::Pending(pending);
        }
        CallOutcome::Answered {
            answer: self.square_answer(caller, square),
            dice: rolled,
        }
    }

    /// The searched player's choice on a pending call: admit answers it as an ordinary square call.
    pub fn answer(
        &mut self,
        player: Player,
        admit: bool,
    ) -> Result<(PendingCall, SearchAnswer), Refusal> {
        let Some(pending) = self.pending.clone() else {
            return refuse(
                ErrorCode::NoDecisionPending,
                "no square call waits for an answer",
            );
        };
        if pending.caller == player {
            return refuse(
                ErrorCode::NotYourDecision,
                "the searched player answers this call, not the caller",
            );
        }
        let answer = if admit {
            self.square_answer(pending.caller, &pending.square)
        } else {
            SearchAnswer::Nothing
        };
        self.pending = None;
        Ok((pending, answer))
    }

    /// Exactly what both have in the square: each side tells the other ("HOW TO SEARCH").
    fn square_answer(&self, caller: Player, square: &str) -> SearchAnswer {
        let here = |p: Player| {
            self.units(p)
                .iter()
                .filter(|u| same(&u.at.square, square))
                .map(Unit::sighting)
                .collect::<Vec<_>>()
        };
        let found = here(caller.opponent());
        if found.is_empty() {
            return SearchAnswer::Nothing;
        }
        let with = here(caller);
        let may_fight = with
            .iter()
            .any(|mine| found.iter().any(|theirs| may_fight(mine, theirs)));
        SearchAnswer::Found {
            found,
            with,
            may_fight,
        }
    }

    /// Unique unit names per player, the bound, labels within limits, a pending call only in a turn.
    pub fn check(&self) -> Result<(), String> {
        for player in [Player::A, Player::B] {
            let units = self.units(player);
            if units.len() > UNITS_MAX {
                return Err(format!("more than {UNITS_MAX} units for player {player:?}"));
            }
            for (i, unit) in units.iter().enumerate() {
                if units[..i].iter().any(|u| same(&u.unit, &unit.unit)) {
                    return Err(format!("two units named {}", unit.unit));
                }
                if label("", &unit.unit).is_err() || unit.at.cleaned().as_ref() != Ok(&unit.at) {
                    return Err(format!("unit {} has a bad label", unit.unit));
                }
            }
        }
        if self.pending.is_some() && (self.turn == 0 || !self.searches_begun) {
            return Err("a square call pends outside the searches".into());
        }
        Ok(())
    }
}

/// Two units found in one square may fight unless one is in port ("PORT SQUARES") or they are on
/// different sides of a two-sided coast ("COASTLINES"). A unit with no side noted matches either side.
fn may_fight(a: &Sighting, b: &Sighting) -> bool {
    let in_port = |s: &Sighting| s.port == Some(PortStatus::InPort);
    let sides_meet = match (&a.coast_side, &b.coast_side) {
        (Some(x), Some(y)) => same(x, y),
        _ => true,
    };
    !in_port(a) && !in_port(b) && sides_meet
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn labels_match_ignoring_case_and_spaces_and_are_bounded() {
        assert!(same(" Ionian ", "ionian"));
        assert!(!same("Ionian A2", "Ionian A3"));
        assert_eq!(label("a sea", "  ").unwrap_err().code, "bad_input");
        assert_eq!(
            label("a sea", &"x".repeat(NAME_MAX_CHARS + 1))
                .unwrap_err()
                .code,
            "bad_input"
        );
    }

    #[test]
    fn a_coast_or_a_port_keeps_units_from_fighting() {
        let s = |port, side: Option<&str>| Sighting {
            unit: "x".into(),
            port,
            coast_side: side.map(String::from),
        };
        assert!(may_fight(
            &s(None, Some("Adriatic")),
            &s(None, Some("adriatic"))
        ));
        assert!(!may_fight(
            &s(None, Some("Adriatic")),
            &s(None, Some("Ionian"))
        ));
        assert!(!may_fight(
            &s(Some(PortStatus::InPort), None),
            &s(None, None)
        ));
        assert!(may_fight(
            &s(Some(PortStatus::Cruising), None),
            &s(None, None)
        ));
    }

    #[test]
    fn a_board_with_two_units_of_one_name_is_refused() {
        let mut board = SearchBoard::default();
        board
            .place(Player::A, "Goeben", &at("Ionian", "A2", "52"))
            .unwrap();
        board.a.push(board.a[0].clone());
        assert!(board.check().unwrap_err().contains("two units"));
    }
}
