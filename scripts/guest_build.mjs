// Builds table mode's guest page (ui/vite.guest.config.ts) into a fresh folder, then brings ui/dist-guest
// to it: a file whose bytes changed is written, one the build no longer makes is removed, and an identical
// one is left alone, its time kept. The release table host embeds these files (rust-embed), so cargo
// recompiles it, and relinks the app, whenever one of them is newer; vite's own build emptied the folder
// and wrote every file again each time, so every app build recompiled the host though the page had not
// changed. `npm run guest:build` and `npm run ui:build` (the app build's first step) run this.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Every file under `dir`, as paths relative to it. */
function files(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath ?? e.path, e.name)));
}

/** Makes `to` hold exactly the files of `from`, writing only those whose bytes differ. Returns what it
 * did: the files written, removed and left as they were. */
export function syncTree(from, to) {
  const done = { written: [], removed: [], kept: [] };
  const wanted = new Set(files(from));
  for (const name of files(to)) {
    if (!wanted.has(name)) {
      rmSync(join(to, name));
      done.removed.push(name);
    }
  }
  for (const name of [...wanted].sort()) {
    const bytes = readFileSync(join(from, name));
    const target = join(to, name);
    if (existsSync(target) && statSync(target).isFile() && readFileSync(target).equals(bytes)) {
      done.kept.push(name);
      continue;
    }
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, bytes);
    done.written.push(name);
  }
  // Folders left empty by a removal go too.
  if (existsSync(to)) {
    const dirs = readdirSync(to, { recursive: true, withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => join(e.parentPath ?? e.path, e.name))
      .sort((a, b) => b.length - a.length);
    for (const dir of dirs) if (readdirSync(dir).length === 0) rmSync(dir, { recursive: true });
  }
  return done;
}

function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const out = join(root, 'ui', 'dist-guest');
  const fresh = mkdtempSync(join(tmpdir(), 'goeben-guest-'));
  try {
    const vite = join(root, 'node_modules', '.bin', 'vite');
    const built = spawnSync(
      vite,
      ['build', '--config', 'ui/vite.guest.config.ts', '--outDir', fresh, '--emptyOutDir'],
      { cwd: root, stdio: 'inherit' },
    );
    if (built.error) throw built.error;
    if (built.status !== 0) process.exit(built.status ?? 1);
    const done = syncTree(fresh, out);
    console.log(
      `guest page: ${done.written.length} file(s) written, ${done.removed.length} removed, ${done.kept.length} unchanged (ui/dist-guest)`,
    );
  } finally {
    rmSync(fresh, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
