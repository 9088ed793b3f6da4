#!/usr/bin/env node
// Kills the real app 100 times at every kind of moment. Plays scripted games in the real app (through the shell's
// `respond` and `tools_respond` commands, the UI's own doors, for speed) and SIGKILLs it at seeded random
// moments: between actions, while an action is being applied and saved, during a battle, during a table
// tools request, during a phone's request to the table the app hosts (table mode, HTTP from this
// script, as a guest's page sends it). After every restart it checks that
//   - the view is the view of the last action that was answered, or, when the kill landed while an action
//     was in flight, the view before it or the view after it (the action applied once) — never anything else;
//   - the game record lists every applied action once, in order (none lost once answered, none twice);
//   - the table tools' log is the one last answered, or one longer for a request in flight;
//   - the table the app hosts reopened by itself on the same join URL, its log is the one last answered or
//     one longer, and the phone's retry of the request in flight (same Idempotency-Key) leaves it exactly
//     one longer: applied once, whether the kill came before or after it was kept;
//   - the game store (games.sqlite3 and its WAL) passes SQLite's integrity check, every other file of the
//     data folder reads as JSON, none was kept aside as unreadable, and the app shows no startup notice
//     (nothing was found damaged, no step failed to replay);
//   - the screen shows the turn the referee holds.
// By hand, not in CI (docs/RELIABILITY.md):
//   node scripts/kill_soak.mjs --kills 100 [--app PATH] [--seed N]
// (`--plant-torn-save K` damages the store's newest snapshot after kill K; `--plant-lost-key K` resends kill K's table-mode
// request under a new key: that kill must fail, showing the checks bite.)
// The app defaults to the release build, src-tauri/target/release/goeben-referee-app (or
// $CARGO_TARGET_DIR/release/…). Exit status 0 when every kill was survived.
import { existsSync, readdirSync, readFileSync, realpathSync, statSync, watch } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import { spawn, execFileSync } from 'node:child_process';
import { uniform } from './stats.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
if (args.includes('--help')) {
  console.log('node scripts/kill_soak.mjs [--kills 100] [--app PATH] [--seed N] [--display 93] [--plant-torn-save K] [--plant-lost-key K]');
  process.exit(0);
}
const KILLS = Number(option('kills', '100'));
// A planted fault, to see the checks fail: after kill number PLANT the store's newest snapshot is damaged
// (as a bad sector would leave it); that kill must be reported as a failure.
const PLANT = Number(option('plant-torn-save', '0'));
// Another, for the table: after kill number LOST_KEY (a table-mode request in flight) the phone first sends
// the request again under a new key, as a page that lost its Idempotency-Key would: it is applied twice, and
// that kill must be reported.
const LOST_KEY = Number(option('plant-lost-key', '0'));
const RUN_SEED = Number(option('seed', '1'));
const targetDir = process.env.CARGO_TARGET_DIR ?? join(repo, 'src-tauri', 'target');
const app = resolve(option('app', join(targetDir, 'release', 'goeben-referee-app')));
if (!existsSync(app)) {
  console.error(`no app at ${app}: build it (npx tauri build --no-bundle) or pass --app PATH`);
  process.exit(2);
}
// The harness reads the binary's path when it is loaded.
process.env.GOEBEN_APP = app;
// A display of its own (the harness's shared :97 may be stopped by another e2e run meanwhile).
let xvfb = null;
if (!process.env.DISPLAY) {
  const display = `:${option('display', '93')}`;
  xvfb = spawn('Xvfb', [display, '-screen', '0', '1400x1000x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
  process.env.DISPLAY = display;
  const socket = `/tmp/.X11-unix/X${display.slice(1)}`;
  for (let i = 0; i < 100 && !existsSync(socket); i += 1) await delay(100);
  if (!existsSync(socket)) {
    console.error(`Xvfb did not start on ${display}`);
    process.exit(2);
  }
}
const { startDriver, openApp, appPids: matching, running, waitFor, waitForAnyTestId, byTestId } = await import('../e2e/harness.mjs');
/** The app's own processes: those running its binary (not this script, whose command line names it too). */
const appPids = () =>
  matching().filter((pid) => {
    try {
      return realpathSync(`/proc/${pid}/exe`) === realpathSync(app);
    } catch {
      return false;
    }
  });
const { tid } = await import('../ui/src/lib/testids.js');
const { decide } = await import('../e2e/policy.mjs');

// The run's choices (kinds, numbers of actions, delays) from its seed.
const random = uniform(RUN_SEED);
const pick = (n) => Math.floor(random() * n);

const KINDS = ['between', 'save', 'battle', 'tools', 'table'];
const IDENTIFIER = 'org.goebenreferee.app';
const log = (line) => process.stdout.write(`${line}\n`);

async function invoke(driver, cmd, payload) {
  const r = await driver.executeAsyncScript(
    `const done = arguments[arguments.length - 1];
     window.__TAURI_INTERNALS__.invoke(arguments[0], arguments[1]).then(done, (e) => done({ failed: String(e) }));`,
    cmd,
    payload,
  );
  if (r && r.failed) throw new Error(`${cmd} failed: ${r.failed}`);
  return r;
}
const respond = (driver, action) => invoke(driver, 'respond', { action });
const tools = (driver, request) => invoke(driver, 'tools_respond', { request });

/** Starts an IPC call in the page `later` ms from now, without waiting for it (the kill may land before,
 * during or after it). */
async function fire(driver, cmd, payload, later) {
  await driver.executeScript(
    `setTimeout(() => window.__TAURI_INTERNALS__.invoke(arguments[0], arguments[1]), arguments[2]);`,
    cmd,
    payload,
    later,
  );
}
/** The page sends the request this long after being told to; the kill is timed around it. */
const PAGE_DELAY = 30;

/** The public state that must come back after a restart (the undo stack is not saved). */
const state = (view) => JSON.stringify({ ...view, undo_status: undefined });
const TOOLS_REQUEST = { tool: 'roll_event', player: 'a', table: 'tactical' };
const TABLE_REQUEST = { tool: 'roll_event', player: 'a', table: 'strategic' };

// Table mode: seat A's phone, played from here over HTTP as the guest page does (docs/TABLE-MODE.md).
let seatA = null; // { url, api } once the table is open
let keyCount = 0;
const freshKey = () => `kill-soak-${RUN_SEED}-${(keyCount += 1)}`;
/** One request from seat A's phone: the parsed answer, its status and whether it was a kept answer. */
async function tablePost(request, key) {
  const r = await fetch(seatA.api, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify(request) });
  return { status: r.status, replayed: r.headers.get('idempotency-replayed') === 'true', answer: await r.json() };
}
/** The table's public log length, as seat A reads it. */
async function tableLog() {
  const r = await tablePost({ tool: 'table_view' }, freshKey());
  if (r.status !== 200 || r.answer.tool !== 'table_view') throw new Error(`table_view answered ${r.status} ${JSON.stringify(r.answer)}`);
  return r.answer.log.length;
}
/** The table as the app says it is open (it reopens by itself on a thread after a start), or null. */
async function tableSeatA(driver, within) {
  let seat = null;
  await waitFor('the table to be open', async () => {
    const t = (await invoke(driver, 'table_status', {})).table;
    seat = t?.seats.find((x) => x.seat === 'A') ?? null;
    return seat !== null;
  }, within, 50).catch(() => {});
  return seat && { url: seat.url, api: seat.url.replace('/join/', '/api/') };
}
/** Opens the table of the table tools on loopback the first time it is needed. */
async function openTable(driver) {
  const opened = await invoke(driver, 'table_open', { address: '127.0.0.1', display: false, game: null });
  if (!opened.ok) throw new Error(`table_open refused: ${opened.error}`);
  seatA = await tableSeatA(driver, 5000);
}

const seenAside = new Set();
/** The game store's file. */
const STORE = 'games.sqlite3';

/** SQLite's own check of the store (read-only, beside the running app: WAL readers never block it). */
function storeProblems(dataDir) {
  const path = join(dataDir, STORE);
  if (!existsSync(path)) return ['the game store is missing'];
  try {
    const said = execFileSync('sqlite3', ['-readonly', path, 'PRAGMA quick_check;'], { encoding: 'utf8' }).trim();
    return said === 'ok' ? [] : [`the game store fails its check: ${said}`];
  } catch (e) {
    return [`the game store cannot be read: ${String(e.stderr ?? e).trim()}`];
  }
}

/** Every JSON file of the data folder (the hosted table's, the preferences): the unreadable ones, the ones
 * kept aside, half-written temporary ones; the store's own files are checked by `storeProblems`. */
function inspectFiles(dataDir) {
  const found = { files: 0, unreadable: [], keptAside: [], temporary: [] };
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) {
        // Files of an earlier version, moved aside once imported.
        if (e.name !== 'imported') walk(path);
        continue;
      }
      if (!e.name.endsWith('.json')) continue;
      if (e.name.includes('.unreadable-')) {
        // A copy of a damaged save, kept for the player: reported once, when it appears.
        if (!seenAside.has(path)) found.keptAside.push(path);
        seenAside.add(path);
        continue;
      }
      if (e.name.startsWith('.')) {
        // A temporary file a kill interrupted: never read, overwritten by the next write.
        found.temporary.push(path);
        continue;
      }
      found.files += 1;
      try {
        JSON.parse(readFileSync(path, 'utf8'));
      } catch {
        found.unreadable.push(path);
      }
    }
  };
  walk(dataDir);
  return found;
}

