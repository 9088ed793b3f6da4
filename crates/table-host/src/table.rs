//! One table: a [`ToolSession`] (the one referee, with every secret), its seats, and for each
//! seat its rate bucket and the answers kept for retries. [`Table::answer`] takes one seat's request body
//! to one answer: the order of checks and the status of each refusal are the HTTP contract
//! (docs/TABLE-MODE.md). Every refusal here comes before the session is touched, so it changes nothing.
//!
//! A table kept in a file (`--state`, [`Table::kept_in`], [`Table::game_kept_in`] for a game table) is
//! saved after every request that changed it — at a game table, every move the referee accepted — and
//! every request with an `Idempotency-Key` (its answer is kept), before the answer leaves; a failed save
//! puts the table back as it was (the session, the game, the seat's kept answers) and answers 503
//! `not_saved`. A `view` without a key never writes the file.
//!
//! A table also counts its changes (its *version*, pushed to the seats' sockets: `http::events`) and tells
//! a seat's sockets when the seat is re-issued.

use std::collections::VecDeque;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::watch;

use serde::Serialize;
use sha2::{Digest, Sha256};

use goeben_table_tools::{ToolAction, ToolResponse, ToolSession};

use crate::limits::{Limits, TokenBucket, IDEMPOTENCY_KEY_MAX, LOG_PAGE_MAX, LOG_RECENT};
use crate::seats::{self, NotYours, Seat, SeatCode};
use crate::store::{SavedAnswer, SavedGame, SavedSeat, Store, TableFile};

/// A seat counts as connected when the host heard from it this recently ([`crate::limits::CONNECTED_WITHIN`]).
pub const CONNECTED_WITHIN: Duration = crate::limits::CONNECTED_WITHIN;

/// The host's own refusal codes (the referee's are `goeben_common::ErrorCode`): they travel in the same
/// `{"tool":"error","code":…,"message":…}` shape, with an HTTP status that says the request never reached
/// the referee.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HostCode {
    /// 401: no seat has this code (never opened, or re-issued).
    UnknownSeat,
    /// 403: the request acts as the other player.
    NotYourSeat,
    /// 403: the table display asked for more than `table_view`.
    DisplayOnly,
    /// 413: the body is over [`Limits::body_max_bytes`].
    TooLarge,
    /// 429: the seat's bucket is empty; `Retry-After` says when to try again.
    RateLimited,
    /// 429: the seat already holds [`Limits::sockets_per_seat`] push sockets.
    TooManySockets,
    /// 400: the `Idempotency-Key` header is empty, too long or not visible ASCII.
    BadIdempotencyKey,
    /// 422: an `Idempotency-Key` this seat used for a different body.
    IdempotencyKeyReused,
    /// 408: the body did not arrive in time.
    BodyTimeout,
    /// 404: no such page.
    NotFound,
    /// 503: the table could not be saved (`--state`); the request was undone, nothing changed.
    NotSaved,
    /// 500: the referee broke an invariant; the table answers nothing more.
    Internal,
    /// 403: the `Host` header is not the address the host serves (DNS rebinding).
    WrongHost,
    /// 403: the `Origin` is another page's (a cross-site POST or WebSocket handshake).
    ForeignOrigin,
    /// 503: the connection's address, or the host, holds as many connections as it may.
    TooManyConnections,
}

/// One HTTP answer: status, JSON body, and whether it is a kept answer sent again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub status: u16,
    pub body: String,
    /// A retry's kept answer (`Idempotency-Replayed: true`).
    pub replayed: bool,
    /// Whole seconds for `Retry-After` (429 only).
    pub retry_after: Option<u64>,
}

impl Answer {
    fn ok(body: String) -> Answer {
        Answer {
            status: 200,
            body,
            replayed: false,
            retry_after: None,
        }
    }

    /// A refusal in the tools' error shape.
    pub fn refusal(status: u16, code: impl Serialize, message: impl Into<String>) -> Answer {
        let body = serde_json::to_string(&Refusal {
            tool: "error",
            code,
            message: message.into(),
        })
        .expect("a refusal serialises");
        Answer {
            status,
            body,
            replayed: false,
            retry_after: None,
        }
    }
}

/// A refusal's body, in the order of the tools' own (`{"tool":"error","code":…,"message":…}`).
#[derive(Serialize)]
struct Refusal<C> {
    tool: &'static str,
    code: C,
    message: String,
}

/// An answer kept for a retry: the key, the body's hash, the answer sent.
#[derive(Clone)]
struct Kept {
    key: String,
    body_hash: [u8; 32],
    answer: String,
}

/// What the table keeps for one seat besides its code.
struct SeatState {
    bucket: TokenBucket,
    kept: VecDeque<Kept>,
    /// When the host last heard from this seat (its page, or a request with its code).
    last_seen: Option<Instant>,
    /// Requests admitted from this seat since the host started.
    requests: u64,
}

impl SeatState {
    fn new(limits: &Limits, now: Instant) -> SeatState {
        SeatState {
            bucket: TokenBucket::full(limits, now),
            kept: VecDeque::new(),
            last_seen: None,
            requests: 0,
        }
    }
}

