// lib/tools.ts: the one door to `tools_respond`, the narrowing of answers and the shared screen's table view.
import { afterEach, describe, expect, it } from 'vitest';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { ask, dropPins, holdPin, tableView, toolRespond } from '../../lib/tools';
import { ToolsReplay, transcript } from '../../test/toolsReplay';
import door from '../../test/fixtures/tools/tools_door.json';

afterEach(() => {
  clearMocks();
  dropPins();
});

describe('the tools door', () => {
  it('sends a held PIN with every request acting as its player, and drops it when the core refuses it', async () => {
    const seen: Record<string, unknown>[] = [];
    mockIPC((_cmd, args) => {
      const request = (args as { request: Record<string, unknown> }).request;
      seen.push(request);
      if (request.pin === '2222') return { tool: 'error', code: 'wrong_pin', message: 'wrong PIN for Player A' };
      return { tool: 'verified', matches: true };
    });
    holdPin('a', '4815');
    await toolRespond({ tool: 'roll_event', player: 'a', table: 'tactical' });
    await toolRespond({ tool: 'roll_event', player: 'b', table: 'tactical' });
    await toolRespond({ tool: 'fuel_use', zones_moved: 1 });
    // A peek sends the PIN typed for it (or none); setting a PIN sends the new one.
    await toolRespond({ tool: 'view', player: 'a' });
    await toolRespond({ tool: 'set_pin', player: 'a', pin: '9999' });
    expect(seen).toEqual([
      { tool: 'roll_event', player: 'a', table: 'tactical', pin: '4815' },
      { tool: 'roll_event', player: 'b', table: 'tactical' },
      { tool: 'fuel_use', zones_moved: 1 },
      { tool: 'view', player: 'a' },
      { tool: 'set_pin', player: 'a', pin: '9999' },
    ]);
    holdPin('a', '2222');
    expect(await toolRespond({ tool: 'end_step', player: 'a' })).toMatchObject({ code: 'wrong_pin' });
    await toolRespond({ tool: 'end_step', player: 'a' });
    expect(seen.slice(-2)).toEqual([{ tool: 'end_step', player: 'a', pin: '2222' }, { tool: 'end_step', player: 'a' }]);
  });

  it('sends the request as `request` to tools_respond and returns the answer', async () => {
    const seen: unknown[] = [];
    mockIPC((cmd, args) => {
      seen.push([cmd, args]);
      return { tool: 'verified', matches: true };
    });
    expect(await toolRespond({ tool: 'verify_sdr', commitment: 'ab', value: 1, salt: 'cd' })).toEqual({ tool: 'verified', matches: true });
    expect(seen).toEqual([['tools_respond', { request: { tool: 'verify_sdr', commitment: 'ab', value: 1, salt: 'cd' } }]]);
  });

  it('turns refusals, unexpected answers and IPC failures into messages', async () => {
    mockIPC(() => ({ tool: 'error', code: 'bad_sdr', message: 'the victory conditions chart has columns 1-6, not 9' }));
    expect(await ask({ tool: 'victory_conditions', side: 'german', sdr: 9 }, 'victory_conditions')).toEqual({ ok: false, code: 'bad_sdr', message: 'the victory conditions chart has columns 1-6, not 9' });
    mockIPC(() => ({ tool: 'verified', matches: true }));
    expect(await ask({ tool: 'fuel_use', zones_moved: 1 }, 'number')).toMatchObject({ ok: false, code: 'unexpected' });
    mockIPC(() => {
      throw new Error('gone');
    });
    expect(await ask({ tool: 'fuel_use', zones_moved: 1 }, 'number')).toMatchObject({ ok: false, code: 'ipc', message: expect.stringContaining('gone') });
  });

  it('accepts any of several expected answers', async () => {
    mockIPC(() => ({ tool: 'verified', matches: false }));
    const r = await ask({ tool: 'verify_sdr', commitment: 'ab', value: 1, salt: 'cd' }, ['number', 'verified']);
    expect(r).toEqual({ ok: true, answer: { tool: 'verified', matches: false } });
  });

  it('asks the core for the table view, never a player’s view, for the shared screen', async () => {
    const core = new ToolsReplay(transcript(door, 'table view')).install();
    core.respond({ tool: 'draw_sdr', player: 'a', label: '' });
    core.respond({ tool: 'draw_sdr', player: 'b', label: '' });
    core.respond({ tool: 'open_fleet_chart', player: 'a', side: 'german' });
    core.respond({ tool: 'assign_ship', player: 'a', ship: 'Goeben', fleet_box: 3 });
    core.respond({ tool: 'place_unit', player: 'b', unit: 'Gloucester', at: { sea: 'Ionian', area: 'Ionian A', square: '52', islands: false, port: null, coast_side: null } });
    core.requests = [];
    const r = await tableView();
    if (!r.ok) throw new Error(r.message);
    expect(core.requests).toEqual([{ tool: 'table_view' }]);
    expect(Object.keys(r.table).sort()).toEqual(['bag_left', 'chits', 'fleet_charts', 'log', 'search']);
    expect(r.table.bag_left).toBe(46);
    expect(r.table.chits.map((c) => c.face)).toEqual([{ shown: 'hidden' }, { shown: 'hidden' }]);
    expect(r.table.fleet_charts.a?.side).toBe('german');
    expect(r.table.fleet_charts.b).toBeNull();
    const text = JSON.stringify(r.table);
    for (const secret of ['"value"', '"own"', 'Goeben', 'Gloucester', 'Ionian']) expect(text).not.toContain(secret);
  });

  it('passes a refusal of the table view on as a message', async () => {
    const core = new ToolsReplay(transcript(door, 'table view')).install();
    // An older core without the table view: the current one always answers it.
    core.override.table_view = () => ({ tool: 'error', code: 'unknown_tool', message: 'unknown tool `table_view`' });
    expect(await tableView()).toEqual({ ok: false, code: 'unknown_tool', message: 'unknown tool `table_view`' });
  });
});
