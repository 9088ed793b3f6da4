//! The words and limits of the closed sets the UI shows beside the view: the sea zones (2.1), the speeds
//! with what they cost (12.1–12.3), the weapons (14.2), a ship display's tracks (2.1), and the longest
//! texts a request may carry. The view words everything that happens; these are the few words and limits a
//! control needs before anything happened (the move picker's speeds, a label field's length). They are
//! generated into `ui/src/generated/names.ts` by `tests/typescript_bindings.rs`, so the UI never copies
//! them and a change here reaches the screen through the drift check.

use serde::Serialize;

use crate::ground::pack::SeaZone;
use crate::ground::state::{Fleet, GameOptions, Phase, Roles};
use crate::ground::tracks::{Speed, Track};
use crate::rules::combat::firing::Weapon;

pub use crate::ground::state::{zone_name, SPACE_LABEL_MAX_CHARS};

/// The longest name of a save slot, in characters (a slot's name is the player's own words).
pub const SAVE_NAME_MAX_CHARS: usize = 40;

/// 12.1–12.3: a speed as the move picker offers it, with what it costs beyond the move itself.
pub fn speed_choice(speed: Speed) -> &'static str {
    match speed {
        Speed::Stay => "stays",
        Speed::Cruise => "cruise",
        Speed::Maximum => "maximum (1 coal)",
        Speed::Emergency => "emergency (1 coal, engine check)",
    }
}

/// 14.2: what fires, as a fire card's line names it.
pub fn weapon_name(weapon: Weapon) -> &'static str {
    weapon.name()
}

/// 2.1: a ship display's track, as the repair control names it.
pub fn track_name(track: Track) -> &'static str {
    crate::ground::event::track_name(track)
}

/// Every speed, in the order the rules give them (12.1–12.3).
pub const SPEEDS: [Speed; 4] = [Speed::Stay, Speed::Cruise, Speed::Maximum, Speed::Emergency];

/// Every weapon, in firing order (14.2).
pub const WEAPONS: [Weapon; 4] = [
    Weapon::Primary,
    Weapon::Secondary,
    Weapon::Tertiary,
    Weapon::Torpedo,
];

/// Every sea zone of the map (2.1).
pub fn sea_zones() -> &'static [SeaZone] {
    SeaZone::ALL
}

/// Every track of a ship display (2.1).
pub fn tracks() -> &'static [Track] {
    Track::ALL
}

/// A yes/no choice of a new game (`GameOptions`, named by its field): the mode, an optional rule or a house
/// rule. The new-game form says each with `toggle_choice`, the game's header a chosen one with
/// `toggle_in_play`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Toggle {
    CupOnly,
    VariableDeployment,
    AustroHungarian,
    Seaplanes,
    NightCombat,
    Mines,
    Campaign,
    TakeBacks,
    PlayerDice,
    EveryPortPicks,
    EngineHitsSlowAll,
    AustroHungarianCruise,
}

/// Every yes/no choice, the mode first, then the optional rules by number (18.0–24.0), then the house rules.
pub const TOGGLES: [Toggle; 12] = [
    Toggle::CupOnly,
    Toggle::VariableDeployment,
    Toggle::AustroHungarian,
    Toggle::Seaplanes,
    Toggle::NightCombat,
    Toggle::Mines,
    Toggle::Campaign,
    Toggle::TakeBacks,
    Toggle::PlayerDice,
    Toggle::EveryPortPicks,
    Toggle::EngineHitsSlowAll,
    Toggle::AustroHungarianCruise,
];

impl Toggle {
    /// Whether `options` has it on.
    pub fn is_on(self, options: &GameOptions) -> bool {
        match self {
            Toggle::CupOnly => options.cup_only,
            Toggle::VariableDeployment => options.variable_deployment,
            Toggle::AustroHungarian => options.austro_hungarian,
            Toggle::Seaplanes => options.seaplanes,
            Toggle::NightCombat => options.night_combat,
            Toggle::Mines => options.mines,
            Toggle::Campaign => options.campaign,
            Toggle::TakeBacks => options.take_backs,
            Toggle::PlayerDice => options.player_dice,
            Toggle::EveryPortPicks => options.every_port_picks,
            Toggle::EngineHitsSlowAll => options.engine_hits_slow_all,
            Toggle::AustroHungarianCruise => options.austro_hungarian_cruise,
        }
    }
}

