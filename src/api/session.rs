//! A session: the rules pack, the running game, its undo history and its log. This is the one API the
//! CLI and the Tauri shell use: `respond(action)` → `Response` (protocol contract, docs/PROTOCOL.md).

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::api::known::Told;
use crate::api::provenance::Provenance;
use crate::api::record::{GameRecord, History, RecordStep, RECORD_FORMAT, RECORD_VERSION};
use crate::api::request::{Request, SessionRequest};
use crate::api::view::{player_view, PlayerView, UndoView};
use crate::ground::action::Action;
use crate::ground::error::RuleError;
use crate::ground::event::{Event, EventLine};
use crate::ground::pack::RulesPack;
use crate::ground::state::{Game, Phase};
use crate::rules::setup;
use crate::sequence::dispatch as rules;

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

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Session {
    pub(crate) pack: RulesPack,
    pub(crate) game: Option<Game>,
    /// Snapshots before each applied action, newest last, with the log length at that time.
    pub(crate) undo: Vec<(Game, u32)>,
    /// Whether the action after each snapshot rolled or revealed; parallel to the newest
    /// `undo` entries (saves from before it hold none: their older snapshots count as barriers).
    #[serde(default)]
    pub(crate) barriers: Vec<bool>,
    pub(crate) log: Vec<LogEntry>,
    /// Seed source for games started without an explicit seed (saves from before `entropy`).
    pub(crate) next_seed: u64,
    /// Where new games' seeds and salts come from; seeded by the shell or the CLI from the OS.
    #[serde(default)]
    pub(crate) entropy: Option<ChaCha8Rng>,
    /// The running game's commitment with its hidden seed and salt.
    #[serde(default)]
    pub(crate) provenance: Option<Provenance>,
    /// Everything applied since new game, for the game record.
    #[serde(default)]
    pub(crate) history: Option<History>,
    /// Take-backs after reveals in this game (house rule).
    #[serde(default)]
    pub(crate) take_backs: u32,
    /// House rule "I roll the dice": the move waiting for the player's dice (`player_dice.rs`).
    #[serde(default)]
    pub(crate) rolling: Option<crate::api::dice_state::RollInProgress>,
    /// The last move done with the player's dice, while `correct_dice` may still fix its last roll.
    #[serde(default)]
    pub(crate) last_entry: Option<crate::api::dice_state::LastEntry>,
    /// The last request that changed the session: where its log lines start and its button words (the
    /// view's `result`; `headline.rs`).
    #[serde(default)]
    pub(crate) last_tap: Option<crate::api::headline::LastTap>,
}

impl Session {
    pub fn new(pack: RulesPack, seed: u64) -> Session {
        Session {
            pack,
            game: None,
            undo: Vec::new(),
            barriers: Vec::new(),
            log: Vec::new(),
            next_seed: seed,
            entropy: Some(ChaCha8Rng::seed_from_u64(seed)),
            provenance: None,
            history: None,
            take_backs: 0,
            rolling: None,
            last_entry: None,
            last_tap: None,
        }
    }

    pub fn pack(&self) -> &RulesPack {
        &self.pack
    }

    /// The running game, hidden state and all: for the core's own floors only (tests reach it through
    /// `test_hooks`, behind the `test-hooks` feature; the shell and the CLIs never see it).
    pub(crate) fn running_game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// Whether a game is running (started and not replaced), without showing any of it.
    pub fn has_game(&self) -> bool {
        self.game.is_some()
    }

    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    pub fn view(&self) -> PlayerView {
        let Some(game) = &self.game else {
            return PlayerView::no_game();
        };
        let mut view = player_view(&self.pack, game, self.log.len() as u32);
        view.commitment = self.provenance.as_ref().map(|p| p.commitment.clone());
        if self.over_for_good() {
            view.reveal = self.provenance.as_ref().map(Provenance::reveal);
        }
        view.undo_status = self.undo_view();
        self.show_pending_roll(&mut view);
        crate::api::view::keep_buys_while_offered(&mut view);
        // Marked from the finished public view only, never from the game.
        crate::api::labels::word_decisions(&self.pack, &mut view);
        self.word_pending_roll(&mut view);
        view.result = self.tap_result();
        if let Some(g) = view.game.as_mut() {
            let told = self.log.iter().filter(|e| !e.undone).map(|e| Told {
                turn: e.turn,
                phase: e.phase,
                event: &e.event,
            });
            g.known = crate::api::known::known(&self.pack, told);
        }
        view
    }

