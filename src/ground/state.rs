//! The full game state, hidden parts included. It never leaves the core as is: `view` filters it.
//!
//! Counters are identified by their index in the pack's counter mix (`CounterId`). Each counter has
//! exactly one `Location` at every moment, so a counter can never be in two places; the invariant
//! checks (`check_invariants`) verify the rest (totals, transient locations, track bounds).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::ground::dice::Dice;
use crate::ground::pack::{CounterKind, RulesPack, SeaZone, ShipType, Tracks};

pub use crate::ground::pack::CounterId;

/// A space on the map. Named places come from the pack; a high-seas space is named by the player
/// (its sea zone plus an optional label such as "H12" or "two south of Malta"): the app does not know
/// the map's geometry (DESIGN.md principle 7), so the same zone and label mean the same space.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SpaceRef {
    Place {
        id: String,
    },
    HighSeas {
        zone: SeaZone,
        #[serde(default)]
        label: String,
    },
}

impl SpaceRef {
    pub fn place(id: &str) -> SpaceRef {
        SpaceRef::Place { id: id.to_string() }
    }

    pub fn place_id(&self) -> Option<&str> {
        match self {
            SpaceRef::Place { id } => Some(id),
            SpaceRef::HighSeas { .. } => None,
        }
    }

    /// The sea zone of this space (2.1), from the pack for named places.
    pub fn sea_zone(&self, pack: &RulesPack) -> SeaZone {
        match self {
            SpaceRef::Place { id } => pack
                .place(id)
                .map(|p| p.sea_zone)
                .unwrap_or(SeaZone::EasternMed),
            SpaceRef::HighSeas { zone, .. } => *zone,
        }
    }

    /// A short name for logs and instructions.
    pub fn describe(&self, pack: &RulesPack) -> String {
        match self {
            SpaceRef::Place { id } => pack
                .place(id)
                .map(|p| p.name.clone())
                .unwrap_or_else(|| id.clone()),
            // "open sea, Aegean (Eastern Mediterranean)": a comma, so no bracket sits inside another.
            SpaceRef::HighSeas { zone, label } if label.is_empty() => {
                format!("open sea, {}", zone_name(*zone))
            }
            SpaceRef::HighSeas { zone, label } => format!("{label}, {}", zone_name(*zone)),
        }
    }
}

/// The longest label a player may give a high-seas space, in characters: a short note such as "two south
/// of Malta", which the log and the save slots show in full.
pub const SPACE_LABEL_MAX_CHARS: usize = 40;

/// 2.1: a sea zone's name as the map prints it.
pub fn zone_name(zone: SeaZone) -> &'static str {
    match zone {
        SeaZone::WesternMed => "Western Mediterranean",
        SeaZone::Adriatic => "Adriatic",
        SeaZone::EasternMed => "Eastern Mediterranean",
        SeaZone::Aegean => "Aegean",
        SeaZone::Marmara => "Sea of Marmara",
        SeaZone::BlackSea => "Black Sea",
        SeaZone::Atlantic => "Atlantic",
    }
}

/// Where a counter is. Face-down locations (pool, patrol zone, port, out of play) hide its identity.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "at", rename_all = "snake_case")]
pub enum Location {
    /// In the Incident Pool (the cup).
    Pool,
    /// Face down in an Allied patrol zone's stack (3.0 step 3).
    PatrolZone { zone: String },
    /// A coastal defense unit in an Allied port (3.0 step 4); face down until fought.
    Port { port: String },
    /// Removed unseen at setup (surplus coastal defense units) — out of play, identity never shown.
    OutOfPlay,
    /// Put aside and not used in this game (New Zealand in the standard game, 3.0 step 3).
    SetAside,
    /// Face up on the map in a space (revealed warships that stay, markers placed by incidents).
    OnMap { space: SpaceRef },
    /// Picked this Incident phase for the German ships in `space`, waiting to be resolved (13.0).
    Picked { space: SpaceRef },
    /// Held until the next Outfitting phase (Friendly Ship).
    Held { space: SpaceRef },
    /// On the Naval Combat Display (14.1).
    Combat,
    /// Damaged and withdrawn to repair: out for the rest of the scenario (14.13).
    Damaged,
    /// Withdrawn by a Withdrawal result (14.13).
    Withdrawn,
    /// Sunk (14.13) or destroyed (coastal defenses).
    Sunk,
    /// Removed from play by its own instructions (13.1).
    RemovedFromPlay,
    /// The drawn Orders marker, face up in the Orders box (3.0 step 5).
    OrdersBox,
    /// Orders markers not drawn this scenario (examinable, 3.0 step 5), unused optional units.
    Unused,
}

