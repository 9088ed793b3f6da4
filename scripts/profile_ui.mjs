#!/usr/bin/env node
// Where the UI's time goes after an answer (issue #31): the UI built without minifying, opened in headless
// Chromium at 390×844 with a stand-in for the Tauri shell that hands each `respond` to the referee CLI (one
// JSON line in, one out), the e2e suite's player (e2e/policy.mjs, e2e/play.mjs) making the seeded game's
// decisions by taps, and Chromium's CPU profiler running meanwhile. WebKitGTK has no profiler reachable
// here; the figures are Chromium's, read for where the time goes, not for how much it is in the app
// (scripts/bench_app.mjs --frames measures that in the real app).
//
//   node scripts/profile_ui.mjs [--decisions 25] [--seed 3] [--out FILE.cpuprofile]
//
// Prints each decision's timings as the app measured them (ui/src/lib/startup.ts), then the app's functions
// and Svelte components by time spent in them (inclusive), and the heaviest functions by their own time.
// Needs Debian's chromium and chromium-driver (as the guest page's tests, e2e/table.mjs) and the referee CLI
// (`cargo build --bin referee`); builds the UI into a temporary folder itself.
import { execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { decide } from '../e2e/policy.mjs';
import { guestBrowser } from '../e2e/table.mjs';
import { makeDecision } from '../e2e/play.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const option = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : process.argv[i + 1];
};
const decisions = Number(option('decisions', '25'));
const seed = Number(option('seed', '3'));
const out = option('out', null);
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
const driver = await guestBrowser();
const respond = (action) => driver.executeAsyncScript('const done = arguments[arguments.length - 1]; window.__TAURI_INTERNALS__.invoke("respond", { action: arguments[0] }).then(done);', action);
/** Waits until the app has timed `count` answers (its own record of each, ui/src/lib/startup.ts). */
const timed = (count) => driver.wait(async () => (await driver.executeScript('return (window.__goebenTimings ?? []).length')) >= count, 10000);

try {
  await driver.get(url);
  await timed(1);
  await respond({ action: 'new_game', seed });
  await driver.navigate().refresh();
  await timed(1);
  await driver.sendAndGetDevToolsCommand('Profiler.enable', {});
  await driver.sendAndGetDevToolsCommand('Profiler.setSamplingInterval', { interval: 50 });
  await driver.sendAndGetDevToolsCommand('Profiler.start', {});
  const rows = [];
  for (let i = 0; i < decisions; i += 1) {
    const decision = decide((await respond({ action: 'view' })).view);
    if (!decision) break;
    const before = await driver.executeScript('return window.__goebenTimings.length');
    await makeDecision(driver, decision);
    await timed(before + 1);
    const t = await driver.executeScript('return window.__goebenTimings.at(-1)');
    rows.push(`${decision.action.action.padEnd(20)} IPC ${t.ipc.toFixed(1).padStart(5)}  DOM ${t.dom.toFixed(1).padStart(5)}  painted ${t.paint.toFixed(1).padStart(5)} ms`);
  }
  const { profile } = await driver.sendAndGetDevToolsCommand('Profiler.stop', {});
  if (out) writeFileSync(out, JSON.stringify(profile));
  console.log(`${rows.length} decisions of seed ${seed} (Chromium, headless, 390×844):\n${rows.join('\n')}`);
  report(profile, rows.length);
} finally {
  await driver.quit();
  server.close();
  cli.kill();
  rmSync(dist, { recursive: true, force: true });
}

/** The app's functions by inclusive time, its components alone, and every function by its own time. */
function report(profile, count) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (f) => `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
  const inclusive = new Map();
  const own = new Map();
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
  const top = (map, n, keep = () => true) => [...map.entries()].filter(([k]) => keep(k)).sort((a, b) => b[1] - a[1]).slice(0, n)
    .map(([k, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${(ms / count).toFixed(2).padStart(6)} ms a decision  ${k}`).join('\n');
  console.log(`\nthe app's code, inclusive:\n${top(inclusive, 30)}`);
  // Svelte compiles a component to a function of its name, its blocks to `consequent…`/`alternate…`.
  console.log(`\ncomponents, inclusive:\n${top(inclusive, 20, (k) => /^[A-Z]/.test(k))}`);
  console.log(`\nown time (idle and the harness's scripts included):\n${top(own, 20, (k) => !k.startsWith('(idle)'))}`);
}
