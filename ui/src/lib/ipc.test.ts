import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { call, overHttp } from './ipc';

afterEach(() => {
  clearMocks();
  vi.unstubAllGlobals();
  document.head.querySelector('meta[name="goeben-ipc"]')?.remove();
});

/** The mark the app server puts on the page it serves (crates/app-server). */
function servedByTheAppServer() {
  const meta = document.createElement('meta');
  meta.name = 'goeben-ipc';
  meta.content = 'http';
  document.head.append(meta);
}

describe('the one door: Tauri in the app, HTTP from a page the app server served', () => {
  it('calls the shell through invoke inside the app, never fetch', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    mockIPC((cmd) => (cmd === 'table_addresses' ? ['127.0.0.1'] : null));
    expect(overHttp()).toBe(false);
    expect(await call('table_addresses')).toEqual(['127.0.0.1']);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('posts the command and its arguments as one JSON object to the app server, and answers its JSON', async () => {
    servedByTheAppServer();
    const fetch = vi.fn(async () => new Response(JSON.stringify({ ok: true, slots: [] }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    expect(overHttp()).toBe(true);
    expect(await call('load_slot', { id: 'a' })).toEqual({ ok: true, slots: [] });
    expect(fetch).toHaveBeenCalledWith('/ipc/load_slot', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"id":"a"}',
    });
    await call('list_saves');
    expect(fetch).toHaveBeenLastCalledWith('/ipc/list_saves', expect.objectContaining({ body: '{}' }));
  });

  it('rejects with the server’s reason when it refuses, as a failed invoke does', async () => {
    servedByTheAppServer();
    vi.stubGlobal('fetch', vi.fn(async () => new Response('decode_frame is the desktop app’s', { status: 404 })));
    await expect(call('decode_frame')).rejects.toThrow('decode_frame: decode_frame is the desktop app’s');
  });
});
