// A whole game of one Orders played to its end by taps, as e2e/orders_policy.mjs's player plays it, with the
// checks a player's eye makes before every decision (the words on the button are the core's, the header's
// turn, phase and VP are the view's, nothing overflows the window, the next step lies between the header and
// the dock the first time each phase is met, the last tap's headline in view) and a screenshot of each. Used
// in the app (e2e/orders_games.test.mjs, WebKitGTK) and in Chromium as a phone (e2e/chromium_game.test.mjs).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitForTestId, waitForIdle, textOf, screenshot, respond, byTestId, coreBinary, screenshotDir, tap, By, waitForAnyTestId, toStartScreen } from './harness.mjs';
import { tid } from '../ui/src/lib/testids.js';
import { PLANS, newPlayer, decideOrders } from './orders_policy.mjs';
import { decide } from './policy.mjs';
import { makeDecision, readShift } from './play.mjs';
import { showAt, measureFit, controlOf, assertOneHanded, assertNothingOverflows, assertHeadlineInView } from './fit.mjs';

/** The referee CLI given the same requests: the view the app must end on. */
export function cliView(requests) {
  const out = execFileSync(coreBinary('referee'), [], { input: requests.map((a) => JSON.stringify(a)).join('\n') + '\n', maxBuffer: 1 << 30 }).toString().trim().split('\n');
  return JSON.parse(out[out.length - 1]).view;
}

/** Waits until the referee answered the tap (any change of the view) and the screen is idle again. */
async function answered(driver, before, action, failureShot, size) {
  try {
    await driver.wait(async () => JSON.stringify((await respond(driver, { action: 'view' })).view) !== before, 10000);
  } catch {
    await screenshot(driver, failureShot, size.width, size.height);
    const banner = await driver.findElements(byTestId(tid.errorBanner));
    assert.fail(`the referee never answered ${JSON.stringify(action)} (${banner.length > 0 ? await banner[0].getText() : 'no error shown'})`);
  }
  await waitForIdle(driver);
}

/** "All done" on the table's list, when it shows instructions still to tick. */
async function tickAll(driver) {
  const all = await driver.findElements(byTestId(tid.tableTickAll));
  if (all.length > 0 && (await all[0].isDisplayed())) await tap(driver, all[0]);
}

/** What the header must say for the view: the turn, the phase and the VP. */
async function checkHeader(driver, view, where) {
  assert.match(await textOf(driver, tid.turn), new RegExp(`^Turn ${view.turn} of ${view.last_turn}\\b`), `${where}: the header's turn`);
  assert.equal((await textOf(driver, tid.phase)).replace(/\s+/g, ' '), view.phase_name, `${where}: the header's phase`);
  assert.match(await textOf(driver, tid.vp), new RegExp(`^${view.vp}\\b`), `${where}: the header's VP`);
}

/** Starts a game of `orders` with `seed` on the new-game form, by taps. */
async function startOnTheForm(driver, orders, seed, shot, size) {
  // The app opens on the game it keeps (the last Orders' game, over): the menu's New game leads to the form.
  if ((await waitForAnyTestId(driver, [tid.phase, tid.seedInput])) === tid.phase) await toStartScreen(driver);
  const seedInput = await waitForTestId(driver, tid.seedInput);
  await seedInput.clear();
  await seedInput.sendKeys(String(seed));
  await tap(driver, await driver.findElement(By.css('details.options-fold > summary')));
  const picker = await waitForTestId(driver, tid.optionOrders);
  const options = await picker.findElements(By.css('option'));
  const values = await Promise.all(options.map((o) => o.getAttribute('value')));
  assert.ok(values.includes(orders), `the form offers the Orders ${orders} (${values.join(', ')})`);
  await options[values.indexOf(orders)].click();
  await screenshot(driver, shot, size.width, size.height);
  await tap(driver, await waitForTestId(driver, tid.newGameButton));
  await waitForTestId(driver, tid.phase);
}

