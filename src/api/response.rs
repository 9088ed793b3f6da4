//! The answer to one request: `{ok:true, events, view}` or `{ok:false, error, view}`, with the answer
//! to a read-only request in its own field (protocol contract, docs/PROTOCOL.md).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::api::codes::{PieceEntry, ScanInfo};
use crate::api::record::GameRecord;
use crate::api::review::Review;
use crate::api::session::LogEntry;
use crate::api::view::PlayerView;
use crate::ground::error::ErrorInfo;
use crate::ground::event::{Event, EventLine};
use crate::ground::pack::Charts;
use crate::rules::combat::forecast::Forecast;

/// The answer to one request: `{ok:true, events, view}` or `{ok:false, error, view}`, and for a read-only
/// request its answer under the answer's own name (`scan`, `charts`…: `Answer` flattened in).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct Response {
    pub ok: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub events: Option<Vec<Event>>,
    /// The events in words, one line per event in the same order: what the player reads (the log's
    /// text and rule for each).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub lines: Option<Vec<EventLine>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub error: Option<ErrorInfo>,
    pub view: PlayerView,
    /// A read-only request's answer, under its own name (`"scan": {…}`, `"charts": {…}`…): at most
    /// one, made from one `Answer`.
    #[serde(flatten)]
    #[ts(flatten)]
    pub answer: Answers,
    /// Whether the request changed the session (so the shell saves it before answering); not sent.
    #[serde(skip)]
    #[ts(skip)]
    pub changed: bool,
}

/// The answer to a read-only request. Built as one tagged value; carried as `Answers`, the shape the
/// protocol and the generated TypeScript have always had (one optional field per kind, at most one set).
// Built once per read-only request and moved straight into `Answers`: never stored in bulk, so the
// size of the largest variant costs nothing a Box would save.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// The answer to `log`: the game log from the entry asked for.
    Log(Vec<LogEntry>),
    /// The answer to a `scan`.
    Scan(ScanInfo),
    /// The answer to `charts`: the rules pack's charts (public data, each with its source; boxed, as the
    /// record below, so the small answers stay small).
    Charts(Box<Charts>),
    /// The answer to `export_pack`: the whole rules pack as JSON text.
    PackJson(String),
    /// The answer to `list_pieces`: every printed piece with its code (the setup inventory).
    Pieces(Vec<PieceEntry>),
    /// The answer to a `forecast`: the Monte Carlo estimate of a battle from here.
    Forecast(Forecast),
    /// The answer to `export_record`: the game record (boxed: it holds a whole view).
    Record(Box<GameRecord>),
    /// The answer to `review`: the after-action review of a finished game.
    Review(Review),
}

/// One optional field per kind of answer, flattened into the response; only `From<Answer>` fills it,
/// so at most one is set.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, TS)]
pub struct Answers {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    log: Option<Vec<LogEntry>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    scan: Option<ScanInfo>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    charts: Option<Charts>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pack_json: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pieces: Option<Vec<PieceEntry>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    forecast: Option<Forecast>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    record: Option<GameRecord>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    review: Option<Review>,
}

impl From<Answer> for Answers {
    fn from(answer: Answer) -> Answers {
        let none = Answers::default();
        match answer {
            Answer::Log(x) => Answers {
                log: Some(x),
                ..none
            },
            Answer::Scan(x) => Answers {
                scan: Some(x),
                ..none
            },
            Answer::Charts(x) => Answers {
                charts: Some(*x),
                ..none
            },
            Answer::PackJson(x) => Answers {
                pack_json: Some(x),
                ..none
            },
            Answer::Pieces(x) => Answers {
                pieces: Some(x),
                ..none
            },
            Answer::Forecast(x) => Answers {
                forecast: Some(x),
                ..none
            },
            Answer::Record(x) => Answers {
                record: Some(*x),
                ..none
            },
            Answer::Review(x) => Answers {
                review: Some(x),
                ..none
            },
        }
    }
}

impl Response {
    /// An accepted request that produced `events`, with no other answer.
    pub(crate) fn accepted(view: PlayerView, events: Vec<Event>) -> Response {
        Response {
            ok: true,
            events: Some(events),
            lines: None,
            error: None,
            view,
            answer: Answers::default(),
            changed: false,
        }
    }

    /// An accepted read-only request with its answer (none: a forecast with no battle to estimate).
    pub(crate) fn answered(view: PlayerView, answer: Option<Answer>) -> Response {
        Response {
            answer: answer.map(Answers::from).unwrap_or_default(),
            ..Response::accepted(view, Vec::new())
        }
    }

    /// A refused request: the error, the unchanged view.
    pub(crate) fn refused(view: PlayerView, error: ErrorInfo) -> Response {
        Response {
            ok: false,
            events: None,
            lines: None,
            error: Some(error),
            ..Response::accepted(view, Vec::new())
        }
    }

    /// The answers by name, for callers that expect one kind (tests, the shell).
    pub fn log(&self) -> Option<Vec<LogEntry>> {
        self.answer.log.clone()
    }
    pub fn scan(&self) -> Option<ScanInfo> {
        self.answer.scan.clone()
    }
    pub fn charts(&self) -> Option<Charts> {
        self.answer.charts.clone()
    }
    pub fn pack_json(&self) -> Option<String> {
        self.answer.pack_json.clone()
    }
    pub fn pieces(&self) -> Option<Vec<PieceEntry>> {
        self.answer.pieces.clone()
    }
    pub fn forecast(&self) -> Option<Forecast> {
        self.answer.forecast.clone()
    }
    pub fn record(&self) -> Option<GameRecord> {
        self.answer.record.clone()
    }
    pub fn review(&self) -> Option<Review> {
        self.answer.review.clone()
    }
}
