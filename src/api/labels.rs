//! Words for the decisions of a view: a button label per legal action and, under 25.0,
//! whose call it is. Made from the finished public view and the pack only, like the barrier marks, so
//! a label can never name a face-down counter. The UI shows them as they are.

use crate::api::view::PlayerView;
use crate::ground::action::{Action, Share, Speed, Supply};
use crate::ground::event::phase_name;
use crate::ground::pack::RulesPack;
use crate::ground::state::ShipStatus;
use crate::ground::state::{Pending, Phase, SpaceRef};
use crate::ground::words::count;
use crate::rules::roles::{who_decides, Presence};

/// Words every decision of a finished view: its label, what it may roll or reveal (from the public view
/// only, `barriers.rs`) and, under 25.0, whose call it is.
pub fn word_decisions(pack: &RulesPack, view: &mut PlayerView) {
    type Worded = (String, Option<String>, Option<String>, Option<String>);
    let worded: Vec<Worded> = {
        let words = Words { pack, view };
        let roles = view.game.as_ref().map(|g| g.options.roles);
        let presence = presence(view);
        view.decisions
            .iter()
            .map(|d| {
                let decider = roles
                    .and_then(|r| who_decides(pack, r, &d.action, &presence))
                    .filter(|w| !w.is_empty());
                (
                    words.label(&d.action),
                    crate::api::barriers::barrier_words(view, &d.action),
                    decider,
                    crate::api::guards::skipped(view, &d.action),
                )
            })
            .collect()
    };
    for (d, (label, barrier, decider, confirm)) in view.decisions.iter_mut().zip(worded) {
        d.label = label;
        d.barrier = barrier;
        d.decider = decider;
        d.confirm = confirm;
    }
}

/// One action's button words read against `view` (a tap's headline when its events say nothing, e.g. a
/// ship that stays: `headline.rs`).
/// None for the end of a phase, whose words name the phase the view is in (the phase started says it).
pub(crate) fn label_of(pack: &RulesPack, view: &PlayerView, action: &Action) -> Option<String> {
    (!matches!(action, Action::EndPhase)).then(|| Words { pack, view }.label(action))
}

/// 25.0 (3): where the Austro-Hungarian ships under German control are and the question asked now,
/// from the public view alone (every ship of the player's side is on it, as is the question).
pub fn presence(view: &PlayerView) -> Presence {
    let Some(game) = &view.game else {
        return Presence::default();
    };
    Presence {
        austro_hungarian_at: game
            .ships
            .iter()
            .filter(|s| s.austro_hungarian && s.status == ShipStatus::Active)
            .map(|s| s.position.clone())
            .collect(),
        question: game.pending.first().map(|p| p.pending.clone()),
    }
}

/// The next step's words (the dock's big button): what ending the phase means and the phase it
/// leads to, e.g. "Done moving → Incident".
fn end_phase_label(view: &PlayerView) -> String {
    let done = match view.phase {
        Phase::Outfitting => "Done outfitting",
        Phase::Intelligence => "Done with intelligence",
        Phase::Movement => "Done moving",
        Phase::Incident => "Done with incidents",
        Phase::NavalCombat => "Done with combat",
        Phase::CommerceRaiding => "Done raiding",
        Phase::ShoreBombardment => "Done bombarding",
        // 17.0: the Orders are checked as the turn ends.
        Phase::Objective => return format!("End turn {}", view.turn),
        other => return format!("End {}", phase_name(other)),
    };
    match view.phase.next() {
        Some(next) => format!("{done} → {}", phase_name(next)),
        None => done.to_string(),
    }
}

struct Words<'a> {
    pack: &'a RulesPack,
    view: &'a PlayerView,
}

