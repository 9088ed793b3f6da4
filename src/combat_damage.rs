//! Hits on German ships (6.3, 14.7, Torpedo Hit table): each hit moves one track of the ship display.

use crate::action::Track;
use crate::rules::Ctx;

/// One roll on the Torpedo Hit table's German-ship column; the result moves a track one step.
pub fn torpedo_hit_on_german(ctx: &mut Ctx, ship: &str, reason: &str) {
    let name = ctx.game.ship(ship).map(|s| s.name.clone()).unwrap_or_default();
    let face = ctx.roll_d6(format!("Torpedo Hit table for {name}"), "14.6");
    let (track, steps) = torpedo_result(face);
    ctx.change_track(ship, track, -(steps as i32), reason, "14.6");
}

/// Torpedo Hit table, German column (reconstructed; replaced by the rules pack chart).
fn torpedo_result(face: u8) -> (Track, u8) {
    match face {
        1 => (Track::Engines, 1),
        2 => (Track::Secondary, 1),
        3 | 4 => (Track::Hull, 1),
        5 => (Track::Hull, 2),
        _ => (Track::Engines, 2),
    }
}
