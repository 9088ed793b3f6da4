import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tid } from '../lib/testids.js';
import type { TableItem } from '../lib/checklist';
import OnTheTable from './OnTheTable.svelte';

const item = (id: string, turn: number, phase: string, done = false): TableItem => ({ id, text: `${id}.`, rule: '', at: 1, turn, phase, done });
const NOW = { turn: 2, phase: 'Movement' };

afterEach(cleanup);

describe('"On the table" stays short (issue #29 item 6)', () => {
  it('lists the phase\'s own items and folds earlier and ticked ones behind one tap each', async () => {
    const items = [item('Setup a', 1, 'Setup'), item('Setup b', 1, 'Setup', true), item('Turn 1 c', 1, 'Incident'), item('Now d', 2, 'Movement'), item('Now e', 2, 'Movement', true)];
    render(OnTheTable, { items, now: NOW, tick: vi.fn(), tickAll: vi.fn() });
    const card = screen.getByTestId(tid.onTheTable);
    // The count is what is still to do: Setup a, Turn 1 c, Now d.
    expect(screen.getByTestId(tid.tableToDo).textContent).toBe('(3 to do)');
    expect(within(screen.getByTestId(tid.tableNow)).getAllByRole('listitem').map((li) => li.textContent?.trim())).toEqual(['✓ Now d.', '✓ Now e.']);
    expect(card.textContent).not.toContain('Setup a.');
    const earlier = screen.getByTestId(tid.tableEarlier);
    expect(earlier.textContent?.trim()).toBe('Show earlier, not ticked (2)');
    await fireEvent.click(earlier);
    expect(card.textContent).toContain('Turn 1 · Setup');
    expect(card.textContent).toContain('Setup a.');
    expect(card.textContent).toContain('Turn 1 · Incident');
    expect(card.textContent).not.toContain('Setup b.');
    await fireEvent.click(screen.getByTestId(tid.tableTicked));
    expect(card.textContent).toContain('Setup b.');
  });

  it('says when nothing new is due, and hides when nothing is left at all', () => {
    const { unmount } = render(OnTheTable, { items: [item('Old', 1, 'Setup')], now: NOW, tick: vi.fn(), tickAll: vi.fn() });
    expect(screen.getByTestId(tid.onTheTable).textContent).toContain('Nothing new for this phase.');
    unmount();
    render(OnTheTable, { items: [item('Old', 1, 'Setup', true)], now: NOW, tick: vi.fn(), tickAll: vi.fn() });
    expect(screen.queryByTestId(tid.onTheTable)).toBeNull();
  });

  it('sends the tick of the item tapped, ticked or not', async () => {
    const tick = vi.fn();
    render(OnTheTable, { items: [item('A', 2, 'Movement'), item('B', 2, 'Movement', true)], now: NOW, tick, tickAll: vi.fn() });
    const [a, b] = screen.getAllByTestId(tid.tableTick);
    expect(b.getAttribute('aria-label')).toBe('Not done yet: B.');
    await fireEvent.click(b);
    await fireEvent.click(a);
    expect(tick.mock.calls).toEqual([['B'], ['A']]);
  });
});
