//! `verify` replays a finished game record with the real rules and confirms that every event
//! and the final view are the same, or names the first step that differs (`referee verify`).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::api::provenance;
use crate::api::record::{GameRecord, RECORD_FORMAT, RECORD_VERSION};
use crate::api::request::Request;
use crate::api::session::Session;
use crate::api::view::PlayerView;
use crate::ground::error::{ErrorCode, ErrorInfo};
use crate::ground::pack::RulesPack;

/// `referee verify`'s answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct VerifyReport {
    pub ok: bool,
    /// Steps replayed (on success).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub steps: Option<u32>,
    /// The first step that differs: 0 is new game (the commitment, the setup), 1.. the record's steps.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub step: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub error: Option<ErrorInfo>,
    /// What the record says and what the replay gave at that step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(type = "unknown", optional)]
    pub expected: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(type = "unknown", optional)]
    pub got: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub final_view: Option<PlayerView>,
}

impl VerifyReport {
    fn refused(step: Option<u32>, code: ErrorCode, message: impl Into<String>) -> VerifyReport {
        VerifyReport {
            ok: false,
            steps: None,
            step,
            error: Some(ErrorInfo::new(code, message)),
            expected: None,
            got: None,
            final_view: None,
        }
    }

    fn differs(
        step: u32,
        code: ErrorCode,
        message: impl Into<String>,
        expected: serde_json::Value,
        got: serde_json::Value,
    ) -> VerifyReport {
        VerifyReport {
            expected: Some(expected),
            got: Some(got),
            ..VerifyReport::refused(Some(step), code, message)
        }
    }
}

/// Reads a record (JSON text) and replays it. Never panics: a malformed record is refused, and a replay
/// that trips a rule engine's internal check is reported at its step.
pub fn verify(text: &str) -> VerifyReport {
    let record = match GameRecord::from_json(text) {
        Ok(record) => record,
        Err(e) => {
            return VerifyReport::refused(
                None,
                ErrorCode::MalformedRecord,
                format!("not a game record: {e}"),
            )
        }
    };
    if record.format != RECORD_FORMAT || record.version != RECORD_VERSION {
        return VerifyReport::refused(
            None,
            ErrorCode::MalformedRecord,
            format!("expected format `{RECORD_FORMAT}` version {RECORD_VERSION}"),
        );
    }
    match std::panic::catch_unwind(|| replay(&record)) {
        Ok(report) => report,
        Err(_) => VerifyReport::refused(
            None,
            ErrorCode::ReplayFailed,
            "the replay stopped on an internal check: the record is not one this app wrote",
        ),
    }
}

fn replay(record: &GameRecord) -> VerifyReport {
    let pack = match record.rules_pack() {
        Ok(pack) => pack,
        Err(why) => return VerifyReport::refused(Some(0), ErrorCode::PackMismatch, why),
    };
    if let Some(refused) = pack_refusal(record, &pack) {
        return refused;
    }
    if let Some(refused) = commitment_refusal(record) {
        return refused;
    }
    let (mut session, started) = match record.start(pack) {
        Ok(started) => started,
        Err(why) => return VerifyReport::refused(Some(0), ErrorCode::StepDiffers, why),
    };
    if started != record.started {
        return VerifyReport::differs(
            0,
            ErrorCode::StepDiffers,
            "new game differs",
            to_value(&record.started),
            to_value(&started),
        );
    }
    if let Some(differs) = replay_steps(&mut session, record) {
        return differs;
    }
    let view = session.view();
    if comparable(&view, &record.final_view) != comparable(&record.final_view, &record.final_view) {
        return VerifyReport::differs(
            record.steps.len() as u32 + 1,
            ErrorCode::FinalViewDiffers,
            "the final view differs",
            to_value(&record.final_view),
            to_value(&view),
        );
    }
    VerifyReport {
        ok: true,
        steps: Some(record.steps.len() as u32),
        step: None,
        error: None,
        expected: None,
        got: None,
        final_view: Some(view),
    }
}

/// The pack the record names is this app's: the same SHA-256 (a record of an earlier standard pack cannot be
/// replayed by rules that now play differently). `None` when it is.
fn pack_refusal(record: &GameRecord, pack: &RulesPack) -> Option<VerifyReport> {
    let hash = provenance::pack_hash(pack);
    if hash != record.pack_sha256 && record.pack.is_none() {
        // The standard pack changes when a rule is corrected: a record of an earlier standard
        // pack cannot be replayed by rules that now play differently.
        let why = format!(
            "the record was played with another version of the standard rules pack (SHA-256 {}; this app has {} {}, {hash}): verify it with the app version that played it",
            record.pack_sha256, pack.meta.title, pack.meta.version
        );
        return Some(VerifyReport::refused(Some(0), ErrorCode::PackMismatch, why));
    }
    if hash != record.pack_sha256 {
        return Some(VerifyReport::refused(
            Some(0),
            ErrorCode::PackMismatch,
            format!(
                "the rules pack's SHA-256 is {hash}, the record says {}",
                record.pack_sha256
            ),
        ));
    }
    None
}

