import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tid } from '../lib/testids.js';
import type { TableItem } from '../lib/checklist';
import OnTheTable from './OnTheTable.svelte';

const item = (id: string, turn: number, phase: string, done = false): TableItem => ({ id, text: `${id}.`, rule: '', at: 1, turn, phase, done });
const NOW = { turn: 2, phase: 'Movement' };

afterEach(cleanup);

describe('"On the table" stays short (issues #29, #50)', () => {
  it('lists the phase\'s own items only, ticked ones in place, and counts what is still to do', () => {
    const items = [item('Setup a', 1, 'Setup'), item('Now d', 2, 'Movement'), item('Now e', 2, 'Movement', true)];
    render(OnTheTable, { items, now: NOW, tick: vi.fn(), tickAll: vi.fn() });
    const card = screen.getByTestId(tid.onTheTable);
    expect(screen.getByTestId(tid.tableToDo).textContent).toBe('(1 to do)');
    expect(within(screen.getByTestId(tid.tableNow)).getAllByRole('listitem').map((li) => li.textContent?.trim())).toEqual(['✓ Now d.', '✓ Now e.']);
    expect(card.textContent).not.toContain('Setup a.');
  });

  it('hides when the phase asks nothing of the table', () => {
    render(OnTheTable, { items: [item('Old', 1, 'Setup')], now: NOW, tick: vi.fn(), tickAll: vi.fn() });
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