/** The Orders a run plays: `GOEBEN_ORDERS` (`all`, or a comma-separated list of Orders ids), Atlantic
 * Breakout when unset (the test command's game). */
export function ordersAsked(asked = process.env.GOEBEN_ORDERS ?? 'atlantic_breakout') {
  return asked === 'all' ? Object.keys(PLANS) : asked.split(',').map((s) => s.trim());
}

/**
 * Plays `orders` from the new-game form to the game's end at `size` (fit.mjs's SIZES), a screenshot before
 * every decision in `e2e/screenshots/<shots>/<orders>/NNN-…-<size>.png`, and checks the end against the
 * referee CLI given the same requests and the game-over card. Returns the last view and the game's story
 * (decisions by kind, screenshots, the shifts beside each tapped control). `oneHanded: false` leaves out the
 * check that the plain player's next step lies between the header and the dock (the rest is checked).
 */
export async function playOrders(driver, orders, { seed, size, shots, oneHanded = true }) {
  assert.ok(PLANS[orders], `no plan for the Orders ${orders} (e2e/orders_policy.mjs)`);
  const dir = join(shots, orders);
  mkdirSync(join(screenshotDir, dir), { recursive: true });
  const player = newPlayer(orders);
  const requests = [{ action: 'new_game', seed, options: { orders } }];
  const phasesSeen = new Set();
  const story = { decisions: 0, shots: 0, kinds: {}, shifts: [] };
  await showAt(driver, size);
  // The game is started as a player who drew this marker from the box does: the seed typed, the Orders
  // named on the new-game form (3.0 step 5; the referee lists the markers), Start.
  await startOnTheForm(driver, orders, seed, join(dir, `new-game-${size.name}`), size);
  const started = (await respond(driver, { action: 'view' })).view;
  assert.equal(started.game.orders.id, orders, 'the form started the game under the Orders chosen');
  for (let step = 0; step < 400; step += 1) {
    const view = (await respond(driver, { action: 'view' })).view;
    if (view.game_over) break;
    const decision = decideOrders(view, player);
    assert.ok(decision, `a decision in ${view.phase}, turn ${view.turn}`);
    const where = `${orders} #${step} turn ${view.turn} ${view.phase} (${decision.action.action}) at ${size.name}`;
    await checkHeader(driver, view, where);
    const spot = `${view.turn}:${view.phase}:${view.game.pending[0]?.pending.kind ?? ''}`;
    await showAt(driver, size);
    const seen = await measureFit(driver, controlOf(decision));
    const name = `${String(step).padStart(3, '0')}-t${view.turn}-${view.phase}-${decision.action.action}-${size.name}`;
    await screenshot(driver, join(dir, name), size.width, size.height);
    // After every tap (the new game's too) its headline is in view above the dock, unscrolled (issue #50).
    assertHeadlineInView(where, seen);
    // The app cannot know which of several choices a player will take: the one it is held to have between
    // the header and the dock is the plain player's (e2e/policy.mjs, the phase's first step); the others (a
    // repair below the outfitting choices, a second buy) a player scrolls to.
    const plainStep = JSON.stringify(decide(view)?.action) === JSON.stringify(decision.action);
    if (oneHanded && plainStep && !phasesSeen.has(spot)) {
      phasesSeen.add(spot);
      assertOneHanded(where, seen, false);
    } else {
      assertNothingOverflows(where, seen);
    }
    story.shots += 1;
    // A player keeps the table in step: at the turn's end every instruction left is ticked off.
    if (view.phase === 'objective') await tickAll(driver);
    const before = JSON.stringify(view);
    await makeDecision(driver, decision);
    await answered(driver, before, decision.action, join(dir, `failure-${size.name}`), size);
    decision.note?.();
    requests.push(decision.action);
    story.decisions += 1;
    story.kinds[decision.action.action] = (story.kinds[decision.action.action] ?? 0) + 1;
    const shift = await readShift(driver);
    if (shift) story.shifts.push({ action: decision.action.action, screenshot: step, ...shift });
  }
  const view = (await respond(driver, { action: 'view' })).view;
  assert.ok(view.game_over, `${orders}: the game reached its end (turn ${view.turn} of ${view.last_turn})`);
  // The app and the referee CLI, given the same requests, end in the same game.
  const cli = cliView(requests);
  for (const key of ['turn', 'phase', 'alert_level', 'vp', 'game_over']) assert.deepEqual(view[key], cli[key], `${orders}: ${key}`);
  // The game-over card opens on the result the core ended with, and the VP against the Orders' target.
  const result = await waitForTestId(driver, tid.gameOverResult);
  assert.equal(await result.getText(), view.game_over.won ? 'Won' : 'Lost');
  assert.match(await textOf(driver, tid.gameOverVp), new RegExp(`^${view.vp} VP · the Orders “${view.game.orders.name}” needed ${view.game.orders.min_vp}$`));
  // A lost game says why: each of the Orders' conditions as it stood at the end (17.0).
  if (!view.game_over.won) {
    const said = await textOf(driver, tid.gameOverConditions);
    for (const c of view.game.orders.conditions) assert.ok(said.includes(c.text), `${orders}: the game-over card names "${c.text}"`);
  }
  await screenshot(driver, join(dir, `end-${size.name}`), size.width, size.height);
  writeFileSync(join(screenshotDir, dir, 'story.json'), `${JSON.stringify({ orders, seed, size: size.name, over: view.game_over, vp: view.vp, ...story }, null, 1)}\n`);
  assert.ok(story.decisions > 30, `${orders}: a whole game of decisions (${story.decisions})`);
  return { view, story };
}

