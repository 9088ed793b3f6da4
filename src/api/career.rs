//! Career figures over the finished games on the device: games played and won by Orders and by mission
//! of a campaign, VP per game in the order they ended, the longest and the best game, and the dice's
//! luck over every game (fire hits against the hits expected from the exact odds, summed as the review
//! counts them for one game). Each game's figures (`GameFigures`) are read from a game over for good —
//! its live session, or its record replayed — and kept beside its record; `view` writes every word the
//! career screen shows. A game not over has no figures: nothing hidden of it can reach the screen.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::api::finished::MissionOutcome;
use crate::api::record::GameRecord;
use crate::api::review::{battles, SideLuck};
use crate::api::session::Session;
use crate::ground::error::ErrorInfo;
use crate::ground::words::{count, tenths};

/// What one finished game adds to the career, kept as JSON beside its record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameFigures {
    pub id: String,
    pub orders: String,
    pub won: bool,
    pub vp: i32,
    /// Turns played (a campaign's missions each count theirs).
    pub turns: u32,
    /// Each mission of a campaign, in order; empty for a single game.
    pub missions: Vec<MissionOutcome>,
    /// Fire dice of the German ships and of the Allied ships, against their odds.
    pub german: SideLuck,
    pub allied: SideLuck,
}

/// Figures of a session whose game is over for good; None while it runs (or a campaign goes on).
pub fn figures(session: &Session) -> Option<GameFigures> {
    if !session.over_for_good() {
        return None;
    }
    let view = session.view();
    let game = view.game.as_ref()?;
    let over = view.game_over.as_ref()?;
    let id = view.commitment.as_ref()?.get(..16)?.to_string();
    let missions = match &game.campaign {
        Some(c) => c
            .results
            .iter()
            .map(|m| MissionOutcome {
                orders: m.name.clone(),
                won: m.won,
            })
            .collect(),
        None => Vec::new(),
    };
    let (mut german, mut allied) = (SideLuck::default(), SideLuck::default());
    for battle in battles(session) {
        add(&mut german, &battle.german);
        add(&mut allied, &battle.allied);
    }
    Some(GameFigures {
        id,
        orders: game.orders.name.clone(),
        won: over.won,
        vp: view.vp,
        turns: turns_played(session),
        missions,
        german,
        allied,
    })
}

/// Figures of a finished record, replayed with its revealed seed (a game kept before figures were).
pub fn figures_of_record(record: &GameRecord) -> Result<GameFigures, String> {
    let pack = record.rules_pack()?;
    let (mut session, _) = record.start(pack)?;
    for step in &record.steps {
        session
            .apply(step.action.clone())
            .map_err(|e| e.to_string())?;
    }
    figures(&session).ok_or_else(|| "the record's game is not over".to_string())
}

fn add(total: &mut SideLuck, side: &SideLuck) {
    total.dice += side.dice;
    total.hits += side.hits;
    total.expected += side.expected;
}

/// Turns played: each run of log lines of one turn (a campaign's turns start again at each mission).
fn turns_played(session: &Session) -> u32 {
    let mut turns = 0;
    let mut last = 0u8;
    for entry in session.log().iter().filter(|e| !e.undone) {
        if entry.turn != last && entry.turn > 0 {
            turns += 1;
        }
        last = entry.turn;
    }
    turns
}

/// The career screen, every word in it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct CareerView {
    pub title: String,
    /// Said instead of the figures when no game has finished yet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub empty: Option<String>,
    /// Games finished, won and lost, in one sentence.
    pub headline: String,
    pub tables: Vec<CareerTable>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub vp: Option<VpPlot>,
    /// The longest and the best game.
    pub highlights: Vec<CareerLine>,
    pub luck_title: String,
    pub luck: Vec<CareerLine>,
    /// What counts: finished games only.
    pub note: String,
    /// Games whose figures could not be read (kept as they are).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub unreadable: Option<String>,
}

/// A table of played and won (by Orders, by mission of a campaign).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct CareerTable {
    pub caption: String,
    /// The three column heads: what a row is, played, won.
    pub columns: Vec<String>,
    pub rows: Vec<CareerRow>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub total: Option<CareerRow>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct CareerRow {
    pub label: String,
    pub played: u32,
    pub won: u32,
}

/// A label and its sentence ("Longest game" — "Game 3, …").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct CareerLine {
    pub label: String,
    pub text: String,
}

