//! Scanning a counter code: a piece's printed values and public status only ([`public_info`]) — a
//! face-down counter reads the same wherever the referee holds it (DESIGN principle 2) — the moves it
//! offers now, the setup inventory and the placement check.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::api::codes::scheme::{all, code_of, in_group, Piece};
use crate::ground::counters::counter_info;
use crate::ground::event::CounterInfo;
use crate::ground::pack::{CounterKind, PlaceKind, RulesPack};
use crate::ground::state::{CounterId, Game, Location, ShipStatus, SpaceRef};
use crate::ground::words;

/// What a scan shows: the printed values and the public status only.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct ScanInfo {
    /// The code in its printed form (`GO1-I97N-L`), however it was typed.
    pub code: String,
    pub piece: Piece,
    pub name: String,
    /// A counter's printed face (the one the player holds in hand).
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub printed: Option<CounterInfo>,
    /// The printed values in words, for every kind of piece (ship values, firepower, a German ship's
    /// starting tracks, a cargo chit's cost and hull boxes).
    #[serde(default)]
    pub values: Vec<String>,
    /// Where the piece stands as far as the player can see, in words.
    pub status: String,
    /// The decisions this piece points to now (its space's incidents, a target, a cargo purchase…): a
    /// subset of `legal_actions`, filled by the session.
    #[serde(default)]
    pub actions: Vec<crate::ground::action::Action>,
    /// For a counter the referee may have asked to place: whether it is one revealed this turn.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placement: Option<Placement>,
}

/// Whether a scanned counter is one the referee revealed this turn (so the right one goes on the map).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Placement {
    pub revealed_this_turn: bool,
    pub message: String,
}

/// One printed piece, for the inventory at setup.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct PieceEntry {
    pub code: String,
    pub name: String,
    /// The sheet group it is printed in (`allied`, `markers`, `defenses`, `orders`, `german`, `cargo`, `tokens`…).
    pub group: String,
    /// An Orders marker's Orders (3.0 step 5), so a player who drew the marker from the box, or replays a
    /// mission, starts the game under it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub orders: Option<OrdersChoice>,
}

/// The Orders an Orders marker stands for: the id `new_game`'s `options.orders` takes, and its name on the
/// Orders Chart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct OrdersChoice {
    pub id: String,
    pub name: String,
}

/// 8.0, 13.0, 14.5: the legal decisions a scanned piece points to.
pub fn actions_for(
    piece: &Piece,
    legal: &[crate::ground::action::Action],
) -> Vec<crate::ground::action::Action> {
    use crate::ground::action::Action;
    legal
        .iter()
        .filter(|a| match (piece, a) {
            (
                Piece::Placeholder { place },
                Action::ResolveIncidents { space }
                | Action::Contact { space, .. }
                | Action::Resupply { space, .. },
            ) => space.place_id() == Some(place.as_str()),
            (Piece::Cargo { item, .. }, Action::LoadCargo { item: i, .. }) => i == item,
            (
                Piece::Counter { id },
                Action::FireOrders {
                    target: Some(t), ..
                }
                | Action::Torpedoes {
                    target: Some(t), ..
                },
            ) => t == id,
            (Piece::GermanShip { id }, a) => ship_of(a) == Some(id.as_str()),
            (Piece::Collier { number }, Action::UseCollier { collier }) => collier == number,
            _ => false,
        })
        .cloned()
        .collect()
}

fn ship_of(a: &crate::ground::action::Action) -> Option<&str> {
    use crate::ground::action::Action;
    match a {
        Action::Move { ship, .. }
        | Action::TakeOutfitting { ship }
        | Action::AttemptIntelligence { ship }
        | Action::Repair { ship, .. }
        | Action::FireOrders { ship, .. }
        | Action::Torpedoes { ship, .. }
        | Action::RaidMerchants { ship, .. }
        | Action::LandMarines { ship }
        | Action::Reconnoitre { ship, .. }
        | Action::LayMines { ship } => Some(ship),
        _ => None,
    }
}

/// What every face-down counter reads, in the pool, a patrol zone, a port or out of play alike.
pub const FACE_DOWN: &str = "face down: the referee does not say where";

/// The public status of a counter at `location`. The face-down locations all give [`FACE_DOWN`].
pub fn counter_status(pack: &RulesPack, location: &Location) -> String {
    match location {
        Location::Pool
        | Location::PatrolZone { .. }
        | Location::Port { .. }
        | Location::OutOfPlay => FACE_DOWN.into(),
        Location::OnMap { space } => format!("face up on the map at {}", space.describe(pack)),
        Location::Picked { space } => {
            format!("picked this Incident phase at {}", space.describe(pack))
        }
        Location::Held { space } => format!(
            "held aside at {} until the next Outfitting phase",
            space.describe(pack)
        ),
        Location::Combat => "on the Naval Combat Display".into(),
        Location::Sunk => "sunk (or destroyed)".into(),
        Location::Damaged => "damaged, withdrawn to repair".into(),
        Location::Withdrawn => "withdrawn".into(),
        Location::RemovedFromPlay => "removed from play".into(),
        Location::OrdersBox => "in the Orders box: this scenario's Orders".into(),
        Location::SetAside => "set aside, not used in this game".into(),
        Location::Unused => "not used in this game".into(),
    }
}

