#!/usr/bin/env node
// Where the UI's time goes after an answer: the UI built without minifying, opened in headless
// Chromium at 390×844 with a stand-in for the Tauri shell that hands each `respond` to the referee CLI (one
// JSON line in, one out), the e2e suite's player (e2e/policy.mjs, e2e/play.mjs) making the seeded game's
// decisions by taps, and Chromium's CPU profiler running meanwhile. WebKitGTK has no profiler reachable
// here; the figures are Chromium's, read for where the time goes, not for how much it is in the app
// (scripts/bench_app.mjs --frames measures that in the real app).
//
//   node scripts/profile_ui.mjs [--decisions 25] [--seed 3] [--at 3,26] [--out FILE.cpuprofile]
//   node scripts/profile_ui.mjs --frames [--decisions 60] [--seed 3] [--engine webkit]
//
// With --frames there is no profiler: the same taps, with the phone's pixels at 1× as the app's window has
// them under Xvfb, and their timings summed up beside the app's — the same page in another engine on this
// machine, a peer for scripts/bench_app.mjs --frames (the stand-in shell's answer goes over HTTP, so compare
// the time from the answer to the screen painted). `--engine webkit` opens the page in WebKitGTK's own
// MiniBrowser (the app's engine, compositing off as in the app's tests) through WebKitWebDriver, in a 390×844
// window under Xvfb: a change to the UI measured in a minute, without building the app. `--engine app` plays the
// same decisions in the release app (CARGO_TARGET_DIR or GOEBEN_APP says which), with nothing of the e2e
// suite's checks and screenshots between the taps.
//
// `--at` profiles only the decisions of those numbers (from 1, as printed), the others untimed by the profiler.
// Prints each decision's timings as the app measured them (ui/src/lib/startup.ts), then the app's functions
// and Svelte components by time spent in them (inclusive), and the heaviest functions by their own time.
// Needs Debian's chromium and chromium-driver (as the guest page's tests, e2e/table.mjs) and the referee CLI
// (`cargo build --bin referee`); builds the UI into a temporary folder itself.
import { execFileSync, spawn } from 'node:child_process';
import { Builder } from 'selenium-webdriver';
import { createServer } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { waitFor } from '../e2e/harness.mjs';
import { decide } from '../e2e/policy.mjs';
import { guestBrowser } from '../e2e/table.mjs';
import { makeDecision, timedCount, untilTimed } from '../e2e/play.mjs';
import { pct } from './stats.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const option = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : process.argv[i + 1];
};
const decisions = Number(option('decisions', '25'));
const seed = Number(option('seed', '3'));
const out = option('out', null);
const frames = process.argv.includes('--frames');
const at = option('at', null)?.split(',').map(Number) ?? null;
const engine = option('engine', 'chromium');
if (!['chromium', 'webkit', 'app'].includes(engine)) throw new Error(`--engine chromium, webkit or app, not ${engine}`);
if (engine !== 'chromium' && !frames) throw new Error('WebKitGTK has no profiler reachable here: --engine webkit or app needs --frames');
const referee = join(repo, 'target', 'debug', 'referee');
if (!existsSync(referee)) throw new Error(`no referee CLI at ${referee}: cargo build --bin referee`);

// The UI, readable in a profile.
const dist = mkdtempSync(join(tmpdir(), 'goeben-profile-ui-'));
execFileSync('npx', ['vite', 'build', '--config', 'ui/vite.config.ts', '--minify', 'false', '--outDir', dist, '--emptyOutDir'], { cwd: repo, stdio: 'ignore' });

