//! A seeded player for the store's own tests, its bench and its kill test's writer: whole games of legal
//! decisions picked from each view by a seeded random, with now and then an undo (refused after a roll or
//! a reveal, which changes nothing) and a chart reset (a chart edit: a journal step of its own). Never used
//! by the app.

use goeben_referee::api::view::PlayerView;
use goeben_referee::{Request, SessionRequest};

pub struct Player {
    state: u64,
}

impl Player {
    pub fn new(seed: u64) -> Player {
        Player {
            state: seed ^ 0x9e37_79b9_7f4a_7c15,
        }
    }

    /// SplitMix64: small, seeded, the same on every platform.
    pub fn draw(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// The next request for the game in `view`: a new game when none runs or it is over for good, else
    /// mostly one of its decisions.
    pub fn request(&mut self, view: &PlayerView) -> Request {
        if view.decisions.is_empty() {
            return Request::Session(SessionRequest::NewGame {
                seed: Some(self.draw() >> 11),
                options: None,
            });
        }
        match self.draw() % 16 {
            0 => Request::Session(SessionRequest::Undo),
            1 if self.draw().is_multiple_of(4) => {
                Request::Session(SessionRequest::ResetChart { chart: None })
            }
            _ => {
                let i = (self.draw() % view.decisions.len() as u64) as usize;
                Request::from(view.decisions[i].action.clone())
            }
        }
    }
}