/// VP of each game in the order the games ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct VpPlot {
    pub title: String,
    pub x_name: String,
    pub y_name: String,
    /// The whole plot in words, for a screen reader.
    pub summary: String,
    /// What the marks mean (filled: won, hollow: lost).
    pub legend: String,
    pub points: Vec<VpPoint>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct VpPoint {
    /// 1 for the first game finished.
    pub game: u32,
    pub vp: i32,
    pub won: bool,
    /// The point's tooltip.
    pub title: String,
}

/// What the `career` command answers: `ok:false` with an error when the store cannot be read.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, TS)]
pub struct CareerAnswer {
    pub ok: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub error: Option<ErrorInfo>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub view: Option<CareerView>,
}

impl CareerAnswer {
    pub fn view(view: CareerView) -> CareerAnswer {
        CareerAnswer {
            ok: true,
            view: Some(view),
            ..CareerAnswer::default()
        }
    }

    pub fn refused(error: ErrorInfo) -> CareerAnswer {
        CareerAnswer {
            ok: false,
            error: Some(error),
            ..CareerAnswer::default()
        }
    }
}

/// The career screen over `games`, oldest first; `unreadable` games are counted apart.
pub fn view(games: &[GameFigures], unreadable: u32) -> CareerView {
    let won = games.iter().filter(|g| g.won).count() as u32;
    let played = games.len() as u32;
    let empty = games
        .is_empty()
        .then(|| "No finished games yet: the career figures begin when a game ends.".to_string());
    let headline = if games.is_empty() {
        String::new()
    } else {
        format!(
            "{} finished on this device: {won} won, {} lost.",
            count(played, "game", "games"),
            played - won
        )
    };
    let tables = [by_orders(games), by_mission(games)]
        .into_iter()
        .flatten()
        .collect();
    CareerView {
        title: "Career".into(),
        empty,
        headline,
        tables,
        vp: (!games.is_empty()).then(|| vp_plot(games)),
        highlights: highlights(games),
        luck_title: "Dice luck, all games".into(),
        luck: if games.is_empty() {
            Vec::new()
        } else {
            luck(games)
        },
        note: "Only finished games count: a game still being played adds nothing until it ends."
            .into(),
        unreadable: (unreadable > 0).then(|| {
            format!(
                "{} could not be read: left out here, kept as stored.",
                count(unreadable, "finished game", "finished games")
            )
        }),
    }
}

/// Counts `(label, won)` pairs into rows, most played first (then by label).
fn rows_of(pairs: impl Iterator<Item = (String, bool)>) -> Vec<CareerRow> {
    let mut rows: Vec<CareerRow> = Vec::new();
    for (label, won) in pairs {
        let i = match rows.iter().position(|r| r.label == label) {
            Some(i) => i,
            None => {
                rows.push(CareerRow {
                    label,
                    played: 0,
                    won: 0,
                });
                rows.len() - 1
            }
        };
        rows[i].played += 1;
        rows[i].won += won as u32;
    }
    rows
}

fn table(caption: &str, first: &str, rows: Vec<CareerRow>, total: &str) -> CareerTable {
    let total = (rows.len() > 1).then(|| CareerRow {
        label: total.to_string(),
        played: rows.iter().map(|r| r.played).sum(),
        won: rows.iter().map(|r| r.won).sum(),
    });
    CareerTable {
        caption: caption.to_string(),
        columns: vec![first.to_string(), "Played".into(), "Won".into()],
        rows,
        total,
    }
}

/// Missions played and won by Orders: a single game is one mission, a campaign each of its missions.
fn by_orders(games: &[GameFigures]) -> Option<CareerTable> {
    let pairs = games.iter().flat_map(|g| {
        if g.missions.is_empty() {
            vec![(g.orders.clone(), g.won)]
        } else {
            g.missions
                .iter()
                .map(|m| (m.orders.clone(), m.won))
                .collect()
        }
    });
    let mut rows = rows_of(pairs);
    rows.sort_by(|a, b| b.played.cmp(&a.played).then_with(|| a.label.cmp(&b.label)));
    (!rows.is_empty()).then(|| {
        table(
            "Missions played and won by Orders",
            "Orders",
            rows,
            "All missions",
        )
    })
}

/// Campaign missions played and won by their place in the campaign (first mission, second, …).
fn by_mission(games: &[GameFigures]) -> Option<CareerTable> {
    let pairs = games.iter().flat_map(|g| {
        g.missions
            .iter()
            .enumerate()
            .map(|(i, m)| (format!("Mission {}", i + 1), m.won))
    });
    let mut rows = rows_of(pairs);
    rows.sort_by_key(|r| r.label[8..].parse::<u32>().unwrap_or(0));
    (!rows.is_empty()).then(|| {
        table(
            "Campaign missions played and won",
            "Mission",
            rows,
            "All campaign missions",
        )
    })
}

