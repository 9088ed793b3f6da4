//! Counter codes: the cardboard counters carry none, so the app makes one for every physical piece and
//! reads it back (docs/CODES.md). A code reads `GO1-I012-K`: the game prefix and scheme version `GO1`, a
//! category letter and a number, and an ISO 7064 MOD 37-2 check character, which catches any single
//! mistyped character and any swap of two neighbours.
//!
//! Numbers are the piece's position in its category sorted by pack id, so reordering the pack file
//! changes no code. Scanning shows a piece's printed values and public status only (`scan`).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::event::CounterInfo;
use crate::pack::{CounterKind, PlaceKind, RulesPack};
use crate::ports::{self, Side};
use crate::rules::counter_info;
use crate::state::{CounterId, Game, Location, ShipStatus, SpaceRef};

pub const PREFIX: &str = "GO1";
const ALPHABET: &[u8; 37] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ*";

/// A physical piece of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Piece {
    /// An incident marker, coastal defense unit, Orders marker or Austro-Hungarian ship (pack id).
    Counter { id: String },
    GermanShip { id: String },
    Collier { number: u8 },
    /// A crew or gear chit (Crew & Gear chart id) and which of its counters.
    Cargo { item: String, number: u8 },
    /// A token the player puts on the map for a patrol zone or an Allied port.
    Placeholder { place: String },
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CodeError {
    #[error("`{0}` is not a Goeben Referee code (they start with GO1)")]
    Foreign(String),
    #[error("`{0}` is not a well-formed code: {1}")]
    Malformed(String, &'static str),
    #[error("`{0}` has a wrong check character: a character was probably mistyped")]
    BadCheck(String),
    #[error("`{0}` is a valid code but names no piece of this game")]
    Unknown(String),
}

impl CodeError {
    pub fn code(&self) -> &'static str {
        match self {
            CodeError::Foreign(_) => "foreign_code",
            CodeError::Malformed(..) => "malformed_code",
            CodeError::BadCheck(_) => "bad_check",
            CodeError::Unknown(_) => "unknown_code",
        }
    }
}

/// ISO 7064 MOD 37-2: the character that makes the whole string check out.
fn check_char(body: &str) -> char {
    let mut r: u32 = 0;
    for c in body.bytes() {
        let v = ALPHABET.iter().position(|a| *a == c).expect("bodies use the alphabet") as u32;
        r = ((r + v) * 2) % 37;
    }
    ALPHABET[((38 - r) % 37) as usize] as char
}

/// Every piece with its code, in a stable order (category, then pack id or number).
pub fn all(pack: &RulesPack) -> Vec<(Piece, String)> {
    let mut out = Vec::new();
    let mut push = |letter: char, pieces: Vec<Piece>| {
        for (n, piece) in pieces.into_iter().enumerate() {
            let body = format!("{PREFIX}{letter}{:03}", n + 1);
            let code = format!("{PREFIX}-{letter}{:03}-{}", n + 1, check_char(&body));
            out.push((piece, code));
        }
    };
    let sorted = |pred: &dyn Fn(&CounterKind) -> bool| -> Vec<Piece> {
        let mut ids: Vec<String> = pack.counters.counters.iter().filter(|c| pred(&c.kind)).map(|c| c.id.clone()).collect();
        ids.sort();
        ids.into_iter().map(|id| Piece::Counter { id }).collect()
    };
    push('I', sorted(&|k| matches!(k, CounterKind::Incident { .. })));
    push('C', sorted(&|k| matches!(k, CounterKind::CoastalDefense { .. })));
    push('O', sorted(&|k| matches!(k, CounterKind::Orders { .. })));
    push('A', sorted(&|k| matches!(k, CounterKind::AustroHungarian { .. })));
    let mut ships: Vec<String> = pack.german_ships.iter().map(|s| s.id.clone()).collect();
    ships.sort();
    push('G', ships.into_iter().map(|id| Piece::GermanShip { id }).collect());
    push('K', (1..=2).map(|number| Piece::Collier { number }).collect());
    let mut cargo: Vec<_> = pack.charts.crew_and_gear.items.iter().collect();
    cargo.sort_by(|a, b| a.id.cmp(&b.id));
    push('X', cargo.iter().flat_map(|c| (1..=c.supply).map(|number| Piece::Cargo { item: c.id.clone(), number })).collect());
    let mut places: Vec<String> = pack
        .places
        .iter()
        .filter(|p| p.kind == PlaceKind::PatrolZone || (matches!(p.kind, PlaceKind::Port | PlaceKind::NavalBase) && ports::side_of(p.nation) == Side::Enemy))
        .map(|p| p.id.clone())
        .collect();
    places.sort();
    push('P', places.into_iter().map(|place| Piece::Placeholder { place }).collect());
    out
}

pub fn code_of(pack: &RulesPack, piece: &Piece) -> Option<String> {
    all(pack).into_iter().find(|(p, _)| p == piece).map(|(_, c)| c)
}

