//! Table tools for the other source games (issue #8): secret die rolls with proof against switching and
//! the charts they select (seed 001), random events (seed 004), and small calculators (seeds 003–004).
//!
//! Independent of the Goeben game (this crate knows only `goeben-common`: the dice and the JSON-line
//! parser): a [`ToolSession`] holds its own seeded [`Dice`], the SDR bag, the chits each player drew and a
//! public log. It answers one [`ToolAction`] with one [`ToolResponse`] (both tagged by `"tool"`), meant
//! for the player who acted.
//!
//! **Tools invariant: no response shows a player the value or salt of a chit the other player holds
//! face down.** Chits leave only through [`sdr::Chit::view_for`] (or [`sdr::Chit::public_view`], as a
//! player who does not hold it sees it); the log records draws by commitment only. The shared screen's
//! [`TableView`] (`table_view`, no player) carries nothing private of either player. Tested by
//! `tests/tools_no_leak.rs` over random sequences of actions.

pub mod calculators;
pub mod events;
mod fleet_requests;
pub mod fleets;
pub mod pins;
pub mod procedures;
mod request;
pub mod sdr;
pub mod sdr_charts;
pub mod sdr_purposes;
pub mod search;
mod search_requests;
pub mod turn;
pub mod verify;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use calculators::{HullClass, SpeedClass, Weather};
use events::{EventRoll, EventTable};
use fleets::{BoxView, ChartView, D10Procedure, D10Result, FleetCharts, FleetSide, OwnChartView};
use goeben_common::dice::Dice;
pub use goeben_common::ErrorCode;
use procedures::{PortSize, Procedure, ProcedureKind, ProcedureRoll};
pub use request::ToolRequest;
use sdr::{Bag, Chit, ChitState, ChitView, Player};
use sdr_charts::{VictoryLine, VictorySide, WhatIfEntry, WhatIfFleet};
use search::{
    PendingCall, PortStatus, Position, SearchAnswer, SearchBoard, SearchDie, SearchLevel,
    SearchStatus, Sighting, Unit,
};

/// The label every draw without a purpose carries (issue #30): a house rule, not one the rules call for.
pub const FREE_DRAW: &str = "free draw (house rule)";
/// Longest label a player may give a draw.
pub const LABEL_MAX_CHARS: usize = 80;
/// Most ships one combined-fire calculation takes.
pub const FIRERS_MAX: usize = 64;
/// Most entries a session's log holds; a session that long is a bug or abuse, refused further rolls.
pub const LOG_MAX: usize = 100_000;
/// Most hull boxes one hull-damage VP calculation takes (a bound, far above any ship).
pub const HULL_BOXES_MAX: u32 = 1000;
/// Maximum accepted line length in the CLI; a longer line is refused without parsing.
pub const MAX_LINE_BYTES: usize = 16 * 1024;

/// One request to the table tools. `player` is who acts and whom the response is for.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "tool", rename_all = "snake_case")]
pub enum ToolAction {
    /// Draw a chit from the bag, face down (seed 001 Secret Die Roll).
    DrawSdr {
        player: Player,
        /// What the rules draw it for (issue #30); left out, it is a free draw (house rule), so labelled.
        #[serde(default)]
        #[ts(optional)]
        purpose: Option<sdr_purposes::SdrPurpose>,
        #[serde(default)]
        label: String,
    },
    /// Show one of your face-down chits to both players.
    RevealSdr { player: Player, chit: u32 },
    /// Put one of your revealed chits back into the bag.
    ReturnSdr { player: Player, chit: u32 },
    /// Check a value and salt against a commitment (anyone, any time).
    VerifySdr {
        commitment: String,
        value: u8,
        salt: String,
    },
    /// Roll on a random events table of seed 004.
    RollEvent { player: Player, table: EventTable },
    /// Seed 001 victory conditions chart for an SDR.
    VictoryConditions { side: VictorySide, sdr: u8 },
    /// Seed 001 What-If chart for a fleet's (effective) SDR.
    WhatIf { fleet: WhatIfFleet, sdr: u8 },
    /// Seed 004 Tactical 11.
    CombinedFire { strengths: Vec<u32> },
    /// Seed 004 Strategic 6.
    ContactModifier { ships_a: u32, ships_b: u32 },
    /// Seed 003 Extended Operational Movement (and weather).
    OperationalMove {
        speed: SpeedClass,
        turn: u32,
        #[serde(default = "fair")]
        weather: Weather,
    },
    /// Seed 003 Fuel Use.
    FuelUse { zones_moved: u32 },
    /// Seed 003 Adrift at Sea.
    AdriftVp { ship_vp: u32 },
    /// Seed 003 Cripples.
    CrippledVp { ship_vp: u32 },
    /// Seed 003 Victory Points (VPs): hull boxes crossed off a ship neither sunk nor crippled.
    HullDamageVp { class: HullClass, hull_boxes: u32 },
    /// Seed 004 Strategic 7: the words announcing how many minefields lie on a boundary.
    MinefieldDensity { fields: u32 },
    /// Seed 004 Strategic 9: one turn's repair roll for a damaged ship in port.
    PortRepair { player: Player, port: PortSize },
    /// Seed 004 Strategic 10: a port's primary guns, rolled at the start of the game.
    ShoreBatteries { player: Player },
    /// Seed 004 Strategic 11: damage-control rolls for one ship, repeated while they repair.
    DamageControl { player: Player, damaged_boxes: u32 },
    /// Seed 003 optional rule Always Possible: roll the extra dice; all sixes succeed.
    AlwaysPossible {
        player: Player,
        highest_roll: i32,
        needed: i32,
    },
    /// Seed 003 optional rule Automatic Disengagement, at the end of a combat round.
    AutomaticDisengagement {
        player: Player,
        max_sighting: u32,
        range: u32,
        night: bool,
        speed_advantage: bool,
    },
    /// Seed 003 Submarines (15.0): may a submarine that made contact attack?
    SubmarineAttack {
        player: Player,
        target_moved_two: bool,
    },
    /// Seed 003 Submarines (15.0), ASW: do the target fleet's escorts sink the submarine, and when?
    Asw {
        player: Player,
        escorts: u32,
        before_1918: bool,
    },
    /// Seed 003 Submarines (15.0), Sub versus Sub: two dice, 12 destroys the revealed enemy submarine.
    SubVersusSub { player: Player },
    /// Seed 003 Mine Warfare (13.0): the sweep roll of a ship other than an MS allowed to sweep.
    MineSweep { player: Player },
    /// Opens this player's hidden Fleet Chart for a side of seed 002 (once; the players take different sides).
    OpenFleetChart { player: Player, side: FleetSide },
    /// Puts a ship, not yet on the chart, into a Fleet Box (seed 002, 5.0).
    AssignShip {
        player: Player,
        ship: String,
        fleet_box: u8,
    },
    /// Moves a ship from one Fleet Box to another (seed 002, 5.2 regrouping).
    TransferShip {
        player: Player,
        ship: String,
        from: u8,
        to: u8,
    },
    /// Takes a ship off the chart (sunk or gone).
    RemoveShip {
        player: Player,
        ship: String,
        fleet_box: u8,
    },
    /// Notes whether a box's numbered fleet marker is on the map (seed 002, 5.0, 5.1, 5.2).
    SetFleetMarker {
        player: Player,
        fleet_box: u8,
        on_map: bool,
    },
    /// Shows the opponent one Fleet Box: its ship names, or that it is a decoy (seed 002, 5.2).
    RevealFleetBox { player: Player, fleet_box: u8 },
    /// Rolls a D10 procedure of seed 002; with `fleet_box`, the acting box is revealed when the roll says so.
    RollD10 {
        player: Player,
        procedure: D10Procedure,
        #[serde(default)]
        #[ts(optional)]
        fleet_box: Option<u8>,
    },
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
    /// Sets this player's PIN for Peek on one device (issue #30): 4–8 digits, once a session. From then
    /// on this player's `view` is answered only with it.
    SetPin { player: Player, pin: pins::Pin },
    /// Everything this player may see now: chits, bag, log, Fleet Charts, own units, the search turn.
    /// `pin`: the player's PIN, needed once they have set one (issue #30); a player without one peeks as before.
    View {
        player: Player,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        pin: Option<pins::Pin>,
    },
    /// What both players may see now, for the screen they share: no player's private data at all.
    TableView,
}

