//! 4.0 Sequence of play: turns, their eight phases, and the automatic steps between decisions.
//!
//! Each phase module says what may be done now (`legal_actions`) and when its phase may end. Phases
//! with nothing for the player to decide or do on the table are passed automatically (and logged), so a
//! turn at sea with no enemy in sight is quick to play.

pub use crate::engine::battles::{battles, bombardments};
use crate::engine::ctx::Ctx;
use crate::ground::action::{Action, Speed};
use crate::ground::error::{not_now, RuleError};
use crate::ground::event::Event;
use crate::ground::pack::RulesPack;
use crate::ground::state::{Game, Location, Phase, TurnState};
use crate::rules::combat::contact;
use crate::rules::incidents;
use crate::rules::movement;
use crate::rules::raiding;
use crate::rules::setup;
use crate::rules::victory;

/// Bound on automatic steps taken after one action (phases that need no decision). A longer chain is a bug.
pub const MAX_AUTO_STEPS: usize = 200;

/// Takes the automatic steps that need no decision, until a decision is pending or the game ends.
pub fn advance(ctx: &mut Ctx) {
    for _ in 0..MAX_AUTO_STEPS {
        if ctx.game.game_over.is_some() {
            return;
        }
        if !ctx.game.captured_ports.is_empty() {
            crate::rules::marines::check_held(ctx);
        }
        let idle = ctx.game.pending.is_empty() && !contact::battle_in_progress(ctx.game);
        match ctx.game.phase {
            Phase::Setup if setup::is_complete(ctx.pack, ctx.game) => start_turn(ctx, 1),
            // Nothing (more) to fight: the phase passes by itself.
            Phase::NavalCombat if idle && contact::open_battles(ctx.pack, ctx.game).is_empty() => {
                next_phase(ctx)
            }
            Phase::CommerceRaiding if raiding::raid_spaces(ctx.pack, ctx.game).is_empty() => {
                raiding::end_phase(ctx);
                next_phase(ctx);
            }
            // No port left to bombard and no marines to land: the phase passes by itself.
            Phase::ShoreBombardment
                if idle
                    && contact::open_battles(ctx.pack, ctx.game).is_empty()
                    && crate::rules::marines::legal_actions(ctx.pack, ctx.game).is_empty() =>
            {
                next_phase(ctx)
            }
            // 4.0: every German ship gone ends the scenario at once.
            _ if ctx.game.phase != Phase::Setup
                && !ctx.game.active_ships().any(|s| !s.austro_hungarian) =>
            {
                victory::all_ships_lost(ctx);
            }
            _ => return,
        }
    }
    panic!("more than {MAX_AUTO_STEPS} automatic steps after one action");
}

fn start_turn(ctx: &mut Ctx, turn: u8) {
    ctx.game.turn = turn;
    ctx.game.turn_state = TurnState::default();
    ctx.emit(Event::TurnStarted { turn });
    enter_phase(ctx, Phase::Outfitting);
}

fn enter_phase(ctx: &mut Ctx, phase: Phase) {
    ctx.game.phase = phase;
    ctx.emit(Event::PhaseStarted {
        turn: ctx.game.turn,
        phase,
    });
    if phase == Phase::Movement {
        // 9.1 needs to know where each ship stood when this Movement phase began.
        ctx.game.turn_state.movement_start = ctx
            .game
            .active_ships()
            .map(|s| (s.id.clone(), s.position.clone()))
            .collect();
    }
}

fn next_phase(ctx: &mut Ctx) {
    reload_torpedoes(ctx);
    let next = ctx
        .game
        .phase
        .next()
        .expect("every phase before Objective has a successor");
    enter_phase(ctx, next);
}

