import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import Career from './Career.svelte';
import FinishedGames from './FinishedGames.svelte';
import type { CareerAnswer } from '../generated/CareerAnswer';
import type { CareerView } from '../generated/CareerView';
import type { FinishedAnswer } from '../generated/FinishedAnswer';
import { closeTopLayer } from '../lib/back';
import { tid } from '../lib/testids.js';

// The career as the core words it (api::career::view) for three games, one of them a campaign.
const VIEW: CareerView = {
  title: 'Career',
  headline: '3 games finished on this device: 2 won, 1 lost.',
  tables: [
    {
      caption: 'Missions played and won by Orders', columns: ['Orders', 'Played', 'Won'],
      rows: [{ label: 'Raid French Convoys', played: 3, won: 2 }, { label: 'Bombard Bône', played: 1, won: 0 }],
      total: { label: 'All missions', played: 4, won: 2 },
    },
    {
      caption: 'Campaign missions played and won', columns: ['Mission', 'Played', 'Won'],
      rows: [{ label: 'Mission 1', played: 1, won: 1 }, { label: 'Mission 2', played: 1, won: 0 }],
      total: { label: 'All campaign missions', played: 2, won: 1 },
    },
  ],
  vp: {
    title: 'VP per game', x_name: 'Game (oldest first)', y_name: 'VP',
    summary: 'VP per game, oldest first: game 1 12 VP won, game 2 -4 VP lost, game 3 20 VP won.',
    legend: 'Filled: won. Hollow: lost.',
    points: [
      { game: 1, vp: 12, won: true, title: 'Game 1: 12 VP, won (Raid French Convoys)' },
      { game: 2, vp: -4, won: false, title: 'Game 2: -4 VP, lost (Bombard Bône)' },
      { game: 3, vp: 20, won: true, title: 'Game 3: 20 VP, won (Raid French Convoys)' },
    ],
  },
  highlights: [
    { label: 'Longest game', text: 'Game 2: 9 turns (Bombard Bône), -4 VP, lost.' },
    { label: 'Best game', text: 'Game 3: 20 VP (Raid French Convoys), won, 7 turns.' },
  ],
  luck_title: 'Dice luck, all games',
  luck: [
    { label: 'German fire', text: '16 dice: 8 hits against 7.5 expected — 0.5 above expected.' },
    { label: 'Allied fire', text: 'No fire dice rolled.' },
  ],
  note: 'Only finished games count: a game still being played adds nothing until it ends.',
};

function shell(answer: CareerAnswer, list?: FinishedAnswer) {
  const calls: string[] = [];
  mockIPC((cmd) => {
    calls.push(cmd);
    if (cmd === 'career') return answer;
    if (cmd === 'list_finished' && list) return list;
    throw new Error(`unexpected command ${cmd}`);
  });
  return calls;
}

afterEach(() => {
  cleanup();
  clearMocks();
  vi.restoreAllMocks();
});

describe('the career screen', () => {
  it('lays out the core words: headline, the two tables, the VP plot, the longest and best game, the luck', async () => {
    const calls = shell({ ok: true, view: VIEW });
    render(Career, { props: { close: vi.fn() } });
    expect((await screen.findByTestId(tid.careerHeadline)).textContent).toBe(VIEW.headline);
    expect(calls).toEqual(['career']);
    const rows = (i: number) =>
      [...screen.getByTestId(tid.careerTable(i)).querySelectorAll('tr')].map((r) => [...r.children].map((c) => c.textContent));
    expect(rows(0)).toEqual([['Orders', 'Played', 'Won'], ['Raid French Convoys', '3', '2'], ['Bombard Bône', '1', '0'], ['All missions', '4', '2']]);
    expect(rows(1)[1]).toEqual(['Mission 1', '1', '1']);
    const plot = screen.getByTestId(tid.careerPlot);
    expect(plot.getAttribute('aria-label')).toBe(VIEW.vp!.summary);
    const marks = screen.getAllByTestId(tid.careerPoint);
    expect(marks.map((m) => m.classList.contains('won'))).toEqual([true, false, true]);
    expect(marks.map((m) => m.textContent)).toEqual(VIEW.vp!.points.map((p) => p.title));
    // Higher VP is drawn higher.
    const cy = marks.map((m) => Number(m.getAttribute('cy')));
    expect(cy[2]).toBeLessThan(cy[0]);
    expect(cy[0]).toBeLessThan(cy[1]);
    // The plot fits a 320 px phone when it has no layout to measure.
    expect(Number(plot.getAttribute('width'))).toBeLessThanOrEqual(320);
    expect(screen.getByTestId(tid.careerHighlights).textContent).toContain('Game 3: 20 VP');
    expect(screen.getByTestId(tid.careerLuck).textContent).toContain('8 hits against 7.5 expected');
    expect(screen.queryByTestId(tid.careerEmpty)).toBeNull();
  });

  it('says the core sentence when no game has finished, and the store error when it cannot read', async () => {
    shell({ ok: true, view: { ...VIEW, empty: 'No finished games yet: the career figures begin when a game ends.', headline: '', tables: [], vp: undefined, highlights: [], luck: [] } });
    render(Career, { props: { close: vi.fn() } });
    expect((await screen.findByTestId(tid.careerEmpty)).textContent).toBe('No finished games yet: the career figures begin when a game ends.');
    expect(screen.queryByTestId(tid.careerPlot)).toBeNull();
    cleanup();
    shell({ ok: false, error: { code: 'record_unreadable', message: 'The finished games could not be read: the disk refused it.' } });
    render(Career, { props: { close: vi.fn() } });
    expect((await screen.findByTestId(tid.careerError)).textContent).toContain('could not be read');
  });

  it('opens from the finished-games list, and back returns to the list', async () => {
    const list: FinishedAnswer = { ok: true, games: [{ id: 'a1b2c3d4e5f60718', orders: 'Raid French Convoys', vp: 12, won: true, verdict: 'Won', finished_at: 0, fingerprint: 'a1b2c3d4', take_backs: 0, missions: [] }], by_orders: [], unreadable: 0 };
    shell({ ok: true, view: { ...VIEW, unreadable: '1 finished game could not be read: left out here, kept as stored.' } }, list);
    render(FinishedGames, { props: { close: vi.fn() } });
    await fireEvent.click(await screen.findByTestId(tid.careerOpen));
    expect((await screen.findByTestId(tid.careerUnreadable)).textContent).toContain('left out here');
    expect(screen.queryByTestId(tid.finishedList)).toBeNull();
    expect(closeTopLayer()).toBe(true);
    expect(await screen.findByTestId(tid.finishedList)).toBeTruthy();
    await fireEvent.click(await screen.findByTestId(tid.careerOpen));
    await fireEvent.click(await screen.findByTestId(tid.careerClose));
    expect(await screen.findByTestId(tid.finishedList)).toBeTruthy();
  });
});
