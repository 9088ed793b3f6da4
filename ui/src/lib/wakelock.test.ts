import { describe, expect, it, vi } from 'vitest';
import { ScreenAwake, saveKeepAwake, savedKeepAwake, wantAwake } from './wakelock';

function fakeApi() {
  const locks: { released: boolean; release: () => Promise<void> }[] = [];
  const api = {
    request: vi.fn(async () => {
      const lock = { released: false, release: async () => void (lock.released = true) };
      locks.push(lock);
      return lock;
    }),
  };
  return { api, locks };
}

function memory() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

describe('issue #17: the screen stays on during a game', () => {
  it('is on by default, and the choice is kept', () => {
    const s = memory();
    expect(savedKeepAwake(s)).toBe(true);
    saveKeepAwake(false, s);
    expect(savedKeepAwake(s)).toBe(false);
    saveKeepAwake(true, s);
    expect(savedKeepAwake(s)).toBe(true);
  });

  it('is wanted only with a game or a tool open and the option on', () => {
    expect(wantAwake(true, true)).toBe(true);
    expect(wantAwake(false, true)).toBe(false);
    expect(wantAwake(true, false)).toBe(false);
  });

  it('holds one lock, lets it go, and takes it back when the page is shown again', async () => {
    const { api, locks } = fakeApi();
    const awake = new ScreenAwake(api);
    await awake.set(true);
    await awake.set(true);
    expect(api.request).toHaveBeenCalledTimes(1);
    expect(awake.held).toBe(true);
    locks[0].released = true; // the platform let go while the page was hidden
    await awake.visible();
    expect(api.request).toHaveBeenCalledTimes(2);
    await awake.set(false);
    expect(locks[1].released).toBe(true);
    expect(awake.held).toBe(false);
    await awake.visible(); // no longer wanted: stays off
    expect(api.request).toHaveBeenCalledTimes(2);
  });

  it('does nothing where the webview has no wake lock, and never throws', async () => {
    const none = new ScreenAwake(undefined);
    expect(none.supported).toBe(false);
    await expect(none.set(true)).resolves.toBeUndefined();
    const refusing = new ScreenAwake({ request: async () => Promise.reject(new Error('NotAllowedError')) });
    await expect(refusing.set(true)).resolves.toBeUndefined();
    expect(refusing.held).toBe(false);
  });
});

describe('the phone app keeps the screen on through its keep-awake plugin', () => {
  it('sets the native flag on when wanted and off when released, through the plugin command', async () => {
    const { mockIPC, clearMocks } = await import('@tauri-apps/api/mocks');
    const { nativeWakeLock } = await import('./awake.svelte');
    const calls: unknown[] = [];
    mockIPC((cmd, args) => void calls.push([cmd, args]));
    const awake = new ScreenAwake(nativeWakeLock);
    expect(awake.supported).toBe(true);
    await awake.set(true);
    await awake.visible();
    await awake.set(false);
    expect(calls).toEqual([
      ['plugin:keep-awake|set_keep_screen_on', { on: true }],
      ['plugin:keep-awake|set_keep_screen_on', { on: false }],
    ]);
    clearMocks();
  });
});
