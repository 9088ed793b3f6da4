//! Hidden Fleet Charts and the D10 procedures of seed 002 (5.0 Fleet Markers, 5.1 Decoys, 5.2 Revealing
//! Unknown Ships; 7.2, 8.4, 8.7, 10.1, 10.2, 10.4, 10.5.3): each player's numbered Fleet Boxes (Allied
//! 1–10, German 1–12) hold ships only their owner sees; an empty box is a decoy; a reveal names the ships
//! of one box (never coal or damage); the D10 rolls say whether an unknown ship is revealed.
//!
//! Each player of a [`super::ToolSession`] opens one chart (choosing the side at first use, see
//! [`FleetCharts`]); the requests and their answers are in `super` (docs/TOOLS.md, "Hidden Fleet Charts").

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::player::Player;
use super::sdr::{self, Salts};
use goeben_common::dice::Dice;
use goeben_common::ErrorCode;

/// The two sides of seed 002.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum FleetSide {
    Allied,
    German,
}

impl FleetSide {
    /// Fleet markers (and so Fleet Boxes) a side has (5.0).
    pub fn boxes(self) -> u8 {
        match self {
            FleetSide::Allied => 10,
            FleetSide::German => 12,
        }
    }
}

/// Most ships one Fleet Chart holds (a bound, far above any scenario).
pub const SHIPS_MAX: usize = 200;
/// Longest ship name accepted on a chart.
pub const SHIP_NAME_MAX_CHARS: usize = 60;

/// One side's Fleet Chart: ship names per numbered box, which boxes have been revealed, and which
/// boxes' fleet markers are on the map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FleetChart {
    pub side: FleetSide,
    /// Index 0 is box 1.
    boxes: Vec<BTreeSet<String>>,
    /// Boxes revealed since their contents last changed: the opponent knows what they hold.
    revealed: BTreeSet<u8>,
    /// Boxes whose numbered marker the owner has put on the map (5.0, 5.1). Owner's notes only: whether a
    /// "?" counter on the map is a fleet marker at all is part of what the chart blind hides.
    #[serde(default)]
    markers_on_map: BTreeSet<u8>,
    /// Each box's salt and commitment, made afresh for every box at each change of the chart (seed 002
    /// 5.2: reveals bind). Index 0 is box 1. Empty only in saves from before the seals.
    #[serde(default)]
    seals: Vec<Seal>,
    /// A location roll (10.5.3) found one of this chart's markers: its box is to be revealed before
    /// the chart may change (nothing moves between the roll and the reveal).
    #[serde(default)]
    reveal_owed: bool,
}

/// One box's commitment: its salt (secret until the box is revealed) and the commitment (public).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seal {
    pub salt: String,
    pub commitment: String,
}

/// The text committed for a box: side, number, the ships as a JSON array in name order, the salt.
/// E.g. `german/4:["Gneisenau","Scharnhorst"]:9f…`; an empty list is a decoy.
pub fn box_preimage(side: FleetSide, fleet_box: u8, ships: &[String], salt: &str) -> String {
    let side = match side {
        FleetSide::Allied => "allied",
        FleetSide::German => "german",
    };
    let mut sorted = ships.to_vec();
    sorted.sort();
    format!(
        "{side}/{fleet_box}:{}:{salt}",
        serde_json::to_string(&sorted).expect("names serialise")
    )
}

/// A box's commitment (the SDR's: the first 16 hex digits of SHA-256 over the preimage).
pub fn box_commitment(side: FleetSide, fleet_box: u8, ships: &[String], salt: &str) -> String {
    sdr::commit_text(&box_preimage(side, fleet_box, ships, salt))
}

/// Why a Fleet Chart change was refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum FleetError {
    NoSuchBox { fleet_box: u8 },
    NotInBox { ship: String, fleet_box: u8 },
    AlreadyOnChart { ship: String },
    ChartFull,
}

