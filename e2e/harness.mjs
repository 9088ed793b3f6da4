// End-to-end harness: the real app binary in its real webview (WebKitGTK), driven over WebDriver through
// tauri-driver, under Xvfb when there is no display. Used by e2e/*.test.mjs (node's test runner). The same
// helpers drive the app's page in Chromium as a phone (e2e/chromium.mjs): a driver marked by `emulate` is
// sized by Chromium's device metrics, tapped by touch, and asks the referee over the app server's HTTP.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Builder, Capabilities, By, until } from 'selenium-webdriver';
import { selector, tid } from '../ui/src/lib/testids.js';

const here = dirname(fileURLToPath(import.meta.url));
export const repo = resolve(here, '..');
export const screenshotDir = join(repo, 'e2e', 'screenshots');
const targetDir = process.env.CARGO_TARGET_DIR ?? join(repo, 'src-tauri', 'target');
// The release app of scripts/build_app.sh (the run command's build); GOEBEN_APP names another (the test
// command's: the same app in the test profile, scripts/test_app.sh).
export const appBinary = process.env.GOEBEN_APP ?? join(targetDir, 'release', 'goeben-referee-app');
// GOEBEN_DRIVER_PORT moves tauri-driver (and its native driver, on the next port) off 4444, e.g. for
// scripts/kill_soak.mjs while other e2e runs share the machine.
const port = Number(process.env.GOEBEN_DRIVER_PORT ?? 4444);
// The data folder of the app this test started (`startDriver`): its processes are the ones `appPids` finds.
let dataHome;