    /// The last request's result, from its lines in the log (none before the first).
    pub(crate) fn tap_result(&self) -> Option<crate::api::headline::TapResult> {
        let tap = self.last_tap.as_ref()?;
        let to = tap.to.map_or(self.log.len(), |to| to as usize);
        let entries = self.log.get(tap.from as usize..to)?;
        let events = entries.iter().map(|e| e.event.clone()).collect();
        let lines = entries
            .iter()
            .map(|e| EventLine {
                text: e.text.clone(),
                rule: e.rule.clone(),
            })
            .collect();
        Some(crate::api::headline::tap_result(
            &self.pack,
            events,
            lines,
            tap.label.as_deref(),
        ))
    }

    /// The game is over and no campaign mission follows: its seed may be shown (a campaign's next
    /// missions draw from the same stream, so their seed stays hidden until the campaign ends).
    pub fn over_for_good(&self) -> bool {
        self.game
            .as_ref()
            .is_some_and(|g| g.game_over.is_some() && !crate::rules::campaign::can_continue(g))
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

    /// Applies a request. A rejected one changes nothing; an accepted one that changed the game is a
    /// step of the game record. A read-only request changes nothing here (`respond` answers it).
    pub fn apply(&mut self, request: impl Into<Request>) -> Result<Vec<Event>, RuleError> {
        let request = request.into();
        let events = match &request {
            Request::Move(action) => self.apply_game_action(action)?,
            Request::Session(asked) => match asked {
                asked if asked.is_read_only() => return Ok(Vec::new()),
                SessionRequest::EditChart { chart, json } => {
                    self.no_roll_asked()?;
                    let edited = crate::api::chart_edit::edit_chart(
                        &self.pack,
                        self.game.as_ref(),
                        chart,
                        json,
                    )?;
                    self.replace_pack(edited)
                }
                SessionRequest::ResetChart { chart } => {
                    self.no_roll_asked()?;
                    let edited = crate::api::chart_edit::reset_chart(
                        &self.pack,
                        self.game.as_ref(),
                        chart.as_deref(),
                    )?;
                    self.replace_pack(edited)
                }
                SessionRequest::ImportPack { json } => {
                    self.no_roll_asked()?;
                    let edited = crate::api::chart_edit::import_pack(self.game.as_ref(), json)?;
                    self.replace_pack(edited)
                }
                SessionRequest::Undo => self.undo()?,
                SessionRequest::NewGame { seed, options } => {
                    return self.new_game(*seed, options.clone().unwrap_or_default())
                }
                read_only => unreachable!("{read_only:?} is read-only"),
            },
        };
        // A mistyped face is fixed right after its roll or not at all (`dice_correction.rs`).
        if !matches!(
            request,
            Request::Move(Action::EnterDice { .. } | Action::CorrectDice { .. })
        ) {
            self.last_entry = None;
        }
        if let Some(history) = self.history.as_mut().filter(|_| self.game.is_some()) {
            history.steps.push(RecordStep {
                action: request,
                events: events.clone(),
            });
        }
        Ok(events)
    }

    fn new_game(
        &mut self,
        seed: Option<u64>,
        mut options: crate::ground::state::GameOptions,
    ) -> Result<Vec<Event>, RuleError> {
        options.split_dice = true;
        let next_seed = self.next_seed;
        let entropy = self
            .entropy
            .get_or_insert_with(|| ChaCha8Rng::seed_from_u64(next_seed));
        // Seeds and salts come from a stream the player never sees: a revealed seed tells nothing of the next.
        // 53 bits: a seed JavaScript's numbers carry exactly (the view's `reveal.seed`, the record's `seed`).
        let seed = seed.unwrap_or_else(|| entropy.next_u64() >> 11);
        let mut salt = [0u8; 16];
        entropy.fill_bytes(&mut salt);
        self.start_committed(seed, &hex::encode(salt), options)
    }

    /// Starts a game with a known seed and salt (new game, and a record's replay).
    pub(crate) fn start_committed(
        &mut self,
        seed: u64,
        salt: &str,
        options: crate::ground::state::GameOptions,
    ) -> Result<Vec<Event>, RuleError> {
        let (game, events) = setup::new_game(&self.pack, seed, options.clone())?;
        let provenance = Provenance::new(seed, salt, crate::api::provenance::pack_hash(&self.pack));
        let pack = (provenance.pack_sha256 != crate::api::provenance::standard_pack_hash())
            .then(|| self.pack.clone());
        self.provenance = Some(provenance);
        self.history = Some(History {
            pack,
            options,
            started: events.clone(),
            steps: Vec::new(),
        });
        self.game = Some(game);
        self.undo.clear();
        self.barriers.clear();
        self.take_backs = 0;
        self.rolling = None;
        self.last_entry = None;
        self.log.clear();
        self.record(&events);
        Ok(events)
    }

    fn apply_game_action(&mut self, action: &Action) -> Result<Vec<Event>, RuleError> {
        self.game.as_ref().ok_or(RuleError::NoGame)?;
        if let Some(done) = self.apply_with_player_dice(action) {
            return done;
        }
        let current = self.game.as_ref().ok_or(RuleError::NoGame)?;
        let mut next = current.clone();
        let events = rules::apply(&self.pack, &mut next, action)?;
        let log_len = self.log.len() as u32;
        Ok(self.commit(next, &events, events.clone(), log_len))
    }

    /// Puts an applied move's game in place: its snapshot for undo (a barrier when it rolled or revealed),
    /// and `new` (its events not yet shown) in the log. `log_len` is the log's length when the move was sent.
    pub(crate) fn commit(
        &mut self,
        next: Game,
        events: &[Event],
        new: Vec<Event>,
        log_len: u32,
    ) -> Vec<Event> {
        let current = self
            .game
            .as_ref()
            .expect("a move applies to a running game");
        // The end of the game reveals the seed: nothing before it can be taken back either.
        let barrier = crate::api::barriers::rolled_or_revealed(&current.dice, &next.dice, events)
            || next.game_over.is_some();
        let before = std::mem::replace(self.game.as_mut().expect("checked above"), next);
        self.undo.push((before, log_len));
        self.barriers.push(barrier);
        if self.undo.len() > UNDO_DEPTH {
            self.undo.remove(0);
        }
        if self.barriers.len() > self.undo.len() {
            self.barriers.remove(0);
        }
        if barrier && !self.game.as_ref().is_some_and(|g| g.options.take_backs) {
            self.forget_past_the_barrier();
        }
        self.record(&new);
        new
    }

    /// Undo stops at a roll or a reveal, so the snapshots from before the newest one can never be
    /// restored: only the barrier's own snapshot is kept (it says why undo is refused). The
    /// autosave written before every answer holds the undo history, so it never grows with dead copies of
    /// the game. The take-backs house rule keeps them all.
    fn forget_past_the_barrier(&mut self) {
        let dead = self.undo.len().saturating_sub(1);
        self.undo.drain(..dead);
        let dead = self.barriers.len().saturating_sub(1);
        self.barriers.drain(..dead);
    }

    /// Whether the newest undo snapshot's action rolled or revealed (snapshots older than the barrier
    /// list, from saves made before it, count as barriers).
    fn last_is_barrier(&self) -> bool {
        self.barriers.last().copied().unwrap_or(true)
    }

    /// The log line of the decision undo would take back.
    fn last_decision(&self) -> Option<String> {
        let (_, log_len) = self.undo.last()?;
        self.log
            .iter()
            .skip(*log_len as usize)
            .find(|e| !e.undone)
            .map(|e| e.text.clone())
    }

    fn undo_view(&self) -> UndoView {
        let house_rule = self.game.as_ref().is_some_and(|g| g.options.take_backs);
        let barrier = !self.undo.is_empty() && (self.last_is_barrier() || self.over_for_good());
        UndoView {
            allowed: !self.undo.is_empty() && !self.over_for_good() && (!barrier || house_rule),
            last: self.last_decision(),
            barrier,
            take_backs: self.take_backs,
        }
    }

    fn undo(&mut self) -> Result<Vec<Event>, RuleError> {
        let game = self.game.as_ref().ok_or(RuleError::NoGame)?;
        if let Some(rolling) = &self.rolling {
            // House rule "I roll the dice": the move that asked for a roll is committed.
            return Err(RuleError::UndoBarrier(format!(
                "it asked for your dice — {}",
                rolling.pending_roll().prompt
            )));
        }
        if self.undo.is_empty() {
            return Err(RuleError::NothingToUndo);
        }
        let last = self
            .last_decision()
            .unwrap_or_else(|| "the last decision".into());
        if self.over_for_good() {
            // The seed is shown now: nothing can be taken back, house rule or not.
            return Err(RuleError::UndoBarrier(format!(
                "the game is over and its seed revealed ({last})"
            )));
        }
        let barrier = self.last_is_barrier();
        if barrier && !game.options.take_backs {
            return Err(RuleError::UndoBarrier(format!(
                "it rolled or revealed — {last}"
            )));
        }
        let (before, log_len) = self.undo.pop().expect("checked above");
        if self.barriers.len() > self.undo.len() {
            self.barriers.pop();
        }
        self.game = Some(before);
        let mut undone = 0;
        for entry in self.log.iter_mut().skip(log_len as usize) {
            if !entry.undone {
                entry.undone = true;
                undone += 1;
            }
        }
        let events = if barrier {
            self.take_backs += 1;
            vec![Event::TakenBack {
                entries: undone,
                total: self.take_backs,
            }]
        } else {
            vec![Event::Undone { entries: undone }]
        };
        self.record(&events);
        Ok(events)
    }

    pub(crate) fn record(&mut self, events: &[Event]) {
        let game = self.game.as_ref().expect("events come from a game");
        for event in events {
            let seq = self.log.len() as u32;
            let line = event.line(&self.pack);
            self.log.push(LogEntry {
                seq,
                turn: game.turn,
                phase: game.phase,
                rule: line.rule,
                text: line.text,
                event: event.clone(),
                undone: false,
            });
        }
    }

    /// The record of the session's game, or None when no game runs (or it was saved before records).
    pub fn export_record(&self) -> Option<GameRecord> {
        let history = self.history.as_ref()?;
        let provenance = self.provenance.as_ref()?;
        let view = self.view();
        let reveal = view.reveal.clone();
        Some(GameRecord {
            format: RECORD_FORMAT.into(),
            version: RECORD_VERSION,
            app: format!("goeben-referee {}", env!("CARGO_PKG_VERSION")),
            pack_sha256: provenance.pack_sha256.clone(),
            pack: history
                .pack
                .as_ref()
                .map(|p| serde_json::to_value(p).expect("a pack serialises")),
            options: history.options.clone(),
            commitment: Some(provenance.commitment.clone()),
            seed: reveal.as_ref().map(|r| r.seed),
            salt: reveal.as_ref().map(|r| r.salt.clone()),
            committed: reveal.map(|r| r.committed),
            started: history.started.clone(),
            steps: history.steps.clone(),
            take_backs: self.take_backs,
            final_view: view,
        })
    }
}

impl GameRecord {
    /// A session at the record's new game, with its revealed seed and salt (verify and the review).
    pub(crate) fn start(&self, pack: RulesPack) -> Result<(Session, Vec<Event>), String> {
        let (Some(seed), Some(salt)) = (self.seed, &self.salt) else {
            return Err("the record holds no seed yet".into());
        };
        let mut session = Session::new(pack, 0);
        let started = session
            .start_committed(seed, salt, self.options.clone())
            .map_err(|e| format!("new game refused: {e}"))?;
        Ok((session, started))
    }
}
