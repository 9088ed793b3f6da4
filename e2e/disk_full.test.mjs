// A full disk and a read-only data folder in the real app. The app's data folder is a small
// tmpfs mounted here (root only: the test is skipped, saying why, when it cannot mount). A few decisions
// are played by taps; the tmpfs is filled: the next decision is still applied, the player reads once that
// the game could not be saved, and the last save on disk stays whole; space is freed: the next decision
// saves; the app is killed and started again: the last saved state opens and nothing is unreadable. Then
// the same with the folder made read-only; then the disk fills up as the game ends, and the finished game
// joins the finished games once there is room. The 100-kill soak is scripts/kill_soak.mjs (by hand).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync, rmSync, statfsSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDriver, openApp, waitForTestId, waitForAnyTestId, waitForIdle, waitForGone, waitForText, killApp, byTestId, tap, coreView, screenshot } from './harness.mjs';
import { tid, selector } from '../ui/src/lib/testids.js';
import { decide } from './policy.mjs';
import { makeDecision } from './play.mjs';

const SEED = 3;
const IDENTIFIER = 'org.goebenreferee.app';
let mountPoint;
let mounted = false;
let readOnly = false;
let skip = false;
let driverProcess;

before(async () => {
  // The notice no longer names the folder (a path is developer text); it is checked below.
  mountPoint = mkdtempSync(join(tmpdir(), 'goeben_disk_full_'));
  if (process.getuid?.() !== 0) {
    skip = 'not root: cannot mount a small tmpfs for the data folder';
    return;
  }
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', mountPoint], { stdio: 'pipe' });
    mounted = true;
  } catch (e) {
    skip = `mounting a tmpfs failed: ${String(e.stderr ?? e).trim()}`;
    return;
  }
  driverProcess = await startDriver({ dataHome: mountPoint });
});

after(() => {
  driverProcess?.stop();
  if (mounted) {
    // The killed app's processes are gone (killApp waits): the folder is not busy.
    execFileSync('umount', ['-l', mountPoint], { stdio: 'pipe' });
  }
  rmSync(mountPoint, { recursive: true, force: true });
});

const dataDir = () => join(mountPoint, IDENTIFIER);

/** The save files (autosaves, slots, tools, finished games), each as its bytes. */
function saveFiles() {
  const files = {};
  const walk = (dir, prefix) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name), `${prefix}${e.name}/`);
      else if (e.name.endsWith('.json')) files[`${prefix}${e.name}`] = readFileSync(join(dir, e.name), 'utf8');
    }
  };
  walk(dataDir(), '');
  return files;
}

/** Every save file reads as JSON, nothing half-written is left, nothing was kept aside as unreadable. */
function assertAllReadable() {
  for (const [name, text] of Object.entries(saveFiles())) {
    assert.ok(!name.includes('unreadable'), `${name}: a file was kept aside as unreadable`);
    assert.ok(!name.split('/').pop().startsWith('.'), `${name}: a half-written temporary file was left`);
    assert.doesNotThrow(() => JSON.parse(text), `${name} is not readable JSON`);
  }
}

/** The newest autosave's generation. */
function generation() {
  const files = saveFiles();
  return Math.max(...['autosave-a.json', 'autosave-b.json'].map((f) => (files[f] ? JSON.parse(files[f]).generation ?? 0 : 0)));
}

/** Fills the tmpfs to the last block. */
function fill() {
  const { bavail, bsize } = statfsSync(mountPoint);
  writeFileSync(join(mountPoint, 'filler'), Buffer.alloc(Number(bavail) * Number(bsize)));
  assert.equal(Number(statfsSync(mountPoint).bavail), 0, 'the disk is full');
}

