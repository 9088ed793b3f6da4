//! House rule "I roll the dice": a mistyped face. Right after a move that took the player's dice is done,
//! and only when that move revealed nothing hidden and drew nothing in secret, `correct_dice` replaces the
//! faces of its last roll: the move is applied again from the same state with the corrected faces, its
//! lines are marked taken back and the correction is logged (old → new faces) before the new lines. Any
//! other case is refused with why: a correction may not turn a secret over again with other faces, nor
//! come after another decision. Values the roll changed can always be set with `correct`.

use crate::api::session::Session;
use crate::ground::error::{illegal, RuleError};
use crate::ground::event::Event;
use crate::ground::state::Game;
use crate::sequence::dispatch as rules;

pub use crate::api::dice_state::CorrectableRoll;
use crate::api::dice_state::LastEntry;

/// Why a move's result cannot be corrected: it revealed a hidden identity or drew in secret.
pub(crate) fn hidden_shown(before: &Game, after: &Game, events: &[Event]) -> Option<String> {
    let revealed = events.iter().any(|e| match e {
        Event::CounterRevealed { .. }
        | Event::Examined { .. }
        | Event::IntelligenceResult { .. }
        | Event::ContactResolved { .. } => true,
        Event::IncidentsPicked { drawn, .. } => *drawn > 0,
        _ => false,
    });
    if revealed || !before.dice.same_stream(&after.dice) || after.game_over.is_some() {
        return Some("the move those dice belong to revealed or drew something hidden (or ended the game): its dice can't be corrected — set what they changed with `correct`".into());
    }
    None
}

impl Session {
    /// `correct_dice`: the last roll entered, with other faces (same count, each 1..=sides).
    pub(crate) fn correct_dice(&mut self, faces: &[u8]) -> Result<Vec<Event>, RuleError> {
        let Some(last) = self.last_entry.clone() else {
            return Err(illegal("only the roll you just entered can be corrected, before anything else is done — set what an older roll changed with `correct`"));
        };
        if let Some(why) = &last.refused {
            return Err(illegal(why.clone()));
        }
        let roll = &last.roll;
        if faces.len() != roll.faces.len() || faces.iter().any(|f| !(1..=roll.sides).contains(f)) {
            return Err(illegal(format!(
                "{} had {} dice of 1–{}: enter that many faces",
                roll.purpose,
                roll.faces.len(),
                roll.sides
            )));
        }
        if faces == roll.faces.as_slice() {
            return Err(illegal("those are the faces already entered"));
        }
        let before = self
            .undo
            .last()
            .map(|(g, _)| g.clone())
            .ok_or_else(|| illegal("the roll's move can no longer be corrected"))?;
        let mut all = last.faces.clone();
        all.splice(last.last.clone(), faces.iter().copied());
        let mut next = before.clone();
        let (events, entered) = rules::apply_entered(&self.pack, &mut next, &last.action, &all)?;
        if entered.asked.is_some() || entered.left_over() > 0 {
            return Err(illegal("with those faces the move would roll other dice: it can't be corrected — set what it changed with `correct`"));
        }
        if let Some(why) = hidden_shown(&before, &next, &events) {
            return Err(illegal(format!("with those faces {why}")));
        }
        for entry in self.log.iter_mut().skip(last.log_from as usize) {
            entry.undone = true;
        }
        self.game = Some(next);
        let words = |f: &[u8]| f.iter().map(u8::to_string).collect::<Vec<_>>().join(", ");
        let mut out = vec![Event::Corrected {
            what: format!("dice of {} ({})", roll.purpose, roll.rule),
            from: words(&roll.faces),
            to: words(faces),
        }];
        out.extend(events);
        let log_from = self.log.len() as u32 + 1;
        self.record(&out);
        let corrected = CorrectableRoll {
            faces: faces.to_vec(),
            ..roll.clone()
        };
        self.last_entry = Some(LastEntry::new(last.action, all, corrected, log_from, None));
        Ok(out)
    }
}