/// Reads a code typed, scanned or pasted: case and spacing do not matter, separators may be missing.
/// Never panics, whatever the input.
pub fn parse(pack: &RulesPack, input: &str) -> Result<Piece, CodeError> {
    let shown: String = input.chars().take(40).collect();
    let cleaned: String = input.chars().filter(|c| !c.is_whitespace() && *c != '-' && *c != '_').flat_map(|c| c.to_uppercase()).collect();
    if !cleaned.starts_with("GO") {
        return Err(CodeError::Foreign(shown));
    }
    if !cleaned.starts_with(PREFIX) {
        return Err(CodeError::Malformed(shown, "this app reads codes of scheme GO1"));
    }
    if cleaned.len() != PREFIX.len() + 5 {
        return Err(CodeError::Malformed(shown, "a code has a letter, three digits and a check character after GO1"));
    }
    let bytes = cleaned.as_bytes();
    let letter = bytes[3];
    if !letter.is_ascii_uppercase() || !bytes[4..7].iter().all(u8::is_ascii_digit) || !ALPHABET.contains(&bytes[7]) {
        return Err(CodeError::Malformed(shown, "a code has a letter, three digits and a check character after GO1"));
    }
    let body = &cleaned[..7];
    if check_char(body) != bytes[7] as char {
        return Err(CodeError::BadCheck(shown));
    }
    let canonical = format!("{PREFIX}-{}-{}", &cleaned[3..7], &cleaned[7..]);
    all(pack).into_iter().find(|(_, c)| *c == canonical).map(|(p, _)| p).ok_or(CodeError::Unknown(shown))
}

/// What a scan shows: the printed values and the public status only.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct ScanInfo {
    pub code: String,
    pub piece: Piece,
    pub name: String,
    /// The printed values of a counter (its face, which the player holds in hand).
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub printed: Option<CounterInfo>,
    /// Where the piece stands as far as the player can see, in words.
    pub status: String,
}

/// The public status of a piece. A face-down counter reads the same wherever the referee holds it.
pub fn scan(pack: &RulesPack, game: Option<&Game>, piece: Piece) -> ScanInfo {
    let code = code_of(pack, &piece).unwrap_or_default();
    let (name, printed, status) = match &piece {
        Piece::Counter { id } => {
            let index = pack.counter_index(id).expect("codes name pack counters");
            let info = counter_info(pack, CounterId(index as u16));
            let status = match game.map(|g| &g.counter(CounterId(index as u16)).location) {
                None => "no game is running".to_string(),
                Some(l) if l.is_face_down() => "face down (held by the referee)".to_string(),
                Some(Location::OnMap { space }) => format!("face up at {}", space.describe(pack)),
                Some(Location::Picked { space }) => format!("just picked at {}", space.describe(pack)),
                Some(Location::Held { space }) => format!("held aside at {}", space.describe(pack)),
                Some(Location::Sunk) => "sunk".into(),
                Some(Location::Damaged) => "damaged, withdrawn for repair".into(),
                Some(Location::Withdrawn) => "withdrawn".into(),
                Some(Location::RemovedFromPlay) => "out of play".into(),
                Some(Location::OrdersBox) => "in the Orders box: this scenario's mission".into(),
                Some(Location::SetAside) => "set aside, not used in this game".into(),
                Some(Location::Combat) => "on the Naval Combat Display".into(),
                Some(Location::Unused | Location::Pool | Location::PatrolZone { .. } | Location::Port { .. } | Location::OutOfPlay) => {
                    "not in play".into()
                }
            };
            (info.name.clone(), Some(info), status)
        }
        Piece::GermanShip { id } => {
            let name = pack.german_ship(id).map(|s| s.name.clone()).unwrap_or_else(|| id.clone());
            let status = match game.and_then(|g| g.ship(id)) {
                None => "not in this game".into(),
                Some(s) if s.status == ShipStatus::Sunk => "sunk".into(),
                Some(s) => format!("at {}; hull {}, engines {}, coal {}", s.position.describe(pack), s.tracks.hull, s.tracks.engines, s.tracks.coal),
            };
            (name, None, status)
        }
        Piece::Collier { number } => {
            let status = match game.and_then(|g| g.colliers.iter().find(|c| c.id == *number)) {
                Some(c) => format!("at {}", c.position.describe(pack)),
                None => "not on the map".into(),
            };
            (format!("German collier {number}"), None, status)
        }
        Piece::Cargo { item, number } => {
            let name = pack.charts.cargo(item).map(|c| c.name.clone()).unwrap_or_else(|| item.clone());
            (format!("{name} ({number})"), None, "cargo chit".into())
        }
        Piece::Placeholder { place } => {
            let name = pack.place(place).map(|p| p.name.clone()).unwrap_or_else(|| place.clone());
            let count = game.map(|g| {
                let zone = g.count_at(&Location::PatrolZone { zone: place.clone() });
                let port = g.count_at(&Location::Port { port: place.clone() });
                zone + port
            });
            let status = match count {
                Some(n) => format!("{n} face-down counter{} there", if n == 1 { "" } else { "s" }),
                None => "no game is running".into(),
            };
            (format!("{name} token"), None, status)
        }
    };
    ScanInfo { code, piece, name, printed, status }
}

/// The space a placeholder token stands for.
pub fn placeholder_space(piece: &Piece) -> Option<SpaceRef> {
    match piece {
        Piece::Placeholder { place } => Some(SpaceRef::place(place)),
        _ => None,
    }
}