impl FleetError {
    /// The protocol's error code for this refusal.
    pub fn code(&self) -> ErrorCode {
        match self {
            FleetError::NoSuchBox { .. } => ErrorCode::NoSuchBox,
            FleetError::NotInBox { .. } => ErrorCode::NotInBox,
            FleetError::AlreadyOnChart { .. } => ErrorCode::AlreadyOnChart,
            FleetError::ChartFull => ErrorCode::ChartFull,
        }
    }

    pub fn message(&self, side: FleetSide) -> String {
        match self {
            FleetError::NoSuchBox { fleet_box } => format!(
                "the {side:?} Fleet Chart has boxes 1-{}, not {fleet_box}",
                side.boxes()
            ),
            FleetError::NotInBox { ship, fleet_box } => {
                format!("{ship} is not in Fleet Box {fleet_box}")
            }
            FleetError::AlreadyOnChart { ship } => {
                format!("{ship} is already on your Fleet Chart; move it with transfer_ship")
            }
            FleetError::ChartFull => format!("a Fleet Chart holds at most {SHIPS_MAX} ships"),
        }
    }
}

impl FleetChart {
    /// A chart with every box empty and sealed.
    pub fn new(side: FleetSide, salts: &mut Salts) -> FleetChart {
        let mut chart = FleetChart::unsealed(side);
        chart.seal(salts);
        chart
    }

    /// Seals every box afresh: new salts for all, so the public commitments say that the
    /// chart changed, never which box.
    pub fn seal(&mut self, salts: &mut Salts) {
        self.seals = (1..=self.side.boxes())
            .map(|n| {
                let salt = salts.fresh();
                let commitment = box_commitment(self.side, n, &self.ships_in(n), &salt);
                Seal { salt, commitment }
            })
            .collect();
    }

    /// The public commitments of the boxes, box 1 first.
    pub fn commitments(&self) -> Vec<String> {
        self.seals.iter().map(|s| s.commitment.clone()).collect()
    }

    /// A box's seal (salt and commitment), to show with its reveal.
    pub fn seal_of(&self, fleet_box: u8) -> Option<&Seal> {
        self.slot(fleet_box).ok().and_then(|i| self.seals.get(i))
    }

    /// Whether saved before the seals: the loader seals it.
    pub fn is_unsealed(&self) -> bool {
        self.seals.is_empty()
    }

    pub fn reveal_owed(&self) -> bool {
        self.reveal_owed
    }

    pub fn owe_reveal(&mut self, owed: bool) {
        self.reveal_owed = owed;
    }

    fn unsealed(side: FleetSide) -> FleetChart {
        FleetChart {
            side,
            boxes: vec![BTreeSet::new(); side.boxes() as usize],
            revealed: BTreeSet::new(),
            markers_on_map: BTreeSet::new(),
            seals: Vec::new(),
            reveal_owed: false,
        }
    }

    /// Whether a box is revealed now (and unchanged since).
    pub fn is_revealed(&self, fleet_box: u8) -> bool {
        self.revealed.contains(&fleet_box)
    }

    /// Every ship name on the chart.
    pub fn ships(&self) -> impl Iterator<Item = &String> {
        self.boxes.iter().flatten()
    }

    /// The ships of one box (empty for a decoy or a box that does not exist).
    pub fn ships_in(&self, fleet_box: u8) -> Vec<String> {
        self.slot(fleet_box)
            .map(|i| self.boxes[i].iter().cloned().collect())
            .unwrap_or_default()
    }

    /// Takes a ship off the chart (sunk, or leaving the game). The box is hidden again, like a regrouping.
    pub fn remove(&mut self, ship: &str, fleet_box: u8) -> Result<(), FleetError> {
        let slot = self.slot(fleet_box)?;
        if !self.boxes[slot].remove(ship) {
            return Err(FleetError::NotInBox {
                ship: ship.into(),
                fleet_box,
            });
        }
        self.revealed.remove(&fleet_box);
        Ok(())
    }

