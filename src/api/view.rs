//! The player view: the only way game state leaves the core (DESIGN.md principle 2). Face-down stacks
//! and the pool appear as counts; a counter's identity appears only while it is face up or known to
//! the player. The RNG seed and state never appear while a game runs.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::ground::action::Action;
use crate::ground::counters::counter_info;
use crate::ground::event::CounterInfo;
use crate::ground::pack::{Nation, PlaceKind, RulesPack, ShipType, Tracks};
use crate::ground::state::{
    AlliedFate, BattleStage, BattleState, CounterId, Game, GameOptions, GameOver, GermanShip,
    Location, Pending, Phase, SalvoSide, ShipStatus, SpaceRef,
};
use crate::ground::words::{count, percent, tenths};
use crate::rules::combat::firing::Weapon;
use crate::rules::combat::odds::{fire_odds, FireOdds};
use crate::sequence::dispatch::legal_actions;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct PlayerView {
    pub turn: u8,
    pub last_turn: u8,
    pub alert_level: u8,
    pub vp: i32,
    pub phase: Phase,
    pub game_over: Option<GameOver>,
    /// The version of this view's shape (`PROTOCOL_VERSION`; docs/PROTOCOL.md says what changed). A view
    /// kept before the field existed (a game record's final view) reads as 1.
    #[serde(default = "protocol_1")]
    pub protocol: u32,
    /// The decisions the rules allow now, each with its button's words, what it may roll or reveal and
    /// whose call it is.
    #[serde(default)]
    pub decisions: Vec<Decision>,
    /// The phase's name in words.
    pub phase_name: String,
    /// Details of the running game; null when no game was started.
    pub game: Option<GameView>,
    /// SHA-256 commitment to the game's randomness (64 lowercase hex), the same from the first view of a
    /// game to its end (`provenance.rs`). Absent for games saved before it existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub commitment: Option<String>,
    /// Once the game is over for good: the seed, the salt and the exact committed string.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub reveal: Option<crate::api::provenance::Reveal>,
    /// What `undo` would do now.
    pub undo_status: UndoView,
    /// House rule "I roll the dice": the roll to make at the table and enter (`enter_dice`, then the only
    /// decision); absent when none is asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub pending_roll: Option<crate::api::dice_state::PendingRoll>,
    /// House rule "I roll the dice": the roll just entered, while `correct_dice` may still change its
    /// faces (right after it, when its move revealed and drew nothing hidden); absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub correctable_roll: Option<crate::api::dice_state::CorrectableRoll>,
    /// What the last request did: its headline and its lines (absent before the first, and in a game
    /// saved before it was kept).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub result: Option<crate::api::headline::TapResult>,
}

/// The view's shape: 2 since `decisions` replaced `legal_actions`, `legal_labels`,
/// `legal_barriers` and `legal_deciders`, and a barrier became the words of what it rolls or reveals; 3
/// since `pending_roll` and `enter_dice` (house rule "I roll the dice").
pub const PROTOCOL_VERSION: u32 = 3;

fn protocol_1() -> u32 {
    1
}

/// One decision the rules allow now, with everything its button shows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct Decision {
    /// The complete action object to send back.
    pub action: Action,
    /// Its button label, in the core's words (`labels.rs`).
    pub label: String,
    /// When it may roll a die or reveal something — so Undo will not take it back — what, in words
    /// ("rolls the engine check (12.3)"). Judged from this view alone (`barriers.rs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub barrier: Option<String>,
    /// Whose call it is under the game's 25.0 roles; absent when playing solo.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub decider: Option<String>,
    /// What this decision would leave undone, to be asked once before it is sent ("No move reported
    /// for SMS Breslau at Messina: it stays there (12.0)."); absent when it skips nothing (`guards.rs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub confirm: Option<String>,
    /// A contact choice's ratings and the chance of each result before its die is rolled (14.3,
    /// `combat::contact_odds`); absent for other decisions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub contact: Option<crate::rules::combat::contact_odds::ContactOdds>,
}

impl Decision {
    /// A decision not yet worded (the session words it from the finished view).
    pub(crate) fn bare(action: Action) -> Decision {
        Decision {
            action,
            label: String::new(),
            barrier: None,
            decider: None,
            confirm: None,
            contact: None,
        }
    }
}

/// What the Undo button may say: what it would take back, or why it can't.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, TS)]
pub struct UndoView {
    /// `undo` would be accepted now.
    pub allowed: bool,
    /// The log line of the decision undo would take back, when there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub last: Option<String>,
    /// The last decision rolled or revealed: refused, or (house rule on) a counted take-back.
    pub barrier: bool,
    /// Take-backs after reveals so far (house rule "take-backs after reveals").
    pub take_backs: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct GameView {
    pub options: GameOptions,
    pub orders: OrdersView,
    pub alert_min: u8,
    pub alert_max: u8,
    pub ships: Vec<ShipView>,
    pub colliers: Vec<CollierView>,
    /// Number of counters in the Incident Pool.
    pub pool: u32,
    pub patrol_zones: Vec<StackView>,
    pub ports: Vec<PortView>,
    /// Face-up counters on the map, by space.
    pub on_map: Vec<MapStackView>,
    /// Incidents picked this phase and not yet resolved or returned (13.0 step 3c), by space.
    pub picked: Vec<MapStackView>,
    /// Markers held aside until a later phase (Friendly Ship), by space.
    pub held: Vec<MapStackView>,
    pub set_aside: Vec<CounterInfo>,
    pub sunk: Vec<CounterInfo>,
    pub damaged: Vec<CounterInfo>,
    /// Coastal defense units removed unseen at setup (3.0 step 4): a count only.
    pub defenses_out_of_play: u32,
    /// Number of entries in the game log.
    pub log_len: u32,
    /// Decisions owed before play goes on, oldest first (answer the first).
    pub pending: Vec<PendingView>,
    /// This turn's conditions the player must keep in mind (Incident Chart).
    pub conditions: TurnConditions,
    /// Spaces where German warships face Allied warships (14.0).
    pub battles: Vec<String>,
    /// This turn's battles and bombardments with their units, the odds of each fire option of the
    /// pending decision, and the engagement forecast (14.0–16.0).
    pub combat: Vec<BattleView>,
    /// 9.2: enemy ports held by a Seebataillon.
    pub captured_ports: Vec<String>,
    /// 23.0: spaces where German mines lie.
    pub mines: Vec<String>,
    /// 24.0: the campaign's record, when this game is a campaign mission.
    pub campaign: Option<crate::rules::campaign::CampaignState>,
    /// Neutral ports already visited (9.1).
    pub neutral_visited: Vec<String>,
    /// The named places of the map the rules know (for pickers): public, from the rules pack.
    pub places: Vec<PlaceView>,
    /// What the referee has told the player so far: the Allied ships seen and the VP changes (`known.rs`;
    /// empty in a final view kept before it).
    #[serde(default)]
    pub known: crate::api::known::Known,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct PlaceView {
    pub id: String,
    pub name: String,
    pub kind: PlaceKind,
    pub nation: Nation,
    pub sea_zone: crate::ground::pack::SeaZone,
}

/// A pending decision with a question a player can read.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct PendingView {
    pub pending: Pending,
    pub question: String,
    /// The question in a few words, for the bar under the thumb (the whole question stays on its card).
    #[serde(default)]
    pub prompt: String,
    pub rule: String,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, TS)]
