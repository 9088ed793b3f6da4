import { beforeEach, describe, expect, it } from 'vitest';
import type { TableTask } from '../generated/TableTask';
import { arrange, collect, loadTable, saveTable, tickEvery, tickOff } from './checklist';

// The core's tasks (`view.result.table`): one per piece, each naming it.
const task = (text: string, rule = '13.0'): TableTask => ({ text, rule, thing: { kind: 'marker', name: 'collier' } });
const T1 = { turn: 1, phase: 'Movement' };

describe('"On the table" (issues #19, #50)', () => {
  beforeEach(() => localStorage.clear());

  it('keeps each task of the phase until it is ticked off, in the core\'s words', () => {
    let items = collect([], [task('Place HMS Dublin face up at Malta.'), task('Alert Level 1 → 2 (a sighting).', '5.2')], 4, T1);
    expect(items.map((i) => [i.text, i.rule, i.at])).toEqual([
      ['Place HMS Dublin face up at Malta.', '13.0', 4],
      ['Alert Level 1 → 2 (a sighting).', '5.2', 4],
    ]);
    items = collect(items, [task('Remove collier 1 from Malta.')], 6, T1);
    expect(items).toHaveLength(3);
    items = tickOff(items, items[0].id);
    expect(items[0].done).toBe(true);
    expect(arrange(items, T1).toDo).toBe(2);
    items = tickOff(items, items[0].id);
    expect(items[0].done).toBe(false);
  });

  it('is cleared with its phase: the next phase\'s tasks replace it (issue #50)', () => {
    let items = collect([], [task('Setup one.'), task('Setup two.')], 2, { turn: 1, phase: 'Setup' });
    items = tickEvery(items);
    expect(arrange(items, { turn: 1, phase: 'Setup' })).toMatchObject({ toDo: 0 });
    items = collect(items, [task('Move it.')], 4, T1);
    expect(items.map((i) => i.text)).toEqual(['Move it.']);
    // A phase with nothing to do leaves an empty list, not the last phase's.
    items = collect(items, [], 5, { turn: 1, phase: 'Incident' });
    expect(items).toEqual([]);
    expect(arrange(items, { turn: 1, phase: 'Incident' })).toEqual({ current: [], toDo: 0 });
  });

  it('drops what an undo took back (its log entries are gone) and keeps the rest', () => {
    let items = collect([], [task('First.')], 3, T1);
    items = collect(items, [task('Second.')], 5, T1);
    items = collect(items, [], 3, T1);
    expect(items.map((i) => i.text)).toEqual(['First.']);
  });

  it('an answer with nothing for the table leaves the same list (issue #31: the card and the saved copy untouched)', () => {
    const items = collect([], [task('First.')], 3, T1);
    expect(collect(items, [task('Alert Level 1 → 2 (a sighting).')], 4, T1)).not.toBe(items);
    expect(collect(items, [], 4, T1)).toBe(items);
    // An undo that takes the only item back empties the list.
    expect(collect(items, [], 2, T1)).toEqual([]);
  });

  it('is kept on the device per game, and a damaged entry reads as an empty list', () => {
    const items = collect([], [task('Place it.')], 2, T1);
    saveTable('abc', items);
    expect(loadTable('abc')).toEqual(items);
    saveTable('abc', []);
    expect(localStorage.getItem('goeben.onTheTable.abc')).toBeNull();
    localStorage.setItem('goeben.onTheTable.bad', '{not json');
    expect(loadTable('bad')).toEqual([]);
    localStorage.setItem('goeben.onTheTable.odd', JSON.stringify([{ id: 1 }, 'x', { id: 'a', text: 'ok', rule: '', at: 1 }]));
    // A list kept before items had a turn and a phase (no turn, phase or tick) reads as earlier and still to do.
    expect(loadTable('odd')).toEqual([{ id: 'a', text: 'ok', rule: '', at: 1, turn: 0, phase: '', done: false }]);
  });

  it('forgets the oldest ticked items beyond 60, never one still to do', () => {
    let items = collect([], Array.from({ length: 70 }, (_, i) => task(`Item ${i}.`)), 70, T1);
    items = tickEvery(items.slice(0, 65)).concat(items.slice(65));
    items = collect(items, [task('New.')], 72, T1);
    expect(items.filter((i) => i.done)).toHaveLength(60);
    expect(items.filter((i) => i.done)[0].text).toBe('Item 5.');
    expect(items.filter((i) => !i.done).map((i) => i.text)).toEqual(['Item 65.', 'Item 66.', 'Item 67.', 'Item 68.', 'Item 69.', 'New.']);
  });
});
