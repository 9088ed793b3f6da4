//! Keeps a phone's screen on while the app asks for it. Android's WebView does not grant pages the Screen
//! Wake Lock the way Chrome does, so the phones take the native path: the window's `FLAG_KEEP_SCREEN_ON`
//! on Android (`android/`), `UIApplication.isIdleTimerDisabled` on iOS (`ios/`). The page calls
//! `plugin:keep-awake|set_keep_screen_on` with `{ on }`; the command is the native plugin's own (Tauri hands a
//! mobile plugin's commands to its Kotlin or Swift class), so the Rust side only registers that class.
//! Desktops keep the web API and never register this plugin (`src-tauri/src/lib.rs`, `#[cfg(mobile)]`).

use tauri::plugin::{Builder, TauriPlugin};
use tauri::Runtime;

/// The plugin's name: its commands are `plugin:keep-awake|…`, its permissions `keep-awake:…`.
pub const NAME: &str = "keep-awake";

#[cfg(target_os = "android")]
const ANDROID_PACKAGE: &str = "org.goebenreferee.keepawake";

#[cfg(target_os = "ios")]
tauri::ios_plugin_binding!(init_plugin_keep_awake);

/// The plugin, with its native class registered on a phone (nothing to register on a desktop, where it
/// is never added).
pub fn init<R: Runtime>() -> TauriPlugin<R> {
    Builder::new(NAME)
        .setup(|_app, _api| {
            #[cfg(target_os = "android")]
            _api.register_android_plugin(ANDROID_PACKAGE, "KeepAwakePlugin")?;
            #[cfg(target_os = "ios")]
            _api.register_ios_plugin(init_plugin_keep_awake)?;
            Ok(())
        })
        .build()
}

#[cfg(test)]
mod tests {
    // What a desktop can check: the plugin builds under its name, which the page's invoke and the mobile
    // capability (`keep-awake:default`) both spell.
    #[test]
    fn the_plugin_is_named_as_the_page_and_the_capability_call_it() {
        let plugin = super::init::<tauri::Wry>();
        assert_eq!(tauri::plugin::Plugin::name(&plugin), super::NAME);
        let capability = include_str!("../../../capabilities/mobile.json");
        assert!(capability.contains("\"keep-awake:default\""));
        let page = include_str!("../../../../ui/src/lib/awake.svelte.ts");
        assert!(page.contains("plugin:keep-awake|set_keep_screen_on"));
    }
}
