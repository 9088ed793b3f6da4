//! Types of the rules pack. Field names are the JSON keys; see `data/pack/`.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Where a table's values come from: the rulebook text (exact) or our reconstruction of a map chart.
/// A reconstruction lists, in the player's words, the values a player is most likely to notice (shown
/// under the chart on the charts screen).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Source {
    Exact {
        rule: String,
    },
    Reconstructed {
        note: String,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        #[ts(optional, as = "Option<Vec<String>>")]
        notable: Vec<String>,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct PackMeta {
    /// Version of the pack format; the app refuses packs of an unknown schema.
    pub schema: u32,
    pub id: String,
    pub title: String,
    pub version: String,
}

/// 5.1–5.2: the Alert track.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct AlertRules {
    pub source: Source,
    pub start: u8,
    pub min: u8,
    pub max: u8,
}

/// 3.0: the secret setup.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct SetupRules {
    pub source: Source,
    pub groups: Vec<SetupGroup>,
    /// Counters put aside, out of the standard game (New Zealand, 3.0 step 3).
    pub set_aside: Vec<String>,
    pub coastal_defenses: Vec<PortDraw>,
    pub start_space: String,
    pub german_ships: Vec<String>,
    pub colliers: u8,
    pub outfitting_points_per_leadership: u8,
}

/// One nation's face-down mix drawn into its patrol zones; the rest goes to the pool.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct SetupGroup {
    pub name: String,
    pub rule: String,
    pub warships: Vec<String>,
    pub quiet_seas: u8,
    pub zones: Vec<ZoneDraw>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct ZoneDraw {
    pub zone: String,
    pub count: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct PortDraw {
    pub port: String,
    pub count: u8,
}

/// A German warship's display at the start of a scenario (3.0 step 6).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct GermanShipSpec {
    pub id: String,
    pub name: String,
    pub ship_type: ShipType,
    pub source: Source,
    pub start: Tracks,
}

/// The tracks of a German ship display. Engines is the engine track position (12.1–12.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Tracks {
    pub leadership: u8,
    pub engines: u8,
    pub hull: u8,
    pub primary: u8,
    pub secondary: u8,
    pub tertiary: u8,
    pub ammunition: u8,
    pub torpedoes: u8,
    pub coal: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
pub enum ShipType {
    BB,
    BC,
    B,
    CA,
    CP,
    CL,
    DD,
    TroopConvoy,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Nation {
    Britain,
    France,
    Germany,
    AustriaHungary,
    Italy,
    OttomanEmpire,
    Spain,
    Greece,
    None,
}

/// One Orders marker and its line of the Orders Chart.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct OrdersSpec {
    pub id: String,
    pub name: String,
    pub days: u8,
    pub source: Source,
    pub summary: String,
    pub end_in: EndIn,
    pub destroy_defenses_at: Vec<String>,
    pub min_vp: i32,
    pub bonuses: Vec<OrdersBonus>,
}

/// Where a German warship must be for the mission (Orders Chart, Execution 1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EndIn {
    Spaces { spaces: Vec<String> },
    FriendlyNavalBase,
}

/// Campaign bonuses for winning a mission (Orders Chart, 24.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum OrdersBonus {
    ChooseOne {
        options: Vec<OrdersBonus>,
    },
    RemoveRandomBritishBc,
    Reinforcements {
        ships: Vec<String>,
        vp_cost: i32,
    },
    Basing {
        places: Vec<String>,
        nations: Vec<Nation>,
        ignores_neutral_visit: bool,
    },
    AustroHungarianCruiser {
        place: String,
    },
    ZonesBecomeHighSeas {
        zones: Vec<String>,
    },
    Alliance {
        nation: Nation,
    },
    RemoveOrders {
        orders: String,
    },
}

