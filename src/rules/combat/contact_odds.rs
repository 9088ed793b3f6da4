//! 14.3 Contact, before the roll: both ratings for a chosen leader and speed, the enemy, and the exact
//! chance of each result — the die, the Contact Table, and the rolls that come with a battle's opening
//! folded in (the Incident Chart's Limited Visibility roll, 5–6 no combat, and 22.0's night roll, 1–2 at
//! night), as `contact::contact` makes them. Nothing hidden is read: the ratings rest on the Alert Level,
//! the Allied warships face up there and the German ships (a coastal defense's rating is zero, 16.0).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::ground::action::Action;
use crate::ground::pack::RulesPack;
use crate::ground::state::{Game, Phase, SpaceRef};
use crate::ground::words::percent;
use crate::rules::combat::contact::{
    allied_facing, allied_rating, german_rating, opens_battle, outcome, searchlights_in,
};
use crate::rules::combat::salvo;

/// The odds of one contact choice (14.3), as the contact card shows them before "Roll contact".
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct ContactOdds {
    /// The German contact rating with this leader and speed, in the conditions expected (by day; under
    /// Limited Visibility where it holds: no seaplane then, 21.0).
    pub german: i32,
    /// The Allied contact rating (Alert Level + the fastest Allied speed + 1 on Allied ground; 0 against
    /// coastal defenses, 16.0).
    pub allied: i32,
    /// What the contact is rolled against, in words: "HMS Indomitable, HMS Indefatigable"; "the coastal
    /// defenses of Malta".
    pub enemy: String,
    /// The chance that the Germans fire the First Salvo (and may break off, 14.4).
    pub german_first_salvo: f64,
    /// The chance that the Allies fire the First Salvo.
    pub allied_first_salvo: f64,
    /// The chance of no contact: the battle ends without a shot (the table's result, a Contact 1 under
    /// Limited Visibility or at night, or no combat in poor visibility).
    pub no_contact: f64,
    /// The whole in one line: "German 8 − Allied 9 · German First Salvo 33% · Allied First Salvo 50% ·
    /// no contact 17%".
    pub words: String,
    /// The ratings alone, for the card: "German 8 − Allied 9".
    pub ratings_words: String,
    /// Each result with its chance, for the card: "33% German First Salvo", "50% Allied First Salvo",
    /// "17% no contact".
    pub chance_words: Vec<String>,
    /// The rolls still to come that the chances fold in, as a sentence ("The chances include the night
    /// roll (1–2: at night) still to come."); absent when the die alone decides.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub folds_in: Option<String>,
}

/// How the battle will stand when the contact die is rolled: the Limited Visibility and night flags,
/// or no combat at all (poor visibility, 5–6), each with its chance.
#[derive(Clone, Copy, Debug)]
struct Conditions {
    chance: f64,
    no_combat: bool,
    limited: bool,
    night: bool,
}

/// The odds of `action` when it is a contact choice the rules allow now; `None` for any other action.
pub fn contact_odds(pack: &RulesPack, game: &Game, action: &Action) -> Option<ContactOdds> {
    let Action::Contact {
        space,
        leader,
        speed_ship,
        maximum_speed,
    } = action
    else {
        return None;
    };
    game.ship(leader)?;
    game.ship(speed_ship)?;
    let choice = (leader.as_str(), speed_ship.as_str(), *maximum_speed);
    let bombardment = game.phase == Phase::ShoreBombardment;
    let (conditions, folds_in) = conditions(game, space, bombardment);
    let allied = allied_rating(pack, game, space, bombardment);
    let [german_first, allied_first, no_contact] =
        chances(pack, game, choice, (space, allied), &conditions);
    // The rating shown is the one of the likeliest fighting conditions: by day, Limited Visibility where
    // it will hold if there is combat at all.
    let expected = conditions
        .iter()
        .find(|c| !c.no_combat && !c.night)
        .or_else(|| conditions.iter().find(|c| !c.no_combat))
        .copied();
    let german = expected.map_or_else(
        || german_rating(pack, game, choice, false, false),
        |c| german_rating(pack, game, choice, c.night, c.limited),
    );
    let ratings_words = format!("German {german} \u{2212} Allied {allied}");
    let chances = [
        ("German First Salvo", german_first),
        ("Allied First Salvo", allied_first),
        ("no contact", no_contact),
    ];
    let words = std::iter::once(ratings_words.clone())
        .chain(
            chances
                .iter()
                .map(|(what, p)| format!("{what} {}", percent(*p))),
        )
        .collect::<Vec<_>>()
        .join(" \u{b7} ");
    let chance_words = chances
        .iter()
        .map(|(what, p)| format!("{} {what}", percent(*p)))
        .collect();
    Some(ContactOdds {
        german,
        allied,
        enemy: enemy(pack, game, space, bombardment),
        german_first_salvo: german_first,
        allied_first_salvo: allied_first,
        no_contact,
        words,
        ratings_words,
        chance_words,
        folds_in,
    })
}

