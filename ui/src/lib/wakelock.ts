// The screen stays on while a game or a table tool is open (a phone beside the map must not lock
// in the middle of a turn), through the Screen Wake Lock API (navigator.wakeLock) in browsers, or the same
// shape over the app's native plugin on a phone (lib/awake.svelte.ts). An option, on by default, kept on the
// device; off on the start screen. Where the webview has no wake lock (WebKitGTK on a Linux desktop) it
// does nothing.
const KEY = 'goeben-keep-awake';

export function savedKeepAwake(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  return storage.getItem(KEY) !== 'off';
}

export function saveKeepAwake(on: boolean, storage: Pick<Storage, 'setItem'> = localStorage) {
  storage.setItem(KEY, on ? 'on' : 'off');
}

/** Whether the screen should be kept on: a game or a table tool open, and the option on. */
export const wantAwake = (open: boolean, option: boolean) => open && option;

type Sentinel = { released: boolean; release(): Promise<void> };
export type WakeLockApi = { request(type: 'screen'): Promise<Sentinel> };

/** Holds at most one screen wake lock, asks again when the page comes back into view (the platform lets
 * go of it whenever the page is hidden), and lets go when no longer wanted. */
export class ScreenAwake {
  private lock: Sentinel | null = null;
  private wanted = false;

  constructor(private readonly api: WakeLockApi | undefined = (globalThis.navigator as { wakeLock?: WakeLockApi } | undefined)?.wakeLock) {}

  /** Whether this webview can keep the screen on at all. */
  get supported(): boolean {
    return this.api !== undefined;
  }

  get held(): boolean {
    return this.lock !== null && !this.lock.released;
  }

  /** Keeps the screen on (`true`) or lets it sleep (`false`). Failures (a hidden page, power saving) leave
   * the screen as the system has it: never an error for the player. */
  async set(on: boolean): Promise<void> {
    this.wanted = on;
    if (!this.api) return;
    if (on && !this.held) {
      try {
        const lock = await this.api.request('screen');
        if (this.wanted) this.lock = lock;
        else await lock.release();
      } catch {
        this.lock = null;
      }
    } else if (!on && this.lock) {
      const lock = this.lock;
      this.lock = null;
      await lock.release().catch(() => {});
    }
  }

  /** The page became visible again: take the lock back if it is still wanted. */
  async visible(): Promise<void> {
    if (this.wanted && !this.held) await this.set(true);
  }
}
