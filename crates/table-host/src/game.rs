//! Game tables: a referee game (`goeben_referee::Session`) served to one seat per 25.0 role.
//! Every seat sees the same player view (the core's view: nothing face down in it); a seat may send only
//! the moves whose call is its role's (`rules::roles::who_decides`), plus `view`; the session's own
//! requests (new game, undo, charts edited…) are the host's. The table display sends `view` only.
//!
//! `--seats 4`: the Task Force Officers (25.0 (1)): Commander, First Officer, Gunnery Officer, Engineer.
//! A decision the Commander takes on an officer's recommendation is the Commander's; the First Officer
//! picks incident chits and examines zones; the Engineer manages repairs; the Gunnery Officer only
//! recommends, so that seat sends `view` only.
//! `--seats 2`: the Ship Commanders (25.0 (2)) of the standard task force, Goeben and Breslau: each ship's
//! decisions are its commander's, the others the senior commander's present (Goeben's). With the optional
//! ships of 19.0 (`--fleet`: Moltke in Goeben's place, Stralsund beside Breslau, or all four) every ship
//! of the task force has its commander's seat, in the order of precedence (Goeben, Moltke, Breslau,
//! Stralsund); a ship that has no seat (one that joins later, 19.1) is the senior commander's.
//! With the Austro-Hungarian units of 20.0 in play (`GameOptions::austro_hungarian`), 25.0 (3) seats their
//! one commander beside either table: that seat alone is offered and may send those ships' decisions
//! and, in the Adriatic, the decisions of a space where those ships are (its battle, bombardment, raid
//! and incidents: his precedence there), and nothing else (undo, the end of a phase and the same
//! decisions outside the Adriatic stay with the German roles' seats).
//!
//! Undo and corrections (the app's "Undo" and "Correct a mistake") are the commanding seat's: the
//! Commander's (25.0 (1): "makes final decisions"), or at a Ship Commanders table the senior commander's
//! present (25.0 (2): precedence settles conflicts), the seat that also ends the phase. Undo stays the
//! core's own: refused past a die or a reveal (unless the game's house rule allows take-backs, each then
//! counted), and every correction logged with the old and new value.

use goeben_referee::api::view::PlayerView;
use goeben_referee::ground::event::ship_name;
use goeben_referee::ground::state::{Fleet, GameOptions, Roles};
use goeben_referee::rules::roles::{who_decides, Presence, AUSTRO_HUNGARIAN_COMMANDER, PRECEDENCE};
use goeben_referee::{Action, Request, RulesPack, Session, SessionRequest};

use crate::seats::{Seat, SeatRole};

/// 25.0 (1) the Task Force Officers, as their seats are named.
pub const OFFICERS: [&str; 4] = ["Commander", "First Officer", "Gunnery Officer", "Engineer"];

/// 25.0 (3): the seat of the one player who commands the Austro-Hungarian ships (20.0), at a table whose
/// game plays the Austro-Hungarian option.
pub const AUSTRO_HUNGARIAN_SEAT: &str = "Austro-Hungarian commander";

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
    new_game_with(
        GameOptions {
            roles,
            ..GameOptions::default()
        },
        seed,
    )
    .expect("a standard game starts")
}

/// A new game with `options` (its roles, the 19.0 fleet, the other optional rules), its dice from `seed`;
/// the core's refusal when it refuses them.
pub fn new_game_with(options: GameOptions, seed: u64) -> Result<Session, String> {
    let mut session = Session::new(RulesPack::standard(), seed);
    let started = session.respond(SessionRequest::NewGame {
        seed: None,
        options: Some(options),
    });
    match started.ok {
        true => Ok(session),
        false => Err(started
            .error
            .map_or_else(|| "the game did not start".into(), |e| e.message)),
    }
}

/// 19.0: the task force `session`'s game began with (the standard one when there is no game).
pub fn fleet_of(session: &Session) -> Fleet {
    session
        .view()
        .game
        .map_or(Fleet::Standard, |game| game.options.fleet)
}

/// 20.0: whether `session`'s game plays the Austro-Hungarian option (its ships may come under German
/// control through the Fleet Sorties incident).
pub fn austro_hungarian_of(session: &Session) -> bool {
    session
        .view()
        .game
        .is_some_and(|game| game.options.austro_hungarian)
}

/// The seats of a game table under `roles` for `session`'s game: one per 25.0 role, at a Ship
/// Commanders table one per ship of its task force (19.0); the Austro-Hungarian commander's when the game
/// plays that option (25.0 (3)); the table display's when asked for.
pub fn game_seats_for(session: &Session, roles: Roles, display: bool) -> Vec<Seat> {
    option_seats(
        session.pack(),
        roles,
        fleet_of(session),
        austro_hungarian_of(session),
        display,
    )
}