/** The policy's decision for a view, or the first legal action when it has none. */
function nextAction(view) {
  return decide(view)?.action ?? view.legal_actions.find((a) => a.action !== 'undo') ?? null;
}

/** Whether a battle is being fought now. */
const inBattle = (view) => (view.game?.combat ?? []).some((b) => b.stage !== 'over');

/** The record's steps (the applied actions), `[]` when no game runs. */
async function steps(driver) {
  const r = await respond(driver, { action: 'export_record' });
  return r.ok && r.record ? r.record.steps.map((s) => JSON.stringify(s.action)) : [];
}

/** Whether the record's step is the action sent (the core writes every field, defaults included). */
function sameAction(step, sent) {
  const recorded = JSON.parse(step);
  return Object.entries(sent).every(([k, v]) => JSON.stringify(recorded[k]) === JSON.stringify(v));
}

const driverProcess = await startDriver();
const dataDir = join(driverProcess.env.XDG_DATA_HOME, IDENTIFIER);
const started = Date.now();
const failures = [];
const tally = { between: 0, save: 0, battle: 0, tools: 0, table: 0 };
const outcomes = { before: 0, after: 0, toolsBefore: 0, toolsAfter: 0, tableBefore: 0, tableAfter: 0 };
// Half-written temporary files seen after a kill (path and time): the kill landed during a write.
const midWrite = new Set();
let actionsApplied = 0;
let toolsApplied = 0;
let tableApplied = 0;
let games = 0;
let battles = 0;
let atWrite = 0;
let gameSeed = RUN_SEED * 1000;

