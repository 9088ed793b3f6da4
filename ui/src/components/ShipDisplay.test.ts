import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import ShipDisplay from './ShipDisplay.svelte';
import type { ShipView } from '../generated/ShipView';
import type { Action } from '../generated/Action';
import { tid } from '../lib/testids.js';

afterEach(() => cleanup());

const tracks = { leadership: 4, engines: 6, hull: 10, primary: 5, secondary: 3, tertiary: 2, ammunition: 5, torpedoes: 2, coal: 3 };
const goeben: ShipView = {
  id: 'goeben', name: 'SMS Goeben', ship_type: 'BC', status: 'active', position: { kind: 'place', id: 'messina' }, position_name: 'Messina',
  tracks, start: { ...tracks, hull: 12, ammunition: 6, coal: 4 },
  cargo: [{ id: 'wireless', name: 'Wireless', boxes: 1 }, { id: 'seaplane', name: 'Seaplane', boxes: 2 }],
  cargo_points: 0, buys: [], repair_dice: 4, austro_hungarian: false, speeds: { cruise: 4, maximum: 5, emergency: 6 },
};

describe('ship display', () => {
  it('shows each track as boxes with the speeds and the cargo in the hull boxes', () => {
    render(ShipDisplay, { ship: goeben, send: () => {}, busy: false });
    const display = screen.getByTestId(tid.display('goeben'));
    expect(display.textContent).toContain('cruise 4 · maximum 5 · emergency 6');
    const hull = display.querySelector('[data-track="hull"]')!;
    expect(hull.querySelectorAll('.box').length).toBe(12);
    expect(hull.querySelectorAll('.box.filled').length).toBe(10);
    expect([...hull.querySelectorAll('.box')].slice(0, 3).map((b) => b.getAttribute('title'))).toEqual(['Wireless', 'Seaplane', 'Seaplane']);
  });

  it('issue #29: the ring sits on the current box, as the cardboard marker does; a lost start is dotted', () => {
    render(ShipDisplay, { ship: goeben, send: () => {}, busy: false });
    const display = screen.getByTestId(tid.display('goeben'));
    const boxes = (track: string) => [...display.querySelector(`[data-track="${track}"]`)!.querySelectorAll('.box')];
    // Hull 10 of 12: the ring on box 10, box 12 (the start) dotted.
    expect(boxes('hull').findIndex((b) => b.classList.contains('current'))).toBe(9);
    expect(boxes('hull').findIndex((b) => b.classList.contains('start'))).toBe(11);
    // Engines at their start (6): the ring on box 6, no dotted start.
    expect(boxes('engines').findIndex((b) => b.classList.contains('current'))).toBe(5);
    expect(boxes('engines').some((b) => b.classList.contains('start'))).toBe(false);
  });

  it('issue #19: one row per track, and no − or + until the Edit switch is on', async () => {
    render(ShipDisplay, { ship: goeben, send: () => {}, busy: false });
    const display = screen.getByTestId(tid.display('goeben'));
    const rows = [...display.querySelectorAll('.track-row')];
    expect(rows.map((r) => r.getAttribute('data-track'))).toEqual(['leadership', 'engines', 'hull', 'primary', 'secondary', 'tertiary', 'ammunition', 'torpedoes', 'coal']);
    expect(rows[2].querySelector('.track-name')?.textContent).toBe('Hull 10');
    expect(screen.queryByTestId(tid.less('goeben', 'coal'))).toBeNull();
    expect(screen.queryByRole('button', { name: /one (less|more)/ })).toBeNull();
    const edit = screen.getByTestId(tid.editTracks('goeben'));
    expect(edit.getAttribute('role')).toBe('switch');
    expect(edit.getAttribute('aria-checked')).toBe('false');
    await fireEvent.click(edit);
    expect(edit.getAttribute('aria-checked')).toBe('true');
    // The − and + of a track sit in that track's row.
    const coal = display.querySelector('[data-track="coal"]')!;
    expect(coal.contains(screen.getByTestId(tid.less('goeben', 'coal')))).toBe(true);
    expect(coal.contains(screen.getByTestId(tid.more('goeben', 'coal')))).toBe(true);
    // Switching Edit off drops a pending proposal with the buttons.
    await fireEvent.click(screen.getByTestId(tid.more('goeben', 'coal')));
    expect(screen.getByRole('alert').textContent).toContain('coal from 3 to 4');
    await fireEvent.click(edit);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByTestId(tid.more('goeben', 'coal'))).toBeNull();
  });

  it('proposes a correction with − and + and sends it once confirmed', async () => {
    const sent: Action[] = [];
    render(ShipDisplay, { ship: goeben, send: (a: Action) => sent.push(a), busy: false });
    await fireEvent.click(screen.getByTestId(tid.editTracks('goeben')));
    await fireEvent.click(screen.getByTestId(tid.less('goeben', 'coal')));
    await fireEvent.click(screen.getByTestId(tid.less('goeben', 'coal')));
    expect(screen.getByRole('alert').textContent).toContain('coal from 3 to 1');
    expect(sent).toEqual([]);
    await fireEvent.click(screen.getByTestId(tid.confirmTrack));
    expect(sent).toEqual([{ action: 'correct', correction: { kind: 'ship_track', ship: 'goeben', track: 'coal', value: 1 } }]);
  });
});
