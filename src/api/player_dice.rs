//! House rule "I roll the dice": the player rolls the dice the rules have them roll at the table and
//! enters the faces; the referee keeps every hidden draw (docs/AMBIGUITIES.md says which dice are whose).
//!
//! Under the house rule the session applies each move with the faces entered so far. When the rules want
//! a die beyond them, that attempt is thrown away and the view asks for the roll (`pending_roll`); the
//! move is then committed — it cannot be taken back or replaced, only answered with `enter_dice`. Each
//! entry applies the move again with all its faces; a roll whose count depends on the one before (a hit
//! table after hits) asks again with its own count. The events before the asked roll are shown as soon as
//! it is asked (they are the same whatever the player rolls next), the rest once the move is done.

use crate::api::dice_correction::hidden_shown;
use crate::api::dice_state::{CorrectableRoll, LastEntry};
use crate::api::session::Session;
use crate::api::view::{Decision, PlayerView};
use crate::ground::action::Action;
use crate::ground::error::{illegal, RuleError};
use crate::ground::event::Event;
use crate::ground::words::count;
use crate::sequence::dispatch as rules;

pub use crate::api::dice_state::PendingRoll;
use crate::api::dice_state::RollInProgress;

impl Session {
    /// The roll the player is asked to make, if any (what the view's `pending_roll` shows).
    pub fn pending_roll(&self) -> Option<PendingRoll> {
        self.rolling.as_ref().map(RollInProgress::pending_roll)
    }

    /// A move under the house rule: applied with no faces entered yet (`None` when the house rule is off
    /// or the move is the switch itself: the caller applies it as usual).
    pub(crate) fn apply_with_player_dice(
        &mut self,
        action: &Action,
    ) -> Option<Result<Vec<Event>, RuleError>> {
        match action {
            Action::EnterDice { faces } => return Some(self.enter_dice(faces)),
            Action::CorrectDice { faces } => return Some(self.correct_dice(faces)),
            _ => {}
        }
        if let Some(rolling) = &self.rolling {
            return Some(Err(illegal(format!(
                "enter the dice first: {}",
                rolling.pending_roll().prompt
            ))));
        }
        let on = self.game.as_ref()?.options.player_dice;
        if !on || matches!(action, Action::PlayerDice { .. }) {
            return None;
        }
        let log_len = self.log.len() as u32;
        Some(self.try_entered(action.clone(), Vec::new(), 0, 0, log_len))
    }

    /// `enter_dice`: the faces of the asked roll. A wrong count or face is refused and changes nothing.
    fn enter_dice(&mut self, faces: &[u8]) -> Result<Vec<Event>, RuleError> {
        let Some(rolling) = self.rolling.clone() else {
            return Err(illegal("no roll is asked for: there are no dice to enter"));
        };
        let asked = &rolling.asked;
        if faces.len() != asked.count {
            return Err(illegal(format!(
                "{} asks for {}; {} entered",
                asked.purpose,
                count(asked.count as i64, "die", "dice"),
                faces.len()
            )));
        }
        if let Some(bad) = faces.iter().find(|f| !(1..=asked.sides).contains(*f)) {
            return Err(illegal(format!(
                "{bad} is not a face of a d{}: each face is 1–{}",
                asked.sides, asked.sides
            )));
        }
        let mut all = rolling.faces.clone();
        all.extend_from_slice(faces);
        self.try_entered(
            rolling.action,
            all,
            rolling.rolls + 1,
            rolling.shown,
            rolling.log_len,
        )
    }

    /// Applies the move with `faces`: either it wants another roll (the attempt is thrown away, the roll
    /// asked for, the events before it shown) or it is done and committed like any move.
    fn try_entered(
        &mut self,
        action: Action,
        faces: Vec<u8>,
        rolls: u32,
        shown: usize,
        log_len: u32,
    ) -> Result<Vec<Event>, RuleError> {
        let mut next = self.game.as_ref().ok_or(RuleError::NoGame)?.clone();
        let (events, entered) = rules::apply_entered(&self.pack, &mut next, &action, &faces)?;
        if let Some((asked, before)) = entered.asked {
            let new = events[shown.min(before)..before].to_vec();
            self.rolling = Some(RollInProgress {
                action,
                faces,
                rolls,
                asked,
                shown: before.max(shown),
                log_len,
            });
            self.record(&new);
            return Ok(new);
        }
        if entered.left_over() > 0 {
            return Err(illegal("more dice were entered than the move rolls"));
        }
        let last = self.rolling.take().map(|r| r.asked);
        let refused = self
            .game
            .as_ref()
            .and_then(|before| hidden_shown(before, &next, &events));
        let new = events[shown.min(events.len())..].to_vec();
        let done = self.commit(next, &events, new, log_len);
        self.last_entry = last.map(|asked| {
            let roll = CorrectableRoll {
                faces: faces[faces.len() - asked.count..].to_vec(),
                purpose: asked.purpose,
                rule: asked.rule,
                sides: asked.sides,
            };
            LastEntry::new(action, faces, roll, log_len, refused)
        });
        Ok(done)
    }

    /// While a roll is asked for, the view offers only `enter_dice`, whose call is the asking move's.
    pub(crate) fn show_pending_roll(&self, view: &mut PlayerView) {
        view.correctable_roll = self.last_entry.as_ref().and_then(LastEntry::correctable);
        let Some(rolling) = &self.rolling else { return };
        view.pending_roll = Some(rolling.pending_roll());
        view.decisions = vec![Decision::bare(Action::EnterDice { faces: Vec::new() })];
        view.undo_status.allowed = false;
    }

    /// After the decisions are worded: entering the dice is the call of whoever made the asking move.
    pub(crate) fn word_pending_roll(&self, view: &mut PlayerView) {
        let Some(rolling) = &self.rolling else { return };
        let roles = view.game.as_ref().map(|g| g.options.roles);
        let presence = crate::api::labels::presence(view);
        let decider = roles
            .and_then(|r| {
                crate::rules::roles::who_decides(&self.pack, r, &rolling.action, &presence)
            })
            .filter(|w| !w.is_empty());
        for d in &mut view.decisions {
            d.decider = decider.clone();
        }
    }

    /// Refuses what would change the game or its rules while a roll is asked for.
    pub(crate) fn no_roll_asked(&self) -> Result<(), RuleError> {
        match &self.rolling {
            Some(rolling) => Err(illegal(format!(
                "a roll is asked for — enter the dice first ({})",
                rolling.pending_roll().prompt
            ))),
            None => Ok(()),
        }
    }
}
