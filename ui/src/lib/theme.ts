// Light or dark whatever the system says: sunlight at the table calls for light, a dark room for dark.
// The choice is kept on the device; 'auto' follows the system (app.css).
export type Theme = 'auto' | 'light' | 'dark';
const KEY = 'goeben-theme';
const ORDER: Theme[] = ['auto', 'light', 'dark'];

export function savedTheme(storage: Pick<Storage, 'getItem'> = localStorage): Theme {
  const t = storage.getItem(KEY);
  return t === 'light' || t === 'dark' ? t : 'auto';
}

/** Puts the theme on the page (`data-theme` on <html>, none for auto) and keeps it. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement, storage: Pick<Storage, 'setItem'> = localStorage) {
  if (theme === 'auto') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', theme);
  storage.setItem(KEY, theme);
}

export const nextTheme = (t: Theme): Theme => ORDER[(ORDER.indexOf(t) + 1) % ORDER.length];

// The toggle's accessible name starts with the word it shows (Auto, Light, Dark), as WCAG 2.5.3 asks.
export const THEME_LABEL: Record<Theme, string> = { auto: 'Theme: Auto (follows the system)', light: 'Theme: Light', dark: 'Theme: Dark' };
