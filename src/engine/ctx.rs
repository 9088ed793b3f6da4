//! `Ctx`: the one way a game changes. It bundles the pack, the game being changed and the events
//! produced; procedures that roll dice or change a track go through it so that every die and every
//! change is an event. The rules (one floor up) take a `Ctx`; the dispatch (above them) makes one.

use crate::engine::entered_dice::{AskedRoll, EnteredDice};
use crate::ground::action::Track;
use crate::ground::counters::counter_info;
use crate::ground::event::{CounterInfo, Event};
use crate::ground::pack::RulesPack;
use crate::ground::state::{CounterId, Game, ShipStatus, SpaceRef};

pub struct Ctx<'a> {
    pub pack: &'a RulesPack,
    pub game: &'a mut Game,
    pub events: Vec<Event>,
    /// A simulation (the combat forecast) runs the same rules without recording events.
    pub quiet: bool,
    /// The faces the player entered (house rule "I roll the dice"); `None` when the app rolls.
    pub entered: Option<EnteredDice>,
}

impl<'a> Ctx<'a> {
    pub fn new(pack: &'a RulesPack, game: &'a mut Game) -> Ctx<'a> {
        Ctx {
            pack,
            game,
            events: Vec::new(),
            quiet: false,
            entered: None,
        }
    }

    /// A context for simulations: same rules, no events (the combat forecast, 14.0).
    pub fn quiet(pack: &'a RulesPack, game: &'a mut Game) -> Ctx<'a> {
        Ctx {
            pack,
            game,
            events: Vec::new(),
            quiet: true,
            entered: None,
        }
    }

    pub fn emit(&mut self, event: Event) {
        if !self.quiet {
            self.events.push(event);
        }
    }

    /// The words `make` writes for an event or a log line, or nothing in a simulation, which records none:
    /// its thousands of battles would write and drop them (the forecast, 14.0).
    pub fn words(&self, make: impl FnOnce() -> String) -> String {
        if self.quiet {
            String::new()
        } else {
            make()
        }
    }

    /// Records the event `make` builds, building it only when events are recorded: a simulation's
    /// thousands of battles would otherwise write and drop every event's strings (the forecast, 14.0).
    pub fn emit_with(&mut self, make: impl FnOnce() -> Event) {
        if !self.quiet {
            self.events.push(make());
        }
    }

    /// Rolls `n` d6; the purpose is only written when events are recorded (hot combat paths).
    pub fn roll_d6s_for(
        &mut self,
        n: usize,
        purpose: impl FnOnce() -> String,
        rule: &str,
    ) -> Vec<u8> {
        self.roll(n, 6, purpose, rule, None)
    }

    /// Rolls a fire's `n` d6 (14.5, 14.6, 14.11): the event says who fired where and which faces hit.
    pub fn roll_fire(
        &mut self,
        n: usize,
        fire: impl FnOnce() -> crate::ground::event::FireRoll,
        purpose: impl FnOnce() -> String,
        rule: &str,
    ) -> Vec<u8> {
        // Like the purpose, the fire's record is only made when events are recorded.
        let fire = (!self.quiet).then(fire);
        self.roll(n, 6, purpose, rule, fire)
    }

    pub fn roll_d6_for(&mut self, purpose: impl FnOnce() -> String, rule: &str) -> u8 {
        self.roll_d6s_for(1, purpose, rule)[0]
    }

    /// Rolls one die of `sides` faces (a random choice among equals, 14.11).
    pub fn roll_die_for(&mut self, sides: u8, purpose: impl FnOnce() -> String, rule: &str) -> u8 {
        self.roll(1, sides, purpose, rule, None)[0]
    }

    /// Rolls `n` d6 and logs them with their purpose and rule.
    pub fn roll_d6s(&mut self, n: usize, purpose: impl Into<String>, rule: &str) -> Vec<u8> {
        self.roll(n, 6, || purpose.into(), rule, None)
    }

    pub fn roll_d6(&mut self, purpose: impl Into<String>, rule: &str) -> u8 {
        self.roll_d6s(1, purpose, rule)[0]
    }

    /// Every die the rules roll comes here, and every one is logged: a die whose face the log shows is
    /// one the player may roll at the table (house rule "I roll the dice"), so with entered dice at hand
    /// it takes the player's next faces. A simulation (the forecast) always rolls the app's dice.
    fn roll(
        &mut self,
        n: usize,
        sides: u8,
        purpose: impl FnOnce() -> String,
        rule: &str,
        fire: Option<crate::ground::event::FireRoll>,
    ) -> Vec<u8> {
        let purpose = (!self.quiet).then(purpose);
        let entered = self.entered.as_mut().filter(|_| !self.quiet);
        let (faces, by_player) = match entered {
            None => (self.game.dice.dice(n, sides), false),
            Some(entered) => match entered.take(n) {
                Some(faces) => (faces, true),
                None => {
                    let asked = AskedRoll {
                        count: n,
                        sides,
                        purpose: purpose.clone().unwrap_or_default(),
                        rule: rule.to_string(),
                        fire: fire.clone(),
                    };
                    entered.ask(asked, self.events.len());
                    // The app's dice stand in: this attempt is thrown away (`EnteredDice`).
                    (self.game.dice.dice(n, sides), true)
                }
            },
        };
        if let Some(purpose) = purpose {
            self.events.push(Event::DiceRolled {
                purpose,
                faces: faces.clone(),
                rule: rule.to_string(),
                fire,
                by_player,
            });
        }
        faces
    }

    /// 5.2 / 5.4: changes the Alert Level at once, clamped to the track.
    pub fn change_alert(&mut self, delta: i32, reason: impl Into<String>, rule: &str) {
        let from = self.game.alert_level;
        let to = (from as i32 + delta).clamp(self.pack.alert.min as i32, self.pack.alert.max as i32)
            as u8;
        self.game.alert_level = to;
        self.emit_with(|| Event::AlertChanged {
            from,
            to,
            reason: reason.into(),
            rule: rule.to_string(),
        });
    }

    /// 5.1: an event of the Alert Level Chart moves the Alert Level by the chart's value (a row of 0 does
    /// nothing, and says nothing).
    pub fn alert_event(
        &mut self,
        event: crate::ground::pack::AlertEvent,
        reason: impl Into<String>,
        rule: &str,
    ) {
        let by = self.pack.charts.alert_change(event);
        if by != 0 {
            self.change_alert(by, reason, rule);
        }
    }

    /// 17.1: VP may go below zero.
    pub fn change_vp(&mut self, delta: i32, reason: impl Into<String>, rule: &str) {
        let from = self.game.vp;
        self.game.vp += delta;
        let to = self.game.vp;
        self.emit_with(|| Event::VpChanged {
            from,
            to,
            reason: reason.into(),
            rule: rule.to_string(),
        });
    }

    /// Moves one track of a German ship by `delta`, never below zero (6.3); hull 0 sinks the ship (6.3).
    /// Logs the change.
    pub fn change_track(
        &mut self,
        ship: &str,
        which: Track,
        delta: i32,
        reason: impl Into<String>,
        rule: &str,
    ) {
        let Some(s) = self.game.ship_mut(ship) else {
            return;
        };
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
            self.emit_with(|| Event::TrackChanged {
                ship: ship.to_string(),
                track: which,
                from,
                to,
                reason: reason.into(),
                rule: rule.to_string(),
            });
        }
        if which == Track::Hull && to < from && !hull_gone {
            for event in crate::engine::stowage::spill_over_hull(self.pack, self.game, ship) {
                self.emit(event);
            }
        }
        if hull_gone {
            self.sink_german_ship(ship, "hull reduced to zero", "6.3");
        }
    }

    /// 6.3: a German ship is sunk (hull 0 or an incident); it leaves the map.
    pub fn sink_german_ship(&mut self, ship: &str, reason: &str, rule: &str) {
        let Some(s) = self.game.ship_mut(ship) else {
            return;
        };
        if s.status == ShipStatus::Sunk {
            return;
        }
        s.status = ShipStatus::Sunk;
        s.tracks.hull = 0;
        let (name, at, loss) = (
            s.name.clone(),
            s.position.clone(),
            self.pack
                .charts
                .german_loss_vp(s.ship_type, s.austro_hungarian),
        );
        if s.austro_hungarian {
            if let Some(i) = self.pack.counter_index(ship) {
                self.game
                    .move_counter(CounterId(i as u16), crate::ground::state::Location::Sunk);
            }
        }
        self.emit_with(|| Event::ShipSunk {
            ship: ship.to_string(),
            reason: reason.to_string(),
            rule: rule.to_string(),
        });
        // Victory Points Chart: a ship lost costs its VP however it sank (gunfire, an incident, a sortie).
        if loss != 0 {
            self.change_vp(
                loss,
                format!("{name} lost at {}", at.describe(self.pack)),
                "Victory Points Chart",
            );
        }
    }

    pub fn instruct(&mut self, text: impl Into<String>, rule: &str) {
        self.emit_with(|| Event::TableInstruction {
            text: text.into(),
            rule: rule.to_string(),
        });
    }

    /// Says what the player keeps in mind without asking anything of the table (issue #50: "On the
    /// table" holds physical actions only).
    pub fn note(&mut self, text: impl Into<String>, rule: &str) {
        self.emit_with(|| Event::Note {
            text: text.into(),
            rule: rule.to_string(),
        });
    }

    pub fn counter_info(&self, id: CounterId) -> CounterInfo {
        counter_info(self.pack, id)
    }

    /// Announces a counter turning face up (the only way an identity first leaves the core).
    pub fn reveal(&mut self, id: CounterId, at: SpaceRef, rule: &str) {
        let counter = self.counter_info(id);
        self.emit(Event::CounterRevealed {
            counter,
            at,
            rule: rule.to_string(),
        });
    }
}
