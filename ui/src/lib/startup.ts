// The UI tells the shell when its first screen is on screen and interactive (`app_ready`), and
// keeps, for the bench script, how long each decision took to reach the screen. Both are measurements only:
// nothing here changes what the app does.
import { tick } from 'svelte';
import { call } from './ipc';

/** Resolves once the browser has painted what the DOM holds now: the next frame's callback, then a task
 * queued behind that frame's rendering. */
export function afterPaint(onFrame?: () => void): Promise<void> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      onFrame?.();
      setTimeout(resolve, 0);
    }),
  );
}

let reported = false;
/** The first screen's moments, wall-clock milliseconds (performance.timeOrigin + now), by name. */
const moments: Record<string, number> = {};

/** Notes a moment of the start (the page's navigation start is noted with the first one). */
export function markStartup(name: string) {
  if (moments.navigation === undefined) moments.navigation = performance.timeOrigin;
  moments[name] = performance.timeOrigin + performance.now();
}

/** Called once the first screen is rendered: waits for it to be painted, then tells the shell, with the
 * moments noted on the way. */
export async function reportReady(ready: (marks: Record<string, number>) => Promise<unknown> = (marks) => call('app_ready', { marks })): Promise<void> {
  if (reported) return;
  reported = true;
  await tick();
  markStartup('rendered');
  // Lays the page out now (it would be before the frame anyway), so the timeline shows layout apart.
  document.body.getBoundingClientRect();
  markStartup('layout');
  await afterPaint(() => markStartup('frame'));
  markStartup('painted');
  try {
    await ready({ ...moments });
  } catch {
    // A shell without the command (an older build, a unit test): the measurement is lost, nothing else.
  }
}

/** One decision's way to the screen, in milliseconds from the tap: the referee's answer back over IPC,
 * the DOM updated, the page laid out (style and layout, forced at once: the frame would do it anyway),
 * the frame's start (its animation callbacks: what lies between is waiting for the display's frame), and
 * the frame that shows it painted. */
export type Timing = { action: string; ipc: number; dom: number; laid: number; frame: number; paint: number };

const KEPT = 1000;
/** The last decisions' timings, newest last (read by scripts/bench_app.mjs through WebDriver). */
export const timings: Timing[] = [];
(globalThis as { __goebenTimings?: Timing[] }).__goebenTimings = timings;

/** Records the way to the screen of the answer to `action`, sent at `sent` and answered at `answered`
 * (both `performance.now()`), once Svelte has updated the DOM and the browser has painted it. */
export async function recordTiming(action: string, sent: number, answered: number): Promise<Timing> {
  await tick();
  const dom = performance.now();
  document.body.getBoundingClientRect();
  const laid = performance.now();
  let frame = laid;
  await afterPaint(() => (frame = performance.now()));
  const timing = { action, ipc: answered - sent, dom: dom - sent, laid: laid - sent, frame: frame - sent, paint: performance.now() - sent };
  timings.push(timing);
  if (timings.length > KEPT) timings.shift();
  return timing;
}
