//! Die procedures of seeds 003 and 004 that the players would otherwise roll and read by hand: port
//! repair, shore batteries and damage control (seed 004, Advanced Strategic Rules 9–11), the optional
//! rules "Always Possible" and "Automatic Disengagement" (seed 003), and the submarine attack and ASW
//! rolls and sub versus sub (seed 003, "Submarines (15.0)"), and the sweep roll of ships other than
//! minesweepers (seed 003, "Mine Warfare (13.0)"). Also the minefield density wording (seed 004, Advanced
//! Strategic Rules 7), which is words, not dice.
//!
//! Each `read_*` function is pure: it takes the faces rolled and answers a [`ProcedureRoll`] with the
//! dice, the modifier, the modified results and the outcome in our own words; [`roll`] rolls the faces
//! with the session's dice. Seed 003's rules have headings, not numbers, so they are cited by heading.

use crate::player::Player;
use crate::tool::{TableTool, ToolLog};
use crate::{name, ErrorCode, LogEntry, ToolResponse, ToolSession, LOG_MAX};
use strum::VariantNames;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use goeben_common::dice::Dice;

/// Most dice an "Always Possible" attempt may take (a bound: beyond this the chance is below 1 in 2
/// billion, and the request is refused).
pub const ALWAYS_POSSIBLE_DICE_MAX: u32 = 12;
/// Most damaged boxes one damage-control request takes (a bound, far above any ship).
pub const DAMAGED_BOXES_MAX: u32 = 100;
/// Most escorts one ASW roll takes (a bound, far above any fleet).
pub const ESCORTS_MAX: u32 = 200;
/// Largest sighting distance, in hexes, the disengagement roll takes (a bound).
pub const SIGHTING_MAX: u32 = 50;

/// Which procedure was rolled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ProcedureKind {
    PortRepair,
    ShoreBatteries,
    DamageControl,
    AlwaysPossible,
    AutomaticDisengagement,
    SubmarineAttack,
    Asw,
    SubVersusSub,
    MineSweep,
}

impl ProcedureKind {
    /// The seed and heading the procedure applies.
    pub fn source(self) -> &'static str {
        match self {
            ProcedureKind::PortRepair => {
                "Great War at Sea advanced rules, Advanced Strategic Rules 9 (Port Repair)"
            }
            ProcedureKind::ShoreBatteries => {
                "Great War at Sea advanced rules, Advanced Strategic Rules 10 (Shore Batteries)"
            }
            ProcedureKind::DamageControl => {
                "Great War at Sea advanced rules, Advanced Strategic Rules 11 (Damage Control)"
            }
            ProcedureKind::AlwaysPossible => {
                "The Turkish Black Sea Fleet, Optional Rules, Always Possible"
            }
            ProcedureKind::AutomaticDisengagement => {
                "The Turkish Black Sea Fleet, Optional Rules, Automatic Disengagement"
            }
            ProcedureKind::SubmarineAttack => {
                "The Turkish Black Sea Fleet, Submarines (15.0), attack roll"
            }
            ProcedureKind::Asw => "The Turkish Black Sea Fleet, Submarines (15.0), ASW",
            ProcedureKind::SubVersusSub => {
                "The Turkish Black Sea Fleet, Submarines (15.0), Sub versus Sub"
            }
            ProcedureKind::MineSweep => {
                "The Turkish Black Sea Fleet, Mine Warfare (13.0), sweeping by ships other than MS"
            }
        }
    }
}

/// A port's size for repairs (seed 004, Advanced Strategic Rules 9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum PortSize {
    Major,
    Minor,
}

