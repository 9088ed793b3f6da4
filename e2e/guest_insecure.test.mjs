// A guest's phone on a plain http:// page of the local network, as at a real table: the table opened on the
// machine's own non-loopback address, the guest page opened there in headless Chromium at phone size — a
// page that is not a secure context, so the browser gives it no Screen Wake Lock. The screen is kept on by
// the silent video (ui/src/guest/awake.ts): not before the player's first tap, playing after it, said once
// (not again after a reload once dismissed), and no error shown or logged.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { startDriver, openApp, waitForTestId, waitForText, waitFor, byTestId } from './harness.mjs';
import { CHROMEDRIVER, CHROMIUM, guestBrowser, guestScreenshot, joinUrl, openOnNetwork, openTableMode, tapId } from './table.mjs';
import { selector, tid } from '../ui/src/lib/testids.js';

let driverProcess;

before(async () => {
  driverProcess = await startDriver();
});

after(() => {
  driverProcess?.stop();
});

const playing = (guest) => guest.executeScript(`const v = document.querySelector(arguments[0]); return !!v && !v.paused && v.dataset.playing === 'true';`, selector(tid.guestAwakeVideo));

test('a guest on an http:// LAN page keeps the screen on by the silent video from the first tap, without an error', { skip: !existsSync(CHROMIUM) || !existsSync(CHROMEDRIVER) ? `needs ${CHROMIUM} and ${CHROMEDRIVER} (scripts/setup.sh installs them)` : false }, async (t) => {
  const app = await openApp();
  const guest = await guestBrowser({ consoleLog: true });
  try {
    await openTableMode(app);
    const listen = await openOnNetwork(app);
    if (!listen) {
      t.skip('this machine has no non-loopback IPv4 address to serve the table on');
      return;
    }
    await guest.get(await joinUrl(app, 'A', listen));
    await waitForText(guest, tid.guestLink, (s) => s.startsWith('Connected'));
    const context = await guest.executeScript('return { secure: isSecureContext, wakeLock: "wakeLock" in navigator, origin: location.origin }');
    assert.deepEqual({ secure: context.secure, wakeLock: context.wakeLock }, { secure: false, wakeLock: false }, `${context.origin} is not a secure context: no wake lock`);

    // Before any tap: the video waits (autoplay rules), and the note asks for a tap.
    await waitForTestId(guest, tid.guestAwakeVideo);
    assert.equal(await playing(guest), false);
    assert.match(await waitForText(guest, tid.guestAwakeNote, (s) => s.length > 0), /Tap the page once/);
    await guestScreenshot(guest, 'guest-insecure-before-tap-phone');

    // The first tap (on a tool, as a player would) starts it.
    await tapId(guest, tid.tool('sdr'));
    await waitFor('the silent video playing after the first tap', () => playing(guest), 5000);
    assert.match(await waitForText(guest, tid.guestAwakeNote, (s) => s.startsWith('Your screen stays on')), /http:\/\//);
    await guestScreenshot(guest, 'guest-insecure-awake-phone');

    // Said once: dismissed, it is not said again after a reload; the video starts again at the next tap.
    await (await waitForTestId(guest, tid.guestAwakeNote)).findElement({ css: 'button' }).click();
    await guest.navigate().refresh();
    await waitForText(guest, tid.guestLink, (s) => s.startsWith('Connected'));
    assert.equal((await guest.findElements(byTestId(tid.guestAwakeNote))).length, 0, 'the note is said once');
    await tapId(guest, tid.tool('sdr'));
    await waitFor('the video playing again after a tap', () => playing(guest), 5000);

    // No error: nothing shown as an alert, nothing logged as an error by the page.
    assert.equal((await guest.findElements({ css: '[role="alert"]' })).length, 0, 'no error shown');
    const errors = (await guest.manage().logs().get('browser')).filter((entry) => entry.level.name === 'SEVERE').map((entry) => entry.message)
      // The browser's own ask for /favicon.ico (the page names no icon) is not the page's error.
      .filter((message) => !message.includes('/favicon.ico '));
    assert.deepEqual(errors, [], 'no error in the page console');
  } finally {
    await guest.quit().catch(() => {});
    await tapId(app, tid.tableModeClose).catch(() => {});
    await app.quit().catch(() => {});
  }
});
