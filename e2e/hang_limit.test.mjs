// The e2e runner's limit (scripts/e2e.mjs): a hung test file is stopped with everything it started, so a
// WebDriver call that never answers fails a file instead of holding CI for hours.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFile } from '../scripts/e2e.mjs';
import { waitFor } from './harness.mjs';

function planted(body) {
  const file = join(mkdtempSync(join(tmpdir(), 'goeben-hang-')), 'planted.test.mjs');
  writeFileSync(file, `import { test } from 'node:test';\nimport { spawn } from 'node:child_process';\n${body}\n`);
  return file;
}

// The planted files run as scripts/e2e.mjs runs them, not as children of this test runner.
const env = { ...process.env };
delete env.NODE_TEST_CONTEXT;

// Alive: still running (a killed process whose parent is gone may wait as a zombie until it is reaped).
const alive = (pid) => {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
};

test('a file past its limit is stopped with the processes it started, and reported as hung', async () => {
  // Its test starts a child (as a test starts tauri-driver) and then waits for ever, its handle kept.
  const file = planted(`test('waits for ever', async () => {
    const child = spawn('sleep', ['300'], { stdio: 'ignore' });
    console.log('CHILD ' + child.pid);
    await new Promise(() => setInterval(() => {}, 1000));
  });`);
  const result = await runFile(file, 4900, env, 3);
  assert.equal(result.timedOut, true);
  assert.notEqual(result.code, 0);
  assert.ok(result.seconds < 15, `stopped near its limit, not at ${result.seconds} s`);
  assert.match(result.output, /ran past its limit of 3 s/);
  const pid = Number(/CHILD (\d+)/.exec(result.output)?.[1]);
  assert.ok(pid > 0, 'the planted test printed its child');
  await waitFor('the child the file started to go with it', () => !alive(pid), 5000);
});

test('a file whose tests ended ends, though a process it left in a session of its own holds its output', async () => {
  const file = planted(`test('leaves a process behind', () => {
    const child = spawn('sleep', ['120'], { stdio: 'inherit', detached: true }); // detached: a session of its own
    child.unref();
    console.log('LEFT ' + child.pid);
  });`);
  const result = await runFile(file, 4900, env, 60);
  assert.equal(result.code, 0);
  assert.equal(result.timedOut, false);
  assert.ok(result.seconds < 15, `ended with its tests, not at ${result.seconds} s`);
  const pid = Number(/LEFT (\d+)/.exec(result.output)?.[1]);
  if (pid > 0) process.kill(pid, 'SIGKILL');
});

test('a file that passes is neither stopped nor called hung (the control)', async () => {
  const file = planted(`test('answers', () => {});`);
  const result = await runFile(file, 4900, env, 30);
  assert.equal(result.code, 0);
  assert.equal(result.timedOut, false);
});
