// "I roll the dice" in the real app at phone size: the house rule chosen at new game, then a whole battle's
// dice entered on the pad as a player does — one tap per face, Done — with a screenshot of each pad read for
// its words (the core's prompt, "N of M"), the pad standing still under the thumb, and the log marking the
// dice as the player's. The approach to the battle is played over IPC (its dice entered there too).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startDriver, openApp, waitForTestId, waitForAnyTestId, textOf, waitFor, screenshot, resize, coreView, tap,
  untilAnswered, byTestId, respond, toStartScreen,
} from './harness.mjs';
import { decide } from './policy.mjs';
import { makeDecision } from './play.mjs';
import { tid } from '../ui/src/lib/testids.js';

let driverProcess;
before(async () => {
  driverProcess = await startDriver();
});
after(() => {
  driverProcess?.stop();
});

/** The faces a player might roll: a fixed sequence, so a run is the same every time. */
function* table() {
  let x = 12345;
  for (;;) {
    x = (x * 1103515245 + 12345) % 2147483648;
    yield (x >> 16) % 6;
  }
}
const rolls = table();
const facesFor = (roll) => Array.from({ length: roll.count }, () => 1 + (rolls.next().value % roll.sides));

/** Plays the seeded game over IPC until fire orders are owed in a battle (contact, fight and incident draws
 * first, else a seeded pick), entering each roll the core asks for. */
async function playToBattle(driver, seed) {
  let r = await respond(driver, { action: 'new_game', seed, options: { orders: 'raid_french_convoys', player_dice: true } });
  assert.ok(r.ok, 'the new game under "I roll the dice" starts');
  let pick = BigInt(seed) | 1n;
  const mask = (1n << 64n) - 1n;
  for (let i = 0; i < 3000; i += 1) {
    const view = r.view;
    if (view.pending_roll) {
      r = await respond(driver, { action: 'enter_dice', faces: facesFor(view.pending_roll) });
      assert.ok(r.ok, JSON.stringify(r.error));
      continue;
    }
    if (view.game?.pending?.[0]?.pending.kind === 'fire_orders') return r;
    if (view.game_over || view.decisions.length === 0) return null;
    pick = (pick * 6364136223846793005n + 1442695040888963407n) & mask;
    const legal = view.decisions.map((d) => d.action);
    const keen = legal.filter((a) => ['contact', 'fight', 'resolve_incidents'].includes(a.action));
    const choices = keen.length > 0 ? keen : legal;
    r = await respond(driver, choices[Number((pick >> 33n) % BigInt(choices.length))]);
  }
  return null;
}

/** Where the pad's Done button and its first face sit on the screen. */
const padBoxes = (driver) =>
  driver.executeScript(
    `const box = (id) => { const r = document.querySelector('[data-testid="' + id + '"]').getBoundingClientRect(); return [Math.round(r.top), Math.round(r.left)]; };
     const dock = document.querySelector('.dock');
     return { done: box(arguments[0]), face: box(arguments[1]), dockTop: dock ? Math.round(dock.getBoundingClientRect().top) : innerHeight, doneBottom: Math.round(document.querySelector('[data-testid="' + arguments[0] + '"]').getBoundingClientRect().bottom) };`,
    tid.diceDone,
    tid.diceFace(1),
  );

/** Enters the roll the view asks for on the pad, as taps, at `size` (a phone's width and height); returns the
 * taps it took. */
async function enterOnPad(driver, roll, shot, size = [390, 844]) {
  const pad = await waitForTestId(driver, tid.dicePad);
  await driver.executeScript('arguments[0].scrollIntoView({ block: "center" })', pad);
  assert.equal(await textOf(driver, tid.dicePrompt), roll.prompt, 'the pad says what to roll in the core\'s words');
  assert.equal(await textOf(driver, tid.diceCount), `0 of ${roll.count}`);
  assert.equal((await driver.findElements(byTestId(tid.fireOption))).length, 0, 'no fire card to tap while the dice are asked for');
  const done = await waitForTestId(driver, tid.diceDone);
  assert.equal(await done.isEnabled(), false, 'Done waits for every die');
  const faces = facesFor(roll);
  const before = await padBoxes(driver);
  for (const [i, face] of faces.entries()) {
    await (await waitForTestId(driver, tid.diceFace(face))).click();
    await waitFor(`the count to read ${i + 1} of ${roll.count}`, async () => (await textOf(driver, tid.diceCount)) === `${i + 1} of ${roll.count}`);
  }
  const after = await padBoxes(driver);
  assert.deepEqual(after.face, before.face, 'the faces stand still under the thumb while dice are typed');
  assert.deepEqual(after.done, before.done, 'Done stands still while dice are typed');
  assert.ok(after.doneBottom <= after.dockTop, `Done is above the dock (${after.doneBottom} ≤ ${after.dockTop})`);
  assert.equal((await textOf(driver, tid.diceFaces)).replace(/\s+/g, ''), faces.join(''), 'the faces appear as typed');
  if (shot) await screenshot(driver, shot, ...size);
  await untilAnswered(driver, `the dice of "${roll.prompt}"`, () => done.click());
  return faces.length + 1;
}