impl Location {
    /// Whether a counter here is face down: its identity must never cross the boundary.
    pub fn is_face_down(&self) -> bool {
        matches!(
            self,
            Location::Pool
                | Location::PatrolZone { .. }
                | Location::Port { .. }
                | Location::OutOfPlay
        )
    }
}

#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CounterState {
    pub location: Location,
    /// Examined by the player while face down (11.0 Intelligence): shown to the player only.
    #[serde(default)]
    pub known_to_player: bool,
}

impl Clone for CounterState {
    fn clone(&self) -> Self {
        CounterState {
            location: self.location.clone(),
            known_to_player: self.known_to_player,
        }
    }

    /// A counter where it already was keeps its location as it is: the battle forecast copies the game back
    /// over its scratch copy thousands of times (`Game::clone_from`), and nearly every counter (a patrol
    /// zone's or a port's, each a string) has not moved since the last copy.
    fn clone_from(&mut self, source: &Self) {
        if self.location != source.location {
            self.location = source.location.clone();
        }
        self.known_to_player = source.known_to_player;
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ShipStatus {
    Active,
    Sunk,
    /// 20.0: an Austro-Hungarian ship damaged or withdrawn: off the map until the next scenario.
    Withdrawn,
}

/// A German (or Austro-Hungarian, 20.0) warship under the player's command.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GermanShip {
    pub id: String,
    pub name: String,
    pub ship_type: ShipType,
    pub status: ShipStatus,
    pub position: SpaceRef,
    pub tracks: Tracks,
    /// Starting values: the ceiling for repairs (10.0).
    pub start: Tracks,
    /// Crew and gear aboard (8.0), by Crew & Gear item id: they fill hull boxes and change combat.
    #[serde(default)]
    pub cargo: Vec<String>,
    /// 20.0: an Austro-Hungarian warship under German control (its id is its counter's id).
    #[serde(default)]
    pub austro_hungarian: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Collier {
    pub id: u8,
    pub position: SpaceRef,
}

/// The phases of a turn (4.1), plus setup before turn 1.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    TS,
    strum::VariantArray,
)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// No game is running (views only).
    NoGame,
    Setup,
    Outfitting,
    Intelligence,
    Movement,
    Incident,
    NavalCombat,
    CommerceRaiding,
    ShoreBombardment,
    Objective,
    GameOver,
    /// Cup only (no phase enforced): the referee is the cup and the face-down stacks.
    CupOnly,
}

impl Phase {
    /// Every phase, in declaration order: derived from the enum, so a new variant is never left out.
    pub const ALL: &'static [Phase] = <Phase as strum::VariantArray>::VARIANTS;
}

impl Phase {
    /// The phase after this one within a turn (4.1); `None` after the Objective phase.
    pub fn next(self) -> Option<Phase> {
        use Phase::*;
        match self {
            Setup => Some(Outfitting),
            Outfitting => Some(Intelligence),
            Intelligence => Some(Movement),
            Movement => Some(Incident),
            Incident => Some(NavalCombat),
            NavalCombat => Some(CommerceRaiding),
            CommerceRaiding => Some(ShoreBombardment),
            ShoreBombardment => Some(Objective),
            Objective | GameOver | NoGame | CupOnly => None,
        }
    }

    pub fn rule(self) -> &'static str {
        use Phase::*;
        match self {
            Setup => "3.0",
            Outfitting => "7.0",
            Intelligence => "11.0",
            Movement => "12.0",
            Incident => "13.0",
            NavalCombat => "14.0",
            CommerceRaiding => "15.0",
            ShoreBombardment => "16.0",
            Objective => "17.0",
            GameOver => "17.0",
            NoGame | CupOnly => "",
        }
    }
}

