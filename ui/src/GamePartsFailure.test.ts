import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import App from './App.svelte';
import newGame from './test/fixtures/new_game.json';
import { NO_GAME } from './test/views';
import { tid } from './lib/testids.js';

// The game screen's chunk (components/gameParts.ts) failing its first two loads, as a chunk missing from a
// damaged install would, then coming.
const loads = vi.hoisted(() => ({ asked: 0, failing: 2 }));
vi.mock('./components/gameParts', async (original) => {
  loads.asked += 1;
  if (loads.failing > 0) {
    loads.failing -= 1;
    throw new Error('no such chunk');
  }
  return original();
});

afterEach(() => {
  cleanup();
  clearMocks();
});

describe("the game screen's chunk failing to load (issue #53)", () => {
  it('says so, shows no half-drawn game, and is asked for again at the next answer', async () => {
    mockIPC((cmd, args) => {
      if (cmd === 'startup_notice') return null;
      const action = (args as { action: { action: string } }).action;
      return action.action === 'view' ? { ok: true, events: [], view: NO_GAME } : newGame;
    });
    render(App);
    const start = await screen.findByTestId(tid.newGameButton);
    // The load after the start screen fails unseen: nothing asked for a game yet.
    await waitFor(() => expect(loads.asked).toBe(1));
    expect(screen.queryByRole('alert')).toBeNull();
    // The game asked for: the second load fails too, and the player is told; the start screen stays.
    await fireEvent.click(start);
    expect(await screen.findByText(/the game screen did not load/)).toBeTruthy();
    expect(screen.queryByTestId(tid.alertLevel)).toBeNull();
    // The next tap asks for it again; this time it comes, and the game is shown.
    await fireEvent.click(screen.getByTestId(tid.newGameButton));
    expect(await screen.findByTestId(tid.alertLevel, {}, { timeout: 10_000 })).toBeTruthy();
    expect(loads.asked).toBe(3);
  }, 20_000);
});
