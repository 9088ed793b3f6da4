#!/usr/bin/env node
// The app in Chromium — Android's WebView engine — as a mid-range phone: the seeded whole game of
// scripts/profile_ui.mjs (the e2e suite's player, e2e/policy.mjs) played by touch at 390×844 and DPR 3 with
// the CPU throttled 4× (DevTools' rate, Lighthouse's mid-tier phone), on the real core and store behind the
// app server (crates/app-server), and beside it, in the same run and the same throttle, the floor: each tap's
// own page swapped in as ready markup (the browser's parser builds it, no app code runs; e2e/whole_game's
// `page` floor for WebKitGTK).
//
//   node scripts/bench_chromium.mjs [--decisions 60] [--seed 3] [--throttle 4] [--runs 1] [--server release|debug] [--out FILE]
//                                   [--answer-delay MS]
//
// Two measures, each against its floor:
// - Interaction to Next Paint, as the browser itself records it (PerformanceEventTiming, interactions of 16 ms
//   and more; a tap under that reads 16): from the finger to the first frame painted after the tap's handlers.
//   The floor's tap is a button whose click handler swaps the tap's page in: the whole page built inside the
//   interaction, the most a tap could put on screen at once.
// - Tap → screen (ui/src/lib/startup.ts: from the request to the frame that shows its answer painted): the
//   answer comes over HTTP after the interaction's paint, so INP does not hold it; its floor is a `view`
//   request answered, then the tap's page swapped in and painted (the same steps as WebKitGTK's page floor).
// Long tasks (over 50 ms, the browser's own list) are counted over the game and over the floor.
// The pooled tap → screen ratio comes with its 95 % interval (runs drawn again, then taps) and whether that lies
// under #53's 1.15× line: `undecided` asks for more runs.
// `--answer-delay MS` holds each tap's answer MS longer in the page (the game's own requests only, not the floor's):
// a tap whose INP then grows by MS had no frame of its own before its answer. Its tap → screen grows by MS by design.
// Needs Debian's chromium and chromium-driver, the built UI (npm run ui:build) and the app server built for
// release (`cargo build --release -p goeben-app-server`: target/release/app_server), as a phone's core is built:
// the tap's answer is the core's move, the journal's write and the view, where the floor's is a view only, so a
// debug server's slower core weighs on the app's side alone. `--server debug` runs target/debug/app_server, the
// e2e tests' (CARGO_TARGET_DIR_CORE names another target folder).
import { existsSync, writeFileSync } from 'node:fs';
import { By, coreBinary, respond, tap, waitForIdle } from '../e2e/harness.mjs';
import { appServer, deviceBrowser } from '../e2e/chromium.mjs';
import { decide } from '../e2e/policy.mjs';
import { makeDecision, timedCount, untilTimed } from '../e2e/play.mjs';
import { pct, ratioInterval, ratioLine } from './stats.mjs';

const option = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : process.argv[i + 1];
};
const decisions = Number(option('decisions', '60'));
const seed = Number(option('seed', '3'));
const throttle = Number(option('throttle', '4'));
const runs = Number(option('runs', '1'));
const out = option('out', null);
const serverProfile = option('server', 'release');
const answerDelay = Number(option('answer-delay', '0'));

// #53's line: the taps' tap → screen p95 at most 1.15× their floor's, printed with its 95 % bootstrap interval.
const TAP_LINE = 1.15;

const parts = (xs) => ({ n: xs.length, p50: pct(xs, 50), p95: pct(xs, 95), max: xs.length ? Math.max(...xs) : NaN });

// The browser's own records, kept in the page: every interaction's event entries and every long task.
const OBSERVE = `
  window.__bench = { events: [], long: [] };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.interactionId) window.__bench.events.push({ id: e.interactionId, name: e.name, start: e.startTime, dur: e.duration, delay: e.processingStart - e.startTime, work: e.processingEnd - e.processingStart }); })
    .observe({ type: 'event', durationThreshold: 16, buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__bench.long.push({ start: e.startTime, dur: e.duration }); })
    .observe({ type: 'longtask', buffered: true });
  // --answer-delay: the app's requests held while window.__benchDelay is set (only around a game's tap).
  const fetched = window.fetch;
  window.fetch = (...a) => (window.__benchDelay && String(a[0]).endsWith('/ipc/respond') ? new Promise((r) => setTimeout(r, window.__benchDelay)).then(() => fetched(...a)) : fetched(...a));`;

/** The interactions (their longest entry: the INP of each) and long tasks the page recorded since `since`. */
async function recorded(driver, since) {
  const { events, long } = await driver.executeScript('return window.__bench');
  const byId = new Map();
  for (const e of events.filter((x) => x.start >= since)) if (!byId.has(e.id) || byId.get(e.id).dur < e.dur) byId.set(e.id, e);
  const worst = [...byId.values()].sort((a, b) => b.dur - a.dur)[0];
  // The slowest interaction's parts: waiting for the main thread, its handlers, then style, layout and paint.
  const parts = worst && { event: worst.name, delay: worst.delay, handlers: worst.work, presentation: worst.dur - worst.delay - worst.work };
  return { inp: [...byId.values()].map((e) => e.dur), worst: parts, long: long.filter((x) => x.start >= since).map((x) => x.dur) };
}

