//! 14.0 Naval combat. So far: the exact odds of one fire for the odds preview (`odds`). The contact,
//! break-off and salvo procedures arrive with the combat capability.

pub mod odds;
