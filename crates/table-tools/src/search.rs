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

use super::player::Player;
use super::refusal::{refuse, Refusal};
use super::turn::{self, TurnStep};
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
    /// The turn track's time, e.g. "0900, Aug 2" (seed 001 Time Record).
    pub time: String,
    /// Decided by the turn track (seed 001 "NIGHT TURNS"), never by a caller.
    pub night: bool,
    /// Fixed for the game once chosen.
    pub british: Option<Player>,
    /// Where the turn is (seed 001 "HOW TO PLAY").
    pub step: TurnStep,
    /// The players who have said they are done with this step (movement, spotting).
    pub done: Vec<Player>,
    /// The squares with islands, named before the first turn ("ISLAND SQUARES"): public, like the map.
    pub island_squares: Vec<String>,
    /// Whose searches the last call belonged to (seed 001: the British player searches first).
    pub searching: Option<Player>,
    /// The search procedure of this turn has begun: units stay where they are until the next turn.
    pub searches_begun: bool,
    pub pending: Option<PendingCall>,
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
    /// Where the turn is; older saves are placed by [`SearchBoard::migrate`].
    #[serde(default)]
    step: TurnStep,
    #[serde(default)]
    done: Vec<Player>,
    /// The squares with islands (public, named before the first turn); the island die follows them.
    #[serde(default)]
    island_squares: Vec<String>,
    /// This turn's square calls and their answers: one answer per caller and square.
    #[serde(default)]
    answered: Vec<SquareCall>,
}

/// A square call answered this turn: calling it again gives the same answer, with no new die.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SquareCall {
    pub caller: Player,
    pub square: String,
    pub dice: Vec<SearchDie>,
    pub answer: SearchAnswer,
}

/// The most island squares a game names (a bound far above the map's).
pub const ISLAND_SQUARES_MAX: usize = 200;

