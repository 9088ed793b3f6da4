import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/svelte';
import EventList from './EventList.svelte';
import type { Event } from '../generated/Event';
import type { EventLine } from '../generated/EventLine';

afterEach(() => {
  cleanup();
});

const at = { kind: 'place', id: 'messina' } as const;

describe('EventList', () => {
  it("shows the core's line and rule for each event, never its own wording", () => {
    const events: Event[] = [{ event: 'turn_started', turn: 2 }];
    const lines: EventLine[] = [{ text: 'Turn 2 begins (from the core).', rule: '4.0' }];
    render(EventList, { props: { events, lines } });
    expect(screen.getByText('Turn 2 begins (from the core).')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rule 4.0' })).toBeTruthy();
  });

  it("says the dice the player entered were theirs (house rule \"I roll the dice\"), from a real answer", async () => {
    const { default: entered } = await import('../test/fixtures/dice_entered.json');
    const { container } = render(EventList, { props: { events: entered.events as Event[], lines: entered.lines as EventLine[] } });
    const line = container.querySelector('li')!;
    expect(line.textContent).toContain(': you rolled');
    expect(line.querySelector('.dice')!.getAttribute('aria-label')).toMatch(/^you rolled /);
  });

  it("marks the faces that hit from a fire's typed fields, and none on other rolls", () => {
    const events: Event[] = [
      { event: 'dice_rolled', purpose: 'Torpedoes', faces: [4, 5, 6], rule: '14.6', fire: { german: true, space: at, hitting_faces: 2 } },
      { event: 'dice_rolled', purpose: 'Storm', faces: [6], rule: 'Incident Chart: Storm' },
    ];
    const lines: EventLine[] = events.map((e) => ({ text: 'rolled', rule: e.event === 'dice_rolled' ? e.rule : '' }));
    const { container } = render(EventList, { props: { events, lines } });
    const hits = [...container.querySelectorAll('.die.hit')].map((d) => d.textContent);
    expect(hits).toEqual(['5', '6']);
    expect(screen.getByText('2 hits')).toBeTruthy();
  });

  it('reads each roll to a screen reader as the faces shown, the hits said (issue #17)', () => {
    const events: Event[] = [
      { event: 'dice_rolled', purpose: 'Torpedoes', faces: [4, 5, 6], rule: '14.6', fire: { german: true, space: at, hitting_faces: 2 } },
      { event: 'dice_rolled', purpose: 'Storm', faces: [5, 2], rule: 'Incident Chart: Storm' },
    ];
    const lines: EventLine[] = events.map((e) => ({ text: 'rolled', rule: e.event === 'dice_rolled' ? e.rule : '' }));
    render(EventList, { props: { events, lines } });
    const rolls = screen.getAllByRole('img');
    expect(rolls.map((r) => r.getAttribute('aria-label'))).toEqual(['rolled 4, 5 (a hit), 6 (a hit)', 'rolled 5, 2']);
    // The faces themselves are drawn inside the one named image: a screen reader does not hear bare numbers.
    expect(screen.getByRole('img', { name: 'rolled 5, 2' }).querySelectorAll('.die')).toHaveLength(2);
    // New results are announced as they come.
    expect(screen.getByRole('region', { name: 'What just happened' }).getAttribute('aria-live')).toBe('polite');
  });

  it('leaves the instructions for the table to "On the table" (issue #19), and keeps its place with a placeholder if they were all (issue #29)', () => {
    const events: Event[] = [
      { event: 'turn_started', turn: 2 },
      { event: 'table_instruction', text: 'Place HMS Dublin face up at Malta.', rule: '13.0' },
    ];
    const lines: EventLine[] = [{ text: 'Turn 2 begins.', rule: '' }, { text: 'On the table: Place HMS Dublin face up at Malta.', rule: '13.0' }];
    const { unmount } = render(EventList, { props: { events, lines } });
    expect(screen.getByText('Turn 2 begins.')).toBeTruthy();
    expect(screen.queryByText(/Place HMS Dublin/)).toBeNull();
    unmount();
    render(EventList, { props: { events: events.slice(1), lines: lines.slice(1) } });
    // The card stays (nothing below it moves), saying there is nothing to show, with no instruction in it.
    const card = screen.getByRole('region', { name: 'What just happened' });
    expect(card.querySelector('ol')).toBeNull();
    expect(card.querySelector('.none')?.textContent).toBe('Nothing to show: what to do on the table is under “On the table”.');
  });
});
