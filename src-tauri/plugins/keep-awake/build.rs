// Declares the plugin's one command, so the webview may call it only where a capability allows it
// (`keep-awake:default`), and points Tauri's mobile builds at the Kotlin and Swift sources.
const COMMANDS: &[&str] = &["set_keep_screen_on"];

fn main() {
    tauri_plugin::Builder::new(COMMANDS)
        .android_path("android")
        .ios_path("ios")
        .build();
}
