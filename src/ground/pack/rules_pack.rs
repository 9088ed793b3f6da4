//! The rules pack as a whole (its top-level keys) and the lookups the rules read it by.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::charts::Charts;
use super::types::*;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct RulesPack {
    pub meta: PackMeta,
    pub alert: AlertRules,
    pub setup: SetupRules,
    pub german_ships: Vec<GermanShipSpec>,
    pub orders: Vec<OrdersSpec>,
    pub incident_chart: Vec<IncidentChartEntry>,
    pub places: Vec<PlaceSpec>,
    pub counters: CounterMix,
    pub charts: Charts,
}

impl RulesPack {
    /// The counter's data: the one way to read a counter of the game from the pack.
    pub fn counter_spec(&self, id: CounterId) -> &CounterSpec {
        &self.counters.counters[id.index()]
    }

    pub fn counter(&self, id: &str) -> Option<&CounterSpec> {
        self.counters.counters.iter().find(|c| c.id == id)
    }

    pub fn counter_index(&self, id: &str) -> Option<usize> {
        self.counters.counters.iter().position(|c| c.id == id)
    }

    pub fn counters_of(&self, kind: IncidentKind) -> impl Iterator<Item = &CounterSpec> {
        self.counters.counters.iter().filter(
            move |c| matches!(c.kind, CounterKind::Incident { incident, .. } if incident == kind),
        )
    }

    pub fn place(&self, id: &str) -> Option<&PlaceSpec> {
        self.places.iter().find(|p| p.id == id)
    }

    pub fn german_ship(&self, id: &str) -> Option<&GermanShipSpec> {
        self.german_ships.iter().find(|s| s.id == id)
    }

    pub fn orders_spec(&self, id: &str) -> Option<&OrdersSpec> {
        self.orders.iter().find(|o| o.id == id)
    }

    pub fn incident_entry(&self, kind: IncidentKind) -> &IncidentChartEntry {
        self.incident_chart
            .iter()
            .find(|e| e.incident == kind)
            .expect("validated: every incident kind has an entry")
    }
}