/// One seat as the host's `status` command reports it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatStatus {
    pub seat: String,
    /// Heard from within [`CONNECTED_WITHIN`].
    pub connected: bool,
    /// Milliseconds since the host last heard from the seat; `null` if never.
    pub last_seen_ms_ago: Option<u64>,
    /// Requests admitted from this seat since the host started.
    pub requests: u64,
}

struct State {
    /// The table tools' referee (unused at a game table).
    session: ToolSession,
    /// A game table's referee (`crate::game`).
    game: Option<goeben_referee::Session>,
    seats: Vec<SeatState>,
    /// Set when the referee panicked: its state can no longer be trusted.
    broken: bool,
    /// Per seat: a digest of what the seat sees now (its view at a table of the table tools), so a seat
    /// is pushed a new version only when its own view changed.
    seen_views: Vec<[u8; 32]>,
}

/// One table of the table tools and its seats.
pub struct Table {
    seats: Vec<Seat>,
    limits: Limits,
    state: Mutex<State>,
    /// Where the table is saved after every change (`--state`), if anywhere.
    store: Option<Store>,
    /// A game table's rules pack and 25.0 roles (who may send which move).
    game: Option<GameRules>,
    /// Per seat: its version, bumped when a request changed what that seat sees (B's hidden
    /// moves do not tell A that B is moving). In memory only (0 when the host starts): a guest's socket
    /// only compares it with the last one it saw, then asks for its own view.
    versions: Vec<watch::Sender<u64>>,
    /// Per seat: how many times it was re-issued since the host started (its open sockets close when it
    /// changes).
    issued: Vec<watch::Sender<u64>>,
    /// Per seat: its open push sockets.
    sockets: Vec<Arc<AtomicUsize>>,
}

/// One open push socket of a seat, counted while it lives ([`Table::open_socket`]).
pub struct SocketSlot {
    count: Arc<AtomicUsize>,
}

impl Drop for SocketSlot {
    fn drop(&mut self) {
        self.count.fetch_sub(1, Ordering::AcqRel);
    }
}

/// What a game table decides permissions with: the pack as the game started, and its 25.0 roles.
struct GameRules {
    pack: goeben_referee::RulesPack,
    roles: goeben_referee::ground::state::Roles,
}

/// One request, parsed by its table's protocol.
enum Parsed {
    Tools(goeben_table_tools::ToolRequest),
    Game(goeben_referee::Request),
}

impl Table {
    /// A new table: a fresh session seeded with `seed`, and `seats`.
    pub fn new(session: ToolSession, seats: Vec<Seat>, limits: Limits) -> Table {
        let now = Instant::now();
        let states = seats.iter().map(|_| SeatState::new(&limits, now)).collect();
        Table::with(
            seats,
            limits,
            State {
                session,
                game: None,
                seats: states,
                broken: false,
                seen_views: Vec::new(),
            },
            None,
        )
    }

    fn with(seats: Vec<Seat>, limits: Limits, mut state: State, store: Option<Store>) -> Table {
        let issued = seats.iter().map(|_| watch::Sender::new(0)).collect();
        let sockets = seats
            .iter()
            .map(|_| Arc::new(AtomicUsize::new(0)))
            .collect();
        let versions = seats.iter().map(|_| watch::Sender::new(0)).collect();
        state.seen_views = (0..seats.len())
            .map(|seat| seen_view(&seats, &state, seat))
            .collect();
        Table {
            seats,
            limits,
            state: Mutex::new(state),
            store,
            game: None,
            versions,
            issued,
            sockets,
        }
    }

    /// `seat`'s version now and its changes to come (a push socket's subscription).
    pub fn version(&self, seat: usize) -> watch::Receiver<u64> {
        self.versions[seat].subscribe()
    }

    /// Changes when `seat` is re-issued: its sockets then close.
    pub fn issued(&self, seat: usize) -> watch::Receiver<u64> {
        self.issued[seat].subscribe()
    }

