//! Points of no return. An applied action that rolled a die, drew from the RNG or revealed a
//! hidden identity is a barrier: what it showed cannot be unseen, so `undo` stops there (unless the
//! "take-backs after reveals" house rule is on). Before the tap, the view marks each legal action that
//! *may* roll or reveal — decided from the public view alone, so the mark can never hint at a secret.

use crate::api::view::PlayerView;
use crate::ground::action::{Action, Speed, Supply};
use crate::ground::dice::Dice;
use crate::ground::event::Event;
use crate::ground::state::{Phase, SpaceRef};
use crate::ground::words::count;

/// Whether an applied action crossed a point of no return: it used the RNG (a die, a draw from a
/// stack or the pool) or an event shows a die or something that was hidden.
pub fn rolled_or_revealed(dice_before: &Dice, dice_after: &Dice, events: &[Event]) -> bool {
    !dice_before.same_stream(dice_after) || events.iter().any(reveals)
}

/// Events that show a die or a hidden identity (scripted test dice show only as events).
fn reveals(event: &Event) -> bool {
    match event {
        Event::DiceRolled { .. }
        | Event::CounterRevealed { .. }
        | Event::Examined { .. }
        | Event::IntelligenceResult { .. }
        | Event::ContactResolved { .. } => true,
        Event::IncidentsPicked { drawn, .. } => *drawn > 0,
        _ => false,
    }
}

/// Whether `action` may roll a die or reveal something, judged from the public view only (the type of
/// the argument is the guarantee: the hidden state is not at hand). It errs on the side of "may": a
/// decision that could lead on to an automatic step with a die is marked.
pub fn may_roll_or_reveal(view: &PlayerView, action: &Action) -> bool {
    barrier_words(view, action).is_some()
}

/// What `action` may roll or reveal, in a player's words, ending "· can't be taken back" (each
/// decision its own words, never one generic line on every button); `None` for a decision that only records a choice. Judged from the
/// public view only, like the mark it replaces.
pub fn barrier_words(view: &PlayerView, action: &Action) -> Option<String> {
    // With the house rule "take-backs after reveals" an undo is still possible, but counted.
    let house_rule = view.game.as_ref().is_some_and(|g| g.options.take_backs);
    let after = if house_rule {
        "a take-back is counted (house rule)"
    } else {
        "can't be taken back"
    };
    what_it_rolls(view, action).map(|what| format!("{what} · {after}"))
}

/// What `action` rolls or reveals, judged from the view where it must be; the rest in `plain_words`.
fn what_it_rolls(view: &PlayerView, action: &Action) -> Option<String> {
    match action {
        Action::EndPhase => end_phase_rolls(view),
        Action::ResolveIncidents { space } => incidents_drawn(view, space),
        Action::Fight { space } if !fight_may_roll(view, space) => None,
        Action::Repair {
            hull,
            engines,
            primary,
            secondary,
            tertiary,
            ..
        } => Some(format!(
            "rolls {} (10.1)",
            count(
                hull + engines + primary + secondary + tertiary,
                "repair die",
                "repair dice"
            )
        )),
        Action::Answer { yes } if declaring_the_end(view) => declare_end_words(*yes),
        Action::CupDraw { count: n } => Some(format!(
            "draws {} from the cup",
            count(*n, "counter", "counters")
        )),
        other => plain_words(other).map(str::to_string),
    }
}

/// 17.0: the question is whether to end the game now that the mission is accomplished.
fn declaring_the_end(view: &PlayerView) -> bool {
    view.game
        .as_ref()
        .and_then(|g| g.pending.first())
        .is_some_and(|p| matches!(p.pending, crate::ground::state::Pending::DeclareEnd))
}

/// 17.0: ending the game shows the seed (every die and draw to come), so it is a point of no return;
/// playing on only begins the next turn, which rolls nothing until its own decisions.
fn declare_end_words(yes: bool) -> Option<String> {
    yes.then(|| "ends the game: the referee shows its seed (17.0)".to_string())
}

/// Every action is named here (no catch-all arm), so a new action cannot slip through unmarked.
fn plain_words(action: &Action) -> Option<&'static str> {
    let words = match action {
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
        | Action::PlayerDice { .. }
        | Action::CorrectDice { .. }
        | Action::Correct { .. } => return None,
        // House rule "I roll the dice": the faces entered are the roll, as the app's own would be.
        Action::EnterDice { .. } => "enters your dice: the move they were asked for goes on",
        // 12.3: only emergency speed makes the engine check.
        Action::Move { speed, .. } if *speed == Speed::Emergency => {
            "rolls the engine check: 1–2 damages the engines (12.3)"
        }
        Action::Move { .. } => return None,
        // 14.4 / 16.0: breaking off or ceasing fire moves or stops the ships; the battle's dice are done.
        Action::BreakOff { .. } | Action::CeaseFire { .. } => return None,
        Action::EndPhase
        | Action::ResolveIncidents { .. }
        | Action::Repair { .. }
        | Action::CupDraw { .. } => unreachable!("`what_it_rolls` words these from the view"),
        Action::Fight { .. } => "the salvos are rolled at once (14.5)",
        Action::Resupply {
            supply: Supply::Ammunition,
            ..
        } => "rolls for ammunition (7.1)",
        Action::Resupply {
            supply: Supply::Coal,
            ..
        } => "rolls for coal (7.3)",
        Action::UseCollier { .. } => "rolls 2 dice for the collier's coal (7.4)",
        Action::UseFriendlyShip { .. } => "rolls 1 die for the Friendly Ship's coal",
        Action::AttemptIntelligence { .. } => "rolls 1 die on the Intelligence Table (11.1)",
        Action::ExamineZone { .. } => "shows the zone's face-down markers (11.2)",
        Action::Reconnoitre { .. } => "rolls 1 die for the seaplane (21.2)",
        Action::Contact { .. } => "rolls for contact (14.3)",
        Action::FireOrders { .. } => "may roll this round's salvos (14.5)",
        Action::Torpedoes { .. } => "may roll this round's torpedoes (14.6)",
        Action::RaidMerchants { .. } => "rolls the raid: one die + leadership (15.0)",
        // A pending question's answer: the incident or battle it belongs to goes on, with its dice.
        Action::EvadeSubmarine {
            spend_coal: false, ..
        } => "rolls the torpedo run",
        Action::EvadeSubmarine { .. }
        | Action::Answer { .. }
        | Action::ChooseShip { .. }
        | Action::ChooseIntelligence { .. } => "the incidents or battle here go on and may roll",
        Action::CupReveal { .. } => "turns the place's counters over",
        Action::NextMission { .. } => "sets up the next mission's hidden counters (24.1)",
    };
    Some(words)
}

