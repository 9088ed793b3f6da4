//! The after-action review: once a game is over for good, everything that was hidden may be
//! shown. The review replays the game record with the revealed seed to read what each patrol zone, port
//! and the pool held at setup and VP and Alert Level after every turn, and lists every draw, die and
//! battle from the log, with each battle's dice luck: hits scored against the hits expected from the
//! exact odds of each fire (`combat::odds::fire_odds`).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::api::record::GameRecord;
use crate::api::session::Session;
use crate::ground::counters::counter_info;
use crate::ground::error::{ErrorInfo, RuleError};
use crate::ground::event::{CounterInfo, Event};
use crate::ground::pack::{PlaceKind, RulesPack};
use crate::ground::state::{Game, Location};
use crate::rules::combat::odds::fire_odds;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct Review {
    pub orders: String,
    pub won: bool,
    pub reason: String,
    pub vp: i32,
    /// The Orders' VP target, drawn as a line on the VP chart.
    pub vp_target: i32,
    /// The Alert track's ends, so the Alert chart runs the whole track.
    pub alert_min: u8,
    pub alert_max: u8,
    pub commitment: String,
    /// What each patrol zone and Allied port held face down at setup, and the Incident Pool.
    pub setup: Vec<HiddenStack>,
    /// VP and Alert Level at the start and after each turn, in play order (a campaign's turns repeat).
    pub trend: Vec<TurnPoint>,
    /// Every log line, turn by turn (taken-back lines left out, take-backs kept).
    pub turns: Vec<TurnLines>,
    pub battles: Vec<BattleLuck>,
    pub take_backs: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct HiddenStack {
    pub place: String,
    pub name: String,
    pub counters: Vec<CounterInfo>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct TurnPoint {
    /// 0 for the start of the game.
    pub turn: u8,
    pub vp: i32,
    pub alert: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct TurnLines {
    pub turn: u8,
    pub lines: Vec<ReviewLine>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct ReviewLine {
    pub rule: String,
    pub text: String,
    /// `die`, `reveal`, `vp`, `alert`, `battle` or `other`, to pick out what a reader looks for.
    pub kind: String,
    /// The player rolled this line's dice and entered them (house rule "I roll the dice").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[ts(optional, as = "Option<bool>")]
    pub by_player: bool,
}

/// One battle's dice against their odds, for each side.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct BattleLuck {
    pub turn: u8,
    pub space: String,
    pub german: SideLuck,
    pub allied: SideLuck,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, TS)]
pub struct SideLuck {
    /// Every fire die of the side, the app's and the player's.
    pub dice: u32,
    pub hits: u32,
    pub expected: f64,
    /// Of those, the dice the player rolled and entered (house rule "I roll the dice"), counted apart.
    #[serde(default)]
    pub player_dice: u32,
    #[serde(default)]
    pub player_hits: u32,
    #[serde(default)]
    pub player_expected: f64,
}

pub fn build(session: &Session) -> Result<Review, ErrorInfo> {
    if !session.over_for_good() {
        return Err(
            crate::ground::error::not_now("the review opens when the game is over").to_info(),
        );
    }
    let record = session
        .export_record()
        .ok_or_else(|| RuleError::NoGame.to_info())?;
    let game = session.running_game().expect("over for good");
    let over = game.game_over.clone().expect("over for good");
    let (setup, trend) = replay(&record).map_err(|e| crate::ground::error::illegal(e).to_info())?;
    Ok(Review {
        orders: record
            .final_view
            .game
            .as_ref()
            .map(|g| g.orders.name.clone())
            .unwrap_or_default(),
        won: over.won,
        reason: over.reason,
        vp: game.vp,
        vp_target: record
            .final_view
            .game
            .as_ref()
            .map_or(0, |g| g.orders.min_vp),
        alert_min: record.final_view.game.as_ref().map_or(1, |g| g.alert_min),
        alert_max: record.final_view.game.as_ref().map_or(6, |g| g.alert_max),
        commitment: record.commitment.clone().unwrap_or_default(),
        setup,
        trend,
        turns: turns(session),
        battles: battles(session),
        take_backs: record.take_backs,
    })
}

/// Replays the record: the setup as drawn, and VP and Alert after each turn.
fn replay(record: &GameRecord) -> Result<(Vec<HiddenStack>, Vec<TurnPoint>), String> {
    let pack = record.rules_pack()?;
    let (mut session, _) = record.start(pack.clone())?;
    let setup = hidden_stacks(&pack, session.running_game().expect("started"));
    let point = |g: &Game| TurnPoint {
        turn: g.turn,
        vp: g.vp,
        alert: g.alert_level,
    };
    let first = session.running_game().expect("started");
    let mut trend = vec![TurnPoint {
        turn: 0,
        ..point(first)
    }];
    for step in &record.steps {
        session
            .apply(step.action.clone())
            .map_err(|e| e.to_string())?;
        let g = session.running_game().expect("running");
        // One point per turn: the latest values while the turn lasts.
        let several = trend.len() > 1;
        match trend.last_mut() {
            Some(last) if last.turn == g.turn && several => *last = point(g),
            _ => trend.push(point(g)),
        }
    }
    Ok((setup, trend))
}

fn hidden_stacks(pack: &RulesPack, game: &Game) -> Vec<HiddenStack> {
    let stack = |place: &str, name: &str, at: Location| HiddenStack {
        place: place.to_string(),
        name: name.to_string(),
        counters: game
            .counters_at(&at)
            .map(|c| counter_info(pack, c))
            .collect(),
    };
    let mut out: Vec<HiddenStack> = pack
        .places
        .iter()
        .filter_map(|p| match p.kind {
            PlaceKind::PatrolZone => Some(stack(
                &p.id,
                &p.name,
                Location::PatrolZone { zone: p.id.clone() },
            )),
            PlaceKind::Port | PlaceKind::NavalBase => {
                Some(stack(&p.id, &p.name, Location::Port { port: p.id.clone() }))
            }
            _ => None,
        })
        .filter(|s| !s.counters.is_empty())
        .collect();
    out.push(stack("pool", "Incident Pool", Location::Pool));
    out
}

fn kind_of(event: &Event) -> &'static str {
    match event {
        Event::DiceRolled { fire: Some(_), .. } | Event::ContactResolved { .. } => "battle",
        Event::DiceRolled { .. } => "die",
        Event::CounterRevealed { .. } | Event::Examined { .. } | Event::IncidentsPicked { .. } => {
            "reveal"
        }
        Event::VpChanged { .. } => "vp",
        Event::AlertChanged { .. } => "alert",
        _ => "other",
    }
}

fn turns(session: &Session) -> Vec<TurnLines> {
    let mut out: Vec<TurnLines> = Vec::new();
    for entry in session.log().iter().filter(|e| !e.undone) {
        let line = ReviewLine {
            rule: entry.rule.clone(),
            text: entry.text.clone(),
            kind: kind_of(&entry.event).to_string(),
            by_player: matches!(
                entry.event,
                Event::DiceRolled {
                    by_player: true,
                    ..
                }
            ),
        };
        match out.last_mut() {
            Some(t) if t.turn == entry.turn => t.lines.push(line),
            _ => out.push(TurnLines {
                turn: entry.turn,
                lines: vec![line],
            }),
        }
    }
    out
}

/// Each battle's fire dice (the log's fire rolls, by turn and space) against their exact odds.
pub(crate) fn battles(session: &Session) -> Vec<BattleLuck> {
    let pack = session.pack();
    let mut out: Vec<BattleLuck> = Vec::new();
    for entry in session.log().iter().filter(|e| !e.undone) {
        let Event::DiceRolled {
            faces,
            fire: Some(fire),
            by_player,
            ..
        } = &entry.event
        else {
            continue;
        };
        let space = fire.space.describe(pack);
        let i = match out
            .iter()
            .position(|b| b.turn == entry.turn && b.space == space)
        {
            Some(i) => i,
            None => {
                out.push(BattleLuck {
                    turn: entry.turn,
                    space,
                    german: SideLuck::default(),
                    allied: SideLuck::default(),
                });
                out.len() - 1
            }
        };
        let side = if fire.german {
            &mut out[i].german
        } else {
            &mut out[i].allied
        };
        let from = 7 - fire.hitting_faces;
        let (dice, hits) = (
            faces.len() as u32,
            faces.iter().filter(|f| **f >= from).count() as u32,
        );
        let expected = fire_odds(dice, fire.hitting_faces).expected_hits;
        side.dice += dice;
        side.hits += hits;
        side.expected += expected;
        if *by_player {
            side.player_dice += dice;
            side.player_hits += hits;
            side.player_expected += expected;
        }
    }
    out
}