    /// Counts one more push socket for `seat`, or `None` when it already holds
    /// [`Limits::sockets_per_seat`]. The slot gives its place back when dropped.
    pub fn open_socket(&self, seat: usize) -> Option<SocketSlot> {
        let count = &self.sockets[seat];
        count
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < self.limits.sockets_per_seat).then_some(n + 1)
            })
            .ok()?;
        Some(SocketSlot {
            count: count.clone(),
        })
    }

    /// Tells the sockets of each seat in `seats` that its view changed.
    fn changed(&self, seats: &[usize]) {
        for &seat in seats {
            self.versions[seat].send_modify(|version| *version = version.wrapping_add(1));
        }
    }

    /// The seats whose view is not what they saw last, noted as seen now. At a game table every seat
    /// sees the same view (nothing in it is face down), so a change is every seat's.
    fn views_changed(&self, state: &mut State) -> Vec<usize> {
        if self.game.is_some() {
            return (0..self.seats.len()).collect();
        }
        let mut changed = Vec::new();
        for seat in 0..self.seats.len() {
            let now = seen_view(&self.seats, state, seat);
            if state.seen_views[seat] != now {
                state.seen_views[seat] = now;
                changed.push(seat);
            }
        }
        changed
    }

    /// A game table: `session` (a game under way, e.g. [`crate::game::new_game`]), one seat per 25.0 role
    /// of `roles` ([`crate::game::game_seats`]). Requests are the game's protocol (docs/PROTOCOL.md);
    /// each seat gets the core's player view. In memory only; [`Table::game_kept_in`] keeps one in a file.
    pub fn game(
        session: goeben_referee::Session,
        roles: goeben_referee::ground::state::Roles,
        seats: Vec<Seat>,
        limits: Limits,
    ) -> Table {
        let rules = GameRules {
            pack: session.pack().clone(),
            roles,
        };
        let mut table = Table::new(ToolSession::seeded(0), seats, limits);
        table
            .state
            .get_mut()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .game = Some(session);
        table.game = Some(rules);
        table
    }

    /// A game table for a game already under way (the app's running game opened to
    /// seats): `session`'s own game, its history, dice and undo as they are, seated by the 25.0 roles and the
    /// 19.0 fleet it was started with. Refused, with why, when `session` has no game or is played by one
    /// player (`Roles::Solo`: 25.0 roles are chosen when a game starts, and the core's decisions name no
    /// deciders without them).
    pub fn running(
        session: goeben_referee::Session,
        display: bool,
        limits: Limits,
    ) -> Result<Table, String> {
        let roles = crate::game::running_roles(&session)?;
        let seats = crate::game::game_seats_for(&session, roles, display);
        Ok(Table::game(session, roles, seats, limits))
    }

    /// The game table kept in `store` ([`Table::kept_in`] for a game): reopened from its file when there
    /// is one (`Ok((table, true))`: the same game, seats, codes and kept answers), otherwise a new game
    /// table of `session`, `roles` and `seats`, saved at once (`Ok((table, false))`). A file that is not a
    /// table of this host, holds a table of the table tools, or a game of other roles, is refused (`Err`,
    /// naming what it holds) and left untouched.
    pub fn game_kept_in(
        store: Store,
        session: goeben_referee::Session,
        roles: goeben_referee::ground::state::Roles,
        seats: Vec<Seat>,
        limits: Limits,
    ) -> Result<(Table, bool), String> {
        match store.load()? {
            Some(file) => {
                let session = kept_game(&store, &file, roles)?;
                let rules = GameRules {
                    pack: session.pack().clone(),
                    roles,
                };
                let (seats, states) = reopened_seats(file.seats, &limits)?;
                let state = State {
                    session: file.session,
                    game: Some(session),
                    seats: states,
                    broken: false,
                    seen_views: Vec::new(),
                };
                let mut table = Table::with(seats, limits, state, Some(store));
                table.game = Some(rules);
                Ok((table, true))
            }
            None => {
                let table = Table {
                    store: Some(store),
                    ..Table::game(session, roles, seats, limits)
                };
                let state = table.lock();
                table
                    .save(&state)
                    .map_err(|e| format!("the table could not be saved: {e}"))?;
                drop(state);
                Ok((table, false))
            }
        }
    }

    /// Whether this is a game table.
    pub fn is_game(&self) -> bool {
        self.game.is_some()
    }

    /// A game table's whole session, secrets and all: for the host and tests, never sent to a seat.
    pub fn game_session(&self) -> Option<goeben_referee::Session> {
        self.lock().game.clone()
    }

    /// The table kept in `store`: reopened from its file when there is one (`Ok((table, true))`: the same
    /// session, seats, codes and kept answers), otherwise a new table of `session` and `seats`, saved at
    /// once so its codes outlive the host (`Ok((table, false))`). A file that is not a table of this host
    /// is refused (`Err`) and left untouched.
    pub fn kept_in(
        store: Store,
        session: ToolSession,
        seats: Vec<Seat>,
        limits: Limits,
    ) -> Result<(Table, bool), String> {
        match store.load()? {
            Some(file) => {
                if let Some(game) = &file.game {
                    return Err(refused_kind(
                        &store,
                        &file,
                        "a table of the table tools",
                        &format!(
                            "open it with --game --seats {}",
                            match game.roles {
                                goeben_referee::ground::state::Roles::ShipCommanders => 2,
                                _ => 4,
                            }
                        ),
                    ));
                }
                let (seats, states) = reopened_seats(file.seats, &limits)?;
                let state = State {
                    session: file.session,
                    game: None,
                    seats: states,
                    broken: false,
                    seen_views: Vec::new(),
                };
                Ok((Table::with(seats, limits, state, Some(store)), true))
            }
            None => {
                let table = Table {
                    store: Some(store),
                    ..Table::new(session, seats, limits)
                };
                let state = table.lock();
                table
                    .save(&state)
                    .map_err(|e| format!("the table could not be saved: {e}"))?;
                drop(state);
                Ok((table, false))
            }
        }
    }

    /// Where the table is saved, if anywhere.
    pub fn store(&self) -> Option<&Store> {
        self.store.as_ref()
    }

    /// The table as saved: the session, each seat's code and kept answers.
    fn file(&self, state: &State) -> TableFile {
        let seats = self
            .seats
            .iter()
            .zip(&state.seats)
            .map(|(seat, seat_state)| SavedSeat {
                name: seat.name.clone(),
                role: seat.role,
                code: seat.code().as_str().to_string(),
                kept: seat_state
                    .kept
                    .iter()
                    .map(|k| SavedAnswer {
                        key: k.key.clone(),
                        body_sha256: hex::encode(k.body_hash),
                        answer: k.answer.clone(),
                    })
                    .collect(),
            })
            .collect();
        let (kind, game) = match (&self.game, &state.game) {
            (Some(rules), Some(game)) => (
                crate::store::TableKind::Game,
                Some(SavedGame {
                    roles: rules.roles,
                    save: goeben_referee::api::save::to_json(game),
                }),
            ),
            _ => (crate::store::TableKind::Tools, None),
        };
        TableFile {
            format: crate::store::FORMAT.into(),
            version: crate::store::VERSION,
            kind,
            seats,
            session: state.session.clone(),
            game,
        }
    }

    /// Saves the table if it is kept anywhere (called with the state locked, so saves follow the order of
    /// the changes).
    fn save(&self, state: &State) -> std::io::Result<()> {
        match &self.store {
            Some(store) => store.save(&self.file(state)),
            None => Ok(()),
        }
    }

    /// Notes that the host heard from `seat` (its page was loaded) without counting a request.
    pub fn seen(&self, seat: usize) {
        self.lock().seats[seat].last_seen = Some(Instant::now());
    }

    /// Each seat: connected or not, when last heard from, how many requests.
    pub fn status(&self) -> Vec<SeatStatus> {
        let state = self.lock();
        let now = Instant::now();
        self.seats
            .iter()
            .zip(&state.seats)
            .map(|(seat, s)| {
                let ago = s.last_seen.map(|t| now.saturating_duration_since(t));
                SeatStatus {
                    seat: seat.name.clone(),
                    connected: ago.is_some_and(|ago| ago <= CONNECTED_WITHIN),
                    last_seen_ms_ago: ago.map(|ago| ago.as_millis() as u64),
                    requests: s.requests,
                }
            })
            .collect()
    }

    /// Gives `seat` a new code: from now on the old one answers 401. The seat's kept answers are dropped
    /// (the new code may be a new device). Saved before it returns when the table is kept; if the save
    /// fails the old code stays and nothing changed.
    pub fn reissue(&self, seat: usize) -> std::io::Result<SeatCode> {
        let mut state = self.lock();
        let fresh = SeatCode::random();
        let old = self.seats[seat].replace_code(fresh.clone());
        let kept = std::mem::take(&mut state.seats[seat].kept);
        if let Err(e) = self.save(&state) {
            self.seats[seat].replace_code(old);
            state.seats[seat].kept = kept;
            return Err(e);
        }
        drop(state);
        // Only the re-issued seat's sockets hear of it (they close): no other seat's view changed.
        self.issued[seat].send_modify(|n| *n += 1);
        Ok(fresh)
    }

    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The whole session, secrets and all: for the host itself (saving with `--state`) and tests. Never
    /// sent to a seat.
    pub fn session(&self) -> ToolSession {
        self.lock().session.clone()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        // A panic inside the referee is caught in `answer` and marks the table broken; a poisoned lock
        // can only follow such a panic, so its state is kept (and refused through `broken`).
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Takes one token from `seat`'s bucket, or the 429 to send.
    pub fn admit(&self, seat: usize) -> Result<(), Answer> {
        let mut state = self.lock();
        let now = Instant::now();
        state.seats[seat].last_seen = Some(now);
        match state.seats[seat].bucket.take(&self.limits, now) {
            Ok(()) => {
                state.seats[seat].requests += 1;
                Ok(())
            }
            Err(wait) => {
                let mut refusal = Answer::refusal(
                    429,
                    HostCode::RateLimited,
                    format!(
                        "too many requests from seat {}; try again shortly",
                        self.seats[seat].name
                    ),
                );
                refusal.retry_after = Some(wait.as_secs_f64().ceil().max(1.0) as u64);
                Err(refusal)
            }
        }
    }

    /// Answers one request body from `seat`. In order: a bad idempotency key (400); a body that is not one
    /// request of the protocol (400, the parser's `malformed` or `unknown_tool`); a request this seat may
    /// not send (403); a key seen before with the same body (its kept answer again) or another body
    /// (422); otherwise the referee's answer (200, a refusal of the rules included).
    pub fn answer(&self, seat: usize, key: Option<&str>, body: &[u8]) -> Answer {
        match self.parsed(seat, key, body) {
            Ok(parsed) => self.answer_parsed(seat, key, body, parsed),
            Err(refusal) => refusal,
        }
    }

    /// The body as one request this seat may send, or the refusal to send back (nothing changed).
    fn parsed(&self, seat: usize, key: Option<&str>, body: &[u8]) -> Result<Parsed, Answer> {
        if key.is_some_and(|key| {
            key.is_empty()
                || key.chars().count() > IDEMPOTENCY_KEY_MAX
                || !key.chars().all(|c| c.is_ascii_graphic())
        }) {
            return Err(Answer::refusal(
                400,
                HostCode::BadIdempotencyKey,
                format!("an Idempotency-Key has 1-{IDEMPOTENCY_KEY_MAX} visible ASCII characters"),
            ));
        }
        let Ok(text) = std::str::from_utf8(body) else {
            return Err(Answer::refusal(
                400,
                goeben_common::ErrorCode::Malformed,
                "the body is not UTF-8 text",
            ));
        };
        match &self.game {
            None => parsed_tools(self.seats[seat].role, text).map(Parsed::Tools),
            Some(rules) => self.parsed_game(rules, seat, text).map(Parsed::Game),
        }
    }

    /// A game table's request from `seat`, if it is that seat's role's call (25.0).
    fn parsed_game(
        &self,
        rules: &GameRules,
        seat: usize,
        text: &str,
    ) -> Result<goeben_referee::Request, Answer> {
        let request = goeben_referee::api::protocol::parse_request(text)
            .map_err(|e| Answer::refusal(400, e.code, e.message))?;
        // House rule "I roll the dice": the asked roll is entered by the seat whose move asked for it.
        // 25.0 (3): where the Austro-Hungarian ships are decides whose a decision of a space is (read
        // from the game's view, for a move only).
        let (asked_by, presence) = {
            let state = self.lock();
            let game = state.game.as_ref();
            let presence = match (&request, game) {
                (goeben_referee::Request::Move(_), Some(game)) => crate::game::presence(game),
                _ => Default::default(),
            };
            let asked_by = game
                .and_then(|game| game.pending_roll())
                .map(|roll| roll.asked_by);
            (asked_by, presence)
        };
        crate::game::permits_asked(
            &rules.pack,
            rules.roles,
            &self.seats,
            seat,
            &request,
            asked_by.as_ref(),
            &presence,
        )
        .map_err(|why| {
            let code = if self.seats[seat].role == seats::SeatRole::Display {
                HostCode::DisplayOnly
            } else {
                HostCode::NotYourSeat
            };
            Answer::refusal(403, code, why)
        })?;
        Ok(request)
    }

    /// Answers a request already parsed and permitted: the kept answer of a retry, or the referee's,
    /// kept, saved (undone if the save fails) and pushed to the seats whose view it changed.
    fn answer_parsed(&self, seat: usize, key: Option<&str>, body: &[u8], parsed: Parsed) -> Answer {
        let body_hash: [u8; 32] = Sha256::digest(body).into();
        // A read (`view`, `table_view`, the game's `view`) changes nothing: no copy of the table to undo,
        // no save, and a retry's kept answer is the key alone — the retry is answered with the view as it
        // is then (64 whole views per seat were once kept, in memory and in the file).
        let read = parsed.is_read();
        let mut state = self.lock();
        if state.broken {
            return broken();
        }
        let replayed = match kept_answer(&state, seat, key, &body_hash) {
            Ok(Some(kept)) => return kept,
            Ok(None) => false,
            Err(Replay::Read) => true,
            Err(Replay::Refused(refusal)) => return refusal,
        };
        // Kept anywhere: what to go back to if the save fails.
        let before = Before::of(&state, seat, self.store.is_some() && !read, &parsed);
        let mark = Mark::of(&state, read, before.is_some(), &parsed);
        let Some((answer, accepted_move)) = self.referee_answer(&mut state, seat, parsed) else {
            state.broken = true;
            return broken();
        };
        if let (Some(key), false) = (key, replayed) {
            self.keep(
                &mut state,
                seat,
                key,
                body_hash,
                if read { READ_KEPT } else { &answer },
            );
        }
        let changed = mark.changed(&state, before.as_ref());
        // Saved before the answer leaves: an answer a guest got is never lost by a crash after it. A
        // read's kept key is not worth a write: after a restart its retry is simply a new read.
        if let Some(before) = before {
            if key.is_some() || changed || accepted_move {
                if let Err(e) = self.save(&state) {
                    before.restore(&mut state, seat);
                    return Answer::refusal(503, HostCode::NotSaved, format!("the table could not be saved ({e}); the request was not applied, try again"));
                }
            }
        }
        let pushed = if changed {
            self.views_changed(&mut state)
        } else {
            Vec::new()
        };
        drop(state);
        self.changed(&pushed);
        Answer {
            replayed,
            ..Answer::ok(answer)
        }
    }

    /// The referee's answer as sent to `seat`, and whether it was a game move the referee accepted (saved
    /// even if the log did not grow); `None` if the referee panicked.
    fn referee_answer(
        &self,
        state: &mut State,
        seat: usize,
        parsed: Parsed,
    ) -> Option<(String, bool)> {
        let request = match parsed {
            Parsed::Tools(request) => {
                return respond(&mut state.session, request).map(|r| (seat_json(r), false))
            }
            Parsed::Game(request) => request,
        };
        // An undo (the commanding seat's) changes the game as a move does: saved, pushed.
        let is_move = matches!(
            request,
            goeben_referee::Request::Move(_)
                | goeben_referee::Request::Session(goeben_referee::SessionRequest::Undo)
        );
        let game = state.game.as_mut().expect("a game table has a game");
        let rules = self.game.as_ref().expect("a game table has its rules");
        let mut response =
            std::panic::catch_unwind(AssertUnwindSafe(|| game.respond(request))).ok()?;
        // Each seat is offered only the decisions that are its role's call.
        crate::game::for_seat(
            &rules.pack,
            rules.roles,
            &self.seats,
            seat,
            &mut response.view,
        );
        let accepted = is_move && response.ok;
        Some((goeben_referee::api::protocol::to_line(&response), accepted))
    }

    /// Keeps `answer` under `key` for the seat's retries, the oldest dropped past the limit.
    fn keep(&self, state: &mut State, seat: usize, key: &str, body_hash: [u8; 32], answer: &str) {
        let kept = &mut state.seats[seat].kept;
        if kept.len() >= self.limits.replay_keep.max(1) {
            kept.pop_front();
        }
        kept.push_back(Kept {
            key: key.to_string(),
            body_hash,
            answer: answer.to_string(),
        });
    }

    /// A page of the public log (`GET /api/{code}/log?from=N&limit=M`): entries `from` to
    /// `from + limit` (at most [`LOG_PAGE_MAX`]), with the log's length. Every seat of a table of the table
    /// tools may read it: the log is public, the same in both players' views and the table view. A game
    /// table's view carries no log (its length only), so it has none to page (`None`).
    pub fn log_page(&self, from: usize, limit: usize) -> Option<String> {
        if self.game.is_some() {
            return None;
        }
        let log = self.lock().session.table_view().log;
        let total = log.len();
        let from = from.min(total);
        let until = from.saturating_add(limit.min(LOG_PAGE_MAX)).min(total);
        let page = LogPage {
            tool: "log",
            from,
            total,
            log: &log[from..until],
        };
        Some(serde_json::to_string(&page).expect("a log page serialises"))
    }
}

