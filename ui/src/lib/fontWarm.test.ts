import { afterEach, describe, expect, it, vi } from 'vitest';
import { FACES, fontOf, warmFonts } from './fontWarm';

describe('the faces made ready after the first screen', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('writes a face as the CSS font shorthand in the page’s own families', () => {
    const families = { sans: 'sans-serif', mono: 'monospace, monospace' };
    expect(fontOf({ weight: 700, rem: 1.1 }, families)).toBe('700 1.1rem sans-serif');
    expect(fontOf({ weight: 400, rem: 0.875, italic: true }, families)).toBe('italic 400 0.875rem sans-serif');
    expect(fontOf({ weight: 400, rem: 2, mono: true }, families)).toBe('400 2rem monospace, monospace');
  });

  it('lists each face once', () => {
    const keys = FACES.map((f) => fontOf(f, { sans: 's', mono: 'm' }));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBeGreaterThan(20);
  });

  it('lays out one hidden word per face, a few faces per task, in a box hidden from assistive tech', async () => {
    vi.useFakeTimers();
    const faces = FACES.slice(0, 10);
    let finished = false;
    const warmed = warmFonts(faces).then(() => (finished = true));
    const box = document.querySelector('.font-warm')!;
    expect(box.getAttribute('aria-hidden')).toBe('true');
    expect(box.children.length).toBe(0);
    // Each task adds at most four words: a tap in between waits for a few faces, not for all of them.
    const counts: number[] = [];
    while (!finished) {
      await vi.advanceTimersToNextTimerAsync();
      counts.push(box.children.length);
    }
    await warmed;
    expect(counts).toEqual([4, 8, 10]);
    expect([...box.children].every((w) => w.textContent === 'Goeben 1914')).toBe(true);
  });
});
