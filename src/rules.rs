//! The rules engine's entry points: apply one game action to a game, and list the legal actions.
//!
//! `Ctx` bundles the pack, the game being changed and the events produced. Procedures that roll dice
//! or change a track go through `Ctx` so that every die and every change is an event.
//! Callers (the session) apply actions to a copy of the game: an error leaves the original untouched.

use crate::action::Action;
use crate::error::{not_now, RuleError};
use crate::event::{CounterInfo, Event};
use crate::pack::{CounterKind, RulesPack};
use crate::action::Track;
use crate::state::{CounterId, Game, Phase, ShipStatus, SpaceRef};
use crate::{corrections, flow, incidents, intelligence, movement, outfitting, raiding, setup};

/// Bound on automatic steps taken after one action (phases that need no decision). A longer chain is a bug.
pub const MAX_AUTO_STEPS: usize = 200;

pub struct Ctx<'a> {
    pub pack: &'a RulesPack,
    pub game: &'a mut Game,
    pub events: Vec<Event>,
    /// A simulation (the combat forecast) runs the same rules without recording events.
    pub quiet: bool,
}

impl<'a> Ctx<'a> {
    pub fn new(pack: &'a RulesPack, game: &'a mut Game) -> Ctx<'a> {
        Ctx { pack, game, events: Vec::new(), quiet: false }
    }

    /// A context for simulations: same rules, no events (the combat forecast, 14.0).
    pub fn quiet(pack: &'a RulesPack, game: &'a mut Game) -> Ctx<'a> {
        Ctx { pack, game, events: Vec::new(), quiet: true }
    }

    pub fn emit(&mut self, event: Event) {
        if !self.quiet {
            self.events.push(event);
        }
    }

    /// Rolls `n` d6; the purpose is only written when events are recorded (hot combat paths).
    pub fn roll_d6s_for(&mut self, n: usize, purpose: impl FnOnce() -> String, rule: &str) -> Vec<u8> {
        let faces = self.game.dice.d6s(n);
        if !self.quiet {
            self.events.push(Event::DiceRolled { purpose: purpose(), faces: faces.clone(), rule: rule.to_string(), fire: None });
        }
        faces
    }

    /// Rolls a fire's `n` d6 (14.5, 14.6, 14.11): the event says who fired where and which faces hit.
    pub fn roll_fire(&mut self, n: usize, fire: crate::event::FireRoll, purpose: impl FnOnce() -> String, rule: &str) -> Vec<u8> {
        let faces = self.game.dice.d6s(n);
        if !self.quiet {
            self.events.push(Event::DiceRolled { purpose: purpose(), faces: faces.clone(), rule: rule.to_string(), fire: Some(fire) });
        }
        faces
    }

    pub fn roll_d6_for(&mut self, purpose: impl FnOnce() -> String, rule: &str) -> u8 {
        self.roll_d6s_for(1, purpose, rule)[0]
    }

    /// Rolls one die of `sides` faces (a random choice among equals, 14.11).
    pub fn roll_die_for(&mut self, sides: u8, purpose: impl FnOnce() -> String, rule: &str) -> u8 {
        let face = self.game.dice.die(sides);
        if !self.quiet {
            self.events.push(Event::DiceRolled { purpose: purpose(), faces: vec![face], rule: rule.to_string(), fire: None });
        }
        face
    }

    /// Rolls `n` d6 and logs them with their purpose and rule.
    pub fn roll_d6s(&mut self, n: usize, purpose: impl Into<String>, rule: &str) -> Vec<u8> {
        let faces = self.game.dice.d6s(n);
        self.emit(Event::DiceRolled { purpose: purpose.into(), faces: faces.clone(), rule: rule.to_string(), fire: None });
        faces
    }

    pub fn roll_d6(&mut self, purpose: impl Into<String>, rule: &str) -> u8 {
        self.roll_d6s(1, purpose, rule)[0]
    }

    /// 5.2 / 5.4: changes the Alert Level at once, clamped to the track.
    pub fn change_alert(&mut self, delta: i32, reason: impl Into<String>, rule: &str) {
        let from = self.game.alert_level;
        let to = (from as i32 + delta).clamp(self.pack.alert.min as i32, self.pack.alert.max as i32) as u8;
        self.game.alert_level = to;
        self.emit(Event::AlertChanged { from, to, reason: reason.into(), rule: rule.to_string() });
    }

    /// 17.1: VP may go below zero.
    pub fn change_vp(&mut self, delta: i32, reason: impl Into<String>, rule: &str) {
        let from = self.game.vp;
        self.game.vp += delta;
        self.emit(Event::VpChanged { from, to: self.game.vp, reason: reason.into(), rule: rule.to_string() });
    }

    /// Moves one track of a German ship by `delta`, never below zero (6.3); hull 0 sinks the ship (6.3).
    /// Logs the change.
    pub fn change_track(&mut self, ship: &str, which: Track, delta: i32, reason: impl Into<String>, rule: &str) {
        let Some(s) = self.game.ship_mut(ship) else { return };
        if s.austro_hungarian && which == Track::Leadership {
            // 20.0: Austro-Hungarian leadership is 3 and never changes.
            return;
        }
        let slot = which.slot(&mut s.tracks);
        let from = *slot;
        let to = (from as i32 + delta).clamp(0, u8::MAX as i32) as u8;
        *slot = to;
        let hull_gone = s.tracks.hull == 0;
        if from != to {
            self.emit(Event::TrackChanged { ship: ship.to_string(), track: which, from, to, reason: reason.into(), rule: rule.to_string() });
        }
        if which == Track::Hull && to < from && !hull_gone {
            crate::cargo::stowage_after_hull_loss(self, ship);
        }
        if hull_gone {
            self.sink_german_ship(ship, "hull reduced to zero", "6.3");
        }
    }

    /// 6.3: a German ship is sunk (hull 0 or an incident); it leaves the map.
    pub fn sink_german_ship(&mut self, ship: &str, reason: &str, rule: &str) {
        let Some(s) = self.game.ship_mut(ship) else { return };
        if s.status == ShipStatus::Sunk {
            return;
        }
        s.status = ShipStatus::Sunk;
        s.tracks.hull = 0;
        if s.austro_hungarian {
            if let Some(i) = self.pack.counter_index(ship) {
                self.game.move_counter(CounterId(i as u16), crate::state::Location::Sunk);
            }
        }
        self.emit(Event::ShipSunk { ship: ship.to_string(), reason: reason.to_string(), rule: rule.to_string() });
    }

    pub fn instruct(&mut self, text: impl Into<String>, rule: &str) {
        self.emit(Event::TableInstruction { text: text.into(), rule: rule.to_string() });
    }

    pub fn counter_info(&self, id: CounterId) -> CounterInfo {
        counter_info(self.pack, id)
    }

    /// Announces a counter turning face up (the only way an identity first leaves the core).
    pub fn reveal(&mut self, id: CounterId, at: SpaceRef, rule: &str) {
        let counter = self.counter_info(id);
        self.emit(Event::CounterRevealed { counter, at, rule: rule.to_string() });
    }
}