    /// Notes whether the box's numbered marker is on the map (5.0) or off it (5.2 lets a revealed decoy's
    /// marker be lifted and put back the next Action Phase).
    pub fn set_marker(&mut self, fleet_box: u8, on_map: bool) -> Result<(), FleetError> {
        self.slot(fleet_box)?;
        match on_map {
            true => self.markers_on_map.insert(fleet_box),
            false => self.markers_on_map.remove(&fleet_box),
        };
        Ok(())
    }

    /// Box count, no ship twice, the bound on ships, and revealed/marked boxes that exist (checked on load).
    pub fn check(&self) -> Result<(), String> {
        if self.boxes.len() != self.side.boxes() as usize {
            return Err(format!(
                "the {:?} Fleet Chart has {} boxes instead of {}",
                self.side,
                self.boxes.len(),
                self.side.boxes()
            ));
        }
        let total: usize = self.boxes.iter().map(BTreeSet::len).sum();
        let distinct: BTreeSet<&String> = self.ships().collect();
        if distinct.len() != total {
            return Err("a ship is in two Fleet Boxes".into());
        }
        if total > SHIPS_MAX {
            return Err(format!("more than {SHIPS_MAX} ships on a Fleet Chart"));
        }
        if self
            .revealed
            .iter()
            .chain(&self.markers_on_map)
            .any(|n| self.slot(*n).is_err())
        {
            return Err("a revealed or marked Fleet Box does not exist".into());
        }
        if self.seals.len() != self.boxes.len() {
            return Err("a Fleet Box has no commitment".into());
        }
        for (i, seal) in self.seals.iter().enumerate() {
            let n = i as u8 + 1;
            if box_commitment(self.side, n, &self.ships_in(n), &seal.salt) != seal.commitment {
                return Err(format!("Fleet Box {n} does not match its commitment"));
            }
        }
        Ok(())
    }

    fn slot(&self, fleet_box: u8) -> Result<usize, FleetError> {
        (1..=self.side.boxes())
            .contains(&fleet_box)
            .then(|| fleet_box as usize - 1)
            .ok_or(FleetError::NoSuchBox { fleet_box })
    }

    /// Puts a ship (not yet on the chart) into a box. The box's earlier reveal no longer holds.
    pub fn assign(&mut self, ship: &str, fleet_box: u8) -> Result<(), FleetError> {
        let slot = self.slot(fleet_box)?;
        if self.boxes.iter().any(|b| b.contains(ship)) {
            return Err(FleetError::AlreadyOnChart { ship: ship.into() });
        }
        if self.boxes.iter().map(BTreeSet::len).sum::<usize>() >= SHIPS_MAX {
            return Err(FleetError::ChartFull);
        }
        self.boxes[slot].insert(ship.into());
        self.revealed.remove(&fleet_box);
        Ok(())
    }

    /// Moves a ship between boxes (5.2: allowed when both markers share a hex, which the players check).
    pub fn transfer(&mut self, ship: &str, from: u8, to: u8) -> Result<(), FleetError> {
        let (a, b) = (self.slot(from)?, self.slot(to)?);
        if !self.boxes[a].remove(ship) {
            return Err(FleetError::NotInBox {
                ship: ship.into(),
                fleet_box: from,
            });
        }
        self.boxes[b].insert(ship.into());
        self.revealed.remove(&from);
        self.revealed.remove(&to);
        Ok(())
    }

    /// A box with no ships is a decoy (5.1).
    pub fn is_decoy(&self, fleet_box: u8) -> Result<bool, FleetError> {
        Ok(self.boxes[self.slot(fleet_box)?].is_empty())
    }

    /// Reveals a box to the opponent (5.2): its ship names, or that it is a decoy.
    pub fn reveal(&mut self, fleet_box: u8) -> Result<BoxView, FleetError> {
        self.slot(fleet_box)?;
        self.revealed.insert(fleet_box);
        Ok(self
            .opponent_view()
            .boxes
            .into_iter()
            .nth(fleet_box as usize - 1)
            .expect("every box has a view"))
    }

