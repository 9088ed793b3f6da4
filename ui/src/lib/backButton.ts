// The platform's side of the way back (lib/back.ts): Android's back button reaches the page as the app
// plugin's `back-button` event once a listener is registered (Tauri 2.9+, `onBackButtonPress`); without one
// the system would close the app at the first press. iOS has no back button; desktops use Escape.
import { exit, onBackButtonPress } from '@tauri-apps/api/app';

/** Whether this webview runs the Android app (the only place the event exists). */
export const hasBackButton = (userAgent: string = navigator.userAgent) => /Android/i.test(userAgent);

/** Sends every back press to `onBack`; the returned function gives the button back to the system. */
export async function listenBackButton(onBack: () => void): Promise<() => void> {
  if (!hasBackButton()) return () => {};
  try {
    const listener = await onBackButtonPress(() => onBack());
    return () => void listener.unregister();
  } catch {
    // No app plugin to listen to: the system's default (leave the app) stays.
    return () => {};
  }
}

/** Leaves the app, as the back button does on the start screen. */
export async function leaveApp(): Promise<void> {
  await exit(0);
}
