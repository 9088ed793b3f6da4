import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import TableTools from './TableTools.svelte';
import App from '../../App.svelte';
import type { Response } from '../../generated/Response';
import type { Player } from '../../generated/tools/Player';
import type { ToolAction } from '../../generated/tools/ToolAction';
import { ToolsReplay, transcript } from '../../test/toolsReplay';
import tools from '../../test/fixtures/tools/table_tools.json';
import { NO_GAME } from '../../test/views';
import { tid } from '../../lib/testids.js';

// The game screen's own chunk, loaded once as the app loads it by the first tap (after the start screen).
beforeAll(() => import('../gameParts'));

afterEach(() => {
  cleanup();
  clearMocks();
});

describe('the table tools screen', () => {
  it('offers each tool, opens one, and goes back to the picker and to the start screen', async () => {
    new ToolsReplay(transcript(tools, 'fresh')).install();
    const close = vi.fn();
    render(TableTools, { props: { close } });
    for (const id of ['sdr', 'charts', 'fleets', 'search', 'events', 'calculators', 'procedures'].map(tid.tool)) expect(screen.getByTestId(id)).toBeTruthy();
    // Each tool names its game, never a source document's number ("seed 001" reads as a random seed).
    const picker = screen.getByTestId(tid.toolsPicker).textContent ?? '';
    expect(picker).not.toMatch(/seed|\b00\d\b/i);
    expect(screen.getByTestId(tid.tool('search')).textContent).toContain('For two-player Goeben');
    await fireEvent.click(screen.getByTestId(tid.tool('events')));
    expect(screen.getByTestId(tid.events)).toBeTruthy();
    expect(screen.queryByTestId(tid.toolsPicker)).toBeNull();
    expect(screen.queryByTestId(tid.peek('a'))).toBeNull();
    await fireEvent.click(screen.getByTestId(tid.toolsBack));
    expect(screen.getByTestId(tid.toolsPicker)).toBeTruthy();
    await fireEvent.click(screen.getByTestId(tid.toolsClose));
    expect(close).toHaveBeenCalledOnce();
  });

  it('puts both players’ Peek buttons under the tools that touch secrets', async () => {
    new ToolsReplay(transcript(tools, 'fresh')).install();
    render(TableTools, { props: { close: () => {} } });
    await fireEvent.click(screen.getByTestId(tid.tool('charts')));
    expect(screen.getByTestId(tid.peek('a')).textContent).toContain('Player A');
    expect(screen.getByTestId(tid.peek('b')).textContent).toContain('Player B');
  });

  it('never asks for a player’s view on the shared screen unless that player holds Peek', async () => {
    const core = new ToolsReplay(transcript(tools, 'the shared screen'));
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
      await fireEvent.pointerDown(screen.getByTestId(tid.peek(player)), { pointerType: 'touch' });
      await screen.findByTestId(shows);
      await fireEvent.pointerUp(screen.getByTestId(tid.peek(player)));
      held = null;
    };
    const settle = (id: string) => waitFor(() => expect(screen.getByTestId(id).getAttribute('aria-busy')).toBe('false'));

    // Secret Die Roll: both draw, A reveals.
    await fireEvent.click(screen.getByTestId(tid.tool('sdr')));
    await waitFor(() => expect(screen.getByTestId(tid.sdrBag).textContent).toContain('48 of 48'));
    await fireEvent.click(screen.getByTestId(tid.sdrDrawA));
    await screen.findByTestId(tid.chit(1));
    await fireEvent.click(screen.getByTestId(tid.sdrDrawB));
    await screen.findByTestId(tid.chit(2));
    await fireEvent.click(screen.getByTestId(tid.revealChit(1)));
    await fireEvent.click(screen.getByTestId(tid.revealConfirm(1)));
    await screen.findByTestId(tid.verified(1));
    expect(core.sent('view')).toEqual([]);
    await peek('b', tid.ownChit(2));

    // Fleet Charts: both take a chart, A fills a box, reveals it, rolls a D10.
    await fireEvent.click(screen.getByTestId(tid.toolsBack));
    await fireEvent.click(screen.getByTestId(tid.tool('fleets')));
    await settle(tid.fleets);
    await fireEvent.click(screen.getByTestId(tid.fleetOpen('a', 'german')));
    await screen.findByTestId(tid.publicBox('a', 12));
    await fireEvent.click(screen.getByTestId(tid.fleetOpen('b', 'allied')));
    await screen.findByTestId(tid.publicBox('b', 10));
    await fireEvent.click(screen.getByTestId(tid.fleetEdit('a')));
    await type(tid.fleetShip, 'Goeben');
    await fireEvent.change(screen.getByTestId(tid.fleetBox), { target: { value: '3' } });
    await fireEvent.click(screen.getByTestId(tid.fleetAssign));
    await screen.findByTestId(tid.fleetNotice);
    await fireEvent.click(screen.getByTestId(tid.fleetDone));
    await fireEvent.change(screen.getByTestId(tid.fleetRevealBox('a')), { target: { value: '3' } });
    await fireEvent.click(screen.getByTestId(tid.fleetReveal('a')));
    await waitFor(() => expect(screen.getByTestId(tid.publicBox('a', 3)).textContent).toContain('Goeben'));
    // A roll made with ships names its box (never a decoy): B names none and is refused.
    await fireEvent.click(screen.getByTestId(tid.d10Roll('b')));
    expect((await screen.findByTestId(tid.toolsError)).textContent).toContain('name the acting Fleet Box');
    expect(core.sent('view')).toEqual([{ tool: 'view', player: 'b' }]);
    await peek('a', tid.ownBox(3));

    // Search: a night turn, units placed, a call waiting for the searched player's choice, answered.
    await fireEvent.click(screen.getByTestId(tid.toolsBack));
    await fireEvent.click(screen.getByTestId(tid.tool('search')));
    await settle(tid.search);
    await fireEvent.click(screen.getByTestId(tid.searchStartTurn));
    await waitFor(() => expect(screen.getByTestId(tid.searchStatus).textContent).toContain('Turn 1, 0900, Aug 2, day'));
    for (const [p, unit] of [['a', 'Indomitable'], ['b', 'Breslau']] as const) {
      await fireEvent.click(screen.getByTestId(tid.searchEdit(p)));
      await type(tid.searchUnit, unit);
      await type(tid.searchSea, 'Ionian');
      await type(tid.searchArea, 'Ionian A2');
      await type(tid.searchSquare, '52');
      await fireEvent.click(screen.getByTestId(tid.searchPlace));
      await waitFor(() => expect(screen.getByTestId(tid.searchNotice).textContent).toBe('Done: the unit is recorded.'));
      await fireEvent.click(screen.getByTestId(tid.searchDone));
    }
    // On to turn 3 (2100, Aug 2), the first night turn by the track, at A's (British) searches.
    for (let turn = 0; turn < 2; turn++) {
      for (let step = 0; step < 6; step++) core.respond({ tool: 'end_step', player: step % 2 === 0 ? 'a' : 'b' });
      core.respond({ tool: 'start_turn' });
    }
    for (let step = 0; step < 4; step++) core.respond({ tool: 'end_step', player: step % 2 === 0 ? 'a' : 'b' });
    await fireEvent.click(screen.getByTestId(tid.callLevel('square')));
    await type(tid.callName, '52');
    await fireEvent.click(screen.getByTestId(tid.callGo));
    await fireEvent.click(within(await screen.findByTestId(tid.searchPending)).getByTestId(tid.pendingHide));
    await waitFor(() => expect(screen.queryByTestId(tid.searchPending)).toBeNull());
    await peek('b', tid.ownUnit);

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
    const core = new ToolsReplay(transcript(tools, 'fresh'));
    mockIPC((cmd, args) => {
      if (cmd === 'startup_notice') return null;
      if (cmd === 'tools_respond') return core.respond((args as { request: ToolAction }).request);
      return noGame;
    });
    render(App);
    await fireEvent.click(await screen.findByTestId(tid.toolsOpen));
    expect(await screen.findByTestId(tid.toolsScreen)).toBeTruthy(); // the tools load when first opened
    await fireEvent.click(screen.getByTestId(tid.tool('sdr')));
    await waitFor(() => expect(screen.getByTestId(tid.sdrBag).textContent).toContain('48 of 48'));
    await fireEvent.click(screen.getByTestId(tid.toolsBack));
    await fireEvent.click(screen.getByTestId(tid.toolsClose));
    expect(screen.queryByTestId(tid.toolsScreen)).toBeNull();
    expect(screen.getByTestId(tid.toolsOpen)).toBeTruthy();
  });
});
