import { beforeEach, describe, expect, it } from 'vitest';
import type { Event } from '../generated/Event';
import type { EventLine } from '../generated/EventLine';
import { collect, loadTable, saveTable, tickOff } from './checklist';

const line = (text: string, rule = ''): EventLine => ({ text, rule });
const instruction = (text: string): Event => ({ event: 'table_instruction', text, rule: '13.0' });
const dice: Event = { event: 'dice_rolled', purpose: 'Contact', faces: [5], rule: '14.3' } as Event;
const alert: Event = { event: 'alert_changed', from: 1, to: 2, reason: 'a sighting', rule: '5.2' };

describe('"On the table" (issue #19)', () => {
  beforeEach(() => localStorage.clear());

  it('keeps each instruction until it is ticked off, in the core\'s words, and leaves the dice out', () => {
    let items = collect([], [dice, instruction('Place HMS Dublin face up at Malta.'), alert], [line('Contact: rolled 5'), line('On the table: Place HMS Dublin face up at Malta.'), line('Alert Level 1 → 2 (a sighting).', '5.2')], 4);
    expect(items.map((i) => i.text)).toEqual(['Place HMS Dublin face up at Malta.', 'Alert Level 1 → 2 (a sighting).']);
    expect(items[1].rule).toBe('5.2');
    // The next answer adds to the list; nothing goes until it is ticked.
    items = collect(items, [instruction('Remove collier 1 from Malta.')], [line('On the table: Remove collier 1 from Malta.')], 6);
    expect(items).toHaveLength(3);
    items = tickOff(items, items[0].id);
    expect(items.map((i) => i.text)).toEqual(['Alert Level 1 → 2 (a sighting).', 'Remove collier 1 from Malta.']);
  });

  it('drops what an undo took back (its log entries are gone) and keeps the rest', () => {
    let items = collect([], [instruction('First.')], [line('On the table: First.')], 3);
    items = collect(items, [instruction('Second.')], [line('On the table: Second.')], 5);
    items = collect(items, [{ event: 'undone', entries: 2 }], [line('Undone.')], 3);
    expect(items.map((i) => i.text)).toEqual(['First.']);
  });

  it('is kept on the device per game, and a damaged entry reads as an empty list', () => {
    const items = collect([], [instruction('Place it.')], [line('On the table: Place it.')], 2);
    saveTable('abc', items);
    expect(loadTable('abc')).toEqual(items);
    expect(loadTable('another game')).toEqual([]);
    saveTable('abc', []);
    expect(localStorage.getItem('goeben.onTheTable.abc')).toBeNull();
    localStorage.setItem('goeben.onTheTable.bad', '{not json');
    expect(loadTable('bad')).toEqual([]);
    localStorage.setItem('goeben.onTheTable.odd', JSON.stringify([{ id: 1 }, 'x', { id: 'a', text: 'ok', rule: '', at: 1 }]));
    expect(loadTable('odd')).toEqual([{ id: 'a', text: 'ok', rule: '', at: 1 }]);
  });
});
