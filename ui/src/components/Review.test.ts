import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { clearMocks } from '@tauri-apps/api/mocks';
import App from '../App.svelte';
import Review from './Review.svelte';
import { FakeReferee } from '../test/referee';
import { finished, REVIEW } from '../test/views';
import { tid } from '../lib/testids.js';

// The game screen's own chunk, loaded once as the app loads it by the first tap (after the start screen).
beforeAll(() => import('./gameParts'));

afterEach(() => {
  cleanup();
  clearMocks();
});

describe('the after-action review (issue #14)', () => {
  it('heads with the Orders, the result, the reason, VP and the fingerprint', () => {
    render(Review, { review: REVIEW, close: () => {} });
    const review = screen.getByTestId(tid.review);
    expect(screen.getByTestId(tid.reviewOrders).textContent).toBe('Raid French Convoys');
    expect(screen.getByTestId(tid.reviewResult).textContent).toBe('won');
    expect(review.textContent).toContain('Orders accomplished with 12 VP');
    expect(review.textContent).toContain('12 VP');
    expect(screen.getByTestId(tid.reviewFingerprint).textContent).toBe('303d77b3');
  });

  it('folds what each stack held at setup, with the counters\' names', () => {
    render(Review, { review: REVIEW, close: () => {} });
    const malta = screen.getByTestId(tid.setupStack('malta_pz')) as HTMLDetailsElement;
    expect(malta.open).toBe(false);
    expect(malta.querySelector('summary')?.textContent).toBe('Malta Patrol Zone (2)');
    expect([...malta.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['HMS Dublin', 'Quiet Seas']);
    expect(screen.getByTestId(tid.setupStack('pool')).textContent).toContain('Storm');
  });

  it('draws VP and Alert Level by turn: one point per turn, start included, summarised for a screen reader', () => {
    render(Review, { review: REVIEW, close: () => {} });
    const vp = screen.getByTestId(tid.plotVp);
    const alert = screen.getByTestId(tid.plotAlert);
    for (const plot of [vp, alert]) {
      expect(plot.tagName.toLowerCase()).toBe('svg');
      expect(plot.getAttribute('role')).toBe('img');
      expect(plot.querySelectorAll('circle.point').length).toBe(REVIEW.trend.length);
      expect(plot.querySelector('polyline')?.getAttribute('points')?.split(' ').length).toBe(REVIEW.trend.length);
    }
    expect(vp.getAttribute('aria-label')).toBe('VP by turn: start 0, turn 1 3, turn 2 -2, turn 3 12.');
    expect(alert.getAttribute('aria-label')).toBe('Alert Level by turn: start 1, turn 1 2, turn 2 4, turn 3 5.');
    // Axis labels: the turns below, the value's name beside.
    const texts = [...vp.querySelectorAll('text')].map((t) => t.textContent);
    expect(texts).toEqual(expect.arrayContaining(['0', '1', '2', '3', 'Turn (0 = start)', 'VP']));
    // A higher value is drawn higher: turn 3 (12 VP) above turn 2 (−2 VP).
    const ys = [...vp.querySelectorAll('circle.point')].map((c) => Number(c.getAttribute('cy')));
    expect(ys[3]).toBeLessThan(ys[2]);
  });

  it('issue #29: the Alert chart runs the whole track and the VP chart shows the Orders\' target', () => {
    render(Review, { review: { ...REVIEW, trend: REVIEW.trend.map((p) => ({ ...p, alert: Math.min(p.alert, 2) })) }, close: () => {} });
    const alert = screen.getByTestId(tid.plotAlert);
    const ticks = [...alert.querySelectorAll('text.tick[text-anchor="end"]')].map((t) => Number(t.textContent));
    // Values only 1–2 met, yet the scale covers the track's 1 to 6.
    expect(Math.min(...ticks)).toBeLessThanOrEqual(1);
    expect(Math.max(...ticks)).toBeGreaterThanOrEqual(6);
    const target = screen.getByTestId(tid.plotTarget(tid.plotVp));
    const vp = screen.getByTestId(tid.plotVp);
    expect(vp.textContent).toContain('Orders: 10 VP');
    // The target (10) lies between the points of 3 VP (turn 1) and 12 VP (turn 3).
    const ys = [...vp.querySelectorAll('circle.point')].map((c) => Number(c.getAttribute('cy')));
    const y = Number(target.getAttribute('y1'));
    expect(y).toBeLessThan(ys[1]);
    expect(y).toBeGreaterThan(ys[3]);
  });

  it('draws each battle\'s hits against those expected, numbers included', () => {
    render(Review, { review: REVIEW, close: () => {} });
    const luck = screen.getByTestId(tid.plotLuck);
    const battles = within(luck as unknown as HTMLElement).getAllByTestId(tid.luckBattle);
    expect(battles.length).toBe(2);
    expect(battles[0].textContent).toContain('Turn 2 · Malta');
    expect(battles[0].textContent).toContain('3 hits · 1.3 exp.');
    expect(battles[0].textContent).toContain('0 hits · 0.7 exp.');
    expect(battles[1].textContent).toContain('1 hit · 1 exp.');
    expect(battles[1].textContent).toContain('no fire');
    expect(battles[0].querySelectorAll('rect.hits').length).toBe(1); // the Allied side hit nothing
    expect(battles[0].querySelectorAll('line.expected').length).toBe(2);
    expect(luck.getAttribute('aria-label')).toBe(REVIEW.luck_summary);
  });

  it("shows the core's words for the dice the player rolled under the chart (house rule \"I roll the dice\"), and nothing without them", () => {
    render(Review, { review: REVIEW, close: () => {} });
    expect(screen.queryByTestId(tid.luckYours)).toBeNull();
    cleanup();
    const yours = 'Of these, the dice you rolled (house rule "I roll the dice"): German fire 14 dice, 4 hits against 2.3 expected.';
    render(Review, { review: { ...REVIEW, luck_yours: yours }, close: () => {} });
    expect(screen.getByTestId(tid.luckYours).textContent).toBe(yours);
  });

  it('steps through the log turn by turn, marking dice, reveals and battles', async () => {
    render(Review, { review: REVIEW, close: () => {} });
    const prev = screen.getByTestId(tid.reviewPrev) as HTMLButtonElement;
    const next = screen.getByTestId(tid.reviewNext) as HTMLButtonElement;
    expect(screen.getByTestId(tid.reviewTurn).textContent).toBe('Turn 1');
    expect(prev.disabled).toBe(true);
    const lines = () => [...screen.getByTestId(tid.reviewLines).querySelectorAll('li')];
    expect(lines().map((li) => li.className.split(' ').filter((c) => ['die', 'reveal', 'battle'].includes(c)))).toEqual([[], ['reveal']]);
    expect(lines()[1].textContent).toContain('Revealed HMS Dublin at Malta.');
    await fireEvent.click(next);
    expect(screen.getByTestId(tid.reviewTurn).textContent).toBe('Turn 2');
    expect(lines().map((li) => li.classList.contains('battle') || li.classList.contains('die'))).toEqual([true, true]);
    expect(lines()[0].textContent).toContain('14.5');
    await fireEvent.click(next);
    expect(screen.getByTestId(tid.reviewTurn).textContent).toBe('Turn 3');
    expect(next.disabled).toBe(true);
    await fireEvent.click(prev);
    expect(screen.getByTestId(tid.reviewTurn).textContent).toBe('Turn 2');
  });

  it('closes', async () => {
    const close = vi.fn();
    render(Review, { review: REVIEW, close });
    await fireEvent.click(screen.getByTestId(tid.reviewClose));
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('opens from the game-over card with the review request, and closes back to it', async () => {
    const r = finished();
    const referee = new FakeReferee(r, { review: () => ({ ok: true, view: r.view, review: REVIEW }) }).install();
    render(App);
    await fireEvent.click(await screen.findByTestId(tid.reviewOpen));
    await waitFor(() => expect(referee.of('review')).toEqual([{ action: 'review' }]));
    expect((await screen.findByTestId(tid.plotVp)).querySelectorAll('circle.point').length).toBe(4);
    await fireEvent.click(screen.getByTestId(tid.reviewClose));
    expect(screen.queryByTestId(tid.review)).toBeNull();
    expect(screen.getByTestId(tid.gameOver)).toBeTruthy();
  });

  it('shows why the referee gave no review', async () => {
    const r = finished();
    new FakeReferee(r, { review: () => ({ ok: false, view: r.view, error: { code: 'not_now', message: 'Not now: the review opens when the game is over.' } }) }).install();
    render(App);
    await fireEvent.click(await screen.findByTestId(tid.reviewOpen));
    expect((await screen.findByTestId(tid.reviewError)).textContent).toBe('Not now: the review opens when the game is over.');
  });
});