/// Choices made at new game. Optional rules default to off (standard game).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(default)]
pub struct GameOptions {
    /// Play a chosen Orders marker instead of drawing one at random (3.0 step 5).
    pub orders: Option<String>,
    /// 22.0 Night Combat (optional): one die at the start of each naval battle, night on 1–2.
    pub night_combat: bool,
    /// 21.0 Seaplanes (optional): a seaplane aboard adds 2 to the German contact rating.
    pub seaplanes: bool,
    /// 18.0 Variable Initial Deployment (optional): the task force starts where the table's die says.
    pub variable_deployment: bool,
    /// 19.0 Additional German ships (optional), paid for in VP at the start.
    pub fleet: Fleet,
    /// 23.0 Mines (optional): German CLs may carry and lay mines.
    pub mines: bool,
    /// 24.0 Campaign game: missions linked until the Orders markers run out.
    pub campaign: bool,
    /// 25.0 Multi-player roles: who decides what is shown with each decision (no rule changes).
    pub roles: Roles,
    /// 20.0 Austro-Hungarian units: the Fleet Sorties incident brings Austro-Hungarian warships under German control.
    pub austro_hungarian: bool,
    /// Cup only: the referee holds the cup and the stacks; the players run everything else.
    pub cup_only: bool,
    /// House rule "take-backs after reveals" (off by default): undo may go back past a die or
    /// a reveal; every such take-back is logged, counted and shown at the end and in the game record.
    pub take_backs: bool,
    /// House rule "I roll the dice" (off by default): the player rolls the dice the rules have them roll
    /// at the table and enters the faces; the referee keeps every hidden draw. Changeable in play.
    #[ts(optional, as = "Option<bool>")]
    pub player_dice: bool,
    /// House rule "every port picks from Alert 4" (off by default): 13.2's "any port or naval base"
    /// read literally, so friendly ports and bases pick too from Alert 4 (Constantinople never does).
    /// Left out when off, so the saves and records of games without it keep their bytes.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[ts(optional, as = "Option<bool>")]
    pub every_port_picks: bool,
    /// House rule "engine hits slow every speed" (off by default): each engine hit lowers cruise, maximum
    /// and emergency speed alike (12.4 read that way), instead of the marker capping a printed track (6.2).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[ts(optional, as = "Option<bool>")]
    pub engine_hits_slow_all: bool,
    /// House rule "Austro-Hungarian speed is cruise speed" (off by default): an Austro-Hungarian counter's
    /// printed speed is its cruise speed (20.0 read that way), instead of its Engines value.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[ts(optional, as = "Option<bool>")]
    pub austro_hungarian_cruise: bool,
    /// The game's dice and hidden draws come from two streams of the seed (every game since the split;
    /// false for games and records from before it, which replay on one stream). Set by the session at
    /// new game, never chosen by a player.
    #[ts(skip)]
    pub split_dice: bool,
}

/// 25.0: how several players share the German command.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Roles {
    /// One player.
    #[default]
    Solo,
    /// 25.0 (1): Commander, First Officer, Gunnery Officer, Engineer.
    TaskForceOfficers,
    /// 25.0 (2): one player per German ship, precedence Goeben, Moltke, Breslau, Stralsund.
    ShipCommanders,
}

/// 19.0: which German ships form the task force.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Fleet {
    /// Goeben and Breslau (3.0 step 6).
    #[default]
    Standard,
    /// Moltke replaces Goeben: −5 VP.
    Moltke,
    /// Stralsund joins Goeben and Breslau: −10 VP.
    Stralsund,
    /// Moltke replaces Goeben and Stralsund joins: −15 VP (the two choices together).
    MoltkeAndStralsund,
    /// All four ships: −50 VP, HMS New Zealand into the pool, a second collier.
    AllFour,
}