const now = (driver) => driver.executeScript('return performance.now()');

/** One seeded game by touch: each decision's INP (its taps' longest, 16 when under the browser's threshold),
 * its tap → screen timing, and the page before and after it for the floor. */
async function playGame(driver) {
  const taps = [];
  for (let i = 0; i < decisions; i += 1) {
    const decision = decide((await respond(driver, { action: 'view' })).view);
    if (!decision) break;
    const before = await driver.executeScript("return document.getElementById('app').innerHTML");
    const count = await timedCount(driver);
    const since = await now(driver);
    if (answerDelay) await driver.executeScript('window.__benchDelay = arguments[0]', answerDelay);
    await makeDecision(driver, decision);
    await untilTimed(driver, count);
    await waitForIdle(driver);
    if (answerDelay) await driver.executeScript('window.__benchDelay = 0');
    const timing = await driver.executeScript('return window.__goebenTimings.at(-1)');
    const seen = await recorded(driver, since);
    const after = await driver.executeScript("return document.getElementById('app').innerHTML");
    taps.push({ action: decision.action.action, inp: Math.max(16, ...seen.inp), worst: seen.worst, long: seen.long, paint: timing.paint, ipc: timing.ipc, before, after });
  }
  return taps;
}

/** The floor of both measures over the game's pages (runs last: the app's own DOM is gone afterwards). */
async function floor(driver, pages) {
  const rows = [];
  for (const page of pages) {
    // INP's floor: a tap on a button whose handler swaps the page in.
    await driver.executeAsyncScript(
      `const [before, after, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
       const app = document.getElementById('app');
       app.innerHTML = before;
       document.getElementById('bench-swap')?.remove();
       const b = document.createElement('button');
       b.id = 'bench-swap';
       b.textContent = 'swap';
       b.style.cssText = 'position: fixed; left: 40%; bottom: 40%; width: 20%; height: 48px; z-index: 99999';
       b.addEventListener('click', () => { app.innerHTML = after; });
       document.body.append(b);
       requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)));`,
      page.before,
      page.after,
    );
    const since = await now(driver);
    // Touched as the game's controls are (the harness's tap on an emulated device), no question to answer.
    await tap(driver, await driver.findElement(By.id('bench-swap')), { answerGuard: false });
    await driver.wait(async () => (await recorded(driver, since)).inp.length > 0 || (await now(driver)) - since > 1000, 5000);
    const tapped = await recorded(driver, since);
    // Tap → screen's floor: a `view` answered over HTTP, then the page swapped in and painted.
    const { paint, ipc } = await driver.executeAsyncScript(
      `const [before, after, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
       const app = document.getElementById('app');
       document.getElementById('bench-swap')?.remove();
       app.innerHTML = before;
       const painted = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
       (async () => {
         await painted();
         await painted();
         await new Promise((r) => setTimeout(r, 20 + Math.random() * 17));
         const sent = performance.now();
         await fetch('/ipc/respond', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: { action: 'view' } }) }).then((r) => r.json());
         const answered = performance.now();
         app.innerHTML = after;
         document.body.getBoundingClientRect();
         await painted();
         done({ paint: performance.now() - sent, ipc: answered - sent });
       })();`,
      page.before,
      page.after,
    );
    rows.push({ action: page.action, inp: Math.max(16, ...tapped.inp), worst: tapped.worst, long: tapped.long, paint, ipc });
  }
  return rows;
}

const serverBinary = coreBinary('app_server', serverProfile);
if (!existsSync(serverBinary)) throw new Error(`${serverBinary} not found: cargo build${serverProfile === 'release' ? ' --release' : ''} -p goeben-app-server`);
const report = { engine: 'Chromium (headless, as a phone: 390×844, DPR 3, touch)', throttle, seed, server: serverProfile, answerDelay, runs: [] };
for (let run = 0; run < runs; run += 1) {
  const { server, url } = await appServer(undefined, serverBinary);
  const driver = await deviceBrowser(url, { width: 390, height: 844 });
  try {
    await driver.manage().setTimeouts({ implicit: 0, script: 120000 });
    await respond(driver, { action: 'new_game', seed });
    await driver.navigate().refresh();
    await driver.executeScript(OBSERVE);
    await untilTimed(driver, 0);
    await driver.sendDevToolsCommand('Emulation.setCPUThrottlingRate', { rate: throttle });
    const game = await playGame(driver);
    const base = await floor(driver, game);
    report.runs.push({ game: game.map(({ before, after, ...t }) => t), floor: base });
  } finally {
    await driver.quit();
    server.kill('SIGKILL');
  }
}

