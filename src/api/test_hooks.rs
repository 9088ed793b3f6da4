//! Test and bench hooks, compiled only with the `test-hooks` feature (the crate's own tests and benches
//! turn it on through their dev-dependency on the crate): the running game, to script dice or inspect
//! hidden state. The shell and the CLIs build without it, so no secret can reach them this way.

use crate::api::session::Session;
use crate::ground::state::Game;

pub trait SessionHooks {
    /// The running game with everything hidden in it.
    fn game(&self) -> Option<&Game>;
    /// The running game, to change: scripted dice, planted states.
    fn game_mut_for_tests(&mut self) -> Option<&mut Game>;
    /// How many snapshots undo holds (what an autosave carries of the undo history).
    fn undo_depth(&self) -> usize;
}

impl SessionHooks for Session {
    fn game(&self) -> Option<&Game> {
        self.running_game()
    }

    fn game_mut_for_tests(&mut self) -> Option<&mut Game> {
        self.game.as_mut()
    }

    fn undo_depth(&self) -> usize {
        self.undo.len()
    }
}
