import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import TableTools from './TableTools.svelte';
import App from '../../App.svelte';
import type { Response } from '../../generated/Response';
import type { Player } from '../../generated/tools/Player';
import type { ToolAction } from '../../generated/tools/ToolAction';
import { FakeCore } from './fakeCore';
import { NO_GAME } from '../../test/views';

afterEach(() => {
  cleanup();
  clearMocks();
});

describe('the table tools screen', () => {
  it('offers each tool, opens one, and goes back to the picker and to the start screen', async () => {
    new FakeCore().install();
    const close = vi.fn();
    render(TableTools, { props: { close } });
    for (const id of ['tool-sdr', 'tool-charts', 'tool-fleets', 'tool-search', 'tool-events', 'tool-calculators', 'tool-procedures']) expect(screen.getByTestId(id)).toBeTruthy();
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

  it('never asks for a player’s view on the shared screen unless that player holds Peek', async () => {
    const core = new FakeCore({ draws: [5, 2], dice: [2] });
    /** Whose Peek is held now; every `view` request is checked against it as it arrives. */
    let held: Player | null = null;
    const outOfPeek: ToolAction[] = [];
    core.onRequest = (r) => {
      if (r.tool === 'view' && r.player !== held) outOfPeek.push(r);
    };
    core.install();
    render(TableTools, { props: { close: () => {} } });
    const type = (id: string, value: string) => fireEvent.input(screen.getByTestId(id), { target: { value } });
    const peek = async (player: Player, shows: string) => {
      held = player;
      await fireEvent.pointerDown(screen.getByTestId(`peek-${player}`), { pointerType: 'touch' });
      await screen.findByTestId(shows);
      await fireEvent.pointerUp(screen.getByTestId(`peek-${player}`));
      held = null;
    };
    const settle = (id: string) => waitFor(() => expect(screen.getByTestId(id).getAttribute('aria-busy')).toBe('false'));

    // Secret Die Roll: both draw, A reveals.
    await fireEvent.click(screen.getByTestId('tool-sdr'));
    await waitFor(() => expect(screen.getByTestId('sdr-bag').textContent).toContain('48 of 48'));
    await fireEvent.click(screen.getByTestId('sdr-draw-a'));
    await screen.findByTestId('chit-1');
    await fireEvent.click(screen.getByTestId('sdr-draw-b'));
    await screen.findByTestId('chit-2');
    await fireEvent.click(screen.getByTestId('reveal-1'));
    await fireEvent.click(screen.getByTestId('reveal-confirm-1'));
    await screen.findByTestId('verified-1');
    expect(core.sent('view')).toEqual([]);
    await peek('b', 'own-chit-2');

    // Fleet Charts: both take a chart, A fills a box, reveals it, rolls a D10.
    await fireEvent.click(screen.getByTestId('tools-back'));
    await fireEvent.click(screen.getByTestId('tool-fleets'));
    await settle('fleets');
    await fireEvent.click(screen.getByTestId('fleet-open-a-german'));
    await screen.findByTestId('public-box-a-12');
    await fireEvent.click(screen.getByTestId('fleet-open-b-allied'));
    await screen.findByTestId('public-box-b-10');
    await fireEvent.click(screen.getByTestId('fleet-edit-a'));
    await type('fleet-ship', 'Goeben');
    await fireEvent.change(screen.getByTestId('fleet-box'), { target: { value: '3' } });
    await fireEvent.click(screen.getByTestId('fleet-assign'));
    await screen.findByTestId('fleet-notice');
    await fireEvent.click(screen.getByTestId('fleet-done'));
    await fireEvent.change(screen.getByTestId('fleet-reveal-box-a'), { target: { value: '3' } });
    await fireEvent.click(screen.getByTestId('fleet-reveal-a'));
    await waitFor(() => expect(screen.getByTestId('public-box-a-3').textContent).toContain('Goeben'));
    await fireEvent.click(screen.getByTestId('d10-roll-b'));
    await screen.findByTestId('d10-result');
    expect(core.sent('view')).toEqual([{ tool: 'view', player: 'b' }]);
    await peek('a', 'own-box-3');

    // Search: a night turn, units placed, a call waiting for the searched player's choice, answered.
    await fireEvent.click(screen.getByTestId('tools-back'));
    await fireEvent.click(screen.getByTestId('tool-search'));
    await settle('search');
    await fireEvent.click(screen.getByTestId('search-night'));
    await fireEvent.click(screen.getByTestId('search-start-turn'));
    await waitFor(() => expect(screen.getByTestId('search-status').textContent).toContain('Turn 1, night'));
    for (const [p, unit] of [['a', 'Indomitable'], ['b', 'Breslau']] as const) {
      await fireEvent.click(screen.getByTestId(`search-edit-${p}`));
      await type('search-unit', unit);
      await type('search-sea', 'Ionian');
      await type('search-area', 'Ionian A2');
      await type('search-square', '52');
      await fireEvent.click(screen.getByTestId('search-place'));
      await waitFor(() => expect(screen.getByTestId('search-notice').textContent).toBe('Done: the unit is recorded.'));
      await fireEvent.click(screen.getByTestId('search-done'));
    }
    await fireEvent.click(screen.getByTestId('call-level-square'));
    await type('call-name', '52');
    core.dice = [4];
    await fireEvent.click(screen.getByTestId('call-go'));
    await fireEvent.click(within(await screen.findByTestId('search-pending')).getByTestId('pending-hide'));
    await waitFor(() => expect(screen.queryByTestId('search-pending')).toBeNull());
    await peek('b', 'own-unit');

    expect(outOfPeek).toEqual([]);
    expect(core.sent('view')).toEqual([
      { tool: 'view', player: 'b' },
      { tool: 'view', player: 'a' },
      { tool: 'view', player: 'b' },
    ]);
    expect(core.sent('table_view').length).toBeGreaterThan(10);
  });

  it('opens from the start screen of the app and comes back', async () => {
    const noGame: Response = { ok: true, events: [], view: NO_GAME };
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
