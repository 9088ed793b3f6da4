#!/usr/bin/env node
// Startup and idle memory of the release app against the floor (an empty Tauri 2 app built with
// the same profile, benches/floor-app), side by side in one run, under Xvfb, with no WebDriver. Each start
// is timed from spawn to the `ready <ms>` line the shell prints when the UI says its first screen is
// interactive (GOEBEN_STARTUP_REPORT=1, src-tauri/src/startup.rs); the shell's own share (its `main` to
// ready) is that number. After the start the app is left idle, then the resident (RSS) and proportional
// (PSS) memory of its process and every child (WebKit's web and network processes) is read from /proc.
//
//   node scripts/bench_app.mjs [--runs 10] [--idle-ms 3000] [--cold] [--returning] [--frames | --frames-only] [--frame-runs 1] [--app BIN] [--floor BIN] [--out FILE]
//
// --frames also plays the e2e suite's scripted whole game (e2e/whole_game.test.mjs) in the same release app
// and reports each decision's way to the screen as the app measured it (ui/src/lib/startup.ts): the
// referee's answer over IPC, the DOM updated, the frame that shows it painted (p50 / p95 / max).
// It also reports three floors measured in the same app at the game's end: one word changed, every box of
// the page moved a pixel, and each tap's own page (the markup its answer left swapped in whole, no app code).
// --frame-runs N plays the game N times and pools the taps (each game's p95 printed too, and its ratio to the
// page floor measured at that game's end: one game's p95 is its second-worst tap). The slowest taps are named.
// Every ratio to a floor comes with its 95 % interval (scripts/stats.mjs: games drawn again, then taps; starts
// drawn again) and whether that interval lies under #53's line: `undecided` asks for more games or starts.
// The report (--out) keeps each game's taps and page floor: scripts/bench_pool.mjs pools several reports.
// --frames-only measures only that (no floor binary needed). The game is played in the bench's own Xvfb, its
// test report on stderr; the app's path reaches it by the environment only (the whole-game test kills the app
// mid-turn by its path, which must not match this script's own command line: to bench another build, point
// CARGO_TARGET_DIR at it rather than passing --app).
// The two binaries are started in turn (floor, app, floor, app …) so a drift of the machine hits both.
// --cold drops the page cache before every start (root only): a start from disk, as after a reboot.
// --returning starts the app on a game in progress (seed 3, just set up: made once by the app server, the same
// store, and copied into each start's data folder), a returning player's start; without it, a new player's.
// Build both first: bash scripts/build_app.sh && cargo build --release -p goeben-floor-app
//   --features tauri/custom-protocol (the bench script does it with --build).
import { spawn, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, pct, ratioInterval, ratioLine } from './stats.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const target = process.env.CARGO_TARGET_DIR ?? join(repo, 'src-tauri', 'target');

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  return typeof fallback === 'boolean' ? true : process.argv[i + 1];
}

const runs = Number(option('runs', '10'));
const idleMs = Number(option('idle-ms', '3000'));
const cold = option('cold', false);
const returning = option('returning', false);
const build = option('build', false);
const binaries = {
  floor: resolve(option('floor', join(target, 'release', 'goeben-floor-app'))),
  app: resolve(option('app', join(target, 'release', 'goeben-referee-app'))),
};
const out = option('out', null);
const framesOnly = option('frames-only', false);
const frameRuns = Number(option('frame-runs', '1'));
const frames = framesOnly || option('frames', false);

// #53's lines: the taps' p95 at most 1.15× their page floor's, the start at most 1.1× the floor app's, idle PSS
// at most 1.05×. Each ratio is printed with its 95 % bootstrap interval and whether that lies under its line.
const TAP_LINE = 1.15;
const START_LINE = 1.1;
const PSS_LINE = 1.05;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

