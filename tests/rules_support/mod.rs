//! Helpers shared by the rule tests: a session driven with JSON actions, scripted dice, and a way to
//! leave exactly the incident markers a test wants in the pool.
#![allow(dead_code)]

use goeben_referee::api::protocol;
use goeben_referee::api::test_hooks::SessionHooks;
use goeben_referee::ground::event::Event;
use goeben_referee::ground::pack::{CounterKind, IncidentKind};
use goeben_referee::ground::state::{CounterId, Game, Location};
use goeben_referee::{RulesPack, Session};

pub struct Table {
    pub session: Session,
}

impl Table {
    /// A new standard game with the given Orders, collier placed at open sea in the Western Med, at the
    /// start of turn 1's Outfitting phase.
    pub fn new(seed: u64, orders: &str) -> Table {
        let mut t = Table {
            session: Session::new(RulesPack::standard(), seed),
        };
        t.ok(&format!(
            r#"{{"action":"new_game","seed":{seed},"options":{{"orders":"{orders}"}}}}"#
        ));
        t.ok(r#"{"action":"place_collier","to":{"kind":"high_seas","zone":"western_med","label":"collier"}}"#);
        t
    }

    /// Sends one action line; panics with the error if it was refused.
    pub fn ok(&mut self, line: &str) -> Vec<Event> {
        let r = protocol::handle_line(&mut self.session, line);
        assert!(r.ok, "refused: {line}\n{:?}", r.error);
        r.events.unwrap_or_default()
    }

    /// Sends one action line that must be refused; returns the error code and message.
    pub fn refused(&mut self, line: &str) -> (String, String) {
        let before = goeben_referee::api::save::to_json(&self.session);
        let r = protocol::handle_line(&mut self.session, line);
        assert!(!r.ok, "accepted but should be refused: {line}");
        assert_eq!(
            before,
            goeben_referee::api::save::to_json(&self.session),
            "a refused action changed the session"
        );
        let e = r.error.expect("an error");
        (e.code.name(), e.message)
    }

    pub fn game(&self) -> &Game {
        self.session.game().expect("a game is running")
    }

    /// The ship `id` as the player's view shows it now.
    pub fn ship_view(&self, id: &str) -> goeben_referee::api::view::ShipView {
        let view = self.session.view();
        let game = view.game.expect("a game is running");
        game.ships
            .into_iter()
            .find(|s| s.id == id)
            .expect("a ship of the game")
    }

    pub fn game_mut(&mut self) -> &mut Game {
        self.session
            .game_mut_for_tests()
            .expect("a game is running")
    }

    pub fn script(&mut self, faces: &[u8]) {
        self.game_mut().dice.script(faces.iter().copied());
    }

    pub fn end_phase(&mut self) -> Vec<Event> {
        self.ok(r#"{"action":"end_phase"}"#)
    }

    /// Ends phases until the game is in `phase` (by its snake_case name).
    pub fn play_until(&mut self, phase: &str) {
        for _ in 0..20 {
            if self.phase() == phase {
                return;
            }
            self.end_phase();
        }
        panic!("never reached phase {phase}");
    }

    pub fn phase(&self) -> String {
        serde_json::to_value(self.game().phase)
            .unwrap()
            .as_str()
            .unwrap()
            .to_string()
    }

    pub fn move_ship(&mut self, ship: &str, to: &str, speed: &str) -> Vec<Event> {
        self.ok(&format!(
            r#"{{"action":"move","ship":"{ship}","to":{to},"speed":"{speed}"}}"#
        ))
    }

    /// Moves both German ships to `to` at cruise speed (from the Outfitting phase of a turn).
    pub fn sail_all(&mut self, to: &str) {
        self.play_until("movement");
        let ships: Vec<String> = self.game().ships.iter().map(|s| s.id.clone()).collect();
        for ship in ships {
            let here = serde_json::to_string(&self.game().ship(&ship).unwrap().position).unwrap();
            if here == to {
                self.move_ship(&ship, to, "stay");
            } else {
                self.move_ship(&ship, to, "cruise");
            }
        }
        self.end_phase();
    }

    /// Leaves in the pool only markers of `kinds` (one of each, in this order of ids); every other pool
    /// marker is taken out of play for the test. Returns the ids kept.
    pub fn pool_only(&mut self, kinds: &[IncidentKind]) -> Vec<CounterId> {
        let pack = RulesPack::standard();
        let mut kept = Vec::new();
        let game = self.game_mut();
        let mut wanted: Vec<IncidentKind> = kinds.to_vec();
        for (i, spec) in pack.counters.counters.iter().enumerate() {
            let id = CounterId(i as u16);
            if game.counter(id).location != Location::Pool {
                continue;
            }
            let kind = match spec.kind {
                CounterKind::Incident { incident, .. } => incident,
                _ => continue,
            };
            if let Some(pos) = wanted.iter().position(|k| *k == kind) {
                wanted.remove(pos);
                kept.push(id);
            } else {
                game.move_counter(id, Location::RemovedFromPlay);
            }
        }
        assert!(wanted.is_empty(), "the pool had no {wanted:?} left");
        kept
    }

    pub fn set_alert(&mut self, level: u8) {
        self.game_mut().alert_level = level;
    }

    pub fn location(&self, id: CounterId) -> Location {
        self.game().counter(id).location.clone()
    }
}

pub fn place(id: &str) -> String {
    format!(r#"{{"kind":"place","id":"{id}"}}"#)
}

pub fn sea(zone: &str) -> String {
    format!(r#"{{"kind":"high_seas","zone":"{zone}","label":""}}"#)
}

pub fn dice_rolled(events: &[Event]) -> Vec<Vec<u8>> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::DiceRolled { faces, .. } => Some(faces.clone()),
            _ => None,
        })
        .collect()
}

/// A session `steps` legal actions into a new game, chosen deterministically from the seed.
pub fn played(seed: u64, steps: usize) -> Session {
    let mut s = Session::new(RulesPack::standard(), seed);
    let mut r = s.respond(goeben_referee::SessionRequest::NewGame {
        seed: Some(seed),
        options: None,
    });
    for i in 0..steps {
        if r.view.decisions.is_empty() {
            break;
        }
        let n = r.view.decisions.len();
        r = s.respond(r.view.decisions[(i * 7 + seed as usize) % n].action.clone());
        assert!(r.ok, "a legal action was refused: {:?}", r.error);
    }
    s
}

/// A random game's options from its seed alone (the soak and the wording test): every optional rule,
/// the fleets, the 25.0 roles, the house rule, the campaign (one seed in 9) and cup-only (one in 23).
pub fn mixed_options(seed: u64) -> goeben_referee::ground::state::GameOptions {
    use goeben_referee::ground::state::{Fleet, GameOptions, Roles};
    let bit = |n: u32| (seed >> n) & 1 == 1;
    let fleets = [
        Fleet::Standard,
        Fleet::Moltke,
        Fleet::Stralsund,
        Fleet::MoltkeAndStralsund,
        Fleet::AllFour,
    ];
    let roles = [Roles::Solo, Roles::TaskForceOfficers, Roles::ShipCommanders];
    GameOptions {
        night_combat: bit(0),
        seaplanes: bit(1),
        variable_deployment: bit(2),
        mines: bit(3),
        austro_hungarian: bit(4),
        take_backs: bit(5),
        campaign: seed % 9 == 4,
        cup_only: seed % 23 == 7,
        fleet: fleets[(seed / 64) as usize % fleets.len()],
        roles: roles[seed as usize % roles.len()],
        ..GameOptions::default()
    }
}

/// A tiny deterministic chooser (xorshift), so every random game is reproducible from its seed.
pub struct Chooser(pub u64);

impl Chooser {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// The optional rules a property test mixes in by seed (no house rule: the test adds its own).
pub fn rules_by_seed(seed: u64) -> goeben_referee::ground::state::GameOptions {
    goeben_referee::ground::state::GameOptions {
        night_combat: seed.is_multiple_of(2),
        seaplanes: seed.is_multiple_of(3),
        mines: seed.is_multiple_of(5),
        austro_hungarian: seed.is_multiple_of(7),
        variable_deployment: seed % 4 == 1,
        campaign: seed % 11 == 3,
        ..Default::default()
    }
}
