//! 4.0 Sequence of play: turns and their eight phases, and the automatic steps between decisions.
//!
//! Foundation version: each phase waits for `end_phase`; the phase modules (movement, incidents,
//! combat, outfitting, …) plug in here as they land.

use crate::action::Action;
use crate::error::{not_now, RuleError};
use crate::event::Event;
use crate::pack::RulesPack;
use crate::rules::{Ctx, MAX_AUTO_STEPS};
use crate::state::{Game, Phase};
use crate::{setup, victory};

/// Takes the automatic steps that need no decision, until a decision is pending or the game ends.
pub fn advance(ctx: &mut Ctx) {
    for _ in 0..MAX_AUTO_STEPS {
        if ctx.game.game_over.is_some() {
            return;
        }
        match ctx.game.phase {
            Phase::Setup if setup::is_complete(ctx.pack, ctx.game) => start_turn(ctx, 1),
            _ => return,
        }
    }
    panic!("more than {MAX_AUTO_STEPS} automatic steps after one action");
}

fn start_turn(ctx: &mut Ctx, turn: u8) {
    ctx.game.turn = turn;
    ctx.emit(Event::TurnStarted { turn });
    enter_phase(ctx, Phase::Outfitting);
}

fn enter_phase(ctx: &mut Ctx, phase: Phase) {
    ctx.game.phase = phase;
    ctx.emit(Event::PhaseStarted { turn: ctx.game.turn, phase });
}

/// Ends the current phase. After the Objective phase (17.0) the next turn starts, or the game ends
/// after the last turn.
pub fn end_phase(ctx: &mut Ctx) -> Result<(), RuleError> {
    match ctx.game.phase {
        Phase::Setup => Err(not_now("finish the setup first (3.0)")),
        Phase::NoGame | Phase::GameOver => Err(RuleError::GameOver),
        Phase::Objective => {
            victory::objective_phase(ctx);
            if ctx.game.game_over.is_none() {
                let next = ctx.game.turn + 1;
                start_turn(ctx, next);
            }
            Ok(())
        }
        phase => {
            enter_phase(ctx, phase.next().expect("every phase before Objective has a successor"));
            Ok(())
        }
    }
}

pub fn legal_actions(_pack: &RulesPack, game: &Game) -> Vec<Action> {
    match game.phase {
        Phase::Setup | Phase::NoGame | Phase::GameOver => Vec::new(),
        _ => vec![Action::EndPhase],
    }
}
