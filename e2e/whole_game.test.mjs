// A scripted seeded game played by taps in the real app, from the new-game screen through two full
// turns — every phase, an incident draw, a battle fought round by round, an undo, the app killed mid-turn
// and started again, and a chart edited and reset — with a phone-sized screenshot of each phase.
// The player's choices come from e2e/policy.mjs; the seed was picked by scripts/whole_game_seed.mjs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startDriver, openApp, waitForTestId, waitForAnyTestId, waitForIdle, textOf, waitForText, screenshot, killApp,
  refereeView, byTestId, tap, screenshotDir, menuItem, codeInput, toStartScreen,
} from './harness.mjs';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tid } from '../ui/src/lib/testids.js';
import { decide } from './policy.mjs';
import { facesNotWarmed, makeDecision, readShift, timedCount, untilTimed } from './play.mjs';
import { Key } from 'selenium-webdriver';
import { SIZES, showAt, measureFit, controlOf, assertOneHanded } from './fit.mjs';

const SEED = 3;
let driverProcess;

before(async () => {
  driverProcess = await startDriver();
});

after(() => {
  driverProcess?.stop();
});

/** The view the screen was built from (a `view` request changes nothing and saves nothing). */
async function currentView(driver) {
  const r = await driver.executeAsyncScript(
    `const done = arguments[arguments.length - 1];
     window.__TAURI_INTERNALS__.invoke('respond', { action: { action: 'view' } }).then(done, (e) => done({ failed: String(e) }));`,
  );
  assert.ok(!r.failed, r.failed);
  return r.view;
}

async function invoke(driver, cmd, args) {
  return driver.executeAsyncScript(
    `const done = arguments[arguments.length - 1];
     window.__TAURI_INTERNALS__.invoke(arguments[0], arguments[1]).then(done, (e) => done({ failed: String(e) }));`,
    cmd,
    args,
  );
}

/** Types a counter code into the code field as a USB scanner would (Enter submits), and waits for the answer. */
async function scanCode(driver, code, expect) {
  const field = await codeInput(driver);
  await driver.executeScript('arguments[0].scrollIntoView({ block: "center" })', field);
  await field.sendKeys(code, Key.ENTER);
  return waitForText(driver, tid.scanResult, (t) => t.includes(code) && (!expect || expect.test(t)));
}

/** Closes the dock's scan sheet if a scan opened it (on a phone), back to the game. */
async function closeScan(driver) {
  const close = await driver.findElements(byTestId(tid.scanClose));
  if (close.length > 0) await tap(driver, close[0]);
}

/** where the next step's control, the dock's big button and the
 * last result sit, and whether anything overflows (e2e/fit.mjs). */
async function oneHanded(driver, decision) {
  await showAt(driver, SIZES[0]);
  return measureFit(driver, controlOf(decision));
}

/** each decision's way to the screen as the app measured it (ui/src/lib/startup.ts), kept for
 * scripts/bench_app.mjs; read before the app is killed and at the end. */
const timings = [];
async function keepTimings(driver) {
  timings.push(...(await driver.executeScript('return window.__goebenTimings ?? []')));
}

/** The app's markup (its mount point's), as a tap found it and as its answer left it, for the `page` floor. */
const pages = [];
const markup = (driver) => driver.executeScript("return document.getElementById('app').innerHTML");

/** The floors of tap → screen in this app on this display, in the same run as the game's (scripts/bench_app.mjs
 * reports them side by side): at a random moment of the display's frame as a tap comes, a request that
 * changes nothing (`view`) over IPC, then the page changed, and the frame that shows it. `word` (30 times):
 * one word changed on the page (the least an answer can change). `screen` (30 times): every box of the
 * game's own page moved by a pixel, no node changed (what an answer that moves the page from its top costs
 * WebKit at the least: style, layout and painting the whole window). `page` (once a tap, issue #31): the
 * markup the tap's answer left swapped in whole for the markup the tap found (the browser's own HTML parser
 * builds it; no app code runs) — what the page costs WebKit to build, style, lay out and paint, the least
 * any UI code could spend on it where most of the page is new (where little changes it is more than an
 * update in place needs; and its text was laid out once already in the game, so WebKit's caches for it are
 * warm where a tap meets it new). `page` runs last: the app's own DOM is gone afterwards. */