/// A yes/no choice as the new-game form offers it: its name, its rule and what it does.
pub fn toggle_choice(toggle: Toggle) -> &'static str {
    match toggle {
        Toggle::CupOnly => "Cup only: the referee just holds the cup and the face-down stacks; you run the rules",
        Toggle::VariableDeployment => "Variable deployment (18.0): a die decides where the task force starts",
        Toggle::AustroHungarian => "Austro-Hungarian units (20.0): their fleet's sortie puts warships under your command",
        Toggle::Seaplanes => "Seaplanes (21.0): +2 to contact with a seaplane aboard, reconnaissance",
        Toggle::NightCombat => "Night combat (22.0): a die before each battle, night on 1–2",
        Toggle::Mines => "Mines (23.0): a CL may carry and lay mines",
        Toggle::Campaign => "Campaign (24.0): play mission after mission until the Orders run out",
        Toggle::TakeBacks => "House rule: take-backs after reveals (Undo may take back a die or a reveal; each take-back is counted and shown at the end)",
        Toggle::PlayerDice => "House rule: I roll the dice (you roll the dice at the table and enter the faces; the referee keeps the hidden draws)",
        Toggle::EveryPortPicks => "House rule: every port picks from Alert 4 (13.2 read literally: friendly ports and bases make incident picks too)",
        Toggle::EngineHitsSlowAll => "House rule: engine hits slow every speed (12.4 read as each hit lowering cruise, maximum and emergency speed alike)",
        Toggle::AustroHungarianCruise => "House rule: Austro-Hungarian speed is cruise speed (20.0 read as the printed speed being cruise speed, not the Engines value)",
    }
}

/// A yes/no choice in play, as the game's header names it on every screen (the mode says itself: "").
pub fn toggle_in_play(toggle: Toggle) -> &'static str {
    match toggle {
        Toggle::CupOnly => "",
        Toggle::VariableDeployment => "18.0 deployment",
        Toggle::AustroHungarian => "20.0 Austro-Hungarians",
        Toggle::Seaplanes => "21.0 seaplanes",
        Toggle::NightCombat => "22.0 night",
        Toggle::Mines => "23.0 mines",
        Toggle::Campaign => "24.0 campaign",
        Toggle::TakeBacks => "house rule: take-backs",
        Toggle::PlayerDice => "house rule: I roll the dice",
        Toggle::EveryPortPicks => "house rule: every port picks (13.2)",
        Toggle::EngineHitsSlowAll => "house rule: engine hits slow every speed (12.4)",
        Toggle::AustroHungarianCruise => "house rule: Austro-Hungarian speed is cruise (20.0)",
    }
}

/// A house rule that switches a reading of an ambiguous rule (docs/AMBIGUITIES.md), as the Charts screen
/// states it in one line: the default reading, then the house rule's ("" for the other toggles).
pub fn toggle_reading(toggle: Toggle) -> &'static str {
    match toggle {
        Toggle::EveryPortPicks => "13.2: ships in friendly ports and naval bases never make incident picks. House rule \"every port picks from Alert 4\" (at new game): from Alert 4 they pick normally too.",
        Toggle::EngineHitsSlowAll => "6.2, 12.4: the Engines marker caps the printed track (Goeben 4/5/6, one hit 4/5/5, two 4/4/4). House rule \"engine hits slow every speed\": each hit lowers all three (one hit 3/4/5).",
        Toggle::AustroHungarianCruise => "20.0: an Austro-Hungarian counter's printed speed is its Engines value (Novara 6: cruise 4, maximum 5, emergency 6). House rule \"Austro-Hungarian speed is cruise speed\": Novara cruises at 6.",
        _ => "",
    }
}

/// Every task force of 19.0, the standard one first.
pub const FLEETS: [Fleet; 5] = [
    Fleet::Standard,
    Fleet::Moltke,
    Fleet::Stralsund,
    Fleet::MoltkeAndStralsund,
    Fleet::AllFour,
];

/// 19.0: a task force as the new-game form offers it, with what it costs.
pub fn fleet_choice(fleet: Fleet) -> &'static str {
    match fleet {
        Fleet::Standard => "Goeben and Breslau",
        Fleet::Moltke => "Moltke instead of Goeben (−5 VP)",
        Fleet::Stralsund => "Add Stralsund (−10 VP)",
        Fleet::MoltkeAndStralsund => "Moltke instead of Goeben, add Stralsund (−15 VP)",
        Fleet::AllFour => "All four ships (−50 VP, New Zealand joins the Allies, two colliers)",
    }
}

