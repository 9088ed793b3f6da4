//! 8.4: cargo stowed in hull boxes goes with them. Part of the engine because losing hull (`Ctx::change_track`)
//! must drop it at once, whatever rule did the damage; the cargo rules (8.0) load and dump through it too.
//! Plain functions of the game (no `Ctx`): the engine's context calls them and emits what they return.

use crate::ground::event::Event;
use crate::ground::pack::RulesPack;
use crate::ground::state::{boxes_used, Game};

/// Takes the newest counter of `item` off the ship (the last loaded sits in the highest box).
pub fn remove(game: &mut Game, ship_id: &str, item: &str) {
    if let Some(s) = game.ship_mut(ship_id) {
        if let Some(at) = s.cargo.iter().rposition(|c| c == item) {
            s.cargo.remove(at);
        }
    }
}

/// The event telling that `item` came aboard or went.
pub fn cargo_event(
    pack: &RulesPack,
    ship: &str,
    item: &str,
    aboard: bool,
    how: &str,
    rule: &str,
) -> Event {
    let name = pack
        .charts
        .cargo(item)
        .map(|c| c.name.clone())
        .unwrap_or_else(|| item.to_string());
    Event::CargoChanged {
        ship: ship.to_string(),
        item: item.to_string(),
        name,
        aboard,
        how: how.to_string(),
        rule: rule.to_string(),
    }
}

/// 8.4: after hull boxes are lost, the cargo stowed in them goes, newest first; returns what went.
pub fn spill_over_hull(pack: &RulesPack, game: &mut Game, ship_id: &str) -> Vec<Event> {
    let mut events = Vec::new();
    loop {
        let Some(s) = game.ship(ship_id) else {
            return events;
        };
        if boxes_used(pack, s) <= s.tracks.hull || s.cargo.is_empty() {
            return events;
        }
        let item = s.cargo.last().expect("not empty").clone();
        remove(game, ship_id, &item);
        events.push(cargo_event(
            pack,
            ship_id,
            &item,
            false,
            "lost with its hull box, to the Available box",
            "8.4",
        ));
    }
}
