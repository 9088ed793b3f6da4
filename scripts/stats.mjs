// The benches' summaries, one definition for the by-hand scripts (bench_app.mjs, bench_chromium.mjs,
// profile_ui.mjs): a percentile by nearest rank (the p95 of 27 taps is their 26th, an actual tap, never an
// interpolation between two), the median, and how far a ratio of the app to its floor can be trusted (a bootstrap
// interval, and whether it lies under a target's line).

/** The p-th percentile of `xs` by nearest rank; NaN for no values. */
export const pct = (xs, p) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)] : NaN);

/** The median of `xs` (the mean of the middle two for an even count). */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** A seeded generator of uniform numbers in [0, 1) (mulberry32): a bench's interval reads the same for the same
 * timings, run after run, and a soak's choices the same for the same seed (kill_soak.mjs). */
export function uniform(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const draw = (xs, next) => Array.from(xs, () => xs[Math.floor(next() * xs.length)]);

/**
 * How far a ratio of two summaries, `stat(app) / stat(floor)` pooled over `groups` (each `{ app, floor }`:
 * one game's or one run's values of each side), can be trusted: the central `level` interval of a two-stage
 * bootstrap. Each draw takes as many groups as there are, with replacement, then each drawn group's values of each
 * side, with replacement. Drawing whole games carries the spread from one game to the next (what the machine was
 * doing meanwhile), drawing within a game the spread of its taps; one group draws its values only.
 * `stat` is the p95 by nearest rank unless named (the median for starts). Returns the pooled ratio itself
 * (`ratio`) and the interval (`low`, `high`).
 */
export function ratioInterval(groups, { stat = (xs) => pct(xs, 95), draws = 2000, level = 0.95, seed = 1 } = {}) {
  const kept = groups.filter((g) => g.app.length && g.floor.length);
  if (!kept.length) return { ratio: NaN, low: NaN, high: NaN };
  const next = uniform(seed);
  const ratio = stat(kept.flatMap((g) => g.app)) / stat(kept.flatMap((g) => g.floor));
  const ratios = [];
  for (let i = 0; i < draws; i += 1) {
    const chosen = draw(kept, next);
    const app = chosen.flatMap((g) => draw(g.app, next));
    const floor = chosen.flatMap((g) => draw(g.floor, next));
    ratios.push(stat(app) / stat(floor));
  }
  ratios.sort((a, b) => a - b);
  const tail = (1 - level) / 2;
  return { ratio, low: ratios[Math.floor(tail * (draws - 1))], high: ratios[Math.ceil((1 - tail) * (draws - 1))] };
}

/** Whether an interval from `ratioInterval` is under a target's `line` (a ratio at most it): `met` when the whole
 * interval is at or under it, `not met` when the whole interval is over it, otherwise `undecided` (more games
 * would tell). */
export const verdict = ({ low, high }, line) => (high <= line ? 'met' : low > line ? 'not met' : 'undecided');

/** One line for a ratio and its interval against a target's line: `1.10× (95 % interval 1.02–1.25; line 1.15×: undecided)`. */
export const ratioLine = (r, line, level = 0.95) =>
  `${r.ratio.toFixed(2)}× (${Math.round(level * 100)} % interval ${r.low.toFixed(2)}–${r.high.toFixed(2)}; line ${line}×: ${verdict(r, line)})`;

/**
 * The groups a bench's JSON report (`--out`) holds for `ratioInterval`, each `{ app, floor }` of painted times:
 * `bench_app.mjs --frames` keeps each game's taps beside its page floor (`frames.groups`), `bench_chromium.mjs`
 * each run's taps beside its floor (`runs`). Reports of rounds run in turn pool into one interval by concatenating
 * their groups. Throws on a report that holds neither (a start-only report, or another file).
 */
export function groupsOf(report) {
  if (Array.isArray(report?.frames?.groups)) return report.frames.groups.map((g) => ({ app: g.app, floor: g.floor }));
  if (Array.isArray(report?.runs) && report.runs.every((r) => Array.isArray(r.game) && Array.isArray(r.floor))) {
    return report.runs.map((r) => ({ app: r.game.map((t) => t.paint), floor: r.floor.map((t) => t.paint) }));
  }
  throw new Error('not a report with taps: run bench_app.mjs --frames or bench_chromium.mjs with --out');
}

/**
 * Two builds' taps, each pooled from its reports, as `now / before` of their p95s with the interval, the groups
 * paired in order (the n-th game of each, run in turn, shares the machine's moment): the app side of each pair is
 * `now`'s taps, the floor side `before`'s. Only as many pairs as the shorter list has.
 */
export function buildsInterval(before, now, options = {}) {
  const n = Math.min(before.length, now.length);
  return ratioInterval(Array.from({ length: n }, (_, i) => ({ app: now[i].app, floor: before[i].app })), options);
}
