//! The seed 002 Fleet Chart tool of a [`ToolSession`]: its requests, answers and log entries, what each
//! player and the shared screen see of the charts (its state in the session, [`fleets::FleetCharts`]),
//! and the seals of an older save's charts. The requests are bound: every change of a chart
//! seals all its boxes afresh and logs their commitments (never which box changed); a reveal shows the
//! box's ships with its salt, so anyone checks them against the commitment logged at the last change; a
//! location roll (10.5.3) that succeeds reveals the acting box at once and freezes the defender's chart
//! until they reveal the box located; every roll that acts with ships names a box that holds some
//! (5.1, 5.2: a decoy never attacks, locates or bombards); each roll checks the side the rules give it.

use super::fleets::{self, BoxView, D10Procedure, FleetSide};
use super::player::Player;
use super::{name, LogEntry, ToolResponse, ToolSession, LOG_MAX};
use crate::fleets::{ChartView, D10Result, FleetCharts, OwnChartView};
use crate::tool::{TableTool, ToolLog, ToolViews};
use goeben_common::ErrorCode;
use serde::{Deserialize, Serialize};
use strum::VariantNames;
use ts_rs::TS;

const SOURCE: &str = "Great War at Sea fleet markers";

fn refusal(code: ErrorCode, message: impl Into<String>) -> ToolResponse {
    ToolResponse::error(code, message)
}

/// The requests of the hidden Fleet Charts (seed 002): its part of `ToolAction`, tagged by `"tool"`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, VariantNames)]
#[serde(tag = "tool", rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum FleetAction {
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
}

/// The answers of the hidden Fleet Charts (seed 002): its part of `ToolResponse`, tagged by `"tool"`.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[serde(tag = "tool", rename_all = "snake_case")]
pub enum FleetAnswer {
    /// The acting player's own Fleet Chart after a change.
    FleetChart { chart: OwnChartView },
    /// What the opponent now sees of the revealed box.
    FleetBoxRevealed { side: FleetSide, fleet_box: BoxView },
    /// A D10 procedure's roll; `revealed_box` is the acting box as the opponent now sees it, when revealed.
    D10Rolled {
        by: Player,
        result: D10Result,
        #[ts(optional)]
        #[serde(skip_serializing_if = "Option::is_none")]
        revealed_box: Option<BoxView>,
    },
}

/// The log entries of the hidden Fleet Charts (seed 002): its part of `LogEntry`, tagged by `"entry"`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, VariantNames)]
#[serde(tag = "entry", rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum FleetLogEntry {
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
}

impl TableTool for FleetAction {
    fn respond(self, session: &mut ToolSession) -> ToolResponse {
        match self {
            FleetAction::OpenFleetChart { player, side } => session.open_fleet_chart(player, side),
            FleetAction::AssignShip {
                player,
                ship,
                fleet_box,
            } => session.edit_chart(player, Some(&ship), |chart, ship| {
                chart.assign(ship, fleet_box)
            }),
            FleetAction::TransferShip { from, to, .. } if from == to => ToolResponse::error(
                ErrorCode::BadInput,
                format!("the ship is already in Fleet Box {from}"),
            ),
            FleetAction::TransferShip {
                player,
                ship,
                from,
                to,
            } => session.edit_chart(player, Some(&ship), |chart, ship| {
                chart.transfer(ship, from, to)
            }),
            FleetAction::RemoveShip {
                player,
                ship,
                fleet_box,
            } => session.edit_chart(player, Some(&ship), |chart, ship| {
                chart.remove(ship, fleet_box)
            }),
            FleetAction::SetFleetMarker {
                player,
                fleet_box,
                on_map,
            } => session.edit_chart(player, None, |chart, _| chart.set_marker(fleet_box, on_map)),
            FleetAction::RevealFleetBox { player, fleet_box } => {
                session.reveal_fleet_box(player, fleet_box)
            }
            FleetAction::RollD10 {
                player,
                procedure,
                fleet_box,
            } => session.roll_d10(player, procedure, fleet_box),
        }
    }