/// One procedure's roll, read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct ProcedureRoll {
    pub procedure: ProcedureKind,
    pub source: &'static str,
    /// Every die rolled, in order.
    pub dice: Vec<u8>,
    /// Added to each die (negative to subtract); 0 when the rule modifies nothing.
    pub modifier: i32,
    /// Each die with the modifier.
    pub modified: Vec<i32>,
    /// Whether the procedure's aim came about (repair made, attack possible, submarine sunk, battle ended
    /// before any choice, all sixes). For shore batteries, always true.
    pub success: bool,
    /// A count the procedure yields: guns for shore batteries, boxes repaired by damage control.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u32>,
    /// The outcome in words.
    pub outcome: String,
}

fn roll_of(
    procedure: ProcedureKind,
    dice: Vec<u8>,
    modifier: i32,
    success: bool,
    count: Option<u32>,
    outcome: String,
) -> ProcedureRoll {
    let modified = dice.iter().map(|&d| d as i32 + modifier).collect();
    ProcedureRoll {
        procedure,
        source: procedure.source(),
        dice,
        modifier,
        modified,
        success,
        count,
        outcome,
    }
}

fn check_d6(die: u8) {
    assert!((1..=6).contains(&die), "a die shows 1..=6, not {die}");
}

/// Seed 004, Advanced Strategic Rules 9 "Port Repair": a damaged ship rolls once for each turn it stays
/// in port. A major port repairs one box or one level of movement (the owner's choice) on 1–2; a minor
/// port repairs one box on a 1.
pub fn read_port_repair(port: PortSize, die: u8) -> ProcedureRoll {
    check_d6(die);
    let (success, outcome) = match port {
        PortSize::Major if die <= 2 => (
            true,
            "Repaired: one box of damage, or one level of movement, as the owner chooses.",
        ),
        PortSize::Major => (false, "No repair this turn (a major port repairs on 1-2)."),
        PortSize::Minor if die == 1 => (true, "Repaired: one box of damage."),
        PortSize::Minor => (
            false,
            "No repair this turn (a minor port repairs on a 1 only).",
        ),
    };
    roll_of(
        ProcedureKind::PortRepair,
        vec![die],
        0,
        success,
        None,
        outcome.into(),
    )
}

/// Seed 004, Advanced Strategic Rules 10 "Shore Batteries": one die per port at the start of the game,
/// halved and rounded up, gives the port's primary guns.
pub fn read_shore_batteries(die: u8) -> ProcedureRoll {
    check_d6(die);
    let guns = (die as u32).div_ceil(2);
    let outcome = format!(
        "The port has {guns} primary gun{} against ships attacking ships in it.",
        if guns == 1 { "" } else { "s" }
    );
    roll_of(
        ProcedureKind::ShoreBatteries,
        vec![die],
        0,
        true,
        Some(guns),
        outcome,
    )
}

/// Seed 004, Advanced Strategic Rules 11 "Damage Control": for a ship damaged last turn, each 1–2
/// repairs one box (or adjusts a speed hit) and earns another roll; a 3–6 ends the attempt. `faces` are
/// the dice in order; reading stops at the first 3–6 or once `damaged_boxes` are all repaired (nothing
/// is left to roll for). Answers the dice actually used.
pub fn read_damage_control(
    damaged_boxes: u32,
    faces: impl IntoIterator<Item = u8>,
) -> ProcedureRoll {
    let mut dice = Vec::new();
    let mut repaired = 0;
    for die in faces {
        if repaired >= damaged_boxes {
            break;
        }
        check_d6(die);
        dice.push(die);
        if die > 2 {
            break;
        }
        repaired += 1;
    }
    let outcome = match (repaired, repaired == damaged_boxes) {
        (0, _) => "No repair: the first die was 3 or more.".to_string(),
        (n, true) => format!("{n} box{} repaired (or speed hits adjusted): every damaged box is mended.", plural_es(n)),
        (n, false) => format!("{n} box{} repaired (or speed hits adjusted); the last die, 3 or more, ends the attempt.", plural_es(n)),
    };
    roll_of(
        ProcedureKind::DamageControl,
        dice,
        0,
        repaired > 0,
        Some(repaired),
        outcome,
    )
}

