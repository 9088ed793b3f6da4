//! The Crew & Gear chart's item ids (8.0) that rules test for by name.

pub const RESERVE_CREW: &str = "reserve_crew";
pub const TARGETING_CALCULATOR: &str = "targeting_calculator";
pub const SEARCHLIGHTS: &str = "searchlights";
pub const SEAPLANE: &str = "seaplane";
pub const TORPEDO_NETS: &str = "torpedo_nets";
pub const CAMERA_CREW: &str = "camera_crew";
pub const EXTRA_TORPEDOES: &str = "extra_torpedoes";
pub const SEEBATAILLON: &str = "seebataillon";
pub const DAMAGE_CONTROL: &str = "damage_control";