    fn acting_player(&self) -> Option<Player> {
        match self {
            FleetAction::OpenFleetChart { player, .. }
            | FleetAction::AssignShip { player, .. }
            | FleetAction::TransferShip { player, .. }
            | FleetAction::RemoveShip { player, .. }
            | FleetAction::SetFleetMarker { player, .. }
            | FleetAction::RevealFleetBox { player, .. }
            | FleetAction::RollD10 { player, .. } => Some(*player),
        }
    }

    /// A save from before the seals: its charts are sealed now and their commitments logged.
    fn update_loaded(session: &mut ToolSession) {
        for owner in session.fleets.seal_unsealed(&mut session.salts) {
            session.log_commitments(owner);
        }
    }

    fn check(session: &ToolSession) -> Result<(), String> {
        session.fleets.check()
    }
}

/// What a player sees of the Fleet Charts: their own, and the other player's as an opponent sees it.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct FleetSeatView {
    /// This player's own Fleet Chart, every box shown (null until opened).
    pub fleet_chart: Option<OwnChartView>,
    /// The other player's Fleet Chart as this player may see it: revealed boxes only (null until opened).
    pub opponent_fleet_chart: Option<ChartView>,
}

/// What the shared screen sees of the Fleet Charts: each as its owner's opponent sees it.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct FleetTableView {
    /// Each player's Fleet Chart as their opponent sees it: its side, box numbers, revealed boxes.
    pub fleet_charts: PublicFleetCharts,
}

/// Each player's Fleet Chart as the other player sees it (null until that player opens one).
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct PublicFleetCharts {
    pub a: Option<ChartView>,
    pub b: Option<ChartView>,
}

impl ToolViews for FleetCharts {
    type SeatView = FleetSeatView;
    type TableView = FleetTableView;

    fn seat_view(&self, player: Player) -> FleetSeatView {
        FleetSeatView {
            fleet_chart: self.of(player).map(fleets::FleetChart::owner_view),
            opponent_fleet_chart: self.opponent_view_of(player.opponent()),
        }
    }

    fn table_view(&self) -> FleetTableView {
        FleetTableView {
            fleet_charts: PublicFleetCharts {
                a: self.opponent_view_of(Player::A),
                b: self.opponent_view_of(Player::B),
            },
        }
    }
}

impl FleetCharts {
    /// `owner`'s chart as their opponent sees it: revealed boxes only.
    fn opponent_view_of(&self, owner: Player) -> Option<ChartView> {
        self.of(owner).map(fleets::FleetChart::opponent_view)
    }
}