if (build) {
  const env = { ...process.env, CARGO_TARGET_DIR: target };
  execFileSync('bash', [join(repo, 'scripts', 'build_app.sh')], { stdio: 'inherit', env });
  execFileSync('cargo', ['build', '--locked', '--release', '-p', 'goeben-floor-app', '--features', 'tauri/custom-protocol'], { stdio: 'inherit', env, cwd: repo });
}
if (framesOnly) delete binaries.floor;
for (const [name, bin] of Object.entries(binaries)) {
  if (!existsSync(bin)) throw new Error(`${name} binary not found at ${bin}: build it first (or pass --build)`);
}

/** Every process whose parent chain leads to `root` (the app's WebKit children), `root` first. */
function tree(root) {
  const parent = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name sits in brackets and may hold spaces: the fields after it are fixed.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(entry), Number(fields[1]));
    } catch {
      // gone already
    }
  }
  const found = [root];
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of parent) {
      if (found.includes(ppid) && !found.includes(pid)) {
        found.push(pid);
        grew = true;
      }
    }
  }
  return found;
}

/** kB of a field of /proc/PID/status or smaps_rollup (0 when the process is gone). */
function kb(file, field) {
  try {
    const m = readFileSync(file, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

function commName(pid) {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '?';
  }
}

/** Memory of the process tree in MiB: RSS and PSS, in all and per process. */
function memory(root) {
  const per = tree(root).map((pid) => ({ pid, name: commName(pid), rss: kb(`/proc/${pid}/status`, 'VmRSS') / 1024, pss: kb(`/proc/${pid}/smaps_rollup`, 'Pss') / 1024 }));
  return { rss: per.reduce((s, p) => s + p.rss, 0), pss: per.reduce((s, p) => s + p.pss, 0), per };
}

function dropCaches() {
  execFileSync('sync');
  writeFileSync('/proc/sys/vm/drop_caches', '3\n');
}

async function startXvfb() {
  if (process.env.DISPLAY) return { display: process.env.DISPLAY, stop() {} };
  const display = ':95';
  const xvfb = spawn('Xvfb', [display, '-screen', '0', '1400x1000x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
  const socket = `/tmp/.X11-unix/X${display.slice(1)}`;
  for (let i = 0; i < 100 && !existsSync(socket); i += 1) await sleep(50);
  return { display, stop: () => xvfb.kill('SIGTERM') };
}

/** The app's data folder holding a game in progress (seed 3, just set up), made by the app server on the same
 * store (`crates/app-server`: `--data` keeps games as the app keeps them). */
async function gameInProgress() {
  const server = [join(repo, 'target', 'release', 'app_server'), join(repo, 'target', 'debug', 'app_server')].find(existsSync);
  if (!server) throw new Error('--returning needs the app server: cargo build --release -p goeben-app-server');
  const folder = mkdtempSync(join(tmpdir(), 'goeben-bench-returning-'));
  const child = spawn(server, ['--data', folder], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const address = await new Promise((resolveAddress, reject) => {
      let text = '';
      child.stdout.on('data', (chunk) => {
        text += chunk;
        const m = text.match(/listening on (\S+)/);
        if (m) resolveAddress(m[1]);
      });
      child.on('exit', (code) => reject(new Error(`the app server exited (${code})`)));
    });
    const answer = await fetch(`${address}ipc/respond`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: { action: 'new_game', seed: 3 } }) });
    if (!(await answer.json()).view?.game) throw new Error('the app server started no game');
  } finally {
    child.removeAllListeners('exit');
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.on('exit', r)));
  }
  return folder;
}
const returningData = returning ? await gameInProgress() : null;

