// Accessibility checked by a real tool. axe-core runs inside the real app's webview on
// every main screen — the start screen, each phase of a turn, the battle, the log, the charts, the saves,
// corrections, the end of the game, the after-action review, the finished games, and each table tool — at
// phone size (390×844) and desktop size (1280×900) in the light theme, and for colour contrast in the dark one.
// Any serious or critical violation fails the test with its rule, impact, element and help. A scripted
// tab-through on a few representative screens checks that the keyboard reaches every visible control, never
// sticks or lands on something invisible, shows where it is, and that Enter or Space does what a tap does.
// The summary (screen × size → violations by impact) is written to e2e/screenshots/a11y-report.json.
//
// axe runs through e2e/axe.mjs (its source as the body of an executeScript: the shipped CSP is unchanged).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { By, Key } from 'selenium-webdriver';
import {
  startDriver, openApp, waitForTestId, waitForAnyTestId, waitForIdle, waitForText, byTestId, tap, screenshot, screenshotDir, coreView,
  resize, menuItem, waitForGone,
} from './harness.mjs';
import { tid } from '../ui/src/lib/testids.js';
import { decide } from './policy.mjs';
import { AXE_VERSION, BLOCKING, runAxe } from './axe.mjs';

const PHONE = { name: 'phone', width: 390, height: 844 };
const DESKTOP = { name: 'desktop', width: 1280, height: 900 };
/** The seed of e2e/whole_game.test.mjs: the policy meets an incident draw and a battle in its first two turns. */
const SEED = 3;

const started = Date.now();
const report = { axe: AXE_VERSION, sizes: [PHONE, DESKTOP], blocking: [...BLOCKING], screens: {}, tabThrough: {}, seconds: 0 };
/** Every serious or critical violation met, as readable lines (the test fails on any at the end). */
const blocking = [];
/** Every keyboard problem met (the test fails on any at the end). */
const keyboard = [];
let driverProcess;

before(async () => {
  driverProcess = await startDriver();
});

after(() => {
  driverProcess?.stop();
  report.seconds = Math.round((Date.now() - started) / 1000);
  report.blockingViolations = blocking;
  report.keyboardProblems = keyboard;
  mkdirSync(screenshotDir, { recursive: true });
  writeFileSync(join(screenshotDir, 'a11y-report.json'), `${JSON.stringify(report, null, 2)}\n`);
});

async function respond(driver, action) {
  const r = await driver.executeAsyncScript(
    `const done = arguments[arguments.length - 1];
     window.__TAURI_INTERNALS__.invoke('respond', { action: arguments[0] }).then(done, (e) => done({ ok: false, failed: String(e) }));`,
    action,
  );
  assert.ok(!r.failed, `IPC failed: ${r.failed}`);
  return r;
}

/** Reloads the page so the screen shows what the referee holds now (moves sent over IPC skip the screen). */
async function reload(driver) {
  await driver.navigate().refresh();
  await waitForAnyTestId(driver, [tid.phase, tid.seedInput]);
  await waitForIdle(driver);
}

/** Puts the page in a theme the way the toggle does (data-theme on <html>; the app's CSS reads it). */
async function setTheme(driver, theme) {
  await driver.executeAsyncScript(
    `const [theme, done] = [arguments[0], arguments[arguments.length - 1]];
     if (theme === 'auto') document.documentElement.removeAttribute('data-theme');
     else document.documentElement.setAttribute('data-theme', theme);
     requestAnimationFrame(() => requestAnimationFrame(() => done()));`,
    theme,
  );
}

function record(screen, size, { violations, incomplete }) {
  const byImpact = { minor: 0, moderate: 0, serious: 0, critical: 0 };
  const rules = {};
  for (const v of violations) {
    byImpact[v.impact] = (byImpact[v.impact] ?? 0) + v.nodes.length;
    rules[v.id] = { impact: v.impact, nodes: v.nodes.length };
    if (BLOCKING.has(v.impact)) {
      for (const n of v.nodes) blocking.push(`${screen} @ ${size}: ${v.id} (${v.impact}) at ${n.target} ${n.html} — ${v.help}${n.summary ? ` [${n.summary.replace(/\s+/g, ' ').slice(0, 200)}]` : ''}`);
    }
  }
  report.screens[screen] ??= {};
  report.screens[screen][size] = { ...byImpact, rules, undecided: incomplete };
}

