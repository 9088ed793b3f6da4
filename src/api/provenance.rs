//! A provable game: before the player's first decision the referee commits to its randomness
//! with SHA-256 over a documented string that holds the seed, a fresh random salt and the hash of the
//! rules pack in force. The commitment is public from the first view on; the seed, the salt and the
//! committed string are revealed only when the game is over for good, so anyone can check by hand that
//! the pool and the setup were fixed before the first decision:
//!
//! ```text
//! printf '%s' 'goeben-referee commitment v1; seed=…; salt=…; pack=…' | sha256sum
//! ```

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use ts_rs::TS;

use crate::ground::pack::RulesPack;

/// The first words of every committed string: the format's name and version.
pub const COMMITMENT_FORMAT: &str = "goeben-referee commitment v1";

/// The hidden half of a commitment: kept in the session, never in a view or record until the end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Provenance {
    pub seed: u64,
    /// 128 random bits as 32 lowercase hex characters: without it the seed could be guessed and checked.
    pub salt: String,
    /// SHA-256 of the rules pack in force at new game (`pack_hash`).
    pub pack_sha256: String,
    /// SHA-256 of `committed_string(seed, salt, pack_sha256)`, 64 lowercase hex characters.
    pub commitment: String,
}

/// What the view shows once the game is over: everything needed to check the commitment by hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Reveal {
    #[ts(type = "number")]
    pub seed: u64,
    pub salt: String,
    /// The exact string whose SHA-256 is the commitment.
    pub committed: String,
}

/// The documented string: `goeben-referee commitment v1; seed=<decimal>; salt=<32 hex>; pack=<64 hex>`.
pub fn committed_string(seed: u64, salt: &str, pack_sha256: &str) -> String {
    format!("{COMMITMENT_FORMAT}; seed={seed}; salt={salt}; pack={pack_sha256}")
}

pub fn sha256_hex(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

/// SHA-256 of the pack's exported JSON (`RulesPack::to_json`, the text `export_pack` gives).
pub fn pack_hash(pack: &RulesPack) -> String {
    sha256_hex(&pack.to_json())
}

/// The standard pack's hash, worked out once per process (parsing the embedded pack takes milliseconds).
pub fn standard_pack_hash() -> &'static str {
    static HASH: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HASH.get_or_init(|| pack_hash(&RulesPack::standard()))
}

impl Provenance {
    /// The commitment to `seed` and `salt` (hex) under the pack whose hash is `pack_sha256`.
    pub fn new(seed: u64, salt: &str, pack_sha256: String) -> Provenance {
        let commitment = sha256_hex(&committed_string(seed, salt, &pack_sha256));
        Provenance {
            seed,
            salt: salt.to_string(),
            pack_sha256,
            commitment,
        }
    }

    pub fn committed(&self) -> String {
        committed_string(self.seed, &self.salt, &self.pack_sha256)
    }

    pub fn reveal(&self) -> Reveal {
        Reveal {
            seed: self.seed,
            salt: self.salt.clone(),
            committed: self.committed(),
        }
    }
}

/// Checks a revealed seed and salt against a commitment and a pack hash; the reason when they differ.
pub fn check(commitment: &str, seed: u64, salt: &str, pack_sha256: &str) -> Result<(), String> {
    let committed = committed_string(seed, salt, pack_sha256);
    let hash = sha256_hex(&committed);
    if hash == commitment {
        Ok(())
    } else {
        Err(format!(
            "SHA-256 of `{committed}` is {hash}, not the commitment {commitment}"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issue_14_commitment_is_sha256_of_the_documented_string() {
        let pack = RulesPack::standard();
        let p = Provenance::new(42, &hex::encode([7u8; 16]), pack_hash(&pack));
        assert_eq!(p.commitment.len(), 64);
        assert!(p
            .commitment
            .chars()
            .all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()));
        assert_eq!(sha256_hex(&p.committed()), p.commitment);
        assert!(p.committed().contains("seed=42;"));
        assert!(check(&p.commitment, 42, &p.salt, &p.pack_sha256).is_ok());
        assert!(
            check(&p.commitment, 43, &p.salt, &p.pack_sha256).is_err(),
            "another seed does not match"
        );
        // A known value, so the documented string cannot drift unnoticed: printf '%s' 'abc' | sha256sum
        assert_eq!(
            sha256_hex("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