fn plural_es(n: u32) -> &'static str {
    if n == 1 {
        ""
    } else {
        "es"
    }
}

/// Dice an "Always Possible" attempt takes, or why it is refused (seed 003, Optional Rules). See
/// [`super::calculators::always_possible_dice`].
pub fn always_possible_count(highest_modified_roll: i32, needed: i32) -> Result<u32, String> {
    let shortfall = (needed as i64) - (highest_modified_roll as i64);
    if shortfall <= 0 {
        return Err(format!(
            "a roll of {highest_modified_roll} can reach {needed}: roll normally"
        ));
    }
    let dice = shortfall + 1;
    if dice > ALWAYS_POSSIBLE_DICE_MAX as i64 {
        return Err(format!(
            "that would take {dice} dice; this tool rolls at most {ALWAYS_POSSIBLE_DICE_MAX}"
        ));
    }
    Ok(dice as u32)
}

/// Seed 003, Optional Rules "Always Possible": the attempt succeeds only if every die is a six.
pub fn read_always_possible(dice: Vec<u8>) -> ProcedureRoll {
    dice.iter().for_each(|&d| check_d6(d));
    let success = dice.iter().all(|&d| d == 6);
    let outcome = match success {
        true => format!("All {} dice are sixes: the attempt succeeds.", dice.len()),
        false => format!("Not all {} dice are sixes: the attempt fails.", dice.len()),
    };
    roll_of(
        ProcedureKind::AlwaysPossible,
        dice,
        0,
        success,
        None,
        outcome,
    )
}

/// The range modifier of seed 003 "Automatic Disengagement": minus one per hex the closest opposing
/// units are inside the maximum sighting distance, halved (rounded down) on night turns. Answered as
/// a number to subtract.
pub fn disengagement_range_penalty(max_sighting: u32, range: u32, night: bool) -> u32 {
    let inside = max_sighting.saturating_sub(range);
    if night {
        inside / 2
    } else {
        inside
    }
}

/// Seed 003, Optional Rules "Automatic Disengagement", at the end of a combat round: the die, less the
/// range penalty, ends the battle on 5 or more. The initiative player, and a player whose every ship is
/// faster than every enemy ship (`speed_advantage`), may each then add or subtract one: the answer says
/// whether those choices can still change the outcome.
pub fn read_disengagement(
    die: u8,
    max_sighting: u32,
    range: u32,
    night: bool,
    speed_advantage: bool,
) -> ProcedureRoll {
    check_d6(die);
    let penalty = disengagement_range_penalty(max_sighting.min(SIGHTING_MAX), range, night) as i32;
    let base = die as i32 - penalty;
    let choices = 1 + speed_advantage as i32;
    let who = if speed_advantage {
        "the initiative player and the faster side"
    } else {
        "the initiative player"
    };
    let outcome = if base - choices >= 5 {
        format!("{base}: the battle ends, whatever {who} choose(s).")
    } else if base + choices < 5 {
        format!("{base}: the battle goes on for another round, whatever {who} choose(s).")
    } else if base >= 5 {
        format!("{base}: the battle ends unless {who} subtract(s) one each to bring it below 5.")
    } else {
        format!("{base}: the battle goes on unless {who} add(s) one each to bring it to 5 or more.")
    };
    roll_of(
        ProcedureKind::AutomaticDisengagement,
        vec![die],
        -penalty,
        base >= 5,
        None,
        outcome,
    )
}

/// Seed 003, "Submarines (15.0)": a submarine that made contact rolls one die, less one if the target
/// fleet moved two sea zones this turn; on 4 or more it may attack, else it found no firing position.
pub fn read_submarine_attack(die: u8, target_moved_two: bool) -> ProcedureRoll {
    check_d6(die);
    let modifier = -(target_moved_two as i32);
    let success = die as i32 + modifier >= 4;
    let outcome = match success {
        true => "The submarine may attack the fleet.",
        false => "No attack: the submarine could not reach a firing position.",
    };
    roll_of(
        ProcedureKind::SubmarineAttack,
        vec![die],
        modifier,
        success,
        None,
        outcome.into(),
    )
}