/// 19.0: a task force in play, as the game's header names it ("" for the standard one: no optional rule).
pub fn fleet_in_play(fleet: Fleet) -> &'static str {
    match fleet {
        Fleet::Standard => "",
        Fleet::Moltke => "19.0 Moltke",
        Fleet::Stralsund => "19.0 Stralsund",
        Fleet::MoltkeAndStralsund => "19.0 Moltke and Stralsund",
        Fleet::AllFour => "19.0 all four ships",
    }
}

/// Every way of sharing the command of 25.0, one player first.
pub const ROLES: [Roles; 3] = [Roles::Solo, Roles::TaskForceOfficers, Roles::ShipCommanders];

/// 25.0: who plays, as the new-game form offers it.
pub fn roles_choice(roles: Roles) -> &'static str {
    match roles {
        Roles::Solo => "One player",
        Roles::TaskForceOfficers => {
            "Task force officers: Commander, First Officer, Gunnery Officer, Engineer"
        }
        Roles::ShipCommanders => "One commander per ship",
    }
}

/// 25.0: the roles in play, as the game's header names them ("" alone at the table).
pub fn roles_in_play(roles: Roles) -> &'static str {
    match roles {
        Roles::Solo => "",
        Roles::TaskForceOfficers => "25.0 task force officers",
        Roles::ShipCommanders => "25.0 ship commanders",
    }
}

/// Every phase, in the order of the turn (1.3), with the states before and after a game.
pub fn phases() -> &'static [Phase] {
    <Phase as strum::VariantArray>::VARIANTS
}

/// What a phase asks of the player, in a line under its decisions, with the rules to read ("" where it
/// asks nothing).
pub fn phase_task(phase: Phase) -> &'static str {
    match phase {
        Phase::NoGame | Phase::GameOver => "",
        Phase::Setup => "Load crew and gear (8.1: twice the leadership in points), then place one German collier in a sea space (3.0 step 9).",
        Phase::Outfitting => "Outfitting & repair (7.0): roll a port's ammunition or coal, use a collier, repair, trade cargo. A ship that does any of it may not move this turn.",
        Phase::Intelligence => "Intelligence (11.0): one attempt per turn by one ship.",
        Phase::Movement => "Move the ships on the map, then report where each ended and at which speed (12.0). Stop on entering a port, patrol zone or a space with an incident marker.",
        Phase::Incident => "Draw incidents for each space with German warships, in the order you choose (13.0, 6.1).",
        Phase::NavalCombat => "For each battle, choose who lends leadership and speed for contact (14.3); each round name every ship's target. The referee rolls every die; copy the damage onto the ship displays.",
        Phase::CommerceRaiding => "Raid the merchants in your spaces: one die plus one ship's leadership (15.0).",
        Phase::ShoreBombardment => "You may bombard the Allied port you are in (16.0); with its defenses gone, marines may land (9.2).",
        Phase::Objective => "End the turn: the referee checks your Orders (17.0).",
        Phase::CupOnly => "Cup only: draw from the cup (as many as the Alert Level), reveal a zone or port, put markers back. Keep turn, Alert and VP with Correct.",
    }
}

/// What a phase asks of the player, in the few words of the dock's pointer to its decisions ("" where it
/// asks nothing).
pub fn phase_prompt(phase: Phase) -> &'static str {
    match phase {
        Phase::NoGame | Phase::GameOver => "",
        Phase::Setup => "Load crew & gear, place the collier",
        Phase::Outfitting => "Outfit and repair your ships",
        Phase::Intelligence => "Try for intelligence, or go on",
        Phase::Movement => "Report where each ship ended",
        Phase::Incident => "Draw the incidents",
        Phase::NavalCombat => "Fight the battle",
        Phase::CommerceRaiding => "Raid the merchants",
        Phase::ShoreBombardment => "Bombard, or go on",
        Phase::Objective => "End the turn",
        Phase::CupOnly => "Draw from the cup",
    }
}