    /// The owner's view: every box with its ships, its marker and whether the opponent knows it now.
    pub fn owner_view(&self) -> OwnChartView {
        let boxes = (1..=self.side.boxes())
            .map(|n| {
                let ships: Vec<String> = self.boxes[n as usize - 1].iter().cloned().collect();
                let on_map = self.markers_on_map.contains(&n);
                OwnBox {
                    fleet_box: n,
                    decoy: ships.is_empty(),
                    ships,
                    marker_on_map: on_map,
                    revealed: self.is_revealed(n),
                }
            })
            .collect();
        OwnChartView {
            side: self.side,
            boxes,
        }
    }

    /// The opponent's view: box numbers, and the ships only of boxes revealed and unchanged since.
    pub fn opponent_view(&self) -> ChartView {
        self.view(|n| self.revealed.contains(&n))
    }

    fn view(&self, shows: impl Fn(u8) -> bool) -> ChartView {
        let boxes = (1..=self.side.boxes())
            .map(|n| match shows(n) {
                true => BoxView::Known {
                    fleet_box: n,
                    ships: self.boxes[n as usize - 1].iter().cloned().collect(),
                },
                false => BoxView::Unknown { fleet_box: n },
            })
            .collect();
        ChartView {
            side: self.side,
            boxes,
        }
    }
}

/// The opponent's view of a Fleet Chart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct ChartView {
    pub side: FleetSide,
    pub boxes: Vec<BoxView>,
}

/// The owner's view of their own Fleet Chart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct OwnChartView {
    pub side: FleetSide,
    pub boxes: Vec<OwnBox>,
}

/// One of the owner's Fleet Boxes. `decoy` is true when the box holds no ships (5.1), marker or not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct OwnBox {
    pub fleet_box: u8,
    pub ships: Vec<String>,
    pub decoy: bool,
    pub marker_on_map: bool,
    /// The opponent knows what this box holds (revealed and unchanged since).
    pub revealed: bool,
}

/// A Fleet Box as one player sees it. `Known` with no ships is a decoy.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "shown", rename_all = "snake_case")]
pub enum BoxView {
    Unknown { fleet_box: u8 },
    Known { fleet_box: u8, ships: Vec<String> },
}

/// The D10 procedures of seed 002 that decide success and whether the unknown ship is revealed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum D10Procedure {
    /// 10.5.3 step 1 at sea: 1–6 located (and revealed), else the defender slips to an adjacent hex.
    LocateAtSea,
    /// 10.5.3 step 1 in an island hex: 1–5 located.
    LocateInIslandHex,
    /// 10.5.3 step 1 in a port or harbour: 1–3 the ships are caught at anchor (they may not fire in the
    /// first round); either way their identity is revealed.
    CaughtAtAnchor,
    /// 7.2 first roll: 1–3 the attacking unknown ship is revealed.
    MerchantAttackReveal,
    /// 7.2 second roll: 1–5 the merchant is captured (with 700 t of coal), 6–10 sunk.
    MerchantFate,
    /// 8.4: 1–3 fails, 4–5 fails and reveals, 6–8 succeeds, 9–10 succeeds and reveals.
    CoalingRaid,
    /// 8.7: an unescorted German collier met by Allied warships is destroyed; 1–3 reveals the attacker.
    CollierDestroyed,
    /// 10.1: 1–3 the invasion fails (try next turn), 4–10 the possession is occupied.
    Occupation,
    /// 10.2: always succeeds; 1–4 reveals the bombarding unknown ship.
    Bombardment,
    /// 10.4: always destroys the station; 6–10 reveals the unknown ship.
    WirelessStation,
}

