//! The phones' manifests against the capability files: the app asks the system for exactly what table mode
//! and the scanner need, says why on iOS, and the webview's plugin permissions are the ones its code uses.
//! Read as text (no mobile build here): `gen/android`'s manifest, `Info.ios.plist`, `capabilities/*.json`.

use std::collections::BTreeSet;
use std::path::Path;

fn read(path: &str) -> String {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

/// The values of `attribute="…"` on every `<tag …>` of an XML text (enough for a manifest's flat lines).
fn attribute_values(xml: &str, tag: &str, attribute: &str) -> Vec<String> {
    let open = format!("<{tag} ");
    let key = format!("{attribute}=\"");
    xml.split(&open)
        .skip(1)
        .filter_map(|element| {
            let element = &element[..element.find('>').unwrap_or(element.len())];
            let start = element.find(&key)? + key.len();
            Some(element[start..].split('"').next()?.to_string())
        })
        .collect()
}

/// The plugin permissions (`plugin:…`) a capability file grants.
fn plugin_permissions(capability: &str) -> BTreeSet<String> {
    let json: serde_json::Value = serde_json::from_str(&read(capability)).expect("JSON");
    json["permissions"]
        .as_array()
        .expect("a permissions list")
        .iter()
        .filter_map(|p| p.as_str())
        .filter(|p| p.contains(':'))
        .map(str::to_string)
        .collect()
}

#[test]
fn android_asks_for_the_network_and_no_other_permission_of_its_own() {
    let manifest = read("gen/android/app/src/main/AndroidManifest.xml");
    let asked: Vec<String> = attribute_values(&manifest, "uses-permission", "android:name");
    // INTERNET for table mode's host; the scanner plugin's manifest adds CAMERA; its VIBRATE is removed.
    assert_eq!(
        asked,
        ["android.permission.INTERNET", "android.permission.VIBRATE"]
    );
    assert!(
        manifest.contains(r#"android:name="android.permission.VIBRATE" tools:node="remove""#),
        "the scanner plugin's VIBRATE is removed, not asked for"
    );
    assert!(manifest.contains(
        r#"android:name="android.hardware.camera.any" android:required="false" tools:replace="android:required""#
    ));
    // The screen kept on by the window's flag: no wake lock permission (the app's list above has none),
    // and none merged from the plugin.
    let plugin = read("plugins/keep-awake/android/src/main/AndroidManifest.xml");
    assert!(attribute_values(&plugin, "uses-permission", "android:name").is_empty());
}

#[test]
fn ios_says_why_it_wants_the_camera_and_the_local_network() {
    let plist = read("Info.ios.plist");
    for key in ["NSCameraUsageDescription", "NSLocalNetworkUsageDescription"] {
        let after = plist
            .split(&format!("<key>{key}</key>"))
            .nth(1)
            .unwrap_or_else(|| panic!("Info.ios.plist has no {key}"));
        let text = after
            .trim_start()
            .strip_prefix("<string>")
            .and_then(|s| s.split("</string>").next())
            .unwrap_or_else(|| panic!("{key} has no string"));
        assert!(text.len() > 20, "{key} says why in a sentence: {text:?}");
    }
}

#[test]
fn the_capabilities_grant_only_the_plugin_permissions_the_ui_uses() {
    // Desktops: the app's own commands only (Escape never leaves the app; the web wake lock needs none).
    assert!(plugin_permissions("capabilities/desktop.json").is_empty());
    // Phones: the scanner, the screen kept on, the back button's event and leaving from the start screen.
    let mobile: Vec<String> = plugin_permissions("capabilities/mobile.json")
        .into_iter()
        .collect();
    assert_eq!(
        mobile,
        [
            "barcode-scanner:allow-cancel",
            "barcode-scanner:allow-check-permissions",
            "barcode-scanner:allow-open-app-settings",
            "barcode-scanner:allow-request-permissions",
            "barcode-scanner:allow-scan",
            "core:app:allow-exit",
            "core:app:allow-register-listener",
            "core:app:allow-remove-listener",
            "keep-awake:default",
        ]
    );
    let ui = |file: &str| read(&format!("../ui/src/lib/{file}"));
    // The scanner's commands one by one, each one the UI imports (its `default` set also allows `vibrate`,
    // whose Android permission the manifest removes and the UI never calls).
    let camera = ui("camera.ts");
    for allowed in mobile
        .iter()
        .filter_map(|p| p.strip_prefix("barcode-scanner:allow-"))
    {
        let mut words = allowed.split('-');
        let first = words.next().unwrap_or_default().to_string();
        let name = words.fold(first, |name, w| name + &w[..1].to_uppercase() + &w[1..]);
        assert!(camera.contains(&name), "camera.ts calls {name} ({allowed})");
    }
    assert!(
        ui("backButton.ts").contains("onBackButtonPress") && ui("backButton.ts").contains("exit(")
    );
    assert!(ui("awake.svelte.ts").contains("plugin:keep-awake|set_keep_screen_on"));
}
