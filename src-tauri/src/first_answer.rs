//! The page served with its first answer inside (issue #53): the app's embedded assets, unchanged, except
//! that `index.html` carries what `respond` answers a `view` and the start's notice (`first_answer` and
//! `page_with_first_answer` of `goeben_app_core::commands`), so the first screen waits for no IPC round trip.
//! Tauri creates the window before the app's setup runs, but serves the page from the main loop, after it:
//! the app's state is there by then. Were it not, the page is served as built and the UI asks over IPC.

use std::borrow::Cow;
use std::sync::OnceLock;

use goeben_app_core::commands::{first_answer, page_with_first_answer};
use goeben_app_core::App;
use tauri::utils::assets::{AssetKey, AssetsIter, CspHash};
use tauri::{AppHandle, Assets, Manager, Runtime};

/// The page the webview opens first (Tauri's key for `tauri://localhost/`).
const PAGE: &str = "/index.html";

/// The app's assets as built, with `index.html` filled in once the app's state is managed.
pub struct WithFirstAnswer<R: Runtime> {
    built: Box<dyn Assets<R>>,
    app: OnceLock<AppHandle<R>>,
}

impl<R: Runtime> WithFirstAnswer<R> {
    /// Wraps the context's assets in place.
    pub fn wrap(context: &mut tauri::Context<R>) {
        let built = context.set_assets(Box::new(NoAssets));
        context.set_assets(Box::new(WithFirstAnswer {
            built,
            app: OnceLock::new(),
        }));
    }
}

impl<R: Runtime> Assets<R> for WithFirstAnswer<R> {
    fn setup(&self, app: &tauri::App<R>) {
        let _ = self.app.set(app.handle().clone());
        self.built.setup(app);
    }

    fn get(&self, key: &AssetKey) -> Option<Cow<'_, [u8]>> {
        let asset = self.built.get(key)?;
        if key.as_ref() != PAGE {
            return Some(asset);
        }
        let Some(app) = self.app.get().and_then(|handle| handle.try_state::<App>()) else {
            return Some(asset);
        };
        let answer = first_answer(&app.state, &app.table);
        let Ok(page) = page_with_first_answer(&String::from_utf8_lossy(&asset), &answer) else {
            return Some(asset);
        };
        Some(Cow::Owned(page.into_bytes()))
    }

    fn iter(&self) -> Box<AssetsIter<'_>> {
        self.built.iter()
    }

    fn csp_hashes(&self, html_path: &AssetKey) -> Box<dyn Iterator<Item = CspHash<'_>> + '_> {
        self.built.csp_hashes(html_path)
    }
}

/// Holds the context's place for the moment its assets are swapped.
struct NoAssets;

impl<R: Runtime> Assets<R> for NoAssets {
    fn get(&self, _: &AssetKey) -> Option<Cow<'_, [u8]>> {
        None
    }

    fn iter(&self) -> Box<AssetsIter<'_>> {
        Box::new(std::iter::empty())
    }

    fn csp_hashes(&self, _: &AssetKey) -> Box<dyn Iterator<Item = CspHash<'_>> + '_> {
        Box::new(std::iter::empty())
    }
}
