// Provable play in the real app: a draw is marked before the tap and refused for undo with the reason shown;
// the fingerprint from the first view; a game played to its end shows the seed and the hand check; the
// after-action review stepped through with its plots (phone and desktop screenshots); the game record
// exported from the app and verified with the `referee verify` CLI.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  startDriver, openApp, waitForTestId, waitForAnyTestId, textOf, waitForText, screenshot, byTestId, coreBinary, tap, untilAnswered, menuItem, resize,
} from './harness.mjs';
import { tid } from '../ui/src/lib/testids.js';
import { assertNothingOverflows, measureFit } from './fit.mjs';

let driverProcess;
before(async () => {
  driverProcess = await startDriver();
});
after(() => {
  driverProcess?.stop();
});

async function respond(driver, action) {
  return driver.executeAsyncScript(
    `const done = arguments[arguments.length - 1];
     window.__TAURI_INTERNALS__.invoke('respond', { action: arguments[0] }).then(done, (e) => done({ ok: false, error: { code: 'ipc', message: String(e) } }));`,
    action,
  );
}

/** Plays on through IPC with a fixed chooser until `until` holds ('draw': a draw is offered; 'end': the
 * game is over and its seed revealed); the UI is refreshed afterwards. (The app's CSP allows no eval, so
 * the condition is named, not sent as code.) */
async function playUntil(driver, until, limit = 4000) {
  return driver.executeAsyncScript(
    `const [until, limit, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
     const stop = until === 'draw'
       ? (view) => view.decisions.some((d) => d.action.action === 'resolve_incidents')
       : (view) => view.game_over !== null && view.reveal !== undefined;
     const call = (action) => window.__TAURI_INTERNALS__.invoke('respond', { action });
     (async () => {
       let r = await call({ action: 'view' });
       let i = 0;
       while (!stop(r.view) && i < limit && r.view.decisions.length > 0) {
         r = await call(r.view.decisions[(i * 31 + 7) % r.view.decisions.length].action);
         i += 1;
       }
       done(r.view);
     })().catch((e) => done({ error: String(e) }));`,
    until,
    limit,
  );
}