/// A card's words that cite a rule and stand beside the view's figures (the UI adds only the numbers the
/// view gives): named here so every word about a rule comes from the core.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Phrase {
    /// The battle card before contact is rolled.
    ContactHint,
    /// The maximum-fire switch of a round of fire; the UI adds the ammunition each way.
    MaximumFire,
    /// After a ship display's cargo in stowage order: which is lost first.
    CargoLossOrder,
    /// The heading of a campaign's results on the game-over card.
    CampaignResults,
    /// The new-game form's choice of Orders.
    OrdersChoice,
    /// The new-game form's choice of task force.
    TaskForceChoice,
    /// The new-game form's choice of who plays.
    PlayersChoice,
    /// A table seat waiting for another seat's decisions.
    SeatWaits,
    /// A fire order's button for a ship that holds its fire this round.
    HoldFire,
    /// A torpedo question's button for launching none this round.
    NoTorpedoes,
}

/// Every card phrase.
pub const PHRASES: [Phrase; 10] = [
    Phrase::ContactHint,
    Phrase::MaximumFire,
    Phrase::CargoLossOrder,
    Phrase::CampaignResults,
    Phrase::OrdersChoice,
    Phrase::TaskForceChoice,
    Phrase::PlayersChoice,
    Phrase::SeatWaits,
    Phrase::HoldFire,
    Phrase::NoTorpedoes,
];

/// A card phrase's words, with its rule.
pub fn phrase(phrase: Phrase) -> &'static str {
    match phrase {
        // 14.3 Contact: the player chooses when to roll; the forecast may come first.
        Phrase::ContactHint => "Make contact below (14.3), or see first how it would likely go.",
        // 14.9 Maximum Fire: chosen for the whole battle.
        Phrase::MaximumFire => "Maximum fire for this battle (14.9)",
        // 8.4 Cargo and Damage: hull hits take the cargo in the last boxes first.
        Phrase::CargoLossOrder => "the last lost first, 8.4",
        // 24.0 Campaign Game: each mission's result.
        Phrase::CampaignResults => "Campaign (24.0)",
        // 3.0 step 2: the Orders are drawn at random or chosen.
        Phrase::OrdersChoice => "Orders (3.0)",
        // 19.0 Optional task forces.
        Phrase::TaskForceChoice => "Task force (19.0)",
        // 25.0 Multi-player: who decides what.
        Phrase::PlayersChoice => "Players (25.0)",
        Phrase::SeatWaits => "Your decisions appear here when they are your call (25.0).",
        // 14.8 German Ammunition Expenditure: a ship pays when it fires, not when it holds fire.
        Phrase::HoldFire => "Hold fire this round (no ammunition spent, 14.8)",
        // 14.10 Torpedo Expenditure: torpedoes are spent only when launched.
        Phrase::NoTorpedoes => "No torpedoes this round (14.10)",
    }
}

