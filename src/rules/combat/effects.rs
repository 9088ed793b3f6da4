//! 14.7 Inflicting hits and 14.13 their effects: one roll on the hit table per hit, all applied when the
//! firing ship's fire is complete, a Withdrawal last. Allied ships count damage results against their
//! armor; coastal defenses use the Shore Bombardment column (16.0); German ships move their tracks (6.3).

use crate::engine::ctx::Ctx;
use crate::ground::action::Track;
use crate::ground::event::Event;
use crate::ground::pack::{AlliedHit, GermanHitTrack, ShoreHit, Tracks};
use crate::ground::state::{AlliedFate, CounterId, Location, SpaceRef};
use crate::rules::combat::firing::{gear, Weapon};
use crate::rules::combat::targeting;

/// Hits scored by one ship's fire, by weapon (gunnery and torpedo hits use different tables).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hits {
    pub gunnery: u32,
    pub torpedo: u32,
}

impl Hits {
    pub fn add(&mut self, weapon: Weapon, n: u32) {
        if weapon == Weapon::Torpedo {
            self.torpedo += n;
        } else {
            self.gunnery += n;
        }
    }

    pub fn total(&self) -> u32 {
        self.gunnery + self.torpedo
    }
}

/// What became of an Allied unit after a fire.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Fights,
    Sunk,
    Withdrawn,
}

/// 14.7/14.13: the hits of one German ship's fire on an Allied unit in the battle at `space`.
/// `firer` is the German ship (Camera Crew publicity for a sinking).
pub fn hit_allied(
    ctx: &mut Ctx,
    space: &SpaceRef,
    target: CounterId,
    hits: Hits,
    firer: &str,
) -> Outcome {
    if hits.total() == 0 {
        return Outcome::Fights;
    }
    // The pack outlives `ctx`'s borrow: the name is read from it while `ctx` is changed below.
    let pack = ctx.pack;
    let name = &pack.counter_spec(target).name;
    if targeting::coastal_firepower(pack, target).is_some() {
        return hit_coastal(ctx, space, target, hits.total(), name);
    }
    let armor = targeting::values(pack, target)
        .map(|v| v.armor)
        .unwrap_or(0);
    // Roll every hit first (14.7: results are applied once the ship's whole fire is rolled).
    let results = roll_allied_hits(ctx, hits, name);
    let Some(unit) = battle_unit(ctx, space, target) else {
        return Outcome::Fights;
    };
    let mut unit = unit;
    let (mut sunk, withdrawal) = count_damage(&mut unit, &results);
    // 14.13: more damage results than the armor value sinks the ship.
    sunk |= unit.damage > armor;
    let outcome = if sunk {
        Outcome::Sunk
    } else if withdrawal {
        Outcome::Withdrawn
    } else {
        Outcome::Fights
    };
    if !ctx.quiet {
        let said: Vec<&str> = results.iter().map(|r| allied_hit_name(*r)).collect();
        ctx.note(
            format!(
                "{name}: {} — {} against armor {armor}.",
                said.join(", "),
                crate::ground::words::count(unit.damage, "damage result", "damage results")
            ),
            "14.13",
        );
    }
    unit.in_battle = outcome == Outcome::Fights;
    store_unit(ctx, space, unit);
    match outcome {
        Outcome::Fights => {}
        Outcome::Sunk => allied_sunk(ctx, space, target, firer, name),
        Outcome::Withdrawn => allied_withdraws(ctx, space, target, unit.damage > 0),
    }
    outcome
}

/// 14.5 / 14.6: one die per hit on the Gunnery Hit table, then one per torpedo hit on the Torpedo Hit
/// table.
fn roll_allied_hits(ctx: &mut Ctx, hits: Hits, name: &str) -> Vec<AlliedHit> {
    let mut results = Vec::with_capacity(hits.total() as usize);
    if hits.gunnery > 0 {
        let faces = ctx.roll_d6s_for(
            hits.gunnery as usize,
            || format!("Gunnery Hit table for {name}"),
            "14.5",
        );
        results.extend(faces.iter().map(|f| ctx.pack.charts.gunnery_on_allied(*f)));
    }
    if hits.torpedo > 0 {
        let faces = ctx.roll_d6s_for(
            hits.torpedo as usize,
            || format!("Torpedo Hit table for {name}"),
            "14.6",
        );
        results.extend(faces.iter().map(|f| ctx.pack.charts.torpedo_on_allied(*f)));
    }
    results
}