pub struct TurnConditions {
    pub limited_visibility: Vec<String>,
    pub storm: Vec<String>,
    /// +1 or −1 die per German gun type and torpedoes this turn (Morale Check), 0 when none.
    pub morale_dice: i8,
    /// French Navy Sorties: the Toulon and North African patrol zones are closed this movement.
    pub french_zones_closed: bool,
    /// Ships that may not move this turn because they outfitted or repaired (7.0).
    pub outfitted: Vec<String>,
    /// Ships that have moved this Movement phase.
    pub moved: Vec<String>,
    /// Spaces whose incidents are resolved this turn.
    pub incidents_done: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct OrdersView {
    pub id: String,
    pub name: String,
    pub summary: String,
    pub days: u8,
    pub min_vp: i32,
    pub end_in: String,
    pub destroy_defenses_at: Vec<String>,
    pub accomplished_now: bool,
    /// Each execution condition in a player's words and whether it holds now (17.0): why a game is won
    /// or lost, shown all game. (Absent from the views kept in earlier versions' finished games.)
    #[serde(default)]
    #[ts(optional, as = "Option<Vec<crate::rules::victory::Condition>>")]
    pub conditions: Vec<crate::rules::victory::Condition>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct ShipView {
    pub id: String,
    pub name: String,
    pub ship_type: ShipType,
    pub status: ShipStatus,
    pub position: SpaceRef,
    pub position_name: String,
    pub tracks: Tracks,
    pub start: Tracks,
    /// Crew and gear aboard, in stowage order (8.2: the last in the highest hull box).
    pub cargo: Vec<CargoView>,
    /// Cargo points the ship may still spend now (8.1 in setup, 8.5 at a friendly naval base).
    pub cargo_points: u8,
    /// 8.1 / 8.5: while the ship may buy crew & gear, every item it could carry, in the chart's order —
    /// each either bought with its `load_cargo` decision or refused now with why — so its list keeps
    /// its order as points and counters run out; empty when it may not buy (an optional field: docs/PROTOCOL.md).
    #[serde(default)]
    pub buys: Vec<BuyView>,
    /// 10.1: repair dice the ship would roll now.
    pub repair_dice: u8,
    /// 20.0: an Austro-Hungarian warship under German control.
    pub austro_hungarian: bool,
    /// 12.1–12.3: the speeds its engines give now (cruise, maximum, emergency).
    pub speeds: SpeedsView,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct SpeedsView {
    pub cruise: u8,
    pub maximum: u8,
    pub emergency: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct CargoView {
    pub id: String,
    pub name: String,
    pub boxes: u8,
}

/// One item of a ship's crew & gear list while it may buy (`ShipView::buys`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct BuyView {
    /// The Crew and Gear chart's item id; when it may be bought now, its `load_cargo` decision is listed.
    pub item: String,
    /// Why it may not be bought now, as its greyed button says it; absent when it may be bought.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub refused: Option<RefusedBuy>,
}

/// An item a ship may not buy now: its greyed button's words, as long as a buy's ("buy Damage Control · 2
/// points (1 short)", where a buy says "(3 left)"), and the rule that refuses it (8.1, 8.2, 8.3, 8.5, 21.0).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct RefusedBuy {
    pub label: String,
    pub rule: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct CollierView {
    pub id: u8,
    pub position: SpaceRef,
    pub position_name: String,
}

/// A patrol zone's stack: how many face down, and any counters the player examined (11.0).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct StackView {
    pub id: String,
    pub name: String,
    pub face_down: u32,
    pub known: Vec<CounterInfo>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct PortView {
    pub id: String,
    pub name: String,
    pub kind: PlaceKind,
    pub nation: Nation,
    /// 13.2: how many incident markers German ships here would pick now (the normal and extra picks).
    pub incident_picks: u8,
    /// Coastal defense units still face down (those a bombardment turned over are in `defenses_revealed`).
    pub defenses_face_down: u32,
    /// Coastal defense units revealed by a bombardment (16.0) and still in the port.
    pub defenses_revealed: Vec<CounterInfo>,
    pub neutral_visited: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct MapStackView {
    pub space: SpaceRef,
    pub name: String,
    pub counters: Vec<CounterInfo>,
}

impl PlayerView {
    /// The actions of the decisions, in order (a copy: for programs and tests that only choose).
    pub fn legal_actions(&self) -> Vec<Action> {
        self.decisions.iter().map(|d| d.action.clone()).collect()
    }

    pub fn no_game() -> PlayerView {
        PlayerView {
            turn: 0,
            last_turn: 0,
            alert_level: 0,
            vp: 0,
            phase: Phase::NoGame,
            game_over: None,
            protocol: PROTOCOL_VERSION,
            decisions: Vec::new(),
            phase_name: crate::ground::event::phase_name(Phase::NoGame).to_string(),
            game: None,
            commitment: None,
            reveal: None,
            undo_status: UndoView::default(),
            pending_roll: None,
            correctable_roll: None,
            result: None,
        }
    }
}

pub fn player_view(pack: &RulesPack, game: &Game, log_len: u32) -> PlayerView {
    PlayerView {
        turn: game.turn,
        last_turn: game.last_turn,
        alert_level: game.alert_level,
        vp: game.vp,
        phase: game.phase,
        game_over: game.game_over.clone(),
        protocol: PROTOCOL_VERSION,
        decisions: legal_actions(pack, game)
            .into_iter()
            .map(|action| Decision {
                contact: crate::rules::combat::contact_odds::contact_odds(pack, game, &action),
                ..Decision::bare(action)
            })
            .collect(),
        phase_name: crate::ground::event::phase_name(game.phase).to_string(),
        game: Some(game_view(pack, game, log_len)),
        commitment: None,
        reveal: None,
        undo_status: UndoView::default(),
        pending_roll: None,
        correctable_roll: None,
        result: None,
    }
}

/// 8.1 / 8.5: the ships' crew & gear lists stand only while buying, dumping or trading is among the
/// decisions — not while a question, a roll to enter or another step of the setup comes first (the
/// session calls it once the decisions are final, a roll to enter in their place included).
pub(crate) fn keep_buys_while_offered(view: &mut PlayerView) {
    let offered = view.decisions.iter().any(|d| {
        matches!(
            d.action,
            Action::LoadCargo { .. } | Action::DumpCargo { .. } | Action::TransferCargo { .. }
        )
    });
    if let (false, Some(g)) = (offered, view.game.as_mut()) {
        for s in &mut g.ships {
            s.buys.clear();
        }
    }
}

fn game_view(pack: &RulesPack, game: &Game, log_len: u32) -> GameView {
    let infos = |at: Location| -> Vec<CounterInfo> {
        game.counters_at(&at)
            .map(|c| counter_info(pack, c))
            .collect()
    };
    GameView {
        options: game.options.clone(),
        orders: orders_view(pack, game),
        alert_min: pack.alert.min,
        alert_max: pack.alert.max,
        ships: game
            .ships
            .iter()
            .map(|s| ship_view(pack, game, s))
            .collect(),
        colliers: collier_views(pack, game),
        pool: game.count_at(&Location::Pool) as u32,
        patrol_zones: patrol_zone_views(pack, game),
        ports: port_views(pack, game),
        on_map: stacks(pack, game, |l| match l {
            Location::OnMap { space } => Some(space),
            _ => None,
        }),
        picked: stacks(pack, game, |l| match l {
            Location::Picked { space } => Some(space),
            _ => None,
        }),
        held: stacks(pack, game, |l| match l {
            Location::Held { space } => Some(space),
            _ => None,
        }),
        set_aside: infos(Location::SetAside),
        sunk: infos(Location::Sunk),
        damaged: infos(Location::Damaged),
        defenses_out_of_play: game.count_at(&Location::OutOfPlay) as u32,
        log_len,
        pending: game
            .pending
            .iter()
            .map(|p| pending_view(pack, game, p))
            .collect(),
        conditions: turn_conditions(pack, game),
        battles: crate::engine::battles::battles(pack, game)
            .iter()
            .map(|s| s.describe(pack))
            .collect(),
        combat: game
            .turn_state
            .battles
            .iter()
            .map(|b| battle_view(pack, game, b))
            .collect(),
        captured_ports: place_names(pack, &game.captured_ports),
        mines: game.mines.iter().map(|s| s.describe(pack)).collect(),
        campaign: game.campaign.clone(),
        neutral_visited: place_names(pack, &game.neutral_visited),
        places: place_views(pack),
        known: crate::api::known::Known::default(),
    }
}

/// 7.4: the German colliers and where each is.
fn collier_views(pack: &RulesPack, game: &Game) -> Vec<CollierView> {
    game.colliers
        .iter()
        .map(|c| CollierView {
            id: c.id,
            position: c.position.clone(),
            position_name: c.position.describe(pack),
        })
        .collect()
}

/// Places of the pack by their ids, as a sentence names them.
fn place_names(pack: &RulesPack, ids: &[String]) -> Vec<String> {
    ids.iter()
        .map(|id| SpaceRef::place(id).describe(pack))
        .collect()
}

/// Every named place of the pack, for the move picker.
fn place_views(pack: &RulesPack) -> Vec<PlaceView> {
    pack.places
        .iter()
        .map(|p| PlaceView {
            id: p.id.clone(),
            name: p.name.clone(),
            kind: p.kind,
            nation: p.nation,
            sea_zone: p.sea_zone,
        })
        .collect()
}

/// The patrol zones' face-down stacks, with the markers the player has seen (3.0 step 3).
fn patrol_zone_views(pack: &RulesPack, game: &Game) -> Vec<StackView> {
    pack.places
        .iter()
        .filter(|p| p.kind == PlaceKind::PatrolZone)
        .map(|p| {
            let at = Location::PatrolZone { zone: p.id.clone() };
            StackView {
                id: p.id.clone(),
                name: p.name.clone(),
                face_down: game.count_at(&at) as u32,
                known: game
                    .counters_at(&at)
                    .filter(|c| game.counter(*c).known_to_player)
                    .map(|c| counter_info(pack, c))
                    .collect(),
            }
        })
        .collect()
}

/// The ports and naval bases with their coastal defenses (3.0 step 4), face down or revealed.
fn port_views(pack: &RulesPack, game: &Game) -> Vec<PortView> {
    pack.places
        .iter()
        .filter(|p| matches!(p.kind, PlaceKind::Port | PlaceKind::NavalBase))
        .map(|p| {
            let at = Location::Port { port: p.id.clone() };
            // 16.0: a bombardment turns the defenses face up; they stay in the port, no longer secret.
            let (revealed, hidden): (Vec<CounterId>, Vec<CounterId>) = game
                .counters_at(&at)
                .partition(|c| game.counter(*c).known_to_player);
            PortView {
                id: p.id.clone(),
                name: p.name.clone(),
                kind: p.kind,
                nation: p.nation,
                incident_picks: {
                    let (normal, extra) =
                        crate::ground::ports::incident_picks(pack, game, &SpaceRef::place(&p.id));
                    normal + extra
                },
                defenses_face_down: hidden.len() as u32,
                defenses_revealed: revealed
                    .into_iter()
                    .map(|c| counter_info(pack, c))
                    .collect(),
                neutral_visited: game.neutral_visited.contains(&p.id),
            }
        })
        .collect()
}

/// The drawn Orders marker's line of the Orders Chart (3.0 step 5) and whether it is accomplished now.
fn orders_view(pack: &RulesPack, game: &Game) -> OrdersView {
    let spec = crate::rules::victory::orders_spec(pack, game);
    OrdersView {
        id: spec.id.clone(),
        name: spec.name.clone(),
        summary: spec.summary.clone(),
        days: spec.days,
        min_vp: spec.min_vp,
        end_in: match &spec.end_in {
            crate::ground::pack::EndIn::Spaces { spaces } => spaces
                .iter()
                .map(|s| SpaceRef::place(s).describe(pack))
                .collect::<Vec<_>>()
                .join(" or "),
            crate::ground::pack::EndIn::FriendlyNavalBase => "any friendly naval base".to_string(),
        },
        destroy_defenses_at: spec
            .destroy_defenses_at
            .iter()
            .map(|s| SpaceRef::place(s).describe(pack))
            .collect(),
        accomplished_now: crate::rules::victory::mission_accomplished(pack, game),
        conditions: crate::rules::victory::conditions(pack, game),
    }
}

/// One German ship's display: tracks, cargo (8.1), repair dice and speeds.
fn ship_view(pack: &RulesPack, game: &Game, s: &GermanShip) -> ShipView {
    ShipView {
        id: s.id.clone(),
        name: s.name.clone(),
        ship_type: s.ship_type,
        status: s.status,
        position: s.position.clone(),
        position_name: s.position.describe(pack),
        tracks: s.tracks,
        start: s.start,
        cargo: s
            .cargo
            .iter()
            .filter_map(|c| pack.charts.cargo(c))
            .map(|c| CargoView {
                id: c.id.clone(),
                name: c.name.clone(),
                boxes: c.boxes,
            })
            .collect(),
        cargo_points: if s.status == ShipStatus::Active {
            crate::rules::cargo::points_left(pack, game, s)
        } else {
            0
        },
        buys: buy_views(pack, game, s),
        repair_dice: crate::rules::repair::dice(pack, game, s),
        austro_hungarian: s.austro_hungarian,
        speeds: {
            let sp = crate::rules::movement::ship_speeds(pack, &game.options, s);
            SpeedsView {
                cruise: sp.cruise,
                maximum: sp.maximum,
                emergency: sp.emergency,
            }
        },
    }
}

/// 8.1 / 8.5: the ship's crew & gear list while it may buy, each refused item worded for its greyed button.
fn buy_views(pack: &RulesPack, game: &Game, s: &GermanShip) -> Vec<BuyView> {
    crate::rules::cargo::offers(pack, game, s)
        .into_iter()
        .map(|o| BuyView {
            item: o.item.id.clone(),
            refused: o.refused.map(|(why, rule)| RefusedBuy {
                label: format!(
                    "buy {} · {} ({why})",
                    o.item.name,
                    crate::ground::words::count(o.item.cost, "point", "points")
                ),
                rule: rule.to_string(),
            }),
        })
        .collect()
}

/// This turn's conditions: weather, morale dice, the French sortie and what has been done.
fn turn_conditions(pack: &RulesPack, game: &Game) -> TurnConditions {
    TurnConditions {
        limited_visibility: game
            .turn_state
            .limited_visibility
            .iter()
            .map(|s| s.describe(pack))
            .collect(),
        storm: game
            .turn_state
            .storm
            .iter()
            .map(|s| s.describe(pack))
            .collect(),
        morale_dice: game.turn_state.morale_dice,
        french_zones_closed: game.french_sortie.is_some(),
        outfitted: game.turn_state.outfitted.clone(),
        moved: game.turn_state.moved.clone(),
        incidents_done: game
            .turn_state
            .incidents_done
            .iter()
            .map(|s| s.describe(pack))
            .collect(),
    }
}

fn pending_view(pack: &RulesPack, game: &Game, pending: &Pending) -> PendingView {
    let ship_name = |id: &str| {
        game.ship(id)
            .map(|s| s.name.clone())
            .unwrap_or_else(|| id.to_string())
    };
    let (question, rule) = match pending {
        Pending::SubmarineEvasion { ship, space } => (
            format!("Allied submarine at {}: does {} spend one coal to evade, or take the torpedo run?", space.describe(pack), ship_name(ship)),
            "Incident Chart: Allied Submarine",
        ),
        Pending::CollierNearFrenchZones { collier } => {
            let at = game.colliers.iter().find(|c| c.id == *collier).map(|c| c.position.describe(pack)).unwrap_or_default();
            (
                format!("French Navy Sorties: is collier {collier} ({at}) in or next to the Toulon or North African Patrol Zone on your map?"),
                "Incident Chart: French Navy Sorties",
            )
        }
        Pending::BerlinIntelligence { choices } => (
            berlin_question(pack, choices),
            "Incident Chart: Intelligence from Berlin",
        ),
        Pending::ExamineZone { count: 0 } => ("Which patrol zone do you examine? You will see all its face-down markers.".to_string(), "11.2"),
        Pending::ExamineZone { count } => (format!("Which patrol zone do you examine? You will see up to {count} of its face-down markers."), "11.2"),
        Pending::BreakOff { space } => (
            format!("You have the First Salvo at {}: fight, or break off to an adjacent space (not a neutral or enemy port, and with no enemy warships or incident markers)?", space.describe(pack)),
            "14.4",
        ),
        Pending::Distribute {
            space,
            supply,
            points,
        } => distribute_question(pack, space, *supply, *points),
        Pending::FireOrders { ship, .. } => (
            // Short, one question (the dock shows it whole); the cards say the rest.
            format!("{}: choose a target — all its guns fire at it this round.", ship_name(ship)),
            "14.5",
        ),
        Pending::Torpedoes { ship, .. } => (
            format!("{}: launch torpedoes? Choose how many and at whom.", ship_name(ship)),
            "14.10",
        ),
        Pending::RamDamage { space } => (
            format!("You rammed the submarine at {}: which ship takes the hull damage?", space.describe(pack)),
            "Incident Chart: Allied Submarine",
        ),
        Pending::DeclareEnd => (
            format!(
                "Mission \"{}\" accomplished with {} VP on turn {} of {}. End the game now as won, or play on for more VP and leadership? Playing on, the mission stays accomplished.",
                crate::ground::counters::orders_spec(pack, game).name,
                game.vp,
                game.turn,
                game.last_turn
            ),
            "17.0",
        ),
        Pending::NationalityFirst { space } => (
            format!("German and Austro-Hungarian ships fight together at {}: which nationality fires first at every step of this battle?", space.describe(pack)),
            "20.0",
        ),
    };
    PendingView {
        pending: pending.clone(),
        question,
        prompt: pending_prompt(pending, &ship_name),
        rule: rule.to_string(),
    }
}

/// The longest prompt of a pending decision, in characters: what the dock shows whole on a 320 px phone.
pub const PROMPT_MAX_CHARS: usize = 36;

/// A pending decision's question in a few words: one thing to decide, the ship it is about first.
fn pending_prompt(pending: &Pending, ship: &dyn Fn(&str) -> String) -> String {
    match pending {
        // The card above names the ship; the dock asks the one thing.
        Pending::SubmarineEvasion { .. } => "Evade the submarine?".to_string(),
        Pending::CollierNearFrenchZones { .. } => "Collier next to a French zone?".to_string(),
        Pending::BerlinIntelligence { .. } => "Choose Berlin's intelligence".to_string(),
        Pending::ExamineZone { .. } => "Choose a patrol zone to examine".to_string(),
        Pending::BreakOff { .. } => "Fight, or break off?".to_string(),
        Pending::Distribute { supply, points, .. } => format!(
            "Share the {points} {} points",
            match supply {
                crate::ground::action::Supply::Ammunition => "ammunition",
                crate::ground::action::Supply::Coal => "coal",
            }
        ),
        Pending::FireOrders { ship: id, .. } => format!("{}: choose a target", ship(id)),
        Pending::Torpedoes { ship: id, .. } => format!("Torpedoes from {}?", ship(id)),
        Pending::RamDamage { .. } => "Which ship takes the ram damage?".to_string(),
        Pending::DeclareEnd => "End the game as won, or play on?".to_string(),
        Pending::NationalityFirst { .. } => "Which nationality fires first?".to_string(),
    }
}

/// 7.1, 7.3: the points rolled, to share out among the ships in the space, with the rule.
fn distribute_question(
    pack: &RulesPack,
    space: &SpaceRef,
    supply: crate::ground::action::Supply,
    points: u8,
) -> (String, &'static str) {
    use crate::ground::action::Supply;
    let (what, rule) = match supply {
        Supply::Ammunition => ("ammunition points (ammunition or torpedoes)", "7.1"),
        Supply::Coal => ("coal points", "7.3"),
    };
    (
        format!(
            "{points} {what} rolled at {}: how do you share them among the ships there? (Points not given are lost.)",
            space.describe(pack)
        ),
        rule,
    )
}

/// Incident Chart, Intelligence from Berlin: the results to choose from, each with its name.
fn berlin_question(pack: &RulesPack, choices: &[String]) -> String {
    let names: Vec<String> = choices
        .iter()
        .map(|c| {
            pack.charts
                .intelligence_result(c)
                .map(|r| format!("{c}: {}", r.name))
                .unwrap_or_else(|| c.clone())
        })
        .collect();
    format!(
        "Intelligence from Berlin — choose one: {}",
        names.join("; ")
    )
}

/// Face-up counters grouped by the space `at` finds in their location.
fn stacks(
    pack: &RulesPack,
    game: &Game,
    at: impl Fn(&Location) -> Option<&SpaceRef>,
) -> Vec<MapStackView> {
    let mut stacks: Vec<MapStackView> = Vec::new();
    for (i, c) in game.counters.iter().enumerate() {
        if let Some(space) = at(&c.location) {
            let info = counter_info(pack, crate::ground::state::CounterId(i as u16));
            match stacks.iter_mut().find(|s| &s.space == space) {
                Some(stack) => stack.counters.push(info),
                None => stacks.push(MapStackView {
                    space: space.clone(),
                    name: space.describe(pack),
                    counters: vec![info],
                }),
            }
        }
    }
    stacks
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct BattleView {
    pub space: SpaceRef,
    pub name: String,
    pub bombardment: bool,
    pub round: u8,
    pub stage: BattleStage,
    /// "german" or "allied" this round.
    #[ts(as = "Option<String>")]
    pub first_salvo: Option<SalvoSide>,
    /// The card's heading: "Battle at Messina", "Bombardment at Pola" (14.0, 16.0). Defaulted, like
    /// every word of the view, for the final views of records kept before it (`verify` compares figures).
    #[serde(default)]
    pub title: String,
    /// Who fires the First Salvo this round, in words (14.3): "German", "Allied", "Coastal defenses" at
    /// a bombardment, "—" before contact decides it.
    #[serde(default)]
    pub first_salvo_words: String,
    pub night: bool,
    /// The Limited Visibility roll, if one was made.
    pub visibility: Option<u8>,
    pub german: Vec<String>,
    pub allied: Vec<AlliedUnitView>,
    /// The pending German decision's options in this battle, each with its dice and exact odds.
    pub options: Vec<FireOptionView>,
    /// A `forecast` request would answer now (before contact, the break-off choice and fire orders).
    pub forecast_available: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct AlliedUnitView {
    pub counter: CounterInfo,
    pub armor: u8,
    pub damage: u8,
    pub gunnery_damage: u8,
    pub engine_damage: u8,
    pub in_battle: bool,
    /// Sunk (or destroyed), damaged or withdrawn, once decided.
    pub fate: Option<AlliedFate>,
    /// The fate in words with what it scored (14.13–14.14): "sunk, +10 VP", "damaged, +4 VP, out of the
    /// scenario", "withdrew, 0 VP".
    #[serde(default)]
    pub fate_words: Option<String>,
    /// The unit's state in one or two words while the battle runs (the active card's line, short so the
    /// decisions below it never move): "fighting", "out", "sunk", "damaged, leaves", "withdrawn".
    #[serde(default)]
    pub status_word: String,
}

/// One answer to a fire decision: what each weapon would roll against that target.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct FireOptionView {
    pub ship: String,
    pub target: String,
    pub target_name: String,
    pub maximum_fire: bool,
    /// The ammunition this order spends now (14.8/14.9, said before the tap): 1 for a ship's
    /// first fire in the battle, 2 at maximum fire, 0 once paid for the battle (or for torpedoes and the
    /// Austro-Hungarian ships, which carry no ammunition track).
    pub ammunition: u8,
    pub fires: Vec<FireLine>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct FireLine {
    pub weapon: Weapon,
    pub odds: FireOdds,
    /// The odds in full: "8 dice · expect 1.3 hits · 77% at least one".
    #[serde(default)]
    pub words: String,
    /// The odds on a fire card, one line a weapon at 390 px: "8 dice · 1.3 hits · 77% ≥1" (`words`
    /// says it in full, as the line's title).
    #[serde(default)]
    pub short_words: String,
}

/// 14.3: the side firing the First Salvo this round; at a bombardment (16.0) the Allied side is the
/// coastal defenses.
fn first_salvo_words(b: &BattleState) -> &'static str {
    match b.first_salvo {
        Some(SalvoSide::German) => "German",
        Some(SalvoSide::Allied) if b.bombardment => "Coastal defenses",
        Some(SalvoSide::Allied) => "Allied",
        None => "\u{2014}",
    }
}

/// A fire's odds in words, in full and short (14.5, 14.6: dice rolled, a 6 hits, 5–6 for torpedoes).
fn odds_words(odds: &FireOdds) -> (String, String) {
    let dice = count(odds.dice_to_roll, "die", "dice");
    let (hits, chance) = (tenths(odds.expected_hits), percent(odds.chance_of_a_hit));
    (
        format!("{dice} · expect {hits} hits · {chance} at least one"),
        format!("{dice} · {hits} hits · {chance} ≥1"),
    )
}

/// What became of an Allied unit in this battle, once decided.
fn fate_of(b: &BattleState, counter: CounterId) -> Option<AlliedFate> {
    b.results
        .iter()
        .find(|(c, _)| *c == counter)
        .map(|(_, f)| *f)
}

/// An Allied unit's state in a word or two for the battle card (14.13: a damaged unit leaves the battle).
fn status_word(fate: Option<AlliedFate>, in_battle: bool, coastal: bool) -> String {
    match (fate, in_battle) {
        // 16.0: a coastal defense is destroyed, not sunk (the VP chart's own word).
        (Some(AlliedFate::Sunk), _) if coastal => "destroyed",
        (Some(AlliedFate::Sunk), _) => "sunk",
        (Some(AlliedFate::Damaged), _) => "damaged, leaves",
        (Some(AlliedFate::Withdrawn), _) => "withdrawn",
        (None, true) => "fighting",
        (None, false) => "out",
    }
    .to_string()
}

/// 14.13–14.14: an Allied unit's fate with the VP it scored, as the battle card says it.
fn fate_words(pack: &RulesPack, counter: CounterId, fate: AlliedFate) -> String {
    let scored = crate::rules::combat::tally::fate_vp(pack, counter, fate);
    let out = match fate {
        AlliedFate::Damaged => ", out of the scenario",
        _ => "",
    };
    match (scored, fate) {
        (Some((0, what)), _) => format!("{what}, 0 VP{out}"),
        (Some((vp, what)), _) => format!("{what}, {vp:+} VP{out}"),
        (None, AlliedFate::Sunk) => "sunk".to_string(),
        (None, AlliedFate::Damaged) => format!("damaged{out}"),
        (None, AlliedFate::Withdrawn) => "withdrew".to_string(),
    }
}

fn battle_view(pack: &RulesPack, game: &Game, b: &BattleState) -> BattleView {
    // Units back in the pool after the battle are face down again: they leave the view (principle 2).
    let allied = b
        .allied
        .iter()
        .filter(|u| {
            !game.counter(u.counter).location.is_face_down()
                || game.counter(u.counter).known_to_player
        })
        .map(|u| AlliedUnitView {
            counter: counter_info(pack, u.counter),
            armor: crate::rules::combat::targeting::values(pack, u.counter)
                .map(|v| v.armor)
                .unwrap_or(0),
            damage: u.damage,
            gunnery_damage: u.gunnery_damage,
            engine_damage: u.engine_damage,
            in_battle: u.in_battle,
            fate: fate_of(b, u.counter),
            fate_words: fate_of(b, u.counter).map(|f| fate_words(pack, u.counter, f)),
            status_word: status_word(
                fate_of(b, u.counter),
                u.in_battle,
                matches!(
                    pack.counter_spec(u.counter).kind,
                    crate::ground::pack::CounterKind::CoastalDefense { .. }
                ),
            ),
        })
        .collect();
    let name = b.space.describe(pack);
    BattleView {
        space: b.space.clone(),
        bombardment: b.bombardment,
        round: b.round,
        stage: b.stage,
        first_salvo: b.first_salvo,
        title: format!(
            "{} at {name}",
            if b.bombardment {
                "Bombardment"
            } else {
                "Battle"
            }
        ),
        name,
        first_salvo_words: first_salvo_words(b).to_string(),
        night: b.night,
        visibility: b.visibility,
        german: b.german.clone(),
        allied,
        options: fire_options(pack, game, b),
        forecast_available: crate::rules::combat::forecast::applies(pack, game, &b.space),
    }
}

/// The odds of each answer to the pending fire decision of this battle (14.5, 14.6, 14.9).
fn fire_options(pack: &RulesPack, game: &Game, b: &BattleState) -> Vec<FireOptionView> {
    use crate::rules::combat::firing::GermanFire;
    let (ship, torpedoes) = match game.pending.first() {
        Some(Pending::FireOrders { space, ship }) if space == &b.space => (ship, false),
        Some(Pending::Torpedoes { space, ship }) if space == &b.space => (ship, true),
        _ => return Vec::new(),
    };
    let Some(s) = game.ship(ship) else {
        return Vec::new();
    };
    let paid = b
        .ammunition_paid
        .iter()
        .find(|(x, _)| x == ship)
        .map(|(_, m)| *m);
    let mut options = Vec::new();
    for action in legal_actions(pack, game) {
        let Some((target, maximum_fire)) = order_target(&action) else {
            continue;
        };
        let Some(index) = pack.counter_index(&target) else {
            continue;
        };
        let id = crate::ground::state::CounterId(index as u16);
        let armor = crate::rules::combat::targeting::values(pack, id)
            .map(|v| v.armor)
            .unwrap_or(0);
        let morale_dice = if s.austro_hungarian {
            0
        } else {
            game.turn_state.morale_dice
        };
        let fire = GermanFire {
            maximum_fire: paid.unwrap_or(maximum_fire),
            night: b.night,
            morale_dice,
        };
        let weapons: &[Weapon] = if torpedoes {
            &[Weapon::Torpedo]
        } else {
            &Weapon::GUNS
        };
        let fires = fire_lines(s, weapons, armor, fire);
        let ammunition = if torpedoes || paid.is_some() || s.austro_hungarian {
            0
        } else if maximum_fire {
            2
        } else {
            1
        };
        options.push(FireOptionView {
            ship: ship.clone(),
            target,
            target_name: pack.counter_spec(id).name.clone(),
            maximum_fire,
            ammunition,
            fires,
        });
    }
    options
}

/// The target and the maximum fire of a fire order, or of a launch of one torpedo; `None` for other moves.
fn order_target(action: &crate::ground::action::Action) -> Option<(String, bool)> {
    match action {
        crate::ground::action::Action::FireOrders {
            target: Some(t),
            maximum_fire,
            ..
        } => Some((t.clone(), *maximum_fire)),
        crate::ground::action::Action::Torpedoes {
            target: Some(t),
            count: 1,
            ..
        } => Some((t.clone(), false)),
        _ => None,
    }
}

/// 14.5, 14.6: the odds of each of the ship's weapons that can fire, at a target of `armor`.
fn fire_lines(
    s: &crate::ground::state::GermanShip,
    weapons: &[Weapon],
    armor: u8,
    fire: crate::rules::combat::firing::GermanFire,
) -> Vec<FireLine> {
    weapons
        .iter()
        .filter(|w| gun(s, **w) > 0)
        .map(|w| {
            let dice = crate::rules::combat::firing::german_dice(s, *w, armor, fire);
            let odds = fire_odds(dice, w.hitting_faces());
            let (words, short_words) = odds_words(&odds);
            FireLine {
                weapon: *w,
                odds,
                words,
                short_words,
            }
        })
        .collect()
}

fn gun(s: &crate::ground::state::GermanShip, w: Weapon) -> u8 {
    match w {
        Weapon::Primary => s.tracks.primary,
        Weapon::Secondary => s.tracks.secondary,
        Weapon::Tertiary => s.tracks.tertiary,
        Weapon::Torpedo => s.tracks.torpedoes,
    }
}

#[cfg(test)]
mod prompt_tests {
    use super::*;
    use crate::ground::action::Supply;

    /// Every pending decision, with the longest values its prompt can name.
    fn every_pending() -> Vec<Pending> {
        let space = SpaceRef::Place {
            id: "messina".into(),
        };
        let ship = "longest".to_string();
        vec![
            Pending::SubmarineEvasion {
                ship: ship.clone(),
                space: space.clone(),
            },
            Pending::CollierNearFrenchZones { collier: 1 },
            Pending::RamDamage {
                space: space.clone(),
            },
            Pending::BerlinIntelligence {
                choices: vec!["1".into()],
            },
            Pending::ExamineZone { count: 3 },
            Pending::BreakOff {
                space: space.clone(),
            },
            Pending::FireOrders {
                space: space.clone(),
                ship: ship.clone(),
            },
            Pending::Torpedoes {
                space: space.clone(),
                ship,
            },
            Pending::Distribute {
                space: space.clone(),
                supply: Supply::Ammunition,
                points: 12,
            },
            Pending::DeclareEnd,
            Pending::NationalityFirst { space },
        ]
    }

    /// 14.5, 14.10 and the Incident Chart's questions: the dock shows a pending decision's prompt whole on
    /// a small phone, so each fits in PROMPT_MAX_CHARS with the longest name of a ship that can be asked
    /// about (a German ship, or an Austro-Hungarian one under 20.0).
    #[test]
    fn every_pending_prompt_fits_the_dock_with_the_longest_ship_name() {
        let pack = RulesPack::standard();
        let longest = pack
            .german_ships
            .iter()
            .map(|s| s.name.clone())
            .chain(
                pack.counters
                    .counters
                    .iter()
                    .filter(|c| {
                        matches!(
                            c.kind,
                            crate::ground::pack::CounterKind::AustroHungarian { .. }
                        )
                    })
                    .map(|c| c.name.clone()),
            )
            .max_by_key(|n| n.chars().count())
            .unwrap();
        for pending in every_pending() {
            let prompt = pending_prompt(&pending, &|_| longest.clone());
            assert!(
                prompt.chars().count() <= PROMPT_MAX_CHARS,
                "{prompt:?} is longer than {PROMPT_MAX_CHARS} characters"
            );
            assert!(!prompt.contains('_'), "{prompt:?} names an id");
        }
    }
}

#[cfg(test)]
mod fate_tests {
    use super::*;
    use crate::ground::pack::CounterKind;

    /// 14.13–14.14, 16.0: the battle card says what each fate scored, from the Victory Points Chart: a
    /// ship's row for sunk and damaged (damaged leaves for the scenario), nothing for a withdrawal, a coastal
    /// defense's own value when destroyed.
    /// 14.13: the battle card's short line for a unit: a damaged unit leaves, one not in the battle is out;
    /// every word fits the card's one line (at most 15 characters).
    #[test]
    fn rule_14_13_a_units_status_word_is_short_and_says_its_fate() {
        assert_eq!(status_word(None, true, false), "fighting");
        assert_eq!(status_word(None, false, false), "out");
        assert_eq!(status_word(Some(AlliedFate::Sunk), false, false), "sunk");
        // 16.0: a coastal defense is destroyed.
        assert_eq!(
            status_word(Some(AlliedFate::Sunk), false, true),
            "destroyed"
        );
        assert_eq!(
            status_word(Some(AlliedFate::Damaged), false, false),
            "damaged, leaves"
        );
        assert_eq!(
            status_word(Some(AlliedFate::Withdrawn), true, false),
            "withdrawn"
        );
        for fate in [
            None,
            Some(AlliedFate::Sunk),
            Some(AlliedFate::Damaged),
            Some(AlliedFate::Withdrawn),
        ] {
            assert!(status_word(fate, true, false).len() <= 15);
        }
    }

    #[test]
    fn rule_14_14_a_fate_says_the_vp_it_scored() {
        let pack = RulesPack::standard();
        let ship = pack
            .counters
            .counters
            .iter()
            .enumerate()
            .find_map(|(i, c)| match c.kind {
                CounterKind::Incident { ship: Some(v), .. } => pack
                    .charts
                    .vp_for(v.ship_type)
                    .filter(|row| row.sunk > 0 && row.damaged > 0)
                    .map(|row| (CounterId(i as u16), row.sunk, row.damaged)),
                _ => None,
            })
            .expect("an Allied warship with a VP row");
        let (id, sunk, damaged) = ship;
        assert_eq!(
            fate_words(&pack, id, AlliedFate::Sunk),
            format!("sunk, +{sunk} VP")
        );
        assert_eq!(
            fate_words(&pack, id, AlliedFate::Damaged),
            format!("damaged, +{damaged} VP, out of the scenario")
        );
        assert_eq!(
            fate_words(&pack, id, AlliedFate::Withdrawn),
            "withdrew, 0 VP"
        );
        let coastal = pack
            .counters
            .counters
            .iter()
            .position(|c| matches!(c.kind, CounterKind::CoastalDefense { .. }))
            .map(|i| CounterId(i as u16))
            .expect("a coastal defense unit");
        let destroyed = pack.charts.victory_points.coastal_defense_destroyed;
        assert_eq!(
            fate_words(&pack, coastal, AlliedFate::Sunk),
            format!("destroyed, +{destroyed} VP")
        );
    }
}

#[cfg(test)]
mod battle_words_tests {
    use super::*;

    fn battle(first_salvo: &str, bombardment: bool) -> BattleState {
        serde_json::from_value(serde_json::json!({
            "space": { "kind": "place", "id": "pola" },
            "first_salvo": if first_salvo.is_empty() { serde_json::Value::Null } else { first_salvo.into() },
            "bombardment": bombardment,
        }))
        .unwrap()
    }

    #[test]
    fn rule_14_3_and_16_0_the_first_salvo_side_in_words() {
        assert_eq!(first_salvo_words(&battle("german", false)), "German");
        assert_eq!(first_salvo_words(&battle("allied", false)), "Allied");
        assert_eq!(
            first_salvo_words(&battle("allied", true)),
            "Coastal defenses"
        );
        assert_eq!(first_salvo_words(&battle("german", true)), "German");
        assert_eq!(first_salvo_words(&battle("", false)), "\u{2014}");
    }

    #[test]
    fn rule_14_5_a_fires_odds_in_words_one_die_and_many_alike() {
        // One die hitting on a 6: 1/6 of a hit expected, a 17% chance of one.
        assert_eq!(
            odds_words(&fire_odds(1, 1)),
            (
                "1 die · expect 0.2 hits · 17% at least one".to_string(),
                "1 die · 0.2 hits · 17% ≥1".to_string()
            )
        );
        // Eight dice: 8/6 = 1.3 expected, 1 − (5/6)^8 = 76.7%.
        assert_eq!(
            odds_words(&fire_odds(8, 1)).0,
            "8 dice · expect 1.3 hits · 77% at least one"
        );
        // Torpedoes hit on 5–6 (14.6): two dice, 0.7 expected, 1 − (4/6)^2 = 55.6%.
        assert_eq!(odds_words(&fire_odds(2, 2)).1, "2 dice · 0.7 hits · 56% ≥1");
    }
}