impl Fleet {
    /// The ship ids and the VP the choice costs (19.0).
    pub fn ships_and_cost(self) -> (&'static [&'static str], i32) {
        match self {
            Fleet::Standard => (&["goeben", "breslau"], 0),
            Fleet::Moltke => (&["moltke", "breslau"], -5),
            Fleet::Stralsund => (&["goeben", "breslau", "stralsund"], -10),
            Fleet::MoltkeAndStralsund => (&["moltke", "breslau", "stralsund"], -15),
            Fleet::AllFour => (&["goeben", "moltke", "breslau", "stralsund"], -50),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct GameOver {
    pub won: bool,
    pub reason: String,
}

/// The whole state of one game.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
pub struct Game {
    pub options: GameOptions,
    pub dice: Dice,
    pub turn: u8,
    pub last_turn: u8,
    pub alert_level: u8,
    pub vp: i32,
    pub phase: Phase,
    /// The drawn Orders marker (counter index); public once drawn.
    pub orders: CounterId,
    pub counters: Vec<CounterState>,
    pub ships: Vec<GermanShip>,
    pub colliers: Vec<Collier>,
    /// Neutral ports already visited (9.1): German ships may not enter them again.
    pub neutral_visited: Vec<String>,
    pub game_over: Option<GameOver>,
    /// What this turn has done so far (reset when a turn starts).
    #[serde(default)]
    pub turn_state: TurnState,
    /// Decisions the rules leave to the player that must be taken before play goes on, oldest first.
    #[serde(default)]
    pub pending: Vec<Pending>,
    /// French Navy Sorties (Incident Chart): the marker is on the map and the Toulon and North African
    /// patrol zones are closed for the next Movement phase.
    #[serde(default)]
    pub french_sortie: Option<CounterId>,
    /// 9.2: enemy ports held by a landed Seebataillon detachment (port id).
    #[serde(default)]
    pub captured_ports: Vec<String>,
    /// 23.0: spaces where German mines lie.
    #[serde(default)]
    pub mines: Vec<SpaceRef>,
    /// 24.0: the campaign's record, when this game is a campaign mission.
    #[serde(default)]
    pub campaign: Option<crate::ground::campaign_state::CampaignState>,
    /// Nations allied by a campaign bonus: their ports are friendly (Orders Chart).
    #[serde(default)]
    pub allies: Vec<crate::ground::pack::Nation>,
    /// Patrol zones that became open sea by a campaign bonus (Orders Chart).
    #[serde(default)]
    pub open_zones: Vec<String>,
    /// 17.0 / 12.5: the turn whose Objective phase found the mission accomplished while the player chose
    /// to play on. The mission stays won; the player may declare the end at a later Objective phase.
    #[serde(default)]
    pub accomplished_on: Option<u8>,
    /// Orders Chart basing bonuses "even though neutral": ships that began this campaign mission in a
    /// neutral port, where staying is not the port's one visit (9.1) until the ship first moves away.
    #[serde(default)]
    pub neutral_basing: Vec<String>,
}

/// Per-turn memory of the sequence of play (4.0, 6.1).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnState {
    /// Ships that took an Outfitting/Repair phase this turn: they may not move (7.0, 10.1).
    pub outfitted: Vec<String>,
    /// Ships that have finished their movement this Movement phase (12.0).
    pub moved: Vec<String>,
    /// Where each ship was when this turn's Movement phase began (9.1 neutral visits).
    pub movement_start: Vec<(String, SpaceRef)>,
    /// Spaces whose Incident phase steps are done this turn (13.0, one space at a time per 6.1).
    pub incidents_done: Vec<SpaceRef>,
    /// Spaces under Limited Visibility this turn (Incident Chart).
    pub limited_visibility: Vec<SpaceRef>,
    /// Spaces hit by a Storm this turn: no combat, bombardment or landing there (Incident Chart).
    pub storm: Vec<SpaceRef>,
    /// Morale Check this turn: +1 or -1 die per German gun type and torpedoes (Incident Chart).
    pub morale_dice: i8,
    /// Austro-Hungarian Fleet Sorties (standard rule) was picked this Incident phase.
    pub adriatic_screened: bool,
    /// Spaces whose merchant raiding is done this turn (15.0).
    pub raids_done: Vec<SpaceRef>,
    /// Markers picked from the pool this Incident phase and where (Austro-Hungarian Fleet Sorties and
    /// Central Powers Fleet Sortie send the warships among them back).
    pub picked: Vec<(CounterId, SpaceRef)>,
    /// "Other" incidents waiting to be resolved in the order picked (13.0 step 4).
    pub incident_queue: Vec<(CounterId, SpaceRef)>,
    /// Resolved incidents that go back to the pool once the space's incidents are all resolved (13.1).
    pub to_return: Vec<CounterId>,
    /// 11.1: at most one Intelligence attempt per turn.
    pub intelligence_attempted: bool,
    /// Battles whose contact procedure was made this Naval Combat phase (14.3).
    pub battles: Vec<BattleState>,
    /// 7.1 / 7.3: spaces whose ammunition or coal dice were rolled this phase.
    #[serde(default)]
    pub resupplied: Vec<(SpaceRef, crate::ground::tracks::Supply)>,
    /// 7.4: colliers that gave their coal this phase (removed at its end).
    #[serde(default)]
    pub colliers_used: Vec<u8>,
    /// Friendly Ship markers used this phase, by space (coal and repair dice).
    #[serde(default)]
    pub friendly_ship_used: Vec<SpaceRef>,
    /// 10.1: ships that rolled their repairs this phase.
    #[serde(default)]
    pub repaired: Vec<String>,
    /// 21.2: ships whose seaplane flew this Intelligence phase.
    #[serde(default)]
    pub reconnaissance: Vec<String>,
    /// 8.5: cargo points spent at a friendly naval base this phase, per ship.
    #[serde(default)]
    pub cargo_bought: Vec<(String, u8)>,
    /// Central Powers Fleet Sortie: the sea zones where Allied warships picked from the pool this
    /// Incident phase go back to it (the Aegean after the Ottoman Alliance, the Adriatic and Western
    /// Mediterranean after the Italian Alliance).
    #[serde(default)]
    pub screened_zones: Vec<crate::ground::pack::SeaZone>,
    /// Limited Visibility: the one roll made for a space this turn, kept for every battle there.
    #[serde(default)]
    pub visibility_rolls: Vec<(SpaceRef, u8)>,
}

/// The side that holds the First Salvo (14.3), saved as "german" or "allied".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SalvoSide {
    German,
    Allied,
}

