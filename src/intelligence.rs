//! 11.0 Intelligence, and the Intelligence from Berlin incident.

use crate::rules::Ctx;

/// Intelligence from Berlin: the player chooses one of two Intelligence Table results.
pub fn from_berlin(ctx: &mut Ctx) {
    ctx.instruct("Intelligence from Berlin: apply result IB or JE of the Intelligence Table (your choice).", "Incident Chart");
}