fn fair() -> Weather {
    Weather::Fair
}

/// The answer to one [`ToolAction`], for the player who sent it.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[serde(tag = "tool", rename_all = "snake_case")]
pub enum ToolResponse {
    SdrDrawn {
        chit: ChitView,
        bag_left: usize,
    },
    SdrRevealed {
        chit: ChitView,
    },
    SdrReturned {
        chit: ChitView,
        bag_left: usize,
    },
    Verified {
        matches: bool,
    },
    EventRolled {
        by: Player,
        roll: EventRoll,
    },
    VictoryConditions {
        side: VictorySide,
        sdr: u8,
        lines: Vec<VictoryLine>,
    },
    WhatIf {
        entry: WhatIfEntry,
    },
    /// A calculator's result with the rule it applies.
    Number {
        calculator: &'static str,
        source: &'static str,
        value: u32,
    },
    /// A calculator whose answer is words (e.g. the minefield density announcement), with its rule.
    Wording {
        calculator: &'static str,
        source: &'static str,
        text: String,
    },
    /// A die procedure of seeds 003/004 rolled with the session's dice, read.
    ProcedureRolled {
        by: Player,
        roll: ProcedureRoll,
    },
    /// The acting player's own Fleet Chart after a change.
    FleetChart {
        chart: OwnChartView,
    },
    /// What the opponent now sees of the revealed box.
    FleetBoxRevealed {
        side: FleetSide,
        fleet_box: BoxView,
    },
    /// A D10 procedure's roll; `revealed_box` is the acting box as the opponent now sees it, when revealed.
    D10Rolled {
        by: Player,
        result: D10Result,
        #[ts(optional)]
        #[serde(skip_serializing_if = "Option::is_none")]
        revealed_box: Option<BoxView>,
    },
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
    /// The player's PIN is set (the PIN itself is never answered).
    PinSet {
        player: Player,
    },
    /// Boxed (the JSON is the same): a view is far larger than any other answer, and refusals travel in
    /// `Result`s.
    View(Box<ToolView>),
    /// What both players may see (boxed like `View`).
    TableView(Box<TableView>),
    Error {
        code: ErrorCode,
        message: String,
    },
}

impl ToolResponse {
    fn error(code: ErrorCode, message: impl Into<String>) -> ToolResponse {
        ToolResponse::Error {
            code,
            message: message.into(),
        }
    }

    pub fn is_error(&self) -> bool {
        matches!(self, ToolResponse::Error { .. })
    }
}

/// What one player may see of the session.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct ToolView {
    pub player: Player,
    pub bag_left: usize,
    pub chits: Vec<ChitView>,
    pub log: Vec<LogLine>,
    /// This player's own Fleet Chart, every box shown (null until opened).
    pub fleet_chart: Option<OwnChartView>,
    /// The other player's Fleet Chart as this player may see it: revealed boxes only (null until opened).
    pub opponent_fleet_chart: Option<ChartView>,
    /// This player's own seed 001 units and their positions (the other player's are never shown).
    pub units: Vec<Unit>,
    pub search: SearchStatus,
}

/// What both players may see of the session, for the screen they share (`table_view`): the answer holds
/// no player's private data — no face-down chit's value or salt, no ship of an unrevealed Fleet Box, no
/// unit or position.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct TableView {
    pub bag_left: usize,
    /// Every chit as a player who does not hold it sees it: the commitment only while face down; value,
    /// salt and the check once revealed.
    pub chits: Vec<ChitView>,
    /// The public log with readable lines (the same log both players' views carry).
    pub log: Vec<LogLine>,
    /// Each player's Fleet Chart as their opponent sees it: its side, box numbers, revealed boxes.
    pub fleet_charts: PublicFleetCharts,
    /// The search turn: turn, night, who is British, whose searches, whether they have begun, and a
    /// waiting call's public part (caller, square, dice).
    pub search: SearchStatus,
}

/// Each player's Fleet Chart as the other player sees it (null until that player opens one).
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct PublicFleetCharts {
    pub a: Option<ChartView>,
    pub b: Option<ChartView>,
}

/// One public log entry. Draws are recorded by commitment only, so the log is the same for both players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "entry", rename_all = "snake_case")]
pub enum LogEntry {
    SdrDrawn {
        chit: u32,
        owner: Player,
        label: String,
        commitment: String,
        /// What the rules drew it for; null for a free draw (and in older logs).
        #[serde(default)]
        purpose: Option<sdr_purposes::SdrPurpose>,
    },
    SdrRevealed {
        chit: u32,
        owner: Player,
        value: u8,
        salt: String,
        verified: bool,
    },
    SdrReturned {
        chit: u32,
        owner: Player,
    },
    EventRolled {
        by: Player,
        table: EventTable,
        dice: [u8; 2],
        side_die: Option<u8>,
    },
    FleetChartOpened {
        owner: Player,
        side: FleetSide,
    },
    /// A box shown to the opponent: its ships then (an empty list is a decoy), with the box's salt and
    /// commitment (issue #30: anyone checks them against the last `fleet_chart_committed`; empty in older
    /// logs).
    FleetBoxRevealed {
        owner: Player,
        side: FleetSide,
        fleet_box: u8,
        ships: Vec<String>,
        #[serde(default)]
        salt: String,
        #[serde(default)]
        commitment: String,
    },
    /// A Fleet Chart sealed afresh (opened or changed): every box's commitment, box 1 first. Says that
    /// the chart changed, never which box (seed 002 5.0: the chart stays hidden).
    FleetChartCommitted {
        owner: Player,
        side: FleetSide,
        commitments: Vec<String>,
    },
    /// A D10 procedure. The acting box is named only when the roll revealed it: an unrevealed marker's
    /// number would let the opponent follow it on the map.
    D10Rolled {
        by: Player,
        procedure: D10Procedure,
        die: u8,
        success: bool,
        revealed: bool,
        #[ts(optional)]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        fleet_box: Option<u8>,
    },
    TurnStarted {
        turn: u32,
        night: bool,
        british: Player,
    },
    /// Who is British for the whole game (seed 001 "PREPARE FOR PLAY").
    SidesChosen {
        british: Player,
    },
    /// The squares with islands, named before the first turn (seed 001 "ISLAND SQUARES").
    IslandSquares {
        squares: Vec<String>,
    },
    /// A player closed their part of a step of the turn (seed 001 "HOW TO PLAY").
    StepEnded {
        turn: u32,
        player: Player,
        step: turn::TurnStep,
    },
    /// A die procedure of seeds 003/004 (port repair, damage control, ASW, ...), rolled in the open.
    ProcedureRolled {
        by: Player,
        procedure: ProcedureKind,
        dice: Vec<u8>,
        modified: Vec<i32>,
        outcome: String,
    },
    /// A night spotting die, rolled in the open; an even die spares the report ("NIGHT TURNS").
    SpottingDie {
        by: Player,
        die: u8,
    },
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
    /// A player set a PIN for Peek (issue #30): public, so the other player knows; never the PIN.
    PinSet {
        player: Player,
    },
}

