// No text smaller than 14 px on a phone. The root font is 16 px, so every font size in
// the UI's styles must be at least 0.875rem (or 14px). This reads every stylesheet and component.
import { describe, expect, it } from 'vitest';

const ROOT_PX = 16;
const MIN_PX = 14;

// Every stylesheet and component as written (generated types and test fixtures hold no styles).
const SOURCES = import.meta.glob(['./**/*.svelte', './**/*.css'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

/** Every font size written in `text`, in pixels (relative units against the 16 px root). */
export function fontSizes(text: string): { raw: string; px: number }[] {
  return [...text.matchAll(/font-size:\s*([\d.]+)(rem|em|px)/g)].map((m) => ({ raw: m[0], px: Number(m[1]) * (m[2] === 'px' ? 1 : ROOT_PX) }));
}

describe('readable text (issue #6: nothing under 14 px on a phone)', () => {
  it('finds font sizes in a style block', () => {
    expect(fontSizes('a { font-size: 0.8rem } b { font-size: 15px }').map((s) => s.px)).toEqual([12.8, 15]);
  });

  it('every font size in the UI is at least 14 px', () => {
    expect(Object.keys(SOURCES)).toContain('./app.css');
    expect(Object.keys(SOURCES).length).toBeGreaterThan(20);
    const small = Object.entries(SOURCES).flatMap(([f, text]) => fontSizes(text).filter((s) => s.px < MIN_PX).map((s) => `${f}: ${s.raw}`));
    expect(small).toEqual([]);
  });
});
