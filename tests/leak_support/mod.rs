//! What the player may know, and what a response names: shared by the no-leak property tests and the soak.
#![allow(dead_code)]

use std::collections::BTreeSet;

use goeben_referee::api::test_hooks::SessionHooks;
use goeben_referee::ground::state::CounterId;
use goeben_referee::{RulesPack, Session};

/// Counter ids (pack ids) the player may know now: everything not face down, plus what they examined.
pub fn knowable(session: &Session) -> BTreeSet<String> {
    let pack = session.pack();
    let game = session.game().expect("running");
    (0..pack.counters.counters.len())
        .filter(|&i| {
            let c = game.counter(CounterId(i as u16));
            !c.location.is_face_down() || c.known_to_player
        })
        .map(|i| pack.counters.counters[i].id.clone())
        .collect()
}

/// A view as JSON in two parts: the game as it stands (what it names must be knowable now), and what the
/// referee told before — the last tap's `result` and `game.known`, both made from the log's lines — which may
/// name a counter shown once and face down again since (a drawn marker back in the pool), as the log does,
/// but never one not yet revealed.
pub fn view_parts(
    view: &goeben_referee::api::view::PlayerView,
) -> (serde_json::Value, serde_json::Value) {
    split_view(&serde_json::to_value(view).expect("a view serialises"))
}

/// `view_parts` of a view as JSON (a seat's answer over HTTP).
pub fn split_view(view: &serde_json::Value) -> (serde_json::Value, serde_json::Value) {
    let mut state = view.clone();
    let result = state
        .as_object_mut()
        .and_then(|v| v.remove("result"))
        .unwrap_or_default();
    let known = state
        .get_mut("game")
        .and_then(|g| g.as_object_mut())
        .and_then(|g| g.remove("known"))
        .unwrap_or_default();
    (
        state,
        serde_json::json!({ "result": result, "known": known }),
    )
}

/// Every `"id":"…"` and `"counter":"…"` value naming a pack counter anywhere in the JSON.
pub fn mentioned(pack: &RulesPack, value: &serde_json::Value, out: &mut BTreeSet<String>) {
    match value {
        serde_json::Value::Object(map) => {
            for (k, v) in map {
                if let (true, Some(s)) = (k == "id" || k == "counter", v.as_str()) {
                    if pack.counter(s).is_some() {
                        out.insert(s.to_string());
                    }
                }
                mentioned(pack, v, out);
            }
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| mentioned(pack, v, out)),
        _ => {}
    }
}

/// Ids an event reveals at that moment (the only way a face-down identity first leaves the core).
pub fn revealed_by(event: &goeben_referee::ground::event::Event) -> Vec<String> {
    use goeben_referee::ground::event::Event;
    match event {
        Event::CounterRevealed { counter, .. } => vec![counter.id.clone()],
        Event::Examined { counters, .. } => counters.iter().map(|c| c.id.clone()).collect(),
        _ => Vec::new(),
    }
}

pub fn counters_in(pack: &RulesPack, value: &serde_json::Value) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    mentioned(pack, value, &mut seen);
    // Orders markers are public once drawn, and the unused ones may be examined (3.0 step 5).
    seen.retain(|id| {
        !matches!(
            pack.counter(id).unwrap().kind,
            goeben_referee::ground::pack::CounterKind::Orders { .. }
        )
    });
    seen
}

/// The running game's salt, read from the session as a save holds it (it never leaves otherwise).
pub fn salt_of(session: &Session) -> String {
    serde_json::to_value(session).unwrap()["provenance"]["salt"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}