/// An Allied warship or troop convoy counter (14.0: the units that fight).
pub fn is_allied_warship(pack: &RulesPack, id: CounterId) -> bool {
    use crate::pack::IncidentKind::*;
    matches!(pack.counters.counters[id.index()].kind, CounterKind::Incident { incident: RoyalNavyWarship | FrenchWarship | FrenchTroopConvoy, .. })
}

/// The public face of a counter. Call only for counters that are face up or known to the player.
pub fn counter_info(pack: &RulesPack, id: CounterId) -> CounterInfo {
    let spec = &pack.counters.counters[id.index()];
    let (kind, incident, ship, firepower) = match &spec.kind {
        CounterKind::Incident { incident, ship } => ("incident", Some(*incident), *ship, None),
        CounterKind::CoastalDefense { firepower } => ("coastal_defense", None, None, Some(*firepower)),
        CounterKind::Orders { .. } => ("orders", None, None, None),
        CounterKind::AustroHungarian { ship } => ("austro_hungarian", None, Some(*ship), None),
    };
    CounterInfo { id: spec.id.clone(), name: spec.name.clone(), kind: kind.to_string(), incident, ship, firepower }
}

/// Applies one game action (not a session request) to `game`. On error the game may be partly changed:
/// the caller must discard it (the session applies to a copy).
pub fn apply(pack: &RulesPack, game: &mut Game, action: &Action) -> Result<Vec<Event>, RuleError> {
    if game.game_over.is_some() && !matches!(action, Action::NextMission { .. }) {
        return Err(RuleError::GameOver);
    }
    let mut ctx = Ctx::new(pack, game);
    match action {
        Action::NewGame { .. } | Action::View | Action::Undo | Action::Log { .. } | Action::Scan { .. } | Action::Forecast { .. } | Action::ListPieces | Action::Charts | Action::EditChart { .. } | Action::ResetChart { .. } | Action::ExportPack | Action::ExportRecord | Action::Review | Action::ImportPack { .. } => {
            return Err(not_now("session requests are handled by the session"));
        }
        Action::PlaceCollier { to } => setup::place_collier(&mut ctx, to)?,
        Action::EndPhase => flow::end_phase(&mut ctx)?,
        Action::TakeOutfitting { ship } => outfitting::take(&mut ctx, ship)?,
        Action::Resupply { space, supply } => outfitting::resupply(&mut ctx, space, *supply)?,
        Action::UseCollier { collier } => outfitting::use_collier(&mut ctx, *collier)?,
        Action::UseFriendlyShip { space } => outfitting::use_friendly_ship(&mut ctx, space)?,
        Action::Distribute { shares } => outfitting::distribute(&mut ctx, shares)?,
        Action::Repair { ship, hull, engines, primary, secondary, tertiary } => {
            crate::repair::repair(&mut ctx, ship, [*hull, *engines, *primary, *secondary, *tertiary])?
        }
        Action::LoadCargo { ship, item } => crate::cargo::load(&mut ctx, ship, item)?,
        Action::DumpCargo { ship, item } => crate::cargo::dump(&mut ctx, ship, item)?,
        Action::TransferCargo { from, to, item } => crate::cargo::transfer(&mut ctx, from, to, item)?,
        Action::AttemptIntelligence { ship } => intelligence::attempt(&mut ctx, ship)?,
        Action::ChooseIntelligence { code } => intelligence::choose(&mut ctx, code)?,
        Action::ExamineZone { zone } => intelligence::examine_zone(&mut ctx, zone)?,
        Action::Reconnoitre { ship, zone } => crate::seaplanes::reconnoitre(&mut ctx, ship, zone)?,
        Action::Move { ship, to, speed } => movement::move_ship(&mut ctx, ship, to, *speed)?,
        Action::LayMines { ship } => crate::mines::lay(&mut ctx, ship)?,
        Action::ResolveIncidents { space } => incidents::resolve_space(&mut ctx, space)?,
        Action::EvadeSubmarine { ship, spend_coal } => incidents::evade_submarine(&mut ctx, ship, *spend_coal)?,
        Action::Answer { yes } => incidents::answer(&mut ctx, *yes)?,
        Action::ChooseShip { ship } => incidents::choose_ship(&mut ctx, ship)?,
        Action::Contact { space, leader, speed_ship, maximum_speed } => {
            crate::combat::contact::contact(&mut ctx, space, leader, speed_ship, *maximum_speed)?
        }
        Action::Fight { space } => crate::combat::contact::fight(&mut ctx, space)?,
        Action::BreakOff { space, to } => crate::combat::contact::break_off(&mut ctx, space, to)?,
        Action::FireOrders { ship, target, maximum_fire } => crate::combat::salvo::fire_orders(&mut ctx, ship, target.as_deref(), *maximum_fire)?,
        Action::Torpedoes { ship, target, count } => crate::combat::salvo::launch_torpedoes(&mut ctx, ship, target.as_deref(), *count)?,
        Action::CeaseFire { space } => crate::combat::contact::cease_fire(&mut ctx, space)?,
        Action::LandMarines { ship } => crate::marines::land(&mut ctx, ship)?,
        Action::EmbarkMarines { ship } => crate::marines::embark(&mut ctx, ship)?,
        Action::RaidMerchants { space, ship } => raiding::raid(&mut ctx, space, ship)?,
        Action::Correct { correction } => corrections::apply(&mut ctx, correction)?,
        Action::CupDraw { count } => crate::cup::draw(&mut ctx, *count)?,
        Action::CupReveal { place } => crate::cup::reveal(&mut ctx, place)?,
        Action::CupReturn { counter } => crate::cup::put_back(&mut ctx, counter)?,
        Action::NextMission { base, bonus } => crate::campaign::next_mission(&mut ctx, base, *bonus)?,
    }
    flow::advance(&mut ctx);
    if let Err(broken) = ctx.game.check_invariants(pack) {
        panic!("invariant broken after {action:?}: {broken}");
    }
    Ok(ctx.events)
}

/// Every action the rules allow now, as complete action objects (protocol contract).
pub fn legal_actions(pack: &RulesPack, game: &Game) -> Vec<Action> {
    let offered = if game.game_over.is_some() {
        // 24.0: a campaign goes on to its next mission.
        crate::campaign::legal_actions(pack, game)
    } else {
        match game.phase {
            Phase::Setup => setup::legal_actions(pack, game),
            Phase::NoGame | Phase::GameOver => Vec::new(),
            Phase::CupOnly => crate::cup::legal_actions(pack, game),
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

