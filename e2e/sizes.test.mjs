// The phones and tablets people hold: every table tool and a scripted turn of the game, checked in the real
// app at 320×568, 390×844, 768×1024, 1024×768 and 390×844 with the text at 200% (e2e/fit.mjs: nothing
// overflows, every button's words fit, the next step between the header and the dock at every size and text
// scale), a screenshot of each
// at each size; the way back by Escape through every screen; and the dock clear of a notch and a gesture
// bar (safe-area insets set through the app's CSS variables). The long game runs at 390×844 only
// (e2e/whole_game.test.mjs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Key } from 'selenium-webdriver';
import {
  startDriver, openApp, waitForTestId, waitForAnyTestId, waitForGone, waitForIdle, byTestId, tap, menuItem,
  coreView, untilAnswered, resize, screenshotDir, By, toStartScreen,
} from './harness.mjs';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tid } from '../ui/src/lib/testids.js';
import { decide } from './policy.mjs';
import { makeDecision } from './play.mjs';
import { SIZES, showAt, shotAt, measureFit, controlOf, assertNothingOverflows, assertOneHanded, assertHeadlineInView } from './fit.mjs';

const SEED = 3;
const TOOLS = ['sdr', 'charts', 'fleets', 'search', 'events', 'calculators', 'procedures'];
const PHONE = SIZES[0];
let driverProcess;
/** Every check made, by screen and size, kept beside the screenshots. */
const looks = {};

before(async () => {
  driverProcess = await startDriver();
});

after(() => {
  driverProcess?.stop();
  writeFileSync(join(screenshotDir, 'sizes.json'), `${JSON.stringify(looks, null, 1)}\n`);
});

/** What did not fit, gathered over a whole test so one run shows every screen and size that fails. */
let problems = [];
/** On a short screen, where the next step was brought into reach but the last result is then scrolled
 * away above it (fit.mjs `SIZES`): reported. */
const resultAway = [];

/** Shows the screen at every size: checked (with the decision's control, one-handed too: the next step
 * between the header and the dock at every size and text scale) and shot. */
async function everySize(driver, name, decision = null) {
  for (const size of SIZES) {
    await showAt(driver, size);
    const seen = await measureFit(driver, decision ? controlOf(decision) : null);
    looks[`${name} ${size.name}`] = seen;
    try {
      if (decision) assertOneHanded(`${name} at ${size.name}`, seen, !size.short);
      // In a game, the last tap's headline is in view with the next step at every size (issue #50).
      if (decision) assertHeadlineInView(`${name} at ${size.name}`, seen);
      else assertNothingOverflows(`${name} at ${size.name}`, seen);
      const { result, header, dock } = seen;
      if (decision && size.short && result && !(result.top < dock.top && result.bottom > header.bottom)) resultAway.push(`${name} at ${size.name}`);
    } catch (e) {
      problems.push(e.message.split('\n')[0] + (seen.cut?.length ? ` [${seen.cut.join(' | ')}]` : '') + (seen.clipped?.length ? ` [${seen.clipped.join(' | ')}]` : ''));
    }
    await shotAt(driver, name, size);
  }
  await showAt(driver, PHONE);
}

/** Fails with every problem gathered, one a line. */
function noProblems() {
  const found = problems;
  problems = [];
  assert.deepEqual(found, [], `did not fit:\n  ${found.join('\n  ')}`);
}

test('the headline check fails a planted missing, empty or hidden headline (its control)', () => {
  const fine = { headline: { top: 120, bottom: 150, text: 'HMS Dublin sunk: +10 VP (now 10)', where: 'card' }, header: { bottom: 100 }, dock: { top: 700 }, height: 844 };
  assert.doesNotThrow(() => assertHeadlineInView('fine', fine));
  assert.doesNotThrow(() => assertHeadlineInView('in the dock', { ...fine, headline: { ...fine.headline, top: 705, bottom: 725, where: 'dock' } }));
  assert.throws(() => assertHeadlineInView('the card under the dock', { ...fine, headline: { ...fine.headline, top: 705, bottom: 725 } }), /between the header/);
  assert.throws(() => assertHeadlineInView('missing', { ...fine, headline: null }), /headline is on the page/);
  assert.throws(() => assertHeadlineInView('empty', { ...fine, headline: { ...fine.headline, text: '' } }), /says something/);
  assert.throws(() => assertHeadlineInView('under the header', { ...fine, headline: { ...fine.headline, top: 80 } }), /between the header/);
  assert.throws(() => assertHeadlineInView('under the dock', { ...fine, headline: { ...fine.headline, bottom: 720 } }), /between the header/);
});

