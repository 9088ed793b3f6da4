// The policy's decision (e2e/policy.mjs) made through the controls on screen, as a player's taps: shared by the
// whole-game, disk-full and one-handed specs so that a control changed in the UI is driven in one place.
import assert from 'node:assert/strict';
import { byTestId, scrollToCenter, tap, waitForTestId } from './harness.mjs';
import { tid } from '../ui/src/lib/testids.js';

/** How many answers the app has timed (ui/src/lib/startup.ts). */
export const timedCount = (driver) => driver.executeScript('return (window.__goebenTimings ?? []).length');

/** Waits, inside the page, until the app has timed more than `count` answers: the frame that shows the
 * tap's answer is painted. Until then nothing of the harness runs in the page (issue #31: the view read over
 * WebDriver right after the click — a `respond` over IPC and its 20 KB back through the page — ran inside
 * the tap's own timing). Gives up after 8 s (WebDriver's own limit is 10): a tap the app never sent is the
 * caller's to report. */
export function untilTimed(driver, count) {
  return driver.executeAsyncScript(
    `const [count, done] = [arguments[0], arguments[arguments.length - 1]];
     const end = performance.now() + 8000;
     // Looked at from inside the page, a timer apart, for a look costs the page microseconds where a
     // WebDriver call costs it milliseconds: time itself is being measured meanwhile.
     const look = () => ((window.__goebenTimings ?? []).length > count || performance.now() > end ? done() : setTimeout(look, 25));
     look();`,
    count,
  );
}

/** Picks an option of a select by its value, after scrolling the select into view. A value that is JSON (a
 * space) matches whatever the order of its keys: a view read through WebDriver may list them differently. */
async function pick(driver, select, value) {
  const index = await driver.executeScript(
    `const [select, want] = arguments;
     select.scrollIntoView({ block: 'center' });
     const canon = (v) => { try { const o = JSON.parse(v); return o && typeof o === 'object' ? JSON.stringify(Object.keys(o).sort().map((k) => [k, o[k]])) : v; } catch { return v; } };
     return [...select.options].findIndex((o) => canon(o.value) === canon(want));`,
    select,
    value,
  );
  assert.ok(index >= 0, `no option ${value} in the select`);
  await (await select.findElements({ css: 'option' }))[index].click();
}

/** The element with that test id whose words begin with `label` (the core's words for the decision). */
async function withLabel(driver, all, label) {
  const words = await driver.executeScript('return [...arguments].map((e) => e.textContent.replace(/\\s+/g, " ").trim())', ...all);
  return words.findIndex((w) => w.startsWith(label));
}

/** One step of a control: `{ testid, nth?, inside? }` taps the nth element with that test id (or the nth
 * element matching the `inside` selector within them); `{ testid, label }` the one that says `label`;
 * `{ testid, open: true }` opens a folded section (nothing when it is open); `{ select: testid, value }`
 * picks that option. */
