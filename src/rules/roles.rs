//! 25.0 Multi-player options: who at the table decides (or recommends) each kind of decision. The rules
//! do not change; the app only says whose call each decision is, next to it.

use crate::ground::action::Action;
use crate::ground::event::ship_name;
use crate::ground::pack::{RulesPack, SeaZone};
use crate::ground::state::{Pending, Roles, SpaceRef};

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

/// 25.0 (3): what of the table decides the Austro-Hungarian commander's precedence in the Adriatic —
/// where his ships are and the question asked now. Public (every ship of the player's side is on the
/// view), so the words of who decides come from the view alone (`api::labels::presence`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Presence {
    /// The spaces of the Austro-Hungarian ships under German control (active: neither sunk nor
    /// withdrawn), anywhere on the map.
    pub austro_hungarian_at: Vec<SpaceRef>,
    /// The pending question, if one is asked (an `answer` concerns its space).
    pub question: Option<Pending>,
}

impl Presence {
    /// 25.0 (3): whether `space` is in the Adriatic and holds an Austro-Hungarian ship under German
    /// control, so that actions there are conducted with his ships in the Adriatic.
    pub fn austro_hungarian_precedence(&self, pack: &RulesPack, space: &SpaceRef) -> bool {
        space.sea_zone(pack) == SeaZone::Adriatic && self.austro_hungarian_at.contains(space)
    }
}

/// 25.0 (3): the space a decision of the whole space concerns — the actions the ships there conduct
/// together, Austro-Hungarian ones included (docs/AMBIGUITIES.md, 25.0 (3)). A contact or a raid names a
/// ship only for its leadership (14.3, 15.0): it is still the space's action. Supply, outfitting and
/// intelligence decisions are none (20.0: those ships take none of them), nor is ending a phase.
fn space_of<'a>(a: &'a Action, presence: &'a Presence) -> Option<&'a SpaceRef> {
    match a {
        // 14.3 contact, 14.4 fight or break off, 16.0 the bombardment, 13.0 the incidents of the ships
        // there, 15.0 the raid.
        Action::Contact { space, .. }
        | Action::Fight { space }
        | Action::BreakOff { space, .. }
        | Action::CeaseFire { space }
        | Action::ResolveIncidents { space }
        | Action::RaidMerchants { space, .. } => Some(space),
        // 20.0: which nationality fires first in a battle there (the one question of a space an answer
        // settles).
        Action::Answer { .. } => match &presence.question {
            Some(Pending::NationalityFirst { space }) => Some(space),
            _ => None,
        },
        _ => None,
    }
}

