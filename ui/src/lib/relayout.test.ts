import { describe, expect, it, vi } from 'vitest';
import { relayout, relayoutOnResize } from './relayout';

describe('relayout after a resize (a WebKit workaround, issue #19)', () => {
  it('takes the page out of layout and back, and puts the scroll position back', () => {
    const scrollTo = vi.fn();
    const win = { scrollY: 420, scrollTo } as unknown as Window;
    const seen: string[] = [];
    const body = document.body;
    const height = vi.spyOn(body, 'offsetHeight', 'get').mockImplementation(() => {
      seen.push(body.style.display);
      return 0;
    });
    relayout(document, win);
    expect(seen).toEqual(['none']);
    expect(body.style.display).toBe('');
    expect(scrollTo).toHaveBeenCalledWith(0, 420);
    height.mockRestore();
  });

  it('runs once per frame however many resize events come, and stops when removed', () => {
    const frames: FrameRequestCallback[] = [];
    const listeners = new Map<string, EventListener>();
    const scrollTo = vi.fn();
    const win = {
      document,
      scrollY: 0,
      scrollTo,
      requestAnimationFrame: (f: FrameRequestCallback) => frames.push(f),
      addEventListener: (k: string, f: EventListener) => listeners.set(k, f),
      removeEventListener: (k: string) => listeners.delete(k),
    } as unknown as Window;
    const remove = relayoutOnResize(win);
    for (let i = 0; i < 5; i += 1) listeners.get('resize')!(new Event('resize'));
    expect(frames).toHaveLength(1);
    frames[0](0);
    expect(scrollTo).toHaveBeenCalledTimes(1);
    remove();
    expect(listeners.has('resize')).toBe(false);
  });
});
