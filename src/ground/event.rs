//! Events: what happened, in order, as a log a player can read. Every die rolled is an event. Events
//! only ever carry public information: a counter's identity appears only in the event that reveals it
//! or after (the no-leak property test checks this).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::ground::pack::{RulesPack, ShipValues};
use crate::ground::state::{Phase, SpaceRef};

/// The public face of a counter that is face up (or examined by the player).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct CounterInfo {
    /// The counter's id in the rules pack (e.g. `gb_bc_inflexible`).
    pub id: String,
    pub name: String,
    /// `incident`, `coastal_defense`, `orders` or `austro_hungarian`.
    #[ts(type = "string")]
    pub kind: crate::ground::pack::CounterKindTag,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub incident: Option<crate::ground::pack::IncidentKind>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ship: Option<ShipValues>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub firepower: Option<u8>,
}

/// A public count of a face-down stack (never its contents).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct StackCount {
    pub place: String,
    pub name: String,
    pub count: u32,
}

/// What a fire's dice were: the side that fired, the battle's space, how many faces of a d6 hit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct FireRoll {
    pub german: bool,
    pub space: SpaceRef,
    pub hitting_faces: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// 3.0: a new game; the Orders marker is drawn and shown.
    GameStarted {
        orders: String,
        orders_name: String,
        last_turn: u8,
    },
    /// 3.0 steps 3–4: the secret stacks were made; only their sizes are public.
    SecretSetup {
        patrol_zones: Vec<StackCount>,
        ports: Vec<StackCount>,
        pool: u32,
    },
    TurnStarted {
        turn: u8,
    },
    PhaseStarted {
        turn: u8,
        phase: Phase,
    },
    /// Dice rolled by the referee, with what they were for.
    DiceRolled {
        purpose: String,
        faces: Vec<u8>,
        rule: String,
        /// For a fire (14.5, 14.6, 14.11, 16.0): who fired, where, and the faces that hit (the review's dice luck).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        fire: Option<FireRoll>,
        /// The player rolled these at the table and entered the faces (house rule "I roll the dice").
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        #[ts(optional, as = "Option<bool>")]
        by_player: bool,
    },
    /// House rule "I roll the dice" turned on or off (chosen at new game, changeable in play).
    PlayerDiceSet {
        on: bool,
    },
    AlertChanged {
        from: u8,
        to: u8,
        reason: String,
        rule: String,
    },
    VpChanged {
        from: i32,
        to: i32,
        reason: String,
        rule: String,
    },
    /// A counter turned face up, and where.
    CounterRevealed {
        counter: CounterInfo,
        at: SpaceRef,
        rule: String,
    },
    /// What the player must do on the table (place, move or remove a physical piece).
    TableInstruction {
        text: String,
        rule: String,
    },
    /// What the player keeps in mind, asking nothing of the table (a battle's condition, why it ends, a
    /// roll's effect): said in the log and the result, never a thing to do (issue #50).
    Note {
        text: String,
        rule: String,
    },
    CollierPlaced {
        at: SpaceRef,
    },
    /// 12.0: a German ship's reported move.
    ShipMoved {
        ship: String,
        from: SpaceRef,
        to: SpaceRef,
        speed: crate::ground::action::Speed,
        limit: u8,
    },
    /// A German ship's track moved (damage, coal spent, repairs, corrections).
    TrackChanged {
        ship: String,
        track: crate::ground::action::Track,
        from: u8,
        to: u8,
        reason: String,
        rule: String,
    },
    /// A German warship was sunk (6.3: hull 0, or an incident).
    ShipSunk {
        ship: String,
        reason: String,
        rule: String,
    },
    /// A counter went back to the Incident Pool (face down again), or left play.
    CounterReturned {
        counter: String,
        name: String,
        to: String,
        rule: String,
    },
    /// A German collier was lost.
    CollierLost {
        collier: u8,
        reason: String,
        rule: String,
    },
    /// Incident picks for the German ships in a space (13.0 step 2, 13.2).
    IncidentsPicked {
        space: SpaceRef,
        normal: u8,
        extra: u8,
        drawn: u8,
    },
    /// 11.0: the Intelligence Table result, with the value and roll that gave it.
    IntelligenceResult {
        code: String,
        name: String,
        value: i32,
        rule: String,
    },
    /// 11.0: face-down markers shown to the player only (they stay face down on the map).
    Examined {
        zone: String,
        counters: Vec<CounterInfo>,
        rule: String,
    },
    /// 14.3: the contact procedure's ratings, final result and outcome.
    ContactResolved {
        space: SpaceRef,
        german: i32,
        allied: i32,
        final_roll: i32,
        result: crate::ground::pack::ContactResult,
        rule: String,
        /// Why a Contact 1 is no contact after all (14.3: "Limited Visibility"; 22.0: "night"): the
        /// battle ends. Absent when the table's result stands.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        cancelled: Option<String>,
    },
    /// A value corrected to match the table.
    Corrected {
        what: String,
        from: String,
        to: String,
    },
    /// The last action was undone (the state, RNG included, is as before it).
    Undone {
        entries: u32,
    },
    /// House rule "take-backs after reveals": a decision that rolled or revealed was taken back
    /// (`total` so far in this game).
    TakenBack {
        entries: u32,
        total: u32,
    },
    GameEnded {
        won: bool,
        reason: String,
    },
    /// 8.0: a Crew & Gear item came aboard (`aboard`) or left a ship, and how.
    CargoChanged {
        ship: String,
        item: String,
        name: String,
        aboard: bool,
        how: String,
        rule: String,
    },
    /// 9.2: a Seebataillon landed and holds the port.
    PortCaptured {
        port: String,
        ship: String,
        rule: String,
    },
    /// 9.2: a detachment left without a warship is eliminated.
    MarinesEliminated {
        port: String,
        rule: String,
    },
}

