import { afterEach, describe, expect, it } from 'vitest';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { cameraAvailable, scanWithCamera } from './camera';

afterEach(() => clearMocks());

describe('phone camera scanning (barcode scanner plugin)', () => {
  it('is offered on phones only', () => {
    expect(cameraAvailable('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe(true);
    expect(cameraAvailable('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe(true);
    expect(cameraAvailable('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15')).toBe(false);
  });

  it('asks for the permission, then scans QR and Code 128 in windowed mode', async () => {
    const calls: { cmd: string; args: unknown }[] = [];
    mockIPC((cmd, args) => {
      calls.push({ cmd, args });
      if (cmd === 'plugin:barcode-scanner|check_permissions') return { camera: 'prompt' };
      if (cmd === 'plugin:barcode-scanner|request_permissions') return { camera: 'granted' };
      if (cmd === 'plugin:barcode-scanner|scan') return { content: 'GO1-I97N-L', format: 'QR_CODE', bounds: null };
      return null;
    });
    expect(await scanWithCamera()).toEqual({ kind: 'code', content: 'GO1-I97N-L' });
    const scanCall = calls.find((c) => c.cmd === 'plugin:barcode-scanner|scan')!;
    expect(scanCall.args).toMatchObject({ windowed: true, formats: ['QR_CODE', 'CODE_128'] });
  });

  it('reports a refused permission so the app can offer the settings', async () => {
    mockIPC((cmd) => {
      if (cmd === 'plugin:barcode-scanner|check_permissions') return { camera: 'denied' };
      return null;
    });
    expect(await scanWithCamera()).toEqual({ kind: 'denied' });
  });
});