impl D10Procedure {
    /// Every procedure, in the order the Fleet Charts card offers them (location first, 10.5.3).
    pub const ALL: [D10Procedure; 10] = [
        D10Procedure::LocateAtSea,
        D10Procedure::LocateInIslandHex,
        D10Procedure::CaughtAtAnchor,
        D10Procedure::MerchantAttackReveal,
        D10Procedure::MerchantFate,
        D10Procedure::CoalingRaid,
        D10Procedure::CollierDestroyed,
        D10Procedure::Occupation,
        D10Procedure::Bombardment,
        D10Procedure::WirelessStation,
    ];

    /// The procedure as the card names it, with its rule.
    pub fn name(self) -> &'static str {
        use D10Procedure::*;
        match self {
            LocateAtSea => "Locate at sea (10.5.3)",
            LocateInIslandHex => "Locate in an island hex (10.5.3)",
            CaughtAtAnchor => "In port: caught at anchor? (10.5.3)",
            MerchantAttackReveal => "Merchant attack: revealed? (7.2)",
            MerchantFate => "Merchant's fate (7.2)",
            CoalingRaid => "Coaling raid (8.4)",
            CollierDestroyed => "Collier destroyed (8.7)",
            Occupation => "Occupation (10.1)",
            Bombardment => "Bombardment (10.2)",
            WirelessStation => "Wireless station (10.4)",
        }
    }

    /// What a roll's success (`true`) or failure means, in the card's words. 10.5.3: ships caught at
    /// anchor may not fire in the first round; the other procedures succeed or fail.
    pub fn outcome(self, success: bool) -> &'static str {
        match (self, success) {
            (D10Procedure::CaughtAtAnchor, true) => {
                "Caught at anchor: they may not fire in round one"
            }
            (D10Procedure::CaughtAtAnchor, false) => "Not caught at anchor",
            (_, true) => "Success",
            (_, false) => "Failure",
        }
    }

    /// Whether the roll is made for a fleet (an unknown ship acting), so a decoy may not make it (5.1: a
    /// decoy makes no attack; 7.2: nor against a merchant). Occupation (10.1) is rolled for an army marker.
    pub fn acts_with_ships(self) -> bool {
        self != D10Procedure::Occupation
    }

    /// The side whose player rolls it (`None`: either). 7.2 a German warship attacks a merchant; 8.7 an
    /// Allied warship meets a German collier; 10.1 the Allied player occupies; 10.2 and 10.4 the German
    /// player bombards and destroys wireless stations; 8.4 raids and 10.5.3 location are either side's.
    pub fn side(self) -> Option<FleetSide> {
        use D10Procedure::*;
        match self {
            MerchantAttackReveal | MerchantFate | Bombardment | WirelessStation => {
                Some(FleetSide::German)
            }
            CollierDestroyed | Occupation => Some(FleetSide::Allied),
            LocateAtSea | LocateInIslandHex | CaughtAtAnchor | CoalingRaid => None,
        }
    }

    /// A location roll of 10.5.3: its success reveals the defending marker's box too.
    pub fn locates(self) -> bool {
        matches!(
            self,
            D10Procedure::LocateAtSea
                | D10Procedure::LocateInIslandHex
                | D10Procedure::CaughtAtAnchor
        )
    }
}

/// What a D10 procedure's roll means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
pub struct D10Result {
    pub procedure: D10Procedure,
    pub die: u8,
    pub success: bool,
    pub revealed: bool,
}

/// Reads a D10 face (a 0 on the die counts as 10, 7.2 note) for a procedure.
pub fn read_d10(procedure: D10Procedure, die: u8) -> D10Result {
    assert!((1..=10).contains(&die), "a D10 reads 1..=10, not {die}");
    use D10Procedure::*;
    let (success, revealed) = match procedure {
        LocateAtSea => (die <= 6, die <= 6),
        LocateInIslandHex => (die <= 5, die <= 5),
        CaughtAtAnchor => (die <= 3, true),
        MerchantAttackReveal => (true, die <= 3),
        MerchantFate => (die <= 5, false),
        CoalingRaid => (die >= 6, matches!(die, 4 | 5 | 9 | 10)),
        CollierDestroyed => (true, die <= 3),
        Occupation => (die >= 4, false),
        Bombardment => (true, die <= 4),
        WirelessStation => (true, die >= 6),
    };
    D10Result {
        procedure,
        die,
        success,
        revealed,
    }
}