/// An event in a player's words, with the rule it applies: what the UI shows for it (the core writes
/// every word; the UI never re-words an event).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct EventLine {
    pub text: String,
    /// The rule reference, a key of the rule summaries (`data/rules/summaries.json`); empty for none.
    pub rule: String,
}

impl Event {
    /// This event's line: its words and its rule.
    pub fn line(&self, pack: &RulesPack) -> EventLine {
        EventLine {
            text: self.describe(pack),
            rule: self.rule().to_string(),
        }
    }

    /// The rule this event applies, for the log.
    pub fn rule(&self) -> &str {
        match self {
            Event::GameStarted { .. } | Event::SecretSetup { .. } | Event::CollierPlaced { .. } => {
                "3.0"
            }
            Event::TurnStarted { .. } => "4.0",
            Event::PhaseStarted { phase, .. } => phase.rule(),
            Event::DiceRolled { rule, .. }
            | Event::AlertChanged { rule, .. }
            | Event::VpChanged { rule, .. }
            | Event::CounterRevealed { rule, .. }
            | Event::TableInstruction { rule, .. }
            | Event::Note { rule, .. } => rule,
            Event::ShipMoved { .. } => "12.0",
            Event::TrackChanged { rule, .. }
            | Event::ShipSunk { rule, .. }
            | Event::CounterReturned { rule, .. }
            | Event::CollierLost { rule, .. } => rule,
            Event::IncidentsPicked { .. } => "13.0",
            Event::IntelligenceResult { rule, .. }
            | Event::Examined { rule, .. }
            | Event::ContactResolved { rule, .. } => rule,
            Event::Corrected { .. } => "correction",
            Event::Undone { .. } => "",
            Event::TakenBack { .. } | Event::PlayerDiceSet { .. } => "house rule",
            Event::GameEnded { .. } => "17.0",
            Event::PortCaptured { rule, .. }
            | Event::MarinesEliminated { rule, .. }
            | Event::CargoChanged { rule, .. } => rule,
        }
    }

    /// One readable line for the log: a sentence, so it starts with a capital letter.
    pub fn describe(&self, pack: &RulesPack) -> String {
        let text = self.words(pack);
        let mut chars = text.chars();
        match chars.next() {
            Some(first) if first.is_lowercase() => first.to_uppercase().chain(chars).collect(),
            _ => text,
        }
    }

    /// 12.0: a reported move, with its speed band.
    fn moved_line(&self, pack: &RulesPack) -> String {
        let Event::ShipMoved {
            ship,
            from,
            to,
            speed,
            limit,
        } = self
        else {
            unreachable!("called for a move")
        };
        format!(
            "{} moved from {} to {} ({}).",
            ship_name(pack, ship),
            from.describe(pack),
            to.describe(pack),
            speed_words(*speed, *limit)
        )
    }

