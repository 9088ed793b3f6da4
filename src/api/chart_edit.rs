//! Editing the rules pack's charts to match the player's own map (DESIGN.md principle 6): one chart
//! replaced at a time, reset to the default, or a whole pack imported or exported. Every edit is
//! validated like a loaded pack (the bad field's path in the message) and, while a game runs, checked
//! against it (a pack the game's state no longer fits is refused); a refused edit changes nothing.

use serde_json::Value;

use crate::ground::error::{illegal, RuleError};
use crate::ground::event::Event;
use crate::ground::pack::RulesPack;
use crate::ground::state::Game;

/// The chart names an edit may address (the keys of `charts`).
pub fn chart_names(pack: &RulesPack) -> Vec<String> {
    match serde_json::to_value(&pack.charts) {
        Ok(Value::Object(map)) => map.keys().cloned().collect(),
        _ => Vec::new(),
    }
}

fn checked(candidate: Value, game: Option<&Game>) -> Result<RulesPack, RuleError> {
    let pack = RulesPack::from_value(candidate)
        .map_err(|e| illegal(format!("the edited pack is refused: {e}")))?;
    if let Some(game) = game {
        // The invariant's own words may name where a face-down counter is: never repeat them (principle 2).
        if game.check_invariants(&pack).is_err() {
            return Err(illegal("the running game does not fit the edited pack (its pieces or limits no longer match what is in play): start a new game to use it"));
        }
    }
    Ok(pack)
}

/// Replaces `charts.<chart>` with `json` (the chart's whole JSON, as the charts view shows it).
pub fn edit_chart(
    pack: &RulesPack,
    game: Option<&Game>,
    chart: &str,
    json: &str,
) -> Result<(RulesPack, Event), RuleError> {
    if !chart_names(pack).iter().any(|c| c == chart) {
        return Err(RuleError::Unknown {
            what: "chart",
            id: chart.to_string(),
        });
    }
    let value: Value =
        serde_json::from_str(json).map_err(|e| illegal(format!("not valid JSON: {e}")))?;
    let mut doc = serde_json::to_value(pack).expect("a pack serialises");
    let before = doc["charts"][chart].clone();
    doc["charts"][chart] = value.clone();
    let new = checked(doc, game)?;
    let changed = if before == value {
        "unchanged"
    } else {
        "your values"
    };
    let event = Event::Corrected {
        what: chart_title(chart),
        from: "the values before".into(),
        to: changed.into(),
    };
    Ok((new, event))
}

/// Puts one chart (or all, with `None`) back to the default pack's values.
pub fn reset_chart(
    pack: &RulesPack,
    game: Option<&Game>,
    chart: Option<&str>,
) -> Result<(RulesPack, Event), RuleError> {
    let standard = serde_json::to_value(RulesPack::standard()).expect("serialises");
    let mut doc = serde_json::to_value(pack).expect("serialises");
    match chart {
        Some(c) if chart_names(pack).iter().any(|x| x == c) => {
            doc["charts"][c] = standard["charts"][c].clone()
        }
        Some(c) => {
            return Err(RuleError::Unknown {
                what: "chart",
                id: c.to_string(),
            })
        }
        None => doc["charts"] = standard["charts"].clone(),
    }
    let new = checked(doc, game)?;
    Ok((
        new,
        Event::Corrected {
            what: chart.map_or_else(|| "all charts".to_string(), chart_title),
            from: "as edited".into(),
            to: "the default values".into(),
        },
    ))
}

/// A whole pack, as exported, in place of the current one.
pub fn import_pack(game: Option<&Game>, json: &str) -> Result<(RulesPack, Event), RuleError> {
    let value: Value =
        serde_json::from_str(json).map_err(|e| illegal(format!("not valid JSON: {e}")))?;
    let new = checked(value, game)?;
    let event = Event::Corrected {
        what: "rules pack".into(),
        from: "the pack in use".into(),
        to: format!("{} {}", new.meta.title, new.meta.version),
    };
    Ok((new, event))
}

/// A chart as the map names it, with its rules ("Contact Table (14.3)"): its one spelling in the rule
/// summaries (no pack key in a line the player reads).
pub fn chart_title(chart: &str) -> String {
    let summaries = crate::ground::rule_summaries::summaries();
    match summaries.charts.get(chart) {
        Some(name) => format!(
            "{} ({})",
            summaries
                .rules
                .get(&name.key)
                .map_or(name.key.as_str(), |r| r.title.as_str()),
            name.rules
        ),
        None => chart.replace('_', " "),
    }
}