/// 14.13: the hit results counted on the unit's damage; returns whether one sank it and whether one
/// withdraws it.
fn count_damage(
    unit: &mut crate::ground::state::AlliedUnit,
    results: &[AlliedHit],
) -> (bool, bool) {
    let mut sunk = false;
    let mut withdrawal = false;
    for r in results {
        match r {
            AlliedHit::Sunk => sunk = true,
            AlliedHit::Withdrawal => withdrawal = true,
            AlliedHit::HullDamage => unit.damage += 1,
            AlliedHit::GunneryDamage => {
                unit.damage += 1;
                unit.gunnery_damage += 1;
            }
            AlliedHit::EngineDamage => {
                unit.damage += 1;
                unit.engine_damage += 1;
            }
            AlliedHit::HeavyDamage => unit.damage += 2,
        }
    }
    (sunk, withdrawal)
}

/// 14.13: a sunk Allied ship goes to the Allied Ships Sunk box; a Camera Crew aboard the firer films it
/// (Crew & Gear).
fn allied_sunk(ctx: &mut Ctx, space: &SpaceRef, target: CounterId, firer: &str, name: &str) {
    leave_battle(
        ctx,
        space,
        target,
        AlliedFate::Sunk,
        Location::Sunk,
        "to the Allied Ships Sunk box",
        "14.13",
    );
    let camera = ctx
        .game
        .ship(firer)
        .is_some_and(|s| s.cargo.iter().any(|c| c == gear::CAMERA_CREW));
    if camera {
        let firer_name = ctx
            .game
            .ship(firer)
            .map(|s| s.name.clone())
            .unwrap_or_default();
        ctx.change_vp(
            1,
            format!("Camera Crew aboard {firer_name} films {name} going down"),
            "Crew and Gear chart",
        );
    }
}

/// 14.13: a Withdrawal result takes the Allied ship out of the battle.
fn allied_withdraws(ctx: &mut Ctx, space: &SpaceRef, target: CounterId, damaged: bool) {
    // A damaged ship that withdraws still counts as damaged (docs/AMBIGUITIES.md, 14.13).
    let (fate, to, words) = if damaged {
        (
            AlliedFate::Damaged,
            Location::Damaged,
            "withdraws damaged, to the Allied Ships Damaged box",
        )
    } else {
        (
            AlliedFate::Withdrawn,
            Location::Withdrawn,
            "withdraws, aside for the scenario",
        )
    };
    leave_battle(ctx, space, target, fate, to, words, "14.13");
}

/// 16.0: each hit on a coastal defense unit rolls on the Shore Bombardment column.
fn hit_coastal(
    ctx: &mut Ctx,
    space: &SpaceRef,
    target: CounterId,
    hits: u32,
    name: &str,
) -> Outcome {
    let faces = ctx.roll_d6s_for(
        hits as usize,
        || format!("Shore Bombardment column for {name}"),
        "16.0",
    );
    if !faces
        .iter()
        .any(|f| ctx.pack.charts.shore_hit(*f) == ShoreHit::Destroyed)
    {
        return Outcome::Fights;
    }
    if let Some(mut unit) = battle_unit(ctx, space, target) {
        unit.in_battle = false;
        store_unit(ctx, space, unit);
    }
    leave_battle(
        ctx,
        space,
        target,
        AlliedFate::Sunk,
        Location::Sunk,
        "destroyed",
        "16.0",
    );
    Outcome::Sunk
}

/// An Allied unit leaves the battle at once (sunk, destroyed, withdrawn) and its fate is recorded.
fn leave_battle(
    ctx: &mut Ctx,
    space: &SpaceRef,
    id: CounterId,
    fate: AlliedFate,
    to: Location,
    words: &str,
    rule: &str,
) {
    if let Some(b) = crate::rules::combat::battle::battle_mut(ctx.game, space) {
        b.results.push((id, fate));
    }
    ctx.game.move_counter(id, to);
    if !ctx.quiet {
        let spec = ctx.pack.counter_spec(id);
        let (counter, name) = (spec.id.clone(), spec.name.clone());
        let to = format!("{words}{}", vp_words(ctx.pack, id, fate));
        ctx.emit(Event::CounterReturned {
            counter,
            name,
            to,
            rule: rule.to_string(),
        });
    }
}

