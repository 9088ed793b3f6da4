// The "keep the screen on" option as shared state (the toggle sets it, App.svelte applies it),
// and the one wake lock the app holds (lib/wakelock.ts). On a phone the lock is the app's own keep-awake
// plugin (Android's window flag, iOS's idle timer): their WebViews give pages no Screen Wake Lock. A
// desktop keeps the web API (none in WebKitGTK: the toggle is not shown there).
import { invoke } from '@tauri-apps/api/core';
import { cameraAvailable } from './camera';
import { ScreenAwake, savedKeepAwake, saveKeepAwake, type WakeLockApi } from './wakelock';

const setKeepScreenOn = (on: boolean) => invoke<void>('plugin:keep-awake|set_keep_screen_on', { on });

/** The native flag behind the wake lock's shape: taken until released (the system keeps it only while the
 * app is in front, so it never needs taking again). */
export const nativeWakeLock: WakeLockApi = {
  async request() {
    await setKeepScreenOn(true);
    const lock = {
      released: false,
      async release() {
        lock.released = true;
        await setKeepScreenOn(false);
      },
    };
    return lock;
  },
};

export const screenAwake = cameraAvailable() ? new ScreenAwake(nativeWakeLock) : new ScreenAwake();

export const keepAwake = $state({ on: savedKeepAwake() });

export function setKeepAwake(on: boolean) {
  keepAwake.on = on;
  saveKeepAwake(on);
}