fn outcome(g: &GameFigures) -> &'static str {
    if g.won {
        "won"
    } else {
        "lost"
    }
}

fn vp_plot(games: &[GameFigures]) -> VpPlot {
    let points: Vec<VpPoint> = games
        .iter()
        .enumerate()
        .map(|(i, g)| VpPoint {
            game: i as u32 + 1,
            vp: g.vp,
            won: g.won,
            title: format!("Game {}: {} VP, {} ({})", i + 1, g.vp, outcome(g), g.orders),
        })
        .collect();
    let said: Vec<String> = points
        .iter()
        .map(|p| {
            format!(
                "game {} {} VP {}",
                p.game,
                p.vp,
                if p.won { "won" } else { "lost" }
            )
        })
        .collect();
    VpPlot {
        title: "VP per game".into(),
        x_name: "Game (oldest first)".into(),
        y_name: "VP".into(),
        summary: format!("VP per game, oldest first: {}.", said.join(", ")),
        legend: "Filled: won. Hollow: lost.".into(),
        points,
    }
}

/// The longest game (most turns) and the best (most VP); on a tie, the earlier game.
fn highlights(games: &[GameFigures]) -> Vec<CareerLine> {
    let numbered = || games.iter().enumerate().map(|(i, g)| (i + 1, g));
    let mut out = Vec::new();
    if let Some((n, g)) = numbered().rev().max_by_key(|(_, g)| g.turns) {
        out.push(CareerLine {
            label: "Longest game".into(),
            text: format!(
                "Game {n}: {} ({}), {} VP, {}.",
                count(g.turns, "turn", "turns"),
                g.orders,
                g.vp,
                outcome(g)
            ),
        });
    }
    if let Some((n, g)) = numbered().rev().max_by_key(|(_, g)| g.vp) {
        out.push(CareerLine {
            label: "Best game".into(),
            text: format!(
                "Game {n}: {} VP ({}), {}, {}.",
                g.vp,
                g.orders,
                outcome(g),
                count(g.turns, "turn", "turns")
            ),
        });
    }
    out
}

fn luck_line(label: &str, side: &SideLuck) -> CareerLine {
    let text = if side.dice == 0 {
        "No fire dice rolled.".to_string()
    } else {
        let diff = side.hits as f64 - side.expected;
        let verdict = if diff.abs() < 0.05 {
            "exactly as expected".to_string()
        } else if diff > 0.0 {
            format!("{} above expected", tenths(diff))
        } else {
            format!("{} below expected", tenths(-diff))
        };
        format!(
            "{}: {} against {} expected — {verdict}.",
            count(side.dice, "die", "dice"),
            count(side.hits, "hit", "hits"),
            tenths(side.expected)
        )
    };
    CareerLine {
        label: label.to_string(),
        text,
    }
}