/// The chances of the German First Salvo, the Allied one and no contact: each condition's share spread over
/// the die's six faces and read on the Contact Table (14.3), a Contact 1 cancelled as the rule does.
fn chances(
    pack: &RulesPack,
    game: &Game,
    choice: (&str, &str, bool),
    (space, allied): (&SpaceRef, i32),
    conditions: &[Conditions],
) -> [f64; 3] {
    let searchlights = searchlights_in(game, space);
    let mut chances = [0.0; 3];
    for c in conditions {
        if c.no_combat {
            chances[2] += c.chance;
            continue;
        }
        let german = german_rating(pack, game, choice, c.night, c.limited);
        for die in 1..=6 {
            let result = pack.charts.contact(die + german - allied);
            let at = match outcome(result, c.limited, c.night && !searchlights).0 {
                Some(true) => 0,
                Some(false) => 1,
                None => 2,
            };
            chances[at] += c.chance / 6.0;
        }
    }
    chances
}

/// The conditions the contact die may meet, with their chances, and the rolls still to come in words.
fn conditions(
    game: &Game,
    space: &SpaceRef,
    bombardment: bool,
) -> (Vec<Conditions>, Option<String>) {
    let opening = opens_battle(game, space, bombardment);
    let certain = |limited, night| Conditions {
        chance: 1.0,
        no_combat: false,
        limited,
        night,
    };
    if !opening {
        let b = salvo::battle(game, space).expect("not opening");
        return (vec![certain(b.visibility.is_some(), b.night)], None);
    }
    let mut folds = Vec::new();
    // Incident Chart, Limited Visibility: one roll the first time combat would occur there this turn, kept.
    let visibility: Vec<Conditions> = if game.turn_state.limited_visibility.contains(space) {
        match game
            .turn_state
            .visibility_rolls
            .iter()
            .find(|(s, _)| s == space)
        {
            Some((_, roll)) if *roll >= 5 => vec![Conditions {
                no_combat: true,
                ..certain(true, false)
            }],
            Some(_) => vec![certain(true, false)],
            None => {
                folds.push("the Limited Visibility roll (5–6: no combat)");
                vec![
                    Conditions {
                        chance: 2.0 / 6.0,
                        no_combat: true,
                        ..certain(true, false)
                    },
                    Conditions {
                        chance: 4.0 / 6.0,
                        ..certain(true, false)
                    },
                ]
            }
        }
    } else {
        vec![certain(false, false)]
    };
    // 22.0 (optional): each battle at sea opens with a night roll, 1–2 at night.
    let nights: &[(f64, bool)] = if game.options.night_combat && !bombardment {
        folds.push("the night roll (1–2: at night)");
        &[(2.0 / 6.0, true), (4.0 / 6.0, false)]
    } else {
        &[(1.0, false)]
    };
    let all = visibility
        .iter()
        .flat_map(|v| {
            nights.iter().map(move |(chance, night)| Conditions {
                chance: v.chance * chance,
                night: *night,
                ..*v
            })
        })
        .collect();
    let folds_in = (!folds.is_empty())
        .then(|| format!("The chances include {} still to come.", folds.join(" and ")));
    (all, folds_in)
}

/// The Allied side of the contact, in words (only units face up: 14.1 sets out those already there).
fn enemy(pack: &RulesPack, game: &Game, space: &SpaceRef, bombardment: bool) -> String {
    if bombardment {
        return format!("the coastal defenses of {}", space.describe(pack));
    }
    allied_facing(pack, game, space)
        .into_iter()
        .map(|(c, _)| pack.counter_spec(c).name.clone())
        .collect::<Vec<_>>()
        .join(", ")
}
