//! The rules engine's entry points: apply one move to a game, and list the legal moves.
//! Callers (the session) apply moves to a copy of the game: an error leaves the original untouched.
use crate::engine::ctx::Ctx;
use crate::engine::entered_dice::EnteredDice;
use crate::ground::action::Action;
use crate::ground::error::RuleError;
use crate::ground::event::Event;
use crate::ground::pack::RulesPack;
use crate::ground::state::{Game, Pending, Phase};
use crate::rules::{corrections, incidents, intelligence, movement, outfitting, raiding, setup};
use crate::sequence::flow;

/// Applies one move to `game`. On error the game may be partly changed:
/// the caller must discard it (the session applies to a copy).
pub fn apply(pack: &RulesPack, game: &mut Game, action: &Action) -> Result<Vec<Event>, RuleError> {
    if game.game_over.is_some() && !matches!(action, Action::NextMission { .. }) {
        return Err(RuleError::GameOver);
    }
    let mut ctx = Ctx::new(pack, game);
    dispatch(&mut ctx, action)?;
    flow::advance(&mut ctx);
    if let Err(broken) = ctx.game.check_invariants(pack) {
        panic!("invariant broken after {action:?}: {broken}");
    }
    Ok(ctx.events)
}

/// Applies one move with the faces the player entered (house rule "I roll the dice"): the events, and
/// the entered dice with the first roll they did not cover, if any (then the caller throws `game` away).
pub fn apply_entered(
    pack: &RulesPack,
    game: &mut Game,
    action: &Action,
    faces: &[u8],
) -> Result<(Vec<Event>, EnteredDice), RuleError> {
    if game.game_over.is_some() && !matches!(action, Action::NextMission { .. }) {
        return Err(RuleError::GameOver);
    }
    let mut ctx = Ctx::new(pack, game);
    ctx.entered = Some(EnteredDice::new(faces));
    dispatch(&mut ctx, action)?;
    flow::advance(&mut ctx);
    let entered = ctx.entered.take().unwrap_or_default();
    if let Err(broken) = ctx.game.check_invariants(pack) {
        panic!("invariant broken after {action:?}: {broken}");
    }
    Ok((ctx.events, entered))
}

/// One move to the rule that answers it: setup and outfitting here; the turn's and the battle's moves in
/// the two below, so each match reads at once and a new move must still be named in this one.
fn dispatch(ctx: &mut Ctx, action: &Action) -> Result<(), RuleError> {
    match action {
        Action::PlaceCollier { to } => setup::place_collier(ctx, to)?,
        Action::EndPhase => flow::end_phase(ctx)?,
        Action::TakeOutfitting { ship } => outfitting::take(ctx, ship)?,
        Action::Resupply { space, supply } => outfitting::resupply(ctx, space, *supply)?,
        Action::UseCollier { collier } => outfitting::use_collier(ctx, *collier)?,
        Action::UseFriendlyShip { space } => outfitting::use_friendly_ship(ctx, space)?,
        Action::Distribute { shares } => outfitting::distribute(ctx, shares)?,
        Action::Repair {
            ship,
            hull,
            engines,
            primary,
            secondary,
            tertiary,
        } => crate::rules::repair::repair(
            ctx,
            ship,
            [*hull, *engines, *primary, *secondary, *tertiary],
        )?,
        Action::LoadCargo { ship, item } => crate::rules::cargo::load(ctx, ship, item)?,
        Action::DumpCargo { ship, item } => crate::rules::cargo::dump(ctx, ship, item)?,
        Action::TransferCargo { from, to, item } => {
            crate::rules::cargo::transfer(ctx, from, to, item)?
        }
        Action::AttemptIntelligence { .. }
        | Action::ChooseIntelligence { .. }
        | Action::ExamineZone { .. }
        | Action::Reconnoitre { .. }
        | Action::Move { .. }
        | Action::LayMines { .. }
        | Action::ResolveIncidents { .. }
        | Action::EvadeSubmarine { .. }
        | Action::Answer { .. }
        | Action::ChooseShip { .. } => dispatch_turn(ctx, action)?,
        Action::Contact { .. }
        | Action::Fight { .. }
        | Action::BreakOff { .. }
        | Action::FireOrders { .. }
        | Action::Torpedoes { .. }
        | Action::CeaseFire { .. }
        | Action::LandMarines { .. }
        | Action::EmbarkMarines { .. }
        | Action::RaidMerchants { .. }
        | Action::Correct { .. }
        | Action::CupDraw { .. }
        | Action::CupReveal { .. }
        | Action::CupReturn { .. }
        | Action::NextMission { .. } => dispatch_battle_and_after(ctx, action)?,
        Action::PlayerDice { on } => set_player_dice(ctx, *on)?,
        Action::EnterDice { .. } => {
            return Err(crate::ground::error::illegal(
                "no roll is asked for: there are no dice to enter",
            ))
        }
        Action::CorrectDice { .. } => {
            return Err(crate::ground::error::illegal(
                "no entered roll to correct: the house rule “I roll the dice” is off",
            ))
        }
    }
    Ok(())
}