/** One start: spawn → `ready <ms>` on stdout, then idle, then memory, then the whole tree killed. */
async function startOnce(bin, display) {
  const data = mkdtempSync(join(tmpdir(), 'goeben-bench-data-'));
  // The shell keeps its games in its data folder, `$XDG_DATA_HOME/<identifier>` (tauri.conf.json).
  if (returningData) cpSync(returningData, join(data, 'org.goebenreferee.app'), { recursive: true });
  const env = { ...process.env, DISPLAY: display, XDG_DATA_HOME: data, GOEBEN_STARTUP_REPORT: '1', WEBKIT_DISABLE_COMPOSITING_MODE: '1' };
  if (cold) dropCaches();
  const began = process.hrtime.bigint();
  const child = spawn(bin, [], { env, stdio: ['ignore', 'pipe', 'ignore'] });
  let text = '';
  const own = await new Promise((resolveReady, reject) => {
    const timer = setTimeout(() => reject(new Error(`${bin} never said it was ready`)), 30000);
    child.stdout.on('data', (chunk) => {
      text += chunk;
      const m = text.match(/^ready (\d+)$/m);
      if (m) {
        clearTimeout(timer);
        resolveReady(Number(m[1]));
      }
    });
    child.on('exit', (code) => reject(new Error(`${bin} exited (${code}) before it was ready`)));
  });
  const startMs = Number(process.hrtime.bigint() - began) / 1e6;
  child.removeAllListeners('exit');
  await sleep(idleMs);
  // The app's `startup` line: each moment of its start, ms from the shell's start (src-tauri/src/startup.rs).
  const timeline = Object.fromEntries([...(text.match(/^startup (.*)$/m)?.[1] ?? '').matchAll(/(\S+)=(-?\d+)/g)].map((m) => [m[1], Number(m[2])]));
  const mem = memory(child.pid);
  for (const pid of tree(child.pid).reverse()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }
  await new Promise((r) => (child.exitCode !== null ? r() : child.on('exit', r)));
  rmSync(data, { recursive: true, force: true });
  return { startMs, ownMs: own, rss: mem.rss, pss: mem.pss, per: mem.per, timeline };
}

/** A tap on a running game: not a view asked for (at the start, after the kill, by the table), not a new game. */
const isTap = (t) => t.action !== 'view' && t.action !== 'new_game';
const summary = (xs) => ({ min: Math.min(...xs), median: median(xs), max: Math.max(...xs) });
const fmt = (s, unit, digits = 0) => `${s.median.toFixed(digits)} ${unit} (min ${s.min.toFixed(digits)}, max ${s.max.toFixed(digits)})`;

/** Plays the e2e suite's scripted whole game in the release app, in `display`: the app's own timings, and
 * the floors the game measured in the same app at its end (a `view` over IPC, then one word on the page or
 * every box of the page moved a pixel, a frame). */
function playWholeGame(display) {
  const env = { ...process.env, DISPLAY: display, GOEBEN_APP: binaries.app };
  execFileSync('node', ['--test', '--test-concurrency=1', join(repo, 'e2e', 'whole_game.test.mjs')], { stdio: ['ignore', process.stderr, 'inherit'], env });
  const read = (name) => JSON.parse(readFileSync(join(repo, 'e2e', 'screenshots', name), 'utf8'));
  return { game: read('timings-whole-game.json'), floor: read('timings-floor.json'), screen: read('timings-floor-screen.json'), page: read('timings-floor-page.json') };
}