/// The 25.0 roles `session`'s running game seats, or why it cannot be opened to seats (no game; a game
/// of one player, whose decisions name no deciders).
pub fn running_roles(session: &Session) -> Result<Roles, String> {
    let Some(game) = session.view().game else {
        return Err(
            "no game is running: start one (with the 25.0 roles the table seats) first".into(),
        );
    };
    match game.options.roles {
        Roles::Solo => Err("the running game is played by one player: a game opened to seats needs the 25.0 roles (Task Force Officers or Ship Commanders), chosen when it starts".into()),
        roles => Ok(roles),
    }
}

/// The seats of a game table under `roles` with the standard task force (Goeben and Breslau), and the
/// table display's when asked for.
pub fn game_seats(pack: &RulesPack, roles: Roles, display: bool) -> Vec<Seat> {
    fleet_seats(pack, roles, Fleet::Standard, display)
}

/// 25.0 (2) with 19.0: the ships of `fleet` whose commanders sit at the table, in the order of
/// precedence (Goeben, Moltke, Breslau, Stralsund), so the first seat is the senior commander's.
pub fn commanded_ships(fleet: Fleet) -> Vec<&'static str> {
    let (ships, _) = fleet.ships_and_cost();
    PRECEDENCE
        .iter()
        .copied()
        .filter(|id| ships.contains(id))
        .collect()
}

/// [`game_seats`] for the task force `fleet` (19.0).
pub fn fleet_seats(pack: &RulesPack, roles: Roles, fleet: Fleet, display: bool) -> Vec<Seat> {
    option_seats(pack, roles, fleet, false, display)
}

/// [`fleet_seats`], plus the Austro-Hungarian commander's seat when `austro_hungarian` (25.0 (3): one
/// player controls those ships, whatever the other roles), after the German roles' seats so the first
/// seat stays the commanding one.
pub fn option_seats(
    pack: &RulesPack,
    roles: Roles,
    fleet: Fleet,
    austro_hungarian: bool,
    display: bool,
) -> Vec<Seat> {
    let mut names: Vec<String> = match roles {
        Roles::TaskForceOfficers => OFFICERS.iter().map(|r| r.to_string()).collect(),
        Roles::ShipCommanders => commanded_ships(fleet)
            .iter()
            .map(|id| ship_name(pack, id))
            .collect(),
        Roles::Solo => vec!["Player".to_string()],
    };
    if austro_hungarian && roles != Roles::Solo {
        names.push(AUSTRO_HUNGARIAN_SEAT.to_string());
    }
    let mut seats: Vec<Seat> = names
        .iter()
        .map(|name| Seat::new(name, SeatRole::GameRole))
        .collect();
    if display {
        seats.push(Seat::new("display", SeatRole::Display));
    }
    seats
}

/// The seat (its index in `seats`) whose call `action` is under `roles`, with the words of who decides;
/// `presence` is where the Austro-Hungarian ships are now (25.0 (3), [`presence`]).
pub fn decider(
    pack: &RulesPack,
    roles: Roles,
    seats: &[Seat],
    action: &Action,
    presence: &Presence,
) -> (Option<usize>, String) {
    let Some(who) = who_decides(pack, roles, action, presence) else {
        // Solo: the one player's seat.
        return (
            seats.iter().position(|s| s.role == SeatRole::GameRole),
            "the player".into(),
        );
    };
    let named = |name: &str| {
        seats
            .iter()
            .position(|s| s.role == SeatRole::GameRole && s.name == name)
    };
    // 25.0 (3): the Austro-Hungarian ships' decisions, and those of a space in the Adriatic where they
    // are, are their commander's, at any table that seats one; a table without that seat (the option
    // off: no such ship comes under German control) falls through to the Commander or the senior
    // commander, so no decision is left without a seat.
    if who == AUSTRO_HUNGARIAN_COMMANDER {
        if let Some(seat) = named(AUSTRO_HUNGARIAN_SEAT) {
            return (Some(seat), who);
        }
    }
    let seat = match roles {
        Roles::TaskForceOfficers
            if who == "Commander" || who.ends_with("the Commander decides") =>
        {
            named("Commander")
        }
        // An officer's call; anything else (25.0 (3) without its seat) the Commander's.
        Roles::TaskForceOfficers => OFFICERS
            .iter()
            .find(|role| who.starts_with(*role))
            .and_then(|role| named(role))
            .or_else(|| named("Commander")),
        // A ship with no seat of its own (19.1: Moltke and Stralsund may join a campaign later) is the
        // senior commander's, as a decision that is no ship's.
        Roles::ShipCommanders => who
            .strip_suffix("'s commander")
            .and_then(named)
            .or_else(|| senior(pack, seats)),
        Roles::Solo => None,
    };
    (seat, who)
}