/// The house rule "I roll the dice" (not a rule of the book): on or off at any time in play.
fn set_player_dice(ctx: &mut Ctx, on: bool) -> Result<(), RuleError> {
    if ctx.game.options.player_dice == on {
        let now = if on { "on" } else { "off" };
        return Err(crate::ground::error::illegal(format!(
            "the house rule “I roll the dice” is already {now}"
        )));
    }
    ctx.game.options.player_dice = on;
    ctx.emit(Event::PlayerDiceSet { on });
    Ok(())
}

/// Intelligence, movement and the Incident phase (11.0–13.0).
fn dispatch_turn(ctx: &mut Ctx, action: &Action) -> Result<(), RuleError> {
    match action {
        Action::AttemptIntelligence { ship } => intelligence::attempt(ctx, ship)?,
        // 13.0 step 4: the incidents queued behind an Intelligence decision resolve once it is taken.
        Action::ChooseIntelligence { code } => {
            intelligence::choose(ctx, code)?;
            incidents::continue_resolution(ctx);
        }
        Action::ExamineZone { zone } => {
            intelligence::examine_zone(ctx, zone)?;
            incidents::continue_resolution(ctx);
        }
        Action::Reconnoitre { ship, zone } => {
            crate::rules::seaplanes::reconnoitre(ctx, ship, zone)?
        }
        Action::Move { ship, to, speed } => movement::move_ship(ctx, ship, to, *speed)?,
        Action::LayMines { ship } => crate::rules::mines::lay(ctx, ship)?,
        Action::ResolveIncidents { space } => incidents::resolve_space(ctx, space)?,
        Action::EvadeSubmarine { ship, spend_coal } => {
            incidents::evade_submarine(ctx, ship, *spend_coal)?
        }
        // One yes-or-no answer, to whichever question is pending.
        Action::Answer { yes } => match ctx.game.pending.first() {
            Some(Pending::DeclareEnd) => flow::declare_end(ctx, *yes)?,
            Some(Pending::NationalityFirst { .. }) => {
                crate::rules::combat::salvo::nationality_first(ctx, *yes)?
            }
            _ => incidents::answer(ctx, *yes)?,
        },
        Action::ChooseShip { ship } => incidents::choose_ship(ctx, ship)?,
        _ => unreachable!("`dispatch` sends only the turn's moves here"),
    }
    Ok(())
}

/// Combat and bombardment (14.0–16.0), corrections, the cup and the campaign's next mission.
fn dispatch_battle_and_after(ctx: &mut Ctx, action: &Action) -> Result<(), RuleError> {
    match action {
        Action::Contact {
            space,
            leader,
            speed_ship,
            maximum_speed,
        } => {
            crate::rules::combat::contact::contact(ctx, space, leader, speed_ship, *maximum_speed)?
        }
        Action::Fight { space } => crate::rules::combat::contact::fight(ctx, space)?,
        Action::BreakOff { space, to } => crate::rules::combat::contact::break_off(ctx, space, to)?,
        Action::FireOrders {
            ship,
            target,
            maximum_fire,
        } => crate::rules::combat::salvo::fire_orders(ctx, ship, target.as_deref(), *maximum_fire)?,
        Action::Torpedoes {
            ship,
            target,
            count,
        } => crate::rules::combat::salvo::launch_torpedoes(ctx, ship, target.as_deref(), *count)?,
        Action::CeaseFire { space } => crate::rules::combat::contact::cease_fire(ctx, space)?,
        Action::LandMarines { ship } => crate::rules::marines::land(ctx, ship)?,
        Action::EmbarkMarines { ship } => crate::rules::marines::embark(ctx, ship)?,
        Action::RaidMerchants { space, ship } => raiding::raid(ctx, space, ship)?,
        Action::Correct { correction } => corrections::apply(ctx, correction)?,
        Action::CupDraw { count } => crate::rules::cup::draw(ctx, *count)?,
        Action::CupReveal { place } => crate::rules::cup::reveal(ctx, place)?,
        Action::CupReturn { counter } => crate::rules::cup::put_back(ctx, counter)?,
        Action::NextMission { base, bonus } => {
            crate::rules::campaign::next_mission(ctx, base, *bonus)?
        }
        _ => unreachable!("`dispatch` sends only the battle's and the later moves here"),
    }
    Ok(())
}

/// Every action the rules allow now, as complete action objects (protocol contract).
pub fn legal_actions(pack: &RulesPack, game: &Game) -> Vec<Action> {
    let offered = if game.game_over.is_some() {
        // 24.0: a campaign goes on to its next mission.
        crate::rules::campaign::legal_actions(pack, game)
    } else {
        match game.phase {
            Phase::Setup => setup::legal_actions(pack, game),
            Phase::NoGame | Phase::GameOver => Vec::new(),
            Phase::CupOnly => crate::rules::cup::legal_actions(pack, game),
            _ => flow::legal_actions(pack, game),
        }
    };
    once_each(offered)
}

/// Each decision offered once, in the order first offered: ready-made choices of different rules can
/// coincide (a share of points, a spread of repair dice), and two buttons doing one thing only confuse.
fn once_each(offered: Vec<Action>) -> Vec<Action> {
    let mut out: Vec<Action> = Vec::with_capacity(offered.len());
    for a in offered {
        if !out.contains(&a) {
            out.push(a);
        }
    }
    out
}