/** The policy's next decision, made by tapping its control; resolves when the referee answered. */
async function play(driver) {
  const view = await coreView(driver);
  const decision = decide(view);
  assert.ok(decision, `a decision exists in ${view.phase}`);
  const before = JSON.stringify(view);
  await makeDecision(driver, decision);
  await driver.wait(async () => JSON.stringify(await coreView(driver)) !== before, 10000, `the referee never answered ${JSON.stringify(decision.action)}`);
  await waitForIdle(driver);
  return coreView(driver);
}

/** The notice banner's text, once it shows. */
async function noticeText(driver) {
  return waitForText(driver, tid.noticeBanner, (t) => t.length > 0);
}

/** At phone size the notice, a long path in it, wraps: its OK button stays on the screen, inside the banner. */
async function noticeFitsAPhone(driver) {
  const before = await driver.manage().window().getRect();
  await screenshot(driver, 'disk-full-notice-phone', 390, 844);
  const [bannerRight, okRight, width] = await driver.executeScript(
    `const banner = document.querySelector(arguments[0]);
     return [banner.getBoundingClientRect().right, banner.querySelector('button').getBoundingClientRect().right, document.documentElement.clientWidth];`,
    selector(tid.noticeBanner),
  );
  assert.ok(okRight <= bannerRight && bannerRight <= width, `the OK button (right edge ${okRight}) is inside the banner (${bannerRight}) on a ${width} px screen`);
  await driver.manage().window().setRect({ width: before.width, height: before.height });
}

async function dismissNotice(driver) {
  const banner = await waitForTestId(driver, tid.noticeBanner);
  await tap(driver, await banner.findElement({ css: 'button' }));
  await waitForGone(driver, tid.noticeBanner);
}

/** What must come back after a restart: the public state (the undo stack is not saved). */
const state = (view) => JSON.stringify({ ...view, undo_status: undefined });

/** Kills the app, starts it again, and checks that `last` opens with no notice and nothing unreadable. */
async function restartInto(driver, last) {
  await killApp();
  await driver.quit().catch(() => {});
  assertAllReadable();
  const next = await openApp();
  await waitForTestId(next, tid.phase);
  assert.equal(state(await coreView(next)), state(last), 'the last saved state opens');
  assert.equal((await next.findElements(byTestId(tid.noticeBanner))).length, 0, 'no startup notice: nothing was unreadable');
  return next;
}