    /// A track of a ship display moved, and why.
    fn track_line(&self, pack: &RulesPack) -> String {
        let Event::TrackChanged {
            ship,
            track,
            from,
            to,
            reason,
            ..
        } = self
        else {
            unreachable!("called for a track's change")
        };
        format!(
            "{}: {} {from} → {to} ({reason}).",
            ship_name(pack, ship),
            track_name(*track)
        )
    }

    /// 14.3: the contact roll and what it gave.
    fn contact_line(&self, pack: &RulesPack) -> String {
        let Event::ContactResolved {
            space,
            german,
            allied,
            final_roll,
            result,
            cancelled,
            ..
        } = self
        else {
            unreachable!("called for a contact")
        };
        let outcome = match (result, cancelled) {
            // 14.3: a Contact 1 under Limited Visibility or at night is none — said once, not "First Salvo".
            (_, Some(why)) => format!("Contact 1, but no contact under {why}: the battle ends"),
            (crate::ground::pack::ContactResult::NoContact, None) => {
                "no contact: the battle ends".to_string()
            }
            (r, None) => contact_words(*r).to_string(),
        };
        format!(
            "Contact at {}: German {german}, Allied {allied}, final {final_roll}: {outcome}.",
            space.describe(pack),
        )
    }

    /// The setup, the turn, the dice and the tracks here; the rest of play in `words_of_play`, so each
    /// match reads at once and a new event must still be named in this one.
    fn words(&self, pack: &RulesPack) -> String {
        match self {
            Event::GameStarted {
                orders_name,
                last_turn,
                ..
            } => {
                format!(
                    "New game. Orders drawn: {orders_name}; the scenario lasts {last_turn} turns."
                )
            }
            Event::SecretSetup {
                patrol_zones,
                ports,
                pool,
            } => setup_line(patrol_zones, ports, *pool),
            Event::TurnStarted { turn } => format!("Turn {turn} begins."),
            Event::PhaseStarted { phase, .. } => format!("{} phase.", phase_name(*phase)),
            Event::DiceRolled { purpose, faces, .. } if faces.is_empty() => {
                format!("{purpose}: nothing to roll.")
            }
            Event::DiceRolled {
                purpose,
                faces,
                fire,
                by_player,
                ..
            } => dice_line(purpose, faces, fire.as_ref(), *by_player),
            Event::AlertChanged {
                from, to, reason, ..
            } => format!("Alert Level {from} → {to} ({reason})."),
            Event::VpChanged {
                from, to, reason, ..
            } => format!("Victory points {from} → {to} ({reason})."),
            Event::CounterRevealed { counter, at, .. } => {
                format!("Revealed {} at {}.", counter.name, at.describe(pack))
            }
            Event::TableInstruction { text, .. } => format!("On the table: {text}"),
            Event::Note { text, .. } => text.clone(),
            Event::CollierPlaced { at } => format!("Collier placed at {}.", at.describe(pack)),
            Event::ShipMoved { .. }
            | Event::TrackChanged { .. }
            | Event::ShipSunk { .. }
            | Event::CounterReturned { .. }
            | Event::CollierLost { .. }
            | Event::IncidentsPicked { .. }
            | Event::ContactResolved { .. }
            | Event::IntelligenceResult { .. }
            | Event::Examined { .. }
            | Event::Corrected { .. }
            | Event::Undone { .. }
            | Event::TakenBack { .. }
            | Event::PlayerDiceSet { .. }
            | Event::GameEnded { .. }
            | Event::CargoChanged { .. }
            | Event::PortCaptured { .. }
            | Event::MarinesEliminated { .. } => self.words_of_play(pack),
        }
    }

