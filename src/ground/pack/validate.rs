//! Cross-checks of a parsed pack: every reference names something that exists, counts add up, bounds
//! are sane. Each error names the field so a player editing a chart knows what to fix.

use std::collections::BTreeSet;

use super::error::{invalid, PackError};
use super::rules_pack::RulesPack;
use super::types::*;

/// The pack format this build understands.
pub const PACK_SCHEMA: u32 = 1;

impl RulesPack {
    pub(super) fn validate(&self) -> Result<(), PackError> {
        if self.meta.schema != PACK_SCHEMA {
            return Err(PackError::Schema {
                found: self.meta.schema,
                expected: PACK_SCHEMA,
            });
        }
        let a = &self.alert;
        if !(1 <= a.min && a.min <= a.start && a.start <= a.max && a.max <= 20) {
            return Err(invalid("alert", "need 1 <= min <= start <= max <= 20"));
        }
        self.validate_unique_ids()?;
        self.validate_setup()?;
        self.validate_orders()?;
        self.validate_incident_chart()?;
        self.charts.validate(&self.places)?;
        Ok(())
    }

    fn validate_unique_ids(&self) -> Result<(), PackError> {
        let mut seen = BTreeSet::new();
        for (i, c) in self.counters.counters.iter().enumerate() {
            if c.id.is_empty() || !seen.insert(c.id.as_str()) {
                return Err(invalid(
                    format!("counters.counters[{i}].id"),
                    format!("`{}` is empty or repeated", c.id),
                ));
            }
        }
        let mut places = BTreeSet::new();
        for (i, p) in self.places.iter().enumerate() {
            if p.id.is_empty() || !places.insert(p.id.as_str()) {
                return Err(invalid(
                    format!("places[{i}].id"),
                    format!("`{}` is empty or repeated", p.id),
                ));
            }
        }
        let mut ships = BTreeSet::new();
        for (i, s) in self.german_ships.iter().enumerate() {
            if !ships.insert(s.id.as_str()) {
                return Err(invalid(
                    format!("german_ships[{i}].id"),
                    format!("`{}` is repeated", s.id),
                ));
            }
        }
        Ok(())
    }

    fn validate_setup(&self) -> Result<(), PackError> {
        let s = &self.setup;
        self.validate_setup_groups()?;
        for (i, id) in s.set_aside.iter().enumerate() {
            if self.counter(id).is_none() {
                return Err(invalid(
                    format!("setup.set_aside[{i}]"),
                    format!("no counter `{id}`"),
                ));
            }
        }
        self.validate_coastal_defenses()?;
        if self.place(&s.start_space).is_none() {
            return Err(invalid(
                "setup.start_space",
                format!("no place `{}`", s.start_space),
            ));
        }
        for (i, id) in s.german_ships.iter().enumerate() {
            if self.german_ship(id).is_none() {
                return Err(invalid(
                    format!("setup.german_ships[{i}]"),
                    format!("no German ship `{id}`"),
                ));
            }
        }
        Ok(())
    }

    /// 3.0 step 3: each group's warships are warship counters, its zones patrol zones, its draws within
    /// what it holds, and the mix has the Quiet Seas markers the groups need.
    fn validate_setup_groups(&self) -> Result<(), PackError> {
        let s = &self.setup;
        let quiet_total = self.counters_of(IncidentKind::QuietSeas).count();
        let mut quiet_needed = 0usize;
        for (g, group) in s.groups.iter().enumerate() {
            for (w, id) in group.warships.iter().enumerate() {
                match self.counter(id).map(|c| &c.kind) {
                    Some(CounterKind::Incident { ship: Some(_), .. }) => {}
                    _ => {
                        return Err(invalid(
                            format!("setup.groups[{g}].warships[{w}]"),
                            format!("`{id}` is not a warship counter"),
                        ))
                    }
                }
            }
            quiet_needed += group.quiet_seas as usize;
            let drawn: usize = group.zones.iter().map(|z| z.count as usize).sum();
            if drawn > group.warships.len() + group.quiet_seas as usize {
                return Err(invalid(
                    format!("setup.groups[{g}].zones"),
                    "draws more counters than the group holds",
                ));
            }
            for (z, draw) in group.zones.iter().enumerate() {
                if self.place(&draw.zone).map(|p| p.kind) != Some(PlaceKind::PatrolZone) {
                    return Err(invalid(
                        format!("setup.groups[{g}].zones[{z}].zone"),
                        format!("`{}` is not a patrol zone", draw.zone),
                    ));
                }
            }
        }
        if quiet_needed > quiet_total {
            return Err(invalid(
                "setup.groups",
                format!("needs {quiet_needed} Quiet Seas markers, the mix has {quiet_total}"),
            ));
        }
        Ok(())
    }

    /// 3.0 step 4: the coastal defense units are drawn into ports and naval bases, no more than the mix has.
    fn validate_coastal_defenses(&self) -> Result<(), PackError> {
        let s = &self.setup;
        let defenses = self
            .counters
            .counters
            .iter()
            .filter(|c| matches!(c.kind, CounterKind::CoastalDefense { .. }))
            .count();
        let mut needed = 0;
        for (i, d) in s.coastal_defenses.iter().enumerate() {
            match self.place(&d.port) {
                Some(p) if matches!(p.kind, PlaceKind::Port | PlaceKind::NavalBase) => {}
                _ => {
                    return Err(invalid(
                        format!("setup.coastal_defenses[{i}].port"),
                        format!("`{}` is not a port or naval base", d.port),
                    ))
                }
            }
            needed += d.count as usize;
        }
        if needed > defenses {
            return Err(invalid(
                "setup.coastal_defenses",
                format!("draws {needed} units, the mix has {defenses}"),
            ));
        }
        Ok(())
    }

    fn validate_orders(&self) -> Result<(), PackError> {
        if self.orders.is_empty() {
            return Err(invalid("orders", "at least one Orders marker is needed"));
        }
        for (i, o) in self.orders.iter().enumerate() {
            if o.days == 0 || o.days > 30 {
                return Err(invalid(format!("orders[{i}].days"), "must be 1..=30"));
            }
            if let EndIn::Spaces { spaces } = &o.end_in {
                for (j, s) in spaces.iter().enumerate() {
                    if self.place(s).is_none() {
                        return Err(invalid(
                            format!("orders[{i}].end_in.spaces[{j}]"),
                            format!("no place `{s}`"),
                        ));
                    }
                }
            }
            for (j, p) in o.destroy_defenses_at.iter().enumerate() {
                if self.place(p).is_none() {
                    return Err(invalid(
                        format!("orders[{i}].destroy_defenses_at[{j}]"),
                        format!("no place `{p}`"),
                    ));
                }
            }
            let marker = self
                .counters
                .counters
                .iter()
                .any(|c| matches!(&c.kind, CounterKind::Orders { orders } if orders == &o.id));
            if !marker {
                return Err(invalid(
                    format!("orders[{i}]"),
                    format!("no Orders marker counter for `{}`", o.id),
                ));
            }
        }
        Ok(())
    }

    fn validate_incident_chart(&self) -> Result<(), PackError> {
        for &kind in IncidentKind::ALL {
            if !self.incident_chart.iter().any(|e| e.incident == kind) {
                return Err(invalid("incident_chart", format!("no entry for {kind:?}")));
            }
        }
        Ok(())
    }
}
