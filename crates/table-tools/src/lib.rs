//! Table tools for the other source games: secret die rolls with proof against switching and
//! the charts they select (seed 001), random events (seed 004), and small calculators (seeds 003–004).
//!
//! Independent of the Goeben game (this crate knows only `goeben-common`: the dice and the JSON-line
//! parser): a [`ToolSession`] holds its own seeded [`Dice`], a public log, and each tool's state (the SDR
//! bag and the chits each player drew, the Fleet Charts, the search board, the PINs). It answers one [`ToolAction`] with one [`ToolResponse`] (both tagged by `"tool"`), meant
//! for the player who acted.
//!
//! One seam per tool (`tool.rs`): each tool is a module that owns its requests, answers and log entries
//! (e.g. [`sdr_requests::SdrAction`], [`sdr_requests::SdrAnswer`], [`sdr_requests::SdrLogEntry`]) and
//! answers, guards, words and checks them itself; a tool that keeps state owns its type too (e.g.
//! `sdr_requests::SdrState`) and what each player and the shared screen see of it
//! ([`sdr_requests::SdrView`]). [`ToolAction`], [`ToolResponse`] and [`LogEntry`] are one line per tool
//! over the tools' own enums (the macros of `wire.rs`): the JSON is each tool's own, read by its tag with
//! the enum of the tool that owns it. [`ToolSession`], [`ToolView`] and [`TableView`] are one field per
//! tool that keeps state, flattened where the tool's part has more than one field.
//!
//! **Tools invariant: no response shows a player the value or salt of a chit the other player holds
//! face down.** Chits leave only through [`sdr::Chit::view_for`] (or [`sdr::Chit::public_view`], as a
//! player who does not hold it sees it); the log records draws by commitment only. The shared screen's
//! [`TableView`] (`table_view`, no player) carries nothing private of either player. Tested by
//! `tests/tools_no_leak.rs` over random sequences of actions.

pub mod calculators;
pub mod events;
pub mod fleet_requests;
pub mod fleets;
pub mod peek;
pub mod pins;
pub mod player;
pub mod procedures;
pub mod refusal;
mod request;
pub mod sdr;
pub mod sdr_charts;
pub mod sdr_purposes;
pub mod sdr_requests;
pub mod search;
pub mod search_requests;
#[cfg(feature = "test-support")]
pub mod test_support;
mod tool;
pub mod turn;
pub mod verify;
mod wire;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use fleets::FleetCharts;
use goeben_common::dice::Dice;
pub use goeben_common::ErrorCode;
use player::Player;
pub use request::ToolRequest;
use sdr::Chit;
use search::{SearchBoard, Unit};
use tool::ToolViews;

/// The label every draw without a purpose carries: a house rule, not one the rules call for.
pub const FREE_DRAW: &str = "free draw (house rule)";
/// Longest label a player may give a draw.
pub const LABEL_MAX_CHARS: usize = 80;
/// Most ships one combined-fire calculation takes.
pub const FIRERS_MAX: usize = 64;
/// Most entries a session's log holds; a session that long is a bug or abuse, refused further rolls.
pub const LOG_MAX: usize = 100_000;
/// Most hull boxes one hull-damage VP calculation takes (a bound, far above any ship).
pub const HULL_BOXES_MAX: u32 = 1000;
/// Maximum accepted line length in the CLI; a longer line is refused without parsing.
pub const MAX_LINE_BYTES: usize = 16 * 1024;

wire::tool_requests! {
    /// One request to the table tools, tagged by `"tool"`: the requests of one tool each. `player` is who
    /// acts and whom the response is for. A new tool is one line here, its enum in its own module.
    pub enum ToolAction {
        Sdr(sdr_requests::SdrAction),
        Event(events::EventAction),
        SdrChart(sdr_charts::SdrChartAction),
        Calculator(calculators::CalculatorAction),
        Procedure(procedures::ProcedureAction),
        Fleet(fleet_requests::FleetAction),
        Searches(search_requests::SearchesAction),
        Peek(peek::PeekAction),
    }
}

