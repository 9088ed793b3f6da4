// Every word about a rule comes from the core (DESIGN.md): a rule number the screen shows is in a name,
// a phrase or a view the core words (generated into ui/src/generated/), never typed into a component or a
// helper. Comments may cite rules (they say why the code is so); what the player reads may not.
import { describe, expect, it } from 'vitest';

const raw = (files: Record<string, unknown>) => Object.entries(files as Record<string, string>);
const SOURCES = raw(
  import.meta.glob(['../**/*.svelte', '../**/*.ts', '!../**/*.test.ts', '!../generated/**'], { query: '?raw', import: 'default', eager: true }),
);

/** The text with its comments blanked: `<!-- -->`, block comments, and line comments (not `://`). */
function withoutComments(text: string): string {
  return text
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1');
}

/** A rule cited as the referee cites one: "(14.3)", "(10.5.3)", ", 8.4)". */
const CITATION = /\([1-9]\d?\.\d{1,2}(?:\.\d)?\)|(?<=[a-z]), [1-9]\d?\.\d{1,2}\)/g;

/** The citations written in the sources, as `file: text`. */
function citations(files: [string, string][]): string[] {
  return files.flatMap(([file, text]) => [...withoutComments(text).matchAll(CITATION)].map((m) => `${file.replace(/^(\.\.\/)+/, '')}: ${m[0]}`));
}

describe('rule numbers on screen come from the core', () => {
  it('reads the components and helpers', () => {
    expect(SOURCES.length).toBeGreaterThan(60);
  });

  it('no component or helper writes a rule citation of its own', () => {
    expect(citations(SOURCES)).toEqual([]);
  });

  it('would catch one (the control): a citation in markup or a string is found, one in a comment is not', () => {
    const planted: [string, string][] = [
      ['Planted.svelte', '<p>Make contact below (14.3).</p>\n<!-- 14.9 Maximum fire (14.9) -->'],
      ['planted.ts', "const s = 'Hull boxes (the last lost first, 8.4)';\n// (24.0) in a comment\nconst url = 'https://x/(1.0)';\nconst shade = 'rgba(0, 0, 0, 0.55)';"],
    ];
    expect(citations(planted)).toEqual(['Planted.svelte: (14.3)', 'planted.ts: , 8.4)', 'planted.ts: (1.0)']);
  });
});
