//! Random events of seed 004 (Advanced Tactical Rules 2 and the "Tactical Random Events" table;
//! Advanced Strategic Rules 5 and the "Strategic Random Events" table): two dice pick an entry; an entry
//! that strikes one side only is given a side by one more die (1–3 Central Powers, 4–6 Allied).
//!
//! Entries are summarised in our own words. Readings (docs/TOOLS.md, "Random events"): "Fire Control
//! Difficulties" rolled on its own affects every shot of the next combat segment, both sides; "Surprise!"
//! always strikes the non-initiative side, so it takes no side die; entry 8 of the tactical table is
//! decided by whether smoke was used, which the players know and the tool does not.

use crate::player::Player;
use crate::tool::{TableTool, ToolLog};
use crate::{name, ErrorCode, LogEntry, ToolResponse, ToolSession, LOG_MAX};
use strum::VariantNames;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use goeben_common::dice::Dice;

/// Which table to roll on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum EventTable {
    /// Rolled before each movement segment marked (RE) in the revised tactical sequence (004 Tactical 1–2).
    Tactical,
    /// Rolled at the start of each turn, before the Orders Phase (004 Strategic 5).
    Strategic,
}

/// Whom an entry strikes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Applies {
    /// Nobody in particular (both sides, or nothing happens).
    Everyone,
    /// One side, chosen by the side die.
    OneSide,
    /// The side without the initiative (no side die).
    NonInitiativeSide,
}

/// What a Leader does to an entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum LeaderEffect {
    None,
    /// With a Leader present, the owner rolls a die and ignores the entry on 1–3.
    IgnoredOnOneToThree,
    /// A Leader (or the mission named in the summary) lets the owner ignore the entry outright.
    MayIgnore,
}

/// One entry of a random events table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
pub struct EventEntry {
    /// Total of two dice, 2..=12.
    pub roll: u8,
    /// The entry's name as printed (a title, not a sentence).
    pub name: &'static str,
    /// What happens, in our words.
    pub summary: &'static str,
    pub applies: Applies,
    pub leader: LeaderEffect,
}

const fn e(
    roll: u8,
    name: &'static str,
    applies: Applies,
    leader: LeaderEffect,
    summary: &'static str,
) -> EventEntry {
    EventEntry {
        roll,
        name,
        summary,
        applies,
        leader,
    }
}

use Applies::*;
use LeaderEffect::{IgnoredOnOneToThree, MayIgnore, None as NoLeader};

const NO_EVENT: &str = "Nothing happens.";

/// Tactical Random Events table of seed 004, indexed by roll - 2.
pub const TACTICAL_EVENTS: [EventEntry; 11] = [
    e(2, "Shields Up", OneSide, NoLeader, "After the enemy names the ships firing at it, the struck side picks one of its ships: hits on it this turn do not count, and those firers may not switch to another target this segment."),
    e(3, "The Fog Lifts", Everyone, NoLeader, "Visibility grows by one area, up to its maximum (3 by day, 1 by night); already at the maximum, nothing happens."),
    e(4, "Fire Control Difficulties", Everyone, NoLeader, "Next combat segment, every shot takes 1 off its to-hit roll; where a 6 is needed, each 6 is confirmed by another die (1-4 hits, 5-6 misses)."),
    e(5, "Fog of War", Everyone, NoLeader, "Visibility shrinks by one area for the rest of the battle."),
    e(6, "No Event", Everyone, NoLeader, NO_EVENT),
    e(7, "Surprise!", NonInitiativeSide, IgnoredOnOneToThree, "Only in the first round of a combat not born of a pursuit (else nothing happens): the non-initiative side suffers Confusion Reigns and Fire Control Difficulties; with a Leader, a 1-3 cancels the fire control part only. Once in the first round, unless that side is coaling, bombarding or laying mines."),
    e(8, "Smoke", Everyone, NoLeader, "If anyone declared smoke last segment this is Fog of War; otherwise nothing happens."),
    e(9, "Damage Control", OneSide, NoLeader, "One ship of the struck side repairs one damaged box, or one level of a speed hit, at once."),
    e(10, "Confusion Reigns", OneSide, IgnoredOnOneToThree, "No ship of the struck side may move in the coming movement segment."),
    e(11, "Torpedo Attack!", OneSide, NoLeader, "One small-ship group (DD, DL or TB) of the struck side with speed 2 or 2+ within 3 areas of the enemy may move 2 areas and attack with torpedoes; its target group is named first and may not move this segment; only secondary and tertiary guns may fire at the attackers, with 1 added to their to-hit roll. No such group: nothing happens."),
    e(12, "Mass Confusion Reigns", OneSide, IgnoredOnOneToThree, "Confusion Reigns and Fire Control Difficulties strike every group of the struck side; the opponent may also move one of its groups 1 area, and in the combat segment fires half a die (round down) of its ships at others of its ships in a different area next to or with the enemy, resolved without the fire control penalty."),
];

