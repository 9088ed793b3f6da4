//! Small helpers for the core's sentences (issue #19: words a player uses): a count with its noun in
//! the right number, so no line reads "1 dice" or "result(s)".

/// `n` and the noun for it: `count(1, "die", "dice")` is "1 die", `count(3, "die", "dice")` "3 dice".
pub fn count(n: impl Into<i64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(count(1u8, "die", "dice"), "1 die");
        assert_eq!(count(0u8, "die", "dice"), "0 dice");
        assert_eq!(count(2u8, "damage result", "damage results"), "2 damage results");
    }
}
