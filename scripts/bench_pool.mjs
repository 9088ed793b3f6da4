#!/usr/bin/env node
// Pools the taps of several bench reports (the `--out` JSON of `bench_app.mjs --frames` or of `bench_chromium.mjs`)
// into one ratio to the floor with its 95 % interval, and compares two builds measured in rounds run in turn.
//
//   node scripts/bench_pool.mjs [--line 1.15] REPORT.json…                    one build: its taps against their floors
//   node scripts/bench_pool.mjs [--line 1.15] BEFORE.json… --versus NOW.json…  two builds, each against its floors,
//                                                                             and now's taps over before's
//
// A single report of two games says little (each game's p95 is its second-worst tap); rounds of each build run in
// turn, as docs/PERFORMANCE.md's comparisons are, pool here into one interval per build (scripts/stats.mjs: whole
// games drawn again, then taps). The builds' own ratio pairs their games in the order given (the n-th game of each
// ran at the same moment of the machine): list the reports of both builds in the order they ran.
import { readFileSync } from 'node:fs';
import { buildsInterval, groupsOf, pct, ratioInterval, ratioLine } from './stats.mjs';

const args = process.argv.slice(2);
const at = args.indexOf('--line');
const line = at >= 0 ? Number(args.splice(at, 2)[1]) : 1.15;
if (!Number.isFinite(line) || line <= 0) {
  console.error('--line takes a ratio, e.g. 1.15');
  process.exit(2);
}
const split = args.indexOf('--versus');
const lists = split >= 0 ? [args.slice(0, split), args.slice(split + 1)] : [args];
if (lists.some((files) => files.length === 0)) {
  console.error('usage: node scripts/bench_pool.mjs [--line 1.15] REPORT.json… [--versus REPORT.json…]');
  process.exit(2);
}

/** A report's groups; a file that cannot be read, is not JSON or holds no taps ends the run naming it. */
function read(file) {
  try {
    return groupsOf(JSON.parse(readFileSync(file, 'utf8')));
  } catch (e) {
    console.error(`${file}: ${e.message}`);
    process.exit(2);
  }
}
const pooled = lists.map((files) => files.flatMap(read));
const names = lists.length === 2 ? ['before', 'now'] : ['build'];
pooled.forEach((groups, i) => {
  const p95 = (side) => pct(groups.flatMap((g) => g[side]), 95);
  const each = groups.map((g) => pct(g.app, 95).toFixed(0)).join(', ');
  console.log(`${names[i]}: ${groups.length} games, taps p95 ${p95('app').toFixed(0)} ms (each game's: ${each}), floor p95 ${p95('floor').toFixed(0)} ms; taps / floor ${ratioLine(ratioInterval(groups), line)}`);
});
if (lists.length === 2) {
  const r = buildsInterval(pooled[0], pooled[1]);
  console.log(`now / before, taps p95 over ${Math.min(pooled[0].length, pooled[1].length)} pairs of games: ${r.ratio.toFixed(2)}× (95 % interval ${r.low.toFixed(2)}–${r.high.toFixed(2)}${r.high < 1 ? ': quicker' : r.low > 1 ? ': slower' : ': no change told apart'})`);
}