async function floorTimings(driver, change) {
  return driver.executeAsyncScript(
    `const [change, pages, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
     // The frame that shows it, painted (time itself, as ui/src/lib/startup.ts afterPaint).
     const painted = (onFrame) => new Promise((r) => requestAnimationFrame(() => { onFrame?.(); setTimeout(r, 0); }));
     (async () => {
       const mark = document.createElement('p');
       mark.setAttribute('aria-hidden', 'true');
       mark.style.cssText = 'position: fixed; left: 0; bottom: 0; margin: 0; font-size: 1px';
       document.body.append(mark);
       const app = document.getElementById('app');
       const page = document.querySelector('main');
       const steps = change === 'page' ? pages : Array.from({ length: 30 }, (_, i) => ({ action: change, i }));
       const out = [];
       for (const step of steps) {
         if (change === 'page') {
           app.innerHTML = step.before;
           await painted();
           await painted();
         }
         // A random moment of the display's frame, as a tap comes: time itself is what is measured.
         await new Promise((r) => setTimeout(r, 20 + Math.random() * 17));
         const sent = performance.now();
         await window.__TAURI_INTERNALS__.invoke('respond', { action: { action: 'view' } });
         const answered = performance.now();
         if (change === 'word') mark.textContent = String(step.i);
         else if (change === 'screen') page.style.paddingLeft = step.i % 2 ? '1px' : '';
         else app.innerHTML = step.after;
         const dom = performance.now();
         document.body.getBoundingClientRect();
         const laid = performance.now();
         let frame = laid;
         await painted(() => (frame = performance.now()));
         out.push({ action: (change === 'page' ? 'page-' : 'floor-') + step.action, ipc: answered - sent, dom: dom - sent, laid: laid - sent, frame: frame - sent, paint: performance.now() - sent });
       }
       mark.remove();
       if (change !== 'page') page.style.paddingLeft = '';
       done(out);
     })();`,
    change,
    change === 'page' ? pages : [],
  );
}

/** Makes the policy's decision through the control on screen, and waits until the referee answered. */
async function play(driver, decision) {
  // Some decisions log nothing yet (a fire order waits for the other ships'): any change of the view counts.
  const before = JSON.stringify(await currentView(driver));
  const page = await markup(driver);
  const count = await timedCount(driver);
  await makeDecision(driver, decision);
  await untilTimed(driver, count);
  try {
    await driver.wait(async () => JSON.stringify(await currentView(driver)) !== before, 10000);
  } catch {
    await screenshot(driver, 'game-failure', 390, 844);
    const banner = await driver.findElements(byTestId(tid.errorBanner));
    const said = banner.length > 0 ? await banner[0].getText() : 'no error shown';
    assert.fail(`the referee never answered ${JSON.stringify(decision.action)} (${said})`);
  }
  // The screen re-renders from the answer: wait until the app is idle again before the next look.
  await waitForIdle(driver);
  const shift = await readShift(driver);
  if (shift) shifts.push({ action: decision.action.action, ...shift });
  for (const face of await facesNotWarmed(driver)) if (!unwarmed.has(face)) unwarmed.set(face, decision.action.action);
  pages.push({ action: decision.action.action, before: page, after: await markup(driver) });
}

/** the layout shift after each tap of the whole game, at the size it was played. */
const shifts = [];
/** The faces the game's screens showed that the app had not made ready after its first screen (ui/src/lib/fontWarm.ts). */
const unwarmed = new Map();

/** The first time a phase is seen: a phone-sized screenshot, taken as the app left the screen (
 * no scrolling to find the next step). True then. */
async function phaseShot(driver, shots, view) {
  const name = `game-turn${view.turn}-${view.phase}`;
  if (shots.has(name)) return false;
  shots.add(name);
  await screenshot(driver, `${name}-phone`, 390, 844);
  return true;
}

