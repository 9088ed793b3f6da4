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
<label for="request">Request (one JSON object of the table tools' protocol)</label>
<textarea id="request" rows="4" spellcheck="false"></textarea>
<button id="send" type="button">Send</button>
<pre id="answer" aria-live="polite"></pre>
</main>
</body>
</html>
"#;

/// The page's script: no framework, no remote code.
pub const SCRIPT: &str = r#"'use strict';
const code = location.pathname.split('/').filter(Boolean).pop();
const api = '/api/' + code;
const $ = (id) => document.getElementById(id);
function newKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
async function send(request) {
  const key = newKey();
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      const res = await fetch(api, { method: 'POST', body: JSON.stringify(request), headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key } });
      const text = await res.text();
      if (res.status === 429) { await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('Retry-After') || 1))); continue; }
      $('answer').textContent = res.status + '\n' + JSON.stringify(JSON.parse(text), null, 2);
      return;
    } catch (e) {
      $('status').textContent = 'Connection lost, retrying…';
      await new Promise((r) => setTimeout(r, 500 * (attempt + 1)));
    }
  }
  $('status').textContent = 'No answer from the host.';
}
function button(label, request) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = label;
  b.addEventListener('click', () => send(request));
  $('quick').appendChild(b);
}
async function start() {
  const res = await fetch(api);
  if (!res.ok) { $('status').textContent = 'This seat code is not open at this table.'; return; }
  const seat = await res.json();
  $('seat').textContent = seat.player ? 'Player ' + seat.seat : 'Table display';
  $('status').textContent = 'Seated.';
  if (seat.player) {
    button('My secrets', { tool: 'view', player: seat.player });
    button('Draw SDR chit', { tool: 'draw_sdr', player: seat.player });
  }
  button('Table', { tool: 'table_view' });
  $('request').value = JSON.stringify(seat.player ? { tool: 'view', player: seat.player } : { tool: 'table_view' });
  $('send').addEventListener('click', () => {
    try { send(JSON.parse($('request').value)); } catch (e) { $('answer').textContent = 'Not JSON: ' + e.message; }
  });
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
}