/// Ends the current phase. After the Objective phase (17.0) the next turn starts, or the game ends
/// after the last turn.
pub fn end_phase(ctx: &mut Ctx) -> Result<(), RuleError> {
    if !ctx.game.pending.is_empty() {
        return Err(not_now("answer the pending decision first"));
    }
    match ctx.game.phase {
        Phase::Setup => Err(not_now("finish the setup first (3.0)")),
        Phase::NoGame | Phase::GameOver => Err(RuleError::GameOver),
        Phase::CupOnly => Err(not_now("cup-only mode has no phases")),
        Phase::Movement => end_movement_phase(ctx),
        Phase::Incident => end_incident_phase(ctx),
        Phase::NavalCombat => end_naval_combat_phase(ctx),
        Phase::CommerceRaiding => {
            raiding::end_phase(ctx);
            next_phase(ctx);
            Ok(())
        }
        Phase::Objective => {
            end_objective_phase(ctx);
            Ok(())
        }
        Phase::Outfitting => {
            crate::rules::outfitting::end_phase(ctx);
            release_friendly_ships(ctx);
            next_phase(ctx);
            Ok(())
        }
        Phase::ShoreBombardment => {
            if contact::battle_in_progress(ctx.game) {
                return Err(not_now(
                    "finish the bombardment first: fight the round or cease fire (16.0)",
                ));
            }
            if let Some(port) = contact::unopened_bombardments(ctx.pack, ctx.game).first() {
                return Err(not_now(format!(
                    "German ships in {} must engage its coastal defenses first (12.5)",
                    port.describe(ctx.pack)
                )));
            }
            next_phase(ctx);
            Ok(())
        }
        Phase::Intelligence => {
            next_phase(ctx);
            Ok(())
        }
    }
}

/// 12.0: the end of the Movement phase.
fn end_movement_phase(ctx: &mut Ctx) -> Result<(), RuleError> {
    // Ships not moved stay where they are (12.1: staying costs nothing).
    let unmoved: Vec<String> = ctx
        .game
        .active_ships()
        .filter(|s| !ctx.game.turn_state.moved.contains(&s.id))
        .map(|s| s.id.clone())
        .collect();
    for ship in unmoved {
        let here = ctx.game.ship(&ship).expect("listed above").position.clone();
        movement::move_ship(ctx, &ship, &here, Speed::Stay)?;
    }
    movement::end_movement(ctx)?;
    next_phase(ctx);
    Ok(())
}

/// 13.0: the Incident phase ends once every space's incidents are resolved; then the mines strike.
fn end_incident_phase(ctx: &mut Ctx) -> Result<(), RuleError> {
    if !incidents::phase_complete(ctx.game) {
        return Err(not_now("resolve the incidents of every space with German warships first (13.0: picks are not optional)"));
    }
    if !ctx.game.mines.is_empty() {
        crate::rules::mines::strike(ctx);
    }
    next_phase(ctx);
    Ok(())
}

/// 14.0: the Naval Combat phase ends once every battle is fought to its end (14.2, 14.3).
fn end_naval_combat_phase(ctx: &mut Ctx) -> Result<(), RuleError> {
    if !contact::open_battles(ctx.pack, ctx.game).is_empty()
        || contact::battle_in_progress(ctx.game)
    {
        return Err(not_now("fight every battle to its end first (14.2, 14.3)"));
    }
    end_naval_combat(ctx);
    next_phase(ctx);
    Ok(())
}

/// 17.0: the Objective phase; unless the game is over or the player is asked whether to end it, the
/// next turn starts.
fn end_objective_phase(ctx: &mut Ctx) {
    // 14.10: the Objective phase is a complete phase too.
    reload_torpedoes(ctx);
    victory::objective_phase(ctx);
    if ctx.game.game_over.is_none() && ctx.game.pending.is_empty() {
        let next = ctx.game.turn + 1;
        start_turn(ctx, next);
    }
}

/// 12.5 / 17.0: the player's answer to "end the game now?"; playing on starts the next turn.
pub fn declare_end(ctx: &mut Ctx, yes: bool) -> Result<(), RuleError> {
    victory::declare_end(ctx, yes)?;
    if ctx.game.game_over.is_none() {
        let next = ctx.game.turn + 1;
        start_turn(ctx, next);
    }
    Ok(())
}

