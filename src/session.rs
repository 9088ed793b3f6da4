//! A session: the rules pack, the running game, its undo history and its log. This is the one API the
//! CLI and the Tauri shell use: `respond(action)` → `Response` (protocol contract, docs/PROTOCOL.md).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::action::Action;
use crate::error::{ErrorInfo, RuleError};
use crate::event::Event;
use crate::pack::RulesPack;
use crate::state::{Game, Phase};
use crate::view::{player_view, PlayerView};
use crate::{rules, setup};

/// Undo snapshots kept (each is a whole game state, RNG included).
pub const UNDO_DEPTH: usize = 64;

/// One line of the game log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct LogEntry {
    pub seq: u32,
    pub turn: u8,
    pub phase: Phase,
    pub rule: String,
    pub text: String,
    pub event: Event,
    /// True once the action that produced it was undone.
    pub undone: bool,
}

/// The answer to one request: `{ok:true, events, view}` or `{ok:false, error, view}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct Response {
    pub ok: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub events: Option<Vec<Event>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub error: Option<ErrorInfo>,
    pub view: PlayerView,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub log: Option<Vec<LogEntry>>,
    /// The answer to a `scan`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub scan: Option<crate::codes::ScanInfo>,
    /// The answer to `charts`: the rules pack's charts (public data, each with its source).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub charts: Option<crate::pack::Charts>,
    /// The answer to `export_pack`: the whole rules pack as JSON text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub pack_json: Option<String>,
    /// The answer to `list_pieces`: every printed piece with its code (the setup inventory).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub pieces: Option<Vec<crate::codes::PieceEntry>>,
    /// The answer to a `forecast`: the Monte Carlo estimate of a battle from here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub forecast: Option<crate::combat::forecast::Forecast>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Session {
    pub(crate) pack: RulesPack,
    pub(crate) game: Option<Game>,
    /// Snapshots before each applied action, newest last, with the log length at that time.
    pub(crate) undo: Vec<(Game, u32)>,
    pub(crate) log: Vec<LogEntry>,
    /// Seed source for games started without an explicit seed.
    pub(crate) next_seed: u64,
}

impl Session {
    pub fn new(pack: RulesPack, seed: u64) -> Session {
        Session { pack, game: None, undo: Vec::new(), log: Vec::new(), next_seed: seed }
    }

    pub fn pack(&self) -> &RulesPack {
        &self.pack
    }

    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    pub fn view(&self) -> PlayerView {
        match &self.game {
            Some(game) => player_view(&self.pack, game, self.log.len() as u32),
            None => PlayerView::no_game(),
        }
    }

    /// Handles any request and always answers with the current view.
    pub fn respond(&mut self, action: Action) -> Response {
        if let Action::Scan { code } = &action {
            return match crate::codes::parse(&self.pack, code) {
                Ok(piece) => {
                    let mut scan = crate::codes::public_info(&self.pack, self.game.as_ref(), piece.clone());
                    if let Some(game) = self.game.as_ref() {
                        scan.actions = crate::codes::actions_for(&piece, &crate::rules::legal_actions(&self.pack, game));
                        if game.game_over.is_none() && game.phase != crate::state::Phase::Setup {
                            scan.placement = crate::codes::placement_check(&self.pack, game, &piece, &self.revealed_this_turn(game.turn));
                        }
                    }
                    Response { ok: true, events: Some(Vec::new()), error: None, view: self.view(), log: None, scan: Some(scan), forecast: None, pieces: None, charts: None, pack_json: None }
                }
                Err(e) => self.error_response(ErrorInfo { code: e.code().to_string(), message: e.to_string() }),
            };
        }
        if let Action::ExportPack = &action {
            let pack_json = self.pack.to_json();
            return Response { ok: true, events: Some(Vec::new()), error: None, view: self.view(), log: None, scan: None, forecast: None, pieces: None, charts: None, pack_json: Some(pack_json) };
        }
        if let Action::Charts = &action {
            let charts = self.pack.charts.clone();
            return Response { ok: true, events: Some(Vec::new()), error: None, view: self.view(), log: None, scan: None, forecast: None, pieces: None, charts: Some(charts), pack_json: None };
        }
        if let Action::ListPieces = &action {
            let pieces = crate::codes::inventory(&self.pack);
            return Response { ok: true, events: Some(Vec::new()), error: None, view: self.view(), log: None, scan: None, forecast: None, pieces: Some(pieces), charts: None, pack_json: None };
        }
        if let Action::Forecast { space } = &action {
            let Some(game) = self.game.as_ref() else {
                return self.error_response(RuleError::NoGame.to_info());
            };
            if !crate::combat::forecast::applies(&self.pack, game, space) {
                return self.error_response(crate::error::not_now("no battle there waits for contact, a break-off choice or fire orders").to_info());
            }
            let seed = game.dice.clone().next_u64();
            let forecast = crate::combat::forecast::forecast(&self.pack, game, space, crate::combat::forecast::SIMULATIONS, seed);
            return Response { ok: true, events: Some(Vec::new()), error: None, view: self.view(), log: None, scan: None, forecast, pieces: None, charts: None, pack_json: None };
        }
        let log = match &action {
            Action::Log { since } => Some(self.log.iter().skip(since.unwrap_or(0) as usize).cloned().collect()),
            _ => None,
        };
        match self.apply(action) {
            Ok(events) => Response { ok: true, events: Some(events), error: None, view: self.view(), log, scan: None, forecast: None, pieces: None, charts: None, pack_json: None },
            Err(e) => self.error_response(e.to_info()),
        }
    }

