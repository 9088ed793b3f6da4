//! The rules pack: every number and table the referee uses, as data (DESIGN.md principle 6).
//!
//! Values stated in the rulebook text are exact and cite their rule; the charts printed on the map are
//! reconstructed (see `docs/CHARTS.md`). The default pack is embedded from `data/pack/*.json`, one file per
//! top-level key, and validated on load: a missing or bad field is reported with its path.

// The files import one way: `types` ← `charts` ← `rules_pack` ← `validate`; `error` and `embedded`
// below them all; this file only puts them together.
mod charts;
mod embedded;
mod error;
pub mod gear;
mod rules_pack;
mod types;
mod validate;

pub use charts::*;
pub use error::PackError;
pub use rules_pack::RulesPack;
pub use types::*;

impl RulesPack {
    /// The standard pack shipped with the app. Panics only if the embedded data is broken, which the
    /// test suite checks (`default_pack_loads`).
    pub fn standard() -> RulesPack {
        let mut doc = serde_json::Map::new();
        for (key, text) in embedded::DEFAULT_PARTS {
            let value: serde_json::Value = serde_json::from_str(text)
                .unwrap_or_else(|e| panic!("embedded pack part {key}: {e}"));
            doc.insert((*key).to_string(), value);
        }
        RulesPack::from_value(serde_json::Value::Object(doc)).expect("embedded rules pack is valid")
    }

    /// Parses and validates a whole pack (as exported by [`RulesPack::to_json`]).
    pub fn from_json(text: &str) -> Result<RulesPack, PackError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| PackError::Syntax(e.to_string()))?;
        RulesPack::from_value(value)
    }

    pub fn from_value(value: serde_json::Value) -> Result<RulesPack, PackError> {
        let pack: RulesPack =
            serde_path_to_error::deserialize(value).map_err(|e| PackError::Field {
                path: e.path().to_string(),
                message: e.inner().to_string(),
            })?;
        pack.validate()?;
        Ok(pack)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a pack always serialises")
    }
}

#[cfg(test)]
mod charts_tests;
#[cfg(test)]
mod tests;
