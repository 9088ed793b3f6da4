// Runs every end-to-end test file (e2e/*.test.mjs) in the real app, several files at a time: each test
// file drives its own app through its own tauri-driver (on its own ports) with its own data folder, and a
// test file leaves the cores mostly idle while it waits for the webview (measured: 40–80 % of two cores
// idle during the one-at-a-time run). On two cores, one at a time took 580–600 s, two 304 s, three 232 s
// (the longest file, sizes.test.mjs, then ends the run).
//
//   node scripts/e2e.mjs [FILE…]   (default: every e2e/*.test.mjs; GOEBEN_E2E_WORKERS: how many at once,
//                                   by default one more than the cores, at most 3)
//
// Each worker has an Xvfb of its own (the keyboard's focus is one per display: the a11y test's Tab walk
// failed when three apps shared one; and the harness's own Xvfb, one per file, would be stopped by the
// first file to end under the others). Each file's output is printed whole when it ends,
// with its time; the run fails, naming the files, when any file fails.
//
// A hang never holds the run: each file has a time limit (GOEBEN_E2E_FILE_LIMIT seconds, 600 by default
// against 130 for the longest file), after which the file's whole process group — its tauri-driver,
// WebKitWebDriver and app — is killed, its output so far printed (the tests that ended are listed: the one
// after them hung). CI once waited 70 minutes on a file (app.test.mjs) that never ended. A file stopped by
// its limit is run once more and the summary says so (a hang of the WebDriver stack, not an answer of the
// app; a file that fails is not run again). A file ends when its own process does: --test-force-exit ends it
// once its tests have, even if a handle it opened (a driver's socket) stays open, and a process it left
// behind holding its output pipe (a driver or an app in a session of its own) no longer holds the run.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// The longest files first, so the workers end together (seconds in CI's run of 9618601 on the unoptimised app).
const LONGEST_FIRST = [
  'sizes.test.mjs', // 162
  'chromium_game.test.mjs', // 129 (two whole games in Chromium; the short screens' two in the next)
  'orders_games.test.mjs', // 129
  'chromium_game_short.test.mjs', // 116
  'a11y.test.mjs', // 78
  'whole_game.test.mjs', // 64
  'player_dice.test.mjs', // 61
  'app.test.mjs', // 61
  'tools.test.mjs', // 43
  'table_guest.test.mjs', // 36
  'disk_full.test.mjs', // 34
  'provable.test.mjs', // 28
];

/** The files to run, longest first; any file not in `LONGEST_FIRST` after them, by name. */
export function ordered(files) {
  const rank = (f) => {
    const at = LONGEST_FIRST.indexOf(basename(f));
    return at === -1 ? LONGEST_FIRST.length : at;
  };
  return [...files].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

const FILE_LIMIT_S = Number(process.env.GOEBEN_E2E_FILE_LIMIT ?? 600);

/** Runs `file` with node's test runner on the driver port `port`, in a process group of its own (killed
 * whole at `limitS` seconds): its exit code, output, time and whether the limit stopped it. */
export function runFile(file, port, env, limitS = FILE_LIMIT_S) {
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn(
      process.execPath,
      // The file run as a script, not under `--test`: the runner `--test` starts waits for its file's output
      // pipe to close, which a process the file left behind holds open for ever (e2e/hang_limit.test.mjs).
      ['--test-reporter=tap', '--test-force-exit', file],
      { cwd: repo, env: { ...env, GOEBEN_DRIVER_PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    let output = '';
    let timedOut = false;
    const killGroup = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // The group has already gone.
      }
    };
    const limit = setTimeout(() => {
      timedOut = true;
      output += `\n# stopped: the file ran past its limit of ${limitS} s (its process group killed)\n`;
      killGroup('SIGTERM');
      setTimeout(() => killGroup('SIGKILL'), 5000).unref();
    }, limitS * 1000);
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    // The file's own process ending ends the file: a process it started in a session of its own (a driver, an
    // app) may keep the output pipe open for ever, so 'close' alone is not waited for — only briefly, for the
    // output still in the pipe.
    child.on('exit', (code) => {
      clearTimeout(limit);
      // Whatever the file left behind in its group goes with it.
      killGroup('SIGKILL');
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        child.stdout.destroy();
        child.stderr.destroy();
        done({ file, code: timedOut ? 1 : code ?? 1, output, seconds: (Date.now() - started) / 1000, timedOut });
      };
      child.on('close', end);
      setTimeout(end, 2000).unref();
    });
  });
}

/** An X display of its own, `:N`: started here, stopped by the function it answers. Each worker has one —
 * the keyboard's focus is one per display, and a test that walks the app with Tab needs it. */
async function display(n) {
  const name = `:${n}`;
  const xvfb = spawn('Xvfb', [name, '-screen', '0', '1400x1000x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
  const socket = `/tmp/.X11-unix/X${n}`;
  for (let waited = 0; !existsSync(socket); waited += 50) {
    if (waited > 10000) throw new Error(`Xvfb did not listen on ${socket}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { name, stop: () => xvfb.kill('SIGTERM') };
}

async function main() {
  const asked = process.argv.slice(2);
  const dir = join(repo, 'e2e');
  const files = ordered(asked.length > 0 ? asked : readdirSync(dir).filter((f) => f.endsWith('.test.mjs')).map((f) => join('e2e', f)));
  const workers = Math.max(1, Number(process.env.GOEBEN_E2E_WORKERS ?? Math.min(3, availableParallelism() + 1)));
  // One worker on a display already there (a desktop) uses it; otherwise each worker has its own Xvfb.
  const own = workers > 1 || !process.env.DISPLAY;
  const displays = own ? await Promise.all(Array.from({ length: workers }, (_, i) => display(97 + i))) : [];
  const queue = [...files];
  const results = [];
  const began = Date.now();
  // Worker i drives on ports 4444 + 10 i (tauri-driver) and the next (its native driver).
  const worker = async (i) => {
    const env = own ? { ...process.env, DISPLAY: displays[i].name } : { ...process.env };
    for (let file = queue.shift(); file; file = queue.shift()) {
      let result = await runFile(file, 4444 + 10 * i, env);
      if (result.timedOut) {
        process.stdout.write(`\n=== ${result.file}: HUNG, stopped at ${result.seconds.toFixed(0)} s; run once more ===\n${result.output}`);
        result = { ...(await runFile(file, 4444 + 10 * i, env)), hungOnce: true };
      }
      results.push(result);
      process.stdout.write(`\n=== ${result.file}: ${result.code === 0 ? 'passed' : 'FAILED'} in ${result.seconds.toFixed(0)} s ===\n${result.output}`);
    }
  };
  try {
    await Promise.all(Array.from({ length: workers }, (_, i) => worker(i)));
  } finally {
    for (const d of displays) d.stop();
  }
  const failed = results.filter((r) => r.code !== 0).map((r) => r.file);
  const took = ((Date.now() - began) / 1000).toFixed(0);
  console.log(`\n${results.length} test files on ${workers} workers in ${took} s; by file: ${results.map((r) => `${basename(r.file)} ${r.seconds.toFixed(0)} s`).join(', ')}`);
  const hung = results.filter((r) => r.hungOnce).map((r) => basename(r.file));
  if (hung.length > 0) console.log(`HUNG once and run again (see "HUNG" above for the test that hung): ${hung.join(', ')}`);
  if (failed.length > 0) {
    console.log(`FAILED: ${failed.join(', ')}`);
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
