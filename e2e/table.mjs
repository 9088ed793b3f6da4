// Table mode in the end-to-end tests: the table opened from the app's Table mode card, and a
// guest's phone browser (Debian's chromium and chromium-driver, headless, at phone size).
import { Builder, logging } from 'selenium-webdriver';
import chrome from 'selenium-webdriver/chrome.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { byTestId, screenshotDir, tap, waitFor, waitForTestId, waitForText, toStartScreen } from './harness.mjs';
import { tid } from '../ui/src/lib/testids.js';

export const CHROMIUM = process.env.GOEBEN_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMEDRIVER = process.env.GOEBEN_CHROMEDRIVER ?? '/usr/bin/chromedriver';

export async function tapId(driver, id) {
  await tap(driver, await waitForTestId(driver, id));
}

/** From wherever the app is, the tools screen's Table mode card. */
export async function openTableMode(driver) {
  await waitFor('the app', async () => (await driver.findElements(byTestId(tid.phase))).length + (await driver.findElements(byTestId(tid.toolsOpen))).length > 0);
  if ((await driver.findElements(byTestId(tid.toolsOpen))).length === 0) {
    // A game is running: the start screen is behind New game.
    await toStartScreen(driver);
  }
  await tapId(driver, tid.toolsOpen);
  await waitForTestId(driver, tid.tableMode);
}

/** On the card already shown: picks the first address that is not loopback (a phone on the Wi-Fi sees
 * the host there, and its page there is not a secure context) and opens the table; answers where it
 * listens, or null when the machine has no such address. */
export async function openOnNetwork(driver) {
  const select = await waitForTestId(driver, tid.tableModeAddress);
  await waitFor('the addresses', async () => (await select.findElements({ css: 'option' })).length > 0);
  const address = await driver.executeScript("return [...arguments[0].options].map((o) => o.value).find((v) => !v.startsWith('127.') && v !== '::1' && !v.includes(':')) ?? null", select);
  if (!address) return null;
  await driver.executeScript('arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event("change"));', select, address);
  await tapId(driver, tid.tableModeOpen);
  return waitForText(driver, tid.tableModeListen, (t) => t.startsWith(`${address}:`));
}

/** Opens the table on 127.0.0.1 from the card; answers where it listens. */
export async function openTableOnLoopback(driver) {
  await openTableMode(driver);
  return openOnLoopback(driver);
}

/** On the card already shown: picks 127.0.0.1 and opens the table; answers where it listens. */
export async function openOnLoopback(driver) {
  const select = await waitForTestId(driver, tid.tableModeAddress);
  await waitFor('the addresses', async () => (await select.findElements({ css: 'option[value="127.0.0.1"]' })).length === 1);
  await driver.executeScript('arguments[0].value = "127.0.0.1"; arguments[0].dispatchEvent(new Event("change"));', select);
  await tapId(driver, tid.tableModeOpen);
  return waitForText(driver, tid.tableModeListen, (t) => /^127\.0\.0\.1:\d+$/.test(t));
}

/** A seat's join URL as the card shows it. */
export async function joinUrl(driver, seat, listen) {
  return waitForText(driver, tid.tableModeUrl(seat), (t) => t.startsWith(`http://${listen}/join/`));
}

/** The headless window, larger than any device drawn in it: its page area (its size less the browser's own strip
 * at the top, 143 px here) holds the largest device the tests draw (fit.mjs's tablets, 1024 px), each drawn from
 * the page area's top-left. A window of a phone's size left the phone's bottom 143 px, where the dock stands,
 * outside it: a change there alone (a tapped dock button) was never presented, so the tap's Interaction to Next
 * Paint ran on to the next change elsewhere (docs/PERFORMANCE.md, "The dock's taps in Chromium"). Screenshots
 * were whole. */
const WINDOW = { width: 1100, height: 1200 };

/** A guest's phone: headless Chromium, 390×844; with `consoleLog`, the page's console is kept for
 * `driver.manage().logs().get('browser')`. */
export async function guestBrowser({ consoleLog = false } = {}) {
  const options = new chrome.Options()
    .setChromeBinaryPath(CHROMIUM)
    .addArguments('--headless=new', '--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', `--window-size=${WINDOW.width},${WINDOW.height}`, '--no-first-run');
  if (consoleLog) {
    const prefs = new logging.Preferences();
    prefs.setLevel(logging.Type.BROWSER, logging.Level.ALL);
    options.setLoggingPrefs(prefs);
  }
  const service = new chrome.ServiceBuilder(CHROMEDRIVER);
  const driver = await new Builder().forBrowser('chrome').setChromeOptions(options).setChromeService(service).build();
  await driver.manage().setTimeouts({ implicit: 0, script: 10000 });
  // A phone's screen: headless Chromium keeps its window at least 500 px wide, so the page is given the
  // phone's metrics (and touch) directly.
  await driver.sendDevToolsCommand('Emulation.setDeviceMetricsOverride', { width: 390, height: 844, deviceScaleFactor: 2, mobile: true });
  await driver.sendDevToolsCommand('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
  return driver;
}

/** A screenshot of a guest's phone (390×844) in e2e/screenshots/. */
export async function guestScreenshot(driver, name) {
  const [w, h] = await driver.executeScript('return [innerWidth, innerHeight]');
  if (w !== 390 || h !== 844) throw new Error(`the guest's page is ${w}×${h}, not a phone's 390×844`);
  mkdirSync(screenshotDir, { recursive: true });
  const file = join(screenshotDir, `${name}.png`);
  writeFileSync(file, await driver.takeScreenshot(), 'base64');
  return file;
}