/// The Incident Chart entry for each kind of incident marker (effects in our own words).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct IncidentChartEntry {
    pub incident: IncidentKind,
    pub name: String,
    pub rule: String,
    pub summary: String,
}

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
pub enum IncidentKind {
    AlliedMerchantman,
    AlliedPatrol,
    AlliedSubmarine,
    AustroHungarianFleetSorties,
    CollierAttacked,
    CentralPowersFleetSortie,
    FrenchNavySorties,
    FrenchTroopConvoy,
    FrenchWarship,
    FriendlyShip,
    IntelligenceFromBerlin,
    LimitedVisibility,
    MechanicalBreakdown,
    Minefield,
    QuietSeas,
    RoyalNavyConflictingOrders,
    RoyalNavyOrdersPursue,
    RoyalNavyWarship,
    MoraleCheck,
    Storm,
}

impl IncidentKind {
    /// An Allied warship or troop convoy: the units that fight (14.0), set aside in the space when picked
    /// (13.0 step 3a); a troop convoy counts as a warship in combat (14.15).
    pub fn is_allied_warship(self) -> bool {
        matches!(
            self,
            IncidentKind::RoyalNavyWarship
                | IncidentKind::FrenchWarship
                | IncidentKind::FrenchTroopConvoy
        )
    }

    /// Every incident kind, in declaration order: derived from the enum, so a new variant is never left out.
    pub const ALL: &'static [IncidentKind] = <IncidentKind as strum::VariantArray>::VARIANTS;
}

/// A named place on the map that some rule depends on (DESIGN.md principle 7).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct PlaceSpec {
    pub id: String,
    pub name: String,
    pub kind: PlaceKind,
    pub nation: Nation,
    pub sea_zone: SeaZone,
    pub source: Source,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum PlaceKind {
    Port,
    NavalBase,
    PatrolZone,
    AtlanticExit,
}

/// 2.1 Sea zones. `Aegean` is part of the Eastern Mediterranean, kept apart because two rules name it
/// (see docs/AMBIGUITIES.md, "Aegean").
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
pub enum SeaZone {
    WesternMed,
    Adriatic,
    EasternMed,
    Aegean,
    Marmara,
    BlackSea,
    Atlantic,
}

impl SeaZone {
    /// Every sea zone, in declaration order: derived from the enum, so a new variant is never left out.
    pub const ALL: &'static [SeaZone] = <SeaZone as strum::VariantArray>::VARIANTS;

    pub fn is_eastern_med(self) -> bool {
        matches!(self, SeaZone::EasternMed | SeaZone::Aegean)
    }
}

/// Every physical counter the referee holds in secret or tracks: incident markers (including Allied
/// warships, convoys and merchants), coastal defense units, Orders markers and Austro-Hungarian ships.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct CounterMix {
    pub source: Source,
    pub counters: Vec<CounterSpec>,
}

/// A counter's index in the pack's counter mix (`CounterMix::counters`): how the game names a counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct CounterId(pub u16);

impl CounterId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct CounterSpec {
    pub id: String,
    pub name: String,
    #[serde(flatten)]
    pub kind: CounterKind,
}

/// What a counter is. `CounterKindTag` (derived) names each kind without its values, with the same
/// snake_case name as the `kind` tag.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, strum::EnumDiscriminants)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[strum_discriminants(
    name(CounterKindTag),
    derive(Serialize, Deserialize, PartialOrd, Ord, Hash),
    serde(rename_all = "snake_case")
)]
pub enum CounterKind {
    /// An incident marker (backprinted "Incident"); warships, convoys and merchants carry ship values.
    Incident {
        incident: IncidentKind,
        #[serde(default)]
        ship: Option<ShipValues>,
    },
    /// A coastal defense unit: fires its firepower as primary guns (16.0).
    CoastalDefense { firepower: u8 },
    /// An Orders marker (3.0 step 5).
    Orders { orders: String },
    /// An Austro-Hungarian warship (20.0).
    AustroHungarian { ship: ShipValues },
}

impl CounterKind {
    /// The incident marker's kind; `None` for every other counter.
    pub fn incident(&self) -> Option<IncidentKind> {
        match self {
            CounterKind::Incident { incident, .. } => Some(*incident),
            _ => None,
        }
    }
}

/// The values printed on an Allied or Austro-Hungarian ship counter (2.2 sample readout).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ShipValues {
    pub ship_type: ShipType,
    pub nation: Nation,
    pub primary: u8,
    pub secondary: u8,
    pub tertiary: u8,
    pub torpedo: u8,
    pub armor: u8,
    pub speed: u8,
}
