//! Answering a request: the read-only requests answered from the session (scan, charts, pieces,
//! forecast, the record, the review, the log), every other one applied (`Session::apply`).


use crate::api::response::Response;
use crate::api::session::Session;
use crate::ground::action::Action;
use crate::ground::error::{ErrorInfo, RuleError};
use crate::ground::event::Event;

impl Session {
    /// Handles any request and always answers with the current view.
    pub fn respond(&mut self, action: Action) -> Response {
        match self.answer(&action) {
            Some(Ok(response)) => response,
            Some(Err(e)) => self.error_response(e),
            None => {
                let log = match &action {
                    Action::Log { since } => Some(self.log.iter().skip(since.unwrap_or(0) as usize).cloned().collect()),
                    _ => None,
                };
                match self.apply(action) {
                    Ok(events) => Response { log, ..Response::accepted(self.view(), events) },
                    Err(e) => self.error_response(e.to_info()),
                }
            }
        }
    }
    /// The read-only requests that answer with more than the view; None for every other request.
    fn answer(&self, action: &Action) -> Option<Result<Response, ErrorInfo>> {
        let done = |r: Response| Some(Ok(r));
        let base = || Response::accepted(self.view(), Vec::new());
        match action {
            Action::Scan { code } => Some(self.scan(code).map(|scan| Response { scan: Some(scan), ..base() })),
            Action::ExportPack => done(Response { pack_json: Some(self.pack.to_json()), ..base() }),
            Action::Charts => done(Response { charts: Some(self.pack.charts.clone()), ..base() }),
            Action::ListPieces => done(Response { pieces: Some(crate::api::codes::inventory(&self.pack)), ..base() }),
            Action::Forecast { space } => Some(self.forecast(space).map(|forecast| Response { forecast, ..base() })),
            Action::ExportRecord => Some(match self.export_record() {
                Some(record) => Ok(Response { record: Some(record), ..base() }),
                None => Err(RuleError::NoGame.to_info()),
            }),
            Action::Review => Some(crate::api::review::build(self).map(|review| Response { review: Some(review), ..base() })),
            _ => None,
        }
    }
    fn scan(&self, code: &str) -> Result<crate::api::codes::ScanInfo, ErrorInfo> {
        let piece = crate::api::codes::parse(&self.pack, code).map_err(|e| ErrorInfo { code: e.code().to_string(), message: e.to_string() })?;
        let mut scan = crate::api::codes::public_info(&self.pack, self.game.as_ref(), piece.clone());
        if let Some(game) = self.game.as_ref() {
            scan.actions = crate::api::codes::actions_for(&piece, &crate::sequence::dispatch::legal_actions(&self.pack, game));
            if game.game_over.is_none() && game.phase != crate::ground::state::Phase::Setup {
                scan.placement = crate::api::codes::placement_check(&self.pack, game, &piece, &self.revealed_this_turn(game.turn));
            }
        }
        Ok(scan)
    }
    fn forecast(&self, space: &crate::ground::state::SpaceRef) -> Result<Option<crate::rules::combat::forecast::Forecast>, ErrorInfo> {
        let game = self.game.as_ref().ok_or_else(|| RuleError::NoGame.to_info())?;
        if !crate::rules::combat::forecast::applies(&self.pack, game, space) {
            return Err(crate::ground::error::not_now("no battle there waits for contact, a break-off choice or fire orders").to_info());
        }
        let seed = game.dice.clone().next_u64();
        Ok(crate::rules::combat::forecast::forecast(&self.pack, game, space, crate::rules::combat::forecast::SIMULATIONS, seed))
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
        Response { ok: false, events: None, error: Some(error), ..Response::accepted(self.view(), Vec::new()) }
    }
}
