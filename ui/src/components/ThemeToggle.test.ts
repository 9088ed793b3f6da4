// The theme toggle's accessible name starts with the word it shows (WCAG 2.5.3: a speech user
// says what they see), and says what a press does.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import ThemeToggle from './ThemeToggle.svelte';
import { tid } from '../lib/testids.js';

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
});

afterEach(() => {
  cleanup();
  document.documentElement.removeAttribute('data-theme');
});

describe('ThemeToggle', () => {
  it('is named by the theme it shows, then what it does, through auto, light and dark', async () => {
    render(ThemeToggle);
    const button = screen.getByTestId(tid.themeToggle);
    const names: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const shown = (button.textContent ?? '').trim();
      const name = button.getAttribute('aria-label') ?? '';
      expect(shown).toMatch(/^Theme: /); // Not a bare "Auto", read as auto-play
      expect(name.startsWith(shown)).toBe(true);
      expect(name.endsWith('. Change the theme')).toBe(true);
      names.push(name);
      await fireEvent.click(button);
    }
    expect(names).toEqual(['Theme: Auto (follows the system). Change the theme', 'Theme: Light. Change the theme', 'Theme: Dark. Change the theme']);
    expect(screen.getByRole('button', { name: 'Theme: Auto (follows the system). Change the theme' })).toBe(button);
  });
});
