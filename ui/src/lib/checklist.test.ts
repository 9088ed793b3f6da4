import { beforeEach, describe, expect, it } from 'vitest';
import type { Event } from '../generated/Event';
import type { EventLine } from '../generated/EventLine';
import { arrange, collect, loadTable, saveTable, tickEvery, tickOff } from './checklist';

const line = (text: string, rule = ''): EventLine => ({ text, rule });
const instruction = (text: string): Event => ({ event: 'table_instruction', text, rule: '13.0' });
const dice: Event = { event: 'dice_rolled', purpose: 'Contact', faces: [5], rule: '14.3' } as Event;
const alert: Event = { event: 'alert_changed', from: 1, to: 2, reason: 'a sighting', rule: '5.2' };
const T1 = { turn: 1, phase: 'Movement' };

describe('"On the table" (issue #19)', () => {
  beforeEach(() => localStorage.clear());

  it('keeps each instruction until it is ticked off, in the core\'s words, and leaves the dice out', () => {
    let items = collect([], [dice, instruction('Place HMS Dublin face up at Malta.'), alert], [line('Contact: rolled 5'), line('On the table: Place HMS Dublin face up at Malta.'), line('Alert Level 1 → 2 (a sighting).', '5.2')], 4, T1);
    expect(items.map((i) => i.text)).toEqual(['Place HMS Dublin face up at Malta.', 'Alert Level 1 → 2 (a sighting).']);
    expect(items[1].rule).toBe('5.2');
    // The next answer adds to the list; nothing goes until it is ticked.
    items = collect(items, [instruction('Remove collier 1 from Malta.')], [line('On the table: Remove collier 1 from Malta.')], 6, T1);
    expect(items).toHaveLength(3);
    // A tick marks the item done where it stands; a second tap unticks it.
    items = tickOff(items, items[0].id);
    expect(items.map((i) => [i.text, i.done])).toEqual([['Place HMS Dublin face up at Malta.', true], ['Alert Level 1 → 2 (a sighting).', false], ['Remove collier 1 from Malta.', false]]);
    expect(tickOff(items, items[0].id)[0].done).toBe(false);
    expect(tickEvery(items).every((i) => i.done)).toBe(true);
  });

  it('makes no item of what asks nothing of the table: an Alert or VP unchanged, a counter turned over that an instruction places (issue #50)', () => {
    const same: Event = { event: 'alert_changed', from: 1, to: 1, reason: 'Intelligence result', rule: '11.0' };
    const counter = { id: 'gb_cl_dublin', name: 'HMS Dublin', kind: 'incident' } as Extract<Event, { event: 'counter_revealed' }>['counter'];
    const revealed: Event = { event: 'counter_revealed', counter, at: { kind: 'place', id: 'malta_pz' }, rule: '13.0' };
    const items = collect([], [same, revealed, instruction('Place HMS Dublin face up at Malta.')], [line('Alert Level 1 → 1.'), line('Revealed HMS Dublin at Malta.'), line('On the table: Place HMS Dublin face up at Malta.')], 5, T1);
    expect(items.map((i) => i.text)).toEqual(['Place HMS Dublin face up at Malta.']);
    // Turned over with nothing placing it, it is still one thing to do.
    expect(collect([], [revealed], [line('Revealed HMS Dublin at Malta.')], 6, T1).map((i) => i.text)).toEqual(['Revealed HMS Dublin at Malta.']);
  });

  it('drops what an undo took back (its log entries are gone) and keeps the rest', () => {
    let items = collect([], [instruction('First.')], [line('On the table: First.')], 3, T1);
    items = collect(items, [instruction('Second.')], [line('On the table: Second.')], 5, T1);
    items = collect(items, [{ event: 'undone', entries: 2 }], [line('Undone.')], 3, T1);
    expect(items.map((i) => i.text)).toEqual(['First.']);
  });

  it('an answer with nothing for the table leaves the same list (issue #31: the card and the saved copy untouched)', () => {
    const items = collect([], [instruction('First.')], [line('On the table: First.')], 3, T1);
    expect(collect(items, [alert], [line('Alert Level 1 → 2 (a sighting).', '5.2')], 4, T1)).not.toBe(items);
    expect(collect(items, [dice], [line('Contact: rolled 5')], 4, T1)).toBe(items);
    // An undo that takes an item back is a new list.
    expect(collect(items, [{ event: 'undone', entries: 1 }], [line('Undone.')], 2, T1)).toEqual([]);
  });

  it('is kept on the device per game, and a damaged entry reads as an empty list', () => {
    const items = collect([], [instruction('Place it.')], [line('On the table: Place it.')], 2, T1);
    saveTable('abc', items);
    expect(loadTable('abc')).toEqual(items);
    expect(loadTable('another game')).toEqual([]);
    saveTable('abc', []);
    expect(localStorage.getItem('goeben.onTheTable.abc')).toBeNull();
    localStorage.setItem('goeben.onTheTable.bad', '{not json');
    expect(loadTable('bad')).toEqual([]);
    localStorage.setItem('goeben.onTheTable.odd', JSON.stringify([{ id: 1 }, 'x', { id: 'a', text: 'ok', rule: '', at: 1 }]));
    // A list kept before items had a turn and a phase (no turn, phase or tick) reads as earlier and still to do.
    expect(loadTable('odd')).toEqual([{ id: 'a', text: 'ok', rule: '', at: 1, turn: 0, phase: '', done: false }]);
  });

  it('shows the phase\'s own items, folds earlier and ticked ones, and counts what is still to do (issue #29)', () => {
    let items = collect([], [instruction('Setup one.'), instruction('Setup two.')], [line('a'), line('b')], 2, { turn: 1, phase: 'Setup' });
    items = tickOff(items, items[0].id);
    items = collect(items, [instruction('Move it.')], [line('c')], 4, T1);
    const parts = arrange(items, T1);
    expect(parts.current.map((i) => i.text)).toEqual(['Move it.']);
    expect(parts.earlier).toEqual([{ heading: 'Turn 1 · Setup', items: [items[1]] }]);
    expect(parts.tickedEarlier.map((i) => i.text)).toEqual(['Setup one.']);
    expect(parts.toDo).toBe(2);
  });

  it('forgets the oldest ticked items beyond 60, never one still to do', () => {
    let items = collect([], Array.from({ length: 70 }, (_, i) => instruction(`Item ${i}.`)), Array.from({ length: 70 }, () => line('x')), 70, T1);
    items = tickEvery(items.slice(0, 65)).concat(items.slice(65));
    items = collect(items, [instruction('New.')], [line('y')], 72, T1);
    expect(items.filter((i) => i.done)).toHaveLength(60);
    expect(items.filter((i) => i.done)[0].text).toBe('Item 5.');
    expect(items.filter((i) => !i.done).map((i) => i.text)).toEqual(['Item 65.', 'Item 66.', 'Item 67.', 'Item 68.', 'Item 69.', 'New.']);
  });
});
