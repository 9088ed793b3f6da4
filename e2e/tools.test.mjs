// Issue #8: each table tool once in the real app, from the start screen, with screenshots. Two players share
// the device: a player's secrets show only while their Peek button is held, and are gone from the page
// once it is let go.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startDriver, openApp, waitForTestId, textOf, waitForText, screenshot, byTestId, sleep, tap } from './harness.mjs';

let driverProcess;

before(async () => {
  driverProcess = await startDriver();
});

after(() => {
  driverProcess?.stop();
});


async function tapId(driver, id) {
  await tap(driver, await waitForTestId(driver, id));
}

/** The whole page's text, to check what a player standing by could read. */
async function pageText(driver) {
  return driver.executeScript('return document.body.innerText');
}

/** Presses and holds the element (a finger on the Peek button), runs `whileHeld`, then lets go. */
async function hold(driver, el, whileHeld) {
  await driver.executeScript('arguments[0].scrollIntoView({ block: "center" })', el);
  await driver.actions({ async: true }).move({ origin: el }).press().perform();
  try {
    return await whileHeld();
  } finally {
    await driver.actions({ async: true }).move({ origin: el }).release().perform();
  }
}

/** Picks a radio segment (the input itself may be drawn under its label). */
async function pick(driver, id) {
  const el = await driver.wait(async () => (await driver.findElements(byTestId(id)))[0], 10000, `no [data-testid=${id}]`);
  await driver.executeScript('arguments[0].scrollIntoView({ block: "center" }); arguments[0].click();', el);
}

async function type(driver, id, text) {
  const el = await waitForTestId(driver, id);
  await el.clear();
  await el.sendKeys(text);
}

async function openTools(driver) {
  await driver.wait(async () => (await driver.findElements({ css: '[data-testid="phase"], [data-testid="tools-open"]' })).length > 0, 15000);
  if ((await driver.findElements(byTestId('tools-open'))).length === 0) {
    // A game is running: the start screen is behind New game.
    await tapId(driver, 'new-game-footer');
    await tap(driver, await driver.findElement({ xpath: "//nav//button[normalize-space()='New game']" }));
  }
  await tapId(driver, 'tools-open');
  await waitForTestId(driver, 'tools-picker');
}