/// The kept "answer" of a read: the key and body are kept (a reused key is still refused), the view is
/// made again for the retry. Never a real answer, which is a JSON object.
const READ_KEPT: &str = "";

/// `GET /api/{code}/log`'s answer.
#[derive(Serialize)]
struct LogPage<'a> {
    tool: &'static str,
    from: usize,
    total: usize,
    log: &'a [goeben_table_tools::LogLine],
}

/// A digest of what `seat` sees now: its player's view, or the table view for the display; nothing at a
/// game table (every seat sees the game's one view). The log is counted, not hashed: it only grows, and
/// it is the same for every seat.
fn seen_view(seats: &[Seat], state: &State, seat: usize) -> [u8; 32] {
    let mut hasher = Sha256::new();
    match seats[seat].role {
        seats::SeatRole::Player(player) => {
            let mut view = state.session.view(player);
            hasher.update(view.log.len().to_le_bytes());
            view.log.clear();
            hasher.update(serde_json::to_vec(&view).expect("a view serialises"));
        }
        seats::SeatRole::Display => {
            let mut view = state.session.table_view();
            hasher.update(view.log.len().to_le_bytes());
            view.log.clear();
            hasher.update(serde_json::to_vec(&view).expect("a view serialises"));
        }
        seats::SeatRole::GameRole => {}
    }
    hasher.finalize().into()
}