fn luck(games: &[GameFigures]) -> Vec<CareerLine> {
    let (mut german, mut allied) = (SideLuck::default(), SideLuck::default());
    for g in games {
        add(&mut german, &g.german);
        add(&mut allied, &g.allied);
    }
    vec![
        luck_line("German fire", &german),
        luck_line("Allied fire", &allied),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::request::SessionRequest;
    use crate::ground::state::GameOptions;
    use crate::RulesPack;

    /// A seeded game played to the end for good by a fixed choice of decisions (a campaign plays every
    /// mission); `stop_early` leaves it running after that many steps.
    fn played(seed: u64, campaign: bool, stop_early: Option<usize>) -> Session {
        let mut s = Session::new(RulesPack::standard(), seed);
        let options = GameOptions {
            campaign,
            ..GameOptions::default()
        };
        let mut r = s.respond(SessionRequest::NewGame {
            seed: Some(seed),
            options: Some(options),
        });
        let mut i = 0usize;
        while !s.over_for_good() && stop_early != Some(i) {
            let pick = (i * 31 + 7) % r.view.decisions.len();
            r = s.respond(r.view.decisions[pick].action.clone());
            i += 1;
        }
        s
    }

    fn record(s: &mut Session) -> GameRecord {
        s.respond(SessionRequest::ExportRecord).record().unwrap()
    }

    #[test]
    fn a_finished_games_figures_are_its_own_and_its_record_replays_to_the_same() {
        let mut s = played(5, false, None);
        let f = figures(&s).expect("over for good");
        let view = s.view();
        assert_eq!(f.vp, view.vp);
        assert_eq!(f.won, view.game_over.as_ref().unwrap().won);
        assert_eq!(f.orders, view.game.as_ref().unwrap().orders.name);
        assert!(view.commitment.unwrap().starts_with(&f.id));
        assert!(
            f.missions.is_empty(),
            "a single game has no campaign missions"
        );
        assert!(f.turns >= 1, "{f:?}");
        // The luck is the review's, summed over the battles.
        let review = crate::api::review::battles(&s);
        let hits: u32 = review.iter().map(|b| b.german.hits).sum();
        let expected: f64 = review.iter().map(|b| b.german.expected).sum();
        assert_eq!(f.german.hits, hits);
        assert!((f.german.expected - expected).abs() < 1e-9);
        assert!(f.german.hits <= f.german.dice && f.allied.hits <= f.allied.dice);
        assert_eq!(figures_of_record(&record(&mut s)).unwrap(), f);
    }

    #[test]
    fn a_game_not_over_has_no_figures() {
        let mut s = played(5, false, Some(12));
        assert!(!s.over_for_good());
        assert!(figures(&s).is_none());
        assert!(figures_of_record(&record(&mut s)).is_err(), "no seed yet");
    }

    #[test]
    fn a_campaign_counts_each_mission_by_orders_and_by_its_place() {
        let s = played(4, true, None);
        let f = figures(&s).expect("the campaign is over");
        assert!(!f.missions.is_empty(), "{f:?}");
        let single = figures(&played(3, false, None)).unwrap();
        let v = view(&[f.clone(), single.clone()], 0);
        let by_orders = &v.tables[0];
        assert_eq!(
            by_orders
                .total
                .as_ref()
                .map_or(by_orders.rows[0].played, |t| t.played),
            f.missions.len() as u32 + 1,
            "each mission of the campaign and the single game"
        );
        let by_mission = &v.tables[1];
        assert_eq!(by_mission.rows[0].label, "Mission 1");
        assert_eq!(
            by_mission.rows.iter().map(|r| r.played).sum::<u32>(),
            f.missions.len() as u32
        );
        assert_eq!(
            by_mission.rows.iter().map(|r| r.won).sum::<u32>(),
            f.missions.iter().filter(|m| m.won).count() as u32
        );
    }

    fn game(orders: &str, won: bool, vp: i32, turns: u32, hits: u32, expected: f64) -> GameFigures {
        GameFigures {
            id: format!("{vp:016x}"),
            orders: orders.into(),
            won,
            vp,
            turns,
            missions: Vec::new(),
            german: SideLuck {
                dice: hits * 2,
                hits,
                expected,
                ..SideLuck::default()
            },
            allied: SideLuck::default(),
        }
    }

    #[test]
    fn the_view_counts_won_and_played_and_names_the_longest_and_the_best() {
        let games = [
            game("Raid", true, 12, 5, 3, 2.0),
            game("Raid", false, -4, 9, 1, 2.5),
            game("Break Out", true, 20, 7, 4, 3.0),
        ];
        let v = view(&games, 0);
        assert_eq!(v.empty, None);
        assert_eq!(
            v.headline,
            "3 games finished on this device: 2 won, 1 lost."
        );
        let t = &v.tables[0];
        assert_eq!(
            t.rows[0],
            CareerRow {
                label: "Raid".into(),
                played: 2,
                won: 1
            }
        );
        assert_eq!(
            t.total,
            Some(CareerRow {
                label: "All missions".into(),
                played: 3,
                won: 2
            })
        );
        assert_eq!(v.tables.len(), 1, "no campaign, no mission table");
        assert_eq!(v.highlights[0].text, "Game 2: 9 turns (Raid), -4 VP, lost.");
        assert_eq!(
            v.highlights[1].text,
            "Game 3: 20 VP (Break Out), won, 7 turns."
        );
        let plot = v.vp.unwrap();
        assert_eq!(
            plot.points.iter().map(|p| p.vp).collect::<Vec<_>>(),
            [12, -4, 20]
        );
        assert_eq!(
            v.luck[0].text,
            "16 dice: 8 hits against 7.5 expected — 0.5 above expected."
        );
        assert_eq!(v.luck[1].text, "No fire dice rolled.");
        assert!(view(&games, 2)
            .unreadable
            .unwrap()
            .starts_with("2 finished games"));
    }

    #[test]
    fn no_finished_game_says_so() {
        let v = view(&[], 0);
        assert_eq!(
            v.empty.as_deref(),
            Some("No finished games yet: the career figures begin when a game ends.")
        );
        assert!(
            v.tables.is_empty() && v.vp.is_none() && v.highlights.is_empty() && v.luck.is_empty()
        );
    }
}