test('issue #14: a marked draw, undo refused with its reason, a game to its end, the review and a verified record', async () => {
  const driver = await openApp();
  try {
    await driver.manage().setTimeouts({ implicit: 0, script: 120000 });
    await waitForAnyTestId(driver, [tid.phase, tid.seedInput]);
    const started = await respond(driver, { action: 'new_game', seed: 4 });
    assert.equal(started.ok, true);
    const commitment = started.view.commitment;
    assert.match(commitment, /^[0-9a-f]{64}$/, 'a commitment from the first view');
    assert.equal(started.view.reveal, undefined, 'no reveal while the game runs');
    // On to an Incident phase, where the draw waits (at Alert 1 in a neutral port nothing is drawn: the
    // button may say "can't be taken back" and draw nothing, so tap on until a draw happened).
    let drew = false;
    for (let attempt = 0; attempt < 12 && !drew; attempt += 1) {
      const atIncident = await playUntil(driver, 'draw');
      assert.equal(atIncident.commitment, commitment, 'the same commitment in every view');
      await driver.navigate().refresh();
      if (attempt === 0) {
        // The fingerprint is in the dock's menu, one tap away.
        assert.ok((await (await menuItem(driver, tid.fingerprint)).getText()).includes(commitment.slice(0, 8)), 'the fingerprint shows the commitment');
        await driver.navigate().refresh();
      }
      // The draw's button says it cannot be taken back — exactly when it may draw (not in a port
      // where 13.2 allows no picks, such as Messina at Alert 1–3).
      const draw = await waitForTestId(driver, tid.action('resolve_incidents'));
      const now = (await respond(driver, { action: 'view' })).view;
      const marked = !!now.decisions.find((d) => d.action.action === 'resolve_incidents')?.barrier;
      if (marked) {
        assert.match(await draw.getText(), /can't be taken back/);
        await screenshot(driver, 'barrier-phone', 390, 844);
      } else {
        assert.doesNotMatch(await draw.getText(), /can't be taken back/);
      }
      await untilAnswered(driver, 'the tap on the draw', () => tap(driver, draw));
      drew = (await respond(driver, { action: 'view' })).view.undo_status.barrier;
    }
    assert.ok(drew, 'a draw happened');
    const refused = await respond(driver, { action: 'undo' });
    assert.equal(refused.ok, false);
    assert.equal(refused.error.code, 'undo_barrier', 'the core refuses the undo');
    // The Undo button says why before anything is sent.
    await tap(driver, await waitForTestId(driver, tid.undoButton));
    const why = await waitForText(driver, tid.undoBlocked, (t) => t.length > 0);
    assert.match(why, /Can't undo/);
    await screenshot(driver, 'undo-blocked-phone', 390, 844);

    // A mid-game record holds no seed.
    const mid = await respond(driver, { action: 'export_record' });
    assert.equal(mid.ok, true);
    assert.equal(mid.record.seed, undefined);
    assert.doesNotMatch(JSON.stringify(mid.record), /"salt"/);

    // The game to its end: the seed, the salt and the committed string, checked here as by hand.
    const end = await playUntil(driver, 'end');
    assert.ok(end.reveal, `the game ended and revealed its seed (${JSON.stringify(end.game_over)})`);
    assert.equal(createHash('sha256').update(end.reveal.committed).digest('hex'), commitment);
    assert.match(end.reveal.committed, new RegExp(`seed=${end.reveal.seed};`));
    await driver.navigate().refresh();
    // The result comes first; the proof is folded under it, one tap away.
    const proof = await waitForTestId(driver, tid.reveal);
    assert.equal(await proof.getAttribute('open'), null, 'the proof starts folded');
    await screenshot(driver, 'game-over-phone', 390, 844);
    await tap(driver, await proof.findElement({ css: 'summary' }));
    assert.match(await textOf(driver, tid.reveal), new RegExp(String(end.reveal.seed)));
    await screenshot(driver, 'game-over-proof-phone', 390, 844);

    // The review, stepped through, with its plots at phone and desktop size.
    await tap(driver, await waitForTestId(driver, tid.reviewOpen));
    await waitForTestId(driver, tid.review);
    await waitForTestId(driver, tid.plotVp);
    await waitForTestId(driver, tid.plotAlert);
    const first = await textOf(driver, tid.reviewTurn);
    await tap(driver, await waitForTestId(driver, tid.reviewNext));
    await waitForText(driver, tid.reviewTurn, (t) => t !== first);
    await screenshot(driver, 'review-turns-phone', 390, 844);
    // The plots, looked at on a phone and a desktop: scrolled to the VP chart at each size.
    for (const [name, width, height] of [['review-phone', 390, 844], ['review-desktop', 1280, 800]]) {
      await resize(driver, width, height);
      await driver.executeScript('arguments[0].scrollIntoView({ block: "start" }); window.scrollBy(0, -190)', await waitForTestId(driver, tid.plotVp));
      await screenshot(driver, name, width, height);
    }
    // The luck chart (its words the core's) at the three sizes: nothing of it past the window's edge.
    for (const [name, width, height] of [['review-luck-phone', 390, 844], ['review-luck-small-phone', 320, 568], ['review-luck-desktop', 1280, 800]]) {
      const plots = await driver.findElements(byTestId(tid.plotLuck));
      if (plots.length === 0) break;
      await resize(driver, width, height);
      await driver.executeScript('arguments[0].scrollIntoView({ block: "center" })', plots[0]);
      await screenshot(driver, name, width, height);
      assertNothingOverflows(`the luck chart at ${width}×${height}`, await measureFit(driver));
    }

    // The finished game is on the device's list, with its fingerprint and its record.
    await driver.navigate().refresh();
    await tap(driver, await waitForTestId(driver, tid.finishedOpenOver));
    await waitForTestId(driver, tid.finishedGames);
    const row = await waitForText(driver, tid.finishedRow, (t) => t.includes(commitment.slice(0, 8)));
    assert.match(row, /VP/);
    assert.match(await textOf(driver, tid.finishedSummary), /1/);
    await driver.executeScript('arguments[0].scrollIntoView({ block: "start" }); window.scrollBy(0, -190)', await waitForTestId(driver, tid.finishedGames));
    await screenshot(driver, 'finished-phone', 390, 844);

    // The record exported by the app verifies with the CLI; a die edited in it does not.
    const final = await respond(driver, { action: 'export_record' });
    const text = JSON.stringify(final.record);
    const verified = JSON.parse(execFileSync(coreBinary('referee'), ['verify'], { input: text }).toString());
    assert.equal(verified.ok, true, JSON.stringify(verified.error));
    assert.equal(verified.final_view.vp, end.vp);
    const tampered = structuredClone(final.record);
    const k = tampered.steps.findIndex((s) => s.events.some((e) => e.event === 'dice_rolled'));
    const die = tampered.steps[k].events.find((e) => e.event === 'dice_rolled');
    die.faces[0] = die.faces[0] === 1 ? 2 : 1;
    let out;
    try {
      execFileSync(coreBinary('referee'), ['verify'], { input: JSON.stringify(tampered) });
    } catch (e) {
      out = JSON.parse(e.stdout.toString());
    }
    assert.equal(out?.ok, false);
    assert.equal(out.step, k + 1, 'the edited step is named');
  } finally {
    await driver.quit();
  }
});