/// The ASW modifier of seed 003 "Submarines (15.0)": one per three escorts, or per four before 1918,
/// fractions dropped.
pub fn asw_modifier(escorts: u32, before_1918: bool) -> i32 {
    (escorts / if before_1918 { 4 } else { 3 }) as i32
}

/// Seed 003, "Submarines (15.0)", ASW: with escorts in the target fleet, one die plus the escort
/// modifier sinks the submarine on 6 or more. When it is sunk, a second die with the same modifier says
/// when: 4 or less after its attack, 5 or more before it. `second` is read only when the first sinks.
pub fn read_asw(escorts: u32, before_1918: bool, first: u8, second: Option<u8>) -> ProcedureRoll {
    check_d6(first);
    let modifier = asw_modifier(escorts, before_1918);
    if first as i32 + modifier < 6 {
        return roll_of(
            ProcedureKind::Asw,
            vec![first],
            modifier,
            false,
            None,
            "The submarine escapes the escorts.".into(),
        );
    }
    let second = second.expect("a sunk submarine rolls a second die");
    check_d6(second);
    let outcome = match second as i32 + modifier <= 4 {
        true => "The submarine is sunk after it makes its attack.",
        false => "The submarine is sunk before it can attack.",
    };
    roll_of(
        ProcedureKind::Asw,
        vec![first, second],
        modifier,
        true,
        None,
        outcome.into(),
    )
}

/// Seed 003, "Submarines (15.0)", Sub versus Sub: two dice; only a 12 destroys the enemy submarine.
pub fn read_sub_versus_sub(dice: [u8; 2]) -> ProcedureRoll {
    dice.iter().for_each(|&d| check_d6(d));
    let success = dice == [6, 6];
    let outcome = match success {
        true => "12: the enemy submarine is destroyed.",
        false => "Less than 12: the enemy submarine survives.",
    };
    roll_of(
        ProcedureKind::SubVersusSub,
        dice.to_vec(),
        0,
        success,
        None,
        outcome.into(),
    )
}

/// Seed 003, "Mine Warfare (13.0)": a ship the scenario lets sweep, other than an MS, reads its sweep
/// die this way instead of the base game's: 1 the sweeper is destroyed, 2–4 nothing, 5–6 one minefield
/// is removed.
pub fn read_mine_sweep(die: u8) -> ProcedureRoll {
    check_d6(die);
    let (success, outcome) = match die {
        1 => (false, "The sweeping ship is destroyed."),
        2..=4 => (false, "No effect."),
        _ => (true, "One minefield is removed."),
    };
    roll_of(
        ProcedureKind::MineSweep,
        vec![die],
        0,
        success,
        None,
        outcome.into(),
    )
}

/// A die procedure with what it needs, for [`roll`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Procedure {
    PortRepair {
        port: PortSize,
    },
    ShoreBatteries,
    DamageControl {
        damaged_boxes: u32,
    },
    AlwaysPossible {
        dice: u32,
    },
    AutomaticDisengagement {
        max_sighting: u32,
        range: u32,
        night: bool,
        speed_advantage: bool,
    },
    SubmarineAttack {
        target_moved_two: bool,
    },
    Asw {
        escorts: u32,
        before_1918: bool,
    },
    SubVersusSub,
    MineSweep,
}