/// 25.0 (2): the senior commander present, the first seat in the order of precedence.
fn senior(pack: &RulesPack, seats: &[Seat]) -> Option<usize> {
    let named = |name: &str| {
        seats
            .iter()
            .position(|s| s.role == SeatRole::GameRole && s.name == name)
    };
    PRECEDENCE.iter().find_map(|id| named(&ship_name(pack, id)))
}

/// The seat that undoes and corrects: the Commander's (25.0 (1) "makes final decisions"), the senior
/// commander's present at a Ship Commanders table (25.0 (2)), the one player's alone. The same seat ends
/// the phase, so undo and corrections stay with whoever has the last word.
pub fn commanding_seat(pack: &RulesPack, roles: Roles, seats: &[Seat]) -> Option<usize> {
    match roles {
        Roles::TaskForceOfficers => seats
            .iter()
            .position(|s| s.role == SeatRole::GameRole && s.name == OFFICERS[0]),
        Roles::ShipCommanders => senior(pack, seats),
        Roles::Solo => seats.iter().position(|s| s.role == SeatRole::GameRole),
    }
}

/// Whether a game seat may send `request`: `view` always; a move only when its call is the seat's (the
/// Austro-Hungarian ships where `presence` says, 25.0 (3)); `undo` and corrections (`correct`) only
/// from the commanding seat ([`commanding_seat`]).
pub fn permits(
    pack: &RulesPack,
    roles: Roles,
    seats: &[Seat],
    seat: usize,
    request: &Request,
    presence: &Presence,
) -> Result<(), String> {
    permits_asked(pack, roles, seats, seat, request, None, presence)
}

/// 25.0 (3): where the Austro-Hungarian ships under German control are and the question asked, in the
/// game as `session` holds it now (from its public view).
pub fn presence(session: &Session) -> Presence {
    goeben_referee::api::labels::presence(&session.view())
}

/// [`permits`] while the move `asked_by` waits for the player's dice (house rule "I roll the dice"):
/// `enter_dice` is the call of the seat whose move asked for the roll.
pub fn permits_asked(
    pack: &RulesPack,
    roles: Roles,
    seats: &[Seat],
    seat: usize,
    request: &Request,
    asked_by: Option<&Action>,
    presence: &Presence,
) -> Result<(), String> {
    let request = match (request, asked_by) {
        (Request::Move(Action::EnterDice { .. }), Some(asked)) => &Request::Move(asked.clone()),
        _ => request,
    };
    let commanding = || commanding_seat(pack, roles, seats) == Some(seat);
    let commander = || {
        commanding_seat(pack, roles, seats).map_or_else(
            || "the commanding seat".to_string(),
            |s| format!("the {} seat", seats[s].name),
        )
    };
    match request {
        Request::Session(SessionRequest::View) => Ok(()),
        Request::Session(SessionRequest::Undo) if commanding() => Ok(()),
        Request::Session(SessionRequest::Undo) => Err(format!("this is the {} seat: undo is {}'s (25.0: the commanding seat has the last word)", seats[seat].name, commander())),
        Request::Session(_) => Err("the host runs the session (new game, the log, charts, saves): a seat sends its moves, view, and from the commanding seat undo".into()),
        Request::Move(Action::Correct { .. }) if seats[seat].role == SeatRole::Display => Err("the table display sees only the view (view)".into()),
        Request::Move(Action::Correct { .. }) if commanding() => Ok(()),
        Request::Move(Action::Correct { .. }) => Err(format!("this is the {} seat: corrections are {}'s (25.0: the commanding seat has the last word)", seats[seat].name, commander())),
        Request::Move(_) if seats[seat].role == SeatRole::Display => Err("the table display sees only the view (view)".into()),
        Request::Move(action) => match decider(pack, roles, seats, action, presence) {
            (Some(decides), _) if decides == seat => Ok(()),
            (Some(decides), who) => Err(format!("this is the {} seat: this decision is not its call but the {} seat's ({who})", seats[seat].name, seats[decides].name)),
            (None, who) => Err(format!("this is the {} seat: this decision is not its call ({who})", seats[seat].name)),
        },
    }
}