const x = await startXvfb();
const results = { floor: [], app: [] };
let timings = null;
try {
  if (!framesOnly) {
    // One start of each, not counted: the first start after a build reads everything from disk.
    if (!cold) for (const bin of Object.values(binaries)) await startOnce(bin, x.display);
    for (let i = 0; i < runs; i += 1) {
      for (const [name, bin] of Object.entries(binaries)) results[name].push(await startOnce(bin, x.display));
      process.stderr.write(`run ${i + 1}/${runs}\r`);
    }
  }
  // Each game's timings pooled: a single game's p95 is its second-worst tap, which moves by several ms
  // from one run to the next.
  if (frames) timings = { game: [], floor: [], screen: [], page: [], perGame: [] };
  for (let i = 0; frames && i < frameRuns; i += 1) {
    const played = playWholeGame(x.display);
    const taps = played.game.filter(isTap);
    for (const k of ['game', 'floor', 'screen', 'page']) timings[k].push(...played[k]);
    // Each game's taps painted beside its own page floor's: the groups of the ratio's interval, and each game's p95.
    const one = { app: taps.map((t) => t.paint), floor: played.page.map((t) => t.paint) };
    timings.perGame.push(one);
    if (frameRuns > 1) process.stderr.write(`game ${i + 1}/${frameRuns}: the taps painted p95 ${pct(one.app, 95).toFixed(0)} ms, its page floor's ${pct(one.floor, 95).toFixed(0)} ms\n`);
  }
} finally {
  x.stop();
  if (returningData) rmSync(returningData, { recursive: true, force: true });
}

const report = { machine: `${execFileSync('uname', ['-srm']).toString().trim()}, ${(await import('node:os')).cpus().length} cores`, runs, idleMs, cold: Boolean(cold), returning: Boolean(returning), binaries: {} };
if (!framesOnly) {
  for (const [name, rs] of Object.entries(results)) {
    report.binaries[name] = {
      path: binaries[name],
      bytes: statSync(binaries[name]).size,
      startMs: summary(rs.map((r) => r.startMs)),
      ownMs: summary(rs.map((r) => r.ownMs)),
      rssMiB: summary(rs.map((r) => r.rss)),
      pssMiB: summary(rs.map((r) => r.pss)),
      lastTree: rs.at(-1).per.map((p) => ({ name: p.name, rss: Math.round(p.rss), pss: Math.round(p.pss) })),
      timeline: Object.fromEntries(Object.keys(rs[0].timeline).map((k) => [k, median(rs.map((r) => r.timeline[k]).filter((v) => v !== undefined))]).sort((a, b) => a[1] - b[1])),
    };
  }
  const ratio = (k) => report.binaries.app[k].median / report.binaries.floor[k].median;
  report.ratios = { startMs: ratio('startMs'), rssMiB: ratio('rssMiB'), pssMiB: ratio('pssMiB') };
  // The medians' ratios with their intervals: the starts drawn again, each side's apart (one group: the two
  // binaries start in turn, so the machine's drift falls on both).
  const interval = (k) => ratioInterval([{ app: results.app.map((r) => r[k]), floor: results.floor.map((r) => r[k]) }], { stat: median });
  report.intervals = { startMs: interval('startMs'), pssMiB: interval('pss') };

  console.log(`${runs} ${cold ? 'cold (page cache dropped)' : 'warm'} starts each${returning ? ' on a game in progress' : ''}, ${idleMs} ms idle before memory; ${report.machine}`);
  for (const [name, b] of Object.entries(report.binaries)) {
    console.log(`${name.padEnd(5)} binary ${(b.bytes / 1e6).toFixed(1)} MB | start → ready ${fmt(b.startMs, 'ms')} | shell's own ${fmt(b.ownMs, 'ms')} | idle RSS ${fmt(b.rssMiB, 'MiB', 1)} | PSS ${fmt(b.pssMiB, 'MiB', 1)}`);
    console.log(`      ${b.lastTree.map((p) => `${p.name} ${p.rss}/${p.pss} MiB`).join(', ')}`);
    const moments = Object.entries(b.timeline);
    if (moments.length) console.log(`      start, median ms from the shell's start: ${moments.map(([k, v]) => `${k} ${v}`).join(' → ')}`);
  }
  console.log(`app / floor (medians): start ${ratioLine(report.intervals.startMs, START_LINE)}; RSS ${report.ratios.rssMiB.toFixed(2)}×; PSS ${ratioLine(report.intervals.pssMiB, PSS_LINE)}`);
}