/// Rolls a procedure with the session's dice (inputs already checked by the caller).
pub fn roll(procedure: Procedure, dice: &mut Dice) -> ProcedureRoll {
    match procedure {
        Procedure::PortRepair { port } => read_port_repair(port, dice.d6()),
        Procedure::ShoreBatteries => read_shore_batteries(dice.d6()),
        Procedure::DamageControl { damaged_boxes } => {
            let mut faces = Vec::new();
            let mut repaired = 0;
            while repaired < damaged_boxes {
                let die = dice.d6();
                faces.push(die);
                if die > 2 {
                    break;
                }
                repaired += 1;
            }
            read_damage_control(damaged_boxes, faces)
        }
        Procedure::AlwaysPossible { dice: n } => read_always_possible(dice.d6s(n as usize)),
        Procedure::AutomaticDisengagement {
            max_sighting,
            range,
            night,
            speed_advantage,
        } => read_disengagement(dice.d6(), max_sighting, range, night, speed_advantage),
        Procedure::SubmarineAttack { target_moved_two } => {
            read_submarine_attack(dice.d6(), target_moved_two)
        }
        Procedure::Asw {
            escorts,
            before_1918,
        } => {
            let first = dice.d6();
            let sinks = first as i32 + asw_modifier(escorts, before_1918) >= 6;
            read_asw(escorts, before_1918, first, sinks.then(|| dice.d6()))
        }
        Procedure::SubVersusSub => read_sub_versus_sub([dice.d6(), dice.d6()]),
        Procedure::MineSweep => read_mine_sweep(dice.d6()),
    }
}

/// Seed 004, Advanced Strategic Rules 7 "Minefields": the words a minefield's owner uses for how many
/// fields lie on a boundary near a base or a Turkish Straits zone, instead of the number. `None` for no
/// field (nothing to announce).
pub fn minefield_density(fields: u32) -> Option<&'static str> {
    match fields {
        0 => None,
        1 | 2 => Some("Lightly mined"),
        3 | 4 => Some("Moderately mined"),
        5 | 6 => Some("Heavily mined"),
        _ => Some("Very heavily mined"),
    }
}

/// The requests of the die procedures (seeds 003-004): its part of `ToolAction`, tagged by `"tool"`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS, VariantNames)]
#[serde(tag = "tool", rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum ProcedureAction {
    /// Seed 004 Strategic 9: one turn's repair roll for a damaged ship in port.
    PortRepair { player: Player, port: PortSize },
    /// Seed 004 Strategic 10: a port's primary guns, rolled at the start of the game.
    ShoreBatteries { player: Player },
    /// Seed 004 Strategic 11: damage-control rolls for one ship, repeated while they repair.
    DamageControl { player: Player, damaged_boxes: u32 },
    /// Seed 003 optional rule Always Possible: roll the extra dice; all sixes succeed.
    AlwaysPossible {
        player: Player,
        highest_roll: i32,
        needed: i32,
    },
    /// Seed 003 optional rule Automatic Disengagement, at the end of a combat round.
    AutomaticDisengagement {
        player: Player,
        max_sighting: u32,
        range: u32,
        night: bool,
        speed_advantage: bool,
    },
    /// Seed 003 Submarines (15.0): may a submarine that made contact attack?
    SubmarineAttack {
        player: Player,
        target_moved_two: bool,
    },
    /// Seed 003 Submarines (15.0), ASW: do the target fleet's escorts sink the submarine, and when?
    Asw {
        player: Player,
        escorts: u32,
        before_1918: bool,
    },
    /// Seed 003 Submarines (15.0), Sub versus Sub: two dice, 12 destroys the revealed enemy submarine.
    SubVersusSub { player: Player },
    /// Seed 003 Mine Warfare (13.0): the sweep roll of a ship other than an MS allowed to sweep.
    MineSweep { player: Player },
}

/// The answers of the die procedures (seeds 003-004): its part of `ToolResponse`, tagged by `"tool"`.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[serde(tag = "tool", rename_all = "snake_case")]
pub enum ProcedureAnswer {
    /// A die procedure of seeds 003/004 rolled with the session's dice, read.
    ProcedureRolled { by: Player, roll: ProcedureRoll },
}

