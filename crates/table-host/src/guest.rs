//! The guest page: the Svelte build of `ui/guest.html` (`npm run guest:build` writes
//! `ui/dist-guest/`: `guest.html`, `assets/*.js|*.css`, `favicon.png`), served by the host and nothing
//! remote. `rust-embed` reads the folder at run time in debug builds and embeds it in release builds; a host
//! built before the page (the folder missing) still compiles and answers its join page with [`NOT_BUILT`],
//! so the contract (200 and the CSP) holds either way.

use rust_embed::RustEmbed;

/// The Content-Security-Policy of every answer: nothing but this host's own script, style and requests.
/// `connect-src 'self'` covers the page's `fetch` and, in CSP3 browsers, its WebSocket to the same host
/// and port (`ws://`, the seat's push); no `unsafe-inline` anywhere.
pub const CSP: &str =
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; \
                       base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// The join page of a host built without the guest page.
pub const NOT_BUILT: &str = "<!doctype html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\"><meta name=\"viewport\" \
content=\"width=device-width, initial-scale=1\"><title>Goeben Referee: table seat</title></head>\n<body><p>This host was built \
without its guest page: run <code>npm run guest:build</code> and rebuild.</p></body>\n</html>\n";

/// The built guest page (`ui/dist-guest`, relative to this crate's manifest).
#[derive(RustEmbed)]
#[folder = "../../ui/dist-guest/"]
#[allow_missing = true]
struct Built;

/// The join page: the built `guest.html`, or [`NOT_BUILT`].
pub fn page() -> std::borrow::Cow<'static, [u8]> {
    Built::get("guest.html")
        .map(|file| file.data)
        .unwrap_or(std::borrow::Cow::Borrowed(NOT_BUILT.as_bytes()))
}

/// Whether the guest page was built (the folder held `guest.html`).
pub fn built() -> bool {
    Built::get("guest.html").is_some()
}

/// A file of the built page under `assets/` (`name` one plain file name), or `favicon.png`: its bytes and
/// Content-Type. `None` for anything else — a name with a path separator or `..`, a file type the page
/// does not use, a file that is not there.
pub fn asset(path: &str) -> Option<(&'static str, std::borrow::Cow<'static, [u8]>)> {
    let name = path.strip_prefix("assets/").unwrap_or(path);
    if name.is_empty() || name.starts_with('.') || name.contains(['/', '\\']) || name.contains("..")
    {
        return None;
    }
    if path != "favicon.png" && !path.starts_with("assets/") {
        return None;
    }
    let content_type = content_type(name)?;
    Built::get(path).map(|file| (content_type, file.data))
}

/// The Content-Type of the file types a Vite build of the page writes; `None` for any other.
fn content_type(name: &str) -> Option<&'static str> {
    let extension = name.rsplit_once('.')?.1;
    Some(match extension {
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "json" => "application/json",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_csp_is_strict_and_the_fallback_page_loads_nothing() {
        assert!(CSP.starts_with("default-src 'none'") && !CSP.contains("unsafe"));
        assert!(CSP.contains("connect-src 'self'"));
        assert!(
            !NOT_BUILT.contains("http://")
                && !NOT_BUILT.contains("https://")
                && !NOT_BUILT.contains("<script")
                && !NOT_BUILT.contains("<style")
        );
    }

    #[test]
    fn asset_names_cannot_leave_the_page_folder() {
        for bad in [
            "assets/../guest.html",
            "assets/..",
            "../Cargo.toml",
            "assets/../../Cargo.toml",
            "assets/a/b.js",
            "assets/.hidden.js",
            "assets/",
            "guest.html",
            "assets/x.html",
            "assets\\..\\x.js",
        ] {
            assert!(asset(bad).is_none(), "{bad}");
        }
        assert_eq!(
            content_type("guest-U1gJ43ji.js"),
            Some("text/javascript; charset=utf-8")
        );
        assert_eq!(content_type("guest.css"), Some("text/css; charset=utf-8"));
        assert_eq!(content_type("x.exe"), None);
    }

    #[test]
    fn the_built_page_loads_only_its_own_assets() {
        if !built() {
            // A host built before `npm run guest:build`: the fallback page (tested above).
            return;
        }
        let page = String::from_utf8(page().into_owned()).expect("UTF-8");
        assert!(
            !page.contains("http://") && !page.contains("https://"),
            "nothing remote: {page}"
        );
        assert!(
            !page.contains("<script>") && !page.contains("<style"),
            "no inline script or style: the CSP allows 'self' only"
        );
        let script = page
            .split("src=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .expect("a script");
        let (content_type, _) =
            asset(script.trim_start_matches('/')).expect("the page's script is served");
        assert!(content_type.starts_with("text/javascript"));
    }
}