fn ship_values(v: &crate::ground::pack::ShipValues) -> String {
    format!(
        "{} ({}): primary {}, secondary {}, tertiary {}, torpedo {}, armor {}, speed {}",
        words::ship_type(v.ship_type),
        words::nation(v.nation),
        v.primary,
        v.secondary,
        v.tertiary,
        v.torpedo,
        v.armor,
        v.speed
    )
}

fn tracks(t: &crate::ground::pack::Tracks) -> String {
    format!(
        "leadership {}, engines {}, hull {}, primary {}, secondary {}, tertiary {}, ammunition {}, torpedoes {}, coal {}",
        t.leadership, t.engines, t.hull, t.primary, t.secondary, t.tertiary, t.ammunition, t.torpedoes, t.coal
    )
}

/// A scan's answer: the piece's printed values (from the pack) and its public status in `game`, if any.
/// Never tells where the referee holds a face-down counter.
pub fn public_info(pack: &RulesPack, game: Option<&Game>, piece: Piece) -> ScanInfo {
    let code = code_of(pack, &piece).unwrap_or_default();
    let mut values = Vec::new();
    let (name, printed, status) = match &piece {
        Piece::Counter { id } => scan_counter(pack, game, id, &mut values),
        Piece::GermanShip { id } => scan_german_ship(pack, game, id, &mut values),
        Piece::Collier { number } => scan_collier(pack, game, *number, &mut values),
        Piece::Cargo { item, number } => scan_cargo(pack, game, item, *number, &mut values),
        Piece::Placeholder { place } => scan_placeholder(pack, game, place, &mut values),
    };
    ScanInfo {
        code,
        piece,
        name,
        printed,
        values,
        status,
        actions: Vec::new(),
        placement: None,
    }
}

/// A scanned piece's name, printed face (counters only) and public status; its printed values go to the
/// `values` the scan's answer lists.
type Scanned = (String, Option<CounterInfo>, String);

fn no_game() -> String {
    "no game is running".to_string()
}

/// A counter of the counter sheet: its printed values, and where it is only as the player may know it
/// (`counter_status`).
fn scan_counter(
    pack: &RulesPack,
    game: Option<&Game>,
    id: &str,
    values: &mut Vec<String>,
) -> Scanned {
    let Some(index) = pack.counter_index(id) else {
        return (id.to_string(), None, "not in this rules pack".into());
    };
    let counter = CounterId(index as u16);
    let info = counter_info(pack, counter);
    match &pack.counter_spec(counter).kind {
        CounterKind::Incident { incident, ship } => {
            values.push(format!("incident: {}", pack.incident_entry(*incident).name));
            values.extend(ship.as_ref().map(ship_values));
        }
        CounterKind::CoastalDefense { firepower } => {
            values.push(format!("coastal defense, firepower {firepower}"))
        }
        CounterKind::Orders { orders } => values.extend(pack.orders_spec(orders).map(|o| {
            format!(
                "Orders: {} ({} days, at least {} VP)",
                o.summary, o.days, o.min_vp
            )
        })),
        CounterKind::AustroHungarian { ship } => values.push(ship_values(ship)),
    }
    let status = game
        .map(|g| match &g.counter(counter).location {
            // 16.0: a coastal defense turned over (by a bombardment, or the cup's reveal) stays face up in
            // its port (issue #50: it read "face down" while the battle card offered fire at it).
            Location::Port { port } if g.counter(counter).known_to_player => format!(
                "face up in port at {}",
                SpaceRef::place(port).describe(pack)
            ),
            at => counter_status(pack, at),
        })
        .unwrap_or_else(no_game);
    (info.name.clone(), Some(info), status)
}

/// A German ship's display: its starting tracks, and in a game where it is and its tracks now.
fn scan_german_ship(
    pack: &RulesPack,
    game: Option<&Game>,
    id: &str,
    values: &mut Vec<String>,
) -> Scanned {
    let spec = pack.german_ship(id);
    values.extend(spec.map(|s| {
        format!(
            "{}; starting tracks: {}",
            words::ship_type(s.ship_type),
            tracks(&s.start)
        )
    }));
    let status = match game {
        None => no_game(),
        Some(g) => match g.ship(id) {
            None => "not in this game".into(),
            Some(s) if s.status == ShipStatus::Sunk => "sunk".into(),
            Some(s) => format!(
                "at {}; display tracks: {}",
                s.position.describe(pack),
                tracks(&s.tracks)
            ),
        },
    };
    (
        spec.map(|s| s.name.clone())
            .unwrap_or_else(|| id.to_string()),
        None,
        status,
    )
}

