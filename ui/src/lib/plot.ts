// Small helpers for the review's hand-drawn SVG charts: no chart library, a few lines each.
// The charts draw in real pixels (their viewBox is their measured width) so their text stays 14 px or
// more on a 390 px phone and does not balloon on a desktop.

/** Integer tick values covering [lo, hi] in about `count` steps of 1, 2 or 5 × 10ⁿ. */
export function ticks(lo: number, hi: number, count = 4): number[] {
  if (hi < lo) [lo, hi] = [hi, lo];
  if (hi === lo) {
    lo -= 1;
    hi += 1;
  }
  const raw = (hi - lo) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power);
  const out: number[] = [];
  for (let v = Math.floor(lo / step) * step; v <= Math.ceil(hi / step) * step + 1e-9; v += step) out.push(Math.round(v));
  return out;
}

/** A linear map from [d0, d1] onto [r0, r1] (a flat domain maps to the middle). */
export function scale(d0: number, d1: number, r0: number, r1: number): (v: number) => number {
  return d1 === d0 ? () => (r0 + r1) / 2 : (v) => r0 + ((v - d0) / (d1 - d0)) * (r1 - r0);
}

/** Which of `n` x labels to write when at most `room` fit: every k-th and always the last (the end of
 * the game), leaving out the k-th just before it when the two would touch. */
export function labelled(n: number, room: number): boolean[] {
  const k = Math.max(1, Math.ceil(n / Math.max(1, room)));
  return Array.from({ length: n }, (_, i) => i === n - 1 || (i % k === 0 && n - 1 - i >= k));
}

/** Svelte action: calls `set` with the element's width now and whenever it changes (no ResizeObserver,
 * as in tests: once). */
export function measureWidth(node: HTMLElement, set: (width: number) => void): { destroy(): void } {
  set(node.clientWidth);
  if (typeof ResizeObserver === 'undefined') return { destroy() {} };
  const observer = new ResizeObserver(() => set(node.clientWidth));
  observer.observe(node);
  return { destroy: () => observer.disconnect() };
}

/** One decimal at most: 2 → "2", 2.345 → "2.3". */
export const short = (v: number): string => (Number.isInteger(v) ? String(v) : v.toFixed(1));