async function doStep(driver, step, what) {
  if (step.select) return pick(driver, await waitForTestId(driver, step.select), step.value);
  let all = await driver.findElements(byTestId(step.testid));
  if (step.open) {
    assert.ok(all.length > 0, `no section [data-testid=${step.testid}] for ${what}`);
    if (!(await all[0].getAttribute('open'))) await tap(driver, await all[0].findElement({ css: 'summary' }));
    return;
  }
  if (step.inside) all = (await Promise.all(all.map((el) => el.findElements({ css: step.inside })))).flat();
  const nth = step.label === undefined ? (step.nth ?? 0) : await withLabel(driver, all, step.label);
  assert.ok(nth >= 0 && all.length > nth, `no control [data-testid=${step.testid}] ${step.label === undefined ? `#${nth}` : `saying "${step.label}"`} for ${what}`);
  // Scrolled first: what the tap's own scrolling moves is not a shift the answer made.
  await scrollToCenter(driver, all[nth]);
  await markSiblings(driver, all[nth], step.testid);
  await tap(driver, all[nth]);
}

/** Nothing moves under the thumb: before a tap, where the tapped control's siblings in sight (the
 * controls of its card between the header and the dock) and the dock's buttons sit on the screen, kept
 * in the page for `readShift`. */
async function markSiblings(driver, el, testid) {
  await driver.executeScript(
    `const [el, testid] = arguments;
     const card = el.closest('fieldset, .fire-card, .card, section') ?? el.parentElement;
     const near = [...card.querySelectorAll('button, select, input'), ...document.querySelectorAll('.dock button')];
     const screenTop = (e) => e.getBoundingClientRect().top;
     // Only what the player can see and reach at the tap: between the header and the dock (a control
     // under the dock, or scrolled away, is under no thumb), the dock's own buttons always.
     const top = document.querySelector('.header')?.getBoundingClientRect().bottom ?? 0;
     const bottom = document.querySelector('.dock')?.getBoundingClientRect().top ?? innerHeight;
     const seen = (e) => { const r = e.getBoundingClientRect(); return e.closest('.dock') || (r.bottom > top && r.top < bottom); };
     window.__goebenShift = { testid, scrollY, items: near.filter(seen).map((e) => ({ e, screen: screenTop(e), dock: !!e.closest('.dock') })) };`,
    el,
    testid,
  );
}

/** After the answer: how far (px) the marked controls still on the page moved, the dock's apart; null when
 * nothing was marked. A control has moved when it moved both on the page and on the screen: the app's own
 * scroll to the next decision moves the screen, not the page, and is not a control moved by the answer's
 * layout; a longer result above, scrolled past, moves the page but, with that scroll, not what the thumb
 * sees. The dock is fixed: its place on the screen. */
export async function readShift(driver) {
  return driver.executeAsyncScript(
    `const done = arguments[arguments.length - 1];
     requestAnimationFrame(() => requestAnimationFrame(() => {
       const m = window.__goebenShift;
       window.__goebenShift = null;
       if (!m) return done(null);
       const kept = m.items.filter((i) => i.e.isConnected && i.e.offsetParent);
       const scrolled = scrollY - m.scrollY;
       const shift = (i) => {
         const screen = i.e.getBoundingClientRect().top - i.screen;
         return i.dock ? Math.abs(screen) : Math.min(Math.abs(screen), Math.abs(screen + scrolled));
       };
       const moved = (list) => Math.round(Math.max(0, ...list.map(shift)));
       // The card's control that moved most, in its own words, for a failure's message.
       const cards = kept.filter((i) => !i.dock);
       const most = cards.reduce((a, i) => (shift(i) > shift(a) ? i : a), cards[0]);
       const words = most ? most.e.textContent.trim().replace(/\\s+/g, ' ').slice(0, 60) : '';
       done({ testid: m.testid, siblings: most ? Math.round(shift(most)) : 0, dock: moved(kept.filter((i) => i.dock)), kept: kept.length, most: words });
     }));`,
  );
}

/** Taps the control(s) of a decision `{ action, control }`: a composed control is `{ steps: [...] }`, a
 * destination `{ move: ship, value }`, anything else one step. Does not wait for the answer. */
export async function makeDecision(driver, decision) {
  const { control } = decision;
  const what = JSON.stringify(decision.action);
  if (control.steps) {
    for (const step of control.steps) await doStep(driver, step, what);
  } else if (control.move) {
    await pick(driver, await waitForTestId(driver, tid.moveTo(control.move)), control.value);
    await tap(driver, await waitForTestId(driver, tid.move(control.move)));
  } else {
    await doStep(driver, control, what);
  }
}

/** The faces (style, weight, size, family, as computed) of the text on the page now that the app did not make
 * ready after its first screen (ui/src/lib/fontWarm.ts: one hidden word per face in `.font-warm`), once that is
 * done. Text inside closed folds counts: it is laid out when opened. */
export async function facesNotWarmed(driver) {
  await driver.wait(() => driver.executeScript("return document.querySelector('.font-warm[data-warmed]') !== null"), 5000, 'the app never made its faces ready');
  return driver.executeScript(
    `const key = (el) => { const s = getComputedStyle(el); return s.fontStyle + ' ' + s.fontWeight + ' ' + s.fontSize + ' ' + s.fontFamily; };
     const warmed = new Set([...document.querySelector('.font-warm').children].map(key));
     const shown = [...document.querySelectorAll('#app *')].filter((el) => /^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName) || [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()));
     return [...new Set(shown.map(key))].filter((k) => !warmed.has(k));`,
  );
}
