import { describe, expect, it, vi } from 'vitest';
import { afterPaint, markStartup, recordTiming, reportReady, timings } from './startup';

describe('issue #17: the first screen and the way of each answer to the screen', () => {
  it('tells the shell once, after the first screen is painted, with the moments of the start in order', async () => {
    markStartup('script');
    const ready = vi.fn(async (_marks: Record<string, number>) => 123);
    await reportReady(ready);
    await reportReady(ready);
    expect(ready).toHaveBeenCalledTimes(1);
    const marks = ready.mock.calls[0][0];
    expect(marks.navigation).toBe(performance.timeOrigin);
    expect(marks.navigation).toBeLessThanOrEqual(marks.script);
    expect(marks.script).toBeLessThanOrEqual(marks.rendered);
    expect(marks.rendered).toBeLessThanOrEqual(marks.painted);
  });

  it('waits for the next frame before it resolves', async () => {
    const order: string[] = [];
    requestAnimationFrame(() => order.push('frame'));
    await afterPaint();
    order.push('painted');
    expect(order).toEqual(['frame', 'painted']);
  });

  it('records the IPC, DOM, layout, frame and paint times in order, each from the tap', async () => {
    const sent = performance.now();
    const answered = sent + 2;
    const t = await recordTiming('end_phase', sent, answered);
    expect(t.action).toBe('end_phase');
    expect(t.ipc).toBeCloseTo(2);
    expect(t.dom).toBeGreaterThanOrEqual(0);
    expect(t.laid).toBeGreaterThanOrEqual(t.dom);
    expect(t.frame).toBeGreaterThanOrEqual(t.laid);
    expect(t.paint).toBeGreaterThanOrEqual(t.frame);
    expect(timings[timings.length - 1]).toBe(t);
    expect((globalThis as { __goebenTimings?: unknown }).__goebenTimings).toBe(timings);
  });
});