/// A log entry with a readable line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct LogLine {
    #[serde(flatten)]
    pub entry: LogEntry,
    pub text: String,
}

impl LogEntry {
    fn text(&self) -> String {
        match self {
            LogEntry::SdrDrawn {
                chit,
                owner,
                label,
                commitment,
                ..
            } => {
                format!(
                    "Player {} drew SDR chit #{chit}{} face down; commitment {commitment}.",
                    name(*owner),
                    for_label(label)
                )
            }
            LogEntry::SdrRevealed {
                chit,
                owner,
                value,
                verified,
                ..
            } => format!(
                "Player {} revealed chit #{chit}: {value} ({}).",
                name(*owner),
                if *verified {
                    "matches its commitment"
                } else {
                    "DOES NOT match its commitment"
                }
            ),
            LogEntry::SdrReturned { chit, owner } => {
                format!("Player {} put chit #{chit} back in the bag.", name(*owner))
            }
            LogEntry::EventRolled {
                by,
                table,
                dice,
                side_die,
            } => {
                let entry = events::entry(*table, dice[0] + dice[1]);
                let side = side_die
                    .map(|d| format!(", side die {d}: {:?}", events::side_for(d)))
                    .unwrap_or_default();
                format!(
                    "Player {} rolled {:?} events {}+{}: {}{side}.",
                    name(*by),
                    table,
                    dice[0],
                    dice[1],
                    entry.name
                )
            }
            LogEntry::FleetChartOpened { owner, side } => {
                format!("Player {} holds the {side:?} Fleet Chart.", name(*owner))
            }
            LogEntry::FleetChartCommitted { owner, side, .. } => {
                format!(
                    "Player {}'s {side:?} Fleet Chart is sealed afresh: each box committed.",
                    name(*owner)
                )
            }
            LogEntry::FleetBoxRevealed {
                owner,
                side,
                fleet_box,
                ships,
                ..
            } if ships.is_empty() => {
                format!(
                    "Player {} revealed {side:?} Fleet Box {fleet_box}: a decoy.",
                    name(*owner)
                )
            }
            LogEntry::FleetBoxRevealed {
                owner,
                side,
                fleet_box,
                ships,
                ..
            } => {
                format!(
                    "Player {} revealed {side:?} Fleet Box {fleet_box}: {}.",
                    name(*owner),
                    ships.join(", ")
                )
            }
            LogEntry::D10Rolled {
                by,
                procedure,
                die,
                success,
                revealed,
                fleet_box,
            } => {
                let acting = fleet_box
                    .map(|n| format!(" (Fleet Box {n})"))
                    .unwrap_or_default();
                let outcome = if *success { "success" } else { "failure" };
                let shown = if *revealed {
                    ", unknown ship revealed"
                } else {
                    ""
                };
                format!(
                    "Player {}{acting} rolled D10 for {procedure:?}: {die}, {outcome}{shown}.",
                    name(*by)
                )
            }
            LogEntry::ProcedureRolled {
                by,
                procedure,
                dice,
                modified,
                outcome,
            } => {
                let dice: Vec<String> = dice
                    .iter()
                    .zip(modified)
                    .map(|(d, m)| {
                        if *d as i32 == *m {
                            d.to_string()
                        } else {
                            format!("{d} ({m})")
                        }
                    })
                    .collect();
                format!(
                    "Player {} rolled {procedure:?}: {}. {outcome}",
                    name(*by),
                    dice.join(", ")
                )
            }
            LogEntry::PinSet { player } => {
                format!("Player {} set a PIN for Peek.", name(*player))
            }
            other => search_requests::log_text(other),
        }
    }
}

fn name(player: Player) -> &'static str {
    match player {
        Player::A => "A",
        Player::B => "B",
    }
}

fn for_label(label: &str) -> String {
    if label.is_empty() {
        String::new()
    } else {
        format!(" for {label}")
    }
}

/// The table tools' whole state: secret (holds chit values, salts and the RNG). Saved as JSON; never
/// sent to a player — players get [`ToolResponse`]s. Every load (the app's, the table host's state file)
/// goes through [`SavedSession`]: brought up to date and checked, or refused.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "SavedSession")]
pub struct ToolSession {
    dice: Dice,
    bag: Bag,
    chits: Vec<Chit>,
    log: Vec<LogEntry>,
    /// Each player's hidden Fleet Chart (seed 002). Absent from sessions saved before the charts existed.
    #[serde(default)]
    fleets: FleetCharts,
    /// Each player's units and the search turn (seed 001). Absent from older saves.
    #[serde(default)]
    search: SearchBoard,
    /// Where salts come from (issue #34 item 7): the OS, or a test stream. Older saves drew their salts
    /// from the dice; they load with the OS from now on.
    #[serde(default)]
    salts: sdr::Salts,
    /// Each player's PIN for Peek, as a salted hash (issue #30). Absent from older saves: no PIN; and
    /// left out of a save while no one has set one, so such a save reads as before.
    #[serde(default, skip_serializing_if = "pins::Pins::is_empty")]
    pins: pins::Pins,
}

/// A [`ToolSession`] as saved, before its load is brought up to date and checked.
#[derive(Deserialize)]
struct SavedSession {
    dice: Dice,
    bag: Bag,
    chits: Vec<Chit>,
    log: Vec<LogEntry>,
    #[serde(default)]
    fleets: FleetCharts,
    #[serde(default)]
    search: SearchBoard,
    #[serde(default)]
    salts: sdr::Salts,
    #[serde(default)]
    pins: pins::Pins,
}

impl TryFrom<SavedSession> for ToolSession {
    type Error = String;

    /// A save from before the turn steps and the seals of issue #30 is brought up to date (its step from
    /// its searches, its island squares from its units, its charts sealed and their commitments logged);
    /// then the invariants are checked, so a save that breaks them is refused, never half-loaded.
    fn try_from(saved: SavedSession) -> Result<ToolSession, String> {
        let SavedSession {
            dice,
            bag,
            chits,
            log,
            fleets,
            search,
            salts,
            pins,
        } = saved;
        let mut session = ToolSession {
            dice,
            bag,
            chits,
            log,
            fleets,
            search,
            salts,
            pins,
        };
        session.search.migrate();
        for owner in session.fleets.seal_unsealed(&mut session.salts) {
            session.log_commitments(owner);
        }
        session.check()?;
        Ok(session)
    }
}

impl ToolSession {
    /// A session whose dice are ChaCha8 keyed by 256 bits (issue #34 item 7) and whose salts come from
    /// the OS. Callers pass 32 bytes of the OS's randomness ([`ToolSession::from_os_random`]).
    pub fn new(seed: [u8; 32]) -> ToolSession {
        ToolSession::with(Dice::from_seed_bytes(seed), sdr::Salts::Os)
    }

