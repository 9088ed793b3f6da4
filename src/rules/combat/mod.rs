//! 14.0 Naval combat and 16.0 shore bombardment, resolved by the referee:
//! - `battle`: the battle of this turn in a space, and the German ships still in it;
//! - `contact`: 14.1 deployment, 14.3 contact, 14.4 break-off, 14.15 convoys (and the opening of a bombardment);
//! - `contact_odds`: 14.3 both ratings and the exact chance of each contact result, before the roll;
//! - `salvo`: 14.2 the combat subroutine — rounds, steps, fire orders, torpedo launches, ammunition (14.8–14.10);
//! - `firing`: firing solutions (14.5, 14.6, 14.9, 14.11, 22.0, Morale Check);
//! - `targeting`: 14.11 Allied firing order and Targeting Priority Chart;
//! - `effects`: 14.7 and 14.13 hits and their effects, 16.0 Shore Bombardment column;
//! - `tally`: 14.14 end of combat, VP, Critical Naval Win/Loss, 7.5 colliers;
//! - `odds`: exact odds of one fire; `forecast`: Monte Carlo of the whole engagement with the same rules.

pub mod battle;
pub mod contact;
pub mod contact_odds;
pub mod effects;
pub mod firing;
pub mod forecast;
pub mod odds;
pub mod salvo;
pub mod tally;
pub mod targeting;