/// A battle of this turn (14.0) or a bombardment (16.0), from its first contact procedure to its end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleState {
    pub space: SpaceRef,
    /// Who holds the First Salvo this round; None before contact or after the end.
    pub first_salvo: Option<SalvoSide>,
    /// The Limited Visibility roll for this battle, if one was made.
    #[serde(default)]
    pub visibility: Option<u8>,
    /// 22.0 (optional): night is in effect for this battle.
    #[serde(default)]
    pub night: bool,
    /// The German ships engaged (14.14: their leadership changes on a Critical Naval Win).
    #[serde(default)]
    pub german: Vec<String>,
    /// Allied ships (or coastal defenses) sunk, damaged or withdrawn in this battle (14.13, 16.0).
    #[serde(default)]
    pub results: Vec<(CounterId, AlliedFate)>,
    /// 16.0: a shore bombardment against the port's coastal defenses rather than a naval battle.
    #[serde(default)]
    pub bombardment: bool,
    /// The round being fought (1 = the first); each round opens with the contact procedure (14.2 step 1).
    #[serde(default)]
    pub round: u8,
    #[serde(default)]
    pub stage: BattleStage,
    /// At least one round of salvos was fired (VP, colliers and damage are tallied at the end).
    #[serde(default)]
    pub fought: bool,
    /// The Allied units engaged and the damage each has taken (14.13).
    #[serde(default)]
    pub allied: Vec<AlliedUnit>,
    /// Where the round stands in the salvo steps of 14.2 (an index into `combat::salvo::steps`).
    #[serde(default)]
    pub step: u8,
    /// This round's German fire orders, one per ship (14.5, 14.9).
    #[serde(default)]
    pub german_targets: Vec<FireOrder>,
    /// This round's Allied targets, one per Allied unit (14.11).
    #[serde(default)]
    pub allied_targets: Vec<(CounterId, String)>,
    /// 14.8/14.9: ships that paid ammunition for their guns this battle, and whether at maximum fire.
    #[serde(default)]
    pub ammunition_paid: Vec<(String, bool)>,
    /// 14.10: ships whose torpedo decision this round is made.
    #[serde(default)]
    pub torpedoes_decided: Vec<String>,
    /// Torpedo Nets: ships whose first torpedo hit of this battle was already checked.
    #[serde(default)]
    pub nets_used: Vec<String>,
    /// 20.0: the player's choice for a battle of German and Austro-Hungarian ships together — whether the
    /// Austro-Hungarian ships fire first (None until asked).
    #[serde(default)]
    pub austro_hungarian_first: Option<bool>,
}