    /// A new session seeded from 32 bytes of the OS's random source.
    pub fn from_os_random() -> ToolSession {
        let mut seed = [0u8; 32];
        getrandom::fill(&mut seed).expect("the operating system gives random bytes");
        ToolSession::new(seed)
    }

    /// Tests and `--seed N` only: reproducible dice from a u64, and salts from a seeded stream of their
    /// own (never the dice's), so the same seed answers the same lines identically.
    pub fn seeded(seed: u64) -> ToolSession {
        ToolSession::with(
            Dice::from_seed(seed),
            sdr::Salts::Seeded(Box::new(Dice::from_seed(seed ^ 0x5a17_5a17_5a17_5a17))),
        )
    }

    fn with(dice: Dice, salts: sdr::Salts) -> ToolSession {
        ToolSession {
            dice,
            bag: Bag::full(),
            chits: Vec::new(),
            log: Vec::new(),
            fleets: FleetCharts::default(),
            search: SearchBoard::default(),
            salts,
            pins: pins::Pins::default(),
        }
    }

    /// Restores a saved session, refusing one whose chits and bag do not add up.
    pub fn from_json(text: &str) -> Result<ToolSession, String> {
        // Brought up to date and checked as it is read (`SavedSession`).
        serde_json::from_str(text).map_err(|e| format!("not a tool session: {e}"))
    }

    /// Test hook: script the next dice (not draws), like [`Dice::script`].
    pub fn script_dice(&mut self, faces: impl IntoIterator<Item = u8>) {
        self.dice.script(faces);
    }

    pub fn chits(&self) -> &[Chit] {
        &self.chits
    }

    pub fn bag(&self) -> &Bag {
        &self.bag
    }

    /// A player's seed 001 units with their positions (secret: for tests).
    pub fn units(&self, player: Player) -> &[Unit] {
        self.search.units(player)
    }

    /// A player's Fleet Chart (secret: for tests and the owner's own use).
    pub fn fleet_chart(&self, player: Player) -> Option<&fleets::FleetChart> {
        self.fleets.of(player)
    }

    /// Answers one request (an action, with its PIN or without). A refused request changes nothing, but
    /// for one thing: a wrong PIN counts a try against that player's PIN, which is what slows guessing
    /// down.
    pub fn respond(&mut self, request: impl Into<ToolRequest>) -> ToolResponse {
        self.respond_at(request, unix_now())
    }

    /// [`ToolSession::respond`] at `now` (Unix seconds): the only answer that depends on the time is a
    /// PIN-guarded request's wait (tests pass the time they need).
    pub fn respond_at(&mut self, request: impl Into<ToolRequest>, now: u64) -> ToolResponse {
        let response = self.answer_guarded(request.into(), now);
        if let Err(broken) = self.check() {
            panic!("table tools invariant broken: {broken}");
        }
        response
    }

    /// The PIN first: a request acting as a player who has set one is answered only with it, since its
    /// answer (a chart, a unit, a chit) carries that player's secrets as a peek does.
    fn answer_guarded(&mut self, request: ToolRequest, now: u64) -> ToolResponse {
        if let Some(player) = request.guarded_player() {
            if let Err(refusal) = self.pins.check(player, request.pin(), now) {
                let doing = match request.action {
                    ToolAction::View { .. } => PinUse::Peek,
                    _ => PinUse::Act,
                };
                return pin_refused(player, refusal, doing);
            }
        }
        self.apply(request.action)
    }

    fn apply(&mut self, action: ToolAction) -> ToolResponse {
        use ToolAction as A;
        match action {
            A::DrawSdr { .. } | A::RevealSdr { .. } | A::ReturnSdr { .. } | A::VerifySdr { .. } => {
                self.apply_sdr(action)
            }
            A::RollEvent { player, table } => self.roll_event(player, table),
            A::VictoryConditions { .. } | A::WhatIf { .. } => sdr_chart(action),
            A::CombinedFire { .. }
            | A::ContactModifier { .. }
            | A::OperationalMove { .. }
            | A::FuelUse { .. }
            | A::AdriftVp { .. }
            | A::CrippledVp { .. }
            | A::HullDamageVp { .. }
            | A::MinefieldDensity { .. } => calculate(action),
            A::PortRepair { .. }
            | A::ShoreBatteries { .. }
            | A::DamageControl { .. }
            | A::AlwaysPossible { .. }
            | A::AutomaticDisengagement { .. }
            | A::SubmarineAttack { .. }
            | A::Asw { .. }
            | A::SubVersusSub { .. }
            | A::MineSweep { .. } => self.apply_procedure(action),
            A::OpenFleetChart { .. }
            | A::AssignShip { .. }
            | A::TransferShip { .. }
            | A::RemoveShip { .. }
            | A::SetFleetMarker { .. }
            | A::RevealFleetBox { .. }
            | A::RollD10 { .. } => self.apply_fleet_chart(action),
            A::PlaceUnit { .. }
            | A::MoveUnit { .. }
            | A::RemoveUnit { .. }
            | A::StartTurn { .. }
            | A::ChooseSides { .. }
            | A::IslandSquares { .. }
            | A::EndStep { .. }
            | A::ReportSpotting { .. }
            | A::Search { .. }
            | A::AnswerSearch { .. } => self.apply_search(action),
            A::SetPin { player, pin } => self.set_pin(player, &pin),
            A::View { player, .. } => ToolResponse::View(Box::new(self.view(player))),
            A::TableView => ToolResponse::TableView(Box::new(self.table_view())),
        }
    }

    /// Seed 001 Secret Die Roll: the chits drawn, revealed and returned, and the check of a commitment.
    fn apply_sdr(&mut self, action: ToolAction) -> ToolResponse {
        match action {
            ToolAction::DrawSdr {
                player,
                purpose,
                label,
            } => self.draw(player, purpose, label),
            ToolAction::RevealSdr { player, chit } => self.reveal(player, chit),
            ToolAction::ReturnSdr { player, chit } => self.put_back(player, chit),
            ToolAction::VerifySdr {
                commitment,
                value,
                salt,
            } => ToolResponse::Verified {
                matches: sdr::verify(&commitment, value, &salt),
            },
            _ => unreachable!("apply routes only the SDR actions here"),
        }
    }