/// The answer to one [`ToolAction`], for the player who sent it, tagged by `"tool"`: a refusal, or the
/// answer of the tool that took the request. A new tool is one line here, its enum in its own module.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[serde(tag = "tool", rename_all = "snake_case")]
pub enum ToolResponse {
    Error {
        code: ErrorCode,
        message: String,
    },
    #[serde(untagged)]
    Sdr(sdr_requests::SdrAnswer),
    #[serde(untagged)]
    Event(events::EventAnswer),
    #[serde(untagged)]
    SdrChart(sdr_charts::SdrChartAnswer),
    #[serde(untagged)]
    Calculator(calculators::CalculatorAnswer),
    #[serde(untagged)]
    Procedure(procedures::ProcedureAnswer),
    #[serde(untagged)]
    Fleet(fleet_requests::FleetAnswer),
    #[serde(untagged)]
    Searches(search_requests::SearchesAnswer),
    #[serde(untagged)]
    Peek(peek::PeekAnswer),
}

impl ToolResponse {
    fn error(code: ErrorCode, message: impl Into<String>) -> ToolResponse {
        ToolResponse::Error {
            code,
            message: message.into(),
        }
    }

    pub fn is_error(&self) -> bool {
        matches!(self, ToolResponse::Error { .. })
    }
}

/// What one player may see of the session: the log, and each tool's part as that player may see it (one
/// line per tool that keeps state; flattened, so the JSON keeps the field names it always had).
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct ToolView {
    pub player: Player,
    /// `bag_left`, and `chits`: the player's own with their values, the other's by commitment.
    #[serde(flatten)]
    pub sdr: sdr_requests::SdrView,
    pub log: Vec<LogLine>,
    /// `fleet_chart`, the player's own; `opponent_fleet_chart`, the other's revealed boxes.
    #[serde(flatten)]
    pub fleet: fleet_requests::FleetSeatView,
    /// `units`, the player's own (never the other's), and `search`, the turn.
    #[serde(flatten)]
    pub searches: search_requests::SearchSeatView,
}

/// What both players may see of the session, for the screen they share (`table_view`): the log, and each
/// tool's part as both players may see it (one line per tool that keeps state, flattened). It holds no
/// player's private data — no face-down chit's value or salt, no ship of an unrevealed Fleet Box, no
/// unit or position.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct TableView {
    /// `bag_left`, and `chits`, every one as a player who does not hold it sees it: the commitment only
    /// while face down; value, salt and the check once revealed.
    #[serde(flatten)]
    pub sdr: sdr_requests::SdrView,
    /// The public log with readable lines (the same log both players' views carry).
    pub log: Vec<LogLine>,
    /// `fleet_charts`: each player's Fleet Chart as their opponent sees it.
    #[serde(flatten)]
    pub fleet: fleet_requests::FleetTableView,
    /// `search`: the search turn's public status.
    #[serde(flatten)]
    pub searches: search_requests::SearchTableView,
}

wire::tool_log! {
    /// One public log entry, tagged by `"entry"`: the entries of one tool each. Draws are recorded by
    /// commitment only, so the log is the same for both players. A tool that logs is one line here.
    pub enum LogEntry {
        Sdr(sdr_requests::SdrLogEntry),
        Event(events::EventLogEntry),
        Procedure(procedures::ProcedureLogEntry),
        Fleet(fleet_requests::FleetLogEntry),
        Searches(search_requests::SearchesLogEntry),
        Peek(peek::PeekLogEntry),
    }
}

/// A log entry with a readable line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct LogLine {
    #[serde(flatten)]
    pub entry: LogEntry,
    pub text: String,
}

fn name(player: Player) -> &'static str {
    match player {
        Player::A => "A",
        Player::B => "B",
    }
}

/// The table tools' whole state: secret (holds chit values, salts and the RNG). Saved as JSON; never
/// sent to a player — players get [`ToolResponse`]s. The dice, the log and the salts are shared; each
/// tool that keeps state has one field of its own type (one line per tool), flattened when it has more
/// than one field so the save keeps the field names it always had.
///
/// `remote = "Self"`: the derive makes inherent `ToolSession::serialize` and `ToolSession::deserialize`,
/// which write the fields as saved and read them unchecked, for the `Serialize` and `Deserialize` impls
/// below only (one list of fields, not a second struct to keep in step). Every load (the app's, the table
/// host's state file, [`ToolSession::from_json`]) goes through serde's `Deserialize`: brought up to date
/// and checked, or refused.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(remote = "Self")]
pub struct ToolSession {
    dice: Dice,
    /// The Secret Die Roll's bag and chits (`bag`, `chits`).
    #[serde(flatten)]
    sdr: sdr_requests::SdrState,
    log: Vec<LogEntry>,
    /// Each player's hidden Fleet Chart (seed 002). Absent from sessions saved before the charts existed.
    #[serde(default)]
    fleets: FleetCharts,
    /// Each player's units and the search turn (seed 001). Absent from older saves.
    #[serde(default)]
    search: SearchBoard,
    /// Where salts come from: the OS, or a test stream. Older saves drew their salts
    /// from the dice; they load with the OS from now on.
    #[serde(default)]
    salts: sdr::Salts,
    /// Each player's PIN for Peek, as a salted hash. Absent from older saves: no PIN; and
    /// left out of a save while no one has set one, so such a save reads as before.
    #[serde(default, skip_serializing_if = "pins::Pins::is_empty")]
    pins: pins::Pins,
}

