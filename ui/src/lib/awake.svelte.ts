// Issue #17: the "keep the screen on" option as shared state (the toggle sets it, App.svelte applies it),
// and the one wake lock the app holds (lib/wakelock.ts).
import { ScreenAwake, savedKeepAwake, saveKeepAwake } from './wakelock';

export const screenAwake = new ScreenAwake();

export const keepAwake = $state({ on: savedKeepAwake() });

export function setKeepAwake(on: boolean) {
  keepAwake.on = on;
  saveKeepAwake(on);
}