    /// The die procedures of seeds 003 and 004, rolled with the session's dice once their inputs are in range.
    fn apply_procedure(&mut self, action: ToolAction) -> ToolResponse {
        match action {
            ToolAction::PortRepair { player, port } => self.roll_procedure(player, Procedure::PortRepair { port }),
            ToolAction::ShoreBatteries { player } => self.roll_procedure(player, Procedure::ShoreBatteries),
            ToolAction::DamageControl { damaged_boxes, .. } if !(1..=procedures::DAMAGED_BOXES_MAX).contains(&damaged_boxes) => {
                ToolResponse::error(ErrorCode::BadInput, format!("damage control needs 1-{} damaged boxes", procedures::DAMAGED_BOXES_MAX))
            }
            ToolAction::DamageControl { player, damaged_boxes } => self.roll_procedure(player, Procedure::DamageControl { damaged_boxes }),
            ToolAction::AlwaysPossible { player, highest_roll, needed } => match procedures::always_possible_count(highest_roll, needed) {
                Ok(dice) => self.roll_procedure(player, Procedure::AlwaysPossible { dice }),
                Err(why) => ToolResponse::error(ErrorCode::BadInput, why),
            },
            ToolAction::AutomaticDisengagement { max_sighting, range, .. }
                if max_sighting > procedures::SIGHTING_MAX || range > procedures::SIGHTING_MAX =>
            {
                ToolResponse::error(ErrorCode::BadInput, format!("sighting distance and range are 0-{} hexes", procedures::SIGHTING_MAX))
            }
            ToolAction::AutomaticDisengagement { player, max_sighting, range, night, speed_advantage } => {
                self.roll_procedure(player, Procedure::AutomaticDisengagement { max_sighting, range, night, speed_advantage })
            }
            ToolAction::SubmarineAttack { player, target_moved_two } => self.roll_procedure(player, Procedure::SubmarineAttack { target_moved_two }),
            ToolAction::Asw { escorts, .. } if !(1..=procedures::ESCORTS_MAX).contains(&escorts) => ToolResponse::error(ErrorCode::BadInput,
                format!("an ASW roll needs 1-{} escorts in the target fleet; without escorts there is none", procedures::ESCORTS_MAX),
            ),
            ToolAction::Asw { player, escorts, before_1918 } => self.roll_procedure(player, Procedure::Asw { escorts, before_1918 }),
            ToolAction::SubVersusSub { player } => self.roll_procedure(player, Procedure::SubVersusSub),
            ToolAction::MineSweep { player } => self.roll_procedure(player, Procedure::MineSweep),
            _ => unreachable!("apply routes only the die procedures here"),
        }
    }

    /// Seed 002: the hidden Fleet Charts, their boxes and markers, and the D10 procedures.
    fn apply_fleet_chart(&mut self, action: ToolAction) -> ToolResponse {
        match action {
            ToolAction::OpenFleetChart { player, side } => self.open_fleet_chart(player, side),
            ToolAction::AssignShip {
                player,
                ship,
                fleet_box,
            } => self.edit_chart(player, Some(&ship), |chart, ship| {
                chart.assign(ship, fleet_box)
            }),
            ToolAction::TransferShip { from, to, .. } if from == to => ToolResponse::error(
                ErrorCode::BadInput,
                format!("the ship is already in Fleet Box {from}"),
            ),
            ToolAction::TransferShip {
                player,
                ship,
                from,
                to,
            } => self.edit_chart(player, Some(&ship), |chart, ship| {
                chart.transfer(ship, from, to)
            }),
            ToolAction::RemoveShip {
                player,
                ship,
                fleet_box,
            } => self.edit_chart(player, Some(&ship), |chart, ship| {
                chart.remove(ship, fleet_box)
            }),
            ToolAction::SetFleetMarker {
                player,
                fleet_box,
                on_map,
            } => self.edit_chart(player, None, |chart, _| chart.set_marker(fleet_box, on_map)),
            ToolAction::RevealFleetBox { player, fleet_box } => {
                self.reveal_fleet_box(player, fleet_box)
            }
            ToolAction::RollD10 {
                player,
                procedure,
                fleet_box,
            } => self.roll_d10(player, procedure, fleet_box),
            _ => unreachable!("apply routes only the Fleet Chart actions here"),
        }
    }

    /// Seed 001 searches: the units each player places and moves, the turn, spotting and the search calls.
    fn apply_search(&mut self, action: ToolAction) -> ToolResponse {
        match action {
            ToolAction::PlaceUnit { player, unit, at } => self.place_unit(player, &unit, &at),
            ToolAction::MoveUnit { player, unit, at } => self.move_unit(player, &unit, &at),
            ToolAction::RemoveUnit { player, unit } => self.remove_unit(player, &unit),
            ToolAction::StartTurn { british } => self.start_turn(british),
            ToolAction::ChooseSides { british } => self.choose_sides(british),
            ToolAction::IslandSquares { squares } => self.name_island_squares(&squares),
            ToolAction::EndStep { player } => self.end_step(player),
            ToolAction::ReportSpotting {
                player,
                square,
                units,
                ended_there,
            } => self.report_spotting(player, &square, &units, ended_there.unwrap_or(false)),
            ToolAction::Search {
                player,
                level,
                name,
            } => self.search(player, level, &name),
            ToolAction::AnswerSearch { player, admit } => self.answer_search(player, admit),
            _ => unreachable!("apply routes only the search actions here"),
        }
    }

    /// Draws a chit for `purpose` (issue #30: once, by the player and in the turns the rules give it;
    /// Italy's What-If chit face up at once), or a free draw labelled as a house rule.
    fn draw(
        &mut self,
        player: Player,
        purpose: Option<sdr_purposes::SdrPurpose>,
        label: String,
    ) -> ToolResponse {
        if label.chars().count() > LABEL_MAX_CHARS {
            return ToolResponse::error(
                ErrorCode::BadInput,
                format!("a label has at most {LABEL_MAX_CHARS} characters"),
            );
        }
        if self.log.len() + 2 > LOG_MAX {
            return ToolResponse::error(
                ErrorCode::LogFull,
                "this session's log is full; start a new session",
            );
        }
        let status = self.search.status();
        let clock = sdr_purposes::Clock {
            turn: status.turn,
            step: status.step,
            british: status.british,
            british_moved: status.british.is_some_and(|b| self.search.is_done(b)),
        };
        if let Some(purpose) = purpose {
            if let Err(r) = sdr_purposes::check_draw(purpose, player, &clock, &self.chits) {
                return ToolResponse::error(r.code, r.message);
            }
        }
        let label = match (purpose, label.trim()) {
            (Some(purpose), _) => purpose.words(),
            (None, "") => FREE_DRAW.to_string(),
            (None, given) => format!("{FREE_DRAW}: {given}"),
        };
        let id = self.chits.len() as u32 + 1;
        let Some(mut chit) = Chit::draw(
            id,
            player,
            label,
            &mut self.bag,
            &mut self.dice,
            &mut self.salts,
        ) else {
            return ToolResponse::error(
                ErrorCode::BagEmpty,
                "all 48 chits are out of the bag; put revealed chits back to draw again",
            );
        };
        chit.purpose = purpose;
        chit.turn = status.turn;
        self.log.push(LogEntry::SdrDrawn {
            chit: id,
            owner: player,
            label: chit.label.clone(),
            commitment: chit.commitment.clone(),
            purpose,
        });
        let view = chit.view_for(player);
        self.chits.push(chit);
        if purpose.is_some_and(sdr_purposes::SdrPurpose::face_up) {
            // Seed 001 What If? Italy: the chit is placed face up.
            return match self.reveal(player, id) {
                ToolResponse::SdrRevealed { chit } => ToolResponse::SdrDrawn {
                    chit,
                    bag_left: self.bag.len(),
                },
                other => unreachable!("a chit just drawn reveals: {other:?}"),
            };
        }
        ToolResponse::SdrDrawn {
            chit: view,
            bag_left: self.bag.len(),
        }
    }

    /// Sets `player`'s PIN (issue #30), logged without it. A refusal changes nothing.
    fn set_pin(&mut self, player: Player, pin: &pins::Pin) -> ToolResponse {
        if self.log.len() >= LOG_MAX {
            return ToolResponse::error(
                ErrorCode::LogFull,
                "this session's log is full; start a new session",
            );
        }
        match self.pins.set(player, pin, &mut self.salts) {
            Ok(()) => {
                self.log.push(LogEntry::PinSet { player });
                ToolResponse::PinSet { player }
            }
            Err(refusal) => pin_refused(player, refusal, PinUse::Act),
        }
    }

