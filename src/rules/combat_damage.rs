//! Hits on German ships (6.3, 14.7, Torpedo Hit table): each hit moves tracks of the ship display
//! toward zero, as the rules pack's hit tables say.

use crate::engine::ctx::Ctx;
use crate::ground::pack::GermanHit;

/// One roll on the Torpedo Hit table's German-ship column (14.6), applied at once.
pub fn torpedo_hit_on_german(ctx: &mut Ctx, ship: &str, reason: &str) {
    let name = ctx
        .game
        .ship(ship)
        .map(|s| s.name.clone())
        .unwrap_or_default();
    let face = ctx.roll_d6(format!("Torpedo Hit table for {name}"), "14.6");
    let hits = ctx.pack.charts.torpedo_on_german(face).to_vec();
    apply_german_hits(ctx, ship, &hits, reason, "14.6");
}

/// One roll on the Gunnery Hit table's German-ship column (14.5, 14.7).
pub fn gunnery_hit_on_german(ctx: &mut Ctx, ship: &str, reason: &str) {
    let name = ctx
        .game
        .ship(ship)
        .map(|s| s.name.clone())
        .unwrap_or_default();
    let face = ctx.roll_d6(format!("Gunnery Hit table for {name}"), "14.5");
    let hits = ctx.pack.charts.gunnery_on_german(face).to_vec();
    apply_german_hits(ctx, ship, &hits, reason, "14.7");
}

/// Moves each track the result names (6.3: never below zero; hull 0 sinks the ship).
pub fn apply_german_hits(ctx: &mut Ctx, ship: &str, hits: &[GermanHit], reason: &str, rule: &str) {
    for hit in hits {
        let Some(tracks) = ctx
            .game
            .ship(ship)
            .filter(|s| s.status == crate::ground::state::ShipStatus::Active)
            .map(|s| s.tracks)
        else {
            return;
        };
        let track = hit.track.track(&tracks);
        ctx.change_track(ship, track, -(hit.steps as i32), reason, rule);
    }
}