/// The log entries of the die procedures (seeds 003-004): its part of `LogEntry`, tagged by `"entry"`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, VariantNames)]
#[serde(tag = "entry", rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum ProcedureLogEntry {
    /// A die procedure of seeds 003/004 (port repair, damage control, ASW, ...), rolled in the open.
    ProcedureRolled {
        by: Player,
        procedure: ProcedureKind,
        dice: Vec<u8>,
        modified: Vec<i32>,
        outcome: String,
    },
}

impl TableTool for ProcedureAction {
    fn respond(self, session: &mut ToolSession) -> ToolResponse {
        match self {
            ProcedureAction::PortRepair { player, port } => session.roll_procedure(player, Procedure::PortRepair { port }),
            ProcedureAction::ShoreBatteries { player } => session.roll_procedure(player, Procedure::ShoreBatteries),
            ProcedureAction::DamageControl { damaged_boxes, .. } if !(1..=DAMAGED_BOXES_MAX).contains(&damaged_boxes) => {
                ToolResponse::error(ErrorCode::BadInput, format!("damage control needs 1-{} damaged boxes", DAMAGED_BOXES_MAX))
            }
            ProcedureAction::DamageControl { player, damaged_boxes } => session.roll_procedure(player, Procedure::DamageControl { damaged_boxes }),
            ProcedureAction::AlwaysPossible { player, highest_roll, needed } => match always_possible_count(highest_roll, needed) {
                Ok(dice) => session.roll_procedure(player, Procedure::AlwaysPossible { dice }),
                Err(why) => ToolResponse::error(ErrorCode::BadInput, why),
            },
            ProcedureAction::AutomaticDisengagement { max_sighting, range, .. }
                if max_sighting > SIGHTING_MAX || range > SIGHTING_MAX =>
            {
                ToolResponse::error(ErrorCode::BadInput, format!("sighting distance and range are 0-{} hexes", SIGHTING_MAX))
            }
            ProcedureAction::AutomaticDisengagement { player, max_sighting, range, night, speed_advantage } => {
                session.roll_procedure(player, Procedure::AutomaticDisengagement { max_sighting, range, night, speed_advantage })
            }
            ProcedureAction::SubmarineAttack { player, target_moved_two } => session.roll_procedure(player, Procedure::SubmarineAttack { target_moved_two }),
            ProcedureAction::Asw { escorts, .. } if !(1..=ESCORTS_MAX).contains(&escorts) => ToolResponse::error(ErrorCode::BadInput,
                format!("an ASW roll needs 1-{} escorts in the target fleet; without escorts there is none", ESCORTS_MAX),
            ),
            ProcedureAction::Asw { player, escorts, before_1918 } => session.roll_procedure(player, Procedure::Asw { escorts, before_1918 }),
            ProcedureAction::SubVersusSub { player } => session.roll_procedure(player, Procedure::SubVersusSub),
            ProcedureAction::MineSweep { player } => session.roll_procedure(player, Procedure::MineSweep),
        }
    }

    fn acting_player(&self) -> Option<Player> {
        match self {
            ProcedureAction::PortRepair { player, .. }
            | ProcedureAction::ShoreBatteries { player }
            | ProcedureAction::DamageControl { player, .. }
            | ProcedureAction::AlwaysPossible { player, .. }
            | ProcedureAction::AutomaticDisengagement { player, .. }
            | ProcedureAction::SubmarineAttack { player, .. }
            | ProcedureAction::Asw { player, .. }
            | ProcedureAction::SubVersusSub { player }
            | ProcedureAction::MineSweep { player } => Some(*player),
        }
    }
}

impl ToolLog for ProcedureLogEntry {
    fn text(&self) -> String {
        let ProcedureLogEntry::ProcedureRolled {
            by,
            procedure,
            dice,
            modified,
            outcome,
        } = self;
        let dice: Vec<String> = dice
            .iter()
            .zip(modified)
            .map(|(d, m)| {
                if *d as i32 == *m {
                    d.to_string()
                } else {
                    format!("{d} ({m})")
                }
            })
            .collect();
        format!(
            "Player {} rolled {procedure:?}: {}. {outcome}",
            name(*by),
            dice.join(", ")
        )
    }
}