/// The answer to a square call, or the choice it waits for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CallOutcome {
    Answered {
        dice: Vec<SearchDie>,
        answer: SearchAnswer,
    },
    Pending(PendingCall),
    /// The same caller called this square before in this turn: the answer they had then.
    Repeated(SquareCall),
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
            time: turn::time_words(self.turn),
            night: self.night,
            british: self.british,
            step: self.step,
            done: self.done.clone(),
            island_squares: self.island_squares.clone(),
            searching: self.searching,
            searches_begun: self.searches_begun,
            pending: self.pending.clone(),
        }
    }

    pub fn step(&self) -> TurnStep {
        self.step
    }

    /// Whether `player` has closed their part of the current step.
    pub fn is_done(&self, player: Player) -> bool {
        self.done.contains(&player)
    }

    /// Places a save from before the turn steps in its step: searching if its searches had
    /// begun, else moving; and names the island squares its units' records gave.
    pub fn migrate(&mut self) {
        if self.turn > 0 && self.step == TurnStep::Setup {
            self.step = match (self.searches_begun, self.searching == self.british) {
                (false, _) => TurnStep::Movement,
                (true, true) => TurnStep::BritishSearch,
                (true, false) => TurnStep::GermanSearch,
            };
        }
        if self.island_squares.is_empty() {
            let marked = self
                .a
                .iter()
                .chain(&self.b)
                .filter(|u| u.at.islands)
                .map(|u| u.at.square.clone());
            for square in marked {
                if !self.is_island(&square) {
                    self.island_squares.push(square);
                }
            }
        }
        self.night = turn::is_night(self.turn);
    }

    /// Whether a square has islands, by the game's public list (never by a player's own record).
    pub fn is_island(&self, square: &str) -> bool {
        self.island_squares.iter().any(|s| same(s, square))
    }

    /// Names the squares with islands (seed 001 "ISLAND SQUARES"), before the first turn only: once the
    /// game runs, a player who could add one could give themselves the choice an island die gives.
    pub fn name_island_squares(&mut self, squares: &[String]) -> Result<Vec<String>, Refusal> {
        if self.turn > 0 {
            return refuse(ErrorCode::NotNow, "the island squares are named before the first turn; they are fixed for the game (GOEBEN, ISLAND SQUARES)");
        }
        let mut named = self.island_squares.clone();
        for square in squares {
            let square = label("a square", square)?;
            if !named.iter().any(|s| same(s, &square)) {
                named.push(square);
            }
        }
        if named.len() > ISLAND_SQUARES_MAX {
            return refuse(
                ErrorCode::BadInput,
                format!("at most {ISLAND_SQUARES_MAX} island squares"),
            );
        }
        self.island_squares = named.clone();
        for side in [Player::A, Player::B] {
            for unit in self.units_mut(side) {
                unit.at.islands = named.iter().any(|s| same(s, &unit.at.square));
            }
        }
        Ok(named)
    }

    /// Fixes who is British for the whole game (seed 001 "PREPARE FOR PLAY": one player is the British
    /// commander, the other the German). A second, different choice is refused.
    pub fn choose_sides(&mut self, british: Player) -> Result<(), Refusal> {
        match self.british {
            Some(fixed) => refuse(
                ErrorCode::WrongSide,
                format!(
                    "Player {fixed:?} is British for this whole game (GOEBEN, PREPARE FOR PLAY)"
                ),
            ),
            None => {
                self.british = Some(british);
                Ok(())
            }
        }
    }

    /// The player of a side, once the sides are chosen.
    pub fn player_of(&self, british_side: bool) -> Option<Player> {
        self.british
            .map(|b| if british_side { b } else { b.opponent() })
    }

    pub fn british(&self) -> Option<Player> {
        self.british
    }

    fn find(&self, player: Player, unit: &str) -> Option<usize> {
        self.units(player).iter().position(|u| same(&u.unit, unit))
    }

    /// Units are placed before the first turn or moved in step 1 until their owner closes movement
    /// (seed 001 "HOW TO PLAY": movement is secret and simultaneous, then announced; "HOW TO SEARCH":
    /// moving during the search is cheating). A sunk unit also leaves once the searches are over.
    fn may_move(&self, player: Player, removing: bool) -> Result<(), Refusal> {
        if self.pending.is_some() {
            return refuse(
                ErrorCode::DecisionPending,
                "a square call waits for the searched player's answer",
            );
        }
        match self.step {
            TurnStep::Setup => Ok(()),
            TurnStep::Movement if !self.is_done(player) => Ok(()),
            TurnStep::Over if removing => Ok(()),
            TurnStep::Movement => refuse(ErrorCode::NotNow, format!("your movement for turn {} is closed: you said it was done (GOEBEN, HOW TO PLAY step 1)", self.turn)),
            TurnStep::BritishSearch | TurnStep::GermanSearch => refuse(ErrorCode::SearchingNow, "the searches of this turn have begun: units move again after start_turn (GOEBEN, HOW TO SEARCH)"),
            TurnStep::Spotting | TurnStep::Over => refuse(ErrorCode::NotNow, format!("movement for turn {} is over; units move again in the next turn's step 1 (GOEBEN, HOW TO PLAY)", self.turn)),
        }
    }

    pub fn place(&mut self, player: Player, unit: &str, at: &Position) -> Result<Unit, Refusal> {
        self.may_move(player, false)?;
        let (unit, at) = (label("a unit's name", unit)?, self.on_map(at)?);
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
        self.may_move(player, false)?;
        let at = self.on_map(at)?;
        let index = self.own_unit(player, unit)?;
        let moved = &mut self.units_mut(player)[index];
        moved.at = at;
        Ok(moved.clone())
    }

    pub fn remove(&mut self, player: Player, unit: &str) -> Result<Unit, Refusal> {
        self.may_move(player, true)?;
        let index = self.own_unit(player, unit)?;
        Ok(self.units_mut(player).remove(index))
    }

    /// A position cleaned, its islands flag set by the game's island squares (a caller's flag is ignored).
    fn on_map(&self, at: &Position) -> Result<Position, Refusal> {
        let mut at = at.cleaned()?;
        at.islands = self.is_island(&at.square);
        Ok(at)
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

    /// Starts the next turn of the track ("HOW TO PLAY"): only before the first turn or once the last
    /// one's searches are over, so no one can reopen movement mid-turn. The track decides the night; who
    /// is British is fixed for the game (given here the first time, or by `choose_sides`).
    pub fn start_turn(&mut self, british: Option<Player>) -> Result<u32, Refusal> {
        if self.pending.is_some() {
            return refuse(
                ErrorCode::DecisionPending,
                "a square call waits for the searched player's answer",
            );
        }
        if !matches!(self.step, TurnStep::Setup | TurnStep::Over) {
            return refuse(ErrorCode::NotNow, format!("turn {} is not over ({:?}): the next turn starts after the German searches (GOEBEN, HOW TO PLAY)", self.turn, self.step));
        }
        if self.turn >= turn::LAST_TURN {
            return refuse(
                ErrorCode::NotNow,
                "the game ended with the 2100 turn of August 12 (GOEBEN, Ending The Game)",
            );
        }
        match (self.british, british) {
            (None, None) => {
                return refuse(
                    ErrorCode::NotNow,
                    "say who is British first (start_turn with british, or choose_sides)",
                )
            }
            (None, Some(chosen)) => self.british = Some(chosen),
            (Some(fixed), Some(chosen)) if fixed != chosen => {
                return refuse(
                    ErrorCode::WrongSide,
                    format!(
                    "Player {fixed:?} is British for this whole game (GOEBEN, PREPARE FOR PLAY)"
                ),
                )
            }
            (Some(_), _) => {}
        }
        self.turn += 1;
        self.night = turn::is_night(self.turn);
        self.step = TurnStep::Movement;
        self.done.clear();
        self.answered.clear();
        self.searching = None;
        self.searches_begun = false;
        Ok(self.turn)
    }

    /// A player closes their part of the step (seed 001 "HOW TO PLAY"): their movement (step
    /// 1), their spotting reports (step 2), their searches (step 3, the British player first). The step
    /// moves on when both have closed it (steps 1–2) or the searching player has (step 3). Returns the
    /// port disclosures due when the searches begin ("PORT SQUARES": before the search procedure).
    pub fn end_step(&mut self, player: Player) -> Result<(TurnStep, Vec<(Player, Unit)>), Refusal> {
        if self.pending.is_some() {
            return refuse(
                ErrorCode::DecisionPending,
                "a square call waits for the searched player's answer",
            );
        }
        let ended = self.step;
        match self.step {
            TurnStep::Setup | TurnStep::Over => {
                return refuse(
                    ErrorCode::NoTurn,
                    "no step to end: start the next turn (start_turn)",
                )
            }
            TurnStep::Movement | TurnStep::Spotting if self.is_done(player) => {
                return refuse(
                    ErrorCode::NotNow,
                    format!(
                        "you are already done with {:?}; the other player is not yet",
                        self.step
                    ),
                )
            }
            TurnStep::Movement | TurnStep::Spotting => self.done.push(player),
            TurnStep::BritishSearch | TurnStep::GermanSearch if Some(player) != self.searcher() => {
                return refuse(
                    ErrorCode::NotNow,
                    "the searching player ends their searches (GOEBEN, HOW TO PLAY step 3)",
                )
            }
            TurnStep::BritishSearch | TurnStep::GermanSearch => {}
        }
        let mut disclosures = Vec::new();
        let both = self.done.len() == 2;
        self.step = match ended {
            TurnStep::Movement if both => TurnStep::Spotting,
            TurnStep::Spotting if both => {
                disclosures = self.port_disclosures();
                self.searches_begun = true;
                TurnStep::BritishSearch
            }
            TurnStep::BritishSearch => TurnStep::GermanSearch,
            TurnStep::GermanSearch => TurnStep::Over,
            unchanged => unchanged,
        };
        if self.step != ended {
            self.done.clear();
        }
        Ok((ended, disclosures))
    }

    /// The player whose searches these are (step 3), if any.
    fn searcher(&self) -> Option<Player> {
        match self.step {
            TurnStep::BritishSearch => self.player_of(true),
            TurnStep::GermanSearch => self.player_of(false),
            _ => None,
        }
    }

    /// Spotting is step 2: after both players closed movement, before the searches; each player reports
    /// until they say they are done.
    fn in_spotting(&self, player: Player) -> Result<(), Refusal> {
        match self.step {
            TurnStep::Setup => refuse(ErrorCode::NoTurn, "start a turn first (start_turn)"),
            TurnStep::Spotting if !self.is_done(player) => Ok(()),
            TurnStep::Spotting => refuse(ErrorCode::NotNow, "you said your spotting reports were done"),
            TurnStep::Movement => refuse(ErrorCode::NotNow, "spotting is announced once both players have closed their movement (GOEBEN, HOW TO PLAY step 2)"),
            _ => refuse(ErrorCode::SearchingNow, "spotting is announced before the searches of the turn (GOEBEN, HOW TO PLAY step 2)"),
        }
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
        self.in_spotting(player)?;
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

    /// Checks a call may be made now: in step 3, by the player whose searches these are (British first,
    /// seed 001 "HOW TO PLAY" step 3), where they have a unit ("HOW TO SEARCH").
    pub fn begin_call(
        &mut self,
        caller: Player,
        level: SearchLevel,
        name: &str,
    ) -> Result<String, Refusal> {
        if self.turn == 0 {
            return refuse(ErrorCode::NoTurn, "start a turn first (start_turn)");
        }
        if self.pending.is_some() {
            return refuse(
                ErrorCode::DecisionPending,
                "a square call waits for the searched player's answer",
            );
        }
        match self.searcher() {
            Some(searcher) if searcher == caller => {}
            Some(_) if self.step == TurnStep::BritishSearch => {
                return refuse(ErrorCode::NotNow, "the British player searches first, then the German (GOEBEN, HOW TO PLAY step 3)")
            }
            Some(_) => return refuse(ErrorCode::NotNow, "the British player's searches are over for this turn (GOEBEN, HOW TO PLAY step 3)"),
            None => {
                return refuse(ErrorCode::NotNow, format!("the searches are step 3, after movement and spotting; now: {:?} (GOEBEN, HOW TO PLAY)", self.step))
            }
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
        self.searching = Some(caller);
        Ok(name)
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

    /// A square call: at night a die first; in a square with islands (by the game's public list) another.
    /// Any even die leaves the searched player the choice, asked even when nothing is there, so the wait
    /// tells the caller nothing. The same caller calling the same square again this turn gets the answer
    /// they had, with no new die.
    pub fn call_square(&mut self, caller: Player, square: &str, dice: &mut Dice) -> CallOutcome {
        if let Some(before) = self
            .answered
            .iter()
            .find(|c| c.caller == caller && same(&c.square, square))
        {
            return CallOutcome::Repeated(before.clone());
        }
        let mut rolled = Vec::new();
        if self.night {
            rolled.push(SearchDie {
                rolled_for: DieFor::Night,
                die: dice.d6(),
            });
        }
        if self.is_island(square) {
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
        let answer = self.square_answer(caller, square);
        self.answered.push(SquareCall {
            caller,
            square: square.to_string(),
            dice: rolled.clone(),
            answer: answer.clone(),
        });
        CallOutcome::Answered {
            answer,
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
        self.answered.push(SquareCall {
            caller: pending.caller,
            square: pending.square.clone(),
            dice: pending.dice.clone(),
            answer: answer.clone(),
        });
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
        if self.island_squares.len() > ISLAND_SQUARES_MAX
            || self
                .island_squares
                .iter()
                .any(|s| label("", s).as_deref() != Ok(s.as_str()))
        {
            return Err("a bad list of island squares".into());
        }
        if self.night != turn::is_night(self.turn) {
            return Err("the night does not follow the turn track".into());
        }
        if self.turn > turn::LAST_TURN
            || (self.turn == 0) != (self.step == TurnStep::Setup)
            || self.done.len() > 2
        {
            return Err(format!(
                "turn {} cannot be at step {:?}",
                self.turn, self.step
            ));
        }
        if self.pending.is_some()
            && !matches!(self.step, TurnStep::BritishSearch | TurnStep::GermanSearch)
        {
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