// The stand-in shell: `respond` goes to the referee CLI, the other commands answer nothing.
const cli = spawn(referee, [], { stdio: ['pipe', 'pipe', 'inherit'] });
const answers = [];
createInterface({ input: cli.stdout }).on('line', (line) => answers.shift()?.(line));
const ask = (action) => new Promise((done) => {
  answers.push(done);
  cli.stdin.write(`${JSON.stringify(action)}\n`);
});
const shell = `<script>
window.__TAURI_INTERNALS__ = {
  metadata: { currentWindow: { label: 'main' }, currentWebview: { windowLabel: 'main', label: 'main' } },
  transformCallback: (cb) => { const id = Math.floor(Math.random() * 1e9); window['_' + id] = cb; return id; },
  unregisterCallback: () => {},
  invoke: async (cmd, args) => (await fetch('/invoke', { method: 'POST', body: JSON.stringify({ cmd, args }) })).json(),
};
</script>`;
const types = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.png': 'image/png' };
const server = createServer(async (req, res) => {
  if (req.method === 'POST') {
    let body = '';
    for await (const chunk of req) body += chunk;
    const { cmd, args } = JSON.parse(body);
    res.setHeader('content-type', 'application/json');
    res.end(cmd === 'respond' ? await ask(args.action) : 'null');
    return;
  }
  const path = join(dist, req.url === '/' ? 'index.html' : req.url.split('?')[0]);
  if (!path.startsWith(dist) || !existsSync(path)) {
    res.statusCode = 404;
    res.end();
    return;
  }
  const data = readFileSync(path);
  res.setHeader('content-type', types[extname(path)] ?? 'application/octet-stream');
  res.end(path.endsWith('index.html') ? data.toString().replace('<head>', `<head>${shell}`) : data);
});
await new Promise((up) => server.listen(0, '127.0.0.1', up));
const url = `http://127.0.0.1:${server.address().port}/`;

// A phone's browser at 390×844, as the guest page's tests open it (headless Chromium alone keeps its window
// at least 500 px wide).
const webkit = engine === 'webkit' ? await webkitBrowser() : engine === 'app' ? await releaseApp() : null;
const driver = webkit ? webkit.driver : await guestBrowser();
if (frames && !webkit) await driver.sendDevToolsCommand('Emulation.setDeviceMetricsOverride', { width: 390, height: 844, deviceScaleFactor: 1, mobile: true });
const respond = (action) => driver.executeAsyncScript('const done = arguments[arguments.length - 1]; window.__TAURI_INTERNALS__.invoke("respond", { action: arguments[0] }).then(done);', action);

try {
  if (engine !== 'app') await driver.get(url);
  console.log(`the page: ${await driver.executeScript('return `${innerWidth}×${innerHeight} at ${devicePixelRatio}×`')}`);
  await untilTimed(driver, 0);
  await respond({ action: 'new_game', seed });
  await driver.navigate().refresh();
  await untilTimed(driver, 0);
  if (!frames) {
    await driver.sendAndGetDevToolsCommand('Profiler.enable', {});
    await driver.sendAndGetDevToolsCommand('Profiler.setSamplingInterval', { interval: 50 });
  }
  const profiled = (i) => !frames && (at === null || at.includes(i + 1));
  const profiles = [];
  const rows = [];
  const taps = [];
  for (let i = 0; i < decisions; i += 1) {
    const decision = decide((await respond({ action: 'view' })).view);
    if (!decision) break;
    const before = await timedCount(driver);
    if (profiled(i)) await driver.sendAndGetDevToolsCommand('Profiler.start', {});
    await makeDecision(driver, decision);
    await untilTimed(driver, before);
    if (profiled(i)) profiles.push((await driver.sendAndGetDevToolsCommand('Profiler.stop', {})).profile);
    const t = await driver.executeScript('return window.__goebenTimings.at(-1)');
    taps.push(t);
    rows.push(`${String(i + 1).padStart(3)} ${decision.action.action.padEnd(20)} IPC ${t.ipc.toFixed(1).padStart(5)}  DOM ${t.dom.toFixed(1).padStart(5)}  laid ${t.laid.toFixed(1).padStart(5)}  painted ${t.paint.toFixed(1).padStart(5)} ms`);
  }
  console.log(`${rows.length} decisions of seed ${seed} (${{ app: 'the release app', webkit: 'WebKitGTK MiniBrowser', chromium: 'Chromium, headless' }[engine]}, 390×844):\n${rows.join('\n')}`);
  if (frames) {
    summarise(taps);
  } else {
    if (out) writeFileSync(out, JSON.stringify(profiles));
    report(profiles, profiles.length);
  }
} finally {
  await driver.quit();
  webkit?.stop();
  server.close();
  cli.kill();
  rmSync(dist, { recursive: true, force: true });
}

/** The release app itself (e2e/harness.mjs: tauri-driver, its own Xvfb and data folder), its window 390×844:
 * the same decisions with nothing of the e2e suite's between them (no screenshots, no checks of the page). */
async function releaseApp() {
  const { openApp, resize, startDriver } = await import('../e2e/harness.mjs');
  const tauri = await startDriver();
  const driver = await openApp();
  await resize(driver, 390, 844);
  return { driver, stop: () => tauri.stop() };
}

/** WebKitGTK's MiniBrowser driven by WebKitWebDriver in its own Xvfb, at 390×844, compositing off (as
 * e2e/harness.mjs runs the app). */
