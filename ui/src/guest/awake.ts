// A guest's phone stays on while its seat is open. Browsers give the Screen Wake Lock only to a secure
// context (https, or the phone's own loopback), and a table's page is a plain http:// address on the local
// network; there the fallback is a playing video: a muted, inline, looping one keeps the screen on in mobile
// browsers, but only once the player has touched the page (autoplay rules). Its picture is a small canvas of
// our own, streamed: no media file to fetch, so the host's strict CSP (no media-src) stays as it is.
import { ScreenAwake } from '../lib/wakelock';

export type AwakeWay = 'wake-lock' | 'video' | 'none';

type Platform = { isSecureContext: boolean; wakeLock: unknown; captureStream: boolean };

export function platform(): Platform {
  return {
    isSecureContext: globalThis.isSecureContext === true,
    wakeLock: (globalThis.navigator as { wakeLock?: unknown } | undefined)?.wakeLock,
    captureStream: typeof HTMLCanvasElement !== 'undefined' && 'captureStream' in HTMLCanvasElement.prototype,
  };
}

/** How this page can keep the screen on: the wake lock where the browser gives it, else the video. */
export function awakeWay(p: Platform = platform()): AwakeWay {
  if (p.isSecureContext && p.wakeLock) return 'wake-lock';
  return p.captureStream ? 'video' : 'none';
}

// The video's picture: a small lit dot, repainted every second so the stream keeps sending frames.
const SIZE_PX = 32;
const REPAINT_MS = 1000;

/** The fallback: a canvas streamed into a muted, inline, looping video that plays while wanted. */
export class VideoAwake {
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly canvas = document.createElement('canvas');
  private lit = true;

  constructor(private readonly video: HTMLVideoElement) {
    video.muted = true;
    video.loop = true;
    video.playsInline = true;
    video.setAttribute('playsinline', '');
    video.setAttribute('muted', '');
    this.canvas.width = this.canvas.height = SIZE_PX;
  }

  get playing(): boolean {
    return !this.video.paused && this.timer !== null;
  }

  /** Starts the video (call it from a tap: autoplay rules). False when the browser refused: the screen
   * then sleeps as the system has it, never an error for the player. */
  async start(): Promise<boolean> {
    this.paint();
    if (!this.video.srcObject) this.video.srcObject = (this.canvas as HTMLCanvasElement & { captureStream(fps?: number): MediaStream }).captureStream(1);
    this.timer ??= setInterval(() => this.paint(), REPAINT_MS);
    try {
      await this.video.play();
      return true;
    } catch {
      this.stop();
      return false;
    }
  }

  stop() {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.video.pause();
  }

  /** A lit dot, its shade changed at each paint so the stream has a new frame to send. */
  private paint() {
    const g = this.canvas.getContext('2d');
    if (!g) return;
    this.lit = !this.lit;
    g.fillStyle = '#1f2a38';
    g.fillRect(0, 0, SIZE_PX, SIZE_PX);
    g.fillStyle = this.lit ? '#ffd27a' : '#f3b27a';
    g.beginPath();
    g.arc(SIZE_PX / 2, SIZE_PX / 2, SIZE_PX / 4, 0, 2 * Math.PI);
    g.fill();
  }
}

/** Keeps the guest's screen on by the way this page has: the wake lock now, or the video at the first tap. */
export class GuestAwake {
  readonly way: AwakeWay;
  private lock = new ScreenAwake();
  private video: VideoAwake | null = null;

  constructor(p: Platform = platform()) {
    this.way = awakeWay(p);
  }

  /** The wake lock is taken at once; the video waits for `tapped`. */
  async begin(video: HTMLVideoElement | undefined): Promise<void> {
    if (this.way === 'wake-lock') await this.lock.set(true);
    if (this.way === 'video' && video) this.video = new VideoAwake(video);
  }

  /** The player's tap (the first, and any after a refusal): starts the video if it is not playing. */
  async tapped(): Promise<boolean> {
    if (!this.video || this.video.playing) return this.video?.playing ?? false;
    return this.video.start();
  }

  /** Back in view: the wake lock is asked again (the platform let go of it while hidden). */
  async visible(): Promise<void> {
    if (this.way === 'wake-lock') await this.lock.visible();
  }

  end() {
    void this.lock.set(false);
    this.video?.stop();
  }
}