/// The answer to a seat, in JSON: a view carries the last [`LOG_RECENT`] log entries and the log's
/// length, `"log_total":N` (older entries: [`Table::log_page`]), so its size and cost stay the same as
/// the game grows.
fn seat_json(mut response: ToolResponse) -> String {
    let total = match &mut response {
        ToolResponse::Peek(goeben_table_tools::peek::PeekAnswer::View(view)) => {
            Some(recent(&mut view.log))
        }
        ToolResponse::Peek(goeben_table_tools::peek::PeekAnswer::TableView(view)) => {
            Some(recent(&mut view.log))
        }
        _ => None,
    };
    let mut json = to_json(&response);
    if let Some(total) = total {
        // The answer is one JSON object: its last byte is its closing brace.
        debug_assert!(json.ends_with('}'));
        json.pop();
        json.push_str(&format!(",\"log_total\":{total}}}"));
    }
    json
}

/// Keeps the last [`LOG_RECENT`] entries of `log`; the length it had.
fn recent<T>(log: &mut Vec<T>) -> usize {
    let total = log.len();
    log.drain(..total.saturating_sub(LOG_RECENT));
    total
}

/// Whether a game request only looks (`view`).
fn is_view(request: &goeben_referee::Request) -> bool {
    matches!(
        request,
        goeben_referee::Request::Session(goeben_referee::SessionRequest::View)
    )
}