/// One German ship's fire order for a round: its target (None holds fire) and maximum fire (14.9).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FireOrder {
    pub ship: String,
    pub target: Option<CounterId>,
    pub maximum_fire: bool,
}

/// Where a battle stands in the combat subroutine (14.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum BattleStage {
    /// Waiting for the player's contact procedure for this round (14.3).
    #[default]
    Contact,
    /// The Germans hold the First Salvo: fight or break off (14.4).
    BreakOff,
    /// The player names each German ship's target for this round (14.5).
    Targets,
    /// The salvos of 14.2 steps 2–9; the German torpedo step waits for the player's launches (14.10).
    Salvos,
    /// The battle is over and tallied (14.14).
    Over,
}

/// An Allied warship, troop convoy or coastal defense unit in a battle, with its damage results (14.13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AlliedUnit {
    pub counter: CounterId,
    /// Damage results taken (a Heavy Damage result counts two); more than the armor sinks it (14.13).
    pub damage: u8,
    /// Gunnery damage results: one die less for each of its gun types (docs/AMBIGUITIES.md, 14.13).
    pub gunnery_damage: u8,
    /// Engine damage results: one less speed each (for the contact rating, 14.3).
    pub engine_damage: u8,
    /// Still fighting (not sunk, destroyed or withdrawn).
    pub in_battle: bool,
}

/// What became of an Allied ship in a battle (14.13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum AlliedFate {
    Sunk,
    Damaged,
    Withdrawn,
}

/// A decision the player owes before play goes on. Listed in the view with its legal answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Pending {
    /// Allied Submarine, Evasive Action: this ship either spends one coal or suffers the Torpedo Run.
    SubmarineEvasion { ship: String, space: SpaceRef },
    /// French Navy Sorties: is this collier in or next to the Toulon or North African patrol zone?
    /// The app cannot see the map's geometry, so it asks (DESIGN.md principle 7).
    CollierNearFrenchZones { collier: u8 },
    /// Allied Submarine, Ram speed: the player picks the ship in `space` that takes one hull damage.
    RamDamage { space: SpaceRef },
    /// Intelligence from Berlin: the player picks one of two Intelligence Table results.
    BerlinIntelligence { choices: Vec<String> },
    /// An Intelligence result lets the player examine face-down markers of one patrol zone they choose
    /// (`count` 0 = all of them).
    ExamineZone { count: u8 },
    /// 14.4: the Germans have the First Salvo at `space`: fight, or break off to an adjacent space.
    BreakOff { space: SpaceRef },
    /// 14.5: name `ship`'s target for this round at `space` (or hold fire), and 14.9 maximum fire.
    FireOrders { space: SpaceRef, ship: String },
    /// 14.10: how many torpedoes `ship` launches this round, and at whom.
    Torpedoes { space: SpaceRef, ship: String },
    /// 7.1, 7.3, 7.4: `points` of rolled supplies to share among the ships at `space`.
    Distribute {
        space: SpaceRef,
        supply: crate::ground::tracks::Supply,
        points: u8,
    },
    /// 17.0 note, 12.5: the mission is accomplished before the last turn: end the game now, or play on?
    DeclareEnd,
    /// 20.0: German and Austro-Hungarian ships fight together at `space`: do the German ships fire
    /// first (yes) or the Austro-Hungarian ones (no)?
    NationalityFirst { space: SpaceRef },
}

