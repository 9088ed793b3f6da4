// lib/tools.ts: the one door to `tools_respond`, the narrowing of answers and the public table.
import { afterEach, describe, expect, it } from 'vitest';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { ask, publicChit, publicTable, toolRespond } from '../../lib/tools';
import { FakeCore } from './fakeCore';

afterEach(() => clearMocks());

describe('the tools door', () => {
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

  it('keeps only what both players may see of a view', async () => {
    const core = new FakeCore({ draws: [5, 2] }).install();
    core.respond({ tool: 'draw_sdr', player: 'a', label: '' });
    core.respond({ tool: 'draw_sdr', player: 'b', label: '' });
    const base = core.respond({ tool: 'view', player: 'a' });
    // Whatever else a player's own view may carry is dropped, not passed on.
    core.override.view = () => ({ ...base, secret_extra: 'own fleet chart' }) as unknown as typeof base;
    const r = await publicTable();
    if (!r.ok) throw new Error(r.message);
    expect(Object.keys(r.table).sort()).toEqual(['bag_left', 'chits', 'log']);
    expect(r.table.chits.map((c) => c.face)).toEqual([{ shown: 'hidden' }, { shown: 'hidden' }]);
    expect(JSON.stringify(r.table)).not.toContain('"value"');
  });

  it('leaves revealed and hidden chits as they are', () => {
    const chit = { chit: 1, owner: 'a' as const, label: '', commitment: 'c', returned: false };
    expect(publicChit({ ...chit, face: { shown: 'own', value: 3 } }).face).toEqual({ shown: 'hidden' });
    expect(publicChit({ ...chit, face: { shown: 'revealed', value: 3, salt: 's', verified: true } }).face).toEqual({ shown: 'revealed', value: 3, salt: 's', verified: true });
  });
});