/// What an Allied unit's fate means for VP (Victory Points Chart, scored when the battle ends),
/// e.g. " (+20 VP)", " (no VP)".
pub fn vp_words(pack: &crate::RulesPack, id: CounterId, fate: AlliedFate) -> String {
    let vp = match (&pack.counter_spec(id).kind, fate) {
        (_, AlliedFate::Withdrawn) => 0,
        (crate::ground::pack::CounterKind::CoastalDefense { .. }, _) => {
            pack.charts.victory_points.coastal_defense_destroyed
        }
        (crate::ground::pack::CounterKind::Incident { ship: Some(v), .. }, fate) => {
            pack.charts.vp_for(v.ship_type).map_or(0, |row| {
                if fate == AlliedFate::Sunk {
                    row.sunk
                } else {
                    row.damaged
                }
            })
        }
        _ => 0,
    };
    if vp == 0 {
        " (no VP)".to_string()
    } else {
        format!(" ({vp:+} VP)")
    }
}

fn battle_unit(
    ctx: &Ctx,
    space: &SpaceRef,
    id: CounterId,
) -> Option<crate::ground::state::AlliedUnit> {
    crate::rules::combat::battle::battle(ctx.game, space)?
        .allied
        .iter()
        .find(|u| u.counter == id)
        .copied()
}

fn store_unit(ctx: &mut Ctx, space: &SpaceRef, unit: crate::ground::state::AlliedUnit) {
    if let Some(b) = crate::rules::combat::battle::battle_mut(ctx.game, space) {
        if let Some(u) = b.allied.iter_mut().find(|u| u.counter == unit.counter) {
            *u = unit;
        }
    }
}

fn allied_hit_name(hit: AlliedHit) -> &'static str {
    match hit {
        AlliedHit::HullDamage => "hull damage",
        AlliedHit::GunneryDamage => "gunnery damage",
        AlliedHit::EngineDamage => "engine damage",
        AlliedHit::HeavyDamage => "heavy damage (two results)",
        AlliedHit::Withdrawal => "withdrawal",
        AlliedHit::Sunk => "sunk",
    }
}

/// 14.7 on a German ship: every hit rolled on the German column, applied when the Allied ship's fire is
/// complete. Torpedo Nets may stop the first torpedo hit of the battle (Crew & Gear chart, 4–6).
pub fn hit_german(ctx: &mut Ctx, space: &SpaceRef, ship: &str, hits: Hits, firer: &str) {
    if hits.total() == 0 {
        return;
    }
    if ctx.game.ship(ship).is_some_and(|s| s.austro_hungarian) {
        hit_austro_hungarian(ctx, ship, hits, firer);
        return;
    }
    // Only the rolls' words use the ship's name, and a simulation writes none.
    let ship_name = ctx.words(|| {
        ctx.game
            .ship(ship)
            .map(|s| s.name.clone())
            .unwrap_or_default()
    });
    let mut torpedo_hits = hits.torpedo;
    let nets = ctx
        .game
        .ship(ship)
        .is_some_and(|s| s.cargo.iter().any(|c| c == gear::TORPEDO_NETS));
    let nets_unused = crate::rules::combat::battle::battle(ctx.game, space)
        .is_some_and(|b| !b.nets_used.iter().any(|s| s == ship));
    if torpedo_hits > 0 && nets && nets_unused {
        if let Some(b) = crate::rules::combat::battle::battle_mut(ctx.game, space) {
            b.nets_used.push(ship.to_string());
        }
        let face = ctx.roll_d6s_for(
            1,
            || format!("Torpedo Nets on {ship_name}: 4–6 stops the torpedo"),
            "Crew and Gear chart",
        )[0];
        if face >= 4 {
            torpedo_hits -= 1;
        }
    }
    // The chart's rows are borrowed from the pack, not copied.
    let charts = &ctx.pack.charts;
    let mut results = Vec::new();
    if hits.gunnery > 0 {
        let faces = ctx.roll_d6s_for(
            hits.gunnery as usize,
            || format!("Gunnery Hit table for {ship_name}"),
            "14.5",
        );
        for f in faces {
            results.push(charts.gunnery_on_german(f));
        }
    }
    if torpedo_hits > 0 {
        let faces = ctx.roll_d6s_for(
            torpedo_hits as usize,
            || format!("Torpedo Hit table for {ship_name}"),
            "14.6",
        );
        for f in faces {
            results.push(charts.torpedo_on_german(f));
        }
    }
    let reason = ctx.words(|| format!("hit by {firer}"));
    for r in results {
        crate::rules::combat_damage::apply_german_hits(ctx, ship, r, &reason, "14.7");
    }
}

