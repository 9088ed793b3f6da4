// The benches' summaries, one definition for the by-hand scripts (bench_app.mjs, bench_chromium.mjs,
// profile_ui.mjs): a percentile by nearest rank (the p95 of 27 taps is their 26th, an actual tap, never an
// interpolation between two) and the median.

/** The p-th percentile of `xs` by nearest rank; NaN for no values. */
export const pct = (xs, p) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)] : NaN);

/** The median of `xs` (the mean of the middle two for an even count). */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
