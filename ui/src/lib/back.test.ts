// The way back (lib/back.ts): what one press of Android's back button, a guest page's history or Escape
// does, from the topmost thing open down to leaving the app.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backStep, closeTopLayer, layers, openLayer, type Layer, type Screen } from './back';

const GAME: Screen = { scan: false, menu: false, log: false, side: false, lists: false, main: 'game', resumable: true };
const START: Screen = { ...GAME, main: 'start', resumable: false };
const layer = (rank: Layer['rank']): Layer => ({ rank, close: () => {} });

afterEach(() => {
  layers.length = 0;
});

describe('backStep', () => {
  it('closes a dialog before anything else, the newest first', () => {
    const first = layer('dialog');
    const second = layer('dialog');
    const step = backStep([first, layer('page'), second], { ...GAME, menu: true, log: true });
    expect(step).toEqual({ kind: 'layer', layer: second });
  });

  it('closes the sheets in order: scan, menu, log, a side page, then the start screen lists', () => {
    const all: Screen = { ...GAME, scan: true, menu: true, log: true, side: true, lists: true };
    expect(backStep([], all)).toEqual({ kind: 'close', what: 'scan' });
    expect(backStep([], { ...all, scan: false })).toEqual({ kind: 'close', what: 'menu' });
    expect(backStep([], { ...all, scan: false, menu: false })).toEqual({ kind: 'close', what: 'log' });
    expect(backStep([], { ...GAME, side: true, lists: true })).toEqual({ kind: 'close', what: 'side' });
    expect(backStep([], { ...START, lists: true })).toEqual({ kind: 'close', what: 'lists' });
  });

  it('closes the menu opened over a page (the review) before the page', () => {
    const review = layer('page');
    expect(backStep([review], { ...GAME, menu: true })).toEqual({ kind: 'close', what: 'menu' });
    expect(backStep([review], GAME)).toEqual({ kind: 'layer', layer: review });
  });

  it('returns from the table tools to the start screen, and from a new game form to the game it left', () => {
    expect(backStep([], { ...START, main: 'tools' })).toEqual({ kind: 'to-start' });
    expect(backStep([], { ...GAME, main: 'new-game' })).toEqual({ kind: 'to-game' });
  });

  it('asks before leaving in the middle of a game, and leaves only from the start screen', () => {
    expect(backStep([], GAME)).toEqual({ kind: 'ask-leave' });
    expect(backStep([], START)).toEqual({ kind: 'leave' });
    // A new-game form with no game behind it is the start screen.
    expect(backStep([], { ...START, main: 'new-game' })).toEqual({ kind: 'leave' });
  });
});

describe('layers', () => {
  it('are removed by the function openLayer returns, and closeTopLayer closes dialogs before pages', () => {
    const closed: string[] = [];
    openLayer('page', () => closed.push('tool'));
    const dropRule = openLayer('dialog', () => closed.push('rule'));
    expect(layers).toHaveLength(2);
    expect(closeTopLayer()).toBe(true);
    expect(closed).toEqual(['rule']);
    dropRule();
    expect(layers).toHaveLength(1);
    expect(closeTopLayer()).toBe(true);
    expect(closed).toEqual(['rule', 'tool']);
  });

  it('says when nothing was open to close', () => {
    expect(closeTopLayer()).toBe(false);
  });

  it('complains when layers pile up past their bound (a component forgot to remove its own)', () => {
    const assert = vi.spyOn(console, 'assert').mockImplementation(() => {});
    for (let i = 0; i < 17; i++) openLayer('page', () => {});
    expect(assert).toHaveBeenLastCalledWith(false, 'back: too many layers open', 17);
    assert.mockRestore();
  });
});