impl ToolSession {
    /// Rolls a seed 003/004 die procedure with the session's dice and logs it (all public).
    fn roll_procedure(&mut self, player: Player, procedure: Procedure) -> ToolResponse {
        if self.log.len() >= LOG_MAX {
            return ToolResponse::error(
                ErrorCode::LogFull,
                "this session's log is full; start a new session",
            );
        }
        let roll = roll(procedure, &mut self.dice);
        self.log
            .push(LogEntry::Procedure(ProcedureLogEntry::ProcedureRolled {
                by: player,
                procedure: roll.procedure,
                dice: roll.dice.clone(),
                modified: roll.modified.clone(),
                outcome: roll.outcome.clone(),
            }));
        ToolResponse::Procedure(ProcedureAnswer::ProcedureRolled { by: player, roll })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minefield_words_by_count_004_strategic_7() {
        assert_eq!(
            [0, 1, 2, 3, 4, 5, 6, 7, 40].map(minefield_density),
            [
                None,
                Some("Lightly mined"),
                Some("Lightly mined"),
                Some("Moderately mined"),
                Some("Moderately mined"),
                Some("Heavily mined"),
                Some("Heavily mined"),
                Some("Very heavily mined"),
                Some("Very heavily mined")
            ]
        );
    }

    #[test]
    fn damage_control_stops_on_three_or_when_nothing_is_left_004_strategic_11() {
        let r = read_damage_control(5, [1, 2, 4, 1]);
        assert_eq!((r.dice, r.count, r.success), (vec![1, 2, 4], Some(2), true));
        let r = read_damage_control(1, [2, 2]);
        assert_eq!(
            (r.dice, r.count),
            (vec![2], Some(1)),
            "no roll once every box is mended"
        );
        assert_eq!(read_damage_control(3, [6]).count, Some(0));
    }

    #[test]
    fn disengagement_range_and_choices_003() {
        assert_eq!(disengagement_range_penalty(8, 5, false), 3);
        assert_eq!(
            disengagement_range_penalty(8, 5, true),
            1,
            "halved, rounded down, at night"
        );
        assert_eq!(disengagement_range_penalty(4, 9, false), 0);
        let r = read_disengagement(6, 4, 3, false, false);
        assert_eq!((r.modified[0], r.success), (5, true));
        assert!(r.outcome.contains("unless"), "{}", r.outcome);
        assert!(read_disengagement(6, 4, 4, false, false)
            .outcome
            .contains("whatever"));
        assert!(read_disengagement(2, 4, 4, false, true)
            .outcome
            .contains("whatever"));
        assert!(read_disengagement(3, 4, 4, false, true)
            .outcome
            .contains("add"));
    }

    #[test]
    fn asw_modifier_by_escorts_and_year_003() {
        assert_eq!(
            (
                asw_modifier(5, false),
                asw_modifier(6, false),
                asw_modifier(7, true),
                asw_modifier(8, true)
            ),
            (1, 2, 1, 2)
        );
        assert!(!read_asw(3, false, 4, None).success);
        let r = read_asw(3, false, 5, Some(3));
        assert_eq!((r.success, r.modified.clone()), (true, vec![6, 4]));
        assert!(r.outcome.contains("after"));
        assert!(read_asw(3, false, 5, Some(4)).outcome.contains("before"));
    }

    #[test]
    fn always_possible_counts_and_refusals_003() {
        assert_eq!(always_possible_count(5, 6), Ok(2));
        assert!(always_possible_count(6, 6).is_err());
        assert!(
            always_possible_count(-20, 6).is_err(),
            "27 dice are refused"
        );
        assert!(
            always_possible_count(i32::MIN, i32::MAX).is_err(),
            "no overflow"
        );
    }
}