/// A file's seats and their kept answers, as the table holds them.
fn reopened_seats(
    saved: Vec<SavedSeat>,
    limits: &Limits,
) -> Result<(Vec<Seat>, Vec<SeatState>), String> {
    let now = Instant::now();
    let mut states = Vec::new();
    let mut seats = Vec::new();
    for saved in saved {
        let code = SeatCode::from_saved(&saved.code).ok_or("a seat code is damaged")?;
        seats.push(Seat::with_code(&saved.name, saved.role, code));
        let mut state = SeatState::new(limits, now);
        for kept in saved.kept {
            let mut body_hash = [0u8; 32];
            hex::decode_to_slice(&kept.body_sha256, &mut body_hash)
                .map_err(|e| format!("a kept answer is damaged: {e}"))?;
            state.kept.push_back(Kept {
                key: kept.key,
                body_hash,
                answer: kept.answer,
            });
        }
        states.push(state);
    }
    Ok((seats, states))
}

/// The game a kept game table holds, once it is one of `roles` and its seats are theirs; otherwise why
/// it is refused (the file left untouched).
fn kept_game(
    store: &Store,
    file: &TableFile,
    roles: goeben_referee::ground::state::Roles,
) -> Result<goeben_referee::Session, String> {
    let Some(game) = &file.game else {
        return Err(refused_kind(
            store,
            file,
            "a game table (--game)",
            "open it without --game",
        ));
    };
    if game.roles != roles {
        return Err(refused_kind(
            store,
            file,
            crate::store::roles_words(roles),
            "open it with its own --seats",
        ));
    }
    let session = goeben_referee::api::save::from_json(&game.save).map_err(|e| {
        format!(
            "{}'s game cannot be read back ({e}); it was left untouched",
            store.path().display()
        )
    })?;
    let expected: Vec<String> = crate::game::game_seats_for(&session, roles, false)
        .into_iter()
        .map(|s| s.name)
        .collect();
    let found: Vec<String> = file
        .seats
        .iter()
        .filter(|s| s.role == seats::SeatRole::GameRole)
        .map(|s| s.name.clone())
        .collect();
    if found != expected {
        return Err(format!(
            "{}'s seats ({}) are not those of {} ({}); it was left untouched",
            store.path().display(),
            found.join(", "),
            crate::store::roles_words(roles),
            expected.join(", ")
        ));
    }
    Ok(session)
}

