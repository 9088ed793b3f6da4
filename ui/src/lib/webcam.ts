// Desktop webcam scanning. The webview captures the camera; every few frames one is turned to
// grey pixels and sent to the shell's `decode_frame` command, which finds a QR code in it (rqrr, in Rust).
// The shell turns WebKitGTK's media capture on and allows the camera, and nothing else (src-tauri/src/webcam.rs).
// Phones scan through the barcode scanner plugin instead (camera.ts).
import type { FrameAnswer } from '../generated/shell/FrameAnswer';
import { cameraAvailable } from './camera';
import { call } from './ipc';

export type { FrameAnswer };

/** Widest frame sent to the decoder: enough for a 5/8-inch counter held at arm's length. */
export const FRAME_WIDTH = 640;
/** Time between two frames sent, in milliseconds. */
export const FRAME_INTERVAL_MS = 150;

/** Whether this is a desktop (phones scan with the plugin). The webview may still lack a camera. */
export function webcamOffered(userAgent: string = navigator.userAgent): boolean {
  return !cameraAvailable(userAgent);
}

/** Luma of RGBA pixels (ITU-R BT.601 weights, in integers), one byte a pixel. */
export function greyPixels(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): Uint8Array {
  const grey = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < grey.length; i += 1, p += 4) {
    grey[i] = (rgba[p] * 299 + rgba[p + 1] * 587 + rgba[p + 2] * 114) / 1000;
  }
  return grey;
}

/** Sends one grey frame to the shell's decoder. */
export async function decodeFrame(grey: Uint8Array, width: number, height: number): Promise<FrameAnswer> {
  return call('decode_frame', grey, { headers: { 'x-frame-width': String(width), 'x-frame-height': String(height) } });
}

export type WebcamStatus = { frames: number; message: string };

/** What the player is told when the camera cannot be opened, by the browser's error name. */
export function cameraErrorMessage(e: unknown): string {
  const name = (e as { name?: string })?.name ?? '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'The app was not allowed to use the camera.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera was found. Plug one in, or type the code.';
  if (name === 'NotReadableError') return 'The camera is busy in another program.';
  return `The camera could not be opened: ${String(e)}`;
}

/** Runs the camera into `video` and reads frames until a code is found or `stop` is called. */
export class WebcamScanner {
  private stream: MediaStream | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private video: HTMLVideoElement | null = null;
  /** One canvas for every frame, resized only when the picture's size changes. */
  private canvas = document.createElement('canvas');
  frames = 0;

  constructor(
    private found: (code: string) => void,
    private status: (s: WebcamStatus) => void,
  ) {}

  /** Opens the camera into `video` and starts reading frames. */
  async start(video: HTMLVideoElement): Promise<void> {
    this.video = video;
    if (!navigator.mediaDevices?.getUserMedia) throw new Error('this window has no camera access');
    this.stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment', width: { ideal: 1280 } }, audio: false });
    if (this.stopped) return this.stop();
    this.video.srcObject = this.stream;
    await this.video.play().catch(() => undefined);
    this.status({ frames: 0, message: 'Hold a counter’s code inside the frame.' });
    this.schedule();
  }

  private schedule() {
    if (!this.stopped) this.timer = setTimeout(() => void this.readOne(), FRAME_INTERVAL_MS);
  }

  private async readOne() {
    if (this.stopped || !this.video) return;
    const { videoWidth, videoHeight } = this.video;
    if (videoWidth === 0 || videoHeight === 0) return this.schedule();
    const width = Math.min(FRAME_WIDTH, videoWidth);
    const height = Math.round((videoHeight * width) / videoWidth);
    let answer: FrameAnswer;
    try {
      const canvas = this.canvas;
      if (canvas.width !== width) canvas.width = width;
      if (canvas.height !== height) canvas.height = height;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) return this.schedule();
      context.drawImage(this.video, 0, 0, width, height);
      answer = await decodeFrame(greyPixels(context.getImageData(0, 0, width, height).data, width, height), width, height);
    } catch (e) {
      answer = { error: String(e) };
    }
    this.frames += 1;
    if (this.stopped) return;
    if (answer.code) {
      this.stop();
      this.found(answer.code);
      return;
    }
    this.status({ frames: this.frames, message: answer.error ? `A frame could not be read: ${answer.error}` : 'No code in sight yet.' });
    this.schedule();
  }

  /** Stops reading and turns the camera off. */
  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.stream?.getTracks().forEach((t) => t.stop());
    this.stream = null;
    if (this.video) this.video.srcObject = null;
  }
}