// Written out rather than derived for `clone_from`: the battle forecast (rules/combat/forecast.rs) copies
// the game over one scratch copy per simulated battle, and field by field the copy keeps the vectors' and
// counters' allocations (see `CounterState::clone_from`). Both destructure the game whole, so a field added
// to `Game` and not copied here does not compile.
impl Clone for Game {
    fn clone(&self) -> Self {
        let Game {
            options,
            dice,
            turn,
            last_turn,
            alert_level,
            vp,
            phase,
            orders,
            counters,
            ships,
            colliers,
            neutral_visited,
            game_over,
            turn_state,
            pending,
            french_sortie,
            captured_ports,
            mines,
            campaign,
            allies,
            open_zones,
            accomplished_on,
            neutral_basing,
        } = self;
        Game {
            options: options.clone(),
            dice: dice.clone(),
            turn: *turn,
            last_turn: *last_turn,
            alert_level: *alert_level,
            vp: *vp,
            phase: *phase,
            orders: *orders,
            counters: counters.clone(),
            ships: ships.clone(),
            colliers: colliers.clone(),
            neutral_visited: neutral_visited.clone(),
            game_over: game_over.clone(),
            turn_state: turn_state.clone(),
            pending: pending.clone(),
            french_sortie: *french_sortie,
            captured_ports: captured_ports.clone(),
            mines: mines.clone(),
            campaign: campaign.clone(),
            allies: allies.clone(),
            open_zones: open_zones.clone(),
            accomplished_on: *accomplished_on,
            neutral_basing: neutral_basing.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        let Game {
            options,
            dice,
            turn,
            last_turn,
            alert_level,
            vp,
            phase,
            orders,
            counters,
            ships,
            colliers,
            neutral_visited,
            game_over,
            turn_state,
            pending,
            french_sortie,
            captured_ports,
            mines,
            campaign,
            allies,
            open_zones,
            accomplished_on,
            neutral_basing,
        } = source;
        self.options.clone_from(options);
        self.dice.clone_from(dice);
        self.turn = *turn;
        self.last_turn = *last_turn;
        self.alert_level = *alert_level;
        self.vp = *vp;
        self.phase = *phase;
        self.orders = *orders;
        self.counters.clone_from(counters);
        self.ships.clone_from(ships);
        self.colliers.clone_from(colliers);
        self.neutral_visited.clone_from(neutral_visited);
        self.game_over.clone_from(game_over);
        self.turn_state.clone_from(turn_state);
        self.pending.clone_from(pending);
        self.french_sortie = *french_sortie;
        self.captured_ports.clone_from(captured_ports);
        self.mines.clone_from(mines);
        self.campaign.clone_from(campaign);
        self.allies.clone_from(allies);
        self.open_zones.clone_from(open_zones);
        self.accomplished_on = *accomplished_on;
        self.neutral_basing.clone_from(neutral_basing);
    }
}

impl Game {
    pub fn counter(&self, id: CounterId) -> &CounterState {
        &self.counters[id.index()]
    }

    pub fn move_counter(&mut self, id: CounterId, to: Location) {
        let state = &mut self.counters[id.index()];
        if to == Location::Pool {
            // Back in the cup: whatever the player learned of its position is void.
            state.known_to_player = false;
        }
        state.location = to;
    }

    /// Counters at a location, in counter order (deterministic).
    pub fn counters_at<'a>(&'a self, at: &'a Location) -> impl Iterator<Item = CounterId> + 'a {
        self.counters
            .iter()
            .enumerate()
            .filter(move |(_, c)| &c.location == at)
            .map(|(i, _)| CounterId(i as u16))
    }

    pub fn count_at(&self, at: &Location) -> usize {
        self.counters.iter().filter(|c| &c.location == at).count()
    }

    pub fn ship(&self, id: &str) -> Option<&GermanShip> {
        self.ships.iter().find(|s| s.id == id)
    }

    pub fn ship_mut(&mut self, id: &str) -> Option<&mut GermanShip> {
        self.ships.iter_mut().find(|s| s.id == id)
    }

    pub fn active_ships(&self) -> impl Iterator<Item = &GermanShip> {
        self.ships.iter().filter(|s| s.status == ShipStatus::Active)
    }

