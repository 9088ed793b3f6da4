//! `table_tools verify`: after the game, anyone checks from an exported session that every
//! reveal matched its commitment: each SDR chit revealed against the commitment logged at its draw, each
//! Fleet Box revealed against the commitment logged at its chart's last change. Only the public log is
//! read, so the export may be the shared screen's `table_view` answer, a player's `view`, or a saved
//! session; a tampered export fails with the entry that does not match.

use std::collections::BTreeMap;

use serde_json::Value;

use super::fleets::{box_commitment, FleetSide};
use super::player::Player;
use super::sdr;
use super::LogEntry;

/// What a verified log holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Verified {
    /// SDR chits revealed, each matching its draw's commitment.
    pub chits: usize,
    /// Fleet Boxes revealed, each matching its chart's commitment.
    pub boxes: usize,
    /// Box reveals from before the seals (no salt logged): nothing to check them against.
    pub unsealed: usize,
}

/// Reads the log out of an exported session (any JSON object with a `log` array of entries or lines).
pub fn log_of(text: &str) -> Result<Vec<LogEntry>, String> {
    let value: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    let Some(Value::Array(lines)) = value.get("log") else {
        return Err(
            "no log: export the table view (table_view), a view, or a saved session".into(),
        );
    };
    lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            serde_json::from_value(line.clone()).map_err(|e| format!("log entry {}: {e}", i + 1))
        })
        .collect()
}

/// Checks every reveal of the log against its commitment; the first that fails is the error.
pub fn verify_log(log: &[LogEntry]) -> Result<Verified, String> {
    let mut drawn: BTreeMap<u32, String> = BTreeMap::new();
    let mut charts: BTreeMap<Player, (FleetSide, Vec<String>)> = BTreeMap::new();
    let mut verified = Verified::default();
    for (i, entry) in log.iter().enumerate() {
        let at = i + 1;
        match entry {
            LogEntry::Sdr(crate::sdr_requests::SdrLogEntry::SdrDrawn {
                chit, commitment, ..
            }) => {
                drawn.insert(*chit, commitment.clone());
            }
            LogEntry::Sdr(crate::sdr_requests::SdrLogEntry::SdrRevealed {
                chit,
                value,
                salt,
                ..
            }) => {
                let Some(commitment) = drawn.get(chit) else {
                    return Err(format!(
                        "log entry {at}: chit #{chit} is revealed but its draw is not in the log"
                    ));
                };
                if !sdr::verify(commitment, *value, salt) {
                    return Err(format!("log entry {at}: chit #{chit} revealed as {value} does not match the commitment {commitment} logged at its draw"));
                }
                verified.chits += 1;
            }
            LogEntry::Fleet(crate::fleet_requests::FleetLogEntry::FleetChartCommitted {
                owner,
                side,
                commitments,
            }) => {
                charts.insert(*owner, (*side, commitments.clone()));
            }
            LogEntry::Fleet(crate::fleet_requests::FleetLogEntry::FleetBoxRevealed {
                salt,
                ..
            }) if salt.is_empty() => verified.unsealed += 1,
            LogEntry::Fleet(crate::fleet_requests::FleetLogEntry::FleetBoxRevealed {
                owner,
                side,
                fleet_box,
                ships,
                salt,
                commitment,
            }) => {
                let logged = charts
                    .get(owner)
                    .filter(|(s, _)| s == side)
                    .and_then(|(_, c)| c.get(*fleet_box as usize - 1));
                let Some(logged) = logged.filter(|_| *fleet_box >= 1) else {
                    return Err(format!("log entry {at}: {side:?} Fleet Box {fleet_box} is revealed but no commitment of it is in the log"));
                };
                if commitment != logged || box_commitment(*side, *fleet_box, ships, salt) != *logged
                {
                    return Err(format!(
                        "log entry {at}: {side:?} Fleet Box {fleet_box} revealed as [{}] does not match the commitment {logged} logged at the chart's last change",
                        ships.join(", ")
                    ));
                }
                verified.boxes += 1;
            }
            _ => {}
        }
    }
    Ok(verified)
}