/// Strategic Random Events table of seed 004, indexed by roll - 2.
pub const STRATEGIC_EVENTS: [EventEntry; 11] = [
    e(2, "Rogue Mine", OneSide, NoLeader, "A random ship of a random fleet of the struck side, in a coastal zone if there is one, takes a mine hit."),
    e(3, "Condenser Problems", OneSide, NoLeader, "A random ship of the struck side (from a fleet that moved 2 zones last turn if possible) must head back to port at once, its speed one lower but not below 1s."),
    e(4, "Erroneous Report", OneSide, IgnoredOnOneToThree, "A random fleet of the struck side on a Raid or Intercept mission plots three turns of moves now and no new orders for the next two turns, unless This Just In or Situation Clarifies comes up."),
    e(5, "Situation Clarifies", OneSide, NoLeader, "One Raid or Intercept fleet of the struck side, chosen by its owner, replots next turn's move and the one after."),
    e(6, "No Event", Everyone, NoLeader, NO_EVENT),
    e(7, "No Event", Everyone, NoLeader, NO_EVENT),
    e(8, "No Event", Everyone, NoLeader, NO_EVENT),
    e(9, "Neutral Report", OneSide, NoLeader, "A random fleet of the struck side is seen: its owner shows its ships and names the zone it enters next Move Fleets phase."),
    e(10, "This Just In", OneSide, NoLeader, "One Raid or Intercept fleet of the struck side, chosen by its owner, may change all its orders at once, this turn's included."),
    e(11, "Danger Ahead!", OneSide, NoLeader, "A random fleet of the struck side stays put this turn; a fleet plotted for 2 zones burns fuel for 1."),
    e(12, "All is Lost!", OneSide, MayIgnore, "A random fleet of the struck side aborts its mission; fleets with a Leader, or on transport or escort missions, may ignore it."),
];

/// The table's entries in roll order.
pub fn table(which: EventTable) -> &'static [EventEntry; 11] {
    match which {
        EventTable::Tactical => &TACTICAL_EVENTS,
        EventTable::Strategic => &STRATEGIC_EVENTS,
    }
}

/// The entry for a two-dice total.
pub fn entry(which: EventTable, total: u8) -> &'static EventEntry {
    assert!(
        (2..=12).contains(&total),
        "two dice total 2..=12, not {total}"
    );
    let entry = &table(which)[total as usize - 2];
    debug_assert_eq!(entry.roll, total);
    entry
}

/// The side an entry strikes when it strikes one side only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    CentralPowers,
    Allied,
}

/// The side die: 1–3 the Central Powers, 4–6 the Allies.
pub fn side_for(die: u8) -> Side {
    assert!((1..=6).contains(&die), "a side die shows 1..=6, not {die}");
    if die <= 3 {
        Side::CentralPowers
    } else {
        Side::Allied
    }
}

/// A roll on a random events table with every die shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
pub struct EventRoll {
    pub table: EventTable,
    pub dice: [u8; 2],
    pub entry: EventEntry,
    /// The side die, rolled only for entries that strike one side.
    pub side_die: Option<u8>,
    pub side: Option<Side>,
}

/// Rolls two dice on the table, and the side die when the entry needs it.
pub fn roll(which: EventTable, dice: &mut Dice) -> EventRoll {
    let faces = [dice.d6(), dice.d6()];
    let entry = *entry(which, faces[0] + faces[1]);
    let side_die = (entry.applies == Applies::OneSide).then(|| dice.d6());
    EventRoll {
        table: which,
        dice: faces,
        entry,
        side_die,
        side: side_die.map(side_for),
    }
}

/// The requests of the random events (seed 004): its part of `ToolAction`, tagged by `"tool"`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, VariantNames)]
#[serde(tag = "tool", rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum EventAction {
    /// Roll on a random events table of seed 004.
    RollEvent { player: Player, table: EventTable },
}

/// The answers of the random events (seed 004): its part of `ToolResponse`, tagged by `"tool"`.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[serde(tag = "tool", rename_all = "snake_case")]
pub enum EventAnswer {
    EventRolled { by: Player, roll: EventRoll },
}