const escape = async (driver) => driver.actions().sendKeys(Key.ESCAPE).perform();

async function toStart(driver) {
  await waitForAnyTestId(driver, [tid.phase, tid.toolsOpen]);
  if ((await driver.findElements(byTestId(tid.toolsOpen))).length === 0) {
    await toStartScreen(driver);
    await waitForTestId(driver, tid.toolsOpen);
  }
}

test('every table tool fits every size and text scale, and Escape leads back from each', async () => {
  const driver = await openApp();
  try {
    await toStart(driver);
    await everySize(driver, 'sizes-start');
    await tap(driver, await waitForTestId(driver, tid.toolsOpen));
    await waitForTestId(driver, tid.toolsPicker);
    await everySize(driver, 'sizes-tools');
    for (const tool of TOOLS) {
      await tap(driver, await waitForTestId(driver, tid.tool(tool)));
      await waitForTestId(driver, tid.toolsBack);
      await everySize(driver, `sizes-tool-${tool}`);
      // The way back: Escape returns from the tool to the picker.
      await escape(driver);
      await waitForTestId(driver, tid.toolsPicker);
    }
    // And from the picker to the start screen.
    await escape(driver);
    await waitForTestId(driver, tid.toolsOpen);
    noProblems();
  } finally {
    await driver.quit();
  }
});

test('a scripted turn fits every size and text scale: the next step between the header and the dock at each decision', async () => {
  const driver = await openApp();
  try {
    await toStart(driver);
    const seed = await waitForTestId(driver, tid.seedInput);
    await seed.clear();
    await seed.sendKeys(String(SEED));
    await tap(driver, await waitForTestId(driver, tid.newGameButton));
    await waitForTestId(driver, tid.phase);
    const seenPhases = new Set();
    let decisions = 0;
    for (let step = 0; step < 200; step += 1) {
      const view = await coreView(driver);
      if (view.turn >= 2 || view.game_over) break;
      const decision = decide(view);
      assert.ok(decision, `a decision exists in ${view.phase}`);
      const question = view.game.pending[0]?.pending.kind;
      const spot = `sizes-game-${view.phase}${question ? `-${question}` : ''}`;
      // Each phase and each battle question, at every size, shot once; the rest checked without a shot.
      if (!seenPhases.has(spot)) {
        seenPhases.add(spot);
        await everySize(driver, spot, decision);
      }
      await untilAnswered(driver, JSON.stringify(decision.action), () => makeDecision(driver, decision));
      decisions += 1;
    }
    noProblems();
    assert.ok(seenPhases.size >= 6, `the turn went through its phases (${[...seenPhases].join(', ')})`);
    console.log(`SIZES: ${decisions} decisions, ${seenPhases.size} screens × ${SIZES.length} sizes, each one-handed and no wider than the window; on a short screen the last result scrolled away above the next step: ${resultAway.length}\n  ${resultAway.join('\n  ')}`);
  } finally {
    await driver.quit();
  }
});

test('Escape takes the way back through every screen of a game, and never leaves it', async () => {
  const driver = await openApp();
  try {
    await resize(driver, PHONE.width, PHONE.height);
    await waitForAnyTestId(driver, [tid.phase, tid.toolsOpen]);
    if ((await driver.findElements(byTestId(tid.phase))).length === 0) {
      await tap(driver, await waitForTestId(driver, tid.newGameButton));
      await waitForTestId(driver, tid.phase);
    }
    // A sheet, the menu, the log: each closes with one Escape, the topmost first.
    await tap(driver, await waitForTestId(driver, tid.logButton));
    await waitForTestId(driver, tid.gameLog);
    await tap(driver, await waitForTestId(driver, tid.menuButton));
    await waitForTestId(driver, tid.gameMenu);
    await escape(driver);
    await waitForGone(driver, tid.gameMenu, 5000, 'Escape closes the menu first');
    assert.equal((await driver.findElements(byTestId(tid.gameLog))).length, 1, 'the log stays open under the menu');
    await escape(driver);
    await waitForGone(driver, tid.gameLog, 5000, 'then the log');
    await tap(driver, await waitForTestId(driver, tid.scanOpen));
    await waitForTestId(driver, tid.scanSheet);
    await escape(driver);
    await waitForGone(driver, tid.scanSheet, 5000, 'Escape closes the scan sheet');
    // Each side page of the menu.
    for (const [button, page] of [[tid.chartsButton, tid.charts], [tid.savesButton, tid.saves], [tid.correctionsButton, tid.backToGame]]) {
      await tap(driver, await menuItem(driver, button));
      await waitForTestId(driver, page);
      await escape(driver);
      await waitForGone(driver, tid.backToGame, 5000, `Escape closes the side page of ${button}`);
    }
    // A rule's summary, opened from the result or the decision.
    const rules = await driver.findElements(By.css('button.rule-button'));
    if (rules.length > 0) {
      await tap(driver, rules[0]);
      await waitForTestId(driver, tid.rulePanel);
      await escape(driver);
      await waitForGone(driver, tid.rulePanel, 5000, "Escape closes a rule's summary");
    }
    // Nothing open: Escape stays in the game and asks nothing (only the phone's back button asks to leave).
    await escape(driver);
    await waitForIdle(driver);
    assert.equal((await driver.findElements(byTestId(tid.leaveQuestion))).length, 0);
    assert.equal((await driver.findElements(byTestId(tid.phase))).length, 1);
    await shotAt(driver, 'back-escape-game', PHONE);
  } finally {
    await driver.quit();
  }
});

