//! Issue #16 the guest page for now: a small self-contained page (HTML, one script, one style sheet, all
//! served by the host, nothing remote) that shows the seat and sends requests of the table tools'
//! protocol to `/api/{code}`, each with its own `Idempotency-Key` (resent with the same key when the
//! network drops). A later step replaces it with the Svelte build of the tools' screens.

/// The Content-Security-Policy of every answer: nothing but this host's own script, style and requests.
pub const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; \
                       base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// The page at `/join/{code}`; the script reads the code from its own address.
pub const PAGE: &str = r#"<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Goeben Referee: table seat</title>
<link rel="stylesheet" href="/guest.css">
<script src="/guest.js" defer></script>
</head>
<body>
<main>
<h1 id="seat">Table seat</h1>
<p id="status">Connecting…</p>
<div id="quick"></div>
<label for="request">Request (one JSON object of the table's protocol)</label>
<textarea id="request" rows="4" spellcheck="false"></textarea>
<button id="send" type="button">Send</button>
<pre id="answer" aria-live="polite"></pre>
</main>
</body>
</html>
"#;

/// The page's script: no framework, no remote code. It reconnects by itself: a request that gets no
/// answer (no network, host down or restarting, 503 `not_saved`, 408, a 10 s timeout) is sent again with the same
/// `Idempotency-Key` after a backoff (0.5 s doubling to 8 s), the page showing "Reconnecting…"; once the
/// host answers again the page asks for the seat's view to catch up. It checks in every 10 s (the host's
/// `status`) and when the phone wakes. A 401 (the seat re-issued) stops it.
pub const SCRIPT: &str = r#"'use strict';
const code = location.pathname.split('/').filter(Boolean).pop();
const api = '/api/' + code;
const $ = (id) => document.getElementById(id);
const BACKOFF_FIRST_MS = 500;
const BACKOFF_MAX_MS = 8000;
const TIMEOUT_MS = 10000;
const CHECK_IN_MS = 10000;
let seat = null;
let offline = false;
let closed = false;
function newKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
function status(text) { $('status').textContent = text; }
function seatGone() {
  closed = true;
  status('This seat code is not open at this table (it may have been re-issued): ask the host for the seat\u2019s QR code.');
}
// One fetch with a timeout; throws on a network failure or a timeout.
async function fetchOnce(url, options) {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
  try { return await fetch(url, Object.assign({ signal: abort.signal, cache: 'no-store' }, options)); }
  finally { clearTimeout(timer); }
}
// Sends until the host answers: the same options (and so the same Idempotency-Key) on every retry.
async function reliable(url, options) {
  let wait = BACKOFF_FIRST_MS;
  for (;;) {
    if (closed) return null;
    let res = null;
    try { res = await fetchOnce(url, options); } catch (e) { res = null; }
    if (res && res.status === 429) { await sleep(1000 * Number(res.headers.get('Retry-After') || 1)); continue; }
    if (res && res.status === 401) { seatGone(); return null; }
    if (res && res.status !== 408 && res.status !== 503) {
      if (offline) { offline = false; status('Reconnected.'); catchUp(); }
      return res;
    }
    offline = true;
    status('Reconnecting\u2026');
    await sleep(wait);
    wait = Math.min(wait * 2, BACKOFF_MAX_MS);
  }
}
function show(res, text) {
  let shown = text;
  try { shown = JSON.stringify(JSON.parse(text), null, 2); } catch (e) { /* not JSON: shown as it is */ }
  $('answer').textContent = res.status + '\n' + shown;
}
async function send(request) {
  const key = newKey();
  const body = JSON.stringify(request);
  const res = await reliable(api, { method: 'POST', body: body, headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key } });
  if (res) show(res, await res.text());
}
// What the seat sees now: after a reconnection, whatever happened meanwhile.
function viewRequest() {
  if (seat.game) return { action: 'view' };
  return seat.player ? { tool: 'view', player: seat.player } : { tool: 'table_view' };
}
function catchUp() {
  if (!seat) return;
  send(viewRequest());
}
async function checkIn() {
  if (closed) return;
  const res = await reliable(api, { method: 'GET' });
  if (res && !seat) seated(await res.json());
}
function button(label, request) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = label;
  b.addEventListener('click', () => send(request));
  $('quick').appendChild(b);
}
function seated(info) {
  seat = info;
  $('seat').textContent = seat.role ? seat.role : seat.player ? 'Player ' + seat.seat : 'Table display';
  status('Seated.');
  if (seat.game) {
    button('View', { action: 'view' });
  } else {
    if (seat.player) {
      button('My secrets', { tool: 'view', player: seat.player });
      button('Draw SDR chit', { tool: 'draw_sdr', player: seat.player });
    }
    button('Table', { tool: 'table_view' });
  }
  $('request').value = JSON.stringify(viewRequest());
}
function start() {
  $('send').addEventListener('click', () => {
    if (!seat) return;
    try { send(JSON.parse($('request').value)); } catch (e) { $('answer').textContent = 'Not JSON: ' + e.message; }
  });
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'visible') checkIn(); });
  window.addEventListener('online', checkIn);
  setInterval(checkIn, CHECK_IN_MS);
  checkIn();
}
start();
"#;

