// The app in Chromium — the engine of Android's WebView — as a phone (390×844, touch, headless), on the
// real core and the real store: the built UI (ui/dist) and its commands served by the app server
// (crates/app-server, `target/debug/app_server`, built by the core's tests), whose page tells
// `ui/src/lib/ipc.ts` to call it over HTTP instead of Tauri. A new game by taps, its header read off the
// screen against the referee CLI's view, nothing past the window's edge, and the same game after the
// server is killed and started again on its folder.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { coreBinary, refereeView, repo, tap, textOf, waitForTestId, waitForText } from './harness.mjs';
import { guestBrowser, guestScreenshot } from './table.mjs';
import { appServer } from './chromium.mjs';
import { tid } from '../ui/src/lib/testids.js';

const SEED = 7;

/** The header's turn, Alert Level, VP and pool as the screen shows them. */
async function header(driver) {
  return {
    alert: await textOf(driver, tid.alertLevel),
    vp: await textOf(driver, tid.vp),
    pool: await textOf(driver, tid.poolCount),
  };
}

test('Chromium as a phone: a new game by taps on the real core and store, kept across a restart of the server', async () => {
  assert.ok(existsSync(coreBinary('app_server')), 'target/debug/app_server is built by the core\'s tests');
  assert.ok(existsSync(join(repo, 'ui', 'dist', 'index.html')), 'ui/dist is built by the app build');
  const data = mkdtempSync(join(tmpdir(), 'goeben-chromium-'));
  let { server, url } = await appServer(data);
  const driver = await guestBrowser();
  try {
    await driver.get(url);
    const seedInput = await waitForTestId(driver, tid.seedInput);
    await seedInput.clear();
    await seedInput.sendKeys(String(SEED));
    await tap(driver, await waitForTestId(driver, tid.newGameButton));
    const expected = refereeView(SEED, [{ action: 'new_game', seed: SEED }]).view;
    const alert = await waitForText(driver, tid.alertLevel, (t) => /^\d+$/.test(t));
    assert.equal(Number(alert), expected.alert_level, 'Alert Level read off the screen');
    assert.equal(await textOf(driver, tid.poolCount), String(expected.game.pool), 'Incident Pool count');
    assert.match(await textOf(driver, tid.vp), new RegExp(`\\b${expected.vp}\\b`));
    const wide = await driver.executeScript('return [document.documentElement.scrollWidth, innerWidth]');
    assert.ok(wide[0] <= wide[1], `nothing past the window's edge: ${wide[0]} px of ${wide[1]}`);
    await guestScreenshot(driver, 'chromium-new-game-phone');
    const before = await header(driver);

    // Killed and started again on its folder: the journal kept the game before the answer came back.
    server.kill('SIGKILL');
    ({ server, url } = await appServer(data));
    await driver.get(url);
    await waitForText(driver, tid.alertLevel, (t) => /^\d+$/.test(t));
    assert.deepEqual(await header(driver), before, 'the same game after the restart');
  } finally {
    await driver.quit();
    server.kill('SIGKILL');
  }
});
