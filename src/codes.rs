//! Counter codes: the cardboard counters carry none, so the app makes one for every physical piece and
//! reads it back (docs/CODES.md). A code reads `GO1-I97N-L`:
//!
//! - `GO1` — the game prefix and scheme version: anything else is a foreign code;
//! - a category letter (`I` incident marker, `C` coastal defense, `O` Orders, `A` Austro-Hungarian ship,
//!   `G` German ship, `K` collier, `X` cargo chit, `P` placeholder token);
//! - a three-character key from the Crockford base-32 characters (no I, L, O, U), derived from the piece's
//!   pack id alone (FNV-1a of `GO1/<letter>/<id>`, modulo 32³), so adding, removing or reordering other
//!   pieces in the rules pack changes no printed code;
//! - an ISO 7064 MOD 37-2 check character over everything before it, which catches any single mistyped
//!   character and any swap of two neighbours.
//!
//! Should two ids of a category ever hash to the same key, the one sorting later takes the key of
//! `<id>#2` (then `#3`…); the test suite checks the standard pack needs no such step.
//!
//! Scanning shows a piece's printed values and public status only ([`public_info`]): a face-down counter
//! reads the same wherever the referee holds it (DESIGN principle 2).

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::event::CounterInfo;
use crate::pack::{CounterKind, IncidentKind, PlaceKind, RulesPack};
use crate::ports::{self, Side};
use crate::rules::counter_info;
use crate::state::{CounterId, Game, Location, ShipStatus};

/// The game prefix and scheme version every code starts with.
pub const PREFIX: &str = "GO1";
/// The ISO 7064 MOD 37-2 alphabet (the check character may be any of these).
pub const ALPHABET: &str = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ*";
/// The characters of a key: Crockford base 32, no I, L, O or U (so 0/O and 1/I/L cannot be confused).
pub const KEY_CHARS: &str = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// The number of colliers in the counter mix (3.0 step 7 places one; 10.2 may bring the second).
pub const COLLIERS: u8 = 2;

/// A physical piece of the game.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Piece {
    /// An incident marker (Allied warships, convoys and merchantmen included), coastal defense unit,
    /// Orders marker or Austro-Hungarian ship: a counter of the pack (`counters.counters`), by id.
    Counter { id: String },
    /// A German warship's counter (`german_ships`), by id.
    GermanShip { id: String },
    /// A German collier counter, 1 or 2.
    Collier { number: u8 },
    /// A crew or gear chit (Crew & Gear chart id) and which of its `supply` counters (1…supply).
    Cargo { item: String, number: u8 },
    /// A token the player puts on the map for a patrol zone or an Allied port (place id).
    Placeholder { place: String },
}

impl Piece {
    /// The category letter of the piece's code.
    pub fn letter(&self, pack: &RulesPack) -> Option<char> {
        Some(match self {
            Piece::Counter { id } => match &pack.counter(id)?.kind {
                CounterKind::Incident { .. } => 'I',
                CounterKind::CoastalDefense { .. } => 'C',
                CounterKind::Orders { .. } => 'O',
                CounterKind::AustroHungarian { .. } => 'A',
            },
            Piece::GermanShip { .. } => 'G',
            Piece::Collier { .. } => 'K',
            Piece::Cargo { .. } => 'X',
            Piece::Placeholder { .. } => 'P',
        })
    }

