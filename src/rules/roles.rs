//! 25.0 Multi-player options: who at the table decides (or recommends) each kind of decision. The rules
//! do not change; the app only says whose call each decision is, next to it.

use crate::ground::action::Action;
use crate::ground::event::ship_name;
use crate::ground::pack::RulesPack;
use crate::ground::state::Roles;

/// 25.0 (2): the ship commanders' precedence when their decisions conflict.
pub const PRECEDENCE: [&str; 4] = ["goeben", "moltke", "breslau", "stralsund"];

/// 25.0 (3): the player who commands the Austro-Hungarian ships.
pub const AUSTRO_HUNGARIAN_COMMANDER: &str = "the Austro-Hungarian commander";

const RECOMMENDS: &str = "First Officer recommends, the Commander decides";

/// 25.0 (1) Task Force Officers: the officer whose call a decision is.
fn officer(a: &Action) -> &'static str {
    match a {
        Action::ResolveIncidents { .. } => "First Officer (picks the incident chits)",
        Action::ExamineZone { .. } => "First Officer",
        Action::AttemptIntelligence { .. }
        | Action::ChooseIntelligence { .. }
        | Action::Reconnoitre { .. }
        | Action::TakeOutfitting { .. }
        | Action::Resupply { .. }
        | Action::UseCollier { .. }
        | Action::UseFriendlyShip { .. }
        | Action::Distribute { .. }
        | Action::LoadCargo { .. }
        | Action::DumpCargo { .. }
        | Action::TransferCargo { .. } => RECOMMENDS,
        Action::Repair { .. } => "Engineer (manages repairs)",
        Action::Move { .. } => {
            "Engineer recommends the speed, everyone the course; the Commander decides"
        }
        Action::EvadeSubmarine { .. } => "Engineer recommends, the Commander decides",
        Action::Contact { .. } => "Engineer recommends the speed, the Commander decides",
        Action::FireOrders { .. } => {
            "Gunnery Officer recommends targets and rate of fire, the Commander decides"
        }
        Action::Torpedoes { .. } => "Gunnery Officer recommends, the Commander decides",
        _ => "Commander",
    }
}

/// The German ship a decision belongs to, if it belongs to one.
fn ship_of(a: &Action) -> Option<&str> {
    match a {
        Action::TransferCargo { from, .. } => Some(from),
        Action::Contact { leader, .. } => Some(leader),
        Action::TakeOutfitting { ship }
        | Action::Repair { ship, .. }
        | Action::LoadCargo { ship, .. }
        | Action::DumpCargo { ship, .. }
        | Action::AttemptIntelligence { ship }
        | Action::Reconnoitre { ship, .. }
        | Action::Move { ship, .. }
        | Action::LayMines { ship }
        | Action::EvadeSubmarine { ship, .. }
        | Action::ChooseShip { ship }
        | Action::FireOrders { ship, .. }
        | Action::Torpedoes { ship, .. }
        | Action::LandMarines { ship }
        | Action::EmbarkMarines { ship }
        | Action::RaidMerchants { ship, .. } => Some(ship),
        _ => None,
    }
}

/// Who decides `a` under `roles`, or None when one player plays alone.
pub fn who_decides(pack: &RulesPack, roles: Roles, a: &Action) -> Option<String> {
    // 25.0 (3): with Austro-Hungarian ships in play one player commands them, whatever the other roles.
    let austro_hungarian = ship_of(a)
        .and_then(|s| pack.counter(s))
        .is_some_and(|spec| {
            matches!(
                spec.kind,
                crate::ground::pack::CounterKind::AustroHungarian { .. }
            )
        });
    match roles {
        Roles::Solo => None,
        _ if austro_hungarian => Some(AUSTRO_HUNGARIAN_COMMANDER.to_string()),
        Roles::TaskForceOfficers => Some(officer(a).to_string()),
        Roles::ShipCommanders => Some(match ship_of(a) {
            Some(ship) => format!("{}'s commander", ship_name(pack, ship)),
            None => {
                let order: Vec<String> = PRECEDENCE.iter().map(|id| ship_name(pack, id)).collect();
                format!(
                    "the senior commander present ({} in that order)",
                    order.join(", ")
                )
            }
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::state::SpaceRef;

    #[test]
    fn rule_25_0_solo_names_nobody_and_officers_split_the_decisions() {
        let pack = RulesPack::standard();
        let fire = Action::FireOrders {
            ship: "goeben".into(),
            target: None,
            maximum_fire: false,
        };
        assert_eq!(who_decides(&pack, Roles::Solo, &fire), None);
        assert!(who_decides(&pack, Roles::TaskForceOfficers, &fire)
            .unwrap()
            .starts_with("Gunnery Officer"));
        let repair = Action::Repair {
            ship: "breslau".into(),
            hull: 1,
            engines: 0,
            primary: 0,
            secondary: 0,
            tertiary: 0,
        };
        assert!(who_decides(&pack, Roles::TaskForceOfficers, &repair)
            .unwrap()
            .starts_with("Engineer"));
        assert_eq!(
            who_decides(&pack, Roles::TaskForceOfficers, &Action::EndPhase).unwrap(),
            "Commander"
        );
    }

    #[test]
    fn rule_25_0_ship_commanders_decide_for_their_ship_and_precedence_settles_the_rest() {
        let pack = RulesPack::standard();
        let moved = Action::Move {
            ship: "breslau".into(),
            to: SpaceRef::Place {
                id: "messina".into(),
            },
            speed: crate::ground::action::Speed::Cruise,
        };
        assert_eq!(
            who_decides(&pack, Roles::ShipCommanders, &moved).unwrap(),
            "SMS Breslau's commander"
        );
        let fight = Action::Fight {
            space: SpaceRef::Place {
                id: "messina".into(),
            },
        };
        assert_eq!(who_decides(&pack, Roles::ShipCommanders, &fight).unwrap(), "the senior commander present (SMS Goeben, SMS Moltke, SMS Breslau, SMS Stralsund in that order)");
    }

    #[test]
    fn rule_25_0_3_one_player_commands_the_austro_hungarian_ships() {
        let pack = RulesPack::standard();
        let moved = Action::Move {
            ship: "ah_novara".into(),
            to: SpaceRef::Place { id: "pola".into() },
            speed: crate::ground::action::Speed::Cruise,
        };
        for roles in [Roles::ShipCommanders, Roles::TaskForceOfficers] {
            assert_eq!(
                who_decides(&pack, roles, &moved).unwrap(),
                "the Austro-Hungarian commander"
            );
        }
        assert_eq!(who_decides(&pack, Roles::Solo, &moved), None);
    }
}
