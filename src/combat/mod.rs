//! 14.0 Naval combat: contact and break-off (`contact`), the exact odds of one fire for the odds preview
//! (`odds`). The salvo procedure (14.2, 14.5–14.13) arrives with the combat capability.

pub mod contact;
pub mod odds;
pub mod tally;