impl Serialize for ToolSession {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // The derived writing (`remote = "Self"`): every field as saved.
        ToolSession::serialize(self, serializer)
    }
}

impl<'de> Deserialize<'de> for ToolSession {
    /// A save from before the turn steps and the seals is brought up to date by each tool (its step from
    /// its searches, its island squares from its units, its charts sealed and their commitments logged);
    /// then the invariants are checked, so a save that breaks them is refused, never half-loaded.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        // The derived reading (`remote = "Self"`), unchecked.
        let mut session = ToolSession::deserialize(deserializer)?;
        ToolAction::update_loaded_tools(&mut session);
        session.check().map_err(serde::de::Error::custom)?;
        Ok(session)
    }
}

impl ToolSession {
    /// A session whose dice are ChaCha8 keyed by 256 bits and whose salts come from
    /// the OS. Callers pass 32 bytes of the OS's randomness ([`ToolSession::from_os_random`]).
    pub fn new(seed: [u8; 32]) -> ToolSession {
        ToolSession::with(Dice::from_seed_bytes(seed), sdr::Salts::Os)
    }

    /// A new session seeded from 32 bytes of the OS's random source.
    pub fn from_os_random() -> ToolSession {
        let mut seed = [0u8; 32];
        getrandom::fill(&mut seed).expect("the operating system gives random bytes");
        ToolSession::new(seed)
    }

    /// Tests and `--seed N` only: reproducible dice from a u64, and salts from a seeded stream of their
    /// own (never the dice's), so the same seed answers the same lines identically.
    pub fn seeded(seed: u64) -> ToolSession {
        ToolSession::with(
            Dice::from_seed(seed),
            sdr::Salts::Seeded(Box::new(Dice::from_seed(seed ^ 0x5a17_5a17_5a17_5a17))),
        )
    }

    fn with(dice: Dice, salts: sdr::Salts) -> ToolSession {
        ToolSession {
            dice,
            sdr: sdr_requests::SdrState::new(),
            log: Vec::new(),
            fleets: FleetCharts::default(),
            search: SearchBoard::default(),
            salts,
            pins: pins::Pins::default(),
        }
    }

    /// Restores a saved session, refusing one whose chits and bag do not add up.
    pub fn from_json(text: &str) -> Result<ToolSession, String> {
        // Brought up to date and checked as it is read (`Deserialize for ToolSession`).
        serde_json::from_str(text).map_err(|e| format!("not a tool session: {e}"))
    }

    /// Test hook: script the next dice (not draws), like [`Dice::script`].
    pub fn script_dice(&mut self, faces: impl IntoIterator<Item = u8>) {
        self.dice.script(faces);
    }

    pub fn chits(&self) -> &[Chit] {
        &self.sdr.chits
    }

    pub fn bag(&self) -> &sdr::Bag {
        &self.sdr.bag
    }

    /// A player's seed 001 units with their positions (secret: for tests).
    pub fn units(&self, player: Player) -> &[Unit] {
        self.search.units(player)
    }

    /// A player's Fleet Chart (secret: for tests and the owner's own use).
    pub fn fleet_chart(&self, player: Player) -> Option<&fleets::FleetChart> {
        self.fleets.of(player)
    }

    /// Answers one request (an action, with its PIN or without). A refused request changes nothing, but
    /// for one thing: a wrong PIN counts a try against that player's PIN, which is what slows guessing
    /// down.
    pub fn respond(&mut self, request: impl Into<ToolRequest>) -> ToolResponse {
        self.respond_at(request, unix_now())
    }

