import { describe, expect, it } from 'vitest';
import { applyTheme, nextTheme, savedTheme } from './theme';

describe('light and dark themes (issue #6)', () => {
  it('cycles system → light → dark → system', () => {
    expect([nextTheme('auto'), nextTheme('light'), nextTheme('dark')]).toEqual(['light', 'dark', 'auto']);
  });

  it('puts the chosen theme on the page, keeps it, and reads it back', () => {
    const kept = new Map<string, string>();
    const storage = { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) };
    const root = document.createElement('html');
    applyTheme('dark', root, storage);
    expect(root.getAttribute('data-theme')).toBe('dark');
    expect(savedTheme(storage)).toBe('dark');
    applyTheme('auto', root, storage);
    expect(root.hasAttribute('data-theme')).toBe(false);
    expect(savedTheme(storage)).toBe('auto');
    kept.set('goeben-theme', 'purple');
    expect(savedTheme(storage)).toBe('auto');
  });
});