const all = (side, f) => report.runs.flatMap((r) => r[side].map(f));
const sums = {};
for (const side of ['game', 'floor']) {
  sums[side] = {
    inp: parts(all(side, (t) => t.inp)),
    paint: parts(all(side, (t) => t.paint)),
    // The request's part of tap → screen (the game's: the core's move, the journal's write and the view; the
    // floor's: a view), and the rest: the answer to the screen painted.
    ipc: parts(all(side, (t) => t.ipc)),
    screen: parts(all(side, (t) => t.paint - t.ipc)),
    long: parts(all(side, (t) => t.long).flat()),
    over200: all(side, (t) => t.inp).filter((x) => x > 200).length,
  };
}
report.summary = sums;
report.ratio = { inpP95: sums.game.inp.p95 / sums.floor.inp.p95, paintP95: sums.game.paint.p95 / sums.floor.paint.p95 };
// How far the pooled tap → screen ratio can be trusted: whole runs drawn again, then their taps (scripts/stats.mjs).
report.interval = { paintP95: ratioInterval(report.runs.map((r) => ({ app: r.game.map((t) => t.paint), floor: r.floor.map((t) => t.paint) }))) };
// Each game beside the floor of its own run: the ratio's spread from one run to the next.
report.perRun = report.runs.map(({ game, floor: base }) => {
  const p95 = (side, f) => pct(side.map(f), 95);
  return {
    inp: p95(game, (t) => t.inp) / p95(base, (t) => t.inp),
    paint: p95(game, (t) => t.paint) / p95(base, (t) => t.paint),
    screen: p95(game, (t) => t.paint - t.ipc) / p95(base, (t) => t.paint - t.ipc),
  };
});
const f = (x) => (Number.isFinite(x) ? x.toFixed(0) : '—');
const line = (side) => {
  const s = sums[side];
  return `${side.padEnd(5)} ${String(s.inp.n).padStart(3)} taps  INP p50 ${f(s.inp.p50)} / p95 ${f(s.inp.p95)} / max ${f(s.inp.max)} ms (over 200 ms: ${s.over200})  tap → screen p50 ${f(s.paint.p50)} / p95 ${f(s.paint.p95)} / max ${f(s.paint.max)} ms  long tasks ${s.long.n} (p50 ${f(s.long.p50)}, max ${f(s.long.max)} ms)`;
};
const held = answerDelay ? `, each answer held ${answerDelay} ms` : '';
console.log(`${report.engine}, CPU ${throttle}× slower, seed ${seed}, the app server a ${serverProfile} build, ${runs} game(s)${held}:\n${line('game')}\n${line('floor')}`);
console.log(`game / floor at p95: INP ${report.ratio.inpP95.toFixed(2)}×, tap → screen ${ratioLine(report.interval.paintP95, TAP_LINE)}`);
const parted = (side) => `${side.padEnd(5)} request p50 ${f(sums[side].ipc.p50)} / p95 ${f(sums[side].ipc.p95)} ms, answer → painted p50 ${f(sums[side].screen.p50)} / p95 ${f(sums[side].screen.p95)} ms`;
console.log(`tap → screen in two parts:\n${parted('game')}\n${parted('floor')}`);
const each = (k) => report.perRun.map((r) => r[k].toFixed(2)).join(', ');
console.log(`each run's game / its floor at p95: INP ${each('inp')}; tap → screen ${each('paint')}; answer → painted ${each('screen')}`);
const slowest = report.runs.flatMap((r) => r.game).sort((a, b) => b.paint - a.paint).slice(0, 6);
console.log(`slowest taps to the screen: ${slowest.map((t) => `${t.action} ${f(t.paint)} ms (INP ${f(t.inp)})`).join(', ')}`);
const worstInp = report.runs.flatMap((r) => r.game).filter((t) => t.worst).sort((a, b) => b.inp - a.inp).slice(0, 6);
const split = (w) => `${w.event}: input delay ${f(w.delay)}, handlers ${f(w.handlers)}, style/layout/paint ${f(w.presentation)}`;
console.log(`slowest interactions: ${worstInp.map((t) => `${t.action} ${f(t.inp)} ms (${split(t.worst)})`).join('; ')}`);
// Each kind of decision's INP: which taps get a frame of their own before their answer (see --answer-delay).
const byAction = new Map();
for (const t of report.runs.flatMap((r) => r.game)) byAction.set(t.action, [...(byAction.get(t.action) ?? []), t]);
console.log(`INP by decision, p50 / max (taps): ${[...byAction].map(([a, ts]) => `${a} ${f(pct(ts.map((t) => t.inp), 50))} / ${f(Math.max(...ts.map((t) => t.inp)))} (${ts.length})`).join(', ')}`);
if (out) writeFileSync(out, `${JSON.stringify(report, null, 1)}\n`);
