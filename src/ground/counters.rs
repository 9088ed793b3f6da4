//! The public face of a counter, and which counters fight (14.0): pure functions of the rules pack.

use crate::ground::event::CounterInfo;
use crate::ground::pack::{CounterKind, CounterKindTag, IncidentKind, RulesPack};
use crate::ground::state::CounterId;

/// An Allied warship or troop convoy counter (14.0: the units that fight).
pub fn is_allied_warship(pack: &RulesPack, id: CounterId) -> bool {
    pack.counter_spec(id)
        .kind
        .incident()
        .is_some_and(IncidentKind::is_allied_warship)
}

/// The public face of a counter. Call only for counters that are face up or known to the player.
pub fn counter_info(pack: &RulesPack, id: CounterId) -> CounterInfo {
    let spec = pack.counter_spec(id);
    let (incident, ship, firepower) = match &spec.kind {
        CounterKind::Incident { incident, ship } => (Some(*incident), *ship, None),
        CounterKind::CoastalDefense { firepower } => (None, None, Some(*firepower)),
        CounterKind::Orders { .. } => (None, None, None),
        CounterKind::AustroHungarian { ship } => (None, Some(*ship), None),
    };
    CounterInfo {
        id: spec.id.clone(),
        name: spec.name.clone(),
        kind: CounterKindTag::from(&spec.kind),
        incident,
        ship,
        firepower,
    }
}

/// The Orders marker in play (4.0: drawn at setup, kept in the Orders box).
pub fn orders_spec<'p>(
    pack: &'p RulesPack,
    game: &crate::ground::state::Game,
) -> &'p crate::ground::pack::OrdersSpec {
    match &pack.counter_spec(game.orders).kind {
        crate::ground::pack::CounterKind::Orders { orders } => {
            pack.orders_spec(orders).expect("validated")
        }
        _ => unreachable!("the Orders box holds an Orders marker"),
    }
}
