// The app opens the table. From the Table mode card on the tools screen, the table is opened on
// 127.0.0.1; node then plays a guest: it GETs a seat's join URL, POSTs one request for that seat, is refused
// with a wrong code (401), and after Close the table nothing answers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startDriver, openApp, waitForTestId, waitForText, waitForGone, screenshot } from './harness.mjs';
import { openTableOnLoopback, tapId } from './table.mjs';
import { tid } from '../ui/src/lib/testids.js';

let driverProcess;

before(async () => {
  driverProcess = await startDriver();
});

after(() => {
  driverProcess?.stop();
});

test('table mode (issue #16): the table opened from the app answers a seat on loopback, refuses a wrong code and closes', async () => {
  const driver = await openApp();
  try {
    // Nothing listens yet; loopback is offered (last), and picked.
    const listen = await openTableOnLoopback(driver);
    const url = await waitForText(driver, tid.tableModeUrl('A'), (t) => t.startsWith(`http://${listen}/join/`));
    assert.match(url, /\/join\/[0-9a-f]{32}$/);
    const qr = await waitForTestId(driver, tid.tableModeQr('A'));
    assert.match(await qr.getAttribute('src'), /^data:image\/svg\+xml;base64,/);
    assert.ok(await driver.executeScript('return arguments[0].complete && arguments[0].naturalWidth > 0', qr), 'the QR image is drawn');
    await screenshot(driver, 'table-mode-open-phone', 390, 844);

    // A guest: the page, then one request as player A.
    const page = await fetch(url);
    assert.equal(page.status, 200);
    assert.ok(page.headers.get('content-security-policy'));
    const api = url.replace('/join/', '/api/');
    const drawn = await fetch(api, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ tool: 'draw_sdr', player: 'a', label: 'e2e' }) });
    assert.equal(drawn.status, 200);
    assert.equal((await drawn.json()).tool, 'sdr_drawn');
    const wrong = await fetch(`http://${listen}/api/${'0'.repeat(32)}`, { method: 'POST', body: JSON.stringify({ tool: 'view', player: 'a' }) });
    assert.equal(wrong.status, 401);
    // The card sees A connected (it asks every few seconds).
    await waitForText(driver, tid.tableModeConnected('A'), (t) => t.startsWith('Connected'), 15000);

    // Closed: nothing answers any more.
    await tapId(driver, tid.tableModeClose);
    await waitForGone(driver, tid.tableModeListen, 10000, 'the card shows a closed table');
    await assert.rejects(fetch(url), 'nothing listens after Close the table');
  } finally {
    await driver.quit();
  }
});