// What the app must show after the next restart.
let expect = null; // { view, steps, toolsLog, tableLog, inFlight: null | { kind: 'respond', action } | { kind: 'tools' } | { kind: 'table', key } }
let survived = 0;

async function open() {
  const driver = await openApp();
  // The UI has asked for its startup notice and the first view once the phase or the new-game screen shows.
  await waitForAnyTestId(driver, [tid.phase, tid.seedInput], 30000);
  return driver;
}

async function newGame(driver) {
  gameSeed += 1;
  games += 1;
  const r = await respond(driver, { action: 'new_game', seed: gameSeed });
  if (!r.ok) throw new Error(`new game refused: ${r.error?.message}`);
  actionsApplied += 1;
  return r.view;
}

/** Applies one decision and waits for the answer; returns the view (a new game when the last one ended). */
async function step(driver, view) {
  const action = view.game && !view.game_over ? nextAction(view) : null;
  if (!action) return newGame(driver);
  const r = await respond(driver, action);
  if (!r.ok) throw new Error(`the policy's ${JSON.stringify(action)} was refused: ${r.error?.message}`);
  if (r.error) throw new Error(`${JSON.stringify(action)}: ${r.error.message}`);
  actionsApplied += 1;
  return r.view;
}

/** The checks after a restart; returns the list of what was wrong. */
async function check(driver, kill) {
  const wrong = [];
  const files = inspectFiles(dataDir);
  if (files.unreadable.length) wrong.push(`unreadable: ${files.unreadable.join(', ')}`);
  if (files.keptAside.length) wrong.push(`kept aside: ${files.keptAside.join(', ')}`);
  wrong.push(...storeProblems(dataDir));
  for (const path of files.temporary) midWrite.add(`${path}@${statSync(path).mtimeMs}`);
  const notice = await driver.findElements(byTestId(tid.noticeBanner));
  if (notice.length) wrong.push(`startup notice: ${await notice[0].getText()}`);
  const view = (await respond(driver, { action: 'view' })).view;
  const now = await steps(driver);
  const toolsLog = (await tools(driver, { tool: 'table_view' })).log ?? [];
  const { inFlight } = expect;
  // The game: the last answered state, or (an action in flight) the state before it or after it, once.
  if (state(view) === state(expect.view) && now.length === expect.steps.length) {
    if (inFlight?.kind === 'respond') outcomes.before += 1;
  } else if (inFlight?.kind === 'respond' && now.length === expect.steps.length + 1 && sameAction(now[now.length - 1], inFlight.action)) {
    outcomes.after += 1;
  } else {
    wrong.push(`view: turn ${view.turn} ${view.phase} with ${now.length} steps; expected turn ${expect.view.turn} ${expect.view.phase} with ${expect.steps.length} steps${inFlight ? ` (or one more: ${JSON.stringify(inFlight.action ?? 'tools')})` : ''}`);
  }
  if (JSON.stringify(now.slice(0, expect.steps.length)) !== JSON.stringify(expect.steps)) wrong.push('the game record differs from the actions applied (lost, doubled or changed)');
  // The tools: the last answered log, or one entry longer for a request in flight.
  const toolsOk = toolsLog.length === expect.toolsLog || (inFlight?.kind === 'tools' && toolsLog.length === expect.toolsLog + 1);
  if (!toolsOk) wrong.push(`table tools log has ${toolsLog.length} entries; expected ${expect.toolsLog}${inFlight?.kind === 'tools' ? ' or one more' : ''}`);
  if (inFlight?.kind === 'tools') outcomes[toolsLog.length === expect.toolsLog ? 'toolsBefore' : 'toolsAfter'] += 1;
  // The hosted table: reopened on the same URL; its log as answered, or one longer for a request in flight,
  // and exactly one longer once the phone retries that request with its key.
  let tableNow = expect.tableLog;
  if (seatA) {
    const reopened = await tableSeatA(driver, 10000);
    if (!reopened) wrong.push('the table left open did not reopen');
    else if (reopened.url !== seatA.url) wrong.push(`the table reopened on ${reopened.url}, not on ${seatA.url}`);
    else {
      tableNow = await tableLog();
      const ok = tableNow === expect.tableLog || (inFlight?.kind === 'table' && tableNow === expect.tableLog + 1);
      if (!ok) wrong.push(`the table's log has ${tableNow} entries; expected ${expect.tableLog}${inFlight?.kind === 'table' ? ' or one more' : ''}`);
      if (inFlight?.kind === 'table') {
        outcomes[tableNow === expect.tableLog ? 'tableBefore' : 'tableAfter'] += 1;
        if (kill.n === LOST_KEY) {
          await tablePost(TABLE_REQUEST, freshKey());
          log(`  (planted: kill ${kill.n}'s request sent again under a new key)`);
        }
        const retry = await tablePost(TABLE_REQUEST, inFlight.key);
        const after = await tableLog();
        if (retry.status !== 200 || retry.answer.tool === 'error') wrong.push(`the retry was answered ${retry.status} ${JSON.stringify(retry.answer)}`);
        if (retry.replayed !== (tableNow === expect.tableLog + 1)) wrong.push(`the retry was ${retry.replayed ? '' : 'not '}a kept answer though the request was ${tableNow === expect.tableLog ? 'not ' : ''}applied before the kill`);
        if (after !== expect.tableLog + 1) wrong.push(`after the retry the table's log has ${after} entries; expected ${expect.tableLog + 1} (applied once)`);
        tableNow = after;
      }
    }
  }
  // The screen shows the referee's turn.
  if (view.game && !view.game_over) {
    const turn = await driver.findElements(byTestId(tid.turn));
    const text = turn.length ? await turn[0].getText() : '';
    if (!text.startsWith(`Turn ${view.turn} `)) wrong.push(`the screen shows "${text}", the referee turn ${view.turn}`);
  }
  if (wrong.length) failures.push({ kill, kind: kill.kind, seed: RUN_SEED, gameSeed, wrong });
  return { view, steps: now, toolsLog: toolsLog.length, tableLog: tableNow };
}