/** axe on the screen now at phone and desktop size in the light theme, then its colour contrast in the dark
 * theme at the last size (axe reads the whole page, whatever is scrolled into view). */
async function check(driver, screen, { sizes = [PHONE, DESKTOP] } = {}) {
  await waitForIdle(driver);
  for (const size of sizes) {
    await resize(driver, size.width, size.height);
    await setTheme(driver, 'light');
    record(screen, `${size.name} light`, await runAxe(driver));
  }
  await setTheme(driver, 'dark');
  record(screen, `${sizes[sizes.length - 1].name} dark`, await runAxe(driver, ['color-contrast', 'link-in-text-block']));
  await setTheme(driver, 'light');
}

// ——— The keyboard ———

/** The page's visible, enabled controls in document order, each marked with a number (an expando, not an
 * attribute); radio buttons count once per group (Tab enters a group once, the arrows move inside it). */
const LIST_CONTROLS = `
  const shown = (el) => {
    // Inside a closed <details> only its own summary shows.
    const folded = el.closest('details:not([open])');
    if (folded && !(el.tagName === 'SUMMARY' && el.parentElement === folded)) return false;
    if (el.checkVisibility && !el.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true })) return false;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    for (let e = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.visibility === 'hidden' || s.display === 'none') return false;
    }
    return !el.closest('[inert], [aria-hidden="true"]');
  };
  const all = [...document.querySelectorAll('button, a[href], input, select, textarea, summary, [tabindex]')];
  const out = [];
  const groups = new Set();
  all.forEach((el, i) => {
    el.__a11y = i;
    if (el.disabled || el.closest('fieldset:disabled') || el.tabIndex < 0 || el.type === 'hidden') return;
    // A radio drawn under its label (opacity 0) is shown by the label.
    const box = el.type === 'radio' && el.closest('label') ? el.closest('label') : el;
    if (!shown(box)) return;
    if (el.type === 'radio') {
      const group = el.name || i;
      if (groups.has(group)) return;
      groups.add(group);
      out.push({ key: i, group: String(group), what: 'radio group ' + group });
      return;
    }
    const name = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('placeholder') || el.name || '').replace(/\\s+/g, ' ').trim().slice(0, 50);
    out.push({ key: i, what: el.tagName.toLowerCase() + (el.dataset.testid ? '#' + el.dataset.testid : '') + (name ? ' "' + name + '"' : '') });
  });
  return out;`;

/** The focused element: its number, whether it shows, and whether it shows where focus is. */
const FOCUSED = `
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement) return { key: null };
  const ring = (e) => {
    const s = getComputedStyle(e);
    return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || (s.boxShadow && s.boxShadow !== 'none');
  };
  const label = el.type === 'radio' ? el.closest('label') : null;
  const box = label ?? el;
  const r = box.getBoundingClientRect();
  let opacity = 1;
  for (let e = box; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
  const visible = r.width > 0 && r.height > 0 && opacity > 0 && getComputedStyle(box).visibility !== 'hidden';
  const name = (el.getAttribute('aria-label') || el.textContent || el.name || '').replace(/\\s+/g, ' ').trim().slice(0, 50);
  return {
    key: el.__a11y ?? -1, group: el.type === 'radio' ? String(el.name) : null, visible, ring: ring(el) || (label ? ring(label) : false),
    what: el.tagName.toLowerCase() + (el.dataset.testid ? '#' + el.dataset.testid : '') + (name ? ' "' + name + '"' : ''),
  };`;

/** Presses Tab through the whole screen at desktop size; asserts every control is reached, focus never
 * sticks or lands on something invisible, and each stop shows a focus ring. */