async function webkitBrowser() {
  const display = ':97';
  const xvfb = spawn('Xvfb', [display, '-screen', '0', '1400x1000x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
  const socket = `/tmp/.X11-unix/X${display.slice(1)}`;
  await waitFor(`Xvfb to listen on ${socket}`, () => existsSync(socket), 5000);
  const port = 4744;
  // GTK's own style sheet lets the toolbar's entry shrink, or the window stays at least 447 px wide.
  const gtk = mkdtempSync(join(tmpdir(), 'goeben-profile-gtk-'));
  mkdirSync(join(gtk, 'gtk-3.0'));
  writeFileSync(join(gtk, 'gtk-3.0', 'gtk.css'), 'entry { min-width: 0; } * { min-width: 0; }\n');
  const env = { ...process.env, DISPLAY: display, XDG_CONFIG_HOME: gtk, WEBKIT_DISABLE_COMPOSITING_MODE: '1' };
  const wd = spawn('WebKitWebDriver', [`--port=${port}`], { env, stdio: 'ignore' });
  await new Promise((r) => setTimeout(r, 500));
  const browser = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
  const driver = await new Builder()
    .usingServer(`http://127.0.0.1:${port}`)
    .withCapabilities({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: browser, args: ['--automation'] } })
    .build();
  await driver.manage().setTimeouts({ implicit: 0, script: 10000 });
  // The window's toolbar is not the page's: the window is sized until the page itself is 390×844 (or as
  // near as GTK lets it: 391×844 here; the page's size is printed).
  await driver.get('about:blank');
  let [w, h] = [390, 844];
  for (let i = 0; i < 5; i += 1) {
    await driver.manage().window().setRect({ width: w, height: h });
    const [iw, ih] = await driver.executeScript('return [innerWidth, innerHeight]');
    if (iw === 390 && ih === 844) break;
    [w, h] = [w + 390 - iw, h + 844 - ih];
  }
  return {
    driver,
    stop: () => {
      wd.kill();
      xvfb.kill();
      rmSync(gtk, { recursive: true, force: true });
    },
  };
}

/** The taps' p50 / p95 (nearest rank): to the answer (over HTTP; in the app over IPC), and from the answer to the DOM, laid out, painted. */
function summarise(taps) {
  const both = (f) => `${pct(taps.map(f), 50).toFixed(1)} / ${pct(taps.map(f), 95).toFixed(1)}`;
  console.log(`\n${taps.length} taps, p50 / p95 ms: the answer (${engine === 'app' ? 'IPC' : 'HTTP'}) ${both((t) => t.ipc)}; from the answer: DOM updated ${both((t) => t.dom - t.ipc)}, laid out ${both((t) => t.laid - t.ipc)}, painted ${both((t) => t.paint - t.ipc)}; from the tap, painted ${both((t) => t.paint)}`);
}

/** The app's functions by inclusive time, its components alone, and every function by its own time. */
function report(profiles, count) {
  const name = (f) => `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
  const inclusive = new Map();
  const own = new Map();
  for (const profile of profiles) add(profile);
  function add(profile) {
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    profile.samples.forEach((id, i) => {
      const ms = (profile.timeDeltas[i] ?? 0) / 1000;
      const leaf = byId.get(id).callFrame;
      own.set(name(leaf), (own.get(name(leaf)) ?? 0) + ms);
      const seen = new Set();
      for (let p = id; p !== undefined; p = parent.get(p)) {
        const f = byId.get(p).callFrame;
        if (!f.url.includes('/assets/') || seen.has(name(f))) continue;
        seen.add(name(f));
        inclusive.set(name(f), (inclusive.get(name(f)) ?? 0) + ms);
      }
    });
  }
  const top = (map, n, keep = () => true) => [...map.entries()].filter(([k]) => keep(k)).sort((a, b) => b[1] - a[1]).slice(0, n)
    .map(([k, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${(ms / count).toFixed(2).padStart(6)} ms a decision  ${k}`).join('\n');
  console.log(`\nthe app's code, inclusive:\n${top(inclusive, 30)}`);
  // Svelte compiles a component to a function of its name, its blocks to `consequent…`/`alternate…`.
  console.log(`\ncomponents, inclusive:\n${top(inclusive, 20, (k) => /^[A-Z]/.test(k))}`);
  console.log(`\nown time (idle and the harness's scripts included):\n${top(own, 20, (k) => !k.startsWith('(idle)'))}`);
}
