//! Random requests for the no-leak tests of the table tools and of the table host (only with the
//! `test-support` feature, which their tests turn on through a dev-dependency): one generator, so both
//! tests play the same kinds of requests and a new tool's requests are added in one place.
//!
//! Each request comes from a few bytes the property tests choose (`kind`, who acts, `pick`); names and
//! numbers include ones that do not exist or belong to the other player, to exercise the refusals.

use crate::events::EventTable;
use crate::fleets::{D10Procedure, FleetSide};
use crate::pins::Pin;
use crate::player::Player;
use crate::sdr::SdrPurpose;
use crate::search::{PortStatus, Position, SearchLevel};
use crate::{ToolAction, ToolRequest, ToolSession};

/// Each player's ship names: disjoint, and never part of any other text the tools write.
pub fn ships_of(player: Player) -> [&'static str; 5] {
    match player {
        Player::A => ["Scharnhorst", "Gneisenau", "Leipzig", "Dresden", "Emden"],
        Player::B => ["Minotaur", "Hampshire", "Yarmouth", "Ibuki", "Montcalm"],
    }
}

/// Each player's seed 001 unit names, disjoint from each other and from every other text.
pub fn units_of(player: Player) -> [&'static str; 3] {
    match player {
        Player::A => ["Goeben", "Breslau", "Collier Istria"],
        Player::B => ["Indomitable", "Indefatigable", "Gloucester"],
    }
}

/// A purpose for a random draw, or a free draw.
pub fn sdr_purpose(pick: u8) -> Option<SdrPurpose> {
    use crate::sdr_charts::{VictorySide, WhatIfFleet};
    let side = if pick.is_multiple_of(2) {
        VictorySide::German
    } else {
        VictorySide::British
    };
    match pick % 6 {
        0 => None,
        1 => Some(SdrPurpose::VictoryConditions { side }),
        2 => Some(SdrPurpose::WhatIf {
            fleet: [
                WhatIfFleet::British,
                WhatIfFleet::German,
                WhatIfFleet::French,
                WhatIfFleet::Austrian,
                WhatIfFleet::Italian,
            ][(pick / 6) as usize % 5],
        }),
        3 => Some(SdrPurpose::ItalyGoesToWar { side }),
        4 => Some(SdrPurpose::ItalianNeutrality),
        _ => None,
    }
}

pub fn search_action(kind: u8, player: Player, pick: u8) -> ToolAction {
    let unit = units_of(player)[pick as usize % 3].to_string();
    let squares = ["51", "52", "53", "54"];
    let square = squares[(pick / 3) as usize % 4];
    let at = Position {
        sea: ["Ionian", "Adriatic"][pick as usize % 2].into(),
        area: ["Ionian A", "Adriatic B"][(pick / 2) as usize % 2].into(),
        square: square.into(),
        islands: pick.is_multiple_of(5),
        port: [None, Some(PortStatus::InPort), Some(PortStatus::Cruising)][(pick / 7) as usize % 3],
        coast_side: (pick.is_multiple_of(11)).then(|| "Adriatic".to_string()),
    };
    let level =
        [SearchLevel::Sea, SearchLevel::Area, SearchLevel::Square][(pick / 12) as usize % 3];
    let name = match level {
        SearchLevel::Sea => at.sea.clone(),
        SearchLevel::Area => at.area.clone(),
        SearchLevel::Square => square.into(),
    };
    match kind {
        16 | 17 => ToolAction::Searches(crate::search_requests::SearchesAction::PlaceUnit {
            player,
            unit,
            at,
        }),
        18 => ToolAction::Searches(crate::search_requests::SearchesAction::MoveUnit {
            player,
            unit,
            at,
        }),
        // The turn's steps, the sides fixed once, the island squares named before the game.
        19 if pick.is_multiple_of(5) => {
            ToolAction::Searches(crate::search_requests::SearchesAction::IslandSquares {
                squares: vec![square.into()],
            })
        }
        19 if pick.is_multiple_of(2) => {
            ToolAction::Searches(crate::search_requests::SearchesAction::EndStep { player })
        }
        19 => ToolAction::Searches(crate::search_requests::SearchesAction::StartTurn {
            british: pick.is_multiple_of(3).then_some(if pick.is_multiple_of(7) {
                Player::A
            } else {
                Player::B
            }),
        }),
        20 => ToolAction::Searches(crate::search_requests::SearchesAction::ReportSpotting {
            player,
            square: square.into(),
            units: vec![unit],
            ended_there: Some(pick.is_multiple_of(4)),
        }),
        21 | 22 => ToolAction::Searches(crate::search_requests::SearchesAction::Search {
            player,
            level,
            name,
        }),
        23 => ToolAction::Searches(crate::search_requests::SearchesAction::AnswerSearch {
            player,
            admit: pick.is_multiple_of(2),
        }),
        _ if pick.is_multiple_of(2) => {
            ToolAction::Searches(crate::search_requests::SearchesAction::EndStep { player })
        }
        _ => ToolAction::Searches(crate::search_requests::SearchesAction::RemoveUnit {
            player,
            unit,
        }),
    }
}

