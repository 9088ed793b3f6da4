//! Issue #16 game tables: a referee game (`goeben_referee::Session`) served to one seat per 25.0 role.
//! Every seat sees the same player view (the core's view: nothing face down in it); a seat may send only
//! the moves whose call is its role's (`rules::roles::who_decides`), plus `view`; the session's own
//! requests (new game, undo, charts edited…) are the host's. The table display sends `view` only.
//!
//! `--seats 4`: the Task Force Officers (25.0 (1)): Commander, First Officer, Gunnery Officer, Engineer.
//! A decision the Commander takes on an officer's recommendation is the Commander's; the First Officer
//! picks incident chits and examines zones; the Engineer manages repairs; the Gunnery Officer only
//! recommends, so that seat sends `view` only.
//! `--seats 2`: the Ship Commanders (25.0 (2)) of the standard task force, Goeben and Breslau: each ship's
//! decisions are its commander's, the others the senior commander's present (Goeben's).

use goeben_referee::ground::event::ship_name;
use goeben_referee::ground::state::{GameOptions, Roles};
use goeben_referee::rules::roles::{who_decides, PRECEDENCE};
use goeben_referee::api::view::PlayerView;
use goeben_referee::{Action, Request, RulesPack, Session, SessionRequest};

use crate::seats::{Seat, SeatRole};

/// 25.0 (1) the Task Force Officers, as their seats are named.
pub const OFFICERS: [&str; 4] = ["Commander", "First Officer", "Gunnery Officer", "Engineer"];

/// The ships of the standard task force (3.0 step 6), whose commanders sit at a `--seats 2` table.
pub const STANDARD_SHIPS: [&str; 2] = ["goeben", "breslau"];

/// The 25.0 roles a game table of `players` seats plays with, if it has that many.
pub fn roles_for(players: u32) -> Option<Roles> {
    match players {
        4 => Some(Roles::TaskForceOfficers),
        2 => Some(Roles::ShipCommanders),
        _ => None,
    }
}

/// A new game under `roles` (standard rules otherwise), its dice from `seed`.
pub fn new_game(roles: Roles, seed: u64) -> Session {
    let mut session = Session::new(RulesPack::standard(), seed);
    let options = GameOptions { roles, ..GameOptions::default() };
    let started = session.respond(SessionRequest::NewGame { seed: None, options: Some(options) });
    assert!(started.ok, "a standard game starts: {:?}", started.error);
    session
}

/// The seats of a game table under `roles`, and the table display's when asked for.
pub fn game_seats(pack: &RulesPack, roles: Roles, display: bool) -> Vec<Seat> {
    let names: Vec<String> = match roles {
        Roles::TaskForceOfficers => OFFICERS.iter().map(|r| r.to_string()).collect(),
        Roles::ShipCommanders => STANDARD_SHIPS.iter().map(|id| ship_name(pack, id)).collect(),
        Roles::Solo => vec!["Player".to_string()],
    };
    let mut seats: Vec<Seat> = names.iter().map(|name| Seat::new(name, SeatRole::GameRole)).collect();
    if display {
        seats.push(Seat::new("display", SeatRole::Display));
    }
    seats
}

/// The seat (its index in `seats`) whose call `action` is under `roles`, with the words of who decides.
pub fn decider(pack: &RulesPack, roles: Roles, seats: &[Seat], action: &Action) -> (Option<usize>, String) {
    let Some(who) = who_decides(pack, roles, action) else {
        // Solo: the one player's seat.
        return (seats.iter().position(|s| s.role == SeatRole::GameRole), "the player".into());
    };
    let named = |name: &str| seats.iter().position(|s| s.role == SeatRole::GameRole && s.name == name);
    let seat = match roles {
        Roles::TaskForceOfficers if who == "Commander" || who.ends_with("the Commander decides") => named("Commander"),
        Roles::TaskForceOfficers => OFFICERS.iter().find(|role| who.starts_with(*role)).and_then(|role| named(role)),
        Roles::ShipCommanders => match who.strip_suffix("'s commander") {
            Some(ship) => named(ship),
            // The senior commander present: the first seat in the order of precedence.
            None => PRECEDENCE.iter().find_map(|id| named(&ship_name(pack, id))),
        },
        Roles::Solo => None,
    };
    (seat, who)
}

/// Whether a game seat may send `request`: `view` always; a move only when its call is the seat's.
pub fn permits(pack: &RulesPack, roles: Roles, seats: &[Seat], seat: usize, request: &Request) -> Result<(), String> {
    match request {
        Request::Session(SessionRequest::View) => Ok(()),
        Request::Session(_) => Err("the host runs the session (new game, undo, the log, charts): a seat sends its moves and view".into()),
        Request::Move(_) if seats[seat].role == SeatRole::Display => Err("the table display sees only the view (view)".into()),
        Request::Move(action) => match decider(pack, roles, seats, action) {
            (Some(decides), _) if decides == seat => Ok(()),
            (_, who) => Err(format!("this is the {} seat: this decision is not its call ({who})", seats[seat].name)),
        },
    }
}

/// What `seat` is offered of a view: the same view (nothing in it is secret), with only the decisions
/// whose call is this seat's; the table display is offered none.
pub fn for_seat(pack: &RulesPack, roles: Roles, seats: &[Seat], seat: usize, view: &mut PlayerView) {
    let display = seats[seat].role == SeatRole::Display;
    view.decisions.retain(|d| !display && decider(pack, roles, seats, &d.action).0 == Some(seat));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_decision_goes_to_one_seat() {
        let session = new_game(Roles::TaskForceOfficers, 1);
        let pack = session.pack();
        let officers = game_seats(pack, Roles::TaskForceOfficers, true);
        let names: Vec<&str> = officers.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["Commander", "First Officer", "Gunnery Officer", "Engineer", "display"]);
        let view = Request::Session(SessionRequest::View);
        for seat in 0..officers.len() {
            assert_eq!(permits(pack, Roles::TaskForceOfficers, &officers, seat, &view), Ok(()));
        }
        let undo = Request::Session(SessionRequest::Undo);
        assert!(permits(pack, Roles::TaskForceOfficers, &officers, 0, &undo).is_err(), "the session is the host's");
        let repair = Action::Repair { ship: "goeben".into(), hull: 1, engines: 0, primary: 0, secondary: 0, tertiary: 0 };
        assert_eq!(decider(pack, Roles::TaskForceOfficers, &officers, &repair).0, Some(3), "the Engineer manages repairs");
        let commanders = game_seats(pack, Roles::ShipCommanders, false);
        let names: Vec<&str> = commanders.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["SMS Goeben", "SMS Breslau"]);
        assert_eq!(decider(pack, Roles::ShipCommanders, &commanders, &Action::LayMines { ship: "breslau".into() }).0, Some(1));
        assert_eq!(decider(pack, Roles::ShipCommanders, &commanders, &Action::EndPhase).0, Some(0), "the senior commander present");
    }
}
