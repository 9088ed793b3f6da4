//! The charts printed on the map of *Goeben, 1914*. The rulebook text does not give them, so the default
//! pack reconstructs them (reasoning in docs/CHARTS.md); every table carries its `source`, and the player
//! can edit each one to match their map. Lookups here are the only way the rules read a chart.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::embedded;
use super::error::{invalid, PackError};
use super::types::{PlaceSpec, ShipType, Source, Tracks};
use crate::ground::tracks::Track;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct Charts {
    pub contact_table: ContactTable,
    pub gunnery_hits: HitTable,
    pub torpedo_hits: HitTable,
    pub shore_bombardment: ShoreBombardmentTable,
    pub intelligence: IntelligenceTable,
    pub repair: RepairTable,
    pub terrain_effects: TerrainEffects,
    pub victory_points: VictoryPointsChart,
    pub targeting_priority: TargetingPriority,
    pub crew_and_gear: CrewAndGear,
    pub variable_deployment: VariableDeployment,
    pub engine_speeds: EngineSpeeds,
    /// A pack saved before this chart was part of it (an older save's) gets the default chart.
    #[serde(default = "default_alert_level")]
    pub alert_level: AlertLevelChart,
}

/// The default pack's Alert Level Chart, for a pack saved without one.
fn default_alert_level() -> AlertLevelChart {
    let charts: serde_json::Value =
        serde_json::from_str(embedded::CHARTS).expect("the embedded charts are JSON");
    serde_json::from_value(charts["alert_level"].clone())
        .expect("the embedded charts hold an Alert Level Chart")
}

// ---------------------------------------------------------------------------------------------------
// 5.1 Alert Level Chart

/// The events that move the Alert Level outside the Intelligence Table (11.0, its own chart) and the
/// start of a campaign mission (24.1 step 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS, strum::VariantArray)]
#[serde(rename_all = "snake_case")]
pub enum AlertEvent {
    /// Incident Chart: Allied Patrol, in an Allied patrol zone, port or naval base.
    AlliedPatrol,
    /// Incident Chart: Royal Navy Orders "Pursue".
    RoyalNavyOrdersPursue,
    /// Incident Chart: Royal Navy Conflicting Orders.
    RoyalNavyConflictingOrders,
    /// Incident Chart: Austro-Hungarian Fleet Sorties under the optional rule 20.0.
    AustroHungarianFleetSorties,
    /// A naval battle in which an Allied warship was sunk or damaged (once per battle).
    AlliedShipLostInBattle,
    /// A shore bombardment that destroyed a coastal defense unit (once per bombardment).
    CoastalDefenseDestroyed,
}

impl AlertEvent {
    /// Every alert event, in declaration order: derived from the enum, so a new variant is never left out.
    pub const ALL: &'static [AlertEvent] = <AlertEvent as strum::VariantArray>::VARIANTS;
}

/// One row: the event, the change of the Alert Level (5.2 keeps it within its bounds), and what the value
/// rests on (the rulebook text, or the reconstruction of the map's printed chart).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct AlertRow {
    pub event: AlertEvent,
    pub change: i8,
    pub source: Source,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct AlertLevelChart {
    pub source: Source,
    pub rows: Vec<AlertRow>,
}

// ---------------------------------------------------------------------------------------------------
// 14.3 Contact Table

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ContactResult {
    AlliedFirstSalvoContact2,
    AlliedFirstSalvoContact1,
    NoContact,
    GermanFirstSalvoContact1,
    GermanFirstSalvoContact2,
}

/// One band of final results (1d6 + German rating − Allied rating); open ends have no bound.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct ContactBand {
    pub from: Option<i32>,
    pub to: Option<i32>,
    pub result: ContactResult,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct ContactTable {
    pub source: Source,
    pub bands: Vec<ContactBand>,
}

// ---------------------------------------------------------------------------------------------------
// Firing Tables: hit columns (14.5–14.7, 14.13, 6.3)

/// What one hit does to an Allied ship (14.13): a damage result (counted against armor), a withdrawal,
/// or an outright sinking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum AlliedHit {
    HullDamage,
    GunneryDamage,
    EngineDamage,
    /// Two damage results at once.
    HeavyDamage,
    Withdrawal,
    Sunk,
}

/// What one hit does to a German ship: tracks moved toward zero (6.3). `Guns` is the largest gun type
/// the ship still has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum GermanHitTrack {
    Hull,
    Engines,
    Guns,
    Ammunition,
    Torpedoes,
    Coal,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct GermanHit {
    pub track: GermanHitTrack,
    pub steps: u8,
}