    /// Invariants that hold after every applied action and after loading a save. A failure is a bug.
    pub fn check_invariants(&self, pack: &RulesPack) -> Result<(), String> {
        if self.counters.len() != pack.counters.counters.len() {
            return Err(format!(
                "{} counters tracked, the pack has {}",
                self.counters.len(),
                pack.counters.counters.len()
            ));
        }
        if self.alert_level < pack.alert.min || self.alert_level > pack.alert.max {
            return Err(format!(
                "alert level {} outside {}..={}",
                self.alert_level, pack.alert.min, pack.alert.max
            ));
        }
        self.check_counter_locations(pack)?;
        if self.counters_at(&Location::OrdersBox).count() != 1
            || self.counter(self.orders).location != Location::OrdersBox
        {
            return Err("exactly the drawn Orders marker must be in the Orders box".into());
        }
        self.check_ships_and_cargo(pack)?;
        Ok(())
    }

    /// Each kind of counter only where it can be.
    fn check_counter_locations(&self, pack: &RulesPack) -> Result<(), String> {
        for (c, spec) in self.counters.iter().zip(&pack.counters.counters) {
            let ok = match (&spec.kind, &c.location) {
                (CounterKind::CoastalDefense { .. }, l) => matches!(
                    l,
                    Location::Port { .. } | Location::OutOfPlay | Location::Combat | Location::Sunk
                ),
                (CounterKind::Orders { .. }, l) => matches!(
                    l,
                    Location::OrdersBox | Location::Unused | Location::RemovedFromPlay
                ),
                (CounterKind::AustroHungarian { .. }, l) => !matches!(
                    l,
                    Location::Pool | Location::PatrolZone { .. } | Location::Port { .. }
                ),
                (CounterKind::Incident { .. }, l) => {
                    !matches!(l, Location::Port { .. } | Location::OrdersBox)
                }
            };
            if !ok {
                return Err(format!(
                    "counter {} ({}) cannot be at {:?}",
                    spec.id, spec.name, c.location
                ));
            }
        }
        Ok(())
    }

    /// 6.3: no ship afloat with hull 0; 8.2: cargo within the hull boxes; 8.3: no more of an item in play
    /// than the game has.
    fn check_ships_and_cargo(&self, pack: &RulesPack) -> Result<(), String> {
        for s in &self.ships {
            if s.status == ShipStatus::Active && s.tracks.hull == 0 {
                return Err(format!(
                    "{} is afloat with hull 0 (6.3: hull 0 sinks)",
                    s.name
                ));
            }
            // 8.2: one item per hull box.
            if s.status == ShipStatus::Active && boxes_used(pack, s) > s.tracks.hull {
                return Err(format!(
                    "{} carries more cargo than its {} hull boxes (8.2)",
                    s.name, s.tracks.hull
                ));
            }
        }
        // 8.3: never more counters of an item in play than the game has.
        for item in &pack.charts.crew_and_gear.items {
            let aboard = self
                .active_ships()
                .flat_map(|s| s.cargo.iter())
                .filter(|c| *c == &item.id)
                .count();
            let landed = if item.id == crate::ground::pack::gear::SEEBATAILLON {
                self.captured_ports.len()
            } else {
                0
            };
            if aboard + landed > item.supply as usize {
                return Err(format!(
                    "{} {} counters in play, the game has {} (8.3)",
                    aboard + landed,
                    item.name,
                    item.supply
                ));
            }
        }
        Ok(())
    }
}

/// Hull boxes the ship's cargo fills (8.2).
pub fn boxes_used(pack: &RulesPack, ship: &GermanShip) -> u8 {
    ship.cargo
        .iter()
        .filter_map(|c| pack.charts.cargo(c))
        .map(|c| c.boxes)
        .sum()
}

/// The spaces holding German warships, in ship order (colliers never pick, 13.1).
pub fn german_spaces(game: &Game) -> Vec<SpaceRef> {
    let mut spaces: Vec<SpaceRef> = Vec::new();
    for ship in game.active_ships() {
        if !spaces.contains(&ship.position) {
            spaces.push(ship.position.clone());
        }
    }
    spaces
}
