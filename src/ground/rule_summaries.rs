//! The rule summaries (issue #15): short paraphrases of the rules and charts, keyed by the rule
//! references the core writes, in one data file (`data/rules/summaries.json`) that the UI reads too.
//! A reference is one key or several separated by commas ("14.14, Victory Points Chart"); every
//! reference the core emits resolves here key by key, which `tests` and the soak check. The file also
//! gives each chart of the rules pack its one spelling.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

#[derive(Clone, Debug, Deserialize)]
pub struct RuleSummary {
    pub title: String,
    pub summary: String,
}

/// A chart of the rules pack: the summary key that names it and the rules it serves.
#[derive(Clone, Debug, Deserialize)]
pub struct ChartName {
    #[serde(rename = "ref")]
    pub key: String,
    pub rules: String,
}

#[derive(Debug, Deserialize)]
pub struct RuleSummaries {
    pub rules: BTreeMap<String, RuleSummary>,
    pub charts: BTreeMap<String, ChartName>,
}

const DATA: &str = include_str!("../../data/rules/summaries.json");

/// The summaries built into the app (parsed once).
pub fn summaries() -> &'static RuleSummaries {
    static PARSED: OnceLock<RuleSummaries> = OnceLock::new();
    PARSED.get_or_init(|| serde_json::from_str(DATA).expect("data/rules/summaries.json is checked by the tests"))
}

impl RuleSummaries {
    /// The summaries a reference names, in order; `Err` names the first part that is not a key.
    /// An empty reference names none.
    pub fn lookup<'a>(&'a self, reference: &'a str) -> Result<Vec<(&'a str, &'a RuleSummary)>, &'a str> {
        reference
            .split(',')
            .map(str::trim)
            .filter(|part| !part.is_empty())
            .map(|part| self.rules.get_key_value(part).map(|(k, v)| (k.as_str(), v)).ok_or(part))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::pack::RulesPack;

    #[test]
    fn rule_summaries_parse_and_each_has_a_title_and_words() {
        let s = summaries();
        assert!(s.rules.len() > 100);
        for (key, rule) in &s.rules {
            assert!(!rule.title.trim().is_empty() && !rule.summary.trim().is_empty(), "{key} has no words");
            assert!(!key.contains(','), "{key}: a key cannot hold the separator");
        }
    }

    #[test]
    fn lookup_splits_a_reference_and_names_an_unknown_part() {
        let s = summaries();
        let found = s.lookup("14.14, Victory Points Chart").unwrap();
        assert_eq!(found.iter().map(|(k, _)| *k).collect::<Vec<_>>(), ["14.14", "Victory Points Chart"]);
        assert_eq!(s.lookup("14.4: the Germans break off").unwrap_err(), "14.4: the Germans break off");
        assert!(s.lookup("").unwrap().is_empty());
    }

    /// Every chart of the rules pack has one spelling, a key of the summaries, and cites known rules.
    #[test]
    fn every_chart_of_the_pack_has_one_spelling() {
        let s = summaries();
        let charts = serde_json::to_value(&RulesPack::standard().charts).unwrap();
        let keys: Vec<&String> = charts.as_object().unwrap().keys().collect();
        assert_eq!(keys, s.charts.keys().collect::<Vec<_>>(), "the summaries name exactly the pack's charts");
        for (chart, name) in &s.charts {
            assert!(s.rules.contains_key(&name.key), "{chart}: {} is not a summary", name.key);
            assert!(s.lookup(&name.rules).is_ok(), "{chart}: {} cites an unknown rule", name.rules);
        }
    }

    /// The rule references written in the rules pack's data (setup, orders, the Incident Chart…).
    #[test]
    fn every_rule_reference_in_the_pack_has_a_summary() {
        let json: serde_json::Value = serde_json::from_str(&RulesPack::standard().to_json()).unwrap();
        let mut refs = Vec::new();
        collect_rules(&json, &mut refs);
        assert!(refs.len() > 20, "the pack cites rules ({})", refs.len());
        for r in refs {
            assert!(summaries().lookup(&r).is_ok(), "the pack cites {r:?}, which has no summary");
        }
    }

    fn collect_rules(v: &serde_json::Value, out: &mut Vec<String>) {
        match v {
            serde_json::Value::Object(map) => {
                for (k, v) in map {
                    match (k.as_str(), v) {
                        ("rule", serde_json::Value::String(r)) => out.push(r.clone()),
                        _ => collect_rules(v, out),
                    }
                }
            }
            serde_json::Value::Array(items) => items.iter().for_each(|v| collect_rules(v, out)),
            _ => {}
        }
    }
}