    /// The id the piece's key is derived from.
    fn key_id(&self) -> String {
        match self {
            Piece::Counter { id } | Piece::GermanShip { id } => id.clone(),
            Piece::Collier { number } => format!("collier_{number}"),
            Piece::Cargo { item, number } => format!("{item}_{number}"),
            Piece::Placeholder { place } => place.clone(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CodeError {
    #[error("`{0}` is not a Goeben Referee code (ours start with GO1)")]
    Foreign(String),
    #[error("`{0}` is not a well-formed Goeben Referee code: {1}")]
    Malformed(String, &'static str),
    #[error("`{0}` does not check out: a character was probably mistyped or two swapped")]
    BadCheck(String),
    #[error("`{0}` is a valid code but names no piece of this rules pack")]
    Unknown(String),
}

impl CodeError {
    /// The stable error code that crosses the boundary (`Response.error.code`).
    pub fn code(&self) -> &'static str {
        match self {
            CodeError::Foreign(_) => "foreign_code",
            CodeError::Malformed(..) => "malformed_code",
            CodeError::BadCheck(_) => "bad_check",
            CodeError::Unknown(_) => "unknown_code",
        }
    }
}

fn value(c: char) -> Option<u32> {
    ALPHABET.find(c).map(|i| i as u32)
}

/// ISO 7064 MOD 37-2 (a pure system with radix 2): the character that makes `body` + it check out.
/// `body` holds alphabet characters only.
pub fn check_char(body: &str) -> char {
    let mut r: u32 = 0;
    for c in body.chars() {
        r = ((r + value(c).unwrap_or(0)) * 2) % 37;
    }
    ALPHABET.as_bytes()[((38 - r) % 37) as usize] as char
}

/// FNV-1a, 64 bits: a tiny, fixed, documented hash (std's hasher may change between Rust versions).
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
}

/// The three key characters for `id` in category `letter` at collision step `attempt` (1 first).
fn key(letter: char, id: &str, attempt: u32) -> String {
    let seed = if attempt == 1 { format!("{PREFIX}/{letter}/{id}") } else { format!("{PREFIX}/{letter}/{id}#{attempt}") };
    let mut n = fnv1a(&seed) % 32_768;
    let chars = KEY_CHARS.as_bytes();
    let mut out = [0u8; 3];
    for slot in out.iter_mut().rev() {
        *slot = chars[(n % 32) as usize];
        n /= 32;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A code in its printed form from its category letter and key: `GO1-I97N-L`.
fn printed(letter: char, key: &str) -> String {
    format!("{PREFIX}-{letter}{key}-{}", check_char(&format!("{PREFIX}{letter}{key}")))
}

/// Every physical piece of the game, in a stable order (category, then id or number).
pub fn pieces(pack: &RulesPack) -> Vec<Piece> {
    let mut out: Vec<Piece> = pack.counters.counters.iter().map(|c| Piece::Counter { id: c.id.clone() }).collect();
    out.extend(pack.german_ships.iter().map(|s| Piece::GermanShip { id: s.id.clone() }));
    out.extend((1..=COLLIERS).map(|number| Piece::Collier { number }));
    for item in &pack.charts.crew_and_gear.items {
        out.extend((1..=item.supply).map(|number| Piece::Cargo { item: item.id.clone(), number }));
    }
    out.extend(placeholder_places(pack).into_iter().map(|place| Piece::Placeholder { place }));
    out
}

/// The places that get a placeholder token: every patrol zone and every Allied (enemy) port or base.
pub fn placeholder_places(pack: &RulesPack) -> Vec<String> {
    pack.places
        .iter()
        .filter(|p| {
            p.kind == PlaceKind::PatrolZone || (matches!(p.kind, PlaceKind::Port | PlaceKind::NavalBase) && ports::side_of(p.nation) == Side::Enemy)
        })
        .map(|p| p.id.clone())
        .collect()
}

/// One piece with its code and how many collision steps its key needed (1: none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coded {
    pub piece: Piece,
    pub code: String,
    pub attempt: u32,
}

/// Every piece with its code, ordered by category letter then code.
pub fn all_coded(pack: &RulesPack) -> Vec<Coded> {
    let mut by_letter: BTreeMap<char, Vec<(String, Piece)>> = BTreeMap::new();
    for piece in pieces(pack) {
        if let Some(letter) = piece.letter(pack) {
            by_letter.entry(letter).or_default().push((piece.key_id(), piece));
        }
    }
    let mut out = Vec::new();
    for (letter, mut group) in by_letter {
        group.sort();
        group.dedup_by(|a, b| a.0 == b.0);
        let mut taken = BTreeSet::new();
        for (id, piece) in group {
            let mut attempt = 1;
            let mut k = key(letter, &id, attempt);
            while !taken.insert(k.clone()) {
                attempt += 1;
                k = key(letter, &id, attempt);
            }
            out.push(Coded { piece, code: printed(letter, &k), attempt });
        }
    }
    out.sort_by(|a, b| a.code.cmp(&b.code));
    out
}

/// Every piece with its code (see [`all_coded`]).
pub fn all(pack: &RulesPack) -> Vec<(Piece, String)> {
    all_coded(pack).into_iter().map(|c| (c.piece, c.code)).collect()
}

/// The code of one piece, or None if the pack has no such piece.
pub fn code_of(pack: &RulesPack, piece: &Piece) -> Option<String> {
    all_coded(pack).into_iter().find(|c| c.piece == *piece).map(|c| c.code)
}

/// Reads a code typed, scanned or pasted. Case, spaces and separators (`-`, `_`, `.`, `/`, or none) do not
/// matter; in the prefix, category and key, where only one reading is possible, `0`/`O` and `1`/`I`/`L`
/// are read as the character that belongs there. Never panics, whatever the input.
pub fn parse(pack: &RulesPack, input: &str) -> Result<Piece, CodeError> {
    let shown: String = input.trim().chars().take(40).map(|c| if c.is_control() { ' ' } else { c }).collect();
    let cleaned: Vec<char> = input
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '-' | '_' | '.' | '/' | '\u{2010}'..='\u{2015}'))
        .flat_map(char::to_uppercase)
        .collect();
    // The prefix: `GO1`, also typed `G01`.
    let prefix_ok = cleaned.len() >= 3 && cleaned[0] == 'G' && matches!(cleaned[1], 'O' | '0') && cleaned[2] == '1';
    if !prefix_ok {
        return Err(CodeError::Foreign(shown));
    }
    const SHAPE: &str = "after GO1 a code has a category letter, three key characters and a check character";
    if cleaned.len() != 8 {
        return Err(CodeError::Malformed(shown, SHAPE));
    }
    let letter = match cleaned[3] {
        '0' => 'O',
        '1' => 'I',
        c if c.is_ascii_uppercase() => c,
        _ => return Err(CodeError::Malformed(shown, SHAPE)),
    };
    let mut key = String::new();
    for &c in &cleaned[4..7] {
        let c = match c {
            'O' => '0',
            'I' | 'L' => '1',
            c => c,
        };
        if !KEY_CHARS.contains(c) {
            return Err(CodeError::Malformed(shown, SHAPE));
        }
        key.push(c);
    }
    let check = cleaned[7];
    if value(check).is_none() {
        return Err(CodeError::Malformed(shown, SHAPE));
    }
    let canonical = printed(letter, &key);
    if !canonical.ends_with(check) {
        return Err(CodeError::BadCheck(shown));
    }
    all_coded(pack).into_iter().find(|c| c.code == canonical).map(|c| c.piece).ok_or(CodeError::Unknown(shown))
}

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
    pub actions: Vec<crate::action::Action>,
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
}

/// 8.0, 13.0, 14.5: the legal decisions a scanned piece points to.
pub fn actions_for(piece: &Piece, legal: &[crate::action::Action]) -> Vec<crate::action::Action> {
    use crate::action::Action;
    legal
        .iter()
        .filter(|a| match (piece, a) {
            (Piece::Placeholder { place }, Action::ResolveIncidents { space } | Action::Contact { space, .. } | Action::Resupply { space, .. }) => {
                space.place_id() == Some(place.as_str())
            }
            (Piece::Cargo { item, .. }, Action::LoadCargo { item: i, .. }) => i == item,
            (Piece::Counter { id }, Action::FireOrders { target: Some(t), .. } | Action::Torpedoes { target: Some(t), .. }) => t == id,
            (Piece::GermanShip { id }, a) => ship_of(a) == Some(id.as_str()),
            (Piece::Collier { number }, Action::UseCollier { collier }) => collier == number,
            _ => false,
        })
        .cloned()
        .collect()
}

fn ship_of(a: &crate::action::Action) -> Option<&str> {
    use crate::action::Action;
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
pub const FACE_DOWN: &str = "face down: not in play that you can see";

/// The public status of a counter at `location`. The face-down locations all give [`FACE_DOWN`].
pub fn counter_status(pack: &RulesPack, location: &Location) -> String {
    match location {
        Location::Pool | Location::PatrolZone { .. } | Location::Port { .. } | Location::OutOfPlay => FACE_DOWN.into(),
        Location::OnMap { space } => format!("face up on the map at {}", space.describe(pack)),
        Location::Picked { space } => format!("picked this Incident phase at {}", space.describe(pack)),
        Location::Held { space } => format!("held aside at {} until the next Outfitting phase", space.describe(pack)),
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

fn ship_values(v: &crate::pack::ShipValues) -> String {
    format!(
        "{:?} ({:?}): primary {}, secondary {}, tertiary {}, torpedo {}, armor {}, speed {}",
        v.ship_type, v.nation, v.primary, v.secondary, v.tertiary, v.torpedo, v.armor, v.speed
    )
}

fn tracks(t: &crate::pack::Tracks) -> String {
    format!(
        "leadership {}, engines {}, hull {}, primary {}, secondary {}, tertiary {}, ammunition {}, torpedoes {}, coal {}",
        t.leadership, t.engines, t.hull, t.primary, t.secondary, t.tertiary, t.ammunition, t.torpedoes, t.coal
    )
}

/// A scan's answer: the piece's printed values (from the pack) and its public status in `game`, if any.
/// Never tells where the referee holds a face-down counter.
pub fn public_info(pack: &RulesPack, game: Option<&Game>, piece: Piece) -> ScanInfo {
    let code = code_of(pack, &piece).unwrap_or_default();
    let no_game = || "no game is running".to_string();
    let mut values = Vec::new();
    let (name, printed, status) = match &piece {
        Piece::Counter { id } => match pack.counter_index(id) {
            Some(index) => {
                let counter = CounterId(index as u16);
                let info = counter_info(pack, counter);
                match &pack.counters.counters[index].kind {
                    CounterKind::Incident { incident, ship } => {
                        values.push(format!("incident: {}", incident_words(*incident)));
                        values.extend(ship.as_ref().map(ship_values));
                    }
                    CounterKind::CoastalDefense { firepower } => values.push(format!("coastal defense, firepower {firepower}")),
                    CounterKind::Orders { orders } => {
                        values.extend(pack.orders_spec(orders).map(|o| format!("Orders: {} ({} days, at least {} VP)", o.summary, o.days, o.min_vp)))
                    }
                    CounterKind::AustroHungarian { ship } => values.push(ship_values(ship)),
                }
                let status = game.map(|g| counter_status(pack, &g.counter(counter).location)).unwrap_or_else(no_game);
                (info.name.clone(), Some(info), status)
            }
            None => (id.clone(), None, "not in this rules pack".into()),
        },
        Piece::GermanShip { id } => {
            let spec = pack.german_ship(id);
            values.extend(spec.map(|s| format!("{:?}; starting tracks: {}", s.ship_type, tracks(&s.start))));
            let status = match game {
                None => no_game(),
                Some(g) => match g.ship(id) {
                    None => "not in this game".into(),
                    Some(s) if s.status == ShipStatus::Sunk => "sunk".into(),
                    Some(s) => format!("at {}; display tracks: {}", s.position.describe(pack), tracks(&s.tracks)),
                },
            };
            (spec.map(|s| s.name.clone()).unwrap_or_else(|| id.clone()), None, status)
        }
        Piece::Collier { number } => {
            values.push("German collier (10.0 coaling at sea)".into());
            let status = match game {
                None => no_game(),
                Some(g) => match g.colliers.iter().find(|c| c.id == *number) {
                    Some(c) => format!("at {}", c.position.describe(pack)),
                    None => "not on the map".into(),
                },
            };
            (format!("German collier {number}"), None, status)
        }
        Piece::Cargo { item, number } => {
            let spec = pack.charts.cargo(item);
            values.extend(spec.map(|c| {
                let carriers = if c.ship_types.is_empty() {
                    "any ship".to_string()
                } else {
                    c.ship_types.iter().map(|t| format!("{t:?}")).collect::<Vec<_>>().join(", ")
                };
                format!("{:?}: costs {}, fills {} hull box(es), carried by {carriers}; {} of {} counters", c.class, c.cost, c.boxes, number, c.supply)
            }));
            let status = if game.is_some() { "kept on the table: the app does not track cargo chits".into() } else { no_game() };
            (format!("{} ({number})", spec.map(|c| c.name.as_str()).unwrap_or(item)), None, status)
        }
        Piece::Placeholder { place } => {
            let spec = pack.place(place);
            values.push(match spec.map(|p| p.kind) {
                Some(PlaceKind::PatrolZone) => "token for a patrol zone's face-down stack".into(),
                _ => "token for an Allied port's face-down coastal defenses".into(),
            });
            let status = match game {
                None => no_game(),
                Some(g) => {
                    let n = g.count_at(&Location::PatrolZone { zone: place.clone() }) + g.count_at(&Location::Port { port: place.clone() });
                    format!("{n} face-down counter{} there", if n == 1 { "" } else { "s" })
                }
            };
            (format!("{} token", spec.map(|p| p.name.as_str()).unwrap_or(place)), None, status)
        }
    };
    ScanInfo { code, piece, name, printed, values, status, actions: Vec::new(), placement: None }
}

fn incident_words(kind: IncidentKind) -> String {
    let debug = format!("{kind:?}");
    let mut out = String::new();
    for (i, c) in debug.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push(' ');
        }
        out.extend(c.to_lowercase());
    }
    out
}

/// Every printed piece with its code and sheet group (the setup inventory, 3.0): the first specific
/// group a piece belongs to.
pub fn inventory(pack: &RulesPack) -> Vec<PieceEntry> {
    let groups = ["allied", "incidents", "coastal", "orders", "austro_hungarian", "german", "cargo", "placeholders"];
    all(pack)
        .into_iter()
        .map(|(piece, code)| {
            let group = groups.iter().find(|g| crate::print_sheet::in_group(pack, g, &piece)).unwrap_or(&"all").to_string();
            let name = public_info(pack, None, piece).name;
            PieceEntry { code, name, group }
        })
        .collect()
}

/// 13.0 / placement check: a counter scanned after the referee asked for one to be placed is compared
/// with the counters revealed this turn. A face-down counter answers the same wherever it is.
pub fn placement_check(pack: &RulesPack, game: &Game, piece: &Piece, revealed_this_turn: &[String]) -> Option<Placement> {
    let Piece::Counter { id } = piece else { return None };
    let index = pack.counter_index(id)?;
    if !matches!(pack.counters.counters[index].kind, CounterKind::Incident { .. } | CounterKind::CoastalDefense { .. }) {
        return None;
    }
    let location = &game.counter(CounterId(index as u16)).location;
    if revealed_this_turn.iter().any(|r| r == id) {
        return Some(Placement { revealed_this_turn: true, message: format!("Yes: this counter was revealed this turn; it is now {}.", counter_status(pack, location)) });
    }
    let message = if location.is_face_down() {
        "Not a counter revealed this turn: keep it face down where it was.".to_string()
    } else {
        format!("Not revealed this turn: this counter is {}.", counter_status(pack, location))
    };
    Some(Placement { revealed_this_turn: false, message })
}
