// Each table tool once in the real app, from the start screen, with screenshots. Two players share
// the device: a player's secrets show only while their Peek button is held, and are gone from the page
// once it is let go.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startDriver, openApp, waitForTestId, waitForAnyTestId, waitForGone, textOf, waitForText, screenshot, byTestId, tap, pickSegment as pick, typeInto as type, toStartScreen } from './harness.mjs';
import { tid, selector } from '../ui/src/lib/testids.js';

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

async function openTools(driver) {
  await waitForAnyTestId(driver, [tid.phase, tid.toolsOpen]);
  if ((await driver.findElements(byTestId(tid.toolsOpen))).length === 0) {
    // A game is running: the start screen is behind New game.
    await toStartScreen(driver);
  }
  await tapId(driver, tid.toolsOpen);
  await waitForTestId(driver, tid.toolsPicker);
}

test('table tools (issue #8): secret die rolls with hold-to-peek, charts, random events and calculators', async () => {
  const driver = await openApp();
  try {
    await openTools(driver);
    await screenshot(driver, 'tools-picker-phone', 390, 844);

    // Secret Die Roll: A draws face down; B sees only the commitment; A peeks; A reveals; the app verifies.
    await tapId(driver, tid.tool('sdr'));
    await waitForTestId(driver, tid.sdr);
    const bag = await textOf(driver, tid.sdrBag);
    assert.match(bag, /48/);
    await (await waitForTestId(driver, tid.sdrLabel)).sendKeys('victory conditions');
    await tapId(driver, tid.sdrDrawA);
    const commitment = await textOf(driver, tid.chitCommitment(1));
    assert.match(commitment, /^[0-9a-f]{16}$/, 'the other player sees a 16-hex-digit commitment');
    assert.match(await textOf(driver, tid.sdrBag), /47/);
    assert.equal((await driver.findElements(byTestId(tid.ownChit(1)))).length, 0, 'no value on screen while nobody peeks');
    await screenshot(driver, 'tools-sdr-drawn-phone', 390, 844);
    const peeked = await hold(driver, await waitForTestId(driver, tid.peek('a')), async () => {
      const own = await waitForTestId(driver, tid.ownChit(1));
      const value = Number(await (await own.findElement(byTestId(tid.dieFace))).getAttribute('data-value'));
      await screenshot(driver, 'tools-sdr-peek-phone', 390, 844);
      return value;
    });
    assert.ok(peeked >= 1 && peeked <= 6, `A saw a die face (${peeked})`);
    await waitForGone(driver, tid.secrets('a'), 5000, 'letting go hides the secrets');
    await hold(driver, await waitForTestId(driver, tid.peek('b')), async () => {
      assert.match(await textOf(driver, tid.noSecrets('b')), /Nothing secret/, 'B holds nothing secret');
    });
    await tapId(driver, tid.revealChit(1));
    await tapId(driver, tid.revealConfirm(1));
    assert.match(await textOf(driver, tid.verified(1)), /match/i);
    const salt = await textOf(driver, tid.salt(1));
    assert.match(salt, /^[0-9a-f]{32}$/);
    // Anyone can check a commitment by hand: the right value matches, a switched one does not.
    await tap(driver, await driver.findElement({ xpath: "//summary[normalize-space()='Check a chit by hand']" }));
    await (await waitForTestId(driver, tid.verifyCommitment)).sendKeys(commitment);
    await (await waitForTestId(driver, tid.verifySalt)).sendKeys(salt);
    const value = await waitForTestId(driver, tid.verifyValue);
    await value.sendKeys(String(peeked));
    await tapId(driver, tid.verifyButton);
    assert.match(await waitForText(driver, tid.verifyResult, (t) => t.length > 0), /match/i);
    await value.clear();
    await value.sendKeys(String((peeked % 6) + 1));
    await tapId(driver, tid.verifyButton);
    assert.match(await waitForText(driver, tid.verifyResult, (t) => /not|no /i.test(t)), /not|no /i);
    await screenshot(driver, 'tools-sdr-revealed-desktop', 1280, 800);
    await tapId(driver, tid.toolsBack);

    // Victory conditions and What-If charts (seed 001).
    await tapId(driver, tid.tool('charts'));
    await pick(driver, tid.vcSide('german'));
    await pick(driver, tid.vcSdr(3));
    assert.match(await textOf(driver, tid.vcResult), /\d/);
    await pick(driver, tid.wiFleet('french'));
    await pick(driver, tid.wiSdr(7));
    assert.ok((await textOf(driver, tid.wiResult)).length > 10);
    await screenshot(driver, 'tools-charts-phone', 390, 844);
    await tapId(driver, tid.toolsBack);

    // Random events (seed 004): two dice, the entry, the side die when the entry strikes one side.
    await tapId(driver, tid.tool('events'));
    await tapId(driver, tid.eventRoll);
    const dice = await driver.findElements({ css: `${selector(tid.eventDice)} ${selector(tid.dieFace)}` });
    assert.ok(dice.length >= 2, 'both dice are shown as faces');
    assert.ok((await textOf(driver, tid.eventName)).length > 0);
    await screenshot(driver, 'tools-events-phone', 390, 844);
    await tapId(driver, tid.toolsBack);

    // Calculators (seeds 003-004): combined fire of three ships (seed 004's worked example style).
    await tapId(driver, tid.tool('calculators'));
    await pick(driver, tid.calcFuelZones(2));
    await tapId(driver, tid.calcFuelGo);
    assert.match(await textOf(driver, tid.calcResult('fuel')), /6/);
    await screenshot(driver, 'tools-calculators-phone', 390, 844);
    await tapId(driver, tid.toolsBack);

    // Rule dice (seeds 003-004): shore batteries rolled, each die shown, the outcome and its source.
    await tapId(driver, tid.tool('procedures'));
    await tapId(driver, tid.procShoreGo);
    await waitForTestId(driver, tid.procResult('shore'));
    const shoreDice = await driver.findElements({ css: `${selector(tid.procDice('shore'))} ${selector(tid.dieFace)}` });
    assert.ok(shoreDice.length >= 1, 'the die is shown as a face');
    assert.ok((await textOf(driver, tid.procOutcome('shore'))).length > 0);
    assert.match(await textOf(driver, tid.procSource('shore')), /Great War at Sea advanced rules, Advanced Strategic Rules 10/);
    await screenshot(driver, 'tools-procedures-phone', 390, 844);
    await tapId(driver, tid.toolsBack);

    // Hidden Fleet Charts (seed 002): A takes the German chart, B the Allied one; A puts the Goeben in box 3
    // with B looking away. Nobody sees her until A peeks, or until box 3 is revealed.
    await tapId(driver, tid.tool('fleets'));
    await tapId(driver, tid.fleetOpen('a', 'german'));
    await tapId(driver, tid.fleetOpen('b', 'allied'));
    await tapId(driver, tid.fleetEdit('a'));
    await type(driver, tid.fleetShip, 'Goeben');
    await driver.executeScript('const s = arguments[0]; s.value = "3"; s.dispatchEvent(new Event("change", { bubbles: true }));', await waitForTestId(driver, tid.fleetBox));
    await tapId(driver, tid.fleetAssign);
    await tapId(driver, tid.fleetDone);
    assert.ok(!(await pageText(driver)).includes('Goeben'), 'the shared screen does not name a ship in an unrevealed box');
    await screenshot(driver, 'tools-fleets-phone', 390, 844);
    await hold(driver, await waitForTestId(driver, tid.peek('a')), async () => {
      assert.match(await textOf(driver, tid.ownBox(3)), /Goeben/);
    });
    await driver.wait(async () => !(await pageText(driver)).includes('Goeben'), 5000, 'letting go hides the chart');
    await driver.executeScript('const s = arguments[0]; s.value = "3"; s.dispatchEvent(new Event("change", { bubbles: true }));', await waitForTestId(driver, tid.fleetRevealBox('a')));
    await tapId(driver, tid.fleetReveal('a'));
    assert.match(await waitForText(driver, tid.publicBox('a', 3), (t) => t.includes('Goeben')), /Goeben/, 'a revealed box shows its ships to both');
    await tapId(driver, tid.toolsBack);

    // Double-blind search (seed 001): both record a unit in the same square; B is British and calls first.
    await tapId(driver, tid.tool('search'));
    await tap(driver, await driver.findElement({ xpath: `//section[@data-testid='${tid.search}']//summary[normalize-space()='Start a turn']` }));
    await pick(driver, tid.searchBritish('b'));
    await tapId(driver, tid.searchStartTurn);
    for (const [p, unit] of [['a', 'Goeben'], ['b', 'Indomitable']]) {
      await tapId(driver, tid.searchEdit(p));
      await type(driver, tid.searchUnit, unit);
      await type(driver, tid.searchSea, 'Ionian');
      await type(driver, tid.searchArea, 'A2');
      await type(driver, tid.searchSquare, '52');
      await tapId(driver, tid.searchPlace);
      await tapId(driver, tid.searchDone);
    }
    const shared = await pageText(driver);
    assert.ok(!shared.includes('Goeben') && !shared.includes('Indomitable'), 'positions stay private');
    // The turn's steps in order — both close movement, then spotting — before the British search.
    for (const next of ['spotting reports', 'the British searches']) {
      await tapId(driver, tid.searchEndStep('a'));
      await waitForText(driver, tid.searchStep, (t) => t.includes('done:'));
      await tapId(driver, tid.searchEndStep('b'));
      await waitForText(driver, tid.searchStep, (t) => t === `Now: ${next}`);
    }
    await pick(driver, tid.callPlayer('b'));
    await pick(driver, tid.callLevel('sea'));
    await type(driver, tid.callName, 'Ionian');
    await tapId(driver, tid.callGo);
    assert.match(await waitForText(driver, tid.callAnswer, (t) => t.length > 0), /enemy present/);
    assert.ok(!(await pageText(driver)).includes('Goeben'), 'a sea call says something is there, not what');
    await pick(driver, tid.callLevel('square'));
    await type(driver, tid.callName, '52');
    await tapId(driver, tid.callGo);
    const found = await waitForText(driver, tid.callAnswer, (t) => t.startsWith('found'));
    assert.match(found, /Goeben/);
    assert.match(found, /Indomitable/);
    await screenshot(driver, 'tools-search-phone', 390, 844);
    await tapId(driver, tid.toolsBack);

    const text = await pageText(driver);
    assert.ok(!text.includes('undefined'));
  } finally {
    await driver.quit();
  }
  const again = await openApp();
  try {
    await openTools(again);
    await tapId(again, tid.tool('sdr'));
    assert.match(await textOf(again, tid.sdrBag), /47/, 'the bag is as it was left');
    assert.match(await textOf(again, tid.verified(1)), /match/i);
  } finally {
    await again.quit();
  }
});