pub fn fleet_action(kind: u8, player: Player, pick: u8) -> ToolAction {
    let ship = ships_of(player)[pick as usize % 5].to_string();
    // Box numbers 0..=13 include ones no chart has.
    let fleet_box = pick % 14;
    let procedures = [
        D10Procedure::Bombardment,
        D10Procedure::CoalingRaid,
        D10Procedure::LocateAtSea,
        D10Procedure::Occupation,
    ];
    match kind {
        8 => ToolAction::Fleet(crate::fleet_requests::FleetAction::OpenFleetChart {
            player,
            side: if pick.is_multiple_of(2) {
                FleetSide::German
            } else {
                FleetSide::Allied
            },
        }),
        9 | 10 => ToolAction::Fleet(crate::fleet_requests::FleetAction::AssignShip {
            player,
            ship,
            fleet_box: fleet_box % 5 + 1,
        }),
        11 => ToolAction::Fleet(crate::fleet_requests::FleetAction::TransferShip {
            player,
            ship,
            from: fleet_box % 5 + 1,
            to: (pick / 14) % 5 + 1,
        }),
        12 => ToolAction::Fleet(crate::fleet_requests::FleetAction::RevealFleetBox {
            player,
            fleet_box: fleet_box % 6,
        }),
        13 => ToolAction::Fleet(crate::fleet_requests::FleetAction::RollD10 {
            player,
            procedure: procedures[pick as usize % 4],
            fleet_box: (!pick.is_multiple_of(3)).then_some(fleet_box % 6),
        }),
        14 => ToolAction::Fleet(crate::fleet_requests::FleetAction::SetFleetMarker {
            player,
            fleet_box,
            on_map: pick.is_multiple_of(2),
        }),
        _ => ToolAction::Fleet(crate::fleet_requests::FleetAction::RemoveShip {
            player,
            ship,
            fleet_box: fleet_box % 5 + 1,
        }),
    }
}

pub fn action_for(session: &ToolSession, kind: u8, player: Player, pick: u8) -> ToolAction {
    let chits = session.chits();
    // Chit numbers include ones that do not exist or belong to the other player, to exercise refusals.
    let chit = pick as u32 % (chits.len() as u32 + 2);
    match kind % 25 {
        8..=15 => return fleet_action(kind % 25, player, pick),
        16..=24 => return search_action(kind % 25, player, pick),
        _ => {}
    }
    match kind % 8 {
        0 | 1 => ToolAction::Sdr(crate::sdr_requests::SdrAction::DrawSdr {
            player,
            purpose: sdr_purpose(pick),
            label: format!("draw {pick}"),
        }),
        2 | 3 => ToolAction::Sdr(crate::sdr_requests::SdrAction::RevealSdr { player, chit }),
        4 => ToolAction::Sdr(crate::sdr_requests::SdrAction::ReturnSdr { player, chit }),
        5 => ToolAction::Event(crate::events::EventAction::RollEvent {
            player,
            table: if pick.is_multiple_of(2) {
                EventTable::Tactical
            } else {
                EventTable::Strategic
            },
        }),
        6 => {
            // Try the other player's commitment with a guessed value and a made-up salt.
            let commitment = chits
                .get(chit as usize)
                .map(|c| c.commitment.clone())
                .unwrap_or_default();
            ToolAction::Sdr(crate::sdr_requests::SdrAction::VerifySdr {
                commitment,
                value: pick % 6 + 1,
                salt: "00".repeat(16),
            })
        }
        _ if pick.is_multiple_of(2) => ToolAction::Peek(crate::peek::PeekAction::TableView),
        // With PINs set, a peek without the PIN, or with the other player's, is refused.
        _ if pick.is_multiple_of(3) => {
            ToolAction::Peek(crate::peek::PeekAction::View { player, pin: None })
        }
        _ if pick % 3 == 1 => ToolAction::Peek(crate::peek::PeekAction::View {
            player,
            pin: pin_of(player.opponent()),
        }),
        _ => ToolAction::Peek(crate::peek::PeekAction::View {
            player,
            pin: pin_of(player),
        }),
    }
}

pub fn pin_of(player: Player) -> Option<crate::pins::Pin> {
    Some(crate::pins::Pin::new(PINS[player as usize]))
}

/// The PINs of the sessions that set them: long enough never to appear by chance inside a salt or hash.
pub const PINS: [&str; 2] = ["86420975", "13579024"];

/// The request a test sends for `action`: in a session where both players set [`PINS`], a request acting
/// as a player mostly carries that player's PIN (so it is played, not refused), and now and then none or
/// the other player's (refused, changing nothing but the count of wrong tries). A `view` and `set_pin`
/// carry their own `pin` and are left as they are.
pub fn request_for(action: ToolAction, with_pins: bool, pick: u8) -> ToolRequest {
    let acting = match action {
        ToolAction::Peek(crate::peek::PeekAction::View { .. })
        | ToolAction::Peek(crate::peek::PeekAction::SetPin { .. }) => None,
        ref action => action.acting_player(),
    };
    match (acting, with_pins) {
        (Some(player), true) => match pick % 16 {
            0 => ToolRequest::from(action),
            1 => ToolRequest::with_pin(action, Pin::new(PINS[player.opponent() as usize])),
            _ => ToolRequest::with_pin(action, Pin::new(PINS[player as usize])),
        },
        _ => ToolRequest::from(action),
    }
}
