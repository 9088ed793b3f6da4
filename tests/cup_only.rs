//! Cup-only mode: the secret setup, draws from the cup, reveals of a stack, markers back into
//! the cup and the trackers, with no phase enforced; hidden identities stay hidden until drawn or revealed.

use goeben_referee::api::test_hooks::SessionHooks;
use goeben_referee::ground::event::Event;
use goeben_referee::ground::state::{Location, Phase};
use goeben_referee::{api::protocol, RulesPack, Session};

fn start() -> Session {
    let mut s = Session::new(RulesPack::standard(), 5);
    let r = protocol::handle_line(
        &mut s,
        r#"{"action":"new_game","seed":5,"options":{"cup_only":true}}"#,
    );
    assert!(r.ok, "{:?}", r.error);
    s
}

#[test]
fn the_cup_draws_as_many_as_the_alert_level_and_reveals_a_stack() {
    let mut s = start();
    assert_eq!(s.game().unwrap().phase, Phase::CupOnly);
    let pool = s.game().unwrap().count_at(&Location::Pool);
    let r = protocol::handle_line(
        &mut s,
        r#"{"action":"correct","correction":{"kind":"alert_level","level":3}}"#,
    );
    assert!(r.ok);
    assert!(r
        .view
        .legal_actions()
        .iter()
        .any(|a| matches!(a, goeben_referee::Action::CupDraw { count: 3 })));
    let r = protocol::handle_line(&mut s, r#"{"action":"cup_draw","count":3}"#);
    let drawn = r
        .events
        .unwrap()
        .iter()
        .filter(|e| matches!(e, Event::CounterRevealed { .. }))
        .count();
    assert_eq!(drawn, 3);
    assert_eq!(s.game().unwrap().count_at(&Location::Pool), pool - 3);
    let zone = s.game().unwrap().count_at(&Location::PatrolZone {
        zone: "malta_pz".into(),
    });
    let r = protocol::handle_line(&mut s, r#"{"action":"cup_reveal","place":"malta_pz"}"#);
    assert!(r.ok);
    assert_eq!(
        r.events.unwrap().len(),
        zone,
        "each counter of the stack revealed"
    );
    assert_eq!(
        s.game().unwrap().count_at(&Location::PatrolZone {
            zone: "malta_pz".into()
        }),
        0
    );
    // Back into the cup.
    let back = r
        .view
        .legal_actions()
        .iter()
        .find_map(|a| match a {
            goeben_referee::Action::CupReturn { counter } => Some(counter.clone()),
            _ => None,
        })
        .unwrap();
    let r = protocol::handle_line(
        &mut s,
        &format!(r#"{{"action":"cup_return","counter":"{back}"}}"#),
    );
    assert!(r.ok);
    // No phases: ending one is refused, and so are the guided game's decisions.
    let r = protocol::handle_line(&mut s, r#"{"action":"end_phase"}"#);
    assert!(!r.ok);
    let r = protocol::handle_line(&mut s, r#"{"action":"cup_draw","count":99}"#);
    assert_eq!(r.error.unwrap().code, "illegal");
}