/// 25.0: a game played at a table under its roles, as table mode says what the table plays.
pub fn roles_at_table(roles: Roles) -> &'static str {
    match roles {
        Roles::Solo => "a game: one player",
        Roles::TaskForceOfficers => "a game: the four Task Force Officers (25.0)",
        Roles::ShipCommanders => "a game: the ships’ commanders (25.0)",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_speed_says_its_cost_12_2_12_3() {
        assert!(!speed_choice(Speed::Cruise).contains("coal"));
        assert!(speed_choice(Speed::Maximum).contains("1 coal"));
        assert!(speed_choice(Speed::Emergency).contains("engine check"));
    }

    #[test]
    fn every_name_is_a_players_word_not_an_id() {
        for zone in sea_zones() {
            assert!(!zone_name(*zone).contains('_'));
        }
        for track in tracks() {
            assert!(!track_name(*track).contains('_'));
        }
        for weapon in WEAPONS {
            assert!(!weapon_name(weapon).contains('_'));
        }
    }

    #[test]
    fn each_toggle_is_the_game_options_field_it_names_18_0_to_25_0() {
        let fields = serde_json::to_value(GameOptions::default()).unwrap();
        for toggle in TOGGLES {
            let key = serde_json::to_value(toggle).unwrap();
            let key = key.as_str().unwrap();
            // Off by default; the house rules that switch a reading are left out when off (so older
            // saves keep their bytes), and the field's name is checked by turning it on below.
            assert!(
                matches!(fields.get(key), None | Some(serde_json::Value::Bool(false))),
                "{key}"
            );
            let mut on = fields.clone();
            on[key] = serde_json::Value::Bool(true);
            let options: GameOptions = serde_json::from_value(on).unwrap();
            assert!(toggle.is_on(&options), "{key}");
            assert!(TOGGLES
                .iter()
                .filter(|t| **t != toggle)
                .all(|t| !t.is_on(&options)));
        }
    }

    #[test]
    fn the_optional_rules_name_their_rule_number_and_the_house_rules_say_so() {
        for (toggle, rule) in [
            (Toggle::VariableDeployment, "18.0"),
            (Toggle::AustroHungarian, "20.0"),
            (Toggle::Seaplanes, "21.0"),
            (Toggle::NightCombat, "22.0"),
            (Toggle::Mines, "23.0"),
            (Toggle::Campaign, "24.0"),
        ] {
            assert!(toggle_choice(toggle).contains(&format!("({rule})")));
            assert!(toggle_in_play(toggle).starts_with(rule));
        }
        for toggle in [Toggle::TakeBacks, Toggle::PlayerDice] {
            assert!(toggle_choice(toggle).starts_with("House rule: "));
            assert!(toggle_in_play(toggle).starts_with("house rule: "));
        }
        for fleet in FLEETS {
            assert_eq!(fleet_in_play(fleet).is_empty(), fleet == Fleet::Standard);
            assert!(fleet_in_play(fleet).is_empty() || fleet_in_play(fleet).starts_with("19.0 "));
        }
        for roles in ROLES {
            assert_eq!(roles_in_play(roles).is_empty(), roles == Roles::Solo);
            assert!(roles_in_play(roles).is_empty() || roles_in_play(roles).starts_with("25.0 "));
        }
    }

    #[test]
    fn rule_19_0_each_task_force_says_the_vp_it_costs() {
        for fleet in FLEETS {
            let (_, cost) = fleet.ships_and_cost();
            if cost == 0 {
                assert!(!fleet_choice(fleet).contains("VP"), "{fleet:?}");
            } else {
                assert!(
                    fleet_choice(fleet).contains(&format!("−{} VP", -cost)),
                    "{fleet:?}"
                );
            }
        }
    }

    #[test]
    fn each_phase_of_play_says_what_it_asks_with_its_rule() {
        for phase in phases() {
            let phase = *phase;
            let task = phase_task(phase);
            // The dock's pointer: a phone's line, there exactly when the phase asks something.
            assert_eq!(phase_prompt(phase).is_empty(), task.is_empty(), "{phase:?}");
            assert!(phase_prompt(phase).chars().count() <= 36, "{phase:?}");
            match phase {
                Phase::NoGame | Phase::GameOver => assert!(task.is_empty()),
                Phase::CupOnly => assert!(task.starts_with("Cup only")),
                _ => assert!(
                    task.as_bytes()
                        .windows(3)
                        .any(|w| w[0].is_ascii_digit() && w[1] == b'.' && w[2].is_ascii_digit()),
                    "{phase:?} names a rule: {task}"
                ),
            }
        }
    }

    #[test]
    fn each_card_phrase_cites_its_rule_8_4_14_3_14_8_14_9_14_10_24_0() {
        let cites =
            |p: Phrase, rule: &str| assert!(phrase(p).contains(rule), "{p:?}: {}", phrase(p));
        cites(Phrase::ContactHint, "14.3");
        cites(Phrase::MaximumFire, "14.9");
        cites(Phrase::CargoLossOrder, "8.4");
        cites(Phrase::CampaignResults, "24.0");
        cites(Phrase::OrdersChoice, "3.0");
        cites(Phrase::TaskForceChoice, "19.0");
        cites(Phrase::PlayersChoice, "25.0");
        cites(Phrase::SeatWaits, "25.0");
        cites(Phrase::HoldFire, "14.8");
        cites(Phrase::NoTorpedoes, "14.10");
        assert_eq!(
            PHRASES.len(),
            10,
            "every phrase is listed (and so generated for the UI)"
        );
        let mut words: Vec<_> = PHRASES.iter().map(|p| phrase(*p)).collect();
        words.dedup();
        assert_eq!(words.len(), PHRASES.len(), "no phrase listed twice");
    }

    #[test]
    fn a_game_at_a_table_names_its_roles_rule_25_0() {
        assert!(roles_at_table(Roles::TaskForceOfficers).contains("(25.0)"));
        assert!(roles_at_table(Roles::ShipCommanders).contains("(25.0)"));
        assert!(
            !roles_at_table(Roles::Solo).contains("25.0"),
            "one player: no rule of roles"
        );
    }
}
