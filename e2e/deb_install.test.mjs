// The .deb a player installs. The test command builds it once (scripts/build_app.sh) and names its
// folder in GOEBEN_DEB_DIR; this test installs it with dpkg -i, finds the app and its menu entry where a
// player's desktop looks for them, starts the installed app under Xvfb and sees its first screen (once on
// its own, reporting ready without WebDriver; once through WebDriver, with a screenshot), then removes it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const debDir = process.env.GOEBEN_DEB_DIR;
const skip = debDir ? false : 'GOEBEN_DEB_DIR is not set: the test command (scripts/test.sh) builds the .deb and sets it';

/** Runs a package command as root (directly when root, else through sudo without a password prompt). */
function asRoot(cmd, args) {
  const [bin, argv] = process.getuid() === 0 ? [cmd, args] : ['sudo', ['-n', cmd, ...args]];
  return execFileSync(bin, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Starts the installed binary with GOEBEN_STARTUP_REPORT=exit: it prints `ready <ms>` once its first
 * screen is interactive, then quits. */
function startUntilReady(bin, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, [], { env: { ...env, GOEBEN_STARTUP_REPORT: 'exit' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    // Time itself is what is checked here: a bound on how long the installed app may take to be ready.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the installed app never said it was ready (stdout: ${out.trim()}; stderr: ${err.trim().slice(-400)})`));
    }, 30000);
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.on('exit', (code) => {
      clearTimeout(timer);
      const m = out.match(/^ready (\d+)$/m);
      if (code === 0 && m) resolve(Number(m[1]));
      else reject(new Error(`the installed app exited (${code}) without saying it was ready: ${err.trim().slice(-400)}`));
    });
  });
}

test('the .deb installs with dpkg -i, starts to its first screen, and removes cleanly (issue #17)', { skip }, async () => {
  const debs = readdirSync(debDir).filter((f) => f.endsWith('.deb'));
  assert.equal(debs.length, 1, `one .deb in ${debDir} (found: ${debs.join(', ') || 'none'})`);
  const deb = join(debDir, debs[0]);
  const pkg = execFileSync('dpkg-deb', ['-f', deb, 'Package'], { encoding: 'utf8' }).trim();
  const depends = execFileSync('dpkg-deb', ['-f', deb, 'Depends'], { encoding: 'utf8' });
  assert.match(depends, /libwebkit2gtk-4\.1-0/, 'the package names the webview library it needs');
  assert.match(depends, /libsqlite3-0/, 'the package names the SQLite library its store links (the system\'s on Linux)');

  asRoot('dpkg', ['-i', deb]);
  try {
    const files = asRoot('dpkg', ['-L', pkg]).split('\n');
    const bin = files.find((f) => /^\/usr\/bin\/[^/]+$/.test(f));
    assert.ok(bin && existsSync(bin), `the package puts the app in /usr/bin (files: ${files.filter(Boolean).join(', ')})`);
    const desktop = files.find((f) => /^\/usr\/share\/applications\/.+\.desktop$/.test(f));
    assert.ok(desktop, 'the package adds a menu entry');
    const entry = readFileSync(desktop, 'utf8');
    assert.match(entry, /^Name=Goeben Referee$/m);
    assert.match(entry, new RegExp(`^Exec=${bin.split('/').pop()}`, 'm'));
    assert.ok(files.some((f) => /^\/usr\/share\/icons\/hicolor\/.+\.png$/.test(f)), 'the package installs the icon');

    // Started as a player would, with nothing in between: it reports its first screen interactive.
    process.env.GOEBEN_APP = bin;
    const { startDriver, openApp, waitForAnyTestId, screenshot } = await import('./harness.mjs');
    const driverProcess = await startDriver();
    try {
      const ms = await startUntilReady(bin, { ...driverProcess.env, XDG_DATA_HOME: mkdtempSync(join(tmpdir(), 'goeben-deb-data-')) });
      assert.ok(ms > 0, 'the shell timed its start');
      // And through WebDriver: the start screen is there to see.
      const driver = await openApp();
      try {
        const { tid } = await import('../ui/src/lib/testids.js');
        await waitForAnyTestId(driver, [tid.seedInput, tid.phase]);
        await screenshot(driver, 'deb-installed-desktop', 1280, 800);
      } finally {
        await driver.quit();
      }
    } finally {
      driverProcess.stop();
    }
  } finally {
    asRoot('dpkg', ['-r', pkg]);
  }
  let left = 'not known to dpkg';
  try {
    left = execFileSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    // dpkg-query fails on a package it no longer knows: removed.
  }
  assert.doesNotMatch(left, /install ok installed/, 'the package is removed');
});
