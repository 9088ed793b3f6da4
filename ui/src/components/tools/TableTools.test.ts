import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import TableTools from './TableTools.svelte';
import App from '../../App.svelte';
import type { Response } from '../../generated/Response';
import type { ToolAction } from '../../generated/tools/ToolAction';
import { FakeCore } from './fakeCore';

afterEach(() => {
  cleanup();
  clearMocks();
});

describe('the table tools screen', () => {
  it('offers each tool, opens one, and goes back to the picker and to the start screen', async () => {
    new FakeCore().install();
    const close = vi.fn();
    render(TableTools, { props: { close } });
    for (const id of ['tool-sdr', 'tool-charts', 'tool-fleets', 'tool-search', 'tool-events', 'tool-calculators']) expect(screen.getByTestId(id)).toBeTruthy();
    await fireEvent.click(screen.getByTestId('tool-events'));
    expect(screen.getByTestId('events')).toBeTruthy();
    expect(screen.queryByTestId('tools-picker')).toBeNull();
    expect(screen.queryByTestId('peek-a')).toBeNull();
    await fireEvent.click(screen.getByTestId('tools-back'));
    expect(screen.getByTestId('tools-picker')).toBeTruthy();
    await fireEvent.click(screen.getByTestId('tools-close'));
    expect(close).toHaveBeenCalledOnce();
  });

  it('puts both players’ Peek buttons under the tools that touch secrets', async () => {
    new FakeCore().install();
    render(TableTools, { props: { close: () => {} } });
    await fireEvent.click(screen.getByTestId('tool-charts'));
    expect(screen.getByTestId('peek-a').textContent).toContain('Player A');
    expect(screen.getByTestId('peek-b').textContent).toContain('Player B');
  });

  it('opens from the start screen of the app and comes back', async () => {
    const noGame: Response = { ok: true, events: [], view: { turn: 0, last_turn: 0, alert_level: 0, vp: 0, phase: 'no_game', game_over: null, legal_actions: [], game: null } };
    const core = new FakeCore();
    mockIPC((cmd, args) => {
      if (cmd === 'startup_notice') return null;
      if (cmd === 'tools_respond') return core.respond((args as { request: ToolAction }).request);
      return noGame;
    });
    render(App);
    await fireEvent.click(await screen.findByTestId('tools-open'));
    expect(screen.getByTestId('tools-screen')).toBeTruthy();
    await fireEvent.click(screen.getByTestId('tool-sdr'));
    await waitFor(() => expect(screen.getByTestId('sdr-bag').textContent).toContain('48 of 48'));
    await fireEvent.click(screen.getByTestId('tools-back'));
    await fireEvent.click(screen.getByTestId('tools-close'));
    expect(screen.queryByTestId('tools-screen')).toBeNull();
    expect(screen.getByTestId('tools-open')).toBeTruthy();
  });
});
