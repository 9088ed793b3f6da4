// The space list of a move card: it shows the space chosen, keeps it when the list changes, and never
// lets a name's characters become markup.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import SpacePicker from './SpacePicker.svelte';
import type { SpaceChoice, SpaceGroup } from '../../lib/compose';
import { tid } from '../../lib/testids.js';

const to = tid.moveTo('goeben');

afterEach(() => cleanup());

const space = (key: string, name: string): SpaceChoice => ({ key, name, ref: { kind: 'place', id: key } });
const groups: SpaceGroup[] = [
  { name: 'Open sea', spaces: [space('a', 'Open sea, Aegean'), space('b', 'Open sea, Adriatic')] },
  { name: 'Ports', spaces: [space('c', 'Malta <Valletta> & "Grand Harbour"')] },
];

describe('SpacePicker', () => {
  it('lists the spaces by group under the placeholder and shows the one chosen', () => {
    render(SpacePicker, { props: { label: 'Ended at', groups, value: 'b', testid: to } });
    const select = screen.getByTestId(to) as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([
      ['', '— choose —'],
      ['a', 'Open sea, Aegean'],
      ['b', 'Open sea, Adriatic'],
      ['c', 'Malta <Valletta> & "Grand Harbour"'],
    ]);
    expect([...select.querySelectorAll('optgroup')].map((g) => g.label)).toEqual(['Open sea', 'Ports']);
    expect(select.value).toBe('b');
    expect(select.querySelector('valletta')).toBeNull();
  });

  it('keeps the chosen space when the list changes, and reports a new choice', async () => {
    const { rerender } = render(SpacePicker, { props: { label: 'Ended at', groups, value: 'c', testid: to } });
    const select = screen.getByTestId(to) as HTMLSelectElement;
    expect(select.value).toBe('c');
    await rerender({ groups: [groups[1], groups[0]], value: 'c' });
    expect(select.options[1].value).toBe('c');
    expect(select.value).toBe('c');
    await fireEvent.change(select, { target: { value: 'a' } });
    expect(select.value).toBe('a');
    await rerender({ groups, value: '' });
    expect(select.value).toBe('');
  });

  it('keeps its options when a new answer brings an equal list, and follows a changed one (issue #31)', async () => {
    const { rerender } = render(SpacePicker, { props: { label: 'Ended at', groups, value: 'a', testid: to } });
    const select = screen.getByTestId(to) as HTMLSelectElement;
    const first = select.options[1];
    await rerender({ groups: structuredClone(groups), value: 'a' });
    expect(select.options[1]).toBe(first);
    await rerender({ groups: [groups[0]], value: 'a' });
    expect(select.options).toHaveLength(3);
    expect(select.value).toBe('a');
  });
});