/** A pause of `ms`. Only for a test where time itself is what is checked; anything else waits for its
 * condition (waitFor, waitForTestId, waitForText, waitForIdle…). */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Waits until `condition()` gives a truthy value (checked every `every` ms) and returns it; after `ms`
 * fails with "timed out after … waiting for <what>" (and the condition's last error, if it threw). */
export async function waitFor(what, condition, ms = 15000, every = 50) {
  const end = Date.now() + ms;
  let error;
  for (;;) {
    try {
      const value = await condition();
      if (value) return value;
      error = undefined;
    } catch (e) {
      error = e;
    }
    if (Date.now() >= end) {
      throw new Error(`timed out after ${ms} ms waiting for ${what}${error ? ` (last error: ${error.message ?? error})` : ''}`);
    }
    await new Promise((r) => setTimeout(r, every));
  }
}

async function waitForPort(url, ms) {
  await waitFor(`${url} to answer`, async () => (await fetch(url)).ok, ms, 100);
}

/** Whether the process `pid` is still running (signal 0 only checks). */
export function running(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Kills the app's processes the hard way (SIGKILL) and waits until they are gone. */
export async function killApp(ms = 10000) {
  const pids = appPids();
  if (pids.length === 0) throw new Error('no app process to kill');
  for (const pid of pids) process.kill(pid, 'SIGKILL');
  await waitFor(`the killed app (pids ${pids.join(', ')}) to exit`, () => pids.every((pid) => !running(pid) || isZombie(pid)), ms);
  return pids;
}

/** A killed child of tauri-driver stays a zombie until it is reaped: it runs nothing any more. */
function isZombie(pid) {
  try {
    return /^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return true;
  }
}

/** Starts Xvfb (if needed) and tauri-driver with an isolated data folder; returns a handle to stop them.
 * `options.dataHome`: the data folder to use (XDG_DATA_HOME) instead of a fresh one, e.g. a small tmpfs
 * (e2e/disk_full.test.mjs). */
export async function startDriver(options = {}) {
  if (!existsSync(appBinary)) {
    throw new Error(`app binary not found at ${appBinary}: build it first (bash scripts/build_app.sh)`);
  }
  const env = { ...process.env };
  // Saves go to a fresh folder so tests never touch a player's real games.
  env.XDG_DATA_HOME = options.dataHome ?? mkdtempSync(join(tmpdir(), 'goeben-e2e-data-'));
  dataHome = env.XDG_DATA_HOME;
  env.WEBKIT_DISABLE_COMPOSITING_MODE = '1';
  // There is no camera here: WebKit's mock camera stands in for one (src-tauri/src/webcam.rs).
  env.GOEBEN_MOCK_CAMERA = '1';
  const children = [];
  if (!env.DISPLAY) {
    const display = ':97';
    const xvfb = spawn('Xvfb', [display, '-screen', '0', '1400x1000x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
    children.push(xvfb);
    env.DISPLAY = display;
    // Xvfb is up once it listens on its socket (an Xvfb already on :97 is used as it is).
    const socket = `/tmp/.X11-unix/X${display.slice(1)}`;
    await waitFor(`Xvfb to listen on ${socket}`, () => existsSync(socket), 10000);
  }
  const ports = process.env.GOEBEN_DRIVER_PORT ? ['--port', String(port), '--native-port', String(port + 1)] : ['--port', String(port)];
  const driver = spawn('tauri-driver', ports, { env, stdio: ['ignore', 'inherit', 'inherit'] });
  children.push(driver);
  await waitForPort(`http://127.0.0.1:${port}/status`, 15000);
  return {
    env,
    stop() {
      for (const child of children.reverse()) child.kill('SIGTERM');
    },
  };
}

/** Opens a WebDriver session, which launches the app. */
export async function openApp() {
  const caps = new Capabilities();
  caps.set('tauri:options', { application: appBinary });
  caps.setBrowserName('wry');
  const driver = await new Builder().withCapabilities(caps).usingServer(`http://127.0.0.1:${port}/`).build();
  await driver.manage().setTimeouts({ implicit: 0, script: 10000 });
  return driver;
}

/** The locator of a test id (one of `tid` in ui/src/lib/testids.js). */
export function byTestId(id) {
  if (typeof id !== 'string' || id === '' || id === 'undefined') throw new Error(`not a test id: ${id} (see ui/src/lib/testids.js)`);
  return By.css(selector(id));
}

/** Waits until an element with one of the test ids is on the page, and returns that id. */
export async function waitForAnyTestId(driver, ids, ms = 15000) {
  const css = ids.map(selector).join(', ');
  const el = await driver.wait(async () => (await driver.findElements(By.css(css)))[0], ms, `none of [data-testid=${ids.join(' | ')}] appeared`);
  return el.getAttribute('data-testid');
}

/** Waits until no element with the test id is on the page. */
export async function waitForGone(driver, id, ms = 15000, why = '') {
  await driver.wait(async () => (await driver.findElements(byTestId(id))).length === 0, ms, `[data-testid=${id}] is still there${why ? `: ${why}` : ''}`);
}

/** Waits until the app is not waiting for the referee (App.svelte marks its <main> aria-busy meanwhile). */
export async function waitForIdle(driver, ms = 15000) {
  await driver.wait(async () => (await driver.findElements(By.css('main[aria-busy="true"]'))).length === 0, ms, 'the app stayed busy (aria-busy) waiting for the referee');
}

/** Sends one request to the referee through the shell, as the UI does, and returns its answer. */
export async function respond(driver, action) {
  // In the app, through Tauri; in a browser, through the app server's HTTP, as ui/src/lib/ipc.ts does.
  const r = await driver.executeAsyncScript(
    `const [action, done] = [arguments[0], arguments[arguments.length - 1]];
     const overHttp = () => fetch('/ipc/respond', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action }) })
       .then((r) => (r.ok ? r.json() : r.text().then((t) => Promise.reject(new Error(t)))));
     (window.__TAURI_INTERNALS__ ? window.__TAURI_INTERNALS__.invoke('respond', { action }) : overHttp()).then(done, (e) => done({ failed: String(e) }));`,
    action,
  );
  if (r.failed) throw new Error(`${action.action} request failed: ${r.failed}`);
  return r;
}

/** The view the referee holds now, through the shell (a `view` request changes nothing and saves nothing). */
export async function coreView(driver) {
  return (await respond(driver, { action: 'view' })).view;
}

/** Runs `act` (a tap that sends a decision), then waits until the referee's view changed and the screen
 * shows it (the app no longer busy). */
export async function untilAnswered(driver, what, act, ms = 10000) {
  const before = JSON.stringify(await coreView(driver));
  await act();
  await driver.wait(async () => JSON.stringify(await coreView(driver)) !== before, ms, `the referee never answered ${what}`);
  await waitForIdle(driver, ms);
}

export async function waitForTestId(driver, id, ms = 15000) {
  const el = await driver.wait(until.elementLocated(byTestId(id)), ms, `no element [data-testid=${id}]`);
  await driver.wait(until.elementIsVisible(el), ms, `[data-testid=${id}] not visible`);
  return el;
}

export async function textOf(driver, id) {
  return (((await (await waitForTestId(driver, id)).getAttribute('textContent')) ?? '')).trim();
}

/** Waits until the element's text satisfies `test`. */
export async function waitForText(driver, id, test, ms = 15000) {
  let last = '';
  await driver.wait(
    async () => {
      try {
        last = ((await (await driver.findElement(byTestId(id))).getAttribute('textContent')) ?? '').trim();
        return test(last);
      } catch {
        return false;
      }
    },
    ms,
    () => `[data-testid=${id}] text never matched (last: "${last}")`,
  );
  return last;
}

/** Scrolls an element to the middle of the window (clear of the sticky header), waits until it stands
 * still (the same box two frames running), and taps it. */
export async function tap(driver, el, { answerGuard = true } = {}) {
  await scrollToCenter(driver, el);
  await press(driver, el);
  // A decision that would skip something asks once (issue #50: a move not reported, points unspent, the
  // intelligence attempt); a test that is not about that question goes on as a player who meant it does.
  if (answerGuard) {
    const confirm = await driver.findElements(byTestId(tid.skipConfirm));
    if (confirm.length > 0) await press(driver, confirm[0]);
  }
}

// The drivers of pages shown as a device in Chromium (`emulate`): their device's pixel ratio by window width.
const devices = new WeakMap();

/** Marks `driver` (Chromium, through chromedriver) as a touch device: `resize` and `screenshot` then set its
 * device metrics (`dpr(width)`: the pixel ratio of a device that wide; `mobile`: a phone's or tablet's
 * viewport), and `tap` touches (a touch start and end where the element is drawn: what a finger sends). */
export function emulate(driver, { dpr }) {
  devices.set(driver, { dpr });
}

/** Presses `el` where it is on the screen: a touch on an emulated device, a click elsewhere. A touch lands on
 * whatever is drawn at the element's middle, as a finger does: something over it takes the tap instead. */
async function press(driver, el) {
  if (!devices.has(driver)) return el.click();
  const [x, y] = await driver.executeScript('const r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];', el);
  await driver.sendDevToolsCommand('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  await driver.sendDevToolsCommand('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** Scrolls the element to the middle of the window and waits until its box stays put for two frames. */
export async function scrollToCenter(driver, el, ms = 5000) {
  const settled = await driver.executeAsyncScript(
    `const [el, ms, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
     el.scrollIntoView({ block: 'center' });
     const end = performance.now() + ms;
     let last = '', same = 0;
     const look = () => {
       const r = el.getBoundingClientRect();
       const box = [r.x, r.y, r.width, r.height].join(',');
       same = box === last ? same + 1 : 0;
       last = box;
       if (same >= 2) done(true);
       else if (performance.now() > end) done(false);
       else requestAnimationFrame(look);
     };
     requestAnimationFrame(look);`,
    el,
    ms,
  );
  if (!settled) throw new Error(`the element to tap kept moving for ${ms} ms after scrolling to it`);
}

/** Resizes the window, lets two frames render, and saves a full-window PNG (element shots come back black). */
export async function screenshot(driver, name, width, height) {
  await resize(driver, width, height);
  // WebKitWebDriver's snapshot never comes back for a page shorter than a narrow window (seen at 390 px
  // wide in WebKitGTK 2.4x under Xvfb): while the shot is taken the page is made one pixel taller.
  await driver.executeAsyncScript(
    `const done = arguments[arguments.length - 1];
     document.documentElement.style.minHeight = 'calc(100vh + 1px)';
     requestAnimationFrame(() => requestAnimationFrame(() => done()));`,
  );
  mkdirSync(screenshotDir, { recursive: true });
  const file = join(screenshotDir, `${name}.png`);
  writeFileSync(file, await driver.takeScreenshot(), 'base64');
  await driver.executeScript("document.documentElement.style.minHeight = ''");
  return file;
}

/** The process ids of running app instances (to kill one the hard way). */
export function appPids() {
  let pids;
  try {
    pids = execFileSync('pgrep', ['-f', appBinary]).toString().trim().split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
  // Only this test's app: another test file may run its own beside it (scripts/e2e.mjs runs two at once).
  return dataHome ? pids.filter((pid) => environOf(pid).includes(`XDG_DATA_HOME=${dataHome}`)) : pids;
}

/** The environment of process `pid`, one `NAME=value` a line ('' once it is gone). */
function environOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0');
  } catch {
    return [];
  }
}

/** A core binary built by scripts/test.sh (`referee`, `counter_sheet`), or by another `profile` (a bench's release build). */
export function coreBinary(name, profile = 'debug') {
  return join(process.env.CARGO_TARGET_DIR_CORE ?? join(repo, 'target'), profile, name);
}

/** Runs the referee CLI with the same actions, for the view the app must show. */
export function refereeView(seed, actions) {
  const bin = coreBinary('referee');
  const input = actions.map((a) => JSON.stringify(a)).join('\n') + '\n';
  const out = execFileSync(bin, ['--seed', String(seed)], { input }).toString().trim().split('\n');
  return JSON.parse(out[out.length - 1]);
}

export { sleep, By, until };

/** Resizes the window and waits until the page has taken the new size. */
export async function resize(driver, width, height) {
  const device = devices.get(driver);
  if (device) {
    // Chromium as a device: its screen's metrics (headless Chromium keeps a window at least 500 px wide).
    await driver.sendDevToolsCommand('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: device.dpr(width), mobile: width <= 1024 });
  } else {
    await driver.manage().window().setRect({ width, height });
  }
  // The page has taken the new size: its own area, where every fit and thumb check looks, is the screen asked
  // for. The window's outer size can say so while the page's does not (Chromium: `deviceBrowser` in chromium.mjs).
  let seen = '';
  await driver.wait(
    async () => {
      const [iw, ih, ow, oh] = await driver.executeScript('return [innerWidth, innerHeight, outerWidth, outerHeight]');
      seen = `${iw}×${ih} inside, ${ow}×${oh} outside`;
      return iw === width && ih === height;
    },
    5000,
    () => `the window never became ${width}×${height} (the page saw ${seen})`,
  );
}

/** a control of the dock's menu (charts, saves, corrections, a new game, the fingerprint): the
 * menu is opened first if it is closed. Returns the control, not yet tapped. */
export async function menuItem(driver, id) {
  if ((await driver.findElements(byTestId(tid.gameMenu))).length === 0) {
    await tap(driver, await waitForTestId(driver, tid.menuButton));
  }
  return waitForTestId(driver, id);
}

/** From a game on screen, the start screen through the menu's New game: a game still being played is asked
 * about first ("Abandon this game for a new one?", answered New game); a game over opens it at once. */
export async function toStartScreen(driver) {
  await tap(driver, await menuItem(driver, tid.newGameFooter));
  const asked = await driver.findElements(By.xpath(`//*[@data-testid="${tid.gameMenu}"]//button[normalize-space()="New game"]`));
  if (asked.length > 0) await tap(driver, asked[0]);
}

/** the counter-code field a player can use now: the desktop's card beside the game, or on a phone
 * (where that card is hidden) the scan sheet, opened from the dock. */
export async function codeInput(driver) {
  const shown = [];
  for (const el of await driver.findElements(byTestId(tid.codeInput))) if (await el.isDisplayed()) shown.push(el);
  if (shown.length > 0) return shown[0];
  await tap(driver, await waitForTestId(driver, tid.scanOpen));
  return waitForTestId(driver, tid.codeInput);
}

/** Picks a radio segment by its test id (the input itself may be drawn under its label). */
export async function pickSegment(driver, id) {
  const el = await driver.wait(async () => (await driver.findElements(byTestId(id)))[0], 10000, `no [data-testid=${id}]`);
  await driver.executeScript('arguments[0].scrollIntoView({ block: "center" }); arguments[0].click();', el);
}

/** Types `text` into the field with test id `id`, replacing what it held. */
export async function typeInto(driver, id, text) {
  const el = await waitForTestId(driver, id);
  await el.clear();
  await el.sendKeys(text);
}
