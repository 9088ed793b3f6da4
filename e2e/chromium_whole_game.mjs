// The whole seeded Orders game of e2e/orders_games.test.mjs in Chromium as a device, by touch (the tests:
// e2e/chromium_game.test.mjs for the phone and the tablet, e2e/chromium_game_short.test.mjs for the short
// screens; two files, so the end-to-end runner plays them side by side).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { coreBinary, repo, screenshot, toStartScreen, waitForTestId } from './harness.mjs';
import { SIZES, assertNothingOverflows, measureFit } from './fit.mjs';
import { tid } from '../ui/src/lib/testids.js';
import { appServer, deviceBrowser } from './chromium.mjs';
import { playOrders, storyLine, assertBuysStayPut, assertNothingMovedBeside, ordersAsked } from './orders_play.mjs';

const SEED = 2;
// The test command plays Atlantic Breakout; others as in e2e/orders_games.test.mjs (`all`, or a comma-separated
// list of Orders ids), e.g. GOEBEN_ORDERS=raid_french_convoys xvfb-run -a node --test e2e/chromium_game.test.mjs
const ORDERS_PLAYED = ordersAsked();
// The next step is held to lie between the header and the dock at each decision, at every size: on a short
// screen the buys scroll the page down, and the crew & gear list's heading (folding it is the way on to the
// collier) stays in view under the header (CargoPicker's sticky heading).

/** Registers one test per size named in `names` (fit.mjs's SIZES): the whole game in Chromium as that device. */
export function wholeGameTests(names) {
  for (const ORDERS of ORDERS_PLAYED) for (const size of names.map((name) => SIZES.find((s) => s.name === name))) {
    test(`Chromium as a ${size.name} (${size.width}×${size.height}, touch): the whole "${ORDERS}" game by taps, checked at every decision`, async () => {
      assert.ok(existsSync(coreBinary('app_server')), "target/debug/app_server is built by the core's tests");
      assert.ok(existsSync(join(repo, 'ui', 'dist', 'index.html')), 'ui/dist is built by the app build');
      const { server, url } = await appServer();
      const driver = await deviceBrowser(url, size);
      try {
        const played = await playOrders(driver, ORDERS, { seed: SEED, size, shots: join('chromium', size.name), oneHanded: true });
        console.log(storyLine(`CHROMIUM ${size.name}`, ORDERS, SEED, played));
        // A buy moves the buttons beside it 10 px at most, at every size and at 200 % text: an item that runs
        // out stays in its place, greyed, with why (the core's `buys`).
        assertBuysStayPut(ORDERS, played.story);
        assertNothingMovedBeside(ORDERS, played.story);
        // The finished game's New game opens the start screen at once: a new game is its main button, the way
        // back to the finished game a plain one, and nothing passes the window's edge.
        await toStartScreen(driver);
        const back = await waitForTestId(driver, tid.continueGame);
        const start = await waitForTestId(driver, tid.newGameButton);
        assert.equal((await back.getText()).trim(), 'Back to the finished game');
        assert.deepEqual([((await start.getAttribute('class')) ?? '').includes('primary'), ((await back.getAttribute('class')) ?? '').includes('primary')], [true, false]);
        assertNothingOverflows(`${ORDERS}: the start screen after the game over at ${size.name}`, await measureFit(driver));
        await screenshot(driver, join('chromium', size.name, ORDERS, `new-game-after-game-over-${size.name}`), size.width, size.height);
      } finally {
        await driver.quit();
        server.kill('SIGKILL');
      }
    });
  }
}