/// 13.2: a port where the ships make no picks now (the view's count, from the same rule
/// the draw follows) holds no face-down stack: drawing there draws and reveals nothing. Elsewhere the
/// draw's size is said where the view knows it.
fn incidents_drawn(view: &PlayerView, space: &SpaceRef) -> Option<String> {
    let port = view
        .game
        .as_ref()
        .zip(space.place_id())
        .and_then(|(g, id)| g.ports.iter().find(|p| p.id == id));
    match port {
        Some(port) if port.incident_picks == 0 => None,
        Some(port) => Some(format!(
            "draws {} and resolves them (13.0)",
            count(port.incident_picks, "incident", "incidents")
        )),
        None => Some("turns over this space's incidents and resolves them (13.0)".to_string()),
    }
}

/// 14.5: *Fight* asks each German ship that can fire for its target, no die yet; only
/// when none of them can fire its guns do the salvos run at once.
fn fight_may_roll(view: &PlayerView, space: &SpaceRef) -> bool {
    let Some(game) = &view.game else { return true };
    let can_fire = |s: &crate::api::view::ShipView| {
        let guns = s.tracks.primary + s.tracks.secondary + s.tracks.tertiary > 0;
        s.status == crate::ground::state::ShipStatus::Active
            && &s.position == space
            && guns
            && (s.austro_hungarian || s.tracks.ammunition > 0)
    };
    !game.ships.iter().any(can_fire)
}

/// A German ship afloat in a zone French Navy Sorties closes.
fn in_closed_zone(game: &crate::api::view::GameView) -> bool {
    use crate::rules::movement::FRENCH_SORTIE_ZONES;
    game.ships.iter().any(|s| {
        s.status == crate::ground::state::ShipStatus::Active
            && s.position
                .place_id()
                .is_some_and(|id| FRENCH_SORTIE_ZONES.contains(&id))
    })
}

/// Ending a phase may run automatic steps with dice or end the game (which reveals the seed).
fn end_phase_rolls(view: &PlayerView) -> Option<String> {
    let game = view.game.as_ref();
    let words = match view.phase {
        // Incident Chart, French Navy Sorties: ships left in a closed zone are caught when Movement ends,
        // and losing the last one ends the game (the seed is then revealed). The ships' places are public,
        // so the mark shows only when a German ship is still in a closed zone.
        Phase::Movement
            if game.is_none_or(|g| g.conditions.french_zones_closed && in_closed_zone(g)) =>
        {
            "ships left in a closed French zone are caught"
        }
        // Nothing automatic follows these: the next phase waits for the player.
        Phase::Movement
        | Phase::Outfitting
        | Phase::Intelligence
        | Phase::CommerceRaiding
        | Phase::ShoreBombardment => return None,
        // 23.0: mines strike at the end of the Incident phase.
        Phase::Incident if game.is_none_or(|g| !g.mines.is_empty()) => "rolls for the mines (23.0)",
        Phase::Incident => return None,
        // 17.0: ending the Objective phase ends the game after the last turn (the seed is shown); with the
        // Orders accomplished earlier it only asks whether to end the game or play on (the answer is the barrier).
        Phase::Objective if view.turn >= view.last_turn => {
            "ends the game and shows its seed (17.0)"
        }
        Phase::Objective => return None,
        _ => "the next phase's automatic steps may roll",
    };
    Some(words.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::request::SessionRequest;
    use crate::api::session::Session;
    use crate::ground::pack::RulesPack;
    use crate::ground::state::Pending;

    #[test]
    fn rule_17_0_ending_the_game_says_it_shows_the_seed_and_playing_on_rolls_nothing() {
        let mut s = Session::new(RulesPack::standard(), 7);
        assert!(
            s.respond(SessionRequest::NewGame {
                seed: Some(7),
                options: None
            })
            .ok
        );
        let before = s.view();
        // The Objective phase's question, planted: a mission accomplished before the last turn.
        s.game.as_mut().unwrap().pending.push(Pending::DeclareEnd);
        let view = s.view();
        let (end, on) = (Action::Answer { yes: true }, Action::Answer { yes: false });
        assert_eq!(
            barrier_words(&view, &end).as_deref(),
            Some("ends the game: the referee shows its seed (17.0) · can't be taken back")
        );
        assert_eq!(barrier_words(&view, &on), None);
        // Any other question's answer keeps its words: the incident or battle goes on.
        assert!(
            barrier_words(&before, &on).is_some_and(|w| w.starts_with("the incidents or battle"))
        );
    }
}
