//! What a decision would leave undone, asked once before it is sent (issue #50): a step that ends setup
//! or a phase while something of it was skipped without a word. Made from the finished public view only,
//! like the labels; the UI shows the words with "… anyway" and "Back".

use crate::api::view::PlayerView;
use crate::ground::action::Action;
use crate::ground::state::{Phase, ShipStatus};
use crate::ground::words::count;

/// The words of what `action` would skip now, if anything.
pub(crate) fn skipped(view: &PlayerView, action: &Action) -> Option<String> {
    match (view.phase, action) {
        // 8.1: the crew & gear points are spent in setup or not at all; placing the collier ends it.
        (Phase::Setup, Action::PlaceCollier { .. }) => unspent_points(view),
        // 12.0: a ship whose move was never reported stays where it is.
        (Phase::Movement, Action::EndPhase) => unreported_moves(view),
        // 11.0: the phase's intelligence attempt, still to make.
        (Phase::Intelligence, Action::EndPhase) => view
            .decisions
            .iter()
            .any(|d| matches!(d.action, Action::AttemptIntelligence { .. }))
            .then(|| "No intelligence attempt made this turn (11.0).".to_string()),
        _ => None,
    }
}

fn unspent_points(view: &PlayerView) -> Option<String> {
    let game = view.game.as_ref()?;
    let unspent: Vec<String> = game
        .ships
        .iter()
        .filter(|s| s.status == ShipStatus::Active && s.cargo_points > 0)
        .map(|s| {
            format!(
                "{} has {} unspent",
                s.name,
                count(s.cargo_points, "crew & gear point", "crew & gear points")
            )
        })
        .collect();
    (!unspent.is_empty()).then(|| {
        format!(
            "{}: they are not kept after setup (8.1).",
            unspent.join("; ")
        )
    })
}

fn unreported_moves(view: &PlayerView) -> Option<String> {
    let game = view.game.as_ref()?;
    let still: Vec<String> = game
        .ships
        .iter()
        .filter(|s| {
            view.decisions
                .iter()
                .any(|d| matches!(&d.action, Action::Move { ship, .. } if *ship == s.id))
        })
        .map(|s| format!("{} at {}", s.name, s.position_name))
        .collect();
    match still.as_slice() {
        [] => None,
        [one] => Some(format!(
            "No move reported for {one}: it stays there (12.0)."
        )),
        _ => Some(format!(
            "No move reported for {}: they stay there (12.0).",
            still.join(" and ")
        )),
    }
}
