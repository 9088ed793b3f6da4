//! The sequence-of-play floor: the phases in order and the dispatch of one move to its rule. It sits
//! above the rules it calls; nothing below imports it.

pub mod dispatch;
pub mod flow;