test('a seeded game by taps: two full turns with incidents, a battle, an undo, a kill mid-turn and a chart edit (issue #6)', async () => {
  let driver = await openApp();
  const sent = [];
  const shots = new Set();
  const story = { incidents: 0, fires: 0, undone: false, killedAt: null, chartEdited: false };
  try {
    // A new game from the start screen with the seed typed in.
    await waitForAnyTestId(driver, [tid.phase, tid.seedInput]);
    if ((await driver.findElements(byTestId(tid.seedInput))).length === 0) {
      await toStartScreen(driver);
    }
    const seed = await waitForTestId(driver, tid.seedInput);
    await seed.clear();
    await seed.sendKeys(String(SEED));
    await screenshot(driver, 'game-new-phone', 390, 844);
    await tap(driver, await waitForTestId(driver, tid.newGameButton));
    sent.push({ action: 'new_game', seed: SEED });
    await waitForText(driver, tid.turn, (t) => t.startsWith('Turn 1 of'));
    // The setup's instructions for the table wait in "On the table" until ticked off.
    assert.match(await waitForText(driver, tid.onTheTable, (t) => t.length > 0), /collier/i, 'the setup asks for the collier on the table');
    const pieces = (await invoke(driver, 'respond', { action: { action: 'list_pieces' } })).pieces;
    const codeOf = (test) => pieces.find(test)?.code;

    // Counter codes in context, at setup: a cargo chit offers its purchase, and the Goeben's
    // code opens her display.
    const chit = codeOf((p) => p.group === 'cargo');
    await scanCode(driver, chit);
    assert.match(await textOf(driver, tid.scanActions), /\S/, 'a cargo chit offers its purchase at setup (8.1)');
    const goeben = codeOf((p) => p.group === 'german' && /Goeben/.test(p.name));
    await scanCode(driver, goeben);
    assert.match(await textOf(driver, tid.scanDisplay), /cruise \d+ · maximum \d+ · emergency \d+/, "the Goeben's display opens");
    await screenshot(driver, 'game-scan-display-phone', 390, 844);
    await closeScan(driver);
    const handed = {};

    for (let step = 0; step < 400; step += 1) {
      let view = await currentView(driver);
      if (view.turn >= 3 || view.game_over) break;
      const firstInPhase = await phaseShot(driver, shots, view);
      const decision = decide(view);
      assert.ok(decision, `a decision exists in ${view.phase}`);
      // On every phase (and every battle question) the next step is under the thumb at 390×844.
      const question = view.game.pending[0]?.pending.kind;
      const spot = `turn ${view.turn} ${view.phase}${question ? ` (${question})` : ''}`;
      if (firstInPhase || (question && !handed[spot])) {
        handed[spot] = await oneHanded(driver, decision);
        try {
          assertOneHanded(spot, handed[spot]);
        } catch (e) {
          await screenshot(driver, 'one-handed-failure-phone', 390, 844);
          throw e;
        }
      }
      if (decision.action.action === 'resolve_incidents') story.incidents += 1;
      if (decision.action.action === 'fire_orders' && decision.action.target) story.fires += 1;
      if (decision.action.action === 'fire_orders' && story.fires === 1) {
        await screenshot(driver, 'game-battle-desktop', 1280, 800);
        // The game goes on at the phone's size it is played at: every tap is timed at one size (issue #31:
        // the battle's fire orders were timed at 1280×800, three times the pixels to paint).
        await showAt(driver, SIZES[0]);
      }
      if (decision.action.action === 'resolve_incidents' && story.incidents === 1 && decision.action.space.kind === 'place') {
        // The first incident draw is made by scanning the space's token: the scan offers its incident step.
        const place = view.game.places.find((p) => p.id === decision.action.space.id);
        const token = codeOf((p) => p.group === 'placeholders' && p.name === `${place.name} token`);
        assert.ok(token, `${place.name} has a token`);
        await scanCode(driver, token);
        const step = await waitForTestId(driver, tid.scanActions);
        await screenshot(driver, 'game-scan-sheet-phone', 390, 844);
        await play(driver, { action: decision.action, control: { testid: tid.scanActions, nth: 0, inside: 'button' } });
        sent.push(decision.action);
        story.scannedToken = place.name;
        // Placement check: a counter this draw revealed is confirmed; another is not, without a word of where it is.
        const after = await currentView(driver);
        const shown = after.game.on_map.flatMap((s) => s.counters.map((c) => c.name));
        const revealed = pieces.find((p) => shown.includes(p.name) && pieces.filter((q) => q.name === p.name).length === 1);
        if (revealed) {
          assert.match(await scanCode(driver, revealed.code, /revealed/), /Yes: this counter was revealed this turn/);
          const other = pieces.find((p) => p.group === 'allied' && !shown.includes(p.name));
          assert.match(await scanCode(driver, other.code, /revealed/), /Not (a counter )?revealed this turn/);
          story.placementChecked = true;
          await screenshot(driver, 'game-placement-phone', 390, 844);
        }
        await closeScan(driver);
        void step;
        continue;
      }
      await play(driver, decision);
      sent.push(decision.action);

      // An undo, once, right after the first move of the game: the move is taken back (its ship may move
      // again) and the dice come back the same, so the game goes on exactly as scripted.
      if (!story.undone && decision.action.action === 'move') {
        await tap(driver, await waitForTestId(driver, tid.undoButton));
        const count = await timedCount(driver);
        await tap(driver, await waitForTestId(driver, tid.undoConfirm));
        await untilTimed(driver, count);
        await driver.wait(async () => (await currentView(driver)).decisions.some((d) => d.action.action === 'move' && d.action.ship === decision.action.ship), 10000, 'the undone ship may move again');
        sent.pop();
        story.undone = true;
        await play(driver, decide(await currentView(driver)));
        sent.push(decision.action);
      }

      // The app killed the hard way in the middle of turn 2, then started again: the same game, same phase.
      view = await currentView(driver);
      if (!story.killedAt && view.turn === 2 && view.phase === 'movement') {
        story.killedAt = { turn: view.turn, phase: view.phase, log: view.game.log_len, alert: await textOf(driver, tid.alertLevel), vp: await textOf(driver, tid.vp) };
        await keepTimings(driver);
        await killApp();
        await driver.quit().catch(() => {});
        driver = await openApp();
        await waitForTestId(driver, tid.phase);
        const back = await currentView(driver);
        assert.equal(back.turn, story.killedAt.turn);
        assert.equal(back.phase, story.killedAt.phase);
        assert.equal(back.game.log_len, story.killedAt.log, 'nothing after the last decision was lost or added');
        assert.equal(await textOf(driver, tid.alertLevel), story.killedAt.alert);
        assert.equal(await textOf(driver, tid.vp), story.killedAt.vp);
        await screenshot(driver, 'game-restarted-phone', 390, 844);

        // A chart edited to match one's map, then reset: the referee uses the value, and the default comes back.
        const chartsButton = await menuItem(driver, tid.chartsButton);
        await screenshot(driver, 'game-menu-phone', 390, 844);
        await tap(driver, chartsButton);
        const chart = await waitForTestId(driver, tid.chart('victory_points'));
        await tap(driver, await chart.findElement({ css: 'summary' }));
        await tap(driver, await waitForTestId(driver, tid.chartEditButton('victory_points')));
        const area = await waitForTestId(driver, tid.chartEdit('victory_points'));
        await driver.executeScript(
          'arguments[0].value = arguments[0].value.replace(/"critical_engagement": 15/, \'"critical_engagement": 16\'); arguments[0].dispatchEvent(new Event("input", { bubbles: true }));',
          area,
        );
        await tap(driver, await waitForTestId(driver, tid.chartSave('victory_points')));
        assert.match(await waitForText(driver, tid.chartMessage, (t) => t.length > 0), /Saved/);
        await screenshot(driver, 'game-chart-edit-phone', 390, 844);
        await tap(driver, await waitForTestId(driver, tid.chartReset('victory_points')));
        await waitForText(driver, tid.chartMessage, (t) => /default/i.test(t));
        await tap(driver, await menuItem(driver, tid.chartsButton));
        story.chartEdited = true;
      }
    }

    const view = await currentView(driver);
    assert.ok(view.turn >= 3 && !view.game_over, `two full turns were played (turn ${view.turn})`);
    assert.ok(story.incidents > 0, 'an incident phase drew markers');
    assert.ok(story.fires > 0, 'a battle was fought with fire orders');
    assert.ok(story.undone && story.killedAt && story.chartEdited);
    assert.ok(story.scannedToken, 'an incident draw was made from a scanned token');
    // The app and the referee CLI, given the same decisions, are in the same state (chart edits and
    // undos leave no trace in the rules' state; the log counts them, so it is not compared).
    const cli = refereeView(SEED, sent).view;
    for (const key of ['turn', 'phase', 'alert_level', 'vp']) assert.deepEqual(view[key], cli[key], key);
    assert.equal(view.game.pool, cli.game.pool);
    await screenshot(driver, 'game-turn3-desktop', 1280, 800);
    await keepTimings(driver);
    assert.ok(timings.length >= sent.length, `the app timed every decision (${timings.length} of ${sent.length})`);
    writeFileSync(join(screenshotDir, 'timings-whole-game.json'), `${JSON.stringify(timings)}\n`);
    // The floors at the size the game was played (the desktop screenshot above left the window wide).
    await showAt(driver, SIZES[0]);
    writeFileSync(join(screenshotDir, 'timings-floor.json'), `${JSON.stringify(await floorTimings(driver, 'word'))}\n`);
    writeFileSync(join(screenshotDir, 'timings-floor-screen.json'), `${JSON.stringify(await floorTimings(driver, 'screen'))}\n`);
    writeFileSync(join(screenshotDir, 'one-handed.json'), `${JSON.stringify(handed, null, 1)}\n`);
    // Last: it replaces the app's own DOM.
    const pageFloor = await floorTimings(driver, 'page');
    assert.equal(pageFloor.length, pages.length, 'every tap\'s page was timed');
    writeFileSync(join(screenshotDir, 'timings-floor-page.json'), `${JSON.stringify(pageFloor)}\n`);
    // The largest move of a tapped control's
    // siblings and of the dock's buttons after each kind of decision.
    const worst = {};
    for (const s of shifts) {
      const w = (worst[s.action] ??= { taps: 0, siblings: 0, dock: 0 });
      w.taps += 1;
      w.siblings = Math.max(w.siblings, s.siblings);
      w.dock = Math.max(w.dock, s.dock);
    }
    writeFileSync(join(screenshotDir, 'layout-shift.json'), `${JSON.stringify({ worst, shifts }, null, 1)}\n`);
    assert.ok(shifts.length > 10, `the shift was measured after the taps (${shifts.length})`);
    console.log(`LAYOUT SHIFT (px, largest per decision): ${Object.entries(worst).map(([k, w]) => `${k} ${w.siblings}/${w.dock} dock (${w.taps})`).join(', ')}`);
    // Nothing moves under the thumb: after any tap the controls of the tapped control's card that stay on
    // the page stay put (a torpedo launch once pushed Hold fire and the forecast 277 px down as the next
    // round's fire cards appeared above them; now they stand above what each question changes). Up to two
    // lines of text: a hit can lengthen a unit's line above them ("fighting" → "damaged, leaves"). Measured
    // on the page since issue #29's Orders games (the app's own scroll to the next decision is not counted;
    // the harness's scroll before the tap is not either): the torpedo question's 42 px is the largest.
    const moved = shifts.filter((s) => s.siblings > 48);
    assert.deepEqual(moved, [], `the controls beside a tapped one moved: ${JSON.stringify(moved)}`);
    // Every face a screen of the game drew text in was made ready after the first screen: none costs a tap
    // its first layout (in WebKitGTK, a fontconfig match per face).
    assert.deepEqual(Object.fromEntries(unwarmed), {}, 'faces the game showed (the decision after which first) that lib/fontWarm.ts does not make ready');
    assert.ok(Object.keys(handed).length >= 12, `the next step was checked on every phase of two turns (${Object.keys(handed).join(', ')})`);
    console.log(`WHOLE GAME seed ${SEED}: ${sent.length} decisions by taps, ${story.incidents} incident draws, ${story.fires} fire orders, undo, kill at turn ${story.killedAt.turn} ${story.killedAt.phase}, chart edit, token scanned at ${story.scannedToken}, placement checked ${!!story.placementChecked}; screenshots ${[...shots].length} phases`);
  } finally {
    await driver.quit();
  }
});
