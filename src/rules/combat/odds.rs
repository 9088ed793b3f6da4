//! Exact odds for one fire (the odds preview): with `dice` dice each hitting with probability `p`, the
//! expected number of hits and the chance of at least one (binomial).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct FireOdds {
    pub dice_to_roll: u32,
    /// Faces that hit: 1 for gunnery (a 6), 2 for torpedoes (5–6).
    pub hitting_faces: u8,
    pub expected_hits: f64,
    pub chance_of_a_hit: f64,
}

pub fn fire_odds(dice: u32, hitting_faces: u8) -> FireOdds {
    let p = hitting_faces as f64 / 6.0;
    FireOdds {
        dice_to_roll: dice,
        hitting_faces,
        expected_hits: dice as f64 * p,
        chance_of_a_hit: 1.0 - (1.0 - p).powi(dice as i32),
    }
}

/// P(exactly k hits) for `dice` dice at probability `p` each.
pub fn binomial_pmf(dice: u32, k: u32, p: f64) -> f64 {
    if k > dice {
        return 0.0;
    }
    let mut coefficient = 1.0;
    for i in 0..k {
        coefficient = coefficient * (dice - i) as f64 / (i + 1) as f64;
    }
    coefficient * p.powi(k as i32) * (1.0 - p).powi((dice - k) as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_14_5_one_die_hits_on_a_six_one_time_in_six() {
        let o = fire_odds(1, 1);
        assert!((o.expected_hits - 1.0 / 6.0).abs() < 1e-12);
        assert!((o.chance_of_a_hit - 1.0 / 6.0).abs() < 1e-12);
    }

    #[test]
    fn rule_14_6_torpedoes_hit_on_five_or_six() {
        let o = fire_odds(2, 2);
        assert!((o.chance_of_a_hit - (1.0 - (2.0f64 / 3.0).powi(2))).abs() < 1e-12);
        assert!((o.expected_hits - 2.0 / 3.0).abs() < 1e-12);
    }

    #[test]
    fn binomial_probabilities_sum_to_one() {
        let total: f64 = (0..=9).map(|k| binomial_pmf(9, k, 1.0 / 6.0)).sum();
        assert!((total - 1.0).abs() < 1e-12);
        assert_eq!(fire_odds(0, 1).chance_of_a_hit, 0.0);
    }
}
