// Two players, each on their own phone, the real app as the one referee. The app opens the
// table on loopback from its Table mode card; two headless Chromium browsers (Debian's chromium and
// chromium-driver) at phone size open seats A and B from the card's join URLs, and use the guest page —
// the app's own tool screens, acting for their seat only:
// - a Secret Die Roll drawn by A: B's phone shows the commitment (pushed, no reload), never the value, and
//   cannot reveal it; A reveals; both phones show it verified;
// - a double-blind search call answered to the seat that called it;
// - B reloads and comes back to the same seat and table; a wrong code is refused;
// - the host killed and started again: the app reopens the table by itself, the guests reconnect on their
//   own and play on.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { startDriver, openApp, waitForTestId, waitForText, waitForGone, waitFor, byTestId, tap, killApp, pickSegment as pick, typeInto as type } from './harness.mjs';
import { CHROMEDRIVER, CHROMIUM, guestBrowser, guestScreenshot, joinUrl, openOnLoopback, openTableMode, openTableOnLoopback, tapId } from './table.mjs';
import { tid } from '../ui/src/lib/testids.js';
import { blockingViolations } from './axe.mjs';

let driverProcess;

before(async () => {
  driverProcess = await startDriver();
});

after(() => {
  driverProcess?.stop();
});

const pageText = (driver) => driver.executeScript('return document.body.innerText');

/** A guest seated at `url`, connected, on the tool `tool`. */
async function seat(guest, url, name, tool) {
  await guest.get(url);
  await waitForText(guest, tid.guestSeat, (t) => t.includes(name));
  await waitForText(guest, tid.guestLink, (t) => t.startsWith('Connected'));
  await tapId(guest, tid.tool(tool));
}