async function tabThrough(driver, screen) {
  await resize(driver, DESKTOP.width, DESKTOP.height);
  await driver.executeScript('window.scrollTo(0, 0)');
  // A click on the page's empty margin (left of the centred column) gives the window the keyboard, as a
  // player's first click would: focus rings are drawn only in the focused window.
  await driver.actions().move({ x: 4, y: 300 }).click().perform();
  await driver.executeScript('document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0);');
  assert.ok(await driver.executeScript('return document.hasFocus()'), 'the app window has the keyboard focus');
  const controls = await driver.executeScript(LIST_CONTROLS);
  const expected = new Map(controls.map((c) => [c.group ?? c.key, c.what]));
  const reached = new Set();
  const problems = [];
  const order = [];
  let first = null;
  let last = null;
  let same = 0;
  let presses = 0;
  const limit = controls.length * 2 + 10;
  while (presses < limit) {
    await driver.actions().sendKeys(Key.TAB).perform();
    presses += 1;
    const f = await driver.executeScript(FOCUSED);
    // Past the last control focus leaves the page (or comes round to the first): the cycle is done.
    if (f.key === null) {
      if (first !== null) break;
      continue;
    }
    const id = f.group ?? f.key;
    if (id === first && reached.size > 1) break;
    first ??= id;
    same = id === last ? same + 1 : 0;
    last = id;
    if (same >= 2) {
      problems.push(`focus stuck on ${f.what}`);
      break;
    }
    if (reached.has(id)) continue;
    reached.add(id);
    order.push(f.what);
    if (!f.visible) problems.push(`focus on an invisible element: ${f.what}`);
    if (!f.ring) problems.push(`no visible focus indicator on ${f.what}`);
  }
  const missed = [...expected].filter(([id]) => !reached.has(id)).map(([, what]) => what);
  for (const what of missed) problems.push(`never reached by Tab: ${what}`);
  report.tabThrough[screen] = { controls: controls.length, reached: reached.size, presses, missed, problems, order };
  for (const p of problems) keyboard.push(`${screen}: ${p}`);
}

/** Focuses `el` and presses `key` on it (the keyboard, not a tap); waits until `done()` holds. */
async function pressOn(driver, el, key, what, done) {
  await driver.executeScript('arguments[0].scrollIntoView({ block: "center" }); arguments[0].focus();', el);
  const focused = await driver.executeScript('return document.activeElement === arguments[0]', el);
  assert.ok(focused, `${what} takes the focus`);
  await driver.actions().sendKeys(key).perform();
  // A decision that would skip something asks first (issue #50): the question takes the focus, and the
  // keyboard answers it as a tap would ("… anyway").
  const anyway = await driver.findElements(byTestId(tid.skipConfirm));
  if (anyway.length > 0) {
    assert.ok(await driver.executeScript('return document.activeElement?.closest("[role=alertdialog]") !== null'), `the question after ${what} takes the focus`);
    await driver.executeScript('arguments[0].focus();', anyway[0]);
    await driver.actions().sendKeys(key).perform();
  }
  await driver.wait(done, 10000, `${key === Key.ENTER ? 'Enter' : 'Space'} on ${what} did what a tap does`);
}

/** The view changed (any decision, even one that logs nothing, changes it). */
const changed = async (driver, before) => JSON.stringify(await coreView(driver)) !== before;

