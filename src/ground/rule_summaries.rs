//! The rule summaries: short paraphrases of the rules and charts, keyed by the rule
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
    /// The charts screen's word for each key and coded value of the pack's charts
    /// ("german_lost" → "German ships lost", "TroopConvoy" → "troop convoy").
    pub chart_words: BTreeMap<String, String>,
}

const DATA: &str = include_str!("../../data/rules/summaries.json");

/// The summaries built into the app (parsed once).
pub fn summaries() -> &'static RuleSummaries {
    static PARSED: OnceLock<RuleSummaries> = OnceLock::new();
    PARSED.get_or_init(|| {
        serde_json::from_str(DATA).expect("data/rules/summaries.json is checked by the tests")
    })
}

impl RuleSummaries {
    /// The summaries a reference names, in order; `Err` names the first part that is not a key.
    /// An empty reference names none.
    pub fn lookup<'a>(
        &'a self,
        reference: &'a str,
    ) -> Result<Vec<(&'a str, &'a RuleSummary)>, &'a str> {
        reference
            .split(',')
            .map(str::trim)
            .filter(|part| !part.is_empty())
            .map(|part| {
                self.rules
                    .get_key_value(part)
                    .map(|(k, v)| (k.as_str(), v))
                    .ok_or(part)
            })
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
            assert!(
                !rule.title.trim().is_empty() && !rule.summary.trim().is_empty(),
                "{key} has no words"
            );
            assert!(!key.contains(','), "{key}: a key cannot hold the separator");
        }
    }

    #[test]
    fn lookup_splits_a_reference_and_names_an_unknown_part() {
        let s = summaries();
        let found = s.lookup("14.14, Victory Points Chart").unwrap();
        assert_eq!(
            found.iter().map(|(k, _)| *k).collect::<Vec<_>>(),
            ["14.14", "Victory Points Chart"]
        );
        assert_eq!(
            s.lookup("14.4: the Germans break off").unwrap_err(),
            "14.4: the Germans break off"
        );
        assert!(s.lookup("").unwrap().is_empty());
    }

    /// Every chart of the rules pack has one spelling, a key of the summaries, and cites known rules.
    #[test]
    fn every_chart_of_the_pack_has_one_spelling() {
        let s = summaries();
        let charts = serde_json::to_value(&RulesPack::standard().charts).unwrap();
        let keys: Vec<&String> = charts.as_object().unwrap().keys().collect();
        assert_eq!(
            keys,
            s.charts.keys().collect::<Vec<_>>(),
            "the summaries name exactly the pack's charts"
        );
        for (chart, name) in &s.charts {
            assert!(
                s.rules.contains_key(&name.key),
                "{chart}: {} is not a summary",
                name.key
            );
            assert!(
                s.lookup(&name.rules).is_ok(),
                "{chart}: {} cites an unknown rule",
                name.rules
            );
        }
    }

    /// Every key and coded value the charts screen shows of the standard pack's charts has its
    /// words (an `id` beside a `name` is not shown), every word is used, and a place reads as the map names it.
    #[test]
    fn every_key_and_code_of_the_charts_has_words() {
        let s = summaries();
        let pack = RulesPack::standard();
        let charts = serde_json::to_value(&pack.charts).unwrap();
        let mut shown = std::collections::BTreeSet::new();
        for chart in charts.as_object().unwrap().values() {
            chart_codes(chart, &mut shown);
        }
        assert!(
            shown.contains("german_lost")
                && shown.contains("TroopConvoy")
                && shown.contains("allied_first_salvo_contact2"),
            "{shown:?}"
        );
        let missing: Vec<&String> = shown
            .iter()
            .filter(|c| !s.chart_words.contains_key(*c))
            .collect();
        assert!(
            missing.is_empty(),
            "no words for {missing:?} in data/rules/summaries.json's chart_words"
        );
        let unused: Vec<&String> = s
            .chart_words
            .keys()
            .filter(|w| !shown.contains(*w))
            .collect();
        assert!(
            unused.is_empty(),
            "chart_words not used by the pack's charts: {unused:?}"
        );
        for (code, words) in &s.chart_words {
            assert!(
                !words.contains('_') && !words.is_empty(),
                "{code}: {words:?}"
            );
            if let Some(place) = pack.place(code) {
                assert_eq!(words, &place.name, "{code} reads as the map names it");
            }
        }
    }

    /// A key in code (snake_case) or a type's name in code (CamelCase).
    fn is_code(text: &str) -> bool {
        let snake = text.starts_with(|c: char| c.is_ascii_lowercase())
            && text
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
        let camel = text.chars().all(|c| c.is_ascii_alphabetic())
            && text
                .chars()
                .zip(text.chars().skip(1))
                .any(|(a, b)| a.is_lowercase() && b.is_uppercase());
        snake || camel
    }

    fn chart_codes(v: &serde_json::Value, out: &mut std::collections::BTreeSet<String>) {
        match v {
            serde_json::Value::Object(map) => {
                for (k, v) in map.iter().filter(|(k, _)| *k != "source") {
                    out.insert(k.clone());
                    if !(k == "id" && map.contains_key("name")) {
                        chart_codes(v, out);
                    }
                }
            }
            serde_json::Value::Array(items) => items.iter().for_each(|v| chart_codes(v, out)),
            serde_json::Value::String(text) if is_code(text) => {
                out.insert(text.clone());
            }
            _ => {}
        }
    }

    /// The rule references written in the rules pack's data (setup, orders, the Incident Chart…).
    #[test]
    fn every_rule_reference_in_the_pack_has_a_summary() {
        let json: serde_json::Value =
            serde_json::from_str(&RulesPack::standard().to_json()).unwrap();
        let mut refs = Vec::new();
        collect_rules(&json, &mut refs);
        assert!(refs.len() > 20, "the pack cites rules ({})", refs.len());
        for r in refs {
            assert!(
                summaries().lookup(&r).is_ok(),
                "the pack cites {r:?}, which has no summary"
            );
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