test('the header and the dock keep clear of a notch and a gesture bar (safe-area insets)', async () => {
  const driver = await openApp();
  try {
    await waitForAnyTestId(driver, [tid.phase, tid.toolsOpen]);
    if ((await driver.findElements(byTestId(tid.phase))).length === 0) {
      await tap(driver, await waitForTestId(driver, tid.newGameButton));
      await waitForTestId(driver, tid.phase);
    }
    const INSETS = { top: 47, right: 0, bottom: 34, left: 0 };
    for (const size of [PHONE, { ...SIZES[3], name: 'tablet-landscape' }]) {
      await showAt(driver, size);
      // A landscape phone's notch sits on a side.
      const insets = size.width > size.height ? { top: 0, right: 44, bottom: 21, left: 44 } : INSETS;
      const seen = await driver.executeAsyncScript(
        `const [insets, done] = [arguments[0], arguments[arguments.length - 1]];
         const root = document.documentElement.style;
         for (const [side, px] of Object.entries(insets)) root.setProperty('--safe-' + side, px + 'px');
         scrollTo(0, 400);
         requestAnimationFrame(() => requestAnimationFrame(() => {
           const box = (el) => el.getBoundingClientRect();
           const dock = box(document.querySelector('.dock'));
           const buttons = [...document.querySelectorAll('.dock button')].map(box);
           const header = document.querySelector('.header');
           const words = [...header.querySelectorAll('*')].filter((el) => el.children.length === 0 && el.textContent.trim()).map(box);
           done({
             height: innerHeight, width: innerWidth, dockBottom: dock.bottom, dockLeft: dock.left, dockRight: dock.right,
             lowestButton: Math.max(...buttons.map((b) => b.bottom)), leftmostButton: Math.min(...buttons.map((b) => b.left)), rightmostButton: Math.max(...buttons.map((b) => b.right)),
             headerTop: box(header).top, highestWords: Math.min(...words.map((b) => b.top)),
           });
         }));`,
        insets,
      );
      looks[`safe-area ${size.name}`] = { insets, ...seen };
      await shotAt(driver, 'safe-area', size);
      const where = `${size.name} with insets ${JSON.stringify(insets)}`;
      assert.ok(Math.abs(seen.dockBottom - seen.height) <= 1, `${where}: the dock's card still reaches the bottom edge (${seen.dockBottom} of ${seen.height})`);
      assert.ok(seen.lowestButton <= seen.height - insets.bottom, `${where}: the dock's buttons end above the gesture bar (${seen.lowestButton} > ${seen.height - insets.bottom})`);
      if (seen.dockLeft <= 0) assert.ok(seen.leftmostButton >= insets.left, `${where}: the dock's buttons clear the left inset (${seen.leftmostButton})`);
      if (seen.dockRight >= seen.width) assert.ok(seen.rightmostButton <= seen.width - insets.right, `${where}: the dock's buttons clear the right inset (${seen.rightmostButton})`);
      assert.ok(seen.highestWords >= insets.top, `${where}: the stuck header's words sit below the notch (${seen.highestWords} < ${insets.top})`);
      await driver.executeScript("for (const side of ['top', 'right', 'bottom', 'left']) document.documentElement.style.removeProperty('--safe-' + side); scrollTo(0, 0);");
    }
  } finally {
    await driver.quit();
  }
});