/// The log entries of the random events (seed 004): its part of `LogEntry`, tagged by `"entry"`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, VariantNames)]
#[serde(tag = "entry", rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum EventLogEntry {
    EventRolled {
        by: Player,
        table: EventTable,
        dice: [u8; 2],
        side_die: Option<u8>,
    },
}

impl TableTool for EventAction {
    fn respond(self, session: &mut ToolSession) -> ToolResponse {
        let EventAction::RollEvent { player, table } = self;
        session.roll_event(player, table)
    }

    fn acting_player(&self) -> Option<Player> {
        let EventAction::RollEvent { player, .. } = self;
        Some(*player)
    }
}

impl ToolLog for EventLogEntry {
    fn text(&self) -> String {
        let EventLogEntry::EventRolled {
            by,
            table,
            dice,
            side_die,
        } = self;
        let rolled = self::entry(*table, dice[0] + dice[1]);
        let side = side_die
            .map(|d| format!(", side die {d}: {:?}", side_for(d)))
            .unwrap_or_default();
        format!(
            "Player {} rolled {:?} events {}+{}: {}{side}.",
            name(*by),
            table,
            dice[0],
            dice[1],
            rolled.name
        )
    }
}

impl ToolSession {
    fn roll_event(&mut self, player: Player, table: EventTable) -> ToolResponse {
        if self.log.len() >= LOG_MAX {
            return ToolResponse::error(
                ErrorCode::LogFull,
                "this session's log is full; start a new session",
            );
        }
        let roll = roll(table, &mut self.dice);
        self.log.push(LogEntry::Event(EventLogEntry::EventRolled {
            by: player,
            table,
            dice: roll.dice,
            side_die: roll.side_die,
        }));
        ToolResponse::Event(EventAnswer::EventRolled { by: player, roll })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_tables_list_every_total_in_order() {
        for which in [EventTable::Tactical, EventTable::Strategic] {
            for (i, e) in table(which).iter().enumerate() {
                assert_eq!(e.roll as usize, i + 2);
                assert!(!e.summary.is_empty());
            }
        }
        assert_eq!(entry(EventTable::Tactical, 11).name, "Torpedo Attack!");
        assert_eq!(entry(EventTable::Strategic, 12).name, "All is Lost!");
    }

    #[test]
    fn a_one_side_entry_rolls_the_side_die() {
        // Tactical 1+3 = 4 Fire Control Difficulties strikes everyone: no side die, the 5 stays unused.
        let mut dice = Dice::from_seed(1);
        dice.script([1, 3, 5]);
        let r = roll(EventTable::Tactical, &mut dice);
        assert_eq!(r.dice, [1, 3]);
        assert_eq!(r.entry.name, "Fire Control Difficulties");
        assert_eq!(r.side_die, None, "an entry for everyone takes no side die");
        assert!(!dice.script_is_empty(), "the third face is left unused");
        // Tactical 5+6 = 11 Torpedo Attack! strikes one side: the side die 4 gives the Allies.
        let mut dice = Dice::from_seed(1);
        dice.script([5, 6, 4]);
        let r = roll(EventTable::Tactical, &mut dice);
        assert_eq!(r.entry.name, "Torpedo Attack!");
        assert_eq!((r.side_die, r.side), (Some(4), Some(Side::Allied)));
        assert!(dice.script_is_empty());
    }

    #[test]
    fn surprise_strikes_the_non_initiative_side_without_a_side_die() {
        let mut dice = Dice::from_seed(2);
        dice.script([3, 4]);
        let r = roll(EventTable::Tactical, &mut dice);
        assert_eq!(r.entry.name, "Surprise!");
        assert_eq!(r.entry.applies, Applies::NonInitiativeSide);
        assert_eq!(r.side, None);
    }

    #[test]
    fn side_die_splits_three_and_three() {
        assert_eq!(
            (1..=6)
                .map(side_for)
                .filter(|s| *s == Side::CentralPowers)
                .count(),
            3
        );
        assert_eq!(side_for(3), Side::CentralPowers);
        assert_eq!(side_for(4), Side::Allied);
    }

    #[test]
    fn strategic_no_event_is_the_middle_of_the_curve() {
        // 6, 7 and 8 are No Event: 16 of 36 combinations.
        let quiet = (1..=6u8)
            .flat_map(|a| (1..=6u8).map(move |b| a + b))
            .filter(|&t| entry(EventTable::Strategic, t).name == "No Event")
            .count();
        assert_eq!(quiet, 16);
    }
}
