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

use crate::ground::error::ErrorCode;
use crate::ground::pack::{CounterKind, IncidentKind, PlaceKind, RulesPack};
use crate::ground::ports::{self, Side};

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
    pub fn code(&self) -> ErrorCode {
        match self {
            CodeError::Foreign(_) => ErrorCode::ForeignCode,
            CodeError::Malformed(..) => ErrorCode::MalformedCode,
            CodeError::BadCheck(_) => ErrorCode::BadCheck,
            CodeError::Unknown(_) => ErrorCode::UnknownCode,
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
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The three key characters for `id` in category `letter` at collision step `attempt` (1 first).
fn key(letter: char, id: &str, attempt: u32) -> String {
    let seed = if attempt == 1 {
        format!("{PREFIX}/{letter}/{id}")
    } else {
        format!("{PREFIX}/{letter}/{id}#{attempt}")
    };
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
    format!(
        "{PREFIX}-{letter}{key}-{}",
        check_char(&format!("{PREFIX}{letter}{key}"))
    )
}

/// Every physical piece of the game, in a stable order (category, then id or number).
pub fn pieces(pack: &RulesPack) -> Vec<Piece> {
    let mut out: Vec<Piece> = pack
        .counters
        .counters
        .iter()
        .map(|c| Piece::Counter { id: c.id.clone() })
        .collect();
    out.extend(
        pack.german_ships
            .iter()
            .map(|s| Piece::GermanShip { id: s.id.clone() }),
    );
    out.extend((1..=COLLIERS).map(|number| Piece::Collier { number }));
    for item in &pack.charts.crew_and_gear.items {
        out.extend((1..=item.supply).map(|number| Piece::Cargo {
            item: item.id.clone(),
            number,
        }));
    }
    out.extend(
        placeholder_places(pack)
            .into_iter()
            .map(|place| Piece::Placeholder { place }),
    );
    out
}

/// The places that get a placeholder token: every patrol zone and every Allied (enemy) port or base.
pub fn placeholder_places(pack: &RulesPack) -> Vec<String> {
    pack.places
        .iter()
        .filter(|p| {
            p.kind == PlaceKind::PatrolZone
                || (matches!(p.kind, PlaceKind::Port | PlaceKind::NavalBase)
                    && ports::side_of(p.nation) == Side::Enemy)
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
            by_letter
                .entry(letter)
                .or_default()
                .push((piece.key_id(), piece));
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
            out.push(Coded {
                piece,
                code: printed(letter, &k),
                attempt,
            });
        }
    }
    out.sort_by(|a, b| a.code.cmp(&b.code));
    out
}

/// Every piece with its code (see [`all_coded`]).
pub fn all(pack: &RulesPack) -> Vec<(Piece, String)> {
    all_coded(pack)
        .into_iter()
        .map(|c| (c.piece, c.code))
        .collect()
}

/// The code of one piece, or None if the pack has no such piece.
pub fn code_of(pack: &RulesPack, piece: &Piece) -> Option<String> {
    all_coded(pack)
        .into_iter()
        .find(|c| c.piece == *piece)
        .map(|c| c.code)
}

/// Reads a code typed, scanned or pasted. Case, spaces and separators (`-`, `_`, `.`, `/`, or none) do not
/// matter; in the prefix, category and key, where only one reading is possible, `0`/`O` and `1`/`I`/`L`
/// are read as the character that belongs there. Never panics, whatever the input.
pub fn parse(pack: &RulesPack, input: &str) -> Result<Piece, CodeError> {
    let shown: String = input
        .trim()
        .chars()
        .take(40)
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let cleaned: Vec<char> = input
        .chars()
        .filter(|c| {
            !c.is_whitespace() && !matches!(c, '-' | '_' | '.' | '/' | '\u{2010}'..='\u{2015}')
        })
        .flat_map(char::to_uppercase)
        .collect();
    // The prefix: `GO1`, also typed `G01`.
    let prefix_ok = cleaned.len() >= 3
        && cleaned[0] == 'G'
        && matches!(cleaned[1], 'O' | '0')
        && cleaned[2] == '1';
    if !prefix_ok {
        return Err(CodeError::Foreign(shown));
    }
    const SHAPE: &str =
        "after GO1 a code has a category letter, three key characters and a check character";
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
    all_coded(pack)
        .into_iter()
        .find(|c| c.code == canonical)
        .map(|c| c.piece)
        .ok_or(CodeError::Unknown(shown))
}

/// Whether a piece belongs to a sheet group. `allied` is the Allied warships, troop convoys and
/// merchantmen (incident markers carrying ship values, and the merchantmen); `incidents` is every
/// incident marker, those included; `german` is the German warships and the colliers.
pub fn in_group(pack: &RulesPack, group: &str, piece: &Piece) -> bool {
    let kind = match piece {
        Piece::Counter { id } => pack.counter(id).map(|c| &c.kind),
        _ => None,
    };
    match group {
        "all" => true,
        "allied" => matches!(
            kind,
            Some(
                CounterKind::Incident { ship: Some(_), .. }
                    | CounterKind::Incident {
                        incident: IncidentKind::AlliedMerchantman,
                        ..
                    }
            )
        ),
        "incidents" => matches!(kind, Some(CounterKind::Incident { .. })),
        "coastal" => matches!(kind, Some(CounterKind::CoastalDefense { .. })),
        "orders" => matches!(kind, Some(CounterKind::Orders { .. })),
        "austro_hungarian" => matches!(kind, Some(CounterKind::AustroHungarian { .. })),
        "german" => matches!(piece, Piece::GermanShip { .. } | Piece::Collier { .. }),
        "cargo" => matches!(piece, Piece::Cargo { .. }),
        "placeholders" => matches!(piece, Piece::Placeholder { .. }),
        _ => false,
    }
}
