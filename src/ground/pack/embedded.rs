//! The default pack's files, embedded in the binary: one JSON document per top-level key of the pack.

/// The embedded default pack, one JSON document per top-level key.
pub(super) const DEFAULT_PARTS: &[(&str, &str)] = &[
    ("meta", include_str!("../../../data/pack/meta.json")),
    ("alert", include_str!("../../../data/pack/alert.json")),
    ("setup", include_str!("../../../data/pack/setup.json")),
    (
        "german_ships",
        include_str!("../../../data/pack/german_ships.json"),
    ),
    ("orders", include_str!("../../../data/pack/orders.json")),
    (
        "incident_chart",
        include_str!("../../../data/pack/incident_chart.json"),
    ),
    ("places", include_str!("../../../data/pack/places.json")),
    ("counters", include_str!("../../../data/pack/counters.json")),
    ("charts", CHARTS),
];

/// The default charts (`data/pack/charts.json`), also read alone for a chart an older pack lacks.
pub(super) const CHARTS: &str = include_str!("../../../data/pack/charts.json");
