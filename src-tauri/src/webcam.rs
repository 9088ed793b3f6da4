//! Desktop webcam scanning of counter codes.
//!
//! The webview captures the camera with `getUserMedia` and sends frames here as grey pixels; the shell
//! finds and decodes a QR code in each with the frame reader (`goeben_frame_reader`, rqrr within a budget), and the UI then looks the code up like a typed one.
//! Phones use the barcode scanner plugin instead (`ui/src/lib/camera.ts`).
//!
//! WebKitGTK (Linux) keeps media capture off and refuses its permission requests unless the app turns it
//! on and answers them: `enable_media_capture` switches capture on for the main webview, and the app's
//! permission handler (`camera_only`) allows the camera and nothing else: no microphone, no screen, no
//! location, no notifications.

use serde::Serialize;
use tauri::webview::{PermissionKind, PermissionResponse};
use ts_rs::TS;

use goeben_frame_reader::decode_grey;

/// The permission handler: the camera for scanning counter codes, nothing else.
pub fn camera_only(kind: PermissionKind) -> PermissionResponse {
    match kind {
        PermissionKind::Camera => PermissionResponse::Allow,
        _ => PermissionResponse::Deny,
    }
}

/// Turns WebKitGTK's media capture on for `window`'s webview. With `GOEBEN_MOCK_CAMERA=1` in the
/// environment the webview gets WebKit's mock camera instead of real devices: the end-to-end tests run
/// the whole webcam path on machines that have no camera.
#[cfg(target_os = "linux")]
pub fn enable_media_capture(window: &tauri::WebviewWindow) -> tauri::Result<()> {
    let mock = std::env::var("GOEBEN_MOCK_CAMERA").is_ok_and(|v| v == "1");
    window.with_webview(move |webview| {
        use webkit2gtk::{SettingsExt, WebViewExt};
        if let Some(settings) = webview.inner().settings() {
            settings.set_enable_media_stream(true);
            if mock {
                settings.set_enable_mock_capture_devices(true);
            }
        }
    })
}

/// What the UI hears about one frame.
#[derive(Debug, PartialEq, Serialize, TS)]
#[ts(export_to = "shell/")]
pub struct FrameAnswer {
    /// The text of the first QR code found in the frame, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub code: Option<String>,
    /// Why the frame could not be read (a bad frame is refused, never guessed at).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub error: Option<String>,
}

/// A header of the frame request as a number.
fn dimension(request: &tauri::ipc::Request<'_>, name: &str) -> Result<usize, String> {
    let value = request
        .headers()
        .get(name)
        .ok_or_else(|| format!("the frame has no `{name}` header"))?;
    value
        .to_str()
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .ok_or_else(|| format!("the frame's `{name}` header is not a number"))
}

/// Decodes one camera frame: the raw body holds the grey pixels, the headers `x-frame-width` and
/// `x-frame-height` its size. Answers the code found, none, or why the frame was refused.
///
/// `async`: a sync command runs on the main thread, and rqrr can take a good part of a second on a frame
/// (up to its budget, `rqrr_budget`; minutes without one, on a crafted frame): that would freeze the
/// window while the camera is on. On the async runtime's threads the UI stays live.
#[tauri::command(async)]
pub fn decode_frame(request: tauri::ipc::Request<'_>) -> FrameAnswer {
    let decoded = frame(&request).and_then(|(w, h, pixels)| decode_grey(w, h, pixels));
    FrameAnswer::from(decoded)
}

/// The frame's width, height and grey pixels, or why the request holds no frame.
fn frame<'a>(request: &'a tauri::ipc::Request<'_>) -> Result<(usize, usize, &'a [u8]), String> {
    let tauri::ipc::InvokeBody::Raw(pixels) = request.body() else {
        return Err("a frame is sent as raw bytes".into());
    };
    let width = dimension(request, "x-frame-width")?;
    Ok((width, dimension(request, "x-frame-height")?, pixels))
}

impl From<Result<Option<String>, String>> for FrameAnswer {
    fn from(decoded: Result<Option<String>, String>) -> FrameAnswer {
        match decoded {
            Ok(code) => FrameAnswer { code, error: None },
            Err(error) => FrameAnswer {
                code: None,
                error: Some(error),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_camera_is_allowed() {
        assert_eq!(
            camera_only(PermissionKind::Camera),
            PermissionResponse::Allow
        );
        for other in [
            PermissionKind::Microphone,
            PermissionKind::DisplayCapture,
            PermissionKind::Geolocation,
            PermissionKind::Notifications,
        ] {
            assert_eq!(camera_only(other), PermissionResponse::Deny);
        }
    }
}
