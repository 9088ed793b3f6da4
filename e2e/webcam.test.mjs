// Desktop webcam scanning in the real app. This machine has no camera, so two stand-ins are used:
// a printed counter's drawing (`counter_sheet --code`) is held "in front of the camera" as a canvas stream,
// and the code it shows is found in Rust and looked up like a typed one; then WebKit's mock camera (the
// harness sets GOEBEN_MOCK_CAMERA=1) proves the shell turns media capture on and answers the permission, and
// that its frames reach the Rust decoder.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { startDriver, openApp, waitForTestId, waitForAnyTestId, waitForGone, waitForText, screenshot, byTestId, coreBinary, tap } from './harness.mjs';
import { tid, selector } from '../ui/src/lib/testids.js';

let driverProcess;

before(async () => {
  driverProcess = await startDriver();
});

after(() => {
  driverProcess?.stop();
});


/** The dark modules of the counter's QR drawing, from its SVG path, in millimetres. */
function modulesOf(svg) {
  const d = /<path d="([^"]+)"/.exec(svg)[1];
  return [...d.matchAll(/M([\d.]+) ([\d.]+)h([\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2]), Number(m[3])]);
}

test('webcam scanning (issue #7): the camera allowed by the shell, frames decoded in Rust, the code looked up', async () => {
  const driver = await openApp();
  try {
    await waitForAnyTestId(driver, [tid.phase, tid.seedInput]);
    if ((await driver.findElements(byTestId(tid.seedInput))).length > 0) {
      await (await waitForTestId(driver, tid.seedInput)).sendKeys('7');
      await tap(driver, await waitForTestId(driver, tid.newGameButton));
    }
    await waitForTestId(driver, tid.phase);

    // 1. A printed counter held up to the camera: the Adriatic zone's token, drawn from counter_sheet's SVG
    //    into a canvas whose stream stands in for the camera's.
    const list = execFileSync(coreBinary('counter_sheet'), ['--group', 'placeholders', '--list']).toString();
    const [code, ...name] = list.split('\n').find((l) => /Adriatic/.test(l)).trim().split(/\s+/);
    const svg = execFileSync(coreBinary('counter_sheet'), ['--code', code]).toString();
    const ok = await driver.executeScript(
      `const modules = arguments[0];
       const canvas = document.createElement('canvas');
       canvas.width = 640; canvas.height = 480;
       const c = canvas.getContext('2d');
       const draw = () => {
         c.fillStyle = '#d8d2c0'; c.fillRect(0, 0, 640, 480);
         c.fillStyle = '#fff'; c.fillRect(170, 90, 300, 300);
         c.fillStyle = '#111';
         for (const [x, y, m] of modules) c.fillRect(170 + (x - 1) * 18, 90 + (y - 1) * 18, m * 18 + 0.5, m * 18 + 0.5);
       };
       draw();
       if (!canvas.captureStream) return false;
       const stream = canvas.captureStream(10);
       window.__counterCamera = setInterval(draw, 100);
       const fake = async () => stream;
       Object.defineProperty(MediaDevices.prototype, 'getUserMedia', { value: fake, configurable: true, writable: true });
       navigator.mediaDevices.getUserMedia = fake;
       return true;`,
      modulesOf(svg),
    );
    assert.ok(ok, 'the webview can stream a canvas');
    await tap(driver, await waitForTestId(driver, tid.webcamButton));
    let found;
    try {
      found = await waitForText(driver, tid.scanResult, (t) => t.includes(code), 30000);
    } catch (e) {
      const status = await driver.findElements(byTestId(tid.webcamStatus));
      const said = status.length ? `${await status[0].getText()} (frames ${await status[0].getAttribute('data-frames')})` : 'no camera view';
      const error = await driver.findElements(byTestId(tid.codeError));
      throw new Error(`no code read from the counter's picture: ${said}; ${error.length ? await error[0].getText() : 'no error shown'}`, { cause: e });
    }
    assert.match(found, new RegExp(name.join(' ').split(' ')[0]));
    assert.equal((await driver.findElements(byTestId(tid.webcamView))).length, 0, 'the camera closes once a code is read');
    await screenshot(driver, 'webcam-found-desktop', 1280, 800);
    await driver.navigate().refresh();
    await waitForTestId(driver, tid.phase);
    // 2. WebKit's mock camera (the page reloaded first, so the real getUserMedia is back): the permission
    //    request is answered by the shell, frames flow to the decoder, which finds no code in the mock picture.
    await tap(driver, await waitForTestId(driver, tid.webcamButton));
    await waitForTestId(driver, tid.webcamView);
    const frames = async () => Number((await (await driver.findElement(byTestId(tid.webcamStatus))).getAttribute('data-frames')) ?? 0);
    await driver.wait(async () => (await frames()) >= 3, 20000, 'frames from the mock camera reach the decoder');
    assert.equal((await driver.findElements(byTestId(tid.codeError))).length, 0, 'the camera opened without an error');
    assert.match(await (await driver.findElement(byTestId(tid.webcamStatus))).getText(), /No code in sight yet/);
    const live = await driver.executeScript(`const v = document.querySelector('${selector(tid.webcamView)} video'); return v && v.srcObject ? v.srcObject.getVideoTracks().map((t) => t.readyState) : null;`);
    assert.deepEqual(live, ['live'], 'a live camera track');
    await screenshot(driver, 'webcam-desktop', 1280, 800);
    await tap(driver, await waitForTestId(driver, tid.webcamCancel));
    await waitForGone(driver, tid.webcamView, 5000, 'Cancel closes the camera');
  } finally {
    await driver.quit();
  }
});