    /// A validated pack takes the place of the current one; the change is logged when a game runs.
    fn replace_pack(&mut self, (pack, event): (RulesPack, Event)) -> Vec<Event> {
        self.pack = pack;
        let events = vec![event];
        if self.game.is_some() {
            self.record(&events);
        }
        events
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
        Response { ok: false, events: None, error: Some(error), view: self.view(), log: None, scan: None, forecast: None, pieces: None, charts: None, pack_json: None }
    }

    /// Applies a request. A rejected one changes nothing.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        match action {
            Action::View | Action::Log { .. } | Action::Scan { .. } | Action::Forecast { .. } | Action::ListPieces | Action::Charts | Action::ExportPack => Ok(Vec::new()),
            Action::EditChart { chart, json } => {
                let edited = crate::chart_edit::edit_chart(&self.pack, self.game.as_ref(), &chart, &json)?;
                Ok(self.replace_pack(edited))
            }
            Action::ResetChart { chart } => {
                let edited = crate::chart_edit::reset_chart(&self.pack, self.game.as_ref(), chart.as_deref())?;
                Ok(self.replace_pack(edited))
            }
            Action::ImportPack { json } => {
                let edited = crate::chart_edit::import_pack(self.game.as_ref(), &json)?;
                Ok(self.replace_pack(edited))
            }
            Action::Undo => self.undo(),
            Action::NewGame { seed, options } => self.new_game(seed, options.unwrap_or_default()),
            action => self.apply_game_action(&action),
        }
    }

    fn new_game(&mut self, seed: Option<u64>, options: crate::state::GameOptions) -> Result<Vec<Event>, RuleError> {
        let seed = seed.unwrap_or_else(|| {
            let s = self.next_seed;
            self.next_seed = self.next_seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            s
        });
        let (game, events) = setup::new_game(&self.pack, seed, options)?;
        self.game = Some(game);
        self.undo.clear();
        self.log.clear();
        self.record(&events);
        Ok(events)
    }

    fn apply_game_action(&mut self, action: &Action) -> Result<Vec<Event>, RuleError> {
        let current = self.game.as_ref().ok_or(RuleError::NoGame)?;
        let mut next = current.clone();
        let events = rules::apply(&self.pack, &mut next, action)?;
        let before = std::mem::replace(self.game.as_mut().expect("checked above"), next);
        self.undo.push((before, self.log.len() as u32));
        if self.undo.len() > UNDO_DEPTH {
            self.undo.remove(0);
        }
        self.record(&events);
        Ok(events)
    }

    fn undo(&mut self) -> Result<Vec<Event>, RuleError> {
        if self.game.is_none() {
            return Err(RuleError::NoGame);
        }
        let (before, log_len) = self.undo.pop().ok_or(RuleError::NothingToUndo)?;
        self.game = Some(before);
        let mut undone = 0;
        for entry in self.log.iter_mut().skip(log_len as usize) {
            if !entry.undone {
                entry.undone = true;
                undone += 1;
            }
        }
        let events = vec![Event::Undone { entries: undone }];
        self.record(&events);
        Ok(events)
    }

    fn record(&mut self, events: &[Event]) {
        let game = self.game.as_ref().expect("events come from a game");
        for event in events {
            let seq = self.log.len() as u32;
            self.log.push(LogEntry {
                seq,
                turn: game.turn,
                phase: game.phase,
                rule: event.rule().to_string(),
                text: event.describe(&self.pack),
                event: event.clone(),
                undone: false,
            });
        }
    }

    /// Test and simulation hook: the running game, to script dice or inspect hidden state.
    pub fn game_mut_for_tests(&mut self) -> Option<&mut Game> {
        self.game.as_mut()
    }
}
