import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import type { Channel } from '@tauri-apps/api/core';
import { watchTable } from './tableWatch';

afterEach(() => {
  clearMocks();
  vi.unstubAllGlobals();
  document.head.querySelector('meta[name="goeben-ipc"]')?.remove();
});

/** What the shell does with a channel: a message with its index, as Tauri sends it. */
function tell(channel: Channel<unknown>, index: number, message: unknown) {
  (window as unknown as { __TAURI_INTERNALS__: { runCallback: (id: number, data: unknown) => void } }).__TAURI_INTERNALS__.runCallback(channel.id, { index, message });
}

/** A shell answering `table_watch` with `open`, keeping the channel it is given. */
function shell(open: boolean) {
  const given: { cmd: string; channel?: Channel<unknown> }[] = [];
  mockIPC((cmd, args) => {
    const channel = (args as { onChange?: Channel<unknown> }).onChange;
    given.push({ cmd, channel });
    if (cmd === 'table_watch') return open;
    throw new Error(`unexpected command ${cmd}`);
  });
  return given;
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('issue #34: the app’s screen watches the game the table holds', () => {
  it('gives the shell a channel through table_watch and asks again at each version told', async () => {
    const given = shell(true);
    let views = 0;
    expect(await watchTable(async () => void (views += 1))).toBe(true);
    expect(given.map((g) => g.cmd)).toEqual(['table_watch']);
    const channel = given[0].channel!;
    expect(typeof channel.id).toBe('number');
    tell(channel, 0, { version: 0 });
    await settle();
    expect(views).toBe(1);
    tell(channel, 1, { version: 1 });
    await settle();
    expect(views).toBe(2);
  });

  it('folds the versions told while the screen is still asking into one more ask', async () => {
    const given = shell(true);
    let views = 0;
    let release: () => void = () => {};
    await watchTable(() => {
      views += 1;
      return new Promise<void>((r) => (release = r));
    });
    const channel = given[0].channel!;
    tell(channel, 0, { version: 1 });
    tell(channel, 1, { version: 2 });
    tell(channel, 2, { version: 3 });
    await settle();
    expect(views).toBe(1);
    release();
    await settle();
    expect(views).toBe(2);
    release();
    await settle();
    expect(views).toBe(2);
  });

  it('answers false when no table holds the game, and when the shell cannot be reached', async () => {
    shell(false);
    expect(await watchTable(async () => undefined)).toBe(false);
    clearMocks();
    mockIPC(() => {
      throw new Error('no shell');
    });
    expect(await watchTable(async () => undefined)).toBe(false);
  });

  it('ignores a message that is not a version', async () => {
    const given = shell(true);
    let views = 0;
    await watchTable(async () => void (views += 1));
    tell(given[0].channel!, 0, { game: 'anything' });
    await settle();
    expect(views).toBe(0);
  });

  it('from a page the app server served, streams the versions from it and asks it through table_watch', async () => {
    const meta = document.createElement('meta');
    meta.name = 'goeben-ipc';
    meta.content = 'http';
    document.head.append(meta);
    const streams: { url: string; onmessage?: (m: { data: string }) => void }[] = [];
    vi.stubGlobal(
      'EventSource',
      class {
        url: string;
        onmessage?: (m: { data: string }) => void;
        constructor(url: string) {
          this.url = url;
          streams.push(this);
        }
      },
    );
    const fetch = vi.fn(async () => new Response('true', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    let views = 0;
    expect(await watchTable(async () => void (views += 1))).toBe(true);
    expect(fetch).toHaveBeenCalledWith('/ipc/table_watch', expect.objectContaining({ method: 'POST', body: '{}' }));
    expect(streams.map((s) => s.url)).toEqual(['/ipc/table_watch']);
    streams[0].onmessage!({ data: '{"version":4}' });
    await settle();
    expect(views).toBe(1);
  });
});