/// Rolls a D10 for a procedure.
pub fn roll_d10(procedure: D10Procedure, dice: &mut Dice) -> D10Result {
    read_d10(procedure, dice.d10())
}

/// Each player's Fleet Chart in a tool session. A player opens one by choosing a side; the two players
/// must choose different sides (seed 002 is Allied against German).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FleetCharts {
    a: Option<FleetChart>,
    b: Option<FleetChart>,
}

impl FleetCharts {
    pub fn of(&self, player: Player) -> Option<&FleetChart> {
        match player {
            Player::A => self.a.as_ref(),
            Player::B => self.b.as_ref(),
        }
    }

    pub fn of_mut(&mut self, player: Player) -> Option<&mut FleetChart> {
        match player {
            Player::A => self.a.as_mut(),
            Player::B => self.b.as_mut(),
        }
    }

    /// Opens `player`'s chart for `side`; the caller has checked that neither chart rules it out.
    pub fn open(&mut self, player: Player, side: FleetSide, salts: &mut Salts) {
        let slot = match player {
            Player::A => &mut self.a,
            Player::B => &mut self.b,
        };
        assert!(slot.is_none(), "a player opens one Fleet Chart");
        *slot = Some(FleetChart::new(side, salts));
    }

    /// Seals the charts of a save from before the seals; returns the players whose chart was.
    pub fn seal_unsealed(&mut self, salts: &mut Salts) -> Vec<Player> {
        let mut sealed = Vec::new();
        for player in [Player::A, Player::B] {
            if let Some(chart) = self.of_mut(player).filter(|c| c.is_unsealed()) {
                chart.seal(salts);
                sealed.push(player);
            }
        }
        sealed
    }