test('table tools (issue #8): secret die rolls with hold-to-peek, charts, random events and calculators', async () => {
  const driver = await openApp();
  try {
    await openTools(driver);
    await screenshot(driver, 'tools-picker-phone', 390, 844);

    // Secret Die Roll: A draws face down; B sees only the commitment; A peeks; A reveals; the app verifies.
    await tapId(driver, 'tool-sdr');
    await waitForTestId(driver, 'sdr');
    const bag = await textOf(driver, 'sdr-bag');
    assert.match(bag, /48/);
    await (await waitForTestId(driver, 'sdr-label')).sendKeys('victory conditions');
    await tapId(driver, 'sdr-draw-a');
    const commitment = await textOf(driver, 'commitment-1');
    assert.match(commitment, /^[0-9a-f]{16}$/, 'the other player sees a 16-hex-digit commitment');
    assert.match(await textOf(driver, 'sdr-bag'), /47/);
    assert.equal((await driver.findElements(byTestId('own-chit-1'))).length, 0, 'no value on screen while nobody peeks');
    await screenshot(driver, 'tools-sdr-drawn-phone', 390, 844);
    const peeked = await hold(driver, await waitForTestId(driver, 'peek-a'), async () => {
      const own = await waitForTestId(driver, 'own-chit-1');
      const value = Number(await (await own.findElement(byTestId('die-face'))).getAttribute('data-value'));
      await screenshot(driver, 'tools-sdr-peek-phone', 390, 844);
      return value;
    });
    assert.ok(peeked >= 1 && peeked <= 6, `A saw a die face (${peeked})`);
    await driver.wait(async () => (await driver.findElements(byTestId('secrets-a'))).length === 0, 5000, 'letting go hides the secrets');
    await hold(driver, await waitForTestId(driver, 'peek-b'), async () => {
      assert.match(await textOf(driver, 'no-secrets-b'), /Nothing secret/, 'B holds nothing secret');
    });
    await tapId(driver, 'reveal-1');
    await tapId(driver, 'reveal-confirm-1');
    assert.match(await textOf(driver, 'verified-1'), /match/i);
    const salt = await textOf(driver, 'salt-1');
    assert.match(salt, /^[0-9a-f]{32}$/);
    // Anyone can check a commitment by hand: the right value matches, a switched one does not.
    await tap(driver, await driver.findElement({ xpath: "//summary[normalize-space()='Check a chit by hand']" }));
    await (await waitForTestId(driver, 'verify-commitment')).sendKeys(commitment);
    await (await waitForTestId(driver, 'verify-salt')).sendKeys(salt);
    const value = await waitForTestId(driver, 'verify-value');
    await value.sendKeys(String(peeked));
    await tapId(driver, 'verify-button');
    assert.match(await waitForText(driver, 'verify-result', (t) => t.length > 0), /match/i);
    await value.clear();
    await value.sendKeys(String((peeked % 6) + 1));
    await tapId(driver, 'verify-button');
    assert.match(await waitForText(driver, 'verify-result', (t) => /not|no /i.test(t)), /not|no /i);
    await screenshot(driver, 'tools-sdr-revealed-desktop', 1280, 800);
    await tapId(driver, 'tools-back');

    // Victory conditions and What-If charts (seed 001).
    await tapId(driver, 'tool-charts');
    await pick(driver, 'vc-side-german');
    await pick(driver, 'vc-sdr-3');
    assert.match(await textOf(driver, 'vc-result'), /\d/);
    await pick(driver, 'wi-fleet-french');
    await pick(driver, 'wi-sdr-7');
    assert.ok((await textOf(driver, 'wi-result')).length > 10);
    await screenshot(driver, 'tools-charts-phone', 390, 844);
    await tapId(driver, 'tools-back');

    // Random events (seed 004): two dice, the entry, the side die when the entry strikes one side.
    await tapId(driver, 'tool-events');
    await tapId(driver, 'event-roll');
    const dice = await driver.findElements({ css: '[data-testid="event-dice"] [data-testid="die-face"]' });
    assert.ok(dice.length >= 2, 'both dice are shown as faces');
    assert.ok((await textOf(driver, 'event-name')).length > 0);
    await screenshot(driver, 'tools-events-phone', 390, 844);
    await tapId(driver, 'tools-back');

    // Calculators (seeds 003-004): combined fire of three ships (seed 004's worked example style).
    await tapId(driver, 'tool-calculators');
    await pick(driver, 'calc-fuel-zones-2');
    await tapId(driver, 'calc-fuel-go');
    assert.match(await textOf(driver, 'calc-result-fuel'), /6/);
    await screenshot(driver, 'tools-calculators-phone', 390, 844);
    await tapId(driver, 'tools-back');

    // Rule dice (seeds 003-004): shore batteries rolled, each die shown, the outcome and its source.
    await tapId(driver, 'tool-procedures');
    await tapId(driver, 'proc-shore-go');
    await waitForTestId(driver, 'proc-result-shore');
    const shoreDice = await driver.findElements({ css: '[data-testid="proc-dice-shore"] [data-testid="die-face"]' });
    assert.ok(shoreDice.length >= 1, 'the die is shown as a face');
    assert.ok((await textOf(driver, 'proc-outcome-shore')).length > 0);
    assert.match(await textOf(driver, 'proc-source-shore'), /004/);
    await screenshot(driver, 'tools-procedures-phone', 390, 844);
    await tapId(driver, 'tools-back');

    // Hidden Fleet Charts (seed 002): A takes the German chart, B the Allied one; A puts the Goeben in box 3
    // with B looking away. Nobody sees her until A peeks, or until box 3 is revealed.
    await tapId(driver, 'tool-fleets');
    await tapId(driver, 'fleet-open-a-german');
    await tapId(driver, 'fleet-open-b-allied');
    await tapId(driver, 'fleet-edit-a');
    await type(driver, 'fleet-ship', 'Goeben');
    await driver.executeScript('const s = arguments[0]; s.value = "3"; s.dispatchEvent(new Event("change", { bubbles: true }));', await waitForTestId(driver, 'fleet-box'));
    await tapId(driver, 'fleet-assign');
    await tapId(driver, 'fleet-done');
    assert.ok(!(await pageText(driver)).includes('Goeben'), 'the shared screen does not name a ship in an unrevealed box');
    await screenshot(driver, 'tools-fleets-phone', 390, 844);
    await hold(driver, await waitForTestId(driver, 'peek-a'), async () => {
      assert.match(await textOf(driver, 'own-box-3'), /Goeben/);
    });
    await driver.wait(async () => !(await pageText(driver)).includes('Goeben'), 5000, 'letting go hides the chart');
    await driver.executeScript('const s = arguments[0]; s.value = "3"; s.dispatchEvent(new Event("change", { bubbles: true }));', await waitForTestId(driver, 'fleet-reveal-box-a'));
    await tapId(driver, 'fleet-reveal-a');
    assert.match(await waitForText(driver, 'public-box-a-3', (t) => t.includes('Goeben')), /Goeben/, 'a revealed box shows its ships to both');
    await tapId(driver, 'tools-back');

    // Double-blind search (seed 001): both record a unit in the same square; B is British and calls first.
    await tapId(driver, 'tool-search');
    await tap(driver, await driver.findElement({ xpath: "//section[@data-testid='search']//summary[normalize-space()='Start a turn']" }));
    await pick(driver, 'search-british-b');
    await tapId(driver, 'search-start-turn');
    for (const [p, unit] of [['a', 'Goeben'], ['b', 'Indomitable']]) {
      await tapId(driver, `search-edit-${p}`);
      await type(driver, 'search-unit', unit);
      await type(driver, 'search-sea', 'Ionian');
      await type(driver, 'search-area', 'A2');
      await type(driver, 'search-square', '52');
      await tapId(driver, 'search-place');
      await tapId(driver, 'search-done');
    }
    const shared = await pageText(driver);
    assert.ok(!shared.includes('Goeben') && !shared.includes('Indomitable'), 'positions stay private');
    await pick(driver, 'call-player-b');
    await pick(driver, 'call-level-sea');
    await type(driver, 'call-name', 'Ionian');
    await tapId(driver, 'call-go');
    assert.match(await waitForText(driver, 'call-answer', (t) => t.length > 0), /enemy present/);
    assert.ok(!(await pageText(driver)).includes('Goeben'), 'a sea call says something is there, not what');
    await pick(driver, 'call-level-square');
    await type(driver, 'call-name', '52');
    await tapId(driver, 'call-go');
    const found = await waitForText(driver, 'call-answer', (t) => t.startsWith('found'));
    assert.match(found, /Goeben/);
    assert.match(found, /Indomitable/);
    await screenshot(driver, 'tools-search-phone', 390, 844);
    await tapId(driver, 'tools-back');

    const text = await pageText(driver);
    assert.ok(!text.includes('undefined'));
  } finally {
    await driver.quit();
  }
  const again = await openApp();
  try {
    await openTools(again);
    await tapId(again, 'tool-sdr');
    assert.match(await textOf(again, 'sdr-bag'), /47/, 'the bag is as it was left');
    assert.match(await textOf(again, 'verified-1'), /match/i);
  } finally {
    await again.quit();
  }
});