impl ToolLog for FleetLogEntry {
    fn text(&self) -> String {
        match self {
            FleetLogEntry::FleetChartOpened { owner, side } => {
                format!("Player {} holds the {side:?} Fleet Chart.", name(*owner))
            }
            FleetLogEntry::FleetChartCommitted { owner, side, .. } => {
                format!(
                    "Player {}'s {side:?} Fleet Chart is sealed afresh: each box committed.",
                    name(*owner)
                )
            }
            FleetLogEntry::FleetBoxRevealed {
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
            FleetLogEntry::FleetBoxRevealed {
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
            FleetLogEntry::D10Rolled {
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
        }
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

impl ToolSession {
    fn fleet_log_room(&self, entries: usize) -> Result<(), ToolResponse> {
        match self.log.len() + entries > LOG_MAX {
            true => Err(refusal(
                ErrorCode::LogFull,
                "this session's log is full; start a new session",
            )),
            false => Ok(()),
        }
    }

    pub(super) fn open_fleet_chart(&mut self, player: Player, side: FleetSide) -> ToolResponse {
        if let Some(chart) = self.fleets.of(player) {
            return refusal(
                ErrorCode::FleetChartOpen,
                format!("you already hold the {:?} Fleet Chart", chart.side),
            );
        }
        if self
            .fleets
            .of(player.opponent())
            .is_some_and(|c| c.side == side)
        {
            return refusal(
                ErrorCode::SideTaken,
                format!("the other player holds the {side:?} Fleet Chart; choose the other side"),
            );
        }
        if let Err(full) = self.fleet_log_room(2) {
            return full;
        }
        self.fleets.open(player, side, &mut self.salts);
        self.log
            .push(LogEntry::Fleet(FleetLogEntry::FleetChartOpened {
                owner: player,
                side,
            }));
        self.log_commitments(player);
        ToolResponse::Fleet(FleetAnswer::FleetChart {
            chart: self.fleets.of(player).expect("just opened").owner_view(),
        })
    }

    /// Logs the commitments of `owner`'s chart as sealed now (public: they say only that it changed).
    pub(super) fn log_commitments(&mut self, owner: Player) {
        let chart = self.fleets.of(owner).expect("a sealed chart exists");
        self.log
            .push(LogEntry::Fleet(FleetLogEntry::FleetChartCommitted {
                owner,
                side: chart.side,
                commitments: chart.commitments(),
            }));
    }

    /// The acting player's chart, or the refusal to send.
    pub(super) fn own_fleet_chart(
        &mut self,
        player: Player,
    ) -> Result<&mut fleets::FleetChart, ToolResponse> {
        self.fleets.of_mut(player).ok_or_else(|| {
            refusal(
                ErrorCode::NoFleetChart,
                "open your Fleet Chart first (open_fleet_chart with a side)",
            )
        })
    }

    /// Applies one owner-only change to the acting player's chart. A change of ships reseals every box and
    /// logs the new commitments; a marker note changes no box.
    pub(super) fn edit_chart(
        &mut self,
        player: Player,
        ship: Option<&str>,
        change: impl FnOnce(&mut fleets::FleetChart, &str) -> Result<(), fleets::FleetError>,
    ) -> ToolResponse {
        let ship = match ship.map(ship_name).transpose() {
            Ok(name) => name,
            Err(refused) => return refused,
        };
        if let Err(full) = self.fleet_log_room(1) {
            return full;
        }
        let chart = match self.own_fleet_chart(player) {
            Ok(chart) => chart,
            Err(refused) => return refused,
        };
        if ship.is_some() && chart.reveal_owed() {
            return refusal(
                ErrorCode::NotNow,
                format!("a location roll found one of your fleet markers: reveal its Fleet Box before changing your chart ({SOURCE}, 5.2, 10.5.3)"),
            );
        }
        if let Err(e) = change(chart, ship.as_deref().unwrap_or_default()) {
            return refusal(e.code(), e.message(chart.side));
        }
        if ship.is_some() {
            self.fleets
                .of_mut(player)
                .expect("edited")
                .seal(&mut self.salts);
            self.log_commitments(player);
        }
        ToolResponse::Fleet(FleetAnswer::FleetChart {
            chart: self.fleets.of(player).expect("edited").owner_view(),
        })
    }

    pub(super) fn reveal_fleet_box(&mut self, player: Player, fleet_box: u8) -> ToolResponse {
        if let Err(full) = self.fleet_log_room(1) {
            return full;
        }
        match self.show_box(player, fleet_box) {
            Ok((side, shown)) => {
                self.fleets.of_mut(player).expect("shown").owe_reveal(false);
                ToolResponse::Fleet(FleetAnswer::FleetBoxRevealed {
                    side,
                    fleet_box: shown,
                })
            }
            Err(refused) => refused,
        }
    }

    /// Reveals a box from its sealed contents and logs its ships with the salt and commitment, so anyone
    /// can check them against the commitment logged at the chart's last change.
    fn show_box(
        &mut self,
        player: Player,
        fleet_box: u8,
    ) -> Result<(FleetSide, BoxView), ToolResponse> {
        let chart = self.own_fleet_chart(player)?;
        let side = chart.side;
        let shown = chart
            .reveal(fleet_box)
            .map_err(|e| refusal(e.code(), e.message(side)))?;
        let seal = chart
            .seal_of(fleet_box)
            .expect("every box is sealed")
            .clone();
        let ships = chart.ships_in(fleet_box);
        self.log
            .push(LogEntry::Fleet(FleetLogEntry::FleetBoxRevealed {
                owner: player,
                side,
                fleet_box,
                ships,
                salt: seal.salt,
                commitment: seal.commitment,
            }));
        Ok((side, shown))
    }

    /// Rolls a seed 002 D10 procedure for the acting box (named for every roll made with ships,
    /// never a decoy; the roller's side is the one the rules give). The acting box is revealed when the
    /// roll says so; a successful location leaves the defender a reveal owed, their chart frozen till then.
    pub(super) fn roll_d10(
        &mut self,
        player: Player,
        procedure: D10Procedure,
        fleet_box: Option<u8>,
    ) -> ToolResponse {
        if let Err(full) = self.fleet_log_room(2) {
            return full;
        }
        if let Err(refused) = self.check_roll(player, procedure, fleet_box) {
            return refused;
        }
        let result = fleets::roll_d10(procedure, &mut self.dice);
        let acting = fleet_box.filter(|_| result.revealed);
        let revealed_box = acting.map(|n| self.show_box(player, n).expect("checked box").1);
        if procedure.locates() && result.revealed {
            if let Some(defender) = self.fleets.of_mut(player.opponent()) {
                defender.owe_reveal(true);
            }
        }
        let (die, success, revealed) = (result.die, result.success, result.revealed);
        self.log.push(LogEntry::Fleet(FleetLogEntry::D10Rolled {
            by: player,
            procedure,
            die,
            success,
            revealed,
            fleet_box: acting,
        }));
        ToolResponse::Fleet(FleetAnswer::D10Rolled {
            by: player,
            result,
            revealed_box,
        })
    }

    /// The roller holds the side the procedure belongs to, and names a box with ships when it acts with
    /// ships (an occupation, 10.1, is an army marker's and names none).
    fn check_roll(
        &mut self,
        player: Player,
        procedure: D10Procedure,
        fleet_box: Option<u8>,
    ) -> Result<(), ToolResponse> {
        let chart = self.own_fleet_chart(player)?;
        if let Some(side) = procedure.side().filter(|s| *s != chart.side) {
            return Err(refusal(
                ErrorCode::WrongSide,
                format!(
                    "{procedure:?} is rolled by the {side:?} player, not the {:?} ({SOURCE}, {})",
                    chart.side,
                    rule_of(procedure)
                ),
            ));
        }
        match (procedure.acts_with_ships(), fleet_box) {
            (false, None) => Ok(()),
            (false, Some(_)) => Err(refusal(ErrorCode::BadInput, format!("an occupation is rolled for an army marker, not a Fleet Box ({SOURCE}, 10.1)"))),
            (true, None) => Err(refusal(
                ErrorCode::BadInput,
                format!("name the acting Fleet Box (fleet_box): only ships act, never a decoy ({SOURCE}, 5.1, 5.2)"),
            )),
            (true, Some(n)) => match chart.is_decoy(n) {
                Err(e) => Err(refusal(e.code(), e.message(chart.side))),
                Ok(true) => Err(refusal(
                    ErrorCode::DecoyCannotAct,
                    format!("Fleet Box {n} holds no ships: a decoy cannot attack, locate, raid or bombard ({SOURCE}, 5.1, 5.2)"),
                )),
                Ok(false) => Ok(()),
            },
        }
    }
}

fn rule_of(procedure: D10Procedure) -> &'static str {
    use D10Procedure::*;
    match procedure {
        MerchantAttackReveal | MerchantFate => "7.2",
        CollierDestroyed => "8.7",
        Occupation => "10.1",
        Bombardment => "10.2",
        WirelessStation => "10.4",
        CoalingRaid => "8.4",
        LocateAtSea | LocateInIslandHex | CaughtAtAnchor => "10.5.3",
    }
}
