// The benches' summaries (scripts/stats.mjs): a ratio of the app's percentile to its floor's, with the interval
// that says whether one read of it is under a target's line. No app needed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pct, ratioInterval, ratioLine, verdict } from '../scripts/stats.mjs';

const game = (app, floor) => ({ app, floor });
const spread = (base, n, step) => Array.from({ length: n }, (_, i) => base + (i % 7) * step);

test('a constant ratio has an interval of that ratio alone', () => {
  const r = ratioInterval([game(Array(27).fill(20), Array(27).fill(10)), game(Array(27).fill(30), Array(27).fill(15))]);
  assert.deepEqual(r, { ratio: 2, low: 2, high: 2 });
  assert.equal(verdict(r, 1.15), 'not met');
});

test('the pooled ratio is the ratio of the pooled percentiles', () => {
  const groups = [game(spread(20, 27, 3), spread(15, 27, 2)), game(spread(25, 27, 4), spread(16, 27, 1))];
  const r = ratioInterval(groups);
  assert.equal(r.ratio, pct(groups.flatMap((g) => g.app), 95) / pct(groups.flatMap((g) => g.floor), 95));
  assert.ok(r.low <= r.ratio && r.ratio <= r.high, `${r.low} ≤ ${r.ratio} ≤ ${r.high}`);
});

test('games that disagree leave the line undecided: whole games are drawn, not only taps', () => {
  // Four games under their floor and one at 1.6 times it: one read pooled over these five may fall either side
  // of 1.15, and drawing whole games says so.
  const floor = spread(20, 27, 1);
  const calm = game(floor.map((v) => v * 0.9), floor);
  const busy = game(floor.map((v) => v * 1.6), floor);
  const r = ratioInterval([calm, calm, calm, calm, busy]);
  assert.ok(r.low < 1.15 && r.high > 1.15, `interval ${r.low}–${r.high}`);
  assert.equal(verdict(r, 1.15), 'undecided');
  // The same games all calm: the line is met.
  assert.equal(verdict(ratioInterval([calm, calm, calm, calm, calm]), 1.15), 'met');
});

test('the interval reads the same for the same timings, and is reported in one line', () => {
  const groups = [game(spread(20, 27, 3), spread(15, 27, 2)), game(spread(25, 27, 4), spread(16, 27, 1))];
  assert.deepEqual(ratioInterval(groups), ratioInterval(groups));
  assert.match(ratioLine(ratioInterval(groups), 1.15), /^\d\.\d\d× \(95 % interval \d\.\d\d–\d\.\d\d; line 1\.15×: (met|not met|undecided)\)$/);
});

test('a side with no values gives no ratio rather than a wrong one', () => {
  assert.ok(Number.isNaN(ratioInterval([game([], [10])]).ratio));
  assert.ok(Number.isNaN(ratioInterval([]).high));
});
