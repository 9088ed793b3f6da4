// The benches' summaries (scripts/stats.mjs): a ratio of the app's percentile to its floor's, with the interval
// that says whether one read of it is under a target's line. No app needed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildsInterval, groupsOf, pct, ratioInterval, ratioLine, verdict } from '../scripts/stats.mjs';

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

test("a report's taps are read from either bench's JSON, and reports of rounds pool into one interval", () => {
  // bench_app.mjs --frames: each game's painted taps beside its page floor.
  const app = { frames: { groups: [game([20, 30], [10, 12]), game([25], [11])] } };
  assert.deepEqual(groupsOf(app), [game([20, 30], [10, 12]), game([25], [11])]);
  // bench_chromium.mjs: each run's taps and floor rows, their painted times (not the answer's part).
  const chromium = { runs: [{ game: [{ paint: 60, ipc: 14 }, { paint: 70, ipc: 20 }], floor: [{ paint: 50, ipc: 11 }] }] };
  assert.deepEqual(groupsOf(chromium), [game([60, 70], [50])]);
  // A start-only report holds no taps: said, not read as an empty build.
  assert.throws(() => groupsOf({ binaries: {}, ratios: {} }), /not a report with taps/);
  // Two rounds pooled are the interval over both rounds' games.
  const round = (k) => ({ frames: { groups: [game(spread(20 + k, 27, 3), spread(12, 27, 1))] } });
  const both = [round(0), round(4)].flatMap(groupsOf);
  assert.deepEqual(ratioInterval(both), ratioInterval([...groupsOf(round(0)), ...groupsOf(round(4))]));
  assert.equal(both.length, 2);
});

test('two builds run in turn: a build quicker in every game is told apart, and the same build is not', () => {
  const games = (scale) => [0, 1, 2, 3, 4, 5].map((k) => game(spread(20 + k, 27, 2).map((v) => v * scale), spread(12, 27, 1)));
  const quicker = buildsInterval(games(1), games(0.8));
  assert.ok(quicker.high < 1, `interval ${quicker.low}–${quicker.high}`);
  assert.ok(Math.abs(quicker.ratio - 0.8) < 1e-9);
  const same = buildsInterval(games(1), games(1));
  assert.equal(same.ratio, 1);
  assert.ok(same.low < 1 && same.high > 1, `the same taps drawn again straddle 1: ${same.low}–${same.high}`);
  // Only as many pairs as the shorter list.
  assert.equal(buildsInterval(games(1).slice(0, 2), games(0.8)).ratio, pct(games(0.8).slice(0, 2).flatMap((g) => g.app), 95) / pct(games(1).slice(0, 2).flatMap((g) => g.app), 95));
});