    /// Whether `player` has set a PIN for Peek (public).
    pub fn has_pin(&self, player: Player) -> bool {
        self.pins.is_set(player)
    }

    /// The acting player's own chit, or the refusal to send.
    fn own_chit(&self, player: Player, id: u32) -> Result<usize, ToolResponse> {
        let index = id
            .checked_sub(1)
            .map(|i| i as usize)
            .filter(|&i| i < self.chits.len());
        let Some(index) = index else {
            return Err(ToolResponse::error(
                ErrorCode::UnknownChit,
                format!("no chit #{id} was drawn"),
            ));
        };
        if self.chits[index].owner != player {
            return Err(ToolResponse::error(
                ErrorCode::NotYourChit,
                format!("chit #{id} belongs to the other player"),
            ));
        }
        Ok(index)
    }

    fn reveal(&mut self, player: Player, id: u32) -> ToolResponse {
        let index = match self.own_chit(player, id) {
            Ok(i) => i,
            Err(refusal) => return refusal,
        };
        if self.chits[index].state != ChitState::Secret {
            return ToolResponse::error(
                ErrorCode::AlreadyRevealed,
                format!("chit #{id} is already revealed"),
            );
        }
        let chit = &mut self.chits[index];
        chit.state = ChitState::Revealed;
        let view = chit.view_for(player.opponent());
        let sdr::ChitFace::Revealed {
            value,
            ref salt,
            verified,
        } = view.face
        else {
            unreachable!("a revealed chit shows its face")
        };
        self.log.push(LogEntry::SdrRevealed {
            chit: id,
            owner: player,
            value,
            salt: salt.clone(),
            verified,
        });
        ToolResponse::SdrRevealed { chit: view }
    }

    fn put_back(&mut self, player: Player, id: u32) -> ToolResponse {
        let index = match self.own_chit(player, id) {
            Ok(i) => i,
            Err(refusal) => return refusal,
        };
        match self.chits[index].state {
            ChitState::Secret => {
                return ToolResponse::error(
                    ErrorCode::NotRevealed,
                    format!("reveal chit #{id} before putting it back"),
                )
            }
            ChitState::Returned => {
                return ToolResponse::error(
                    ErrorCode::AlreadyReturned,
                    format!("chit #{id} is already back in the bag"),
                )
            }
            ChitState::Revealed => {}
        }
        let chit = &mut self.chits[index];
        chit.state = ChitState::Returned;
        self.bag.put_back(chit.value);
        self.log.push(LogEntry::SdrReturned {
            chit: id,
            owner: player,
        });
        ToolResponse::SdrReturned {
            chit: self.chits[index].view_for(player),
            bag_left: self.bag.len(),
        }
    }

    fn roll_event(&mut self, player: Player, table: EventTable) -> ToolResponse {
        if self.log.len() >= LOG_MAX {
            return ToolResponse::error(
                ErrorCode::LogFull,
                "this session's log is full; start a new session",
            );
        }
        let roll = events::roll(table, &mut self.dice);
        self.log.push(LogEntry::EventRolled {
            by: player,
            table,
            dice: roll.dice,
            side_die: roll.side_die,
        });
        ToolResponse::EventRolled { by: player, roll }
    }

    /// Rolls a seed 003/004 die procedure with the session's dice and logs it (all public).
    fn roll_procedure(&mut self, player: Player, procedure: Procedure) -> ToolResponse {
        if self.log.len() >= LOG_MAX {
            return ToolResponse::error(
                ErrorCode::LogFull,
                "this session's log is full; start a new session",
            );
        }
        let roll = procedures::roll(procedure, &mut self.dice);
        self.log.push(LogEntry::ProcedureRolled {
            by: player,
            procedure: roll.procedure,
            dice: roll.dice.clone(),
            modified: roll.modified.clone(),
            outcome: roll.outcome.clone(),
        });
        ToolResponse::ProcedureRolled { by: player, roll }
    }

    /// What `player` may see: their own chits' values, the other's commitments, revealed chits, the log.
    pub fn view(&self, player: Player) -> ToolView {
        ToolView {
            player,
            bag_left: self.bag.len(),
            chits: self.chits.iter().map(|c| c.view_for(player)).collect(),
            log: self
                .log
                .iter()
                .map(|entry| LogLine {
                    entry: entry.clone(),
                    text: entry.text(),
                })
                .collect(),
            fleet_chart: self.fleets.of(player).map(fleets::FleetChart::owner_view),
            opponent_fleet_chart: self
                .fleets
                .of(player.opponent())
                .map(fleets::FleetChart::opponent_view),
            units: self.search.units(player).to_vec(),
            search: self.search.status(),
        }
    }

    /// What both players may see: every chit as a non-owner sees it, the log, each chart as its
    /// opponent sees it, the search status (all public).
    pub fn table_view(&self) -> TableView {
        let opponent_view = |player| {
            self.fleets
                .of(player)
                .map(fleets::FleetChart::opponent_view)
        };
        TableView {
            bag_left: self.bag.len(),
            chits: self.chits.iter().map(Chit::public_view).collect(),
            log: self
                .log
                .iter()
                .map(|entry| LogLine {
                    entry: entry.clone(),
                    text: entry.text(),
                })
                .collect(),
            fleet_charts: PublicFleetCharts {
                a: opponent_view(Player::A),
                b: opponent_view(Player::B),
            },
            search: self.search.status(),
        }
    }

    /// Conservation of chits (each face: in the bag plus held out = 8), numbering, and commitments.
    fn check(&self) -> Result<(), String> {
        for value in 1..=sdr::FACES as u8 {
            let held = self
                .chits
                .iter()
                .filter(|c| c.value == value && c.state != ChitState::Returned)
                .count();
            let total = self.bag.left_of(value) as usize + held;
            if total != sdr::SETS as usize {
                return Err(format!(
                    "{total} chits showing {value} instead of {}",
                    sdr::SETS
                ));
            }
        }
        for (i, chit) in self.chits.iter().enumerate() {
            if chit.id as usize != i + 1 {
                return Err(format!("chit #{} is in place {}", chit.id, i + 1));
            }
            if !sdr::verify(&chit.commitment, chit.value, &chit.salt) {
                return Err(format!("chit #{} does not match its commitment", chit.id));
            }
        }
        if self.log.len() > LOG_MAX {
            return Err(format!("log longer than {LOG_MAX}"));
        }
        self.fleets.check()?;
        self.pins.check_saved()?;
        self.search.check()
    }
}

/// Now, in Unix seconds (a clock before 1970 reads as 0: the PIN wait is then at most its length).
fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// What a PIN was asked for: a peek, or any other request acting as the player.
#[derive(Clone, Copy)]
enum PinUse {
    Peek,
    Act,
}