/** The planted fault: the store's newest snapshot cut to half its length, as a damaged disk would leave it
 * (the app is killed: nothing else writes the store meanwhile). */
function tearNewestSave() {
  const sql = "UPDATE snapshot SET session = substr(session, 1, length(session) / 2) WHERE seq = (SELECT max(seq) FROM snapshot); SELECT changes();";
  const changed = execFileSync('sqlite3', [join(dataDir, STORE), sql], { encoding: 'utf8' }).trim();
  log(`  (planted: the store's newest snapshot cut in half, ${changed} row)`);
}

/** Kills the app the hard way and waits until it is gone. */
async function kill(pids) {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already killed (at a write) and reaped
    }
  }
  await waitFor('the killed app to exit', () => pids.every((pid) => !running(pid) || /^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'))), 10000);
}

let driver = await open();
try {
  let view = (await respond(driver, { action: 'view' })).view;
  if (!view.game) view = await newGame(driver);
  expect = { view, steps: await steps(driver), toolsLog: ((await tools(driver, { tool: 'table_view' })).log ?? []).length, tableLog: 0, inFlight: null };
  for (let n = 1; n <= KILLS; n += 1) {
    const kind = KINDS[pick(KINDS.length)];
    const before = pick(4) + (kind === 'between' ? 1 : 0);
    const fraction = random();
    const record = { n, kind, before, fraction: Number(fraction.toFixed(3)) };
    // A few decisions played and answered.
    for (let i = 0; i < before; i += 1) view = await step(driver, view);
    // For a battle: on to the next one (a few dozen decisions at most; otherwise killed where it is).
    if (kind === 'battle') {
      for (let i = 0; i < 60 && !inBattle(view); i += 1) view = await step(driver, view);
      record.battle = inBattle(view);
    }
    // What must come back if the kill lands before anything more is answered.
    if (!view.game || view.game_over) view = await newGame(driver);
    let toolsLog = expect.toolsLog;
    if (kind === 'tools') {
      const answered = await tools(driver, TOOLS_REQUEST);
      if (answered.tool === 'error') throw new Error(`tools request refused: ${JSON.stringify(answered)}`);
      toolsApplied += 1;
      toolsLog += 1;
    }
    let tableLogNow = expect.tableLog;
    if (kind === 'table') {
      if (!seatA) {
        await openTable(driver);
        tableLogNow = await tableLog();
      }
      const answered = await tablePost(TABLE_REQUEST, freshKey());
      if (answered.status !== 200 || answered.answer.tool === 'error') throw new Error(`table request refused: ${answered.status} ${JSON.stringify(answered.answer)}`);
      tableApplied += 1;
      tableLogNow += 1;
    }
    expect = { view, steps: await steps(driver), toolsLog, tableLog: tableLogNow, inFlight: null };
    let inFlight = null;
    const pids = appPids();
    if (pids.length === 0) throw new Error('no app process to kill');
    // Two ways to time the kill of a request in flight: by a seeded clock around the moment the page
    // sends it (before it reaches the shell, while it is applied and saved, or just after), or (two in
    // five) the instant a write reaches the data folder (inside the write: the store's WAL for the game
    // and the tools, the hosted table's temporary file for a table request).
    const byWrite = kind !== 'between' && fraction < 0.4;
    const wait = PAGE_DELAY + Math.round((fraction - 0.4) / 0.6 * 24 - 8);
    let watcher = null;
    let killedAtWrite = false;
    if (byWrite) {
      // The store commits into `games.sqlite3-wal`; the hosted table writes `table-mode.json.tmp`.
      const writing = (name) => (kind === 'table' ? name.endsWith('.tmp') : name === `${STORE}-wal`);
      watcher = watch(dataDir, (event, name) => {
        if (killedAtWrite || !name || !writing(name)) return;
        killedAtWrite = true;
        for (const pid of pids) process.kill(pid, 'SIGKILL');
      });
    }
    if (kind === 'tools') {
      inFlight = { kind: 'tools' };
      await fire(driver, 'tools_respond', { request: TOOLS_REQUEST }, PAGE_DELAY);
    } else if (kind === 'table') {
      // Sent from here, PAGE_DELAY ms from now like the page's; its answer (or the broken connection) is dropped.
      const key = freshKey();
      inFlight = { kind: 'table', key };
      setTimeout(() => tablePost(TABLE_REQUEST, key).catch(() => {}), PAGE_DELAY);
    } else if (kind !== 'between') {
      const action = nextAction(view);
      inFlight = { kind: 'respond', action };
      await fire(driver, 'respond', { action }, PAGE_DELAY);
    }
    if (byWrite) {
      await waitFor('a save to begin', () => killedAtWrite, 3000, 5).catch(() => {});
      watcher.close();
      record.moment = killedAtWrite ? 'at a write' : 'no write seen in 3 s';
      if (killedAtWrite) atWrite += 1;
    } else if (inFlight) {
      await delay(Math.max(0, wait));
      record.moment = `${wait - PAGE_DELAY >= 0 ? '+' : ''}${wait - PAGE_DELAY} ms from sending`;
    }
    await kill(pids);
    await driver.quit().catch(() => {});
    if (n === PLANT) tearNewestSave();
    tally[kind] += 1;
    if (record.battle) battles += 1;
    expect.inFlight = inFlight;
    driver = await open();
    const seen = await check(driver, record);
    const failed = failures.length && failures[failures.length - 1].kill === record;
    if (!failed) survived += 1;
    // Go on from what the app holds now.
    view = seen.view;
    expect = { view: seen.view, steps: seen.steps, toolsLog: seen.toolsLog, tableLog: seen.tableLog, inFlight: null };
    log(`kill ${n}/${KILLS}: ${kind}${record.battle === false ? ' (no battle reached)' : ''}${record.moment ? `, killed ${record.moment}` : ''} — ${failed ? `FAILED: ${failures[failures.length - 1].wrong.join('; ')}` : 'ok'}`);
  }
} finally {
  await driver.quit().catch(() => {});
  driverProcess.stop();
  xvfb?.kill('SIGTERM');
}

const seconds = (Date.now() - started) / 1000;
log('');
log(`KILL SOAK (seed ${RUN_SEED}, app ${app}):`);
log(`  kills survived: ${survived} / ${KILLS}`);
log(`  moments: ${Object.entries(tally).map(([k, v]) => `${k} ${v}`).join(', ')} (${battles} of the battle kills inside a battle)`);
log(`  game actions in flight at the kill: ${outcomes.before} not kept (the view before), ${outcomes.after} kept once (the view after)`);
log(`  tools requests in flight at the kill: ${outcomes.toolsBefore} not kept, ${outcomes.toolsAfter} kept once`);
log(`  table-mode requests in flight at the kill: ${outcomes.tableBefore} not kept, ${outcomes.tableAfter} kept once (each then retried with its key: applied once)`);
log(`  kills timed by a write beginning (the store's WAL changing, or the table's state file written): ${atWrite}; kills after which a temporary file was left (the table's state file, never read): ${midWrite.size}`);
log(`  ${actionsApplied} game actions, ${toolsApplied} tools requests and ${tableApplied} table-mode requests answered, ${games} new games`);
log(`  time: ${seconds.toFixed(1)} s (${(seconds / Math.max(1, KILLS)).toFixed(2)} s a kill)`);
for (const f of failures) log(`  FAILURE kill ${f.kill.n} (${f.kind}, run seed ${f.seed}, game seed ${f.gameSeed}): ${f.wrong.join('; ')}`);
process.exit(failures.length ? 1 : 0);