/** The story's one line for the log. */
export function storyLine(label, orders, seed, { view, story }) {
  const top = story.shifts.reduce((a, s) => (s.siblings > (a?.siblings ?? -1) ? s : a), null);
  const worst = top ? `${top.siblings} px (${top.action}, ${top.testid})` : '0 px';
  const buys = story.shifts.filter((s) => s.action === 'load_cargo').map((s) => s.siblings);
  return `${label} ${orders} seed ${seed}: ${view.game_over.won ? 'won' : 'lost'} with ${view.vp} VP on turn ${view.turn}; ${story.decisions} decisions by taps, ${story.shots} screenshots, ${Object.entries(story.kinds).map(([k, n]) => `${k} ${n}`).join(', ')}; largest shift beside a tapped control ${worst}${buys.length > 0 ? `, beside each buy ${buys.join(', ')} px` : ''}`;
}

/** Nothing moves under the thumb while buying: the next buy stands where it stood (issue #29 item 3, 0 px
 * for repeatable controls). Measured 9, 0, 0 and 8 px in WebKitGTK: the first result's two lines stand where
 * the placeholder's stood (9 px taller). When an item runs out its button stays in its place, greyed, in
 * words as long as a buy's (the core's `buys`), so the buttons below it do not close up (at 200 % text in
 * Chromium they came up 77–115 px when it went; `storyLine` prints each buy's shift). */
export function assertBuysStayPut(orders, story) {
  const buys = story.shifts.filter((s) => s.action === 'load_cargo');
  assert.ok(buys.length > 0 && buys.every((s) => s.siblings <= 10), `${orders}: a buy moved the buttons beside it: ${JSON.stringify(buys)}`);
}

/** Nothing moves under the thumb after any tap, as in the seeded whole game (whole_game.test.mjs: up to
 * two lines of text, 48 px): an answer whose next question takes its card, and a raid whose next ship's raid
 * takes its place, once came up 82–455 px (in both engines) as a shorter result replaced the one above them;
 * the results card now keeps that room (ui/src/lib/reach.ts, `holdAboveTapped`). */
export function assertNothingMovedBeside(orders, story) {
  const moved = story.shifts.filter((s) => s.siblings > 48);
  assert.deepEqual(moved, [], `${orders}: the controls beside a tapped one moved`);
}
