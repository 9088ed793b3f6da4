//! Small helpers for the core's sentences (words a player uses): a count with its noun in
//! the right number, so no line reads "1 dice" or "result(s)"; the pack's kinds (ship types, nations,
//! Crew & Gear classes) in words, so no line shows a type's name in code ("TroopConvoy", "AustriaHungary").

use crate::ground::pack::{CargoClass, Nation, ShipType};

/// `n` and the noun for it: `count(1, "die", "dice")` is "1 die", `count(3, "die", "dice")` "3 dice".
pub fn count(n: impl Into<i64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A chance as a player reads it: a whole percent, and "<1%" for a chance that is there but rounds to
/// nothing (a 0.3% chance of losing a ship is not "0%").
pub fn percent(p: f64) -> String {
    if p > 0.0 && p < 0.005 {
        "<1%".to_string()
    } else {
        format!("{}%", (p * 100.0).round())
    }
}

/// A whole number with its thousands set apart: "2,000", "10,000".
pub fn thousands(n: u32) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A mean with one decimal: "1.3".
pub fn tenths(x: f64) -> String {
    format!("{x:.1}")
}

/// A VP change with its sign: "+4.2", "−1.0" (the minus sign a page prints), "0.0".
pub fn signed_tenths(x: f64) -> String {
    let shown = tenths(x.abs());
    if shown == "0.0" {
        shown
    } else if x > 0.0 {
        format!("+{shown}")
    } else {
        format!("\u{2212}{shown}")
    }
}

/// A ship type as printed on the counters (2.0: BB, BC, CA…), a troop convoy in words.
pub fn ship_type(t: ShipType) -> &'static str {
    match t {
        ShipType::BB => "BB",
        ShipType::BC => "BC",
        ShipType::B => "B",
        ShipType::CA => "CA",
        ShipType::CP => "CP",
        ShipType::CL => "CL",
        ShipType::DD => "DD",
        ShipType::TroopConvoy => "troop convoy",
    }
}

/// Ship types in words, joined: "CL, DD".
pub fn ship_types(types: &[ShipType]) -> String {
    types
        .iter()
        .map(|t| ship_type(*t))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A nation's name, as a sentence names it.
pub fn nation(n: Nation) -> &'static str {
    match n {
        Nation::Britain => "Britain",
        Nation::France => "France",
        Nation::Germany => "Germany",
        Nation::AustriaHungary => "Austria-Hungary",
        Nation::Italy => "Italy",
        Nation::OttomanEmpire => "the Ottoman Empire",
        Nation::Spain => "Spain",
        Nation::Greece => "Greece",
        Nation::None => "no nation",
    }
}

/// 8.0: a Crew & Gear item's class.
pub fn cargo_class(c: CargoClass) -> &'static str {
    match c {
        CargoClass::Crew => "Crew",
        CargoClass::Gear => "Gear",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(count(1u8, "die", "dice"), "1 die");
        assert_eq!(count(0u8, "die", "dice"), "0 dice");
        assert_eq!(
            count(2u8, "damage result", "damage results"),
            "2 damage results"
        );
    }

    #[test]
    fn chances_and_means_read_as_a_player_writes_them() {
        assert_eq!(percent(0.0), "0%");
        assert_eq!(percent(0.003), "<1%");
        assert_eq!(percent(0.005), "1%");
        assert_eq!(percent(0.774), "77%");
        assert_eq!(percent(1.0), "100%");
        assert_eq!(thousands(7), "7");
        assert_eq!(thousands(2000), "2,000");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(tenths(1.25), "1.2");
        assert_eq!(tenths(1.26), "1.3");
        assert_eq!(signed_tenths(4.24), "+4.2");
        assert_eq!(signed_tenths(-1.0), "\u{2212}1.0");
        assert_eq!(signed_tenths(-0.01), "0.0");
    }

    #[test]
    fn kinds_read_as_words_not_code() {
        assert_eq!(ship_type(ShipType::TroopConvoy), "troop convoy");
        assert_eq!(ship_types(&[ShipType::CL, ShipType::DD]), "CL, DD");
        assert_eq!(nation(Nation::AustriaHungary), "Austria-Hungary");
        assert_eq!(cargo_class(CargoClass::Gear), "Gear");
    }
}
