import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import App from './App.svelte';
import newGame from './test/fixtures/new_game.json';
import { NO_GAME } from './test/views';
import { tid } from './lib/testids.js';

// The game screen's chunk (components/gameParts.ts) held back until the test lets it in: a slow load.
const held = vi.hoisted(() => {
  let open = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  return { gate, open: () => open(), asked: 0 };
});
vi.mock('./components/gameParts', async (original) => {
  held.asked += 1;
  await held.gate;
  return original();
});

afterEach(() => {
  cleanup();
  clearMocks();
});

describe("the game screen's own chunk (issue #53)", () => {
  it('is asked for once the start screen is up, and no game is shown before it is in', async () => {
    mockIPC((cmd, args) => {
      if (cmd === 'startup_notice') return null;
      const action = (args as { action: { action: string } }).action;
      return action.action === 'view' ? { ok: true, events: [], view: NO_GAME } : newGame;
    });
    render(App);
    const start = await screen.findByTestId(tid.newGameButton);
    // Asked for after the first screen, before any tap: a new player's first screen waits for none of it.
    await waitFor(() => expect(held.asked).toBe(1));
    await fireEvent.click(start);
    // The answer holds a game, but its screen cannot be drawn yet: the start screen stays, nothing half-drawn.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId(tid.alertLevel)).toBeNull();
    expect(screen.getByTestId(tid.newGameButton)).toBeTruthy();
    expect(document.querySelector('main')?.getAttribute('aria-busy')).toBe('true');
    held.open();
    // (The chunk's first load in the test runner transforms every part: it may take a few seconds.)
    expect(await screen.findByTestId(tid.alertLevel, {}, { timeout: 10_000 })).toBeTruthy();
    expect(held.asked).toBe(1);
  }, 20_000);
});
