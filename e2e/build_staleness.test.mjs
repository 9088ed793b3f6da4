// The run command starts the app at once when nothing changed: scripts/build_app.sh's staleness check, run
// on a small tree of its own with a stand-in for `npx tauri build` (no real build, no app needed), must find a
// built tree up to date the second time, though the build wrote its web pages (ui/dist, ui/dist-guest) and
// Tauri's generated files again; a source saved since must still make it stale. And the guest page's build
// (scripts/guest_build.mjs) leaves a file whose bytes did not change as it was, so the release table host,
// which embeds them, is not recompiled for nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { syncTree } from '../scripts/guest_build.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Writes `text` to `path` (folders made), its time set to `seconds` since the epoch when given. */
function put(path, text, seconds) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  if (seconds !== undefined) utimesSync(path, seconds, seconds);
}

// What `npx tauri build --bundles deb` writes, in the places build_app.sh knows: the web builds (its
// beforeBuildCommand, `npm run ui:build`), Tauri's generated files, the binary and the .deb. Each written
// 5 s after the build's start mark, so the files are newer than the mark whatever the clock's grain.
const FAKE_NPX = `#!/usr/bin/env bash
set -euo pipefail
echo "$*" >> "$CALLS"
later=$(( $(stat -c %Y "$CARGO_TARGET_DIR/release/.build-started.next") + 5 ))
mkdir -p ui/dist ui/dist-guest/assets src-tauri/gen/schemas "$CARGO_TARGET_DIR/release/bundle/deb"
for f in ui/dist/index.html ui/dist-guest/guest.html ui/dist-guest/assets/guest.js src-tauri/gen/schemas/acl.json \\
  "$CARGO_TARGET_DIR/release/goeben-referee-app" "$CARGO_TARGET_DIR/release/bundle/deb/app.deb"; do
  echo built > "$f"
  touch -d "@$later" "$f"
done
chmod +x "$CARGO_TARGET_DIR/release/goeben-referee-app"
`;

/** A tree with what build_app.sh searches, every source an hour old, and the stand-in for npx. */
function tree() {
  const root = mkdtempSync(join(tmpdir(), 'goeben-build-staleness-'));
  const old = Math.floor(Date.now() / 1000) - 3600;
  mkdirSync(join(root, 'scripts'));
  copyFileSync(join(repo, 'scripts', 'build_app.sh'), join(root, 'scripts', 'build_app.sh'));
  for (const f of [
    'ui/src/main.ts',
    'ui/dist/index.html',
    'ui/dist-guest/guest.html',
    'src/lib.rs',
    'src-tauri/src/main.rs',
    'src-tauri/gen/schemas/acl.json',
    'crates/store/src/lib.rs',
    'data/pack/meta.json',
    'icons/icon.png',
    'Cargo.toml',
    'Cargo.lock',
    'package.json',
    'package-lock.json',
  ]) {
    put(join(root, f), 'source', old);
  }
  put(join(root, 'bin', 'npx'), FAKE_NPX);
  chmodSync(join(root, 'bin', 'npx'), 0o755);
  return root;
}

/** Runs build_app.sh in `root` with `args`: its exit status and what it printed. */
function buildApp(root, ...args) {
  const run = spawnSync('bash', [join(root, 'scripts', 'build_app.sh'), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: {
      ...process.env,
      PATH: `${join(root, 'bin')}:${process.env.PATH}`,
      CARGO_TARGET_DIR: join(root, 'target'),
      CALLS: join(root, 'calls.log'),
    },
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

const builds = (root) =>
  existsSync(join(root, 'calls.log')) ? readFileSync(join(root, 'calls.log'), 'utf8').trim().split('\n') : [];

test('build_app.sh: a built tree is up to date the second time, though the build wrote its web pages again', () => {
  const root = tree();
  try {
    const first = buildApp(root, '--check');
    assert.equal(first.status, 1, first.out);
    assert.match(first.out, /a build is due: no release binary/);

    const built = buildApp(root);
    assert.equal(built.status, 0, built.out);
    assert.deepEqual(builds(root), ['tauri build --bundles deb']);
    assert.ok(
      statSync(join(root, 'ui/dist-guest/guest.html')).mtimeMs >
        statSync(join(root, 'target/release/.build-started')).mtimeMs,
      'the build left its guest page newer than its start mark, as `npm run ui:build` does',
    );

    for (const n of [1, 2]) {
      const check = buildApp(root, '--check');
      assert.equal(check.status, 0, `check ${n}: ${check.out}`);
      assert.match(check.out, /the release app is up to date/);
    }
    const again = buildApp(root);
    assert.equal(again.status, 0, again.out);
    assert.match(again.out, /the release app is up to date/);
    assert.equal(builds(root).length, 1, 'the second run built nothing');

    // A source saved since the build's start makes it due, and the check names it.
    const now = Math.floor(Date.now() / 1000) + 10;
    utimesSync(join(root, 'ui/src/main.ts'), now, now);
    const edited = buildApp(root, '--check');
    assert.equal(edited.status, 1, edited.out);
    assert.match(edited.out, /a build is due: ui\/src\/main\.ts changed since the last build/);
    assert.equal(builds(root).length, 1, '--check builds nothing');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('guest_build.mjs: a file whose bytes did not change is left as it was, its time kept', () => {
  const root = mkdtempSync(join(tmpdir(), 'goeben-guest-sync-'));
  try {
    const fresh = join(root, 'fresh');
    const out = join(root, 'dist-guest');
    const old = Math.floor(Date.now() / 1000) - 3600;
    put(join(fresh, 'guest.html'), '<html>same</html>');
    put(join(fresh, 'assets/guest-new.js'), 'new');
    put(join(fresh, 'assets/guest.css'), 'changed');
    put(join(out, 'guest.html'), '<html>same</html>', old);
    put(join(out, 'assets/guest.css'), 'before', old);
    put(join(out, 'assets/guest-old.js'), 'old', old);
    put(join(out, 'gone/left.txt'), 'left', old);

    const done = syncTree(fresh, out);
    assert.deepEqual(done.kept, ['guest.html']);
    assert.deepEqual(done.written.sort(), ['assets/guest-new.js', 'assets/guest.css']);
    assert.deepEqual(done.removed.sort(), ['assets/guest-old.js', 'gone/left.txt']);
    assert.equal(statSync(join(out, 'guest.html')).mtimeMs, old * 1000, 'the unchanged file keeps its time');
    assert.equal(readFileSync(join(out, 'assets/guest.css'), 'utf8'), 'changed');
    assert.equal(readFileSync(join(out, 'assets/guest-new.js'), 'utf8'), 'new');
    assert.ok(!existsSync(join(out, 'assets/guest-old.js')));
    assert.ok(!existsSync(join(out, 'gone')), 'a folder left empty goes too');

    // Again with nothing changed: nothing written.
    const again = syncTree(fresh, out);
    assert.deepEqual(again.written, []);
    assert.deepEqual(again.removed, []);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