/// The seed and salt revealed at the end make the commitment shown at the start. `None` when they do.
fn commitment_refusal(record: &GameRecord) -> Option<VerifyReport> {
    let (Some(commitment), Some(seed), Some(salt)) =
        (&record.commitment, record.seed, &record.salt)
    else {
        return Some(VerifyReport::refused(
            None,
            ErrorCode::UnfinishedRecord,
            "the record holds no seed yet: a game can be verified once it is over",
        ));
    };
    if let Err(why) = provenance::check(commitment, seed, salt, &record.pack_sha256) {
        return Some(VerifyReport::refused(
            Some(0),
            ErrorCode::CommitmentMismatch,
            why,
        ));
    }
    if record.committed.as_deref()
        != Some(provenance::committed_string(seed, salt, &record.pack_sha256).as_str())
    {
        return Some(VerifyReport::refused(
            Some(0),
            ErrorCode::CommitmentMismatch,
            "the committed string is not the one the seed, salt and pack make",
        ));
    }
    None
}

/// Every step replayed gives the events the record holds. `None` when all do.
fn replay_steps(session: &mut Session, record: &GameRecord) -> Option<VerifyReport> {
    for (i, step) in record.steps.iter().enumerate() {
        let n = i as u32 + 1;
        let response = session.respond(step.action.clone());
        let got = response.events.unwrap_or_default();
        if !response.ok {
            let why = response.error.map(|e| e.message).unwrap_or_default();
            return Some(VerifyReport::differs(
                n,
                ErrorCode::StepDiffers,
                format!("step {n} was refused on replay: {why}"),
                to_value(&step.events),
                to_value(&why),
            ));
        }
        if !crate::api::record::plays_alike(&step.events, &got) {
            return Some(VerifyReport::differs(
                n,
                ErrorCode::StepDiffers,
                format!("step {n} ({}) gave other events", action_name(&step.action)),
                to_value(&step.events),
                to_value(&got),
            ));
        }
    }
    None
}

fn to_value<T: Serialize>(value: &T) -> serde_json::Value {
    serde_json::to_value(value).unwrap_or(serde_json::Value::Null)
}

fn action_name(action: &Request) -> String {
    to_value(action)
        .get("action")
        .and_then(|a| a.as_str())
        .unwrap_or("?")
        .to_string()
}

/// The part of a final view a replay must reproduce: the game and its decisions' actions. The decisions'
/// words are left out — they are the app's wording, which may improve between versions — and a record made
/// before protocol 2 kept its decisions in lists this version no longer reads, so for it the
/// decisions are left out too (the replayed steps have already checked every event).
fn comparable(view: &PlayerView, recorded: &PlayerView) -> PlayerView {
    let mut v = view.clone();
    v.protocol = recorded.protocol;
    // The last tap's result is words about the log's last lines (kept after records were).
    v.result = None;
    if let Some(g) = v.game.as_mut() {
        g.known = Default::default();
    }
    // Protocol 3 only added `pending_roll` and `enter_dice`: a protocol 2 record's decisions still compare.
    if recorded.protocol < 2 {
        v.decisions.clear();
    }
    for d in &mut v.decisions {
        d.label.clear();
        d.barrier = None;
        d.decider = None;
        d.confirm = None;
        d.contact = None;
    }
    // The same for the game's other words (a question, a unit's status, the Orders' conditions — the last
    // added after records were already kept): what they say is read from the game, which is compared.
    if let Some(g) = v.game.as_mut() {
        g.orders.conditions.clear();
        // A ship's crew & gear list (kept after records were) is the chart read against the game, which is compared.
        for s in &mut g.ships {
            s.buys.clear();
        }
        for p in &mut g.pending {
            p.question.clear();
            p.prompt.clear();
        }
        for b in &mut g.combat {
            b.title.clear();
            b.first_salvo_words.clear();
            for u in &mut b.allied {
                u.status_word.clear();
            }
            for f in b.options.iter_mut().flat_map(|o| &mut o.fires) {
                f.words.clear();
                f.short_words.clear();
            }
        }
    }
    v
}
