//! Answering a request: the read-only requests answered from the session (scan, charts, pieces,
//! forecast, the record, the review, the log), every other one applied (`Session::apply`).

use crate::api::headline::LastTap;
use crate::api::request::{Request, SessionRequest};
use crate::api::response::{Answer, Response};
use crate::api::session::Session;
use crate::ground::error::{ErrorInfo, RuleError};
use crate::ground::event::Event;

impl Session {
    /// Handles any request and always answers with the current view. `changed` tells the shell whether
    /// to save: an accepted request that was not read-only.
    pub fn respond(&mut self, request: impl Into<Request>) -> Response {
        let request = request.into();
        if let Request::Session(asked) = &request {
            if asked.is_read_only() {
                return match self.answer(asked) {
                    Ok(answer) => Response::answered(self.view(), answer),
                    Err(e) => self.error_response(e),
                };
            }
        }
        let from = self.log.len() as u32;
        let new_game = matches!(request, Request::Session(SessionRequest::NewGame { .. }));
        let action = match &request {
            Request::Move(action) => Some(action.clone()),
            Request::Session(_) => None,
        };
        match self.apply(request) {
            Ok(events) => {
                let lines = events.iter().map(|e| e.line(&self.pack)).collect();
                self.last_tap = self.game.is_some().then_some(LastTap {
                    // A new game starts a new log.
                    from: if new_game { 0 } else { from },
                    to: Some(self.log.len() as u32),
                    label: None,
                });
                let mut view = self.view();
                if let (Some(action), Some(tap)) = (action, self.last_tap.as_mut()) {
                    // The tap's own words, for a headline whose events say nothing (a ship that stays).
                    tap.label = crate::api::labels::label_of(&self.pack, &view, &action);
                    view.result = self.tap_result();
                }
                Response {
                    changed: true,
                    lines: Some(lines),
                    ..Response::accepted(view, events)
                }
            }
            Err(e) => self.error_response(e.to_info()),
        }
    }

    /// The answers to the read-only requests (`view` has none beyond the view itself).
    fn answer(&self, request: &SessionRequest) -> Result<Option<Answer>, ErrorInfo> {
        Ok(Some(match request {
            SessionRequest::Log { since } => Answer::Log(
                self.log
                    .iter()
                    .skip(since.unwrap_or(0) as usize)
                    .cloned()
                    .collect(),
            ),
            SessionRequest::Scan { code } => Answer::Scan(self.scan(code)?),
            SessionRequest::ExportPack => Answer::PackJson(self.pack.to_json()),
            SessionRequest::Charts => Answer::Charts(Box::new(self.pack.charts.clone())),
            SessionRequest::ListPieces => Answer::Pieces(crate::api::codes::inventory(&self.pack)),
            SessionRequest::Forecast { space } => {
                return Ok(self.forecast(space)?.map(Answer::Forecast))
            }
            SessionRequest::ExportRecord => Answer::Record(Box::new(
                self.export_record()
                    .ok_or_else(|| RuleError::NoGame.to_info())?,
            )),
            SessionRequest::Review => Answer::Review(crate::api::review::build(self)?),
            _ => return Ok(None),
        }))
    }

    fn scan(&self, code: &str) -> Result<crate::api::codes::ScanInfo, ErrorInfo> {
        let piece = crate::api::codes::parse(&self.pack, code)
            .map_err(|e| ErrorInfo::new(e.code(), e.to_string()))?;
        let mut scan =
            crate::api::codes::public_info(&self.pack, self.game.as_ref(), piece.clone());
        if let Some(game) = self.game.as_ref() {
            scan.actions = crate::api::codes::actions_for(
                &piece,
                &crate::sequence::dispatch::legal_actions(&self.pack, game),
            );
            if game.game_over.is_none() && game.phase != crate::ground::state::Phase::Setup {
                scan.placement = crate::api::codes::placement_check(
                    &self.pack,
                    game,
                    &piece,
                    &self.revealed_this_turn(game.turn),
                );
            }
        }
        Ok(scan)
    }
    fn forecast(
        &self,
        space: &crate::ground::state::SpaceRef,
    ) -> Result<Option<crate::rules::combat::forecast::Forecast>, ErrorInfo> {
        let game = self
            .game
            .as_ref()
            .ok_or_else(|| RuleError::NoGame.to_info())?;
        if !crate::rules::combat::forecast::applies(&self.pack, game, space) {
            return Err(crate::ground::error::not_now(
                "no battle there waits for contact, a break-off choice or fire orders",
            )
            .to_info());
        }
        let seed = game.dice.clone().next_u64();
        Ok(crate::rules::combat::forecast::forecast(
            &self.pack,
            game,
            space,
            crate::rules::combat::forecast::SIMULATIONS,
            seed,
        ))
    }
    /// Counters revealed in this turn's log (not undone), by id.
    fn revealed_this_turn(&self, turn: u8) -> Vec<String> {
        self.log
            .iter()
            .filter(|e| !e.undone && e.turn == turn)
            .filter_map(|e| match &e.event {
                Event::CounterRevealed { counter, .. } => Some(counter.id.clone()),
                _ => None,
            })
            .collect()
    }
    pub fn error_response(&self, error: ErrorInfo) -> Response {
        Response::refused(self.view(), error)
    }
}
