import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import { clearMocks } from '@tauri-apps/api/mocks';
import RandomEvents from './RandomEvents.svelte';
import { FakeCore } from './fakeCore';

afterEach(() => {
  cleanup();
  clearMocks();
});

const faces = (root: HTMLElement) => [...root.querySelectorAll('[data-testid="die-face"]')].map((d) => d.getAttribute('data-value'));

describe('random events', () => {
  it('rolls for the chosen player and table and shows both dice and the entry', async () => {
    const core = new FakeCore({ dice: [3, 4] }).install();
    render(RandomEvents);
    await fireEvent.click(screen.getByTestId('event-player-b'));
    await fireEvent.click(screen.getByTestId('event-table-strategic'));
    await fireEvent.click(screen.getByTestId('event-roll'));
    expect(core.requests).toEqual([{ tool: 'roll_event', player: 'b', table: 'strategic' }]);
    const result = await screen.findByTestId('event-result');
    expect(faces(screen.getByTestId('event-dice'))).toEqual(['3', '4']);
    expect(screen.getByTestId('event-name').textContent).toBe('7. Surprise!');
    expect(result.textContent).toContain('Player B');
    expect(screen.getByTestId('event-applies').textContent).toContain('without the initiative');
    expect(result.textContent).toContain('ignores this on 1–3');
    expect(screen.getByTestId('event-source').textContent).toContain('Advanced Strategic Rules 5');
  });

  it('shows the side die and the side it picks', async () => {
    new FakeCore({ dice: [1, 1, 5] }).install();
    render(RandomEvents);
    await fireEvent.click(screen.getByTestId('event-roll'));
    const applies = await screen.findByTestId('event-applies');
    expect(faces(applies)).toEqual(['5']);
    expect(applies.textContent).toContain('Allies');
    expect(screen.getByTestId('event-source').textContent).toContain('Advanced Tactical Rules 2');
  });
});