    /// The words of what happened to the ships, the markers and the game in play; `words` names which.
    fn words_of_play(&self, pack: &RulesPack) -> String {
        match self {
            Event::ShipMoved { .. } => self.moved_line(pack),
            Event::TrackChanged { .. } => self.track_line(pack),
            Event::ShipSunk { ship, reason, .. } => {
                format!("{} is sunk ({reason}).", ship_name(pack, ship))
            }
            Event::CounterReturned { name, to, .. } => format!("{name}: {to}."),
            Event::CollierLost {
                collier, reason, ..
            } => format!("Collier {collier} is lost ({reason})."),
            Event::IncidentsPicked {
                space,
                normal,
                extra,
                drawn,
            } => picks_line(pack, space, *normal, *extra, *drawn),
            Event::ContactResolved { .. } => self.contact_line(pack),
            Event::IntelligenceResult { code, name, .. } => {
                format!("Intelligence: {code} — {name}.")
            }
            Event::Examined { zone, counters, .. } => examined_line(pack, zone, counters),
            Event::Corrected { what, from, to } => format!("Correction: {what}: {from} → {to}."),
            Event::Undone { .. } => "Undo: the last decision was taken back.".to_string(),
            Event::TakenBack { total, .. } => {
                format!("Take-back after a reveal (house rule): the last decision, which rolled or revealed, was taken back — take-back {total} of this game.")
            }
            Event::PlayerDiceSet { on: true } => "House rule “I roll the dice” on: you roll the dice the rules have you roll and enter the faces; the referee keeps every hidden draw.".to_string(),
            Event::PlayerDiceSet { on: false } => "House rule “I roll the dice” off: the app rolls the dice again.".to_string(),
            Event::GameEnded { won, reason } => {
                let result = if *won { "you win" } else { "you lose" };
                format!("Game over — {result}: {}", full_stop(reason))
            }
            Event::CargoChanged {
                ship,
                name,
                aboard,
                how,
                rule,
                ..
            } => cargo_line(&ship_name(pack, ship), name, *aboard, how, rule),
            Event::PortCaptured { port, ship, .. } => format!(
                "{} lands its Seebataillon and captures {}.",
                ship_name(pack, ship),
                place_name(pack, port)
            ),
            Event::MarinesEliminated { port, .. } => format!(
                "The Seebataillon at {} is eliminated.",
                place_name(pack, port)
            ),
            _ => unreachable!("`words` answers the setup, the turn, the dice and the tracks"),
        }
    }
}

/// 3.0: what the secret setup put where, in counts (never which counters).
fn setup_line(patrol_zones: &[StackCount], ports: &[StackCount], pool: u32) -> String {
    let zones: u32 = patrol_zones.iter().map(|z| z.count).sum();
    let defenses: u32 = ports.iter().map(|p| p.count).sum();
    format!(
        "Secret setup: {} face down in the patrol zones, {} in Allied ports, {pool} in the Incident Pool.",
        crate::ground::words::count(zones, "counter", "counters"),
        crate::ground::words::count(defenses, "coastal defense unit", "coastal defense units")
    )
}

/// A roll's faces; a fire's line ends with what it did ("→ 3 hits").
fn dice_line(purpose: &str, faces: &[u8], fire: Option<&FireRoll>, by_player: bool) -> String {
    let f: Vec<String> = faces.iter().map(|d| d.to_string()).collect();
    let rolled = if by_player { "you rolled" } else { "rolled" };
    match fire {
        Some(fire) => {
            let hits = faces
                .iter()
                .filter(|d| **d > 6 - fire.hitting_faces)
                .count();
            format!(
                "{purpose}: {rolled} {} → {}.",
                f.join(", "),
                crate::ground::words::count(hits as i64, "hit", "hits")
            )
        }
        None => format!("{purpose}: {rolled} {}", f.join(", ")),
    }
}

/// 11.2: the markers examined, to be kept face down.
fn examined_line(pack: &RulesPack, zone: &str, counters: &[CounterInfo]) -> String {
    let names: Vec<&str> = counters.iter().map(|c| c.name.as_str()).collect();
    format!(
        "You examined {} (keep it face down): {}.",
        place_name(pack, zone),
        names.join(", ")
    )
}

/// 8.0: cargo loaded, dumped or moved. The rulebook's word for 8.3 is "dump", and says how.
fn cargo_line(ship: &str, name: &str, aboard: bool, how: &str, rule: &str) -> String {
    match (aboard, rule) {
        (true, _) => format!("{ship}: {name} aboard ({how})."),
        (false, "8.3") => format!("{ship}: {name} dumped ({how})."),
        // Handed over, laid, lost with its boxes: the how says where it went.
        (false, _) => format!("{ship}: {name} {how}."),
    }
}

