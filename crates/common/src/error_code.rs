//! Every error code that crosses the boundary, as one enum: the game's (`Response.error.code`,
//! docs/PROTOCOL.md), the table tools' (`{"tool":"error","code":…}`, docs/TOOLS.md) and the shell's (save
//! slots, finished games, the IPC commands' own refusals). Each serialises as the snake_case string it has
//! always had on the wire; the UI gets the same strings as one TypeScript union (`ErrorCode.ts`), so a
//! screen that matches a code is type-checked against the codes that exist.

use std::fmt;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A refusal's stable, machine-readable code. The message beside it is for the player.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    TS,
    strum::VariantArray,
)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    // --- Any line or IPC argument (crates/common/src/line.rs, the shell's commands) ---
    /// Not a JSON object with a string tag, a missing, wrong or unknown field, a line too long, or a bad IPC argument.
    Malformed,
    /// The game's line names no action (`{"action":"launch_zeppelin"}`).
    UnknownAction,
    /// The table tools' line names no tool (`{"tool":"teleport"}`).
    UnknownTool,

    // --- The game's rules (src/ground/error.rs `RuleError`) ---
    /// No game is running (a move, or the shell's save or export, before `new_game`).
    NoGame,
    /// The game has ended: no more moves.
    GameOver,
    /// `undo` with no earlier state.
    NothingToUndo,
    /// `undo` after a decision that rolled, drew or revealed, unless take-backs are on.
    UndoBarrier,
    /// The action exists but not in this phase or while a decision is pending (the tools, not
    /// at this step of the turn, or outside the turns the rules give an SDR).
    NotNow,
    /// The rules forbid the move (the message cites the rule).
    Illegal,
    /// No such ship, place, counter, chart or Orders marker.
    Unknown,
    /// An edited chart or imported rules pack does not validate, or does not fit the running game.
    BadPack,

    // --- Counter codes (`scan`, src/api/codes/scheme.rs) ---
    /// The scanned text is not one of this app's codes (they start with GO1).
    ForeignCode,
    /// The scanned text starts like one of ours but is not well formed.
    MalformedCode,
    /// The code's check character does not match (a mistyped or swapped character).
    BadCheck,
    /// A valid code that names no piece of this rules pack.
    UnknownCode,

    // --- `referee verify` (src/api/verify.rs) ---
    /// The text is not a game record of this format and version.
    MalformedRecord,
    /// The record holds no seed yet: the game is not over.
    UnfinishedRecord,
    /// The record's rules pack is not the one its hash names, or does not load.
    PackMismatch,
    /// The seed, salt and pack do not make the record's commitment.
    CommitmentMismatch,
    /// A step's events on replay differ from the record's (or the step was refused).
    StepDiffers,
    /// Every step replayed but the final view differs.
    FinalViewDiffers,
    /// The replay stopped on an internal check: the record is not one this app wrote.
    ReplayFailed,

    // --- The table tools (crates/table-tools) ---
    /// A number, name or label out of its range.
    BadInput,
    /// The session's log is full; a new session is needed.
    LogFull,
    /// All 48 secret die roll chits are out of the bag.
    BagEmpty,
    /// No chit with that number was drawn.
    UnknownChit,
    /// The chit belongs to the other player.
    NotYourChit,
    /// The chit is already revealed.
    AlreadyRevealed,
    /// A secret chit cannot go back to the bag before it is revealed.
    NotRevealed,
    /// The chit is already back in the bag.
    AlreadyReturned,
    /// No such column or entry on the victory conditions or What-If chart.
    BadSdr,
    /// The player already holds a Fleet Chart.
    FleetChartOpen,
    /// The other player holds that side's Fleet Chart.
    SideTaken,
    /// The player has opened no Fleet Chart yet.
    NoFleetChart,
    /// No such Fleet Box on the chart.
    NoSuchBox,
    /// The ship is not in that Fleet Box.
    NotInBox,
    /// The ship is already on the Fleet Chart.
    AlreadyOnChart,
    /// The Fleet Chart holds its most ships.
    ChartFull,
    /// A decoy Fleet Box (no ships) cannot attack, raid or bombard.
    DecoyCannotAct,
    /// The search: a decision is waiting for the searched player first.
    DecisionPending,
    /// The search: no decision is waiting.
    NoDecisionPending,
    /// The search: the pending decision is the other player's.
    NotYourDecision,
    /// The search: no turn has been started.
    NoTurn,
    /// The search: units stay put once this turn's searches have begun.
    SearchingNow,
    /// The search: the unit is not where the request says.
    NotThere,
    /// The search: the player has placed their most units.
    TooManyUnits,
    /// The search: a square searched where the caller has no unit.
    NoUnitThere,
    /// The search: a unit of that name already exists.
    UnitExists,
    /// The search: no unit of that name.
    UnknownUnit,
    /// The tools: the rules name the other side (who draws an SDR, who rolls a D10 procedure,
    /// who is British, fixed for the game).
    WrongSide,
    /// The tools: an SDR was already drawn for this purpose; it is the one that counts.
    PurposeTaken,
    /// The tools: a peek without the PIN of a player who set one.
    PinNeeded,
    /// The tools: a peek with a PIN that is not the player's (a try is counted).
    WrongPin,
    /// The tools: too many wrong PINs; the player's peek waits (the message says how long).
    PinLocked,
    /// The tools: the player already set a PIN this session.
    PinAlreadySet,

    // --- The shell (src-tauri/src) ---
    /// The request was applied but the save could not be written (the tools: nothing was changed).
    SaveFailed,
    /// The game over for good is saved, but could not be added to the finished games.
    FinishedNotKept,
    /// `save_slot` without `overwrite` for a name that already exists.
    SlotExists,
    /// A save's name is empty, too long or holds line breaks or control characters.
    BadName,
    /// No save slot with that id.
    UnknownSlot,
    /// The save slot's file cannot be read or loaded (it is kept).
    SlotUnreadable,
    /// The save slot's file could not be deleted.
    DeleteFailed,
    /// `import_save` with nothing to import.
    BadSave,
    /// The imported save is not valid save JSON.
    SaveCorrupt,
    /// The imported save is from a schema this app no longer reads.
    SaveTooOld,
    /// The imported save is from a newer app.
    SaveTooNew,
    /// The imported save's rules pack or game does not check.
    SaveInvalid,
    /// No finished game with that id on this device.
    UnknownGame,
    /// The finished game's file is damaged (it is kept).
    RecordUnreadable,

    // --- The UI's own ---
    /// Never sent by Rust: the UI's code when the IPC call itself fails (the shell could not be reached).
    Ipc,
}

