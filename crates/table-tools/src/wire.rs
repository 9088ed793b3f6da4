//! The crate's wire enums composed of the tools' own (`tool.rs`): `ToolAction` of each tool's requests,
//! `LogEntry` of each tool's log entries. On the wire nothing shows the composition: each tool's enum is
//! tagged by the one field (`"tool"`, `"entry"`) and written as it is (untagged around it). Reading one
//! looks the tag up among the tools' tags ([`strum::VariantNames`]) and reads the whole object with the
//! enum of the tool that owns it, so a malformed request or entry is refused in that enum's own words
//! (a missing field, a wrong type), and an unknown tag as serde words it ("unknown variant …, expected one
//! of …", every tool's tags in turn).

use serde::de::{Error, Unexpected};
use serde_json::Value;

/// The tag of `value` under `field`: a string, else the refusal serde gives an internally tagged enum.
pub(crate) fn tag_of<'v, E: Error>(value: &'v Value, field: &'static str) -> Result<&'v str, E> {
    match value.get(field) {
        Some(Value::String(tag)) => Ok(tag),
        Some(other) => Err(E::invalid_type(unexpected(other), &"variant identifier")),
        None if value.is_object() => Err(E::missing_field(field)),
        None => Err(E::invalid_type(unexpected(value), &"an object")),
    }
}

/// What a JSON value is, in serde's words.
fn unexpected(value: &Value) -> Unexpected<'_> {
    match value {
        Value::Null => Unexpected::Unit,
        Value::Bool(b) => Unexpected::Bool(*b),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => Unexpected::Unsigned(u),
            (None, Some(i)) => Unexpected::Signed(i),
            _ => Unexpected::Float(n.as_f64().unwrap_or_default()),
        },
        Value::String(s) => Unexpected::Str(s),
        Value::Array(_) => Unexpected::Seq,
        Value::Object(_) => Unexpected::Map,
    }
}

/// A wire enum with one newtype variant per tool: the enum, written untagged around the tools' tagged
/// enums; read by its tag (`tag_of`, then the owning tool's enum); `From` each tool's enum; `tags()`.
macro_rules! wire_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident tagged $tag:literal {
            $( $variant:ident($part:ty), )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, serde::Serialize, ts_rs::TS)]
        #[serde(untagged)]
        $vis enum $name {
            $( $variant($part), )*
        }

        impl $name {
            /// Every tag of this type, each tool's in its own order, the tools in turn.
            pub fn tags() -> &'static [&'static str] {
                static TAGS: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
                TAGS.get_or_init(|| {
                    let mut tags = Vec::new();
                    $( tags.extend_from_slice(<$part as strum::VariantNames>::VARIANTS); )*
                    tags
                })
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                use serde::de::Error as _;
                let value = serde_json::Value::deserialize(deserializer)?;
                let tag = $crate::wire::tag_of::<D::Error>(&value, $tag)?.to_string();
                $(
                    if <$part as strum::VariantNames>::VARIANTS.contains(&tag.as_str()) {
                        return <$part as serde::Deserialize>::deserialize(value)
                            .map($name::$variant)
                            .map_err(D::Error::custom);
                    }
                )*
                Err(D::Error::unknown_variant(&tag, $name::tags()))
            }
        }

        $(
            impl From<$part> for $name {
                fn from(part: $part) -> $name {
                    $name::$variant(part)
                }
            }
        )*
    };
}

/// `ToolAction`: a wire enum of the tools' requests, each answered by its own tool ([`crate::tool::TableTool`]).
macro_rules! tool_requests {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $variant:ident($part:ty), )*
        }
    ) => {
        $crate::wire::wire_enum! {
            $(#[$meta])*
            $vis enum $name tagged "tool" {
                $( $variant($part), )*
            }
        }

        impl $name {
            /// The answer of the tool whose request this is.
            fn respond_in(self, session: &mut ToolSession) -> ToolResponse {
                match self {
                    $( $name::$variant(request) => $crate::tool::TableTool::respond(request, session), )*
                }
            }

            /// The player this request acts as, by its tool: a player's PIN guards it then, and only that
            /// player's seat of the table host may send it; `None` for a request public to both players.
            pub fn acting_player(&self) -> Option<Player> {
                match self {
                    $( $name::$variant(request) => $crate::tool::TableTool::acting_player(request), )*
                }
            }

            /// Every tool's part of a session read from an older save brought up to date, the tools in
            /// turn.
            fn update_loaded_tools(session: &mut ToolSession) {
                $( <$part as $crate::tool::TableTool>::update_loaded(session); )*
            }

            /// Every tool's part of the session's invariants, the tools in turn.
            fn check_tools(session: &ToolSession) -> Result<(), String> {
                $( <$part as $crate::tool::TableTool>::check(session)?; )*
                Ok(())
            }
        }

        impl From<$name> for ToolRequest {
            fn from(action: $name) -> ToolRequest {
                ToolRequest { action, pin: None }
            }
        }

        $(
            impl From<$part> for ToolRequest {
                fn from(action: $part) -> ToolRequest {
                    ToolRequest::from($name::from(action))
                }
            }
        )*
    };
}

/// `LogEntry`: a wire enum of the tools' log entries, each worded by its own tool ([`crate::tool::ToolLog`]).
macro_rules! tool_log {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $variant:ident($part:ty), )*
        }
    ) => {
        $crate::wire::wire_enum! {
            $(#[$meta])*
            #[derive(Eq)]
            $vis enum $name tagged "entry" {
                $( $variant($part), )*
            }
        }

        impl $name {
            /// The entry's readable line, in the words of the tool that logged it.
            fn text(&self) -> String {
                match self {
                    $( $name::$variant(entry) => $crate::tool::ToolLog::text(entry), )*
                }
            }
        }
    };
}

pub(crate) use {tool_log, tool_requests, wire_enum};
