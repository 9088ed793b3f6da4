//! The engagement forecast (what no cardboard game gives): before the player commits to a battle, a
//! Monte Carlo estimate of how it ends, from copies of the real game run through the real combat code
//! (`contact`, `salvo`, `effects`, `tally`) with fresh dice and a fixed, stated policy for the player's
//! choices. Nothing is drawn from the pool and no face-down counter is read: the simulation only sees
//! the units already face up in the battle.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::engine::ctx::Ctx;
use crate::ground::dice::Dice;
use crate::ground::pack::RulesPack;
use crate::ground::state::{BattleStage, CounterId, Game, Location, Pending, ShipStatus, SpaceRef};
use crate::ground::words::{percent, signed_tenths, tenths, thousands};
use crate::rules::combat::{contact, salvo, targeting};
use crate::rules::movement;

/// What the forecast assumes the player does (shown with the numbers).
pub const POLICY: &str = "fight every round; each German ship fires normally at the largest Allied unit and launches all its torpedoes at it; contact uses the best leadership and the fastest cruise speed";

/// Simulations behind a forecast the player asks for (the benchmark measures 10,000).
pub const SIMULATIONS: u32 = 2000;

/// Rounds after which a simulated battle is cut short (it counts as undecided).
const MAX_ROUNDS: u8 = 30;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct Forecast {
    pub simulations: u32,
    pub policy: String,
    /// The forecast in one sentence, as the player reads it: "2,000 simulated battles: expected VP +4.2,
    /// Critical Naval Win 12%, Critical Naval Loss <1%, about 2.3 rounds."
    pub summary: String,
    /// What the numbers assume the player does: "Assumes you fight every round; …".
    pub assumes: String,
    pub german: Vec<GermanOutlook>,
    pub allied: Vec<AlliedOutlook>,
    /// Mean VP change over the engagement.
    pub expected_vp: f64,
    /// Chance of a net +15 VP (Critical Naval Win) and of −15 (Critical Naval Loss), 14.14.
    pub critical_win: f64,
    pub critical_loss: f64,
    pub mean_rounds: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct GermanOutlook {
    pub ship: String,
    pub name: String,
    /// Chance the ship is sunk.
    pub sunk: f64,
    /// Chance it loses at least one hull box (sunk included).
    pub hull_hit: f64,
    /// Mean ammunition points spent.
    pub ammunition_spent: f64,
    /// The ship's line: "SMS Goeben: sunk <1% · hull hit 34% · ammunition 1.8".
    pub words: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct AlliedOutlook {
    pub counter: String,
    pub name: String,
    pub sunk: f64,
    /// Chance it leaves damaged or withdrawn (not sunk).
    pub damaged_or_withdrawn: f64,
    /// The unit's line: "HMS Gloucester: sunk 41% · damaged or withdrawn 30%".
    pub words: String,
}

/// Whether a battle at `space` is at a point where the forecast applies: waiting for contact, for the
/// break-off choice, or for fire orders.
pub fn applies(pack: &RulesPack, game: &Game, space: &SpaceRef) -> bool {
    if fresh(pack, game, space) {
        return true;
    }
    let Some(b) = salvo::battle(game, space) else {
        return false;
    };
    if b.stage == BattleStage::Over {
        return false;
    }
    match game.pending.first() {
        None => b.stage == BattleStage::Contact,
        Some(Pending::BreakOff { space: s } | Pending::FireOrders { space: s, .. }) => s == space,
        Some(_) => false,
    }
}

/// A naval battle that may open here with the first contact procedure. Not a bombardment before its
/// first contact: the port's coastal defenses are still face down, and odds computed from them would
/// reveal their firepower (DESIGN.md principle 2).
fn fresh(pack: &RulesPack, game: &Game, space: &SpaceRef) -> bool {
    game.phase == crate::ground::state::Phase::NavalCombat
        && game.pending.is_empty()
        && salvo::battle(game, space).is_none_or(|b| b.stage == BattleStage::Over)
        && contact::open_battles(pack, game).contains(space)
}

/// Runs `simulations` copies of the battle at `space` to its end. `seed` makes it reproducible.
pub fn forecast(
    pack: &RulesPack,
    game: &Game,
    space: &SpaceRef,
    simulations: u32,
    seed: u64,
) -> Option<Forecast> {
    if !applies(pack, game, space) || simulations == 0 {
        return None;
    }
    let (germans, allied) = sides(pack, game, space)?;
    let mut tally = Tally::new(germans.len(), allied.len());
    // One scratch game, copied back over before each run: `clone_from` keeps what the last run left alone
    // (nearly every counter), where a fresh clone allocated every counter's place anew (half the time).
    let mut copy = game.clone();
    for i in 0..simulations {
        copy.clone_from(game);
        copy.dice = Dice::from_seed(seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let rounds = simulate(pack, &mut copy, space) as u64;
        tally.record(pack, game, &copy, &germans, &allied, rounds)?;
    }
    Some(tally.forecast(pack, game, &germans, &allied, simulations))
}

/// The German ships and Allied units the forecast follows: those that would fight a battle not yet
/// opened (14.1; in a bombardment the port's coastal defenses, 16.0), else the battle's own.
fn sides(pack: &RulesPack, game: &Game, space: &SpaceRef) -> Option<(Vec<String>, Vec<CounterId>)> {
    if fresh(pack, game, space) {
        let germans = game
            .active_ships()
            .filter(|s| &s.position == space)
            .map(|s| s.id.clone())
            .collect();
        let allied = match (game.phase, space.place_id()) {
            (crate::ground::state::Phase::ShoreBombardment, Some(port)) => game
                .counters_at(&Location::Port {
                    port: port.to_string(),
                })
                .collect(),
            _ => contact::allied_in(pack, game, space),
        };
        Some((germans, allied))
    } else {
        let b = salvo::battle(game, space)?;
        Some((
            salvo::german_ships(game, b),
            salvo::allied_fighting(b).collect(),
        ))
    }
}

/// What the simulated battles came to, summed over the runs: per German ship and Allied unit, and the
/// VP change against a Critical Naval Win or Loss (14.14).
struct Tally {
    g_sunk: Vec<u32>,
    g_hit: Vec<u32>,
    g_ammo: Vec<u64>,
    a_sunk: Vec<u32>,
    a_out: Vec<u32>,
    vp_total: i64,
    wins: u32,
    losses: u32,
    rounds: u64,
}

impl Tally {
    fn new(germans: usize, allied: usize) -> Tally {
        Tally {
            g_sunk: vec![0u32; germans],
            g_hit: vec![0u32; germans],
            g_ammo: vec![0u64; germans],
            a_sunk: vec![0u32; allied],
            a_out: vec![0u32; allied],
            vp_total: 0,
            wins: 0,
            losses: 0,
            rounds: 0,
        }
    }

    /// Adds one run: `copy` is the game after the battle fought from `game`.
    fn record(
        &mut self,
        pack: &RulesPack,
        game: &Game,
        copy: &Game,
        germans: &[String],
        allied: &[CounterId],
        rounds: u64,
    ) -> Option<()> {
        self.rounds += rounds;
        let delta = copy.vp - game.vp;
        self.vp_total += delta as i64;
        // 14.14 judges naval engagements only; a shore bombardment never makes a Critical Naval Win or Loss.
        let engagement = game.phase != crate::ground::state::Phase::ShoreBombardment;
        let critical = pack.charts.victory_points.critical_engagement;
        self.wins += (engagement && delta >= critical) as u32;
        self.losses += (engagement && delta <= -critical) as u32;
        for (k, id) in germans.iter().enumerate() {
            let (before, after) = (game.ship(id)?, copy.ship(id)?);
            self.g_sunk[k] += (after.status == ShipStatus::Sunk) as u32;
            self.g_hit[k] += (after.tracks.hull < before.tracks.hull) as u32;
            self.g_ammo[k] += before
                .tracks
                .ammunition
                .saturating_sub(after.tracks.ammunition) as u64;
        }
        for (k, id) in allied.iter().enumerate() {
            match copy.counter(*id).location {
                Location::Sunk => self.a_sunk[k] += 1,
                Location::Damaged | Location::Withdrawn => self.a_out[k] += 1,
                _ => {}
            }
        }
        Some(())
    }

    /// The sums as shares of the `simulations` runs, with the words the card shows (`worded`).
    fn forecast(
        &self,
        pack: &RulesPack,
        game: &Game,
        germans: &[String],
        allied: &[CounterId],
        simulations: u32,
    ) -> Forecast {
        let n = simulations as f64;
        worded(
            game.phase == crate::ground::state::Phase::ShoreBombardment,
            Forecast {
                simulations,
                policy: POLICY.to_string(),
                summary: String::new(),
                assumes: String::new(),
                german: germans
                    .iter()
                    .enumerate()
                    .map(|(k, id)| GermanOutlook {
                        ship: id.clone(),
                        name: game.ship(id).map(|s| s.name.clone()).unwrap_or_default(),
                        sunk: self.g_sunk[k] as f64 / n,
                        hull_hit: self.g_hit[k] as f64 / n,
                        ammunition_spent: self.g_ammo[k] as f64 / n,
                        words: String::new(),
                    })
                    .collect(),
                allied: allied
                    .iter()
                    .enumerate()
                    .map(|(k, id)| {
                        let spec = pack.counter_spec(*id);
                        AlliedOutlook {
                            counter: spec.id.clone(),
                            name: spec.name.clone(),
                            sunk: self.a_sunk[k] as f64 / n,
                            damaged_or_withdrawn: self.a_out[k] as f64 / n,
                            words: String::new(),
                        }
                    })
                    .collect(),
                expected_vp: self.vp_total as f64 / n,
                critical_win: self.wins as f64 / n,
                critical_loss: self.losses as f64 / n,
                mean_rounds: self.rounds as f64 / n,
            },
        )
    }
}

/// The forecast's figures in the words the battle card shows (every word about a rule is the core's).
fn worded(bombardment: bool, mut f: Forecast) -> Forecast {
    // 14.14: a net +15 VP in one battle is a Critical Naval Win, −15 a Critical Naval Loss; a bombardment
    // is no naval engagement, so it names neither.
    f.summary = if bombardment {
        format!(
            "{} simulated bombardments: expected VP {}, about {} rounds.",
            thousands(f.simulations),
            signed_tenths(f.expected_vp),
            tenths(f.mean_rounds)
        )
    } else {
        format!(
            "{} simulated battles: expected VP {}, Critical Naval Win {}, Critical Naval Loss {}, about {} rounds.",
            thousands(f.simulations),
            signed_tenths(f.expected_vp),
            percent(f.critical_win),
            percent(f.critical_loss),
            tenths(f.mean_rounds)
        )
    };
    f.assumes = format!("Assumes you {}.", f.policy);
    for g in &mut f.german {
        g.words = format!(
            "{}: sunk {} · hull hit {} · ammunition {}",
            g.name,
            percent(g.sunk),
            percent(g.hull_hit),
            tenths(g.ammunition_spent)
        );
    }
    for a in &mut f.allied {
        a.words = format!(
            "{}: sunk {} · damaged or withdrawn {}",
            a.name,
            percent(a.sunk),
            percent(a.damaged_or_withdrawn)
        );
    }
    f
}

/// Plays the battle at `space` in `game` to its end with the forecast's policy; returns the rounds fought.
/// Public for the benchmark (one full engagement).
pub fn simulate(pack: &RulesPack, game: &mut Game, space: &SpaceRef) -> u8 {
    simulate_in(&mut Ctx::quiet(pack, game), space)
}

/// The policy's battle in a given context: the forecast's is quiet (no event is written, 14.0); one that
/// records events fights the very same battle, which a test holds it to.
pub fn simulate_in(ctx: &mut Ctx, space: &SpaceRef) -> u8 {
    let pack = ctx.pack;
    let opening = fresh(pack, ctx.game, space);
    if opening {
        let ships: Vec<String> = ctx
            .game
            .active_ships()
            .filter(|s| &s.position == space)
            .map(|s| s.id.clone())
            .collect();
        let (leader, speed_ship) = best_contact(pack, ctx.game, &ships);
        if contact::contact(ctx, space, &leader, &speed_ship, false).is_err() {
            return 0;
        }
    }
    // Each pass answers one decision; a battle of MAX_ROUNDS rounds needs far fewer than this.
    for _ in 0..(MAX_ROUNDS as usize * 16) {
        let Some(b) = salvo::battle(ctx.game, space) else {
            break;
        };
        if b.stage == BattleStage::Over || b.round > MAX_ROUNDS {
            break;
        }
        // The decision asked now, by reference: only the ship it names is copied out (the forecast asks
        // this at every step of thousands of battles).
        let step = match ctx.game.pending.first() {
            Some(Pending::BreakOff { space: s }) if s == space => contact::fight(ctx, space),
            Some(Pending::FireOrders { ship, .. }) => {
                let ship = ship.clone();
                let target = largest(pack, ctx.game, space);
                salvo::fire_orders(ctx, &ship, target, false)
            }
            Some(Pending::Torpedoes { ship, .. }) => {
                let ship = ship.clone();
                let b = salvo::battle(ctx.game, space).expect("running");
                let target = salvo::aimable(pack, b)
                    .next()
                    .map(|c| pack.counter_spec(c).id.as_str());
                let count = if target.is_some() {
                    ctx.game
                        .ship(&ship)
                        .map(|s| s.tracks.torpedoes)
                        .unwrap_or(0)
                } else {
                    0
                };
                salvo::launch_torpedoes(ctx, &ship, target, count)
            }
            Some(_) => break,
            None => {
                let (leader, speed_ship) = contact_choice(pack, ctx.game, space);
                contact::contact(ctx, space, &leader, &speed_ship, false)
            }
        };
        if step.is_err() {
            break;
        }
    }
    salvo::battle(ctx.game, space)
        .map(|b| b.round.min(MAX_ROUNDS))
        .unwrap_or(0)
}

/// The policy's target: the first Allied unit in firing order (the largest, British first).
fn largest<'p>(pack: &'p RulesPack, game: &Game, space: &SpaceRef) -> Option<&'p str> {
    let b = salvo::battle(game, space)?;
    targeting::first_in_firing_order(pack, &b.allied).map(|c| pack.counter_spec(c).id.as_str())
}

/// The policy's contact choice: the best leadership and the fastest cruise speed among the engaged ships.
fn contact_choice(pack: &RulesPack, game: &Game, space: &SpaceRef) -> (String, String) {
    let b = salvo::battle(game, space).expect("a battle");
    best_contact(pack, game, &salvo::german_ships(game, b))
}

fn best_contact(pack: &RulesPack, game: &Game, ships: &[String]) -> (String, String) {
    let leader = ships
        .iter()
        .max_by_key(|s| game.ship(s).map(|x| x.tracks.leadership))
        .cloned()
        .unwrap_or_default();
    let fastest = ships
        .iter()
        .max_by_key(|s| {
            game.ship(s)
                .map(|x| movement::ship_speeds(pack, &game.options, x).cruise)
        })
        .cloned()
        .unwrap_or_default();
    (leader, fastest)
}
