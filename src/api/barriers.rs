//! Points of no return (issue #14). An applied action that rolled a die, drew from the RNG or revealed a
//! hidden identity is a barrier: what it showed cannot be unseen, so `undo` stops there (unless the
//! "take-backs after reveals" house rule is on). Before the tap, the view marks each legal action that
//! *may* roll or reveal — decided from the public view alone, so the mark can never hint at a secret.

use crate::ground::action::{Action, Speed};
use crate::ground::dice::Dice;
use crate::ground::event::Event;
use crate::ground::state::{Phase, SpaceRef};
use crate::api::view::PlayerView;

/// Whether an applied action crossed a point of no return: it used the RNG (a die, a draw from a
/// stack or the pool) or an event shows a die or something that was hidden.
pub fn rolled_or_revealed(dice_before: &Dice, dice_after: &Dice, events: &[Event]) -> bool {
    !dice_before.same_stream(dice_after) || events.iter().any(reveals)
}

/// Events that show a die or a hidden identity (scripted test dice show only as events).
fn reveals(event: &Event) -> bool {
    match event {
        Event::DiceRolled { .. } | Event::CounterRevealed { .. } | Event::Examined { .. } | Event::IntelligenceResult { .. } | Event::ContactResolved { .. } => true,
        Event::IncidentsPicked { drawn, .. } => *drawn > 0,
        _ => false,
    }
}

/// Whether `action` may roll a die or reveal something, judged from the public view only (the type of
/// the argument is the guarantee: the hidden state is not at hand). It errs on the side of "may": a
/// decision that could lead on to an automatic step with a die is marked.
pub fn may_roll_or_reveal(view: &PlayerView, action: &Action) -> bool {
    match action {
        // Decisions that only record a choice: no die, no draw, nothing turned over.
        Action::PlaceCollier { .. }
        | Action::TakeOutfitting { .. }
        | Action::Distribute { .. }
        | Action::LoadCargo { .. }
        | Action::DumpCargo { .. }
        | Action::TransferCargo { .. }
        | Action::LayMines { .. }
        | Action::LandMarines { .. }
        | Action::EmbarkMarines { .. }
        | Action::CupReturn { .. }
        | Action::Correct { .. } => false,
        // 12.3: only emergency speed makes the engine check.
        Action::Move { speed, .. } => *speed == Speed::Emergency,
        Action::EndPhase => end_phase_may_roll_or_reveal(view),
        // 14.4 / 16.0: breaking off or ceasing fire moves or stops the ships; the battle's dice are done.
        Action::BreakOff { .. } | Action::CeaseFire { .. } => false,
        Action::ResolveIncidents { space } => incidents_may_roll_or_reveal(view, space),
        Action::Fight { space } => fight_may_roll(view, space),
        _ => true,
    }
}

/// 13.2 (issue #29 item 5): a port where the ships make no picks now (the view's count, from the same rule
/// the draw follows) holds no face-down stack: drawing there draws and reveals nothing.
fn incidents_may_roll_or_reveal(view: &PlayerView, space: &SpaceRef) -> bool {
    let (Some(game), Some(id)) = (&view.game, space.place_id()) else { return true };
    game.ports.iter().find(|p| p.id == id).is_none_or(|port| port.incident_picks > 0)
}

/// 14.5 (issue #29 item 5): *Fight* asks each German ship that can fire for its target, no die yet; only
/// when none of them can fire its guns do the salvos run at once.
fn fight_may_roll(view: &PlayerView, space: &SpaceRef) -> bool {
    let Some(game) = &view.game else { return true };
    let can_fire = |s: &crate::api::view::ShipView| {
        let guns = s.tracks.primary + s.tracks.secondary + s.tracks.tertiary > 0;
        s.status == crate::ground::state::ShipStatus::Active && &s.position == space && guns && (s.austro_hungarian || s.tracks.ammunition > 0)
    };
    !game.ships.iter().any(can_fire)
}

/// Ending a phase may run automatic steps with dice or end the game (which reveals the seed).
fn end_phase_may_roll_or_reveal(view: &PlayerView) -> bool {
    let game = view.game.as_ref();
    match view.phase {
        // Incident Chart, French Navy Sorties: ships left in a closed zone are caught when Movement ends,
        // and losing the last one ends the game (the seed is then revealed).
        Phase::Movement => game.is_none_or(|g| g.conditions.french_zones_closed),
        // Nothing automatic follows these: the next phase waits for the player.
        Phase::Outfitting | Phase::Intelligence | Phase::CommerceRaiding | Phase::ShoreBombardment => false,
        // 23.0: mines strike at the end of the Incident phase.
        Phase::Incident => game.is_none_or(|g| !g.mines.is_empty()),
        // 17.0: ending the Objective phase ends the game after the last turn; with the Orders accomplished
        // earlier it only asks whether to end the game or play on (the answer is the barrier).
        Phase::Objective => view.turn >= view.last_turn,
        _ => true,
    }
}

/// One mark per legal action of the view, in the same order (`PlayerView::legal_barriers`).
pub fn legal_barriers(view: &PlayerView) -> Vec<bool> {
    view.legal_actions.iter().map(|a| may_roll_or_reveal(view, a)).collect()
}