impl ErrorCode {
    /// Every error code, in declaration order: derived from the enum, so a new variant is never left out.
    pub const ALL: &'static [ErrorCode] = <ErrorCode as strum::VariantArray>::VARIANTS;

    /// The code as it crosses the boundary: its serde name, so each string is written once (`rename_all`).
    pub fn name(self) -> String {
        match serde_json::to_value(self) {
            Ok(serde_json::Value::String(name)) => name,
            _ => unreachable!("a unit variant serialises as a string"),
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// `error.code == "malformed"` reads as the wire does (tests and assertions).
impl PartialEq<&str> for ErrorCode {
    fn eq(&self, other: &&str) -> bool {
        self.name() == *other
    }
}

#[cfg(test)]
mod tests {
    use super::ErrorCode::{self, *};

    /// Every code and the string it has always had on the wire: a renamed variant fails here.
    const WIRE: &[(ErrorCode, &str)] = &[
        (Malformed, "malformed"),
        (UnknownAction, "unknown_action"),
        (UnknownTool, "unknown_tool"),
        (NoGame, "no_game"),
        (GameOver, "game_over"),
        (NothingToUndo, "nothing_to_undo"),
        (UndoBarrier, "undo_barrier"),
        (NotNow, "not_now"),
        (Illegal, "illegal"),
        (Unknown, "unknown"),
        (BadPack, "bad_pack"),
        (ForeignCode, "foreign_code"),
        (MalformedCode, "malformed_code"),
        (BadCheck, "bad_check"),
        (UnknownCode, "unknown_code"),
        (MalformedRecord, "malformed_record"),
        (UnfinishedRecord, "unfinished_record"),
        (PackMismatch, "pack_mismatch"),
        (CommitmentMismatch, "commitment_mismatch"),
        (StepDiffers, "step_differs"),
        (FinalViewDiffers, "final_view_differs"),
        (ReplayFailed, "replay_failed"),
        (BadInput, "bad_input"),
        (LogFull, "log_full"),
        (BagEmpty, "bag_empty"),
        (UnknownChit, "unknown_chit"),
        (NotYourChit, "not_your_chit"),
        (AlreadyRevealed, "already_revealed"),
        (NotRevealed, "not_revealed"),
        (AlreadyReturned, "already_returned"),
        (BadSdr, "bad_sdr"),
        (FleetChartOpen, "fleet_chart_open"),
        (SideTaken, "side_taken"),
        (NoFleetChart, "no_fleet_chart"),
        (NoSuchBox, "no_such_box"),
        (NotInBox, "not_in_box"),
        (AlreadyOnChart, "already_on_chart"),
        (ChartFull, "chart_full"),
        (DecoyCannotAct, "decoy_cannot_act"),
        (DecisionPending, "decision_pending"),
        (NoDecisionPending, "no_decision_pending"),
        (NotYourDecision, "not_your_decision"),
        (NoTurn, "no_turn"),
        (SearchingNow, "searching_now"),
        (NotThere, "not_there"),
        (TooManyUnits, "too_many_units"),
        (NoUnitThere, "no_unit_there"),
        (UnitExists, "unit_exists"),
        (UnknownUnit, "unknown_unit"),
        (WrongSide, "wrong_side"),
        (PurposeTaken, "purpose_taken"),
        (PinNeeded, "pin_needed"),
        (WrongPin, "wrong_pin"),
        (PinLocked, "pin_locked"),
        (PinAlreadySet, "pin_already_set"),
        (SaveFailed, "save_failed"),
        (FinishedNotKept, "finished_not_kept"),
        (SlotExists, "slot_exists"),
        (BadName, "bad_name"),
        (UnknownSlot, "unknown_slot"),
        (SlotUnreadable, "slot_unreadable"),
        (DeleteFailed, "delete_failed"),
        (BadSave, "bad_save"),
        (SaveCorrupt, "save_corrupt"),
        (SaveTooOld, "save_too_old"),
        (SaveTooNew, "save_too_new"),
        (SaveInvalid, "save_invalid"),
        (UnknownGame, "unknown_game"),
        (RecordUnreadable, "record_unreadable"),
        (Ipc, "ipc"),
    ];

    #[test]
    fn every_code_keeps_its_wire_string() {
        assert_eq!(
            WIRE.len(),
            ErrorCode::ALL.len(),
            "a code is missing from the table or from ALL"
        );
        for (&code, &(listed, wire)) in ErrorCode::ALL.iter().zip(WIRE) {
            assert_eq!(
                code, listed,
                "ALL and the table list the codes in the same order"
            );
            assert_eq!(serde_json::to_value(code).unwrap(), wire, "{code:?}");
            assert_eq!(code.name(), wire);
            assert!(code == wire);
            assert_eq!(code.to_string(), wire);
            assert_eq!(
                serde_json::from_value::<ErrorCode>(serde_json::json!(wire)).unwrap(),
                code
            );
        }
    }

    #[test]
    fn all_lists_each_code_once() {
        let mut seen = std::collections::BTreeSet::new();
        assert!(
            ErrorCode::ALL.iter().all(|c| seen.insert(*c)),
            "ALL lists a code twice"
        );
    }

    /// The UI's union (`ui/src/generated/ErrorCode.ts`, made by ts-rs from this enum) names every code.
    #[test]
    fn the_typescript_union_names_every_code() {
        use ts_rs::TS;
        let union = ErrorCode::inline();
        for (_, wire) in WIRE {
            assert!(
                union.contains(&format!("\"{wire}\"")),
                "{wire} missing from {union}"
            );
        }
        // The union is made from the enum itself: a variant missing from ALL and the table fails here.
        assert_eq!(union.matches('|').count() + 1, WIRE.len(), "{union}");
    }
}