/// What `seat` is offered of a view: the same view (nothing in it is secret), with only the decisions
/// whose call is this seat's; the table display is offered none.
/// The view's undo status says `allowed` only to the seat that may undo.
pub fn for_seat(
    pack: &RulesPack,
    roles: Roles,
    seats: &[Seat],
    seat: usize,
    view: &mut PlayerView,
) {
    let display = seats[seat].role == SeatRole::Display;
    let asked_by = view.pending_roll.as_ref().map(|roll| roll.asked_by.clone());
    let presence = goeben_referee::api::labels::presence(view);
    view.decisions.retain(|d| {
        // House rule "I roll the dice": entering the asked roll is the asking move's seat's call.
        let action = match (&d.action, &asked_by) {
            (Action::EnterDice { .. }, Some(asked)) => asked,
            (action, _) => action,
        };
        !display && decider(pack, roles, seats, action, &presence).0 == Some(seat)
    });
    if commanding_seat(pack, roles, seats) != Some(seat) {
        view.undo_status.allowed = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NONE: Presence = Presence {
        austro_hungarian_at: Vec::new(),
        question: None,
    };

    #[test]
    fn each_decision_goes_to_one_seat() {
        let session = new_game(Roles::TaskForceOfficers, 1);
        let pack = session.pack();
        let officers = game_seats(pack, Roles::TaskForceOfficers, true);
        let names: Vec<&str> = officers.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "Commander",
                "First Officer",
                "Gunnery Officer",
                "Engineer",
                "display"
            ]
        );
        let view = Request::Session(SessionRequest::View);
        for seat in 0..officers.len() {
            assert_eq!(
                permits(
                    pack,
                    Roles::TaskForceOfficers,
                    &officers,
                    seat,
                    &view,
                    &NONE
                ),
                Ok(())
            );
        }
        let undo = Request::Session(SessionRequest::Undo);
        assert_eq!(
            permits(pack, Roles::TaskForceOfficers, &officers, 0, &undo, &NONE),
            Ok(()),
            "25.0 (1): the Commander undoes"
        );
        for seat in 1..officers.len() {
            assert!(permits(
                pack,
                Roles::TaskForceOfficers,
                &officers,
                seat,
                &undo,
                &NONE
            )
            .unwrap_err()
            .contains("the Commander seat"));
        }
        let new_game = Request::Session(SessionRequest::NewGame {
            seed: None,
            options: None,
        });
        assert!(
            permits(
                pack,
                Roles::TaskForceOfficers,
                &officers,
                0,
                &new_game,
                &NONE
            )
            .is_err(),
            "a new game is the host's"
        );
        let repair = Action::Repair {
            ship: "goeben".into(),
            hull: 1,
            engines: 0,
            primary: 0,
            secondary: 0,
            tertiary: 0,
        };
        assert_eq!(
            decider(pack, Roles::TaskForceOfficers, &officers, &repair, &NONE).0,
            Some(3),
            "the Engineer manages repairs"
        );
        let commanders = game_seats(pack, Roles::ShipCommanders, false);
        let names: Vec<&str> = commanders.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["SMS Goeben", "SMS Breslau"]);
        assert_eq!(
            decider(
                pack,
                Roles::ShipCommanders,
                &commanders,
                &Action::LayMines {
                    ship: "breslau".into()
                },
                &NONE
            )
            .0,
            Some(1)
        );
        assert_eq!(
            decider(
                pack,
                Roles::ShipCommanders,
                &commanders,
                &Action::EndPhase,
                &NONE
            )
            .0,
            Some(0),
            "the senior commander present"
        );
    }

    /// player_dice: the roll a move asked for is entered from the seat whose move it was (25.0 (2): a
    /// ship's fire is its commander's), and only that seat is offered `enter_dice`.
    #[test]
    fn player_dice_the_asking_moves_seat_enters_the_roll() {
        let pack = &RulesPack::standard();
        let commanders = game_seats(pack, Roles::ShipCommanders, false);
        let fire = Action::FireOrders {
            ship: "breslau".into(),
            target: None,
            maximum_fire: false,
        };
        let enter = Request::Move(Action::EnterDice { faces: vec![6] });
        let roles = Roles::ShipCommanders;
        assert_eq!(
            permits_asked(pack, roles, &commanders, 1, &enter, Some(&fire), &NONE),
            Ok(())
        );
        assert!(permits_asked(pack, roles, &commanders, 0, &enter, Some(&fire), &NONE).is_err());
        let mut view = PlayerView::no_game();
        view.decisions = vec![serde_json::from_value(serde_json::json!({
            "action": {"action": "enter_dice", "faces": []}, "label": "Enter 1 die"
        }))
        .unwrap()];
        view.pending_roll = Some(goeben_referee::api::player_dice::PendingRoll {
            prompt: "Roll 1 die".into(),
            count: 1,
            sides: 6,
            purpose: String::new(),
            rule: "14.5".into(),
            hitting_faces: vec![6],
            rolls_entered: 0,
            asked_by: fire,
        });
        let mut goeben = view.clone();
        for_seat(pack, roles, &commanders, 0, &mut goeben);
        assert!(goeben.decisions.is_empty(), "not Goeben's roll");
        for_seat(pack, roles, &commanders, 1, &mut view);
        assert_eq!(view.decisions.len(), 1, "Breslau's commander enters it");
    }
}