/// The refusal of a kept table of another kind than the one asked for: what the file holds, what was
/// asked, how to open it.
fn refused_kind(store: &Store, file: &TableFile, asked: &str, how: &str) -> String {
    format!(
        "{} holds {}, not {asked}; {how} (it was left untouched)",
        store.path().display(),
        file.what()
    )
}

/// The answer once the referee stopped on an internal error: the table is closed.
fn broken() -> Answer {
    Answer::refusal(
        500,
        HostCode::Internal,
        "the referee stopped on an internal error; the table is closed",
    )
}

/// A table-tools request from a seat of `role`, if the seat may send it and its numbers are in range.
fn parsed_tools(
    role: seats::SeatRole,
    text: &str,
) -> Result<goeben_table_tools::ToolRequest, Answer> {
    let request = goeben_table_tools::parse_line(text).map_err(|refusal| Answer {
        status: 400,
        ..Answer::ok(to_json(&refusal))
    })?;
    seats::permits(role, &request.action).map_err(|not_yours| match not_yours {
        NotYours::OtherPlayer { seat, named } => Answer::refusal(
            403,
            HostCode::NotYourSeat,
            format!(
                "this is player {}'s seat: it cannot act as player {}",
                name(seat),
                name(named)
            ),
        ),
        NotYours::DisplayOnly => Answer::refusal(
            403,
            HostCode::DisplayOnly,
            "the table display sees only the table view (table_view)",
        ),
    })?;
    crate::limits::input_in_range(&request.action)
        .map_err(|why| Answer::refusal(400, goeben_common::ErrorCode::BadInput, why))?;
    Ok(request)
}

/// Why a key seen before is not answered with its kept answer.
enum Replay {
    /// A read's key: answered afresh, as a retry (`replayed`).
    Read,
    /// The key was used for another body.
    Refused(Answer),
}

/// The seat's kept answer under `key`, if the same body was sent with it before.
fn kept_answer(
    state: &State,
    seat: usize,
    key: Option<&str>,
    body_hash: &[u8; 32],
) -> Result<Option<Answer>, Replay> {
    let Some(kept) = key.and_then(|key| state.seats[seat].kept.iter().find(|kept| kept.key == key))
    else {
        return Ok(None);
    };
    if kept.body_hash != *body_hash {
        return Err(Replay::Refused(Answer::refusal(
            422,
            HostCode::IdempotencyKeyReused,
            "this Idempotency-Key was used for another request; use a new key for a new request",
        )));
    }
    if kept.answer == READ_KEPT {
        return Err(Replay::Read);
    }
    Ok(Some(Answer {
        replayed: true,
        ..Answer::ok(kept.answer.clone())
    }))
}

/// The table as it was before a request that may change it, kept to undo a failed save.
struct Before {
    session: ToolSession,
    kept: std::collections::VecDeque<Kept>,
    /// At a game table: the game before a move.
    game: Option<goeben_referee::Session>,
}

impl Before {
    /// A copy of the table when it is kept anywhere (`kept`) and the request may change it.
    fn of(state: &State, seat: usize, kept: bool, parsed: &Parsed) -> Option<Before> {
        kept.then(|| Before {
            session: state.session.clone(),
            kept: state.seats[seat].kept.clone(),
            game: match parsed {
                Parsed::Game(_) => state.game.clone(),
                Parsed::Tools(_) => None,
            },
        })
    }

