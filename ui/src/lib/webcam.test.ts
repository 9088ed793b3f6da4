import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import { WebcamScanner, cameraErrorMessage, decodeFrame, greyPixels, webcamOffered } from './webcam';

afterEach(() => {
  clearMocks();
  vi.restoreAllMocks();
});

describe('desktop webcam scanning (issue #7)', () => {
  it('is offered on desktops, not on phones (they use the plugin)', () => {
    expect(webcamOffered('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15')).toBe(true);
    expect(webcamOffered('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe(false);
  });

  it('turns RGBA pixels into one grey byte each', () => {
    const rgba = new Uint8ClampedArray([255, 255, 255, 255, 0, 0, 0, 255, 255, 0, 0, 255, 0, 255, 0, 255]);
    expect(Array.from(greyPixels(rgba, 2, 2))).toEqual([255, 0, 76, 149]);
  });

  it('sends a frame as raw bytes with its size in headers', async () => {
    let seen: { cmd: string; payload: unknown; options: unknown } | null = null;
    mockIPC(() => ({ code: 'GO1-I97N-L' }));
    // The mock handler is not given the options: watch the internal invoke that receives them.
    const internals = (window as unknown as { __TAURI_INTERNALS__: { invoke: (...a: unknown[]) => Promise<unknown> } }).__TAURI_INTERNALS__;
    const mocked = internals.invoke;
    internals.invoke = (cmd, payload, options) => {
      seen = { cmd: cmd as string, payload, options };
      return mocked(cmd, payload, options);
    };
    const grey = new Uint8Array([1, 2, 3, 4, 5, 6]);
    expect(await decodeFrame(grey, 3, 2)).toEqual({ code: 'GO1-I97N-L' });
    expect(seen!.cmd).toBe('decode_frame');
    expect(seen!.payload).toBe(grey);
    expect(JSON.stringify(seen!.options)).toContain('x-frame-width');
  });

  it('tells the player why the camera did not open', () => {
    expect(cameraErrorMessage({ name: 'NotAllowedError' })).toMatch(/not allowed/);
    expect(cameraErrorMessage({ name: 'NotFoundError' })).toMatch(/No camera/);
    expect(cameraErrorMessage(new Error('boom'))).toMatch(/boom/);
  });

  it('reads frames until the shell finds a code, then turns the camera off', async () => {
    vi.useFakeTimers();
    const stopped: string[] = [];
    const track = { stop: () => stopped.push('track') };
    const stream = { getTracks: () => [track] } as unknown as MediaStream;
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn(async () => stream) } });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage: () => undefined,
      getImageData: (_x: number, _y: number, w: number, h: number) => ({ data: new Uint8ClampedArray(w * h * 4) }),
    } as unknown as CanvasRenderingContext2D);
    let answers = 0;
    mockIPC((cmd) => {
      if (cmd !== 'decode_frame') return null;
      answers += 1;
      return answers < 3 ? {} : { code: 'GO1-I97N-L' };
    });
    const video = document.createElement('video');
    Object.defineProperty(video, 'videoWidth', { value: 1280 });
    Object.defineProperty(video, 'videoHeight', { value: 720 });
    video.play = async () => undefined;
    const found: string[] = [];
    const frames: number[] = [];
    const scanner = new WebcamScanner((c) => found.push(c), (s) => frames.push(s.frames));
    await scanner.start(video);
    for (let i = 0; i < 5 && found.length === 0; i += 1) await vi.advanceTimersByTimeAsync(200);
    vi.useRealTimers();
    expect(found).toEqual(['GO1-I97N-L']);
    expect(answers).toBe(3);
    expect(frames).toContain(2);
    expect(stopped).toEqual(['track']);
    expect(video.srcObject).toBeNull();
  });
});
