import { afterEach, describe, expect, it } from 'vitest';
import { tick } from 'svelte';
import { cleanup, render, screen } from '@testing-library/svelte';
import EventList from './EventList.svelte';
import { tid } from '../lib/testids';
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

  it('leaves the instructions for the table to "On the table" (issue #19), and heads the card with the core\'s headline, never "Nothing to show" (issue #50)', () => {
    const events: Event[] = [
      { event: 'turn_started', turn: 2 },
      { event: 'table_instruction', text: 'Place HMS Dublin face up at Malta.', rule: '13.0' },
    ];
    const lines: EventLine[] = [{ text: 'Turn 2 begins.', rule: '' }, { text: 'On the table: Place HMS Dublin face up at Malta.', rule: '13.0' }];
    const { unmount } = render(EventList, { props: { events, lines, headline: 'Turn 2 begins · 1 thing to do on the table' } });
    expect(screen.getByText('Turn 2 begins.')).toBeTruthy();
    expect(screen.queryByText(/Place HMS Dublin/)).toBeNull();
    expect(screen.getByTestId(tid.headline).textContent).toBe('Turn 2 begins · 1 thing to do on the table');
    unmount();
    // Only instructions: the headline (the core's words for the tap) is the card; no placeholder.
    render(EventList, { props: { events: events.slice(1), lines: lines.slice(1), headline: 'SMS Breslau stays · 1 thing to do on the table' } });
    const card = screen.getByRole('region', { name: 'What just happened' });
    expect(card.querySelector('ol')).toBeNull();
    expect(card.textContent).toContain('SMS Breslau stays');
    expect(card.textContent).not.toContain('Nothing to show');
  });

  it('shows three lines under the headline and folds the rest, with no scroll box (issue #50)', async () => {
    const events: Event[] = Array.from({ length: 7 }, (_, i) => ({ event: 'turn_started', turn: i + 1 }) as Event);
    const lines: EventLine[] = events.map((_, i) => ({ text: `Line ${i + 1}.`, rule: '' }));
    const { container } = render(EventList, { props: { events, lines, headline: 'HMS Dublin sunk: +10 VP (now 10)' } });
    const card = screen.getByTestId(tid.results);
    expect(card.querySelector(':scope > ol')!.querySelectorAll('li')).toHaveLength(3);
    const more = container.querySelector<HTMLDetailsElement>('details.more')!;
    expect(more.querySelector('summary')!.textContent).toBe('4 more lines');
    // Folded, the lines are not built (each tap of a battle would build twenty-odd lines of dice unseen).
    expect(more.querySelectorAll('li')).toHaveLength(0);
    // Opened (the browser sets `open` and fires `toggle`), they are there, numbered on from the shown three.
    more.open = true;
    more.dispatchEvent(new Event('toggle'));
    await tick();
    expect([...more.querySelectorAll('li')].map((li) => li.textContent!.trim())).toEqual(['Line 4.', 'Line 5.', 'Line 6.', 'Line 7.']);
    expect(more.querySelector('ol')!.getAttribute('start')).toBe('4');
  });

  it('keeps the folded lines open through the next answer once the player opened them', async () => {
    const lines = (n: number, tag: string): EventLine[] => Array.from({ length: n }, (_, i) => ({ text: `${tag} ${i + 1}.`, rule: '' }));
    const events = (n: number): Event[] => Array.from({ length: n }, (_, i) => ({ event: 'turn_started', turn: i + 1 }) as Event);
    const { container, rerender } = render(EventList, { props: { events: events(5), lines: lines(5, 'First') } });
    const more = container.querySelector<HTMLDetailsElement>('details.more')!;
    more.open = true;
    more.dispatchEvent(new Event('toggle'));
    await tick();
    expect(more.querySelectorAll('li')).toHaveLength(2);
    await rerender({ events: events(6), lines: lines(6, 'Next') });
    const now = container.querySelector<HTMLDetailsElement>('details.more')!;
    expect(now.open).toBe(true);
    expect([...now.querySelectorAll('li')].map((li) => li.textContent!.trim())).toEqual(['Next 4.', 'Next 5.', 'Next 6.']);
  });

  it('draws no card at all with no result (a game saved before results were kept)', () => {
    render(EventList, { props: { events: [], lines: [] } });
    expect(screen.queryByRole('region', { name: 'What just happened' })).toBeNull();
  });

  it('shows a fire of no hits in the muted colour, not the hit red (issue #50)', () => {
    const events: Event[] = [{ event: 'dice_rolled', purpose: 'Guns', faces: [1, 2], rule: '14.5', fire: { german: true, space: at, hitting_faces: 1 } }];
    const { container } = render(EventList, { props: { events, lines: [{ text: 'rolled', rule: '14.5' }] } });
    expect(container.querySelector('.hits')!.classList.contains('none')).toBe(true);
  });
});