/// A refused PIN as the player reads it. The messages never repeat the PIN.
fn pin_refused(player: Player, refusal: pins::PinRefusal, doing: PinUse) -> ToolResponse {
    use pins::PinRefusal as R;
    let who = name(player);
    let (to_do, waiting) = match doing {
        PinUse::Peek => ("peek".to_string(), "peeking".to_string()),
        PinUse::Act => (
            format!("act as Player {who}"),
            format!("acting as Player {who}"),
        ),
    };
    match refusal {
        R::BadPin => ToolResponse::error(
            ErrorCode::BadInput,
            format!(
                "a PIN has {}-{} digits (0-9), nothing else",
                pins::PIN_MIN_DIGITS,
                pins::PIN_MAX_DIGITS
            ),
        ),
        R::AlreadySet => ToolResponse::error(
            ErrorCode::PinAlreadySet,
            format!("Player {who} already set a PIN for this session; it stays as it is"),
        ),
        R::Needed => ToolResponse::error(
            ErrorCode::PinNeeded,
            format!("Player {who} has a PIN: enter it to {to_do}"),
        ),
        R::Wrong { tries_left } => ToolResponse::error(
            ErrorCode::WrongPin,
            format!(
                "wrong PIN for Player {who}; {tries_left} more wrong {} and {waiting} waits {} seconds",
                if tries_left == 1 { "try" } else { "tries" },
                pins::LOCK_SECONDS
            ),
        ),
        R::Locked { seconds } => ToolResponse::error(
            ErrorCode::PinLocked,
            format!(
                "too many wrong PINs for Player {who}: try again in {seconds} second{}",
                if seconds == 1 { "" } else { "s" }
            ),
        ),
    }
}

/// A ship's name as given, trimmed; refused when empty or too long.
fn ship_name(name: &str) -> Result<String, ToolResponse> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > fleets::SHIP_NAME_MAX_CHARS {
        return Err(ToolResponse::error(
            ErrorCode::BadInput,
            format!(
                "a ship's name has 1-{} characters",
                fleets::SHIP_NAME_MAX_CHARS
            ),
        ));
    }
    Ok(name.to_string())
}

/// Seed 001 charts read for an SDR: the victory conditions chart and the What-If chart.
fn sdr_chart(action: ToolAction) -> ToolResponse {
    match action {
        ToolAction::VictoryConditions { side, sdr } => {
            match sdr_charts::victory_conditions(side, sdr) {
                Some(lines) => ToolResponse::VictoryConditions { side, sdr, lines },
                None => ToolResponse::error(
                    ErrorCode::BadSdr,
                    format!("the victory conditions chart has columns 1-6, not {sdr}"),
                ),
            }
        }
        ToolAction::WhatIf { fleet, sdr } => match sdr_charts::what_if(fleet, sdr) {
            Some(entry) => ToolResponse::WhatIf { entry: *entry },
            None => ToolResponse::error(
                ErrorCode::BadSdr,
                format!("the What-If chart has no entry {sdr} for the {fleet:?} fleet"),
            ),
        },
        _ => unreachable!("apply routes only the SDR charts here"),
    }
}

/// The calculators of seeds 003 and 004: no dice, a number (or words) with the rule it applies.
fn calculate(action: ToolAction) -> ToolResponse {
    use calculators as calc;
    match action {
        ToolAction::CombinedFire { strengths } if strengths.len() > FIRERS_MAX => {
            ToolResponse::error(ErrorCode::BadInput, format!("at most {FIRERS_MAX} ships fire together"))
        }
        ToolAction::CombinedFire { strengths } => {
            number("combined_fire", "Great War at Sea advanced rules, Advanced Tactical Rules 11", calc::combined_fire_strength(&strengths))
        }
        ToolAction::ContactModifier { ships_a, ships_b } => match ships_a.checked_add(ships_b) {
            Some(_) => number("contact_modifier", "Great War at Sea advanced rules, Advanced Strategic Rules 6", calc::contact_modifier(ships_a, ships_b)),
            None => ToolResponse::error(ErrorCode::BadInput, "too many ships"),
        },
        ToolAction::OperationalMove { turn: 0, .. } => ToolResponse::error(ErrorCode::BadInput, "turns are numbered from 1"),
        ToolAction::OperationalMove { speed, turn, weather } => number(
            "operational_zones",
            "The Turkish Black Sea Fleet, Extended Operational Movement; Weather Effects on Operations",
            calc::operational_zones(speed, turn, weather),
        ),
        ToolAction::FuelUse { zones_moved } => match calc::fuel_points_for_turn(zones_moved) {
            Some(points) => number("fuel_points", "The Turkish Black Sea Fleet, Fuel Use", points),
            None => ToolResponse::error(ErrorCode::BadInput, "no ship moves more than three sea zones a turn"),
        },
        ToolAction::AdriftVp { ship_vp } => number("adrift_vp", "The Turkish Black Sea Fleet, Adrift at Sea", calc::adrift_vp(ship_vp)),
        ToolAction::CrippledVp { ship_vp } => number("crippled_vp", "The Turkish Black Sea Fleet, Cripples", calc::crippled_vp(ship_vp)),
        ToolAction::HullDamageVp { hull_boxes, .. } if hull_boxes > HULL_BOXES_MAX => {
            ToolResponse::error(ErrorCode::BadInput, format!("at most {HULL_BOXES_MAX} hull boxes at a time"))
        }
        ToolAction::HullDamageVp { class, hull_boxes } => {
            number("hull_damage_vp", "The Turkish Black Sea Fleet, Victory Points (VPs)", calc::hull_damage_vp(class, hull_boxes))
        }
        ToolAction::MinefieldDensity { fields } => match procedures::minefield_density(fields) {
            Some(words) => ToolResponse::Wording {
                calculator: "minefield_density",
                source: "Great War at Sea advanced rules, Advanced Strategic Rules 7 (Minefields)",
                text: words.to_string(),
            },
            None => ToolResponse::error(ErrorCode::BadInput, "no minefield, nothing to announce: enter 1 field or more"),
        },
        _ => unreachable!("apply routes only the calculators here"),
    }
}

fn number(calculator: &'static str, source: &'static str, value: u32) -> ToolResponse {
    ToolResponse::Number {
        calculator,
        source,
        value,
    }
}

/// Parses one JSON line into an action, telling an unknown tool apart from a malformed line, and refusing
/// fields the tool does not have (a misspelt field must not be silently ignored): the shared parser of
/// `goeben_common::line` with the tools' tag, limit and words.
pub fn parse_line(line: &str) -> Result<ToolRequest, ToolResponse> {
    goeben_common::line::parse_line(line, MAX_LINE_BYTES, &goeben_common::line::TABLE_TOOLS)
        .map_err(|refusal| ToolResponse::error(refusal.code, refusal.message))
}

