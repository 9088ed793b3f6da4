// Whole games to the end, one for each of the six Orders (issue #29 item 8), played by taps in the real app at
// phone size (390×844) by e2e/orders_policy.mjs's player — buying crew & gear, sailing its plan toward the
// Orders' goal, trying its intelligence, raiding, fighting every battle, repairing — with a screenshot before
// every decision (`e2e/screenshots/orders/<orders>/NNN-…-phone.png`, for a person to read) and the checks a
// player's eye makes at each one: the decision's words on the button tapped are the core's, the header's turn,
// phase and VP are the view's, nothing overflows the window, the next step lies between the header and the
// dock the first time each phase is met, and the game-over card says the result the core ended with.
//
// The test command plays one game (GOEBEN_ORDERS unset: Atlantic Breakout, won on turn 4); every Orders with
//   GOEBEN_ORDERS=all xvfb-run -a node --test --test-concurrency=1 e2e/orders_games.test.mjs
// (or a comma-separated list of Orders ids; GOEBEN_ORDERS_SEED picks another seed).
import { test, before, after } from 'node:test';
import { startDriver, openApp, screenshot } from './harness.mjs';
import { SIZES } from './fit.mjs';
import { playOrders, storyLine, assertBuysStayPut, assertNothingMovedBeside, ordersAsked } from './orders_play.mjs';
import { join } from 'node:path';

const SEED = Number(process.env.GOEBEN_ORDERS_SEED ?? 2);
const ORDERS = ordersAsked();
const PHONE = SIZES[0];

let driverProcess;
before(async () => {
  driverProcess = await startDriver();
});
after(() => {
  driverProcess?.stop();
});

for (const orders of ORDERS) {
  test(`a whole game of "${orders}" by taps at phone size, a screenshot at every decision (issue #29 item 8)`, async () => {
    const driver = await openApp();
    try {
      const played = await playOrders(driver, orders, { seed: SEED, size: PHONE, shots: 'orders' });
      await screenshot(driver, join('orders', orders, 'end-desktop'), 1280, 800);
      console.log(storyLine('ORDERS', orders, SEED, played));
      assertBuysStayPut(orders, played.story);
      assertNothingMovedBeside(orders, played.story);
    } finally {
      await driver.quit();
    }
  });
}
