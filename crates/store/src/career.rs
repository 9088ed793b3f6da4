//! The career figures of the finished games, read with one query (`career_rows`): each game's figures
//! kept beside its record when it ended. A game kept before figures were (store version 1, an imported
//! file) has none yet: its record is replayed once by the core (`api::career::figures_of_record`) and
//! the figures written back, so the next opening reads them only. A running game is never a row of
//! `finished`, so nothing of it is read.

use goeben_referee::api::career::{figures_of_record, GameFigures};
use goeben_referee::api::record::GameRecord;

use crate::{Store, StoreError};

/// Every finished game's figures, oldest first, and how many could not be read (left out, kept).
pub struct Career {
    pub games: Vec<GameFigures>,
    pub unreadable: u32,
}

impl Store {
    /// The figures of every finished game, deriving (and keeping) those not kept yet.
    pub fn career(&mut self) -> Result<Career, StoreError> {
        let mut career = Career {
            games: Vec::new(),
            unreadable: 0,
        };
        for row in self.career_rows()? {
            let kept = row
                .figures
                .as_deref()
                .and_then(|f| serde_json::from_str::<GameFigures>(f).ok());
            match kept.or_else(|| self.derive_figures(&row.id)) {
                Some(figures) => career.games.push(figures),
                None => career.unreadable += 1,
            }
        }
        Ok(career)
    }

    /// Replays the record of finished game `id` and keeps its figures (a failed write is tried again
    /// at the next opening); None when the record does not read or replay.
    fn derive_figures(&mut self, id: &str) -> Option<GameFigures> {
        let text = self.finished_record(id).ok()??;
        let record = GameRecord::from_json(&text).ok()?;
        let figures = figures_of_record(&record).ok()?;
        let json = serde_json::to_string(&figures).expect("serialises");
        let _ = self.put_figures(id, &json);
        Some(figures)
    }
}
