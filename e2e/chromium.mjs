// The app's page in Chromium — the engine of Android's WebView — as a phone or a tablet: the built UI
// (ui/dist) and its commands served by the app server (crates/app-server, `target/debug/app_server`, built by
// the core's tests) on the real core and store, whose page tells ui/src/lib/ipc.ts to call it over HTTP.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { coreBinary, emulate, repo, resize } from './harness.mjs';
import { guestBrowser } from './table.mjs';

/** The app server on a free loopback port with its games in `data` (a fresh folder unless given): the
 * process and its URL. `binary`: another build of it (the benches run a release one, as a phone's core is). */
export async function appServer(data = mkdtempSync(join(tmpdir(), 'goeben-chromium-')), binary = coreBinary('app_server')) {
  const server = spawn(binary, ['--data', data, '--ui', join(repo, 'ui', 'dist')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
      const found = out.match(/listening on (http:\/\/127\.0\.0\.1:\d+\/)/);
      if (found) resolve(found[1]);
    });
    server.on('exit', (code) => reject(new Error(`app_server exited (${code}) before it listened`)));
  });
  return { server, url, data };
}

/** The pixel ratio of a device `width` CSS pixels wide: a small phone (320×568) 2, a phone (390×844) 3, a
 * tablet 2, a desktop 1 — the ratios of the phones and tablets the app is drawn for. */
export function pixelRatio(width) {
  if (width <= 360) return 2;
  if (width <= 480) return 3;
  return width <= 1024 ? 2 : 1;
}

/** Headless Chromium as a touch device at `size` (fit.mjs's SIZES), on `url`: the harness's resize,
 * screenshot and tap then treat it as one (device metrics, touch). */
export async function deviceBrowser(url, size) {
  const driver = await guestBrowser();
  emulate(driver, { dpr: pixelRatio });
  // The page first, then its size: a page with no viewport tag (the browser's blank one) is laid out 980 px wide
  // under a phone's metrics, and `resize` waits for the page's own area to be the device's.
  try {
    await driver.get(url);
    await resize(driver, size.width, size.height);
  } catch (e) {
    // A browser left open holds the test runner after the failure (seen: a run that never ended).
    await driver.quit();
    throw e;
  }
  return driver;
}