/// 20.0: an Austro-Hungarian ship is a counter: hits roll on the Allied-ship columns and count against its
/// armor (its hull track holds armor + 1 boxes); a Withdrawal or any damage takes it off the map until the
/// next scenario once the fire is over, a Sunk result or too much damage sinks it.
fn hit_austro_hungarian(ctx: &mut Ctx, ship: &str, hits: Hits, firer: &str) {
    let name = ctx
        .game
        .ship(ship)
        .map(|s| s.name.clone())
        .unwrap_or_default();
    let results = allied_column_results(ctx, &name, hits);
    let reason = ctx.words(|| format!("hit by {firer}"));
    let mut withdrawal = false;
    for r in &results {
        let Some(tracks) = ctx
            .game
            .ship(ship)
            .filter(|s| s.status == crate::ground::state::ShipStatus::Active)
            .map(|s| s.tracks)
        else {
            return;
        };
        match r {
            AlliedHit::Sunk => {
                let reason =
                    ctx.words(|| format!("a Sunk result on the hit table, fired on by {firer}"));
                ctx.sink_german_ship(ship, &reason, "14.13");
                return;
            }
            AlliedHit::Withdrawal => withdrawal = true,
            damage => {
                for (track, delta) in austro_hungarian_damage(*damage, &tracks) {
                    ctx.change_track(ship, track, delta, reason.clone(), "14.13");
                }
            }
        }
    }
    let damaged = ctx.game.ship(ship).is_some_and(|s| {
        s.status == crate::ground::state::ShipStatus::Active && s.tracks.hull < s.start.hull
    });
    if withdrawal || damaged {
        crate::rules::austro_hungarian::withdraw(
            ctx,
            ship,
            if damaged { "is damaged" } else { "withdraws" },
        );
    }
}

/// 20.0: the Allied-ship columns of the Gunnery and Torpedo Hit tables, one die per hit.
fn allied_column_results(ctx: &mut Ctx, name: &str, hits: Hits) -> Vec<AlliedHit> {
    let mut results = Vec::new();
    if hits.gunnery > 0 {
        let faces = ctx.roll_d6s_for(
            hits.gunnery as usize,
            || format!("Gunnery Hit table for {name}"),
            "14.5",
        );
        results.extend(faces.iter().map(|f| ctx.pack.charts.gunnery_on_allied(*f)));
    }
    if hits.torpedo > 0 {
        let faces = ctx.roll_d6s_for(
            hits.torpedo as usize,
            || format!("Torpedo Hit table for {name}"),
            "14.6",
        );
        results.extend(faces.iter().map(|f| ctx.pack.charts.torpedo_on_allied(*f)));
    }
    results
}

/// 14.13 on an Austro-Hungarian ship: the tracks a damage result moves (its hull track holds its armor).
fn austro_hungarian_damage(hit: AlliedHit, tracks: &Tracks) -> Vec<(Track, i32)> {
    match hit {
        AlliedHit::HullDamage => vec![(Track::Hull, -1)],
        AlliedHit::HeavyDamage => vec![(Track::Hull, -2)],
        AlliedHit::GunneryDamage => {
            vec![(Track::Hull, -1), (GermanHitTrack::Guns.track(tracks), -1)]
        }
        AlliedHit::EngineDamage => vec![(Track::Hull, -1), (Track::Engines, -1)],
        AlliedHit::Sunk | AlliedHit::Withdrawal => Vec::new(),
    }
}
