//! The prose checks the core's words share (`event_grammar.rs`, `words.rs`): each looks for one class of
//! fault a player would notice; each test's `fault` runs them in its own order with its own messages.
// Each test binary that includes this module uses only some of its checks.
#![allow(dead_code)]

/// The plural nouns the core counts: none may follow a 1 ("1 engines", "1 dice").
pub const PLURALS: [&str; 30] = [
    "dice",
    "results",
    "missions",
    "hits",
    "spaces",
    "turns",
    "boxes",
    "points",
    "ships",
    "engines",
    "torpedoes",
    "counters",
    "units",
    "picks",
    "markers",
    "rounds",
    "steps",
    "guns",
    "days",
    "items",
    "damages",
    "salvos",
    "decisions",
    "faces",
    "launches",
    "fires",
    "zones",
    "ports",
    "entries",
    "take-backs",
];
/// A verb that cannot follow "goes", "is" or "was" ("goes withdraws", "is sinks").
const FINITE_VERBS: [&str; 9] = [
    "withdraws",
    "goes",
    "is",
    "was",
    "sinks",
    "returns",
    "moves",
    "lands",
    "damaged",
];
/// Proper adjectives a line must capitalise.
pub const PROPER: [&str; 7] = [
    "german",
    "allied",
    "british",
    "french",
    "italian",
    "ottoman",
    "austro-hungarian",
];

/// A word without the punctuation around it.
pub fn bare(word: &str) -> &str {
    word.trim_matches(|c: char| !c.is_alphanumeric() && c != '_' && c != '-')
}

/// "1 engines", "1 dice": a plural noun of `plurals` after a count of one (`pair`: two words in a row).
pub fn plural_after_one(pair: &[&str], plurals: &[&str]) -> bool {
    pair[0] == "1" && pair[1].starts_with(char::is_alphabetic) && plurals.contains(&bare(pair[1]))
}

/// "goes withdraws", "is sinks", "goes destroyed": a verb after a verb (`a` and `z` bare words in a row).
/// "is damaged" and "was damaged" are passives, not faults.
pub fn doubled_verb(a: &str, z: &str) -> bool {
    let after_a_verb = ["goes", "is", "was"].contains(&a)
        && FINITE_VERBS.contains(&z)
        && !(a != "goes" && z == "damaged");
    after_a_verb || (a == "goes" && z == "destroyed")
}

/// A ship named by its id ("goeben") where the player reads its name ("SMS Goeben").
pub fn ship_named_by_id(words: &[&str]) -> bool {
    words
        .iter()
        .map(|w| bare(w))
        .any(|b| ["goeben", "breslau", "moltke", "stralsund"].contains(&b))
}

/// A space named from its parts: "to off the battle", "at off …".
pub fn space_named_from_parts(words: &[&str]) -> bool {
    words.windows(2).any(|p| {
        ["to", "at", "in", "from", "into"].contains(&p[0])
            && ["off", "at", "to", "from", "into"].contains(&p[1])
    })
}

/// A number that says nothing ("picks: 0; 0 drawn") where the line should say why.
pub fn count_of_nothing(text: &str) -> bool {
    text.contains(": 0;") || (text.contains(" 0 drawn") && !text.contains("ran short"))
}

/// A bracket inside a bracket: "(Aegean (Eastern Mediterranean))".
pub fn nested_brackets(text: &str) -> bool {
    let mut depth = 0;
    text.chars().any(|c| {
        depth += match c {
            '(' => 1,
            ')' => -1,
            _ => 0,
        };
        depth > 1
    })
}

/// A sentence ends with a full stop, "!" or "?", or with the dice it rolled.
pub fn no_full_stop(text: &str) -> bool {
    !text.ends_with(['.', '!', '?']) && !text.ends_with(|c: char| c.is_ascii_digit())
}