/// The page's style sheet.
pub const STYLE: &str = "body{font:16px/1.4 system-ui,sans-serif;margin:0;padding:1rem;max-width:40rem}\
button{font:inherit;min-height:44px;margin:.25rem .5rem .25rem 0;padding:0 1rem}\
textarea{display:block;width:100%;box-sizing:border-box;font:14px monospace}\
pre{white-space:pre-wrap;word-break:break-word;background:#f4f4f4;padding:.5rem}\
@media (prefers-color-scheme:dark){body{background:#111;color:#eee}pre{background:#222}}\n";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_loads_nothing_remote_and_nothing_inline() {
        for text in [PAGE, SCRIPT, STYLE] {
            assert!(!text.contains("http://") && !text.contains("https://") && !text.contains("//cdn"), "no remote content");
        }
        assert!(!PAGE.contains("<script>") && !PAGE.contains("<style"), "no inline script or style: the CSP allows 'self' only");
        assert!(!PAGE.split_whitespace().any(|word| word.starts_with("on") && word.contains('=')), "no inline event handler");
        assert!(CSP.starts_with("default-src 'none'") && !CSP.contains("unsafe"));
    }

    #[test]
    fn the_page_runs_its_own_script_which_reconnects_by_itself() {
        assert!(PAGE.contains(r#"<script src="/guest.js" defer></script>"#), "the page's one script, served by the host");
        // A failed fetch is retried with backoff, saying so, and the same key goes with every retry.
        assert!(SCRIPT.contains("async function reliable(url, options)"));
        assert!(SCRIPT.contains("catch (e) { res = null; }"), "a network failure is caught, not thrown");
        assert!(SCRIPT.contains("status('Reconnecting\\u2026')") && SCRIPT.contains("wait = Math.min(wait * 2, BACKOFF_MAX_MS)"));
        assert!(SCRIPT.contains("const key = newKey();") && SCRIPT.contains("'Idempotency-Key': key"));
        let send = &SCRIPT[SCRIPT.find("async function send(").unwrap()..];
        let send = &send[..send.find("
}
").unwrap()];
        assert_eq!(send.matches("newKey()").count(), 1, "one key per request, made before its retries: {send}");
        // Back online: the seat's view again, to catch up.
        assert!(SCRIPT.contains("if (offline) { offline = false; status('Reconnected.'); catchUp(); }"));
        assert!(SCRIPT.contains("function catchUp() {\n  if (!seat) return;\n  send(viewRequest());"));
        assert!(SCRIPT.contains("if (seat.game) return { action: 'view' };"), "a game seat catches up with the game's view");
        // Timeouts and check-ins, and a re-issued seat stops the retries.
        assert!(SCRIPT.contains("abort.abort()") && SCRIPT.contains("setInterval(checkIn, CHECK_IN_MS)"));
        assert!(SCRIPT.contains("res.status === 401) { seatGone(); return null; }"));
        assert!(!SCRIPT.contains("eval(") && !SCRIPT.contains("innerHTML"), "answers are shown as text");
    }
}
