//! The API floor: requests and answers, the session, the player's view, the protocol, saves, game
//! records, scanning. The CLIs and the shell see the core through this floor only.

pub mod barriers;
pub mod career;
pub mod chart_edit;
pub mod codes;
pub mod dice_correction;
pub mod dice_state;
pub mod finished;
mod guards;
pub mod headline;
pub mod known;
pub mod labels;
pub mod names;
pub mod player_dice;
pub mod print_sheet;
pub mod protocol;
pub mod provenance;
pub mod record;
pub mod request;
pub mod respond;
pub mod response;
pub mod review;
pub mod save;
pub mod session;
pub mod table_tasks;
#[cfg(feature = "test-hooks")]
pub mod test_hooks;
pub mod verify;
pub mod view;

// The ground floor's types that requests and answers carry, for the CLIs and the shell.
pub use crate::api::request::{Request, SessionRequest};
pub use crate::ground::action::Action;
pub use crate::ground::error::{ErrorCode, ErrorInfo};
pub use crate::ground::pack::RulesPack;
pub use crate::ground::state::{Phase, Roles};