test('"I roll the dice": the house rule at new game, and a whole battle\'s dice entered on the pad at phone size (issue #32)', async () => {
  const driver = await openApp();
  try {
    await resize(driver, 390, 844);
    // The house rule is a choice of the new-game form.
    const first = await waitForAnyTestId(driver, [tid.phase, tid.seedInput]);
    if (first === tid.phase) await toStartScreen(driver);
    const seedField = await waitForTestId(driver, tid.seedInput);
    await seedField.clear();
    await seedField.sendKeys('5');
    await tap(driver, await driver.findElement({ css: 'details.options-fold > summary' }));
    await tap(driver, await waitForTestId(driver, tid.optionPlayerDice));
    await screenshot(driver, 'dice-new-game-phone', 390, 844);
    await tap(driver, await waitForTestId(driver, tid.newGameButton));
    await waitForTestId(driver, tid.phase);
    assert.equal((await coreView(driver)).game.options.player_dice, true, 'the form started the game under the house rule');

    const start = await playToBattle(driver, 1);
    assert.ok(start, 'seed 1 reaches a battle under the house rule');
    await driver.navigate().refresh();
    await waitForTestId(driver, tid.battle);
    await screenshot(driver, 'dice-battle-phone', 390, 844);

    let pads = 0;
    let taps = 0;
    let other = 0;
    for (let step = 0; step < 300; step += 1) {
      const view = await coreView(driver);
      if (view.pending_roll) {
        pads += 1;
        // The second roll of the battle is entered on a 320×568 phone: the pad and its Done fit above the dock
        // there too (enterOnPad's checks), whatever roll it is.
        if (pads === 2) {
          await resize(driver, 320, 568);
          taps += await enterOnPad(driver, view.pending_roll, 'dice-pad-2-small-phone', [320, 568]);
          await resize(driver, 390, 844);
          continue;
        }
        taps += await enterOnPad(driver, view.pending_roll, pads <= 3 ? `dice-pad-${pads}-phone` : null);
        if (pads === 1) {
          const body = await driver.findElement({ css: 'body' }).getText();
          assert.match(body, /you rolled/, 'the log marks the dice as the player\'s');
          await screenshot(driver, 'dice-entered-phone', 390, 844);
        }
        continue;
      }
      const inBattle = view.game?.combat?.some((b) => b.stage !== 'over');
      if (!inBattle) break;
      const decision = decide(view);
      assert.ok(decision, 'the battle always has a next step');
      other += 1;
      await untilAnswered(driver, JSON.stringify(decision.action), () => makeDecision(driver, decision));
    }
    const end = await coreView(driver);
    assert.ok(!end.game?.combat?.some((b) => b.stage !== 'over'), 'the battle ended');
    assert.ok(pads >= 2, `the battle asked for the player's dice more than once (${pads} pads)`);
    console.log(`# a whole battle under "I roll the dice": ${pads} rolls entered in ${taps} taps on the pad, ${other} other decisions`);
    await screenshot(driver, 'dice-battle-over-phone', 390, 844);

    // The pad of a correction (the same component, opened from the result) fits at 320×568 too, when the
    // view offers one on the roll just entered.
    if (end.correctable_roll) {
      await resize(driver, 320, 568);
      await tap(driver, await waitForTestId(driver, tid.correctDiceOpen));
      await waitForTestId(driver, tid.dicePad);
      const small = await padBoxes(driver);
      await screenshot(driver, 'dice-correct-small-phone', 320, 568);
      assert.ok(small.doneBottom <= small.dockTop, `the correction pad's Done is above the dock at 320×568 (${JSON.stringify(small)})`);
      assert.equal((await driver.findElements(byTestId(tid.diceCancel))).length, 1);
    }
  } finally {
    await driver.quit();
  }
});
