// The one list of test ids (lib/testids.js) cannot drift: components, unit tests and the end-to-end specs
// all spell their ids through it, every name they use is in it, and every id in it is rendered somewhere.
// The e2e specs also wait for conditions, never for time (a sleep only where time itself is tested).
import { describe, expect, it } from 'vitest';
import { selector, tid } from './testids.js';

const raw = (files: Record<string, unknown>) => Object.entries(files as Record<string, string>);
const COMPONENTS = raw(import.meta.glob('../**/*.svelte', { query: '?raw', import: 'default', eager: true }));
const UNIT_TESTS = raw(import.meta.glob(['../**/*.test.ts', '!./testids.test.ts'], { query: '?raw', import: 'default', eager: true }));
const E2E = raw(import.meta.glob('../../../e2e/*.mjs', { query: '?raw', import: 'default', eager: true }));
const E2E_SPECS = E2E.filter(([file]) => !file.endsWith('/harness.mjs'));

const NAMES = new Set(Object.keys(tid));
const STATIC = Object.values(tid as Record<string, unknown>).filter((v): v is string => typeof v === 'string');

/** Where `pattern` matches in `files`, as `file:line: text` (for a readable failure). */
function findings(files: [string, string][], pattern: RegExp, keep: (m: RegExpMatchArray, line: string, prev: string) => boolean = () => true): string[] {
  const out: string[] = [];
  for (const [file, text] of files) {
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      for (const m of line.matchAll(new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`))) {
        if (keep(m, line, lines[i - 1] ?? '')) out.push(`${file.replace(/^(\.\.\/)+/, '')}:${i + 1}: ${line.trim()}`);
      }
    });
  }
  return out;
}

/** Every `tid.name` written in the files. */
function namesUsed(files: [string, string][]): Set<string> {
  const used = new Set<string>();
  for (const [, text] of files) for (const m of text.matchAll(/\btid\.(\w+)/g)) used.add(m[1]);
  return used;
}

describe('the list of test ids (lib/testids.js)', () => {
  it('is read from every place that uses test ids', () => {
    expect(COMPONENTS.length).toBeGreaterThan(30);
    expect(UNIT_TESTS.length).toBeGreaterThan(20);
    expect(E2E_SPECS.map(([f]) => f.split('/').pop())).toEqual(expect.arrayContaining(['app.test.mjs', 'policy.mjs', 'whole_game.test.mjs']));
  });

  it('names each id once, as plain lowercase words joined by hyphens', () => {
    expect(STATIC.filter((id, i) => STATIC.indexOf(id) !== i)).toEqual([]);
    for (const id of STATIC) expect(id).toMatch(/^[a-z0-9][a-z0-9_-]*$/);
    expect(tid.display('goeben')).toBe('display-goeben');
    expect(tid.publicBox('a', 3)).toBe('public-box-a-3');
    expect(tid.action('end_phase')).toBe('action-end_phase');
    expect(selector(tid.dieFace)).toBe('[data-testid="die-face"]');
  });

  it('is the only way a component writes a test id', () => {
    // A literal (`data-testid="x"`, `data-testid="x-{n}"`, `testid="x"` for Choice or LineChart) is refused…
    expect(findings(COMPONENTS, /\b(data-)?testid="/)).toEqual([]);
    // …and so is any expression but a name from the list (or a component passing on its `testid` prop).
    expect(findings(COMPONENTS, /\b(?:data-)?testid=\{([^}]*)\}/, (m) => !/^(tid\.\w+|testid\b)/.test(m[1].trim()))).toEqual([]);
  });

  it('holds every name the components, unit tests and e2e specs use, and each of its ids is rendered', () => {
    const unknown = (files: [string, string][]) => [...namesUsed(files)].filter((n) => !NAMES.has(n));
    expect(unknown(COMPONENTS)).toEqual([]);
    expect(unknown(UNIT_TESTS)).toEqual([]);
    expect(unknown(E2E)).toEqual([]);
    const rendered = namesUsed(COMPONENTS);
    expect([...NAMES].filter((n) => !rendered.has(n))).toEqual([]);
  });

  it('is the only way a unit test names a test id', () => {
    expect(findings(UNIT_TESTS, /ByTestId\(\s*['"`]/)).toEqual([]);
    expect(findings(UNIT_TESTS, /data-testid=\\?["']?[a-z]/)).toEqual([]);
    // An id spelled out anywhere else (a helper's argument, a list): hyphenated ids are distinctive enough.
    expect(findings(UNIT_TESTS, /(['"`])([a-z0-9_-]+)\1/, (m) => m[2].includes('-') && STATIC.includes(m[2]))).toEqual([]);
  });

  it('is the only way an e2e spec names a test id', () => {
    const helpers = 'waitForTestId|waitForAnyTestId|waitForGone|textOf|waitForText|byTestId|tapId|pick|type';
    expect(findings(E2E, new RegExp(`\\b(?:${helpers})\\(\\s*(?:\\w+\\s*,\\s*)?['"\`]`))).toEqual([]);
    expect(findings(E2E, /\btestid:\s*['"`]/)).toEqual([]);
    expect(findings(E2E, /data-testid=\\?["']?[a-z]/)).toEqual([]);
    expect(findings(E2E, /(['"`])([a-z0-9_-]+)\1/, (m) => m[2].includes('-') && STATIC.includes(m[2]))).toEqual([]);
  });

  it('leaves the e2e specs waiting for conditions, not for time', () => {
    // A sleep is kept only where time itself is what is tested, and says so in a comment on it or above it.
    const timed = findings(E2E_SPECS, /\b(sleep|setTimeout|pause)\(/, (_m, line, prev) => !/time itself/i.test(line + prev));
    expect(timed).toEqual([]);
  });
});