/// Who decides `a` under `roles`, or None when one player plays alone; `presence` says where the
/// Austro-Hungarian ships are (25.0 (3); `Presence::default()` when none is under German control).
pub fn who_decides(
    pack: &RulesPack,
    roles: Roles,
    a: &Action,
    presence: &Presence,
) -> Option<String> {
    // 25.0 (3): with Austro-Hungarian ships in play one player commands them, whatever the other roles.
    let austro_hungarian = ship_of(a)
        .and_then(|s| pack.counter(s))
        .is_some_and(|spec| {
            matches!(
                spec.kind,
                crate::ground::pack::CounterKind::AustroHungarian { .. }
            )
        });
    // 25.0 (3): he has precedence for the actions conducted with his ships in the Adriatic; elsewhere
    // the order of precedence of the German roles stands.
    let adriatic =
        space_of(a, presence).is_some_and(|s| presence.austro_hungarian_precedence(pack, s));
    match roles {
        Roles::Solo => None,
        _ if austro_hungarian || adriatic => Some(AUSTRO_HUNGARIAN_COMMANDER.to_string()),
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
        let none = Presence::default();
        let fire = Action::FireOrders {
            ship: "goeben".into(),
            target: None,
            maximum_fire: false,
        };
        assert_eq!(who_decides(&pack, Roles::Solo, &fire, &none), None);
        assert!(who_decides(&pack, Roles::TaskForceOfficers, &fire, &none)
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
        assert!(who_decides(&pack, Roles::TaskForceOfficers, &repair, &none)
            .unwrap()
            .starts_with("Engineer"));
        assert_eq!(
            who_decides(&pack, Roles::TaskForceOfficers, &Action::EndPhase, &none).unwrap(),
            "Commander"
        );
    }

    #[test]
    fn rule_25_0_ship_commanders_decide_for_their_ship_and_precedence_settles_the_rest() {
        let pack = RulesPack::standard();
        let none = Presence::default();
        let moved = Action::Move {
            ship: "breslau".into(),
            to: SpaceRef::Place {
                id: "messina".into(),
            },
            speed: crate::ground::action::Speed::Cruise,
        };
        assert_eq!(
            who_decides(&pack, Roles::ShipCommanders, &moved, &none).unwrap(),
            "SMS Breslau's commander"
        );
        let fight = Action::Fight {
            space: SpaceRef::Place {
                id: "messina".into(),
            },
        };
        assert_eq!(who_decides(&pack, Roles::ShipCommanders, &fight, &none).unwrap(), "the senior commander present (SMS Goeben, SMS Moltke, SMS Breslau, SMS Stralsund in that order)");
    }

    #[test]
    fn rule_25_0_3_one_player_commands_the_austro_hungarian_ships() {
        let pack = RulesPack::standard();
        let none = Presence::default();
        let moved = Action::Move {
            ship: "ah_novara".into(),
            to: SpaceRef::Place { id: "pola".into() },
            speed: crate::ground::action::Speed::Cruise,
        };
        for roles in [Roles::ShipCommanders, Roles::TaskForceOfficers] {
            assert_eq!(
                who_decides(&pack, roles, &moved, &none).unwrap(),
                "the Austro-Hungarian commander"
            );
        }
        assert_eq!(who_decides(&pack, Roles::Solo, &moved, &none), None);
    }

    /// 25.0 (3): a battle in the Adriatic where his ships are is the Austro-Hungarian commander's to
    /// fight, break off or open, under either set of roles; the same battle without his ships there, or
    /// his ships in a battle outside the Adriatic, keeps the German order of precedence.
    #[test]
    fn rule_25_0_3_decisions_of_a_space_in_the_adriatic_with_his_ships_are_the_austro_hungarian_commanders(
    ) {
        let pack = RulesPack::standard();
        let pola = SpaceRef::place("pola");
        let piraeus = SpaceRef::place("piraeus");
        let at = |spaces: &[&SpaceRef]| Presence {
            austro_hungarian_at: spaces.iter().map(|s| (*s).clone()).collect(),
            question: None,
        };
        let decisions = |space: &SpaceRef| {
            vec![
                Action::Fight {
                    space: space.clone(),
                },
                Action::BreakOff {
                    space: space.clone(),
                    to: SpaceRef::place("trieste"),
                },
                Action::Contact {
                    space: space.clone(),
                    leader: "goeben".into(),
                    speed_ship: "goeben".into(),
                    maximum_speed: false,
                },
                Action::ResolveIncidents {
                    space: space.clone(),
                },
                Action::CeaseFire {
                    space: space.clone(),
                },
                Action::RaidMerchants {
                    space: space.clone(),
                    ship: "breslau".into(),
                },
            ]
        };
        for roles in [Roles::ShipCommanders, Roles::TaskForceOfficers] {
            for a in decisions(&pola) {
                assert_eq!(
                    who_decides(&pack, roles, &a, &at(&[&pola])).unwrap(),
                    AUSTRO_HUNGARIAN_COMMANDER,
                    "{a:?} in the Adriatic with his ships there"
                );
                // His ships elsewhere (outside the Adriatic, or another space): the German order.
                for elsewhere in [at(&[]), at(&[&piraeus])] {
                    assert_ne!(
                        who_decides(&pack, roles, &a, &elsewhere).unwrap(),
                        AUSTRO_HUNGARIAN_COMMANDER,
                        "{a:?} at Pola without his ships there"
                    );
                }
            }
            for a in decisions(&piraeus) {
                assert_eq!(
                    who_decides(&pack, roles, &a, &at(&[&piraeus])),
                    who_decides(&pack, roles, &a, &Presence::default()),
                    "{a:?} outside the Adriatic: the German order of precedence"
                );
            }
        }
        assert_eq!(
            who_decides(&pack, Roles::ShipCommanders, &decisions(&piraeus)[0], &at(&[&piraeus]))
                .unwrap(),
            "the senior commander present (SMS Goeben, SMS Moltke, SMS Breslau, SMS Stralsund in that order)"
        );
        assert_eq!(
            who_decides(&pack, Roles::Solo, &decisions(&pola)[0], &at(&[&pola])),
            None,
            "one player alone decides everything"
        );
    }

    /// 25.0 (3): 20.0's question of which nationality fires first is the Austro-Hungarian commander's in
    /// an Adriatic battle, the German roles' outside it; a German ship's own decisions, the end of a phase,
    /// supply (20.0: none for his ships) and other questions never become his.
    #[test]
    fn rule_25_0_3_the_fire_order_question_in_the_adriatic_and_what_stays_german() {
        let pack = RulesPack::standard();
        let pola = SpaceRef::place("pola");
        let piraeus = SpaceRef::place("piraeus");
        let asked = |space: &SpaceRef| Presence {
            austro_hungarian_at: vec![space.clone()],
            question: Some(Pending::NationalityFirst {
                space: space.clone(),
            }),
        };
        let answer = Action::Answer { yes: true };
        assert_eq!(
            who_decides(&pack, Roles::ShipCommanders, &answer, &asked(&pola)).unwrap(),
            AUSTRO_HUNGARIAN_COMMANDER
        );
        assert_eq!(
            who_decides(&pack, Roles::TaskForceOfficers, &answer, &asked(&piraeus)).unwrap(),
            "Commander"
        );
        let end = Presence {
            question: Some(Pending::DeclareEnd),
            ..asked(&pola)
        };
        assert_eq!(
            who_decides(&pack, Roles::TaskForceOfficers, &answer, &end).unwrap(),
            "Commander",
            "a question of no space"
        );
        for a in [
            Action::EndPhase,
            Action::FireOrders {
                ship: "goeben".into(),
                target: None,
                maximum_fire: false,
            },
            Action::Resupply {
                space: pola.clone(),
                supply: crate::ground::action::Supply::Coal,
            },
            Action::UseFriendlyShip {
                space: pola.clone(),
            },
        ] {
            assert_ne!(
                who_decides(&pack, Roles::ShipCommanders, &a, &asked(&pola)).unwrap(),
                AUSTRO_HUNGARIAN_COMMANDER,
                "{a:?}"
            );
        }
    }
}