test('table mode (issue #16): each player on their own phone, the app as referee', { skip: !existsSync(CHROMIUM) || !existsSync(CHROMEDRIVER) ? `needs ${CHROMIUM} and ${CHROMEDRIVER} (scripts/setup.sh installs them)` : false }, async () => {
  let app = await openApp();
  const a = await guestBrowser();
  const b = await guestBrowser();
  try {
    const listen = await openTableOnLoopback(app);
    const urlA = await joinUrl(app, 'A', listen);
    const urlB = await joinUrl(app, 'B', listen);

    // The Secret Die Roll: A draws on A's phone.
    await seat(a, urlA, 'Player A', 'sdr');
    await seat(b, urlB, 'Player B', 'sdr');
    await waitForText(a, tid.sdrBag, (t) => t.includes('of 48'));
    assert.equal((await a.findElements(byTestId(tid.sdrDrawB))).length, 0, "A's phone draws only for A");
    assert.equal((await b.findElements(byTestId(tid.sdrDrawA))).length, 0, "B's phone draws only for B");
    assert.equal((await a.findElements(byTestId(tid.peek('b')))).length, 0, "A's phone has no peek at B's secrets");
    await type(a, tid.sdrLabel, 'victory conditions');
    await tapId(a, tid.sdrDrawA);
    const commitment = await waitForText(a, tid.chitCommitment(1), (t) => /^[0-9a-f]{16}$/.test(t));
    // B's phone: the same commitment, pushed to it (no reload), and nothing else of the chit.
    assert.equal(await waitForText(b, tid.chitCommitment(1), (t) => t.length > 0), commitment);
    const shownToB = await b.findElement(byTestId(tid.chit(1))).getText();
    assert.match(shownToB, /Only Player A can reveal it/);
    assert.equal((await b.findElements(byTestId(tid.revealChit(1)))).length, 0, 'B cannot reveal A’s chit');
    assert.equal((await b.findElements(byTestId(tid.dieFace))).length, 0, 'no die face on B’s phone');
    await guestScreenshot(a, 'guest-a-sdr-drawn-phone');
    await guestScreenshot(b, 'guest-b-sdr-commitment-phone');
    // axe on both phones' pages.
    const violations = [...(await blockingViolations(a, "A's SDR")), ...(await blockingViolations(b, "B's SDR"))];

    // A reveals; both phones verify it against the commitment shown at the draw.
    await tapId(a, tid.revealChit(1));
    await tapId(a, tid.revealConfirm(1));
    for (const guest of [a, b]) {
      assert.match(await waitForText(guest, tid.verified(1), (t) => t.length > 0), /✓ Verified/);
    }
    await guestScreenshot(b, 'guest-b-sdr-verified-phone');

    // B reloads: the same seat, the same table.
    await b.navigate().refresh();
    await seat(b, urlB, 'Player B', 'sdr');
    assert.match(await waitForText(b, tid.verified(1), (t) => t.length > 0), /✓ Verified/);

    // A wrong code opens nothing.
    const wrong = await guestBrowser();
    try {
      await wrong.get(`http://${listen}/join/${'0'.repeat(32)}`);
      await waitFor('the refusal', async () => /not open at this table/.test(await pageText(wrong)));
    } finally {
      await wrong.quit();
    }

    // The double-blind search: both record a unit in the same square; B is British and calls.
    for (const guest of [a, b]) await tapId(guest, tid.toolsBack);
    await seatTool(a, 'search');
    await seatTool(b, 'search');
    await tap(b, await b.findElement({ xpath: `//section[@data-testid='${tid.search}']//summary[normalize-space()='Start a turn']` }));
    await pick(b, tid.searchBritish('b'));
    await tapId(b, tid.searchStartTurn);
    for (const [guest, p, unit] of [[a, 'a', 'Goeben'], [b, 'b', 'Indomitable']]) {
      await tapId(guest, tid.searchEdit(p));
      await type(guest, tid.searchUnit, unit);
      await type(guest, tid.searchSea, 'Ionian');
      await type(guest, tid.searchArea, 'A2');
      await type(guest, tid.searchSquare, '52');
      await tapId(guest, tid.searchPlace);
      await tapId(guest, tid.searchDone);
    }
    assert.ok(!(await pageText(b)).includes('Goeben'), "A's unit is not on B's phone");
    assert.ok(!(await pageText(a)).includes('Indomitable'), "B's unit is not on A's phone");
    // The turn's steps in order, each phone closing its own — movement, then spotting — before
    // the British player's search.
    for (const next of ['spotting reports', 'the British searches']) {
      await tapId(a, tid.searchEndStep('a'));
      await waitForText(b, tid.searchStep, (t) => t.includes('done:'));
      await tapId(b, tid.searchEndStep('b'));
      await waitForText(a, tid.searchStep, (t) => t === `Now: ${next}`);
      await waitForText(b, tid.searchStep, (t) => t === `Now: ${next}`);
    }
    await pick(b, tid.callPlayer('b'));
    await pick(b, tid.callLevel('square'));
    await type(b, tid.callName, '52');
    await tapId(b, tid.callGo);
    const found = await waitForText(b, tid.callAnswer, (t) => t.startsWith('found'));
    assert.match(found, /Goeben/, 'the caller’s phone gets the answer');
    assert.equal((await a.findElements(byTestId(tid.callAnswer))).length, 0, 'the answer went to the caller’s seat only');
    await b.executeScript('arguments[0].scrollIntoView({ block: "center" })', await b.findElement(byTestId(tid.callAnswer)));
    await guestScreenshot(b, 'guest-b-search-found-phone');
    await guestScreenshot(a, 'guest-a-search-phone');

    // The host killed: the guests say they are reconnecting; the app started again reopens the table by
    // itself, and they come back without a tap.
    await killApp();
    await app.quit().catch(() => {});
    for (const guest of [a, b]) await waitForText(guest, tid.guestLink, (t) => t.startsWith('Reconnecting'), 30000);
    await guestScreenshot(a, 'guest-a-reconnecting-phone');
    app = await openApp();
    for (const guest of [a, b]) await waitForText(guest, tid.guestLink, (t) => t.startsWith('Connected'), 45000);
    // The table is as it was: A's revealed chit is still there, and B draws on.
    await tapId(b, tid.toolsBack);
    await seatTool(b, 'sdr');
    assert.match(await waitForText(b, tid.verified(1), (t) => t.length > 0), /✓ Verified/);
    await tapId(b, tid.sdrDrawB);
    await tapId(a, tid.toolsBack);
    await seatTool(a, 'sdr');
    await waitForTestId(a, tid.chitCommitment(2));
    // The card of the restarted app shows the same table.
    await openTableMode(app);
    assert.equal(await joinUrl(app, 'A', listen), urlA, 'the same seat codes after the restart');

    // A game table (25.0, the Task Force Officers): the tools' table closed and forgotten, a game opened;
    // the Commander and the Engineer each on their own phone, each offered only their own calls.
    await tapId(app, tid.tableModeClose);
    await waitForGone(app, tid.tableModeListen, 10000, 'the table closed');
    await tapId(app, tid.tableModeForget);
    await tapId(app, tid.tableModeForgetConfirm);
    await waitForTestId(app, tid.tableModeForgotten);
    await pick(app, tid.tableModePlays('task_force_officers'));
    const gameListen = await openOnLoopback(app);
    await waitForTestId(app, tid.tableModePlaying);
    await a.get(await joinUrl(app, 'Commander', gameListen));
    await b.get(await joinUrl(app, 'Engineer', gameListen));
    await waitForText(a, tid.guestSeat, (t) => t.includes('Commander'));
    await waitForText(b, tid.guestSeat, (t) => t.includes('Engineer'));
    await waitForTestId(a, tid.guestGame);
    // Setup: every decision is the Commander's (25.0); the Engineer's phone waits, saying for what.
    await waitForTestId(a, tid.phase);
    assert.equal((await a.findElements(byTestId(tid.guestWaiting))).length, 0, "the Commander's phone has the setup's decisions");
    assert.match(await waitForText(b, tid.guestWaiting, (t) => t.length > 0), /Your seat: Engineer/);
    assert.equal((await b.findElements(byTestId(tid.action('end_phase')))).length, 0, 'the Engineer cannot end the phase');
    await guestScreenshot(a, 'guest-commander-game-phone');
    await guestScreenshot(b, 'guest-engineer-waiting-phone');
    violations.push(...(await blockingViolations(a, "the Commander's game")), ...(await blockingViolations(b, "the Engineer's game")));
    assert.deepEqual(violations, [], `serious or critical accessibility violations on the guest page:\n  ${violations.join('\n  ')}`);
  } finally {
    await a.quit().catch(() => {});
    await b.quit().catch(() => {});
    await app.quit().catch(() => {});
  }
});

async function seatTool(guest, tool) {
  await tapId(guest, tid.tool(tool));
}
