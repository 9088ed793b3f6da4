import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import { clearMocks } from '@tauri-apps/api/mocks';
import RandomEvents from './RandomEvents.svelte';
import { ToolsReplay, transcript } from '../../test/toolsReplay';
import events from '../../test/fixtures/tools/random_events.json';
import { tid, selector } from '../../lib/testids.js';

afterEach(() => {
  cleanup();
  clearMocks();
});

const faces = (root: HTMLElement) => [...root.querySelectorAll(selector(tid.dieFace))].map((d) => d.getAttribute('data-value'));

describe('random events', () => {
  it('rolls for the chosen player and table and shows both dice and the entry', async () => {
    const core = new ToolsReplay(transcript(events, 'strategic')).install();
    render(RandomEvents);
    await fireEvent.click(screen.getByTestId(tid.eventPlayer('b')));
    await fireEvent.click(screen.getByTestId(tid.eventTable('strategic')));
    await fireEvent.click(screen.getByTestId(tid.eventRoll));
    expect(core.requests).toEqual([{ tool: 'roll_event', player: 'b', table: 'strategic' }]);
    const result = await screen.findByTestId(tid.eventResult);
    expect(faces(screen.getByTestId(tid.eventDice))).toEqual(['1', '3']);
    expect(screen.getByTestId(tid.eventName).textContent).toBe('4. Erroneous Report');
    expect(result.textContent).toContain('Player B');
    expect(screen.getByTestId(tid.eventApplies).textContent).toContain('Central Powers');
    expect(result.textContent).toContain('ignores this on 1–3');
    expect(screen.getByTestId(tid.eventSource).textContent).toContain('Advanced Strategic Rules 5');
  });

  it('shows the side die and the side it picks', async () => {
    new ToolsReplay(transcript(events, 'side die')).install();
    render(RandomEvents);
    await fireEvent.click(screen.getByTestId(tid.eventRoll));
    const applies = await screen.findByTestId(tid.eventApplies);
    expect(faces(applies)).toEqual(['5']);
    expect(applies.textContent).toContain('Allies');
    expect(screen.getByTestId(tid.eventSource).textContent).toContain('Advanced Tactical Rules 2');
  });
});
