// Phone camera scanning through tauri-plugin-barcode-scanner (Android and iOS only: the plugin is not
// registered on desktop, where the code field takes typed codes and USB keyboard-wedge scanners).
import { Format, cancel, checkPermissions, openAppSettings, requestPermissions, scan } from '@tauri-apps/plugin-barcode-scanner';

/** Whether this device is a phone or tablet running the mobile app (the only place the plugin exists). */
export function cameraAvailable(userAgent: string = navigator.userAgent): boolean {
  return /Android|iPhone|iPad|iPod/i.test(userAgent);
}

export type CameraResult = { kind: 'code'; content: string } | { kind: 'denied' } | { kind: 'cancelled' } | { kind: 'error'; message: string };

/** Asks for the camera if needed, then scans one QR or Code 128 code in windowed mode (the webview turns
 * transparent over the camera picture; the caller shows a frame and a Cancel button meanwhile). */
export async function scanWithCamera(): Promise<CameraResult> {
  try {
    let permission = await checkPermissions();
    if (permission === 'prompt') {
      permission = await requestPermissions();
    }
    if (permission !== 'granted') return { kind: 'denied' };
    const found = await scan({ windowed: true, formats: [Format.QRCode, Format.Code128] });
    return found?.content ? { kind: 'code', content: found.content } : { kind: 'cancelled' };
  } catch (e) {
    const message = String(e);
    return /cancel/i.test(message) ? { kind: 'cancelled' } : { kind: 'error', message };
  }
}

export async function stopCamera(): Promise<void> {
  try {
    await cancel();
  } catch {
    /* nothing was scanning */
  }
}

export async function openCameraSettings(): Promise<void> {
  await openAppSettings();
}
