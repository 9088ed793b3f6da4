// End-to-end harness: the real app binary in its real webview (WebKitGTK), driven over WebDriver through
// tauri-driver, under Xvfb when there is no display. Used by e2e/*.test.mjs (node's test runner).
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Builder, Capabilities, By, until } from 'selenium-webdriver';

const here = dirname(fileURLToPath(import.meta.url));
export const repo = resolve(here, '..');
export const screenshotDir = join(repo, 'e2e', 'screenshots');
const targetDir = process.env.CARGO_TARGET_DIR ?? join(repo, 'src-tauri', 'target');
export const appBinary = process.env.GOEBEN_APP ?? join(targetDir, 'debug', 'goeben-referee-app');
const port = 4444;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitForPort(url, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

/** Starts Xvfb (if needed) and tauri-driver with an isolated data folder; returns a handle to stop them. */
export async function startDriver() {
  if (!existsSync(appBinary)) {
    throw new Error(`app binary not found at ${appBinary}: build it first (npx tauri build --debug --no-bundle)`);
  }
  const env = { ...process.env };
  // Saves go to a fresh folder so tests never touch a player's real games.
  env.XDG_DATA_HOME = mkdtempSync(join(tmpdir(), 'goeben-e2e-data-'));
  env.WEBKIT_DISABLE_COMPOSITING_MODE = '1';
  // There is no camera here: WebKit's mock camera stands in for one (src-tauri/src/webcam.rs).
  env.GOEBEN_MOCK_CAMERA = '1';
  const children = [];
  if (!env.DISPLAY) {
    const display = ':97';
    const xvfb = spawn('Xvfb', [display, '-screen', '0', '1400x1000x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
    children.push(xvfb);
    env.DISPLAY = display;
    await sleep(500);
  }
  const driver = spawn('tauri-driver', ['--port', String(port)], { env, stdio: ['ignore', 'inherit', 'inherit'] });
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

export function byTestId(id) {
  return By.css(`[data-testid="${id}"]`);
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
    `[data-testid=${id}] text never matched (last: "${last}")`,
  );
  return last;
}

/** Scrolls an element to the middle of the window (clear of the sticky header) and taps it. */
export async function tap(driver, el) {
  await driver.executeScript('arguments[0].scrollIntoView({ block: "center" })', el);
  await sleep(120);
  await el.click();
}

/** Resizes the window, lets two frames render, and saves a full-window PNG (element shots come back black). */
export async function screenshot(driver, name, width, height) {
  await driver.manage().window().setRect({ width, height });
  await sleep(300);
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
  try {
    return execFileSync('pgrep', ['-f', appBinary]).toString().trim().split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** A core binary built by scripts/test.sh (`referee`, `counter_sheet`). */
export function coreBinary(name) {
  return join(process.env.CARGO_TARGET_DIR_CORE ?? join(repo, 'target'), 'debug', name);
}

/** Runs the referee CLI with the same actions, for the view the app must show. */
export function refereeView(seed, actions) {
  const bin = coreBinary('referee');
  const input = actions.map((a) => JSON.stringify(a)).join('\n') + '\n';
  const out = execFileSync(bin, ['--seed', String(seed)], { input }).toString().trim().split('\n');
  return JSON.parse(out[out.length - 1]);
}

export { sleep, By, until };
