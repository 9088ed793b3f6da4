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
use crate::ground::words::{count, tenths};
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
    /// The luck chart in one sentence, for a screen reader: every battle, both sides.
    pub luck_summary: String,
    /// Under house rule "I roll the dice", what the player's own fire dice did, side by side (None
    /// when the player rolled none).
    pub luck_yours: Option<String>,
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
    /// The chart's words for this battle (the UI composes none): its title, and each side's hits
    /// against those expected ("3 hits · 1.3 exp.", or "no fire"). Written for the review only.
    pub title: String,
    pub german_words: String,
    pub allied_words: String,
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
    let battles = worded(battles(session));
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
        luck_summary: luck_summary(&battles),
        luck_yours: luck_yours(&battles),
        battles,
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
                    title: String::new(),
                    turn: entry.turn,
                    space,
                    german: SideLuck::default(),
                    allied: SideLuck::default(),
                    german_words: String::new(),
                    allied_words: String::new(),
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

/// The battles with the chart's words written in (the career sums the figures and needs none).
fn worded(mut battles: Vec<BattleLuck>) -> Vec<BattleLuck> {
    for b in &mut battles {
        b.title = format!("Turn {} · {}", b.turn, b.space);
        b.german_words = side_words(&b.german);
        b.allied_words = side_words(&b.allied);
    }
    battles
}

/// An expected count as the luck chart prints it: a whole number bare, any other to one decimal.
fn short(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        tenths(x)
    }
}

/// One side's figures beside its bar.
fn side_words(side: &SideLuck) -> String {
    if side.dice == 0 {
        "no fire".into()
    } else {
        format!(
            "{} · {} exp.",
            count(side.hits, "hit", "hits"),
            short(side.expected)
        )
    }
}

fn sides(b: &BattleLuck) -> [(&'static str, &SideLuck); 2] {
    [("German", &b.german), ("Allied", &b.allied)]
}

fn luck_summary(battles: &[BattleLuck]) -> String {
    if battles.is_empty() {
        return "No battle was fought.".into();
    }
    let each: Vec<String> = battles
        .iter()
        .map(|b| {
            let said: Vec<String> = sides(b)
                .into_iter()
                .map(|(name, s)| {
                    if s.dice == 0 {
                        format!("{name} did not fire")
                    } else {
                        format!(
                            "{name} {} against {} expected from {}",
                            count(s.hits, "hit", "hits"),
                            short(s.expected),
                            count(s.dice, "die", "dice")
                        )
                    }
                })
                .collect();
            format!("turn {}, {}: {}", b.turn, b.space, said.join("; "))
        })
        .collect();
    format!("Dice luck per battle: {}.", each.join(". "))
}

/// House rule "I roll the dice": the dice the player rolled and entered, each side's summed apart.
fn luck_yours(battles: &[BattleLuck]) -> Option<String> {
    let said: Vec<String> = ["German", "Allied"]
        .into_iter()
        .enumerate()
        .filter_map(|(i, name)| {
            let (dice, hits, expected) = battles
                .iter()
                .map(|b| sides(b)[i].1)
                .fold((0, 0, 0.0), |(d, h, e), s| {
                    (d + s.player_dice, h + s.player_hits, e + s.player_expected)
                });
            (dice > 0).then(|| {
                format!(
                    "{name} fire {}, {} against {} expected",
                    count(dice, "die", "dice"),
                    count(hits, "hit", "hits"),
                    short(expected)
                )
            })
        })
        .collect();
    (!said.is_empty()).then(|| {
        format!(
            "Of these, the dice you rolled (house rule \"I roll the dice\"): {}.",
            said.join("; ")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn side(dice: u32, hits: u32, expected: f64) -> SideLuck {
        SideLuck {
            dice,
            hits,
            expected,
            ..SideLuck::default()
        }
    }

    fn battle(turn: u8, space: &str, german: SideLuck, allied: SideLuck) -> BattleLuck {
        BattleLuck {
            turn,
            space: space.into(),
            german,
            allied,
            title: String::new(),
            german_words: String::new(),
            allied_words: String::new(),
        }
    }

    #[test]
    fn the_luck_chart_words_are_written_by_the_core_one_and_many_alike() {
        assert_eq!(side_words(&side(8, 3, 4.0 / 3.0)), "3 hits · 1.3 exp.");
        assert_eq!(side_words(&side(2, 1, 1.0)), "1 hit · 1 exp.");
        assert_eq!(side_words(&side(0, 0, 0.0)), "no fire");
        let battles = [
            battle(2, "Malta", side(8, 3, 4.0 / 3.0), side(1, 0, 2.0 / 3.0)),
            battle(3, "open sea", side(6, 1, 1.0), side(0, 0, 0.0)),
        ];
        assert_eq!(
            luck_summary(&battles),
            "Dice luck per battle: turn 2, Malta: German 3 hits against 1.3 expected from 8 dice; \
             Allied 0 hits against 0.7 expected from 1 die. turn 3, open sea: German 1 hit against 1 \
             expected from 6 dice; Allied did not fire."
        );
        assert_eq!(luck_summary(&[]), "No battle was fought.");
        assert_eq!(luck_yours(&battles), None, "no die was the player's");
    }

    #[test]
    fn player_dice_the_luck_chart_sums_the_players_own_dice_apart_for_each_side() {
        let mut battles = [
            battle(2, "Malta", side(8, 3, 1.3333), side(4, 0, 0.6667)),
            battle(3, "open sea", side(6, 1, 1.0), side(0, 0, 0.0)),
        ];
        (battles[0].german.player_dice, battles[0].german.player_hits) = (8, 3);
        battles[0].german.player_expected = 1.3333;
        (battles[1].german.player_dice, battles[1].german.player_hits) = (6, 1);
        battles[1].german.player_expected = 1.0;
        (
            battles[0].allied.player_dice,
            battles[0].allied.player_expected,
        ) = (1, 0.6667);
        assert_eq!(
            luck_yours(&battles).as_deref(),
            Some(
                "Of these, the dice you rolled (house rule \"I roll the dice\"): German fire 14 dice, \
                 4 hits against 2.3 expected; Allied fire 1 die, 0 hits against 0.7 expected."
            )
        );
    }
}