/// 14.10 Reloads: at the end of any complete phase, a ship carrying Extra Torpedoes that has fired any
/// resets its torpedo track to the maximum, and the gear goes back to the Available box.
fn reload_torpedoes(ctx: &mut Ctx) {
    let reloading: Vec<String> = ctx
        .game
        .active_ships()
        .filter(|s| {
            s.tracks.torpedoes < s.start.torpedoes
                && s.cargo
                    .iter()
                    .any(|c| c == crate::rules::combat::firing::gear::EXTRA_TORPEDOES)
        })
        .map(|s| s.id.clone())
        .collect();
    for ship in reloading {
        let s = ctx.game.ship_mut(&ship).expect("listed");
        let (now, max) = (s.tracks.torpedoes, s.start.torpedoes);
        let at = s
            .cargo
            .iter()
            .position(|c| c == crate::rules::combat::firing::gear::EXTRA_TORPEDOES)
            .expect("listed");
        s.cargo.remove(at);
        ctx.change_track(
            &ship,
            crate::ground::action::Track::Torpedoes,
            (max - now) as i32,
            "torpedo reload: Extra Torpedoes back to the Available box",
            "14.10",
        );
    }
}

/// Friendly Ship (Incident Chart) is held until the Outfitting & Repair phase after it was picked; once that
/// phase is over the marker goes back to the pool.
fn release_friendly_ships(ctx: &mut Ctx) {
    let held: Vec<_> = (0..ctx.game.counters.len())
        .map(|i| crate::ground::state::CounterId(i as u16))
        .filter(|c| matches!(ctx.game.counter(*c).location, Location::Held { .. }))
        .collect();
    for id in held {
        incidents::return_to_pool(ctx, id, "Incident Chart: Friendly Ship", "");
    }
}

/// 14.14: the end of the battles (VP, critical results, 7.5 colliers, survivors back to the pool).
fn end_naval_combat(ctx: &mut Ctx) {
    crate::rules::combat::tally::end_of_combat(ctx);
}

pub fn legal_actions(pack: &RulesPack, game: &Game) -> Vec<Action> {
    let mut actions = phase_actions(pack, game);
    // 9.2: a Seebataillon may re-embark at any time (not while another decision is owed).
    if game.pending.is_empty()
        && !matches!(game.phase, Phase::NavalCombat | Phase::ShoreBombardment)
    {
        actions.extend(crate::rules::marines::embark_actions(game));
    }
    actions
}

fn phase_actions(pack: &RulesPack, game: &Game) -> Vec<Action> {
    match game.phase {
        Phase::Setup | Phase::NoGame | Phase::GameOver => Vec::new(),
        Phase::CupOnly => crate::rules::cup::legal_actions(pack, game),
        Phase::Movement => {
            let mut actions = movement::legal_actions(pack, game);
            actions.extend(crate::rules::mines::legal_actions(pack, game));
            if movement::may_end(pack, game) {
                actions.push(Action::EndPhase);
            }
            actions
        }
        Phase::Incident => incidents::legal_actions(pack, game),
        Phase::Intelligence => crate::rules::intelligence::legal_actions(pack, game),
        Phase::Outfitting => crate::rules::outfitting::pending_distribution(pack, game)
            .unwrap_or_else(|| {
                let mut actions = crate::rules::outfitting::supply_actions(pack, game);
                actions.extend(crate::rules::repair::legal_actions(pack, game));
                actions.extend(crate::rules::cargo::legal_actions(pack, game));
                actions.push(Action::EndPhase);
                actions
            }),
        Phase::NavalCombat | Phase::ShoreBombardment => contact::legal_actions(pack, game),
        // 12.5 / 17.0: the mission is accomplished — end the game now (yes) or play on (no).
        Phase::Objective
            if game.pending.first() == Some(&crate::ground::state::Pending::DeclareEnd) =>
        {
            vec![Action::Answer { yes: true }, Action::Answer { yes: false }]
        }
        Phase::CommerceRaiding => {
            let mut actions = raiding::legal_actions(pack, game);
            actions.push(Action::EndPhase);
            actions
        }
        _ => vec![Action::EndPhase],
    }
}
