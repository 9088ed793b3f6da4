// No text smaller than 14 px on a phone. The root font is 16 px, so every font size in
// the UI's styles must be at least 0.875rem (or 14px). This reads every stylesheet and component.
import { describe, expect, it } from 'vitest';

const ROOT_PX = 16;
const MIN_PX = 14;

// Every stylesheet and component as written (generated types and test fixtures hold no styles). Vitest hands a
// test an empty string for a stylesheet unless its config lets Vite read it (vite.config.ts, `test.css`).
const SOURCES = import.meta.glob(['./**/*.svelte', './**/*.css'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

/** Every font size written in `text`, in pixels (relative units against the 16 px root). */
export function fontSizes(text: string): { raw: string; px: number }[] {
  const px = (n: string, unit: string) => Number(n) * (unit === 'px' ? 1 : ROOT_PX);
  const plain = [...text.matchAll(/font-size:\s*([\d.]+)(rem|em|px)/g)].map((m) => ({ raw: m[0], px: px(m[1], m[2]) }));
  // `min(a, b)` and `max(a, b)`, as the short dock writes a size that must not grow (or shrink) with the text.
  const clamped = [...text.matchAll(/font-size:\s*(min|max)\(\s*([\d.]+)(rem|em|px)\s*,\s*([\d.]+)(rem|em|px)\s*\)/g)].map((m) => {
    const [a, b] = [px(m[2], m[3]), px(m[4], m[5])];
    return { raw: m[0], px: m[1] === 'min' ? Math.min(a, b) : Math.max(a, b) };
  });
  return [...plain, ...clamped];
}

describe('readable text (issue #6: nothing under 14 px on a phone)', () => {
  it('finds font sizes in a style block', () => {
    expect(fontSizes('a { font-size: 0.8rem } b { font-size: 15px }').map((s) => s.px)).toEqual([12.8, 15]);
    expect(fontSizes('a { font-size: min(0.85rem, 14px) } b { font-size: max(0.75rem, 14px) }').map((s) => s.px)).toEqual([13.6, 14]);
  });

  it('every font size in the UI is at least 14 px', () => {
    expect(Object.keys(SOURCES)).toContain('./app.css');
    expect(fontSizes(SOURCES['./app.css']).length).toBeGreaterThan(20);
    expect(Object.keys(SOURCES).length).toBeGreaterThan(20);
    const small = Object.entries(SOURCES).flatMap(([f, text]) => fontSizes(text).filter((s) => s.px < MIN_PX).map((s) => `${f}: ${s.raw}`));
    expect(small).toEqual([]);
  });

  it('holds <small>, which the browser draws at 13.3 px in 16 px text, at a size of its own', () => {
    const rule = SOURCES['./app.css'].match(/(?:^|\n)small \{[^}]*\}/)?.[0] ?? '';
    expect(fontSizes(rule).map((s) => s.px)).toEqual([MIN_PX]);
  });
});

/** `text` without its `@supports (font: -apple-system-body) { … }` blocks (balanced braces): what every engine
 * but Apple's reads. */
export function outsideApple(text: string): string {
  let out = text;
  for (let at = out.indexOf('@supports (font: -apple-system-body)'); at >= 0; at = out.indexOf('@supports (font: -apple-system-body)')) {
    let depth = 0;
    let end = out.indexOf('{', at);
    for (; end < out.length; end += 1) {
      if (out[end] === '{') depth += 1;
      if (out[end] === '}' && (depth -= 1) === 0) break;
    }
    out = out.slice(0, at) + out.slice(end + 1);
  }
  return out;
}

/** Every font family named in `text`'s `font-family` declarations and in the code face's variable (`--mono`). */
export function fontFamilies(text: string): string[] {
  return [...text.matchAll(/(?:font-family|--mono):\s*([^;}]+)/g)].flatMap((m) => m[1].split(',').map((f) => f.trim().replace(/^['"]|['"]$/g, '')));
}

describe('the fonts the page asks a Linux or Android webview for', () => {
  // A family the machine lacks costs fontconfig a search at the first layout in WebKitGTK: `-apple-system`
  // 9 ms of the first screen, `system-ui` ~100 ms, `ui-monospace` 2 ms at the first code shown (docs/PERFORMANCE.md,
  // start). Apple's faces are named only where Apple's WebKit alone reads them.
  const GENERIC = ['sans-serif', 'serif', 'monospace', 'inherit', 'var(--mono)'];

  it('reads families outside the Apple-only block, not inside it', () => {
    const css = ':root { font-family: sans-serif; --mono: monospace; }\n@supports (font: -apple-system-body) {\n  :root { font-family: -apple-system, sans-serif; --mono: ui-monospace; }\n}\np { font-family: "Segoe UI", serif; }';
    expect(fontFamilies(css)).toEqual(['sans-serif', 'monospace', '-apple-system', 'sans-serif', 'ui-monospace', 'Segoe UI', 'serif']);
    expect(fontFamilies(outsideApple(css))).toEqual(['sans-serif', 'monospace', 'Segoe UI', 'serif']);
  });

  it('names only generic families outside it, and the system face of Apple devices inside it', () => {
    const named = Object.entries(SOURCES).flatMap(([f, text]) => fontFamilies(outsideApple(text)).filter((family) => !GENERIC.includes(family)).map((family) => `${f}: ${family}`));
    expect(named).toEqual([]);
    expect(fontFamilies(SOURCES['./app.css'])).toContain('-apple-system');
    expect(fontFamilies(SOURCES['./app.css'])).toContain('ui-monospace');
  });
});
