//! Moves: every decision of the game a player (or the CLI) can send, answered by the rules. Tagged by
//! `"action"` with snake_case names (protocol contract in docs/PROTOCOL.md); the session's own requests
//! (new game, undo, the log…) are `api::request::SessionRequest`. Add new variants in your module's section.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::ground::state::SpaceRef;
pub use crate::ground::tracks::{Speed, Supply, Track};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
// Unknown fields are refused by `protocol::parse_request` (serde's deny_unknown_fields does not work
// with internally tagged enums' nested structs the way we need, and ts-rs cannot read it).
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Action {
    // --- Setup (3.0) ---
    /// 3.0 step 9: place one German collier in a sea space of the player's choice.
    PlaceCollier { to: SpaceRef },

    // --- Sequence of play (4.0) ---
    /// Finish the current phase and go on. In the Movement phase, ships not yet moved stay where they are.
    EndPhase,

    // --- Outfitting & Repair (7.0), cargo (8.0), repairs (10.0) ---
    /// 7.0: `ship` takes the Outfitting & Repair phase this turn, and so does not move this turn.
    TakeOutfitting { ship: String },
    /// 7.1 / 7.3: roll the Terrain Effects Chart's ammunition or coal dice for the ships at `space`.
    Resupply { space: SpaceRef, supply: Supply },
    /// 7.4: the collier gives 2d6 coal to the ships in its space, then leaves the map.
    UseCollier { collier: u8 },
    /// Incident Chart, Friendly Ship: 1d6 coal and two more repair dice per ship in `space`.
    UseFriendlyShip { space: SpaceRef },
    /// Shares the rolled points out (answers a pending distribution); points not given are lost.
    Distribute { shares: Vec<Share> },
    /// 10.1: `ship` rolls its repair dice, assigned beforehand to each attribute (they must add up to its dice).
    Repair {
        ship: String,
        hull: u8,
        engines: u8,
        primary: u8,
        secondary: u8,
        tertiary: u8,
    },
    /// 8.1 (setup) / 8.5 (friendly naval base): buy a Crew & Gear item for `ship`.
    LoadCargo { ship: String, item: String },
    /// 8.3: dump gear or land crew (to the Available box).
    DumpCargo { ship: String, item: String },
    /// 4.1, 8.6: pass an item between two ships in the same space.
    TransferCargo {
        from: String,
        to: String,
        item: String,
    },

    // --- Intelligence (11.0) ---
    /// 11.1: one ship makes the turn's Intelligence attempt.
    AttemptIntelligence { ship: String },
    /// Picks an Intelligence Table result offered by a pending decision (Intelligence from Berlin).
    ChooseIntelligence { code: String },
    /// Picks the patrol zone whose face-down markers an Intelligence result lets the player examine.
    ExamineZone { zone: String },
    /// 21.2: `ship`'s seaplane flies over the patrol zone `zone` next to it.
    Reconnoitre { ship: String, zone: String },

    // --- Movement (12.0) ---
    /// 12.0: the player moved `ship` on the map and reports where it ended and at which speed band
    /// (the app cannot see the map, so it trusts the count of spaces and checks everything else).
    Move {
        ship: String,
        to: SpaceRef,
        speed: Speed,
    },
    /// 23.0: a CL lays its mines in the space where it is.
    LayMines { ship: String },

    // --- Incident phase (13.0) ---
    /// 13.0 steps 1–4 for the German ships in `space` (6.1: the player chooses the order of spaces).
    ResolveIncidents { space: SpaceRef },
    /// Allied Submarine, Evasive Action: `spend_coal` true spends one coal, false takes the Torpedo Run.
    EvadeSubmarine { ship: String, spend_coal: bool },
    /// Answers a question about the map the app cannot see (the pending question says which).
    Answer { yes: bool },
    /// Picks the ship a pending decision asks for (Allied Submarine, Ram speed).
    ChooseShip { ship: String },

    // --- Naval combat (14.0) ---
    /// 14.3: the contact procedure for the battle at `space`: `leader` lends its leadership, `speed_ship`
    /// its cruise speed, or its maximum speed for one coal.
    Contact {
        space: SpaceRef,
        leader: String,
        speed_ship: String,
        maximum_speed: bool,
    },
    /// 14.4: with the First Salvo, fight.
    Fight { space: SpaceRef },
    /// 14.4: with the First Salvo, break off: all German ships there move to the adjacent space `to`.
    BreakOff { space: SpaceRef, to: SpaceRef },
    /// 14.5, 14.9: `ship`'s target for this round (an Allied counter id; null holds fire), and maximum fire
    /// (two ammunition points for the whole battle, firepower doubled).
    FireOrders {
        ship: String,
        #[ts(optional)]
        target: Option<String>,
        maximum_fire: bool,
    },
    /// 14.10: `ship` launches `count` torpedoes at `target` this round (0 launches none).
    Torpedoes {
        ship: String,
        #[ts(optional)]
        target: Option<String>,
        count: u8,
    },
    /// 16.0: stop bombarding the port at `space` (the ships stay).
    CeaseFire { space: SpaceRef },

    // --- Shore bombardment and ports (9.2) ---
    /// 9.2: `ship` lands its Seebataillon detachment and captures the enemy port it lies in.
    LandMarines { ship: String },
    /// 9.2: `ship` takes the detachment of the captured port it lies in back aboard.
    EmbarkMarines { ship: String },

    // --- Commerce raiding (15.0) ---
    /// 15.0: raid the merchants in `space`, adding the leadership of `ship`.
    RaidMerchants { space: SpaceRef, ship: String },

    // --- Cup only (no phases) ---
    /// Draws `count` markers from the cup and shows them.
    CupDraw { count: u8 },
    /// Turns the face-down stack of a patrol zone (or a port's coastal defenses) face up.
    CupReveal { place: String },
    /// Puts a face-up incident marker back into the cup.
    CupReturn { counter: String },

    // --- Campaign (24.0) ---
    /// 24.1–24.2: after a campaign mission ends, set up the next one with the German ships based at `base`
    /// (Pola or a port a bonus allows) and, when the Orders Chart offers a choice of bonus, option `bonus`.
    NextMission {
        base: String,
        #[ts(optional)]
        bonus: Option<u8>,
    },

    // --- House rule "I roll the dice" (the session's `player_dice.rs`) ---
    /// Turns the house rule "I roll the dice" on or off; logged.
    PlayerDice { on: bool },
    /// The faces of the roll the view's `pending_roll` asks for, in the order rolled (one per die, each
    /// 1..=sides). Answered by the session, never by the rules.
    EnterDice { faces: Vec<u8> },
    /// Replaces the faces of the roll just entered (the view's `correctable_roll`): same count, each
    /// 1..=sides; logged old → new. Never listed in `decisions`.
    CorrectDice { faces: Vec<u8> },

    // --- Corrections (the table is the truth) ---
    /// Sets a value the referee tracks to what the table shows; logged with the old and new value.
    /// Never listed in `legal_actions`.
    Correct { correction: Correction },
}

/// One ship's part of rolled supplies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Share {
    pub ship: String,
    #[serde(default)]
    pub ammunition: u8,
    #[serde(default)]
    pub torpedoes: u8,
    #[serde(default)]
    pub coal: u8,
}

/// A correction of the referee's record to match the table. It never reveals anything hidden.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Correction {
    AlertLevel {
        level: u8,
    },
    Vp {
        vp: i32,
    },
    Turn {
        turn: u8,
    },
    ShipTrack {
        ship: String,
        track: Track,
        value: u8,
    },
    /// A face-up counter goes back to the Incident Pool.
    CounterToPool {
        counter: String,
    },
    /// A face-up counter leaves the game.
    CounterRemoved {
        counter: String,
    },
    /// A face-up Allied ship was sunk at the table (to the Allied Ships Sunk box).
    CounterSunk {
        counter: String,
    },
    /// A face-up Allied ship was damaged at the table and withdraws for repair (Allied Ships Damaged, 14.13).
    CounterDamaged {
        counter: String,
    },
    /// A Crew & Gear item (by id) is aboard `ship` or not (8.0): what the ship display shows.
    Cargo {
        ship: String,
        item: String,
        aboard: bool,
    },
}