    /// [`ToolSession::respond`] at `now` (Unix seconds): the only answer that depends on the time is a
    /// PIN-guarded request's wait (tests pass the time they need).
    pub fn respond_at(&mut self, request: impl Into<ToolRequest>, now: u64) -> ToolResponse {
        let response = self.answer_guarded(request.into(), now);
        if let Err(broken) = self.check() {
            panic!("table tools invariant broken: {broken}");
        }
        response
    }

    /// The PIN first: a request acting as a player who has set one is answered only with it, since its
    /// answer (a chart, a unit, a chit) carries that player's secrets as a peek does.
    fn answer_guarded(&mut self, request: ToolRequest, now: u64) -> ToolResponse {
        if let Some(player) = request.guarded_player() {
            if let Err(refusal) = self.pins.check(player, request.pin(), now) {
                let doing = match request.action {
                    ToolAction::Peek(crate::peek::PeekAction::View { .. }) => peek::PinUse::Peek,
                    _ => peek::PinUse::Act,
                };
                return peek::pin_refused(player, refusal, doing);
            }
        }
        self.apply(request.action)
    }

    /// The tool whose request `action` is answers it.
    fn apply(&mut self, action: ToolAction) -> ToolResponse {
        action.respond_in(self)
    }
    /// Whether `player` has set a PIN for Peek (public).
    pub fn has_pin(&self, player: Player) -> bool {
        self.pins.is_set(player)
    }
    /// What `player` may see: the log, and each tool's part as that player may see it.
    pub fn view(&self, player: Player) -> ToolView {
        ToolView {
            player,
            sdr: self.sdr.seat_view(player),
            log: self.log_lines(),
            fleet: self.fleets.seat_view(player),
            searches: self.search.seat_view(player),
        }
    }

    /// What both players may see: the log, and each tool's part as both may see it.
    pub fn table_view(&self) -> TableView {
        TableView {
            sdr: self.sdr.table_view(),
            log: self.log_lines(),
            fleet: self.fleets.table_view(),
            searches: self.search.table_view(),
        }
    }

    /// The public log, each entry with its readable line.
    fn log_lines(&self) -> Vec<LogLine> {
        let line = |entry: &LogEntry| LogLine {
            entry: entry.clone(),
            text: entry.text(),
        };
        self.log.iter().map(line).collect()
    }

    /// The session's invariants: the log's bound, then each tool's own (the chits' conservation, the
    /// Fleet Charts' seals, the search board, the PIN records).
    fn check(&self) -> Result<(), String> {
        if self.log.len() > LOG_MAX {
            return Err(format!("log longer than {LOG_MAX}"));
        }
        ToolAction::check_tools(self)
    }
}

/// Now, in Unix seconds (a clock before 1970 reads as 0: the PIN wait is then at most its length).
fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// Parses one JSON line into an action, telling an unknown tool apart from a malformed line, and refusing
/// fields the tool does not have (a misspelt field must not be silently ignored): the shared parser of
/// `goeben_common::line` with the tools' tag, limit and words.
pub fn parse_line(line: &str) -> Result<ToolRequest, ToolResponse> {
    goeben_common::line::parse_line(line, MAX_LINE_BYTES, &goeben_common::line::TABLE_TOOLS)
        .map_err(|refusal| ToolResponse::error(refusal.code, refusal.message))
}