if (frames) {
  const parts = (ts) => Object.fromEntries(['ipc', 'dom', 'laid', 'frame', 'paint'].map((k) => {
    const xs = ts.map((t) => t[k] ?? t.dom);
    return [k, { p50: pct(xs, 50), p95: pct(xs, 95), max: Math.max(...xs) }];
  }));
  // Every answer the app timed; the taps on a running game (without the views asked for at the start, after
  // the kill or by the table, and without `new_game`: each a whole new screen); the floor in the same app.
  const taps = timings.game.filter(isTap);
  // Each game against the page floor measured at its own end: the spread from game to game says how far one
  // read of the pooled ratio can be trusted.
  const perRunTapsPaintP95 = timings.perGame.map((g) => pct(g.app, 95));
  const perRunPagePaintP95 = timings.perGame.map((g) => pct(g.floor, 95));
  const perRunRatio = perRunTapsPaintP95.map((v, i) => v / perRunPagePaintP95[i]);
  report.frames = { games: frameRuns, perRunTapsPaintP95, perRunPagePaintP95, perRunRatio, decisions: timings.game.length, ...parts(timings.game), taps: { count: taps.length, ...parts(taps) }, floor: { count: timings.floor.length, ...parts(timings.floor) }, screen: { count: timings.screen.length, ...parts(timings.screen) }, page: { count: timings.page.length, ...parts(timings.page), within16: timings.page.filter((t) => t.paint <= 16).length } };
  // Each game's taps painted beside its page floor's, as the interval draws them: reports of rounds run in turn
  // pool into one interval (scripts/bench_pool.mjs).
  report.frames.groups = timings.perGame;
  report.frames.ratio = report.frames.taps.paint.p95 / report.frames.page.paint.p95;
  // How far the pooled ratio can be trusted: whole games drawn again, then their taps (scripts/stats.mjs).
  report.frames.interval = ratioInterval(timings.perGame);
  // Each moment from the tap (cumulative): the answer, the DOM updated, laid out, the frame begun, painted.
  const at = (f, k) => `p50 ${f[k].p50.toFixed(1)} / p95 ${f[k].p95.toFixed(1)}`;
  const line = (what, f) => `${what}: answer over IPC ${at(f, 'ipc')} ms; DOM updated ${at(f, 'dom')} ms; laid out ${at(f, 'laid')} ms; frame begun ${at(f, 'frame')} ms; painted ${at(f, 'paint')} / max ${f.paint.max.toFixed(1)} ms`;
  const f = report.frames;
  console.log(line(`tap → screen, ${f.decisions} answers timed in the scripted whole game`, f));
  console.log(line(`  the ${f.taps.count} taps on a running game${frameRuns > 1 ? ` (${frameRuns} games pooled; each game's p95 painted: ${f.perRunTapsPaintP95.map((v) => v.toFixed(0)).join(', ')} ms)` : ''}`, f.taps));
  console.log(line(`  floor, the same app and display (${f.floor.count} × a view over IPC, one word, a frame)`, f.floor));
  console.log(line(`  floor of a whole-screen change (${f.screen.count} × a view over IPC, every box moved a pixel, a frame)`, f.screen));
  console.log(line(`  floor of each tap's page (${f.page.count} × a view over IPC, the markup the tap's answer left swapped in whole, a frame; ${f.page.within16} painted within 16 ms)`, f.page));
  console.log(`the taps / their page floor at p95: ${ratioLine(f.interval, TAP_LINE)}${frameRuns > 1 ? `; each game against its own floor: ${perRunRatio.map((r) => r.toFixed(2)).join(', ')}` : ''}`);
  const slowest = [...taps].sort((a, b) => b.paint - a.paint).slice(0, 6);
  console.log(`slowest taps painted: ${slowest.map((t) => `${t.action} ${t.paint.toFixed(0)} ms (answer ${t.ipc.toFixed(0)}, DOM ${t.dom.toFixed(0)})`).join('; ')}`);
}
if (out) writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
