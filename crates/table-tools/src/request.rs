//! One request as a player's screen sends it: a [`ToolAction`] and, once the acting player has set a PIN
//! for Peek, that PIN. On the wire the PIN is one more field of the action's object (`"pin"`); `view` and
//! `set_pin` carry their own `pin` field, as they always have.
//!
//! Every request that acts as a player who has set a PIN is answered only with it: the answers to a
//! chart edit, a draw or a unit placed carry that player's secrets just as a peek does, so a second
//! player at the same phone must not get them by sending the request instead of peeking.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use ts_rs::TS;

use crate::pins::Pin;
use crate::player::Player;
use crate::ToolAction;

/// A request to the table tools: the action, and the acting player's PIN when they have set one.
#[derive(Clone, Debug, PartialEq, TS)]
pub struct ToolRequest {
    #[ts(flatten)]
    pub action: ToolAction,
    /// The acting player's PIN for Peek: needed on every request that acts as a player who has set one.
    #[ts(optional)]
    pub pin: Option<Pin>,
}

impl ToolRequest {
    /// `action` sent with `pin`.
    pub fn with_pin(action: ToolAction, pin: Pin) -> ToolRequest {
        ToolRequest {
            action,
            pin: Some(pin),
        }
    }

    /// The PIN this request offers: its own, or the one a `view` carries in its fields.
    pub fn pin(&self) -> Option<&Pin> {
        match (&self.pin, &self.action) {
            (Some(pin), _) => Some(pin),
            (None, ToolAction::Peek(crate::peek::PeekAction::View { pin, .. })) => pin.as_ref(),
            (None, _) => None,
        }
    }

    /// The player whose PIN must come with this request: the acting player, except for `set_pin`,
    /// which sets the PIN (and is refused once one is set, whoever sends it).
    pub fn guarded_player(&self) -> Option<Player> {
        match self.action {
            ToolAction::Peek(crate::peek::PeekAction::SetPin { .. }) => None,
            ref action => action.acting_player(),
        }
    }
}

/// The tools whose own fields hold a `pin`: the request's PIN is then that field.
fn pin_is_a_field(tool: Option<&str>) -> bool {
    matches!(tool, Some("view" | "set_pin"))
}

impl<'de> Deserialize<'de> for ToolRequest {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ToolRequest, D::Error> {
        let mut value = serde_json::Value::deserialize(deserializer)?;
        let own_field = pin_is_a_field(value.get("tool").and_then(serde_json::Value::as_str));
        let pin = match value.as_object_mut() {
            Some(object) if !own_field => object.remove("pin"),
            _ => None,
        };
        let action = ToolAction::deserialize(value).map_err(D::Error::custom)?;
        let pin = pin
            .map(Pin::deserialize)
            .transpose()
            .map_err(D::Error::custom)?;
        if pin.is_some() && action.acting_player().is_none() {
            // A PIN on a request for no player would be ignored; a field the tools ignore is refused.
            return Err(D::Error::custom(
                "`pin` goes only with a request that acts as a player",
            ));
        }
        Ok(ToolRequest { action, pin })
    }
}

impl Serialize for ToolRequest {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::Error as _;
        let mut value = serde_json::to_value(&self.action).map_err(S::Error::custom)?;
        if let (Some(pin), Some(object)) = (&self.pin, value.as_object_mut()) {
            object.insert(
                "pin".to_string(),
                serde_json::to_value(pin).map_err(S::Error::custom)?,
            );
        }
        value.serialize(serializer)
    }
}