/// Answers one JSON line: the response as one JSON line.
pub fn handle_line(session: &mut ToolSession, line: &str) -> String {
    let response = match parse_line(line) {
        Ok(request) => session.respond(request),
        Err(refusal) => refusal,
    };
    serde_json::to_string(&response).expect("a response always serialises")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::EventTable;
    use crate::fleets::FleetSide;
    use crate::sdr::ChitView;
    use crate::search::Position;

    fn draw(s: &mut ToolSession, player: Player) -> ChitView {
        match s.respond(ToolAction::Sdr(crate::sdr_requests::SdrAction::DrawSdr {
            player,
            purpose: None,
            label: "test".into(),
        })) {
            ToolResponse::Sdr(crate::sdr_requests::SdrAnswer::SdrDrawn { chit, .. }) => chit,
            other => panic!("draw refused: {other:?}"),
        }
    }

    #[test]
    fn draw_reveal_return_keeps_the_bag_honest() {
        let mut s = ToolSession::seeded(4);
        let mine = draw(&mut s, Player::A);
        assert_eq!(s.bag().len(), 47);
        let refused = s.respond(ToolAction::Sdr(crate::sdr_requests::SdrAction::RevealSdr {
            player: Player::B,
            chit: mine.chit,
        }));
        assert!(matches!(
            refused,
            ToolResponse::Error {
                code: ErrorCode::NotYourChit,
                ..
            }
        ));
        let refused = s.respond(ToolAction::Sdr(crate::sdr_requests::SdrAction::ReturnSdr {
            player: Player::A,
            chit: mine.chit,
        }));
        assert!(
            matches!(
                refused,
                ToolResponse::Error {
                    code: ErrorCode::NotRevealed,
                    ..
                }
            ),
            "a secret chit cannot go back unseen"
        );
        let ToolResponse::Sdr(crate::sdr_requests::SdrAnswer::SdrRevealed { chit }) =
            s.respond(ToolAction::Sdr(crate::sdr_requests::SdrAction::RevealSdr {
                player: Player::A,
                chit: mine.chit,
            }))
        else {
            panic!()
        };
        let sdr::ChitFace::Own { value } = mine.face else {
            panic!("the owner sees the value")
        };
        assert!(
            matches!(chit.face, sdr::ChitFace::Revealed { value: v, verified: true, .. } if v == value)
        );
        assert!(matches!(
            s.respond(ToolAction::Sdr(crate::sdr_requests::SdrAction::RevealSdr {
                player: Player::A,
                chit: 1
            })),
            ToolResponse::Error {
                code: ErrorCode::AlreadyRevealed,
                ..
            }
        ));
        let ToolResponse::Sdr(crate::sdr_requests::SdrAnswer::SdrReturned { bag_left, .. }) = s
            .respond(ToolAction::Sdr(crate::sdr_requests::SdrAction::ReturnSdr {
                player: Player::A,
                chit: 1,
            }))
        else {
            panic!()
        };
        assert_eq!(bag_left, 48);
        assert!(matches!(
            s.respond(ToolAction::Sdr(crate::sdr_requests::SdrAction::ReturnSdr {
                player: Player::A,
                chit: 1
            })),
            ToolResponse::Error {
                code: ErrorCode::AlreadyReturned,
                ..
            }
        ));
        assert!(matches!(
            s.respond(ToolAction::Sdr(crate::sdr_requests::SdrAction::RevealSdr {
                player: Player::A,
                chit: 9
            })),
            ToolResponse::Error {
                code: ErrorCode::UnknownChit,
                ..
            }
        ));
        assert!(matches!(
            s.respond(ToolAction::Sdr(crate::sdr_requests::SdrAction::RevealSdr {
                player: Player::A,
                chit: 0
            })),
            ToolResponse::Error {
                code: ErrorCode::UnknownChit,
                ..
            }
        ));
    }

    #[test]
    fn an_empty_bag_refuses_and_changes_nothing() {
        let mut s = ToolSession::seeded(8);
        for _ in 0..sdr::CHITS_MAX {
            draw(&mut s, Player::B);
        }
        let before = s.clone();
        assert!(matches!(
            s.respond(ToolAction::Sdr(crate::sdr_requests::SdrAction::DrawSdr {
                player: Player::A,
                purpose: None,
                label: String::new()
            })),
            ToolResponse::Error {
                code: ErrorCode::BagEmpty,
                ..
            }
        ));
        assert_eq!(s, before);
    }

    #[test]
    fn a_session_round_trips_through_json_and_continues_the_same() {
        let mut s = ToolSession::seeded(21);
        draw(&mut s, Player::A);
        s.respond(ToolAction::Event(crate::events::EventAction::RollEvent {
            player: Player::B,
            table: EventTable::Strategic,
        }));
        let saved = serde_json::to_string(&s).unwrap();
        let mut restored = ToolSession::from_json(&saved).unwrap();
        assert_eq!(restored, s);
        assert_eq!(
            draw(&mut restored, Player::B),
            draw(&mut s, Player::B),
            "same RNG stream after a restore"
        );
    }

    #[test]
    fn a_tampered_save_is_refused() {
        let mut s = ToolSession::seeded(2);
        draw(&mut s, Player::A);
        let mut v = serde_json::to_value(&s).unwrap();
        let value = v["chits"][0]["value"].as_u64().unwrap();
        v["chits"][0]["value"] = (value % 6 + 1).into();
        let err = ToolSession::from_json(&v.to_string()).unwrap_err();
        assert!(
            err.contains("instead of") || err.contains("commitment"),
            "{err}"
        );
    }

    #[test]
    fn parse_tells_unknown_tools_from_malformed_lines() {
        assert!(matches!(
            parse_line("nope"),
            Err(ToolResponse::Error {
                code: ErrorCode::Malformed,
                ..
            })
        ));
        assert!(matches!(
            parse_line(r#"{"tool":"teleport"}"#),
            Err(ToolResponse::Error {
                code: ErrorCode::UnknownTool,
                ..
            })
        ));
        assert!(matches!(
            parse_line(r#"{"tool":"draw_sdr","player":"a","lable":"x"}"#),
            Err(ToolResponse::Error {
                code: ErrorCode::Malformed,
                ..
            })
        ));
        assert!(
            matches!(
                parse_line(r#"{"tool":"draw_sdr","player":"c"}"#),
                Err(ToolResponse::Error {
                    code: ErrorCode::Malformed,
                    ..
                })
            ),
            "an unknown player is not an unknown tool"
        );
        assert!(matches!(
            parse_line(r#"{"tool":"view"}"#),
            Err(ToolResponse::Error {
                code: ErrorCode::Malformed,
                ..
            })
        ));
        assert_eq!(
            parse_line(r#"{"tool":"table_view"}"#).unwrap(),
            ToolAction::Peek(crate::peek::PeekAction::TableView).into()
        );
        assert!(
            matches!(
                parse_line(r#"{"tool":"table_view","player":"a"}"#),
                Err(ToolResponse::Error {
                    code: ErrorCode::Malformed,
                    ..
                })
            ),
            "the table view is for no player"
        );
        assert_eq!(
            parse_line(r#"{"tool":"draw_sdr","player":"b"}"#).unwrap(),
            ToolAction::Sdr(crate::sdr_requests::SdrAction::DrawSdr {
                player: Player::B,
                purpose: None,
                label: String::new()
            })
            .into()
        );
    }

    #[test]
    fn the_table_view_is_what_both_views_share() {
        let mut s = ToolSession::seeded(12);
        let a = draw(&mut s, Player::A);
        draw(&mut s, Player::B);
        s.respond(ToolAction::Sdr(crate::sdr_requests::SdrAction::RevealSdr {
            player: Player::B,
            chit: 2,
        }));
        s.respond(ToolAction::Fleet(
            crate::fleet_requests::FleetAction::OpenFleetChart {
                player: Player::A,
                side: FleetSide::German,
            },
        ));
        s.respond(ToolAction::Fleet(
            crate::fleet_requests::FleetAction::AssignShip {
                player: Player::A,
                ship: "Emden".into(),
                fleet_box: 3,
            },
        ));
        let at = Position {
            sea: "Ionian".into(),
            area: "Ionian A".into(),
            square: "52".into(),
            islands: false,
            port: None,
            coast_side: None,
        };
        s.respond(ToolAction::Searches(
            crate::search_requests::SearchesAction::PlaceUnit {
                player: Player::B,
                unit: "Gloucester".into(),
                at,
            },
        ));
        s.respond(ToolAction::Searches(
            crate::search_requests::SearchesAction::StartTurn {
                british: Some(Player::B),
            },
        ));
        let ToolResponse::Peek(crate::peek::PeekAnswer::TableView(table)) =
            s.respond(ToolAction::Peek(crate::peek::PeekAction::TableView))
        else {
            panic!("a table view")
        };
        let (view_a, view_b) = (s.view(Player::A), s.view(Player::B));
        assert_eq!(table.sdr.bag_left, 46);
        assert_eq!(
            table.sdr.chits[0].face,
            sdr::ChitFace::Hidden,
            "A's face-down chit shows its commitment only"
        );
        assert_eq!(table.sdr.chits[0].commitment, a.commitment);
        assert_eq!(
            table.sdr.chits[1], view_a.sdr.chits[1],
            "B's revealed chit as everyone sees it"
        );
        assert_eq!(table.log, view_a.log);
        assert_eq!(
            table.fleet.fleet_charts.a,
            view_b.fleet.opponent_fleet_chart
        );
        assert_eq!(table.fleet.fleet_charts.b, None);
        assert_eq!(table.searches.search, view_a.searches.search);
        let json = serde_json::to_string(&ToolResponse::Peek(crate::peek::PeekAnswer::TableView(
            table,
        )))
        .unwrap();
        assert!(
            json.starts_with(r#"{"tool":"table_view","bag_left":46,"#),
            "{json}"
        );
        assert!(
            !json.contains("Emden") && !json.contains("Gloucester") && !json.contains("\"own\""),
            "{json}"
        );
    }
}
