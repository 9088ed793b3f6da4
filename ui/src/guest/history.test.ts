// The guest page's back button (guest/history.ts): one history entry per layer opened; a back closes the
// topmost layer, and goes on back off the page when nothing is left open.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { layers, openLayer } from '../lib/back';
import { followHistory } from './history';

afterEach(() => {
  layers.length = 0;
});

describe('followHistory', () => {
  it('adds an entry per layer opened and closes the topmost layer on popstate', () => {
    const push = vi.spyOn(window.history, 'pushState');
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    const stop = followHistory();
    const closed: string[] = [];
    let removeTool = () => {};
    removeTool = openLayer('page', () => {
      closed.push('tool');
      removeTool();
    });
    expect(push).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(closed).toEqual(['tool']);
    expect(back).not.toHaveBeenCalled();
    // Nothing open: the back press goes on, off the page.
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(back).toHaveBeenCalledTimes(1);
    stop();
    openLayer('dialog', () => {});
    expect(push).toHaveBeenCalledTimes(1);
    push.mockRestore();
    back.mockRestore();
  });
});