/// A place of the pack by its name; an id the pack lacks as it is.
pub(crate) fn place_name<'a>(pack: &'a RulesPack, id: &'a str) -> &'a str {
    pack.place(id).map(|p| p.name.as_str()).unwrap_or(id)
}

/// 12.1–12.3: the speed band a ship moved at, in words, with the spaces it allows.
fn speed_words(speed: crate::ground::action::Speed, limit: u8) -> String {
    match speed {
        crate::ground::action::Speed::Stay => "stayed".to_string(),
        crate::ground::action::Speed::Cruise => format!(
            "cruise speed, up to {}",
            crate::ground::words::count(limit, "space", "spaces")
        ),
        crate::ground::action::Speed::Maximum => format!(
            "maximum speed, up to {}",
            crate::ground::words::count(limit, "space", "spaces")
        ),
        crate::ground::action::Speed::Emergency => format!(
            "emergency speed, up to {}",
            crate::ground::words::count(limit, "space", "spaces")
        ),
    }
}

/// A reason as the end of a sentence: with its full stop.
fn full_stop(text: &str) -> String {
    if text.ends_with(['.', '!', '?']) {
        text.to_string()
    } else {
        format!("{text}.")
    }
}

/// 14.3: a Contact Table result in words.
fn contact_words(result: crate::ground::pack::ContactResult) -> &'static str {
    match result {
        crate::ground::pack::ContactResult::NoContact => "no contact",
        crate::ground::pack::ContactResult::GermanFirstSalvoContact1 => {
            "German First Salvo (Contact 1)"
        }
        crate::ground::pack::ContactResult::GermanFirstSalvoContact2 => {
            "German First Salvo (Contact 2)"
        }
        crate::ground::pack::ContactResult::AlliedFirstSalvoContact1 => {
            "Allied First Salvo (Contact 1)"
        }
        crate::ground::pack::ContactResult::AlliedFirstSalvoContact2 => {
            "Allied First Salvo (Contact 2)"
        }
    }
}

pub fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::NoGame => "No game",
        Phase::Setup => "Setup",
        Phase::Outfitting => "Outfitting & Repair",
        Phase::Intelligence => "Intelligence",
        Phase::Movement => "Movement",
        Phase::Incident => "Incident",
        Phase::NavalCombat => "Naval Combat",
        Phase::CommerceRaiding => "Commerce Raiding",
        Phase::ShoreBombardment => "Shore Bombardment",
        Phase::Objective => "Objective",
        Phase::GameOver => "Game over",
        Phase::CupOnly => "Cup only",
    }
}

/// A German ship's name, or an Austro-Hungarian ship's (20.0: a counter of the pack that moves like one).
pub fn ship_name(pack: &RulesPack, id: &str) -> String {
    let name = pack
        .german_ship(id)
        .map(|s| &s.name)
        .or_else(|| pack.counter(id).map(|c| &c.name));
    name.cloned().unwrap_or_else(|| id.to_string())
}

pub fn track_name(track: crate::ground::action::Track) -> &'static str {
    use crate::ground::action::Track::*;
    match track {
        Leadership => "leadership",
        Engines => "engines",
        Hull => "hull",
        Primary => "primary guns",
        Secondary => "secondary guns",
        Tertiary => "tertiary guns",
        Ammunition => "ammunition",
        Torpedoes => "torpedoes",
        Coal => "reserve coal",
    }
}

/// 13.0 / 13.2: the Incident picks of a space, saying why there are none (a count of nothing
/// says why) and when the pool ran short.
fn picks_line(pack: &RulesPack, space: &SpaceRef, normal: u8, extra: u8, drawn: u8) -> String {
    let place = space.describe(pack);
    if normal + extra == 0 {
        let why = if space.place_id() == Some("constantinople") {
            "never in Constantinople"
        } else {
            "none in a friendly or neutral port below Alert 4"
        };
        return format!("No incident picks at {place} (13.2: {why}).");
    }
    let plus = if extra > 0 {
        format!(" plus {extra} for the enemy port")
    } else {
        String::new()
    };
    // Said once: "4, drawn from the pool", not "4; 4 drawn from the pool" (issue #50).
    if drawn < normal + extra {
        format!(
            "Incident picks at {place}: {normal}{plus}; only {drawn} drawn (the pool ran short)."
        )
    } else {
        format!("Incident picks at {place}: {normal}{plus}, drawn from the pool.")
    }
}