impl Words<'_> {
    fn place(&self, space: &SpaceRef) -> String {
        space.describe(self.pack)
    }

    fn place_id(&self, id: &str) -> String {
        self.pack
            .place(id)
            .map(|p| p.name.clone())
            .unwrap_or_else(|| id.to_string())
    }

    /// What a fire order spends, before the tap (" · 1 ammunition (14.8)"), read from the
    /// battle's fire options; nothing once the ship has paid for the battle.
    fn fire_cost(&self, ship: &str, target: &str, maximum: bool) -> String {
        let options = self
            .view
            .game
            .iter()
            .flat_map(|g| &g.combat)
            .flat_map(|b| &b.options);
        match options
            .filter(|o| o.ship == ship && o.target == target && o.maximum_fire == maximum)
            .map(|o| o.ammunition)
            .next()
        {
            Some(n) if n > 0 => format!(
                " · {n} ammunition ({})",
                if maximum { "14.9" } else { "14.8" }
            ),
            _ => String::new(),
        }
    }

    fn ship(&self, id: &str) -> String {
        let in_view = self
            .view
            .game
            .as_ref()
            .and_then(|g| g.ships.iter().find(|s| s.id == id))
            .map(|s| s.name.clone());
        in_view.unwrap_or_else(|| crate::ground::event::ship_name(self.pack, id))
    }

    /// A face-up counter's name: one in a battle or on the map (the view holds no other).
    fn counter(&self, id: &str) -> String {
        let Some(game) = &self.view.game else {
            return id.to_string();
        };
        let in_battle = game
            .combat
            .iter()
            .flat_map(|b| &b.allied)
            .find(|u| u.counter.id == id)
            .map(|u| u.counter.name.clone());
        in_battle
            .or_else(|| {
                game.on_map
                    .iter()
                    .flat_map(|m| &m.counters)
                    .find(|c| c.id == id)
                    .map(|c| c.name.clone())
            })
            .unwrap_or_else(|| id.to_string())
    }

    fn cargo(&self, id: &str) -> String {
        self.pack
            .charts
            .crew_and_gear
            .items
            .iter()
            .find(|i| i.id == id)
            .map(|i| i.name.clone())
            .unwrap_or_else(|| id.to_string())
    }

    /// A yes-or-no answer in the words of the question it answers.
    fn answer(&self, yes: bool) -> String {
        let pending = self
            .view
            .game
            .as_ref()
            .and_then(|g| g.pending.first())
            .map(|p| &p.pending);
        let words = match pending {
            Some(Pending::DeclareEnd) => ["End the game: mission accomplished", "Play on"],
            Some(Pending::NationalityFirst { .. }) => [
                "German ships fire first",
                "Austro-Hungarian ships fire first",
            ],
            _ => ["Yes", "No"],
        };
        words[usize::from(!yes)].to_string()
    }

    fn label(&self, a: &Action) -> String {
        match a {
            Action::EndPhase => end_phase_label(self.view),
            Action::PlaceCollier { to } => format!("Collier at {}", self.place(to)),
            Action::Move {
                ship,
                speed: Speed::Stay,
                ..
            } => format!("{} stays", self.ship(ship)),
            Action::Move { ship, to, .. } => format!("{} → {}", self.ship(ship), self.place(to)),
            Action::ResolveIncidents { space } => {
                format!("Draw incidents at {}", self.place(space))
            }
            Action::EvadeSubmarine {
                ship,
                spend_coal: true,
            } => format!("{}: spend 1 coal", self.ship(ship)),
            Action::EvadeSubmarine {
                ship,
                spend_coal: false,
            } => format!("{}: take the torpedo run", self.ship(ship)),
            Action::Answer { yes } => self.answer(*yes),
            Action::ChooseShip { ship } => self.ship(ship),
            Action::TakeOutfitting { ship } => {
                format!("{} outfits or repairs (no move this turn)", self.ship(ship))
            }
            Action::AttemptIntelligence { ship } => {
                format!("Intelligence attempt by {}", self.ship(ship))
            }
            // The chart's words for the result, its code after them (the question lists both).
            Action::ChooseIntelligence { code } => match self.pack.charts.intelligence_result(code)
            {
                Some(r) => format!("{} ({code})", r.name),
                None => format!("Result {code}"),
            },
            Action::ExamineZone { zone } => format!("Examine {}", self.place_id(zone)),
            Action::Reconnoitre { ship, zone } => format!(
                "{}'s seaplane over {} (21.2)",
                self.ship(ship),
                self.place_id(zone)
            ),
            _ => self.later_label(a),
        }
    }

    /// Labels of combat, supply, cargo, the campaign and the cup.
    fn later_label(&self, a: &Action) -> String {
        match a {
            Action::Contact {
                space,
                leader,
                speed_ship,
                maximum_speed,
            } => format!(
                "Contact at {}: leadership of {}, {} of {}",
                self.place(space),
                self.ship(leader),
                self.contact_speed(speed_ship, *maximum_speed),
                self.ship(speed_ship)
            ),
            Action::Fight { .. } => "Fight".to_string(),
            Action::BreakOff { to, .. } => format!("Break off to {}", self.place(to)),
            Action::FireOrders {
                ship,
                target: Some(t),
                maximum_fire,
            } => {
                format!(
                    "{}: {} at {}{}",
                    self.ship(ship),
                    if *maximum_fire {
                        "maximum fire"
                    } else {
                        "fire"
                    },
                    self.counter(t),
                    self.fire_cost(ship, t, *maximum_fire)
                )
            }
            Action::FireOrders {
                ship, target: None, ..
            } => format!("{} holds fire", self.ship(ship)),
            Action::Torpedoes {
                ship,
                target: Some(t),
                count,
            } if *count > 0 => {
                format!(
                    "{}: {count} torpedo{} at {}",
                    self.ship(ship),
                    if *count > 1 { "es" } else { "" },
                    self.counter(t)
                )
            }
            Action::Torpedoes { ship, .. } => format!("{}: no torpedoes", self.ship(ship)),
            Action::CeaseFire { space } => format!("Stop bombarding {}", self.place(space)),
            Action::LandMarines { ship } => {
                format!("{} lands its Seebataillon (9.2)", self.ship(ship))
            }
            Action::EmbarkMarines { ship } => {
                format!("{} re-embarks the Seebataillon", self.ship(ship))
            }
            Action::RaidMerchants { space, ship } => {
                format!("Raid at {} with {}", self.place(space), self.ship(ship))
            }
            _ => self.supply_label(a),
        }
    }

    fn supply_label(&self, a: &Action) -> String {
        match a {
            Action::Resupply {
                space,
                supply: Supply::Ammunition,
            } => format!("Roll ammunition at {} (7.1)", self.place(space)),
            Action::Resupply { space, .. } => format!("Roll coal at {} (7.3)", self.place(space)),
            Action::UseCollier { collier } => format!("Coal from collier {collier}: 2d6 (7.4)"),
            Action::UseFriendlyShip { space } => format!(
                "Use the Friendly Ship at {}: 1d6 coal, +2 repair dice",
                self.place(space)
            ),
            Action::Distribute { shares } if shares.is_empty() => "Give nothing".to_string(),
            Action::Distribute { shares } => self.distribute_label(shares),
            Action::Repair {
                ship,
                hull,
                engines,
                primary,
                secondary,
                tertiary,
            } => {
                let dice = [
                    (*hull, "hull"),
                    (*engines, "engines"),
                    (*primary, "primary"),
                    (*secondary, "secondary"),
                    (*tertiary, "tertiary"),
                ];
                self.repair_label(ship, dice)
            }
            Action::LoadCargo { ship, item } => self.buy_label(ship, item),
            Action::DumpCargo { ship, item } => {
                format!("{}: unload {}", self.ship(ship), self.cargo(item))
            }
            Action::TransferCargo { from, to, item } => format!(
                "{}: {} → {}",
                self.cargo(item),
                self.ship(from),
                self.ship(to)
            ),
            Action::LayMines { ship } => format!("{} lays its mines here (23.0)", self.ship(ship)),
            Action::NextMission { base, bonus } => {
                let bonus = bonus
                    .map(|b| format!(" (bonus option {})", b + 1))
                    .unwrap_or_default();
                format!(
                    "Next mission, based at {}{bonus} (24.1)",
                    self.place_id(base)
                )
            }
            Action::CupDraw { count } => format!("Draw {count} from the cup"),
            Action::CupReveal { place } => format!("Reveal {}", self.place_id(place)),
            Action::CupReturn { counter } => format!("{} back into the cup", self.counter(counter)),
            Action::EnterDice { .. } => match &self.view.pending_roll {
                Some(roll) => format!("Enter {}", count(roll.count as i64, "die", "dice")),
                None => "Enter the dice".to_string(),
            },
            Action::PlayerDice { on: true } => "I roll the dice (house rule)".to_string(),
            Action::PlayerDice { on: false } => "The app rolls the dice".to_string(),
            Action::CorrectDice { .. } => "Correct the dice just entered".to_string(),
            // Corrections are never legal actions; they are labelled by the corrections panel's fields.
            other => format!("{other:?}"),
        }
    }

    /// 14.3: the speed chip shows the speed it brings (and its coal) before the tap.
    fn contact_speed(&self, speed_ship: &str, maximum_speed: bool) -> String {
        let ship = self
            .view
            .game
            .as_ref()
            .and_then(|g| g.ships.iter().find(|s| s.id == speed_ship));
        // The ship's speeds as the view gives them (6.2, 12.4: damage read as the game's options say).
        let speeds = ship.map(|s| s.speeds);
        let coal = ship.is_some_and(|s| !s.austro_hungarian);
        match (speeds, maximum_speed) {
            // Short: the contact control's speed chips show these words under "Speed".
            (Some(v), true) if coal => format!("maximum {} (1 coal)", v.maximum),
            (Some(v), true) => format!("maximum {}", v.maximum),
            (Some(v), false) => format!("cruise {}", v.cruise),
            (None, true) => "maximum speed (1 coal)".to_string(),
            (None, false) => "cruise speed".to_string(),
        }
    }

    /// 7.0: what each ship is given of the shared-out points.
    fn distribute_label(&self, shares: &[Share]) -> String {
        shares
            .iter()
            .map(|s| {
                let parts = [
                    (s.ammunition, "ammo"),
                    (s.torpedoes, "torp"),
                    (s.coal, "coal"),
                ];
                let given: Vec<String> = parts
                    .iter()
                    .filter(|(n, _)| *n > 0)
                    .map(|(n, what)| format!("{n} {what}"))
                    .collect();
                format!("{} {}", self.ship(&s.ship), given.join(" "))
            })
            .collect::<Vec<_>>()
            .join(" · ")
    }

    /// 10.1: the repair dice on each attribute (`dice`: how many, and the attribute).
    fn repair_label(&self, ship: &str, dice: [(u8, &str); 5]) -> String {
        // The numbers are dice, not boxes ("5 primary" read as five boxes repaired), and a
        // ship that has not yet taken the phase learns before the tap that it will not move (7.0).
        let fixed: Vec<String> = dice
            .iter()
            .filter(|(n, _)| *n > 0)
            .enumerate()
            .map(|(i, (n, track))| {
                if i == 0 {
                    format!("{} on {track}", count(*n, "die", "dice"))
                } else {
                    format!("{n} on {track}")
                }
            })
            .collect();
        let stays = self.view.decisions.iter().any(|d| {
            d.action
                == Action::TakeOutfitting {
                    ship: ship.to_string(),
                }
        });
        let stays = if stays {
            " · no move this turn (7.0)"
        } else {
            ""
        };
        format!(
            "{} repairs: {} (10.1){stays}",
            self.ship(ship),
            fixed.join(", ")
        )
    }

    /// 8.1, 8.5: a buy says what it costs and what is left after it, as the Crew & Gear chart prices it.
    fn buy_label(&self, ship: &str, item: &str) -> String {
        let cost = self.pack.charts.cargo(item).map_or(0, |c| c.cost);
        let points = self
            .view
            .game
            .as_ref()
            .and_then(|g| g.ships.iter().find(|s| s.id == ship))
            .map_or(0, |s| s.cargo_points);
        format!(
            "{}: buy {} · {} ({} left)",
            self.ship(ship),
            self.cargo(item),
            count(cost, "point", "points"),
            points.saturating_sub(cost)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::request::SessionRequest;
    use crate::api::session::Session;

    /// Every legal action of many random games gets a label in words: no debug output, no raw id.
    #[test]
    fn every_legal_action_of_random_games_has_a_label_in_words() {
        for seed in 0..40u64 {
            let mut s = Session::new(RulesPack::standard(), seed);
            let options = crate::ground::state::GameOptions {
                campaign: seed % 3 == 0,
                ..Default::default()
            };
            s.respond(SessionRequest::NewGame {
                seed: Some(seed),
                options: Some(options),
            });
            let mut x = seed | 1;
            for _ in 0..400 {
                let view = s.view();
                if view.decisions.is_empty() {
                    break;
                }
                for d in &view.decisions {
                    let label = &d.label;
                    assert!(
                        !label.is_empty() && !label.contains('{') && !label.contains('_'),
                        "{:?} is labelled {label:?}",
                        d.action
                    );
                }
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                s.respond(
                    view.decisions[(x >> 16) as usize % view.decisions.len()]
                        .action
                        .clone(),
                );
            }
        }
    }
}
