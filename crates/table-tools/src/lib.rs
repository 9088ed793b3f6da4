//! Table tools for the other source games: secret die rolls with proof against switching and
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
mod peek;
pub mod pins;
pub mod procedures;
mod request;
pub mod sdr;
pub mod sdr_charts;
pub mod sdr_purposes;
mod sdr_requests;
pub mod search;
mod search_requests;
#[cfg(feature = "test-support")]
pub mod test_support;
mod tool;
pub mod turn;
pub mod verify;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use calculators::{HullClass, SpeedClass, Weather};
use events::{EventRoll, EventTable};
use fleets::{BoxView, ChartView, D10Procedure, D10Result, FleetCharts, FleetSide, OwnChartView};
use goeben_common::dice::Dice;
pub use goeben_common::ErrorCode;
use procedures::{PortSize, ProcedureKind, ProcedureRoll};
pub use request::ToolRequest;
use sdr::{Bag, Chit, ChitView, Player};
use sdr_charts::{VictoryLine, VictorySide, WhatIfEntry, WhatIfFleet};
use search::{
    PendingCall, PortStatus, Position, SearchAnswer, SearchBoard, SearchDie, SearchLevel,
    SearchStatus, Sighting, Unit,
};

/// Every table tool, each answering its own requests, wording its own log entries and checking its own
/// part of the session (`tool::TableTool`). A new tool is its module and one line here, in the order of
/// its requests in `ToolAction`.
const TOOLS: &[tool::Registered] = &[
    tool::registered::<sdr_requests::SecretDieRolls>(),
    tool::registered::<events::RandomEvents>(),
    tool::registered::<sdr_charts::SdrCharts>(),
    tool::registered::<calculators::Calculators>(),
    tool::registered::<procedures::DieProcedures>(),
    tool::registered::<fleet_requests::FleetChartRequests>(),
    tool::registered::<search_requests::Searches>(),
    tool::registered::<peek::Peek>(),
];

/// The label every draw without a purpose carries: a house rule, not one the rules call for.
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
        /// What the rules draw it for; left out, it is a free draw (house rule), so labelled.
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
    /// Sets this player's PIN for Peek on one device: 4–8 digits, once a session. From then
    /// on this player's `view` is answered only with it.
    SetPin { player: Player, pin: pins::Pin },
    /// Everything this player may see now: chits, bag, log, Fleet Charts, own units, the search turn.
    /// `pin`: the player's PIN, needed once they have set one; a player without one peeks as before.
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
    /// commitment (anyone checks them against the last `fleet_chart_committed`; empty in older
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
    /// A player set a PIN for Peek: public, so the other player knows; never the PIN.
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
    /// The entry's readable line, in the words of the tool that logged it.
    fn text(&self) -> String {
        TOOLS
            .iter()
            .find_map(|tool| (tool.log_text)(self))
            .unwrap_or_else(|| unreachable!("no table tool words {self:?}"))
    }
}

fn name(player: Player) -> &'static str {
    match player {
        Player::A => "A",
        Player::B => "B",
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
    /// Where salts come from: the OS, or a test stream. Older saves drew their salts
    /// from the dice; they load with the OS from now on.
    #[serde(default)]
    salts: sdr::Salts,
    /// Each player's PIN for Peek, as a salted hash. Absent from older saves: no PIN; and
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

    /// A save from before the turn steps and the seals is brought up to date (its step from
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
    /// A session whose dice are ChaCha8 keyed by 256 bits and whose salts come from
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
                    ToolAction::View { .. } => peek::PinUse::Peek,
                    _ => peek::PinUse::Act,
                };
                return peek::pin_refused(player, refusal, doing);
            }
        }
        self.apply(request.action)
    }

    /// The one tool whose request `action` is answers it (`TOOLS`, each tool giving back what is not its).
    fn apply(&mut self, mut action: ToolAction) -> ToolResponse {
        for tool in TOOLS {
            match (tool.respond)(self, action) {
                Ok(answer) => return answer,
                Err(not_its) => action = not_its,
            }
        }
        unreachable!("no table tool answers {action:?}")
    }
    /// Whether `player` has set a PIN for Peek (public).
    pub fn has_pin(&self, player: Player) -> bool {
        self.pins.is_set(player)
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

    /// The session's invariants: the log's bound, then each tool's own (the chits' conservation, the
    /// Fleet Charts' seals, the search board, the PIN records).
    fn check(&self) -> Result<(), String> {
        if self.log.len() > LOG_MAX {
            return Err(format!("log longer than {LOG_MAX}"));
        }
        TOOLS.iter().try_for_each(|tool| (tool.check)(self))
    }
}

/// Now, in Unix seconds (a clock before 1970 reads as 0: the PIN wait is then at most its length).
fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
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