/// Answers one JSON line: the response as one JSON line.
pub fn handle_line(session: &mut ToolSession, line: &str) -> String {
    let response = match parse_line(line) {
        Ok(request) => session.respond(request),
        Err(refusal) => refusal,
    };
    serde_json::to_string(&response).expect("a response always serialises")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draw(s: &mut ToolSession, player: Player) -> ChitView {
        match s.respond(ToolAction::DrawSdr {
            player,
            purpose: None,
            label: "test".into(),
        }) {
            ToolResponse::SdrDrawn { chit, .. } => chit,
            other => panic!("draw refused: {other:?}"),
        }
    }

    #[test]
    fn draw_reveal_return_keeps_the_bag_honest() {
        let mut s = ToolSession::seeded(4);
        let mine = draw(&mut s, Player::A);
        assert_eq!(s.bag().len(), 47);
        let refused = s.respond(ToolAction::RevealSdr {
            player: Player::B,
            chit: mine.chit,
        });
        assert!(matches!(
            refused,
            ToolResponse::Error {
                code: ErrorCode::NotYourChit,
                ..
            }
        ));
        let refused = s.respond(ToolAction::ReturnSdr {
            player: Player::A,
            chit: mine.chit,
        });
        assert!(
            matches!(
                refused,
                ToolResponse::Error {
                    code: ErrorCode::NotRevealed,
                    ..
                }
            ),
            "a secret chit cannot go back unseen"
        );
        let ToolResponse::SdrRevealed { chit } = s.respond(ToolAction::RevealSdr {
            player: Player::A,
            chit: mine.chit,
        }) else {
            panic!()
        };
        let sdr::ChitFace::Own { value } = mine.face else {
            panic!("the owner sees the value")
        };
        assert!(
            matches!(chit.face, sdr::ChitFace::Revealed { value: v, verified: true, .. } if v == value)
        );
        assert!(matches!(
            s.respond(ToolAction::RevealSdr {
                player: Player::A,
                chit: 1
            }),
            ToolResponse::Error {
                code: ErrorCode::AlreadyRevealed,
                ..
            }
        ));
        let ToolResponse::SdrReturned { bag_left, .. } = s.respond(ToolAction::ReturnSdr {
            player: Player::A,
            chit: 1,
        }) else {
            panic!()
        };
        assert_eq!(bag_left, 48);
        assert!(matches!(
            s.respond(ToolAction::ReturnSdr {
                player: Player::A,
                chit: 1
            }),
            ToolResponse::Error {
                code: ErrorCode::AlreadyReturned,
                ..
            }
        ));
        assert!(matches!(
            s.respond(ToolAction::RevealSdr {
                player: Player::A,
                chit: 9
            }),
            ToolResponse::Error {
                code: ErrorCode::UnknownChit,
                ..
            }
        ));
        assert!(matches!(
            s.respond(ToolAction::RevealSdr {
                player: Player::A,
                chit: 0
            }),
            ToolResponse::Error {
                code: ErrorCode::UnknownChit,
                ..
            }
        ));
    }

    #[test]
    fn an_empty_bag_refuses_and_changes_nothing() {
        let mut s = ToolSession::seeded(8);
        for _ in 0..sdr::CHITS_MAX {
            draw(&mut s, Player::B);
        }
        let before = s.clone();
        assert!(matches!(
            s.respond(ToolAction::DrawSdr {
                player: Player::A,
                purpose: None,
                label: String::new()
            }),
            ToolResponse::Error {
                code: ErrorCode::BagEmpty,
                ..
            }
        ));
        assert_eq!(s, before);
    }

    #[test]
    fn a_session_round_trips_through_json_and_continues_the_same() {
        let mut s = ToolSession::seeded(21);
        draw(&mut s, Player::A);
        s.respond(ToolAction::RollEvent {
            player: Player::B,
            table: EventTable::Strategic,
        });
        let saved = serde_json::to_string(&s).unwrap();
        let mut restored = ToolSession::from_json(&saved).unwrap();
        assert_eq!(restored, s);
        assert_eq!(
            draw(&mut restored, Player::B),
            draw(&mut s, Player::B),
            "same RNG stream after a restore"
        );
    }

    #[test]
    fn a_tampered_save_is_refused() {
        let mut s = ToolSession::seeded(2);
        draw(&mut s, Player::A);
        let mut v = serde_json::to_value(&s).unwrap();
        let value = v["chits"][0]["value"].as_u64().unwrap();
        v["chits"][0]["value"] = (value % 6 + 1).into();
        let err = ToolSession::from_json(&v.to_string()).unwrap_err();
        assert!(
            err.contains("instead of") || err.contains("commitment"),
            "{err}"
        );
    }

    #[test]
    fn parse_tells_unknown_tools_from_malformed_lines() {
        assert!(matches!(
            parse_line("nope"),
            Err(ToolResponse::Error {
                code: ErrorCode::Malformed,
                ..
            })
        ));
        assert!(matches!(
            parse_line(r#"{"tool":"teleport"}"#),
            Err(ToolResponse::Error {
                code: ErrorCode::UnknownTool,
                ..
            })
        ));
        assert!(matches!(
            parse_line(r#"{"tool":"draw_sdr","player":"a","lable":"x"}"#),
            Err(ToolResponse::Error {
                code: ErrorCode::Malformed,
                ..
            })
        ));
        assert!(
            matches!(
                parse_line(r#"{"tool":"draw_sdr","player":"c"}"#),
                Err(ToolResponse::Error {
                    code: ErrorCode::Malformed,
                    ..
                })
            ),
            "an unknown player is not an unknown tool"
        );
        assert!(matches!(
            parse_line(r#"{"tool":"view"}"#),
            Err(ToolResponse::Error {
                code: ErrorCode::Malformed,
                ..
            })
        ));
        assert_eq!(
            parse_line(r#"{"tool":"table_view"}"#).unwrap(),
            ToolAction::TableView.into()
        );
        assert!(
            matches!(
                parse_line(r#"{"tool":"table_view","player":"a"}"#),
                Err(ToolResponse::Error {
                    code: ErrorCode::Malformed,
                    ..
                })
            ),
            "the table view is for no player"
        );
        assert_eq!(
            parse_line(r#"{"tool":"draw_sdr","player":"b"}"#).unwrap(),
            ToolAction::DrawSdr {
                player: Player::B,
                purpose: None,
                label: String::new()
            }
            .into()
        );
    }

    #[test]
    fn the_table_view_is_what_both_views_share() {
        let mut s = ToolSession::seeded(12);
        let a = draw(&mut s, Player::A);
        draw(&mut s, Player::B);
        s.respond(ToolAction::RevealSdr {
            player: Player::B,
            chit: 2,
        });
        s.respond(ToolAction::OpenFleetChart {
            player: Player::A,
            side: FleetSide::German,
        });
        s.respond(ToolAction::AssignShip {
            player: Player::A,
            ship: "Emden".into(),
            fleet_box: 3,
        });
        let at = Position {
            sea: "Ionian".into(),
            area: "Ionian A".into(),
            square: "52".into(),
            islands: false,
            port: None,
            coast_side: None,
        };
        s.respond(ToolAction::PlaceUnit {
            player: Player::B,
            unit: "Gloucester".into(),
            at,
        });
        s.respond(ToolAction::StartTurn {
            british: Some(Player::B),
        });
        let ToolResponse::TableView(table) = s.respond(ToolAction::TableView) else {
            panic!("a table view")
        };
        let (view_a, view_b) = (s.view(Player::A), s.view(Player::B));
        assert_eq!(table.bag_left, 46);
        assert_eq!(
            table.chits[0].face,
            sdr::ChitFace::Hidden,
            "A's face-down chit shows its commitment only"
        );
        assert_eq!(table.chits[0].commitment, a.commitment);
        assert_eq!(
            table.chits[1], view_a.chits[1],
            "B's revealed chit as everyone sees it"
        );
        assert_eq!(table.log, view_a.log);
        assert_eq!(table.fleet_charts.a, view_b.opponent_fleet_chart);
        assert_eq!(table.fleet_charts.b, None);
        assert_eq!(table.search, view_a.search);
        let json = serde_json::to_string(&ToolResponse::TableView(table)).unwrap();
        assert!(
            json.starts_with(r#"{"tool":"table_view","bag_left":46,"#),
            "{json}"
        );
        assert!(
            !json.contains("Emden") && !json.contains("Gloucester") && !json.contains("\"own\""),
            "{json}"
        );
    }
}