test('a full disk, then a read-only data folder: play goes on, the player is told once, nothing saved is damaged (issue #18)', async (t) => {
  if (skip) {
    t.skip(skip);
    return;
  }
  const started = Date.now();
  let driver = await openApp();
  try {
    // A new game with the seed typed in, and a few decisions saved as usual.
    await waitForAnyTestId(driver, [tid.phase, tid.seedInput]);
    const seed = await waitForTestId(driver, tid.seedInput);
    await seed.clear();
    await seed.sendKeys(String(SEED));
    await tap(driver, await waitForTestId(driver, tid.newGameButton));
    await waitForText(driver, tid.turn, (t) => t.startsWith('Turn 1 of'));
    for (let i = 0; i < 3; i += 1) await play(driver);
    const savedGeneration = generation();
    const saved = saveFiles();
    assert.ok(savedGeneration >= 4, `every decision was saved (generation ${savedGeneration})`);

    // The disk fills up: the decision is applied and shown, the player is told why and that play goes on.
    fill();
    const first = await play(driver);
    assert.match(await noticeText(driver), /^Your game could not be saved: the disk is full\. Play goes on; it will be saved again after your next move, as soon as there is room\./);
    assert.equal((await driver.findElements(byTestId(tid.errorBanner))).length, 0, 'a notice, not an error');
    assert.ok(!(await noticeText(driver)).includes(mountPoint), 'the notice names no folder path (issue #29)');
    await noticeFitsAPhone(driver);
    await dismissNotice(driver);
    // Told once: the next decisions go on in memory without the message coming back.
    const second = await play(driver);
    assert.notEqual(state(second), state(first), 'play goes on');
    assert.equal((await driver.findElements(byTestId(tid.noticeBanner))).length, 0, 'told once, not at every move');
    assert.deepEqual(saveFiles(), saved, 'the saves on disk are exactly as they were');
    assertAllReadable();

    // Room again: the next decision is saved.
    rmSync(join(mountPoint, 'filler'));
    const third = await play(driver);
    assert.equal(generation(), savedGeneration + 1, 'the next decision saved');
    driver = await restartInto(driver, third);

    // The data folder becomes read-only (a read-only bind mount over it: the webview keeps files of its
    // own open for writing there, so the tmpfs itself cannot be remounted read-only): the same, in its own words.
    const savedBefore = saveFiles();
    execFileSync('mount', ['--bind', dataDir(), dataDir()], { stdio: 'pipe' });
    readOnly = true;
    execFileSync('mount', ['-o', 'remount,bind,ro', dataDir()], { stdio: 'pipe' });
    await play(driver);
    assert.match(await noticeText(driver), /^Your game could not be saved: the app's data folder is read-only\. .*as soon as the folder can be written again\./);
    await dismissNotice(driver);
    await play(driver);
    assert.equal((await driver.findElements(byTestId(tid.noticeBanner))).length, 0, 'told once');
    execFileSync('umount', [dataDir()], { stdio: 'pipe' });
    readOnly = false;
    assert.deepEqual(saveFiles(), savedBefore, 'the saves on disk are exactly as they were');
    const last = await play(driver);
    driver = await restartInto(driver, last);

    // The disk is full when the game ends: the game is not added to the finished games, the player reads
    // why as a notice; once there is room, opening the finished games adds it.
    fill();
    const end = await driver.executeAsyncScript(
      `const done = arguments[arguments.length - 1];
       const call = (action) => window.__TAURI_INTERNALS__.invoke('respond', { action });
       (async () => {
         const codes = [];
         let r = await call({ action: 'view' });
         for (let i = 0; i < 4000 && !(r.view.game_over !== null && r.view.reveal !== undefined) && r.view.decisions.length > 0; i += 1) {
           r = await call(r.view.decisions[(i * 31 + 7) % r.view.decisions.length].action);
           if (r.error) codes.push(r.error.code);
         }
         done({ view: r.view, codes, last: r.error ?? null });
       })().catch((e) => done({ error: String(e) }));`,
    );
    assert.ok(end.view?.reveal, `the game ended (${JSON.stringify(end.error ?? end.view?.game_over)})`);
    assert.equal(end.codes[0], 'save_failed', 'the first move on the full disk says the game could not be saved');
    assert.equal(end.codes.filter((c) => c === 'save_failed').length, 1, 'said once');
    assert.equal(end.last?.code, 'finished_not_kept', `the last move says the game could not be kept: ${JSON.stringify(end.last)}`);
    assert.match(end.last.message, /^The game could not be added to the finished games: the disk is full\. It will be added the next time you open the finished games/);
    assert.ok(!Object.keys(saveFiles()).some((f) => f.startsWith('finished/')), 'no finished game on disk yet');
    rmSync(join(mountPoint, 'filler'));
    await driver.navigate().refresh();
    await tap(driver, await waitForTestId(driver, tid.finishedOpenOver));
    await waitForTestId(driver, tid.finishedGames);
    await waitForText(driver, tid.finishedRow, (t) => t.includes(end.view.commitment.slice(0, 8)));
    assert.equal(Object.keys(saveFiles()).filter((f) => f.startsWith('finished/')).length, 1, 'the finished game is on disk now');
    assertAllReadable();
    console.log(`DISK FULL: full disk and read-only folder, told once each, saves whole, restarts clean in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await driver.quit().catch(() => {});
    if (readOnly) execFileSync('umount', [dataDir()], { stdio: 'pipe' });
    if (existsSync(join(mountPoint, 'filler'))) rmSync(join(mountPoint, 'filler'));
  }
});