test('axe on every main screen at phone and desktop size, and the keyboard through the game (issue #17 item 5)', async () => {
  const driver = await openApp();
  try {
    await driver.manage().setTimeouts({ implicit: 0, script: 120000 });
    await waitForAnyTestId(driver, [tid.phase, tid.seedInput]);

    // The start screen (a fresh data folder: no game yet).
    await check(driver, 'start');
    await tabThrough(driver, 'start');

    // The table tools: the picker and each tool, with a result on screen where a tap gives one.
    await tap(driver, await waitForTestId(driver, tid.toolsOpen));
    await waitForTestId(driver, tid.toolsPicker);
    await check(driver, 'tools picker');
    const tools = [
      ['sdr', async () => tap(driver, await waitForTestId(driver, tid.sdrDrawA))],
      ['charts', null],
      ['events', null],
      ['calculators', async () => tap(driver, await waitForTestId(driver, tid.calcFuelGo))],
      ['procedures', async () => tap(driver, await waitForTestId(driver, tid.procShoreGo))],
      ['fleets', async () => tap(driver, await waitForTestId(driver, tid.fleetOpen('a', 'german')))],
      ['search', null],
    ];
    for (const [tool, act] of tools) {
      await tap(driver, await waitForTestId(driver, tid.tool(tool)));
      await waitForTestId(driver, tid.toolsBack);
      if (act) await act();
      if (tool === 'calculators') await tabThrough(driver, 'table tool: calculators');
      if (tool === 'events') {
        // The roll by the keyboard: Enter rolls the dice as a tap does.
        await pressOn(driver, await waitForTestId(driver, tid.eventRoll), Key.ENTER, 'the Roll button', async () =>
          (await driver.findElements(byTestId(tid.eventName))).length > 0);
        // A row of segments by the arrow keys.
        const seg = await driver.findElement(byTestId(tid.eventPlayer('a'))).findElement(By.css('input'));
        await driver.executeScript('arguments[0].focus()', seg);
        await driver.actions().sendKeys(Key.ARROW_RIGHT).perform();
        await driver.wait(async () => (await driver.findElement(byTestId(tid.eventPlayer('b'))).findElement(By.css('input'))).isSelected(), 5000, 'the arrow key picks the next segment');
      }
      await check(driver, `tool: ${tool}`);
      await tap(driver, await waitForTestId(driver, tid.toolsBack));
      await waitForTestId(driver, tid.toolsPicker);
    }
    await tap(driver, await waitForTestId(driver, tid.toolsClose));

    // A new game from the keyboard: the seed typed, Enter on the New game button.
    const seed = await waitForTestId(driver, tid.seedInput);
    await seed.clear();
    await seed.sendKeys(String(SEED));
    await pressOn(driver, await waitForTestId(driver, tid.newGameButton), Key.ENTER, 'the New game button', async () =>
      (await driver.findElements(byTestId(tid.turn))).length > 0);
    await waitForText(driver, tid.turn, (t) => t.startsWith('Turn 1 of'));

    // Each phase of the first two turns and the battle, played by the policy of the whole-game test over
    // IPC (each screen checked as the app shows it after a reload), and by the keyboard in places: Space
    // on a phase's first decision, Enter on the battle's fire orders until the dice show in the results.
    const seen = new Set();
    let battleChecked = false;
    let diceChecked = false;
    let stale = false;
    let decisionsByKeyboard = 0;
    /** Presses `key` on the decision's control on screen; false when there is no such control. */
    const byKeyboard = async (view, decision, key) => {
      if (!decision.control.testid) return false;
      if (stale) await reload(driver);
      stale = false;
      const el = (await driver.findElements(byTestId(decision.control.testid)))[decision.control.nth];
      if (!el || !(await el.isEnabled())) return false;
      const before = JSON.stringify(view);
      await pressOn(driver, el, key, `the ${decision.control.testid} button`, () => changed(driver, before));
      await waitForIdle(driver);
      decisionsByKeyboard += 1;
      return true;
    };
    for (let step = 0; step < 400; step += 1) {
      const view = await coreView(driver);
      if (view.turn >= 3 || view.game_over) break;
      const decision = decide(view);
      assert.ok(decision, `a decision exists in ${view.phase}`);
      const pending = view.game.pending[0]?.pending.kind;
      const inBattle = pending === 'fire_orders' && !battleChecked;
      const screen = inBattle ? 'battle' : `phase: ${view.phase}${pending ? ` (${pending})` : ''}`;
      if (!seen.has(screen) && (inBattle || !seen.has(`phase: ${view.phase}`) || pending)) {
        seen.add(screen);
        seen.add(`phase: ${view.phase}`);
        await reload(driver);
        stale = false;
        await check(driver, screen);
        if (inBattle) {
          battleChecked = true;
          await tabThrough(driver, 'battle');
          // To look at: the battle on a phone in the light theme and on a desktop in the dark one.
          await screenshot(driver, 'a11y-battle-phone', PHONE.width, PHONE.height);
          await setTheme(driver, 'dark');
          await screenshot(driver, 'a11y-battle-desktop-dark', DESKTOP.width, DESKTOP.height);
          await setTheme(driver, 'light');
        }
        if (view.phase === 'movement' && !report.tabThrough['a phase with decisions (movement)']) {
          await tabThrough(driver, 'a phase with decisions (movement)');
        }
        // Space on the decision's button (Enter on the battle's) does what a tap does.
        if (decisionsByKeyboard < 3 && (await byKeyboard(view, decision, inBattle ? Key.ENTER : Key.SPACE))) continue;
      }
      if (battleChecked && !diceChecked && ['fire_orders', 'torpedoes'].includes(pending) && (await byKeyboard(view, decision, Key.ENTER))) {
        // The battle's results with their dice (each roll one named image for a screen reader).
        if ((await driver.findElements({ css: '.events .dice' })).length > 0) {
          diceChecked = true;
          await check(driver, 'battle: dice rolled');
        }
        continue;
      }
      await respond(driver, decision.action);
      stale = true;
    }
    assert.ok(diceChecked, 'the battle\'s dice were checked');
    assert.ok(battleChecked, 'the battle screen was checked');
    assert.ok(decisionsByKeyboard >= 2, 'decisions were made by the keyboard');
    await reload(driver);

    // The dock's menu and its scan sheet.
    await menuItem(driver, tid.chartsButton);
    await check(driver, 'the dock\'s menu');
    await tap(driver, await (await waitForTestId(driver, tid.gameMenu)).findElement({ xpath: ".//button[normalize-space()='Close']" }));
    await waitForGone(driver, tid.gameMenu);
    await tap(driver, await waitForTestId(driver, tid.scanOpen));
    await waitForTestId(driver, tid.scanSheet);
    await check(driver, 'the scan sheet');
    await tap(driver, await waitForTestId(driver, tid.scanClose));
    await waitForGone(driver, tid.scanSheet);

    // The panels: the log (on the dock), the charts (one opened), the saves and corrections (in its menu).
    for (const [name, button, open] of [
      ['log', tid.logButton, tid.gameLog],
      ['charts', tid.chartsButton, tid.charts],
      ['saves', tid.savesButton, tid.saves],
      ['corrections', tid.correctionsButton, tid.correctVp],
    ]) {
      await tap(driver, button === tid.logButton ? await waitForTestId(driver, button) : await menuItem(driver, button));
      await waitForTestId(driver, open);
      if (name === 'charts') await tap(driver, await (await waitForTestId(driver, tid.chart('victory_points'))).findElement({ css: 'summary' }));
      await driver.executeScript('window.scrollTo(0, 0)');
      await check(driver, name);
      await tap(driver, button === tid.logButton ? await waitForTestId(driver, button) : await menuItem(driver, button));
      await driver.wait(async () => (await driver.findElements(byTestId(open))).length === 0, 5000, `${name} closes`);
    }

    // The game to its end over IPC (a fixed chooser), then the end screen, the review and the finished games.
    const end = await driver.executeAsyncScript(
      `const done = arguments[arguments.length - 1];
       const call = (action) => window.__TAURI_INTERNALS__.invoke('respond', { action });
       (async () => {
         let r = await call({ action: 'view' });
         for (let i = 0; i < 4000 && !(r.view.game_over !== null && r.view.reveal !== undefined) && r.view.decisions.length > 0; i += 1) {
           r = await call(r.view.decisions[(i * 31 + 7) % r.view.decisions.length].action);
         }
         done(r.view);
       })().catch((e) => done({ error: String(e) }));`,
    );
    assert.ok(end.reveal, `the game ended (${JSON.stringify(end.error ?? end.game_over)})`);
    await reload(driver);
    await waitForTestId(driver, tid.gameOver);
    await check(driver, 'game over');
    await tap(driver, await waitForTestId(driver, tid.reviewOpen));
    await waitForTestId(driver, tid.plotVp);
    await check(driver, 'after-action review');
    await tap(driver, await waitForTestId(driver, tid.finishedOpenOver));
    await waitForTestId(driver, tid.finishedGames);
    await check(driver, 'finished games');
    await driver.executeScript('window.scrollTo(0, 0)');
    await screenshot(driver, 'a11y-review-phone', PHONE.width, PHONE.height);
  } finally {
    await driver.quit();
  }
  assert.deepEqual(blocking, [], `serious or critical accessibility violations:\n  ${blocking.join('\n  ')}`);
  assert.deepEqual(keyboard, [], `keyboard problems:\n  ${keyboard.join('\n  ')}`);
});
