//! 9.0 Ports and naval bases: who controls a place from the German side (friendly, neutral, enemy) and
//! what that means for entering, visiting (9.1) and incident picks (13.2).

use crate::ground::pack::{Nation, PlaceKind, PlaceSpec, RulesPack};
use crate::ground::state::{Game, SpaceRef};

/// 9.0: the three sides a port or naval base can be on, seen from the German player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Friendly,
    Neutral,
    Enemy,
}

/// The side of a nation in the standard game: the Central Powers are friendly, Britain and France the
/// enemy, every other nation neutral (Italy and the Ottoman Empire until an alliance mission, 24.0).
pub fn side_of(nation: Nation) -> Side {
    match nation {
        Nation::Germany | Nation::AustriaHungary => Side::Friendly,
        Nation::Britain | Nation::France => Side::Enemy,
        Nation::Italy | Nation::OttomanEmpire | Nation::Spain | Nation::Greece | Nation::None => {
            Side::Neutral
        }
    }
}

/// The port or naval base at `space`, if it is one.
pub fn port_at<'p>(pack: &'p RulesPack, space: &SpaceRef) -> Option<&'p PlaceSpec> {
    let place = pack.place(space.place_id()?)?;
    matches!(place.kind, PlaceKind::Port | PlaceKind::NavalBase).then_some(place)
}

/// The side of a nation in this game: an alliance won in a campaign makes its ports friendly (Orders
/// Chart bonuses, 24.1).
pub fn side_in(game: &Game, nation: Nation) -> Side {
    if game.allies.contains(&nation) {
        Side::Friendly
    } else {
        side_of(nation)
    }
}

/// The side of the port at `space` (None at sea).
pub fn port_side(pack: &RulesPack, game: &Game, space: &SpaceRef) -> Option<Side> {
    port_at(pack, space).map(|p| side_in(game, p.nation))
}

/// An Allied patrol zone, port or naval base: where Allied Patrol raises the Alert Level and where the
/// Allies add one to their contact rating (14.3).
pub fn is_allied_ground(pack: &RulesPack, game: &Game, space: &SpaceRef) -> bool {
    space
        .place_id()
        .and_then(|id| pack.place(id))
        .is_some_and(|p| {
            let open_sea = p.kind == PlaceKind::PatrolZone && game.open_zones.contains(&p.id);
            matches!(
                p.kind,
                PlaceKind::Port | PlaceKind::NavalBase | PlaceKind::PatrolZone
            ) && !open_sea
                && side_in(game, p.nation) == Side::Enemy
        })
}

/// 9.1: a neutral port already visited may not be entered again by any German ship.
pub fn is_closed_neutral(pack: &RulesPack, game: &Game, space: &SpaceRef) -> bool {
    port_side(pack, game, space) == Some(Side::Neutral)
        && space
            .place_id()
            .is_some_and(|id| game.neutral_visited.iter().any(|v| v == id))
}

/// 13.2: how many incident markers German ships in `space` pick at the current Alert Level.
/// Returns the normal picks and the extra picks of the place's Terrain Effects Chart row (an enemy port
/// or base, or a captured enemy port). Friendly ports and bases never pick; neutral ones pick normally
/// from Alert 4 (with the house rule "every port picks", friendly ones do too: docs/AMBIGUITIES.md);
/// Constantinople never does.
pub fn incident_picks(pack: &RulesPack, game: &Game, space: &SpaceRef) -> (u8, u8) {
    let alert = game.alert_level;
    let Some(port) = port_at(pack, space) else {
        return (alert, 0);
    };
    if port.id == "constantinople" {
        // 13.2: never any pick in Constantinople, whatever the Alert Level.
        return (0, 0);
    }
    let extra = pack.charts.terrain(terrain(pack, game, space)).extra_picks;
    match side_in(game, port.nation) {
        Side::Friendly | Side::Neutral if alert <= 3 => (0, 0),
        Side::Friendly if !game.options.every_port_picks => (0, 0),
        Side::Friendly | Side::Neutral => (alert, extra),
        Side::Enemy => (alert, extra),
    }
}

/// The Terrain Effects Chart row for `space`: open sea (and patrol zones) is high seas; a port or base
/// by its side; an enemy port held by a Seebataillon is a captured enemy port (9.2).
pub fn terrain(pack: &RulesPack, game: &Game, space: &SpaceRef) -> crate::ground::pack::Terrain {
    use crate::ground::pack::Terrain;
    let Some(port) = port_at(pack, space) else {
        return Terrain::HighSeas;
    };
    if game.captured_ports.iter().any(|p| p == &port.id) {
        return Terrain::CapturedEnemyPort;
    }
    match (side_in(game, port.nation), port.kind) {
        (Side::Friendly, PlaceKind::NavalBase) => Terrain::FriendlyNavalBase,
        (Side::Friendly, _) => Terrain::FriendlyPort,
        (Side::Neutral, PlaceKind::NavalBase) => Terrain::NeutralNavalBase,
        (Side::Neutral, _) => Terrain::NeutralPort,
        (Side::Enemy, PlaceKind::NavalBase) => Terrain::EnemyNavalBase,
        (Side::Enemy, _) => Terrain::EnemyPort,
    }
}

/// 8.3, 8.6 note: friendly for cargo — a friendly, neutral or captured port or naval base.
pub fn friendly_for_cargo(pack: &RulesPack, game: &Game, space: &SpaceRef) -> bool {
    use crate::ground::pack::Terrain::*;
    matches!(
        terrain(pack, game, space),
        FriendlyNavalBase | FriendlyPort | NeutralNavalBase | NeutralPort | CapturedEnemyPort
    )
}