    pub fn check(&self) -> Result<(), String> {
        if let (Some(a), Some(b)) = (&self.a, &self.b) {
            if a.side == b.side {
                return Err("both players hold the same side's Fleet Chart".into());
            }
        }
        self.a.iter().chain(&self.b).try_for_each(FleetChart::check)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_opponent_sees_box_numbers_only_until_a_reveal_5_0_5_2() {
        let mut chart = FleetChart::new(FleetSide::German, &mut Salts::Os);
        for ship in ["Scharnhorst", "Gneisenau", "Leipzig", "Nürnberg"] {
            chart.assign(ship, 4).unwrap();
        }
        chart.assign("Emden", 3).unwrap();
        let hidden = serde_json::to_string(&chart.opponent_view()).unwrap();
        assert!(
            !hidden.contains("Scharnhorst") && !hidden.contains("Emden"),
            "{hidden}"
        );
        assert_eq!(chart.opponent_view().boxes.len(), 12);
        let shown = chart.reveal(4).unwrap();
        assert!(matches!(&shown, BoxView::Known { fleet_box: 4, ships } if ships.len() == 4));
        let after = serde_json::to_string(&chart.opponent_view()).unwrap();
        assert!(
            after.contains("Gneisenau") && !after.contains("Emden"),
            "only box 4 is shown"
        );
        // 5.2: after a reveal the owner may regroup; the moved ships are hidden again.
        chart.transfer("Leipzig", 4, 7).unwrap();
        let regrouped = serde_json::to_string(&chart.opponent_view()).unwrap();
        assert!(
            !regrouped.contains("Leipzig") && !regrouped.contains("Gneisenau"),
            "{regrouped}"
        );
        let own = chart.owner_view();
        assert_eq!(
            own.boxes[6].ships,
            vec!["Leipzig".to_string()],
            "the owner sees every box"
        );
        assert!(!own.boxes[3].revealed && own.boxes[0].decoy && !own.boxes[3].decoy);
    }

    #[test]
    fn an_empty_box_is_a_decoy_and_boxes_are_bounded_5_1() {
        let mut chart = FleetChart::new(FleetSide::Allied, &mut Salts::Os);
        assert!(chart.is_decoy(10).unwrap());
        assert_eq!(
            chart.is_decoy(11),
            Err(FleetError::NoSuchBox { fleet_box: 11 })
        );
        chart.assign("Minotaur", 1).unwrap();
        assert!(!chart.is_decoy(1).unwrap());
        assert_eq!(
            chart.assign("Minotaur", 2),
            Err(FleetError::AlreadyOnChart {
                ship: "Minotaur".into()
            })
        );
        assert_eq!(
            chart.transfer("Minotaur", 2, 3),
            Err(FleetError::NotInBox {
                ship: "Minotaur".into(),
                fleet_box: 2
            })
        );
        assert_eq!(
            chart.reveal(2).unwrap(),
            BoxView::Known {
                fleet_box: 2,
                ships: vec![]
            },
            "a revealed decoy shows no ships"
        );
    }

    #[test]
    fn d10_procedures_read_their_bands() {
        use D10Procedure::*;
        let revealed = |p, d| read_d10(p, d).revealed;
        let success = |p, d| read_d10(p, d).success;
        assert!(success(LocateAtSea, 6) && !success(LocateAtSea, 7));
        assert!(success(LocateInIslandHex, 5) && !success(LocateInIslandHex, 6));
        assert!(
            success(CaughtAtAnchor, 3) && !success(CaughtAtAnchor, 4),
            "10.5.3: 1-3 caught at anchor"
        );
        assert!(
            (1..=10).all(|d| revealed(CaughtAtAnchor, d)),
            "10.5.3: in port, the ships are revealed either way"
        );
        assert!(revealed(MerchantAttackReveal, 3) && !revealed(MerchantAttackReveal, 4));
        assert!(success(MerchantFate, 5) && !success(MerchantFate, 6));
        let raid: Vec<(bool, bool)> = (1..=10)
            .map(|d| (success(CoalingRaid, d), revealed(CoalingRaid, d)))
            .collect();
        assert_eq!(&raid[..3], &[(false, false); 3]);
        assert_eq!(&raid[3..5], &[(false, true); 2]);
        assert_eq!(&raid[5..8], &[(true, false); 3]);
        assert_eq!(&raid[8..], &[(true, true); 2]);
        assert!(!success(Occupation, 3) && success(Occupation, 4));
        assert!(revealed(Bombardment, 4) && !revealed(Bombardment, 5) && success(Bombardment, 1));
        assert!(!revealed(WirelessStation, 5) && revealed(WirelessStation, 6));
        let mut dice = Dice::from_seed(1);
        dice.script([10]);
        assert_eq!(
            roll_d10(Bombardment, &mut dice),
            D10Result {
                procedure: Bombardment,
                die: 10,
                success: true,
                revealed: false
            }
        );
    }

    #[test]
    fn each_d10_procedure_names_its_rule_and_its_outcome_7_2_8_4_8_7_10_1_to_10_5_3() {
        let rules = [
            "(10.5.3)", "(10.5.3)", "(10.5.3)", "(7.2)", "(7.2)", "(8.4)", "(8.7)", "(10.1)",
            "(10.2)", "(10.4)",
        ];
        for (p, rule) in D10Procedure::ALL.iter().zip(rules) {
            assert!(p.name().ends_with(rule), "{p:?}: {}", p.name());
        }
        let names: std::collections::BTreeSet<_> =
            D10Procedure::ALL.iter().map(|p| p.name()).collect();
        assert_eq!(names.len(), 10, "each procedure once, named apart");
        assert!(D10Procedure::CaughtAtAnchor
            .outcome(true)
            .contains("may not fire in round one"));
        assert_eq!(D10Procedure::CoalingRaid.outcome(false), "Failure");
    }
}