/// A 1d6 hit table with a column for Allied ships and one for German ships; index 0 is a roll of 1.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct HitTable {
    pub source: Source,
    pub allied: Vec<AlliedHit>,
    pub german: Vec<Vec<GermanHit>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ShoreHit {
    NoEffect,
    Destroyed,
}

/// 16.0 Shore Bombardment column: warship hits against a coastal defense unit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct ShoreBombardmentTable {
    pub source: Source,
    pub results: Vec<ShoreHit>,
}

// ---------------------------------------------------------------------------------------------------
// 11.0 Intelligence Table

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum IntelligenceEffect {
    NoEffect,
    /// Examine up to `count` face-down markers of one patrol zone (0 = all of them).
    Examine {
        count: u8,
    },
    /// Change the Alert Level by `by`.
    Alert {
        by: i8,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct IntelligenceResult {
    /// The letter code printed in the table (Intelligence from Berlin names two of them).
    pub code: String,
    pub name: String,
    pub effect: IntelligenceEffect,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct IntelligenceColumn {
    /// The lowest Intelligence Value of this column (the column runs to the next one's minimum).
    pub min_value: u8,
    /// Result codes for rolls 1–6.
    pub rolls: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct IntelligenceFactor {
    pub id: String,
    pub name: String,
    pub value: i8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct IntelligenceTable {
    pub source: Source,
    pub factors: Vec<IntelligenceFactor>,
    pub columns: Vec<IntelligenceColumn>,
    pub results: Vec<IntelligenceResult>,
    /// The two results Intelligence from Berlin offers (Incident Chart).
    pub from_berlin: Vec<String>,
}

// ---------------------------------------------------------------------------------------------------
// 10.1 Repair Table and the Terrain Effects Chart

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
pub enum Terrain {
    HighSeas,
    FriendlyNavalBase,
    FriendlyPort,
    NeutralNavalBase,
    NeutralPort,
    EnemyNavalBase,
    EnemyPort,
    CapturedEnemyPort,
}

impl Terrain {
    /// Every terrain, in declaration order: derived from the enum, so a new variant is never left out.
    pub const ALL: &'static [Terrain] = <Terrain as strum::VariantArray>::VARIANTS;
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct RepairTable {
    pub source: Source,
    /// Extra repair dice (10.1) for crew, gear and incidents.
    pub bonus_dice: Vec<IntelligenceFactor>,
    /// The lowest die face that repairs one point, by where the ship is.
    pub success_from: Vec<TerrainValue>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct TerrainValue {
    pub terrain: Terrain,
    pub value: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct TerrainRow {
    pub terrain: Terrain,
    /// Dice of ammunition received when arming (7.1); 0 = no arming.
    pub ammunition_dice: u8,
    /// Dice of coal received when coaling (7.3); 0 = no coaling.
    pub coal_dice: u8,
    /// Extra incident picks (13.2).
    pub extra_picks: u8,
    /// Whether crew may be landed and cargo bought here (8.3, 8.5).
    pub cargo: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct TerrainEffects {
    pub source: Source,
    pub rows: Vec<TerrainRow>,
}

// ---------------------------------------------------------------------------------------------------
// 17.1 Victory Points Chart

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct ShipTypeVp {
    pub ship_type: ShipType,
    pub sunk: i32,
    pub damaged: i32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct GermanLossVp {
    pub ship_type: ShipType,
    pub sunk: i32,
    /// 20.0: a row for an Austro-Hungarian ship under German command (they count for VP too).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[ts(optional, as = "Option<bool>")]
    pub austro_hungarian: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct VictoryPointsChart {
    pub source: Source,
    pub allied: Vec<ShipTypeVp>,
    pub coastal_defense_destroyed: i32,
    pub german_lost: Vec<GermanLossVp>,
    /// 14.14: a single engagement worth this much either way is a Critical Naval Win or Loss (exact).
    pub critical_engagement: i32,
}

// ---------------------------------------------------------------------------------------------------
// 14.11 Targeting Priority chart

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct TargetingRow {
    /// The Allied firing ship's type.
    pub firer: ShipType,
    /// Tiers of German (and Austro-Hungarian) target types, best first; equals share a tier.
    pub tiers: Vec<Vec<ShipType>>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct TargetingPriority {
    pub source: Source,
    pub rows: Vec<TargetingRow>,
}

// ---------------------------------------------------------------------------------------------------
// 8.0 Crew & Gear chart

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum CargoClass {
    Crew,
    Gear,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct CargoSpec {
    pub id: String,
    pub name: String,
    pub class: CargoClass,
    pub cost: u8,
    /// Hull boxes it fills (8.2; the seaplane takes two, 21.0).
    pub boxes: u8,
    /// Counters in the box: the limit of 8.3.
    pub supply: u8,
    /// Ship types that may carry it (empty: any).
    pub ship_types: Vec<ShipType>,
    /// The optional rule it belongs to, if any (e.g. "21.0").
    pub optional_rule: Option<String>,
    pub effect: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct CrewAndGear {
    pub source: Source,
    pub items: Vec<CargoSpec>,
}

// ---------------------------------------------------------------------------------------------------
// 18.0 Variable Initial Deployment and 12.1–12.4 engine speeds

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct VariableDeployment {
    pub source: Source,
    /// The start space (a place id) for rolls 1–6.
    pub rolls: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SpeedRow {
    pub engines: u8,
    pub cruise: u8,
    pub maximum: u8,
    pub emergency: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct EngineSpeeds {
    pub source: Source,
    /// One row per engine track position from 0 up.
    pub rows: Vec<SpeedRow>,
}

// ---------------------------------------------------------------------------------------------------
// Lookups

fn face_index(face: u8) -> usize {
    debug_assert!((1..=6).contains(&face), "a d6 face");
    (face.clamp(1, 6) - 1) as usize
}

impl Charts {
    /// 14.3: the band holding `final_roll` (validated: every integer is in exactly one band).
    pub fn contact(&self, final_roll: i32) -> ContactResult {
        self.contact_table
            .bands
            .iter()
            .find(|b| {
                b.from.is_none_or(|f| final_roll >= f) && b.to.is_none_or(|t| final_roll <= t)
            })
            .map(|b| b.result)
            .expect("validated: the contact bands cover every result")
    }

    pub fn engine_speeds(&self, engines: u8) -> SpeedRow {
        let rows = &self.engine_speeds.rows;
        // Past the last row (a track longer than the chart), each point adds one to every speed.
        match rows.get(engines as usize) {
            Some(row) => *row,
            None => {
                let last = rows[rows.len() - 1];
                let more = engines - last.engines;
                SpeedRow {
                    engines,
                    cruise: last.cruise + more,
                    maximum: last.maximum + more,
                    emergency: last.emergency + more,
                }
            }
        }
    }

    /// 5.1: how much `event` moves the Alert Level (the Alert Level Chart).
    pub fn alert_change(&self, event: AlertEvent) -> i32 {
        self.alert_level
            .rows
            .iter()
            .find(|r| r.event == event)
            .map_or(0, |r| r.change as i32)
    }

    pub fn terrain(&self, terrain: Terrain) -> &TerrainRow {
        self.terrain_effects
            .rows
            .iter()
            .find(|r| r.terrain == terrain)
            .expect("validated: every terrain has a row")
    }

    pub fn gunnery_on_allied(&self, face: u8) -> AlliedHit {
        self.gunnery_hits.allied[face_index(face)]
    }

    pub fn gunnery_on_german(&self, face: u8) -> &[GermanHit] {
        &self.gunnery_hits.german[face_index(face)]
    }

    pub fn torpedo_on_allied(&self, face: u8) -> AlliedHit {
        self.torpedo_hits.allied[face_index(face)]
    }

    pub fn torpedo_on_german(&self, face: u8) -> &[GermanHit] {
        &self.torpedo_hits.german[face_index(face)]
    }

    pub fn shore_hit(&self, face: u8) -> ShoreHit {
        self.shore_bombardment.results[face_index(face)]
    }

    pub fn intelligence_result(&self, code: &str) -> Option<&IntelligenceResult> {
        self.intelligence.results.iter().find(|r| r.code == code)
    }

    /// 11.1: the result code for an Intelligence Value and a roll.
    pub fn intelligence_roll(&self, value: i32, face: u8) -> &IntelligenceResult {
        let column = self
            .intelligence
            .columns
            .iter()
            .rev()
            .find(|c| value >= c.min_value as i32)
            .unwrap_or(&self.intelligence.columns[0]);
        self.intelligence_result(&column.rolls[face_index(face)])
            .expect("validated: every code has a result")
    }

    pub fn vp_for(&self, ship_type: ShipType) -> Option<&ShipTypeVp> {
        self.victory_points
            .allied
            .iter()
            .find(|r| r.ship_type == ship_type)
    }

    /// The VP lost with a ship under German command: the Austro-Hungarian row of its type for one of
    /// theirs (20.0), else the row of its type.
    pub fn german_loss_vp(&self, ship_type: ShipType, austro_hungarian: bool) -> i32 {
        let rows = &self.victory_points.german_lost;
        let exact = rows
            .iter()
            .find(|r| r.ship_type == ship_type && r.austro_hungarian == austro_hungarian);
        exact
            .or_else(|| rows.iter().find(|r| r.ship_type == ship_type))
            .map_or(0, |r| r.sunk)
    }

    pub fn targeting(&self, firer: ShipType) -> &[Vec<ShipType>] {
        self.targeting_priority
            .rows
            .iter()
            .find(|r| r.firer == firer)
            .map(|r| r.tiers.as_slice())
            .unwrap_or(&[])
    }

    pub fn cargo(&self, id: &str) -> Option<&CargoSpec> {
        self.crew_and_gear.items.iter().find(|c| c.id == id)
    }

    pub fn repair_success_from(&self, terrain: Terrain) -> u8 {
        self.repair
            .success_from
            .iter()
            .find(|r| r.terrain == terrain)
            .map(|r| r.value)
            .unwrap_or(6)
    }
}

impl GermanHitTrack {
    /// The display track a hit moves on a ship with these values (`Guns`: the largest gun type left).
    pub fn track(self, tracks: &Tracks) -> Track {
        match self {
            GermanHitTrack::Hull => Track::Hull,
            GermanHitTrack::Engines => Track::Engines,
            GermanHitTrack::Ammunition => Track::Ammunition,
            GermanHitTrack::Torpedoes => Track::Torpedoes,
            GermanHitTrack::Coal => Track::Coal,
            GermanHitTrack::Guns if tracks.primary > 0 => Track::Primary,
            GermanHitTrack::Guns if tracks.secondary > 0 => Track::Secondary,
            GermanHitTrack::Guns => Track::Tertiary,
        }
    }
}

// ---------------------------------------------------------------------------------------------------
// Validation: each error names the field a player editing the chart must fix.

fn six<T>(path: &str, rows: &[T]) -> Result<(), PackError> {
    if rows.len() != 6 {
        return Err(invalid(
            path,
            format!("needs one entry for each face 1–6, has {}", rows.len()),
        ));
    }
    Ok(())
}

impl Charts {
    pub fn validate(&self, places: &[PlaceSpec]) -> Result<(), PackError> {
        self.validate_contact()?;
        self.validate_alert()?;
        six("charts.gunnery_hits.allied", &self.gunnery_hits.allied)?;
        six("charts.gunnery_hits.german", &self.gunnery_hits.german)?;
        six("charts.torpedo_hits.allied", &self.torpedo_hits.allied)?;
        six("charts.torpedo_hits.german", &self.torpedo_hits.german)?;
        six(
            "charts.shore_bombardment.results",
            &self.shore_bombardment.results,
        )?;
        self.validate_german_hits()?;
        self.validate_intelligence()?;
        self.validate_terrain()?;
        self.validate_engine_speeds()?;
        self.validate_deployment_and_gear(places)?;
        if self.victory_points.critical_engagement <= 0 {
            return Err(invalid(
                "charts.victory_points.critical_engagement",
                "must be positive",
            ));
        }
        Ok(())
    }

    /// 14.6: each face of the German hit tables moves one to six steps of at least one track.
    fn validate_german_hits(&self) -> Result<(), PackError> {
        for (name, table) in [
            ("gunnery_hits", &self.gunnery_hits),
            ("torpedo_hits", &self.torpedo_hits),
        ] {
            for (i, hits) in table.german.iter().enumerate() {
                if hits.is_empty() || hits.iter().any(|h| h.steps == 0 || h.steps > 6) {
                    return Err(invalid(
                        format!("charts.{name}.german[{i}]"),
                        "each face moves one to six steps of at least one track",
                    ));
                }
            }
        }
        Ok(())
    }

    /// Terrain Effects Chart and 10.1: a row and a repair number for every terrain, each a die face.
    fn validate_terrain(&self) -> Result<(), PackError> {
        for &terrain in Terrain::ALL {
            if !self
                .terrain_effects
                .rows
                .iter()
                .any(|r| r.terrain == terrain)
            {
                return Err(invalid(
                    "charts.terrain_effects.rows",
                    format!("no row for {terrain:?}"),
                ));
            }
            if !self
                .repair
                .success_from
                .iter()
                .any(|r| r.terrain == terrain)
            {
                return Err(invalid(
                    "charts.repair.success_from",
                    format!("no entry for {terrain:?}"),
                ));
            }
        }
        for (i, r) in self.repair.success_from.iter().enumerate() {
            if !(2..=6).contains(&r.value) {
                return Err(invalid(
                    format!("charts.repair.success_from[{i}].value"),
                    "a die face from 2 to 6",
                ));
            }
        }
        Ok(())
    }

    /// 12.1–12.3: a row for every engine value from 0, speeds in order.
    fn validate_engine_speeds(&self) -> Result<(), PackError> {
        let rows = &self.engine_speeds.rows;
        if rows.is_empty() {
            return Err(invalid(
                "charts.engine_speeds.rows",
                "needs at least the row for engines 0",
            ));
        }
        for (i, r) in rows.iter().enumerate() {
            if r.engines as usize != i || !(r.cruise <= r.maximum && r.maximum <= r.emergency) {
                return Err(invalid(
                    format!("charts.engine_speeds.rows[{i}]"),
                    "rows run 0, 1, 2… and cruise <= maximum <= emergency",
                ));
            }
        }
        Ok(())
    }

    /// 3.0 variable deployment (a place for each face) and 8.0 Crew & Gear (each item takes room and exists).
    fn validate_deployment_and_gear(&self, places: &[PlaceSpec]) -> Result<(), PackError> {
        six(
            "charts.variable_deployment.rolls",
            &self.variable_deployment.rolls,
        )?;
        for (i, id) in self.variable_deployment.rolls.iter().enumerate() {
            if !places.iter().any(|p| &p.id == id) {
                return Err(invalid(
                    format!("charts.variable_deployment.rolls[{i}]"),
                    format!("no place `{id}`"),
                ));
            }
        }
        for (i, item) in self.crew_and_gear.items.iter().enumerate() {
            if item.boxes == 0 || item.supply == 0 {
                return Err(invalid(
                    format!("charts.crew_and_gear.items[{i}]"),
                    "fills at least one hull box and has at least one counter",
                ));
            }
        }
        Ok(())
    }

    /// 5.1: every event has exactly one row, and no row moves the Alert Level by more than the track.
    fn validate_alert(&self) -> Result<(), PackError> {
        for &event in AlertEvent::ALL {
            let n = self
                .alert_level
                .rows
                .iter()
                .filter(|r| r.event == event)
                .count();
            if n != 1 {
                return Err(invalid(
                    "charts.alert_level.rows",
                    format!("needs exactly one row for each event ({n} for {event:?})"),
                ));
            }
        }
        for (i, r) in self.alert_level.rows.iter().enumerate() {
            if !(-5..=5).contains(&r.change) {
                return Err(invalid(
                    format!("charts.alert_level.rows[{i}].change"),
                    "a change runs from -5 to 5",
                ));
            }
        }
        Ok(())
    }

    fn validate_contact(&self) -> Result<(), PackError> {
        let bands = &self.contact_table.bands;
        let path = "charts.contact_table.bands";
        if bands.is_empty() || bands[0].from.is_some() || bands[bands.len() - 1].to.is_some() {
            return Err(invalid(
                path,
                "the first band must be open below and the last open above",
            ));
        }
        for i in 0..bands.len() {
            if let (Some(f), Some(t)) = (bands[i].from, bands[i].to) {
                if f > t {
                    return Err(invalid(
                        format!("{path}[{i}]"),
                        format!("from {f} is above to {t}"),
                    ));
                }
            }
            if i + 1 < bands.len() {
                match (bands[i].to, bands[i + 1].from) {
                    (Some(t), Some(f)) if f == t + 1 => {}
                    _ => return Err(invalid(format!("{path}[{}]", i + 1), "each band must start right after the previous one ends (no gap, no overlap)")),
                }
            }
        }
        Ok(())
    }

    fn validate_intelligence(&self) -> Result<(), PackError> {
        let t = &self.intelligence;
        if t.columns.is_empty() {
            return Err(invalid(
                "charts.intelligence.columns",
                "needs at least one column",
            ));
        }
        for (i, c) in t.columns.iter().enumerate() {
            six(&format!("charts.intelligence.columns[{i}].rolls"), &c.rolls)?;
            if i > 0 && c.min_value <= t.columns[i - 1].min_value {
                return Err(invalid(
                    format!("charts.intelligence.columns[{i}].min_value"),
                    "columns must rise in value",
                ));
            }
            for (j, code) in c.rolls.iter().enumerate() {
                if self.intelligence_result(code).is_none() {
                    return Err(invalid(
                        format!("charts.intelligence.columns[{i}].rolls[{j}]"),
                        format!("no result `{code}`"),
                    ));
                }
            }
        }
        if t.from_berlin.len() != 2
            || t.from_berlin
                .iter()
                .any(|c| self.intelligence_result(c).is_none())
        {
            return Err(invalid(
                "charts.intelligence.from_berlin",
                "names exactly two result codes of the table",
            ));
        }
        Ok(())
    }
}