    fn restore(self, state: &mut State, seat: usize) {
        state.session = self.session;
        state.seats[seat].kept = self.kept;
        if let Some(game) = self.game {
            state.game = Some(game);
        }
    }
}

impl Parsed {
    /// A request that only reads: the tools' `view` and `table_view`, the game's `view`.
    fn is_read(&self) -> bool {
        match self {
            Parsed::Tools(request) => {
                matches!(
                    request.action,
                    ToolAction::Peek(goeben_table_tools::peek::PeekAction::View { .. })
                        | ToolAction::Peek(goeben_table_tools::peek::PeekAction::TableView)
                )
            }
            Parsed::Game(request) => is_view(request),
        }
    }
}

impl Mark {
    /// What tells whether the request changed the table (for the push to the seats): the tools' whole
    /// session (any roll moves its dice), or the game's log, which every applied move extends (an undo
    /// too: it logs what it took back). With a copy kept to undo a save, that copy is the mark.
    fn of(state: &State, read: bool, copied: bool, parsed: &Parsed) -> Mark {
        match parsed {
            _ if read => Mark::Read,
            Parsed::Tools(_) => Mark::Tools((!copied).then(|| Box::new(state.session.clone()))),
            Parsed::Game(_) => Mark::Game(state.game.as_ref().map_or(0, |game| game.log().len())),
        }
    }

    fn changed(&self, state: &State, before: Option<&Before>) -> bool {
        match self {
            Mark::Read => false,
            Mark::Tools(Some(session)) => state.session != **session,
            Mark::Tools(None) => before.is_some_and(|before| state.session != before.session),
            Mark::Game(log) => state.game.as_ref().map_or(0, |game| game.log().len()) != *log,
        }
    }
}

/// The table before a request, to tell whether it changed.
enum Mark {
    /// A read: nothing changes.
    Read,
    /// The session before (`None`: the copy kept to undo a failed save is it).
    Tools(Option<Box<ToolSession>>),
    /// The game's log length before.
    Game(usize),
}

/// The referee's answer, or `None` if it panicked (an invariant broken: a bug, never a player's doing).
fn respond(
    session: &mut ToolSession,
    request: goeben_table_tools::ToolRequest,
) -> Option<ToolResponse> {
    std::panic::catch_unwind(AssertUnwindSafe(|| session.respond(request))).ok()
}

fn to_json(response: &ToolResponse) -> String {
    serde_json::to_string(response).expect("a response always serialises")
}

fn name(player: goeben_table_tools::sdr::Player) -> &'static str {
    match player {
        goeben_table_tools::sdr::Player::A => "A",
        goeben_table_tools::sdr::Player::B => "B",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seats::tool_seats;

    fn table() -> Table {
        Table::new(ToolSession::seeded(3), tool_seats(true), Limits::default())
    }

    #[test]
    fn the_order_of_refusals_and_a_retry_kept() {
        let t = table();
        let draw = br#"{"tool":"draw_sdr","player":"a"}"#;
        assert_eq!(t.answer(0, Some(""), draw).status, 400);
        assert_eq!(t.answer(0, Some(&"k".repeat(65)), draw).status, 400);
        assert_eq!(t.answer(0, None, b"\xff").status, 400);
        assert_eq!(
            t.answer(1, None, draw).status,
            403,
            "B's seat drawing for A"
        );
        assert_eq!(t.answer(2, None, draw).status, 403, "the display drawing");
        assert_eq!(t.session(), table_like(&t), "nothing changed");
        let first = t.answer(0, Some("k1"), draw);
        assert_eq!((first.status, first.replayed), (200, false));
        let again = t.answer(0, Some("k1"), draw);
        assert_eq!(
            (again.status, again.replayed, &again.body),
            (200, true, &first.body)
        );
        assert_eq!(t.session().chits().len(), 1, "applied once");
        assert_eq!(
            t.answer(
                0,
                Some("k1"),
                br#"{"tool":"draw_sdr","player":"a","label":"x"}"#
            )
            .status,
            422
        );
        assert_eq!(
            t.answer(1, Some("k1"), br#"{"tool":"draw_sdr","player":"b"}"#)
                .status,
            200,
            "keys are per seat"
        );
        assert_eq!(t.session().chits().len(), 2);
    }

    /// A fresh session of the same seed: what an untouched table holds.
    fn table_like(_: &Table) -> ToolSession {
        ToolSession::seeded(3)
    }

    #[test]
    fn only_the_last_answers_are_kept() {
        let t = Table::new(
            ToolSession::seeded(3),
            tool_seats(false),
            Limits {
                replay_keep: 2,
                ..Limits::default()
            },
        );
        let roll = br#"{"tool":"roll_event","player":"a","table":"tactical"}"#;
        for key in ["1", "2", "3"] {
            assert!(!t.answer(0, Some(key), roll).replayed);
        }
        assert!(t.answer(0, Some("3"), roll).replayed);
        assert!(t.answer(0, Some("2"), roll).replayed);
        assert!(
            !t.answer(0, Some("1"), roll).replayed,
            "the oldest key is forgotten"
        );
    }
}