/// A German collier (10.0) and where it is on the map.
fn scan_collier(
    pack: &RulesPack,
    game: Option<&Game>,
    number: u8,
    values: &mut Vec<String>,
) -> Scanned {
    values.push("German collier (10.0 coaling at sea)".into());
    let status = match game {
        None => no_game(),
        Some(g) => match g.colliers.iter().find(|c| c.id == number) {
            Some(c) => format!("at {}", c.position.describe(pack)),
            None => "not on the map".into(),
        },
    };
    (format!("German collier {number}"), None, status)
}

/// A cargo chit (8.1): its cost, boxes and carriers; the chits stay on the table.
fn scan_cargo(
    pack: &RulesPack,
    game: Option<&Game>,
    item: &str,
    number: u8,
    values: &mut Vec<String>,
) -> Scanned {
    let spec = pack.charts.cargo(item);
    values.extend(spec.map(|c| {
        let carriers = if c.ship_types.is_empty() {
            "any ship".to_string()
        } else {
            words::ship_types(&c.ship_types)
        };
        format!(
            "{}: costs {}, fills {}, carried by {carriers}; {number} of {}",
            words::cargo_class(c.class),
            c.cost,
            words::count(c.boxes, "hull box", "hull boxes"),
            words::count(c.supply, "counter", "counters")
        )
    }));
    let status = if game.is_some() {
        "kept on the table: the app does not track cargo chits".into()
    } else {
        no_game()
    };
    (
        format!(
            "{} ({number})",
            spec.map(|c| c.name.as_str()).unwrap_or(item)
        ),
        None,
        status,
    )
}

/// A token standing for a patrol zone's stack or a port's defenses: only how many counters are there.
fn scan_placeholder(
    pack: &RulesPack,
    game: Option<&Game>,
    place: &str,
    values: &mut Vec<String>,
) -> Scanned {
    let spec = pack.place(place);
    values.push(match spec.map(|p| p.kind) {
        Some(PlaceKind::PatrolZone) => "token for a patrol zone's face-down stack".into(),
        _ => "token for an Allied port's face-down coastal defenses".into(),
    });
    let status = match game {
        None => no_game(),
        Some(g) => {
            let n = g.count_at(&Location::PatrolZone {
                zone: place.to_string(),
            }) + g.count_at(&Location::Port {
                port: place.to_string(),
            });
            format!(
                "{n} face-down counter{} there",
                if n == 1 { "" } else { "s" }
            )
        }
    };
    (
        format!("{} token", spec.map(|p| p.name.as_str()).unwrap_or(place)),
        None,
        status,
    )
}

/// Every printed piece with its code and sheet group (the setup inventory, 3.0): the first specific
/// group a piece belongs to.
pub fn inventory(pack: &RulesPack) -> Vec<PieceEntry> {
    let groups = [
        "allied",
        "incidents",
        "coastal",
        "orders",
        "austro_hungarian",
        "german",
        "cargo",
        "placeholders",
    ];
    all(pack)
        .into_iter()
        .map(|(piece, code)| {
            let group = groups
                .iter()
                .find(|g| in_group(pack, g, &piece))
                .unwrap_or(&"all")
                .to_string();
            let orders = orders_of(pack, &piece);
            let name = public_info(pack, None, piece).name;
            PieceEntry {
                code,
                name,
                group,
                orders,
            }
        })
        .collect()
}

/// The Orders a piece stands for, if it is an Orders marker (3.0 step 5).
fn orders_of(pack: &RulesPack, piece: &Piece) -> Option<OrdersChoice> {
    let Piece::Counter { id } = piece else {
        return None;
    };
    let CounterKind::Orders { orders } = &pack.counter(id)?.kind else {
        return None;
    };
    let spec = pack.orders.iter().find(|o| &o.id == orders)?;
    Some(OrdersChoice {
        id: spec.id.clone(),
        name: spec.name.clone(),
    })
}

/// 13.0 / placement check: a counter scanned after the referee asked for one to be placed is compared
/// with the counters revealed this turn. A face-down counter answers the same wherever it is.
pub fn placement_check(
    pack: &RulesPack,
    game: &Game,
    piece: &Piece,
    revealed_this_turn: &[String],
) -> Option<Placement> {
    let Piece::Counter { id } = piece else {
        return None;
    };
    let index = pack.counter_index(id)?;
    if !matches!(
        pack.counter_spec(CounterId(index as u16)).kind,
        CounterKind::Incident { .. } | CounterKind::CoastalDefense { .. }
    ) {
        return None;
    }
    let location = &game.counter(CounterId(index as u16)).location;
    if revealed_this_turn.iter().any(|r| r == id) {
        return Some(Placement {
            revealed_this_turn: true,
            message: format!(
                "Yes: this counter was revealed this turn; it is now {}.",
                counter_status(pack, location)
            ),
        });
    }
    let message = if location.is_face_down() {
        "Not a counter revealed this turn: keep it face down where it was.".to_string()
    } else {
        format!(
            "Not revealed this turn: this counter is {}.",
            counter_status(pack, location)
        )
    };
    Some(Placement {
        revealed_this_turn: false,
        message,
    })
}
