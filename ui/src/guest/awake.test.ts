// The guest's screen kept on (guest/awake.ts): the wake lock only in a secure context, else the silent video
// started by a tap; a refused play is no error.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GuestAwake, VideoAwake, awakeWay } from './awake';

const HTTP_LAN = { isSecureContext: false, wakeLock: undefined, captureStream: true };

/** A video element whose play() the test decides (jsdom has no media). */
function fakeVideo(play: () => Promise<void>) {
  const video = document.createElement('video');
  let paused = true;
  Object.defineProperty(video, 'paused', { get: () => paused });
  video.play = vi.fn(async () => {
    await play();
    paused = false;
  });
  video.pause = vi.fn(() => {
    paused = true;
  });
  return video;
}

function withCanvasStream() {
  const stream = {} as MediaStream;
  (HTMLCanvasElement.prototype as unknown as { captureStream: () => MediaStream }).captureStream = () => stream;
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  // jsdom refuses to store a non-MediaStream in srcObject: a plain slot stands in.
  Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', { configurable: true, writable: true, value: null });
  return stream;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('awakeWay', () => {
  it('uses the wake lock only where the page is a secure context that has one', () => {
    expect(awakeWay({ isSecureContext: true, wakeLock: {}, captureStream: true })).toBe('wake-lock');
    expect(awakeWay({ isSecureContext: false, wakeLock: {}, captureStream: true })).toBe('video');
    expect(awakeWay(HTTP_LAN)).toBe('video');
    expect(awakeWay({ ...HTTP_LAN, captureStream: false })).toBe('none');
  });
});

describe('the silent video', () => {
  it('is muted, inline and looping, plays our own canvas, and starts at the first tap only', async () => {
    vi.useFakeTimers();
    const stream = withCanvasStream();
    const video = fakeVideo(async () => {});
    const awake = new GuestAwake(HTTP_LAN);
    await awake.begin(video);
    expect(video.play).not.toHaveBeenCalled();
    expect(video.muted && video.loop && video.playsInline).toBe(true);
    expect(await awake.tapped()).toBe(true);
    expect(video.srcObject).toBe(stream);
    expect(await awake.tapped()).toBe(true);
    expect(video.play).toHaveBeenCalledTimes(1);
    awake.end();
    expect(video.paused).toBe(true);
  });

  it('says false, and throws nothing, when the browser refuses to play; the next tap tries again', async () => {
    vi.useFakeTimers();
    withCanvasStream();
    let refuse = true;
    const video = fakeVideo(async () => {
      if (refuse) throw new DOMException('no', 'NotAllowedError');
    });
    const fallback = new VideoAwake(video);
    expect(await fallback.start()).toBe(false);
    expect(fallback.playing).toBe(false);
    refuse = false;
    expect(await fallback.start()).toBe(true);
    expect(fallback.playing).toBe(true);
    fallback.stop();
  });
});
