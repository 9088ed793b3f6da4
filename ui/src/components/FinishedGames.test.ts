import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import App from '../App.svelte';
import FinishedGames from './FinishedGames.svelte';
import type { FinishedAnswer } from '../generated/FinishedAnswer';
import type { FinishedEntry } from '../generated/FinishedEntry';
import type { Response } from '../generated/Response';
import { finishedWhen } from '../lib/finished';
import { COMMITMENT, NO_GAME, finished, record } from '../test/views';
import { tid } from '../lib/testids.js';

// The game screen's own chunk, loaded once as the app loads it by the first tap (after the start screen).
beforeAll(() => import('./gameParts'));

// Two games as `list_finished` answers them (newest first): a won single game with take-backs, and a lost
// campaign of two missions.
const single: FinishedEntry = {
  id: COMMITMENT.slice(0, 16), orders: 'Raid French Convoys', vp: 12, won: true, verdict: 'Orders accomplished with 12 VP',
  finished_at: Date.UTC(2025, 5, 2, 18, 45), fingerprint: COMMITMENT.slice(0, 8), take_backs: 2,
  missions: [{ orders: 'Raid French Convoys', won: true }],
};
const campaign: FinishedEntry = {
  id: 'a1b2c3d4e5f60718', orders: 'Bombard Bône', vp: -3, won: false, verdict: 'The campaign is lost: 1 of 2 missions accomplished.',
  finished_at: Date.UTC(2025, 4, 20, 9, 5), fingerprint: 'a1b2c3d4', take_backs: 0,
  missions: [{ orders: 'Raid French Convoys', won: true }, { orders: 'Bombard Bône', won: false }],
};
const LIST: FinishedAnswer = {
  ok: true, games: [single, campaign], unreadable: 0,
  by_orders: [{ orders: 'Raid French Convoys', played: 2, won: 2 }, { orders: 'Bombard Bône', played: 1, won: 0 }],
};
const EMPTY: FinishedAnswer = { ok: true, games: [], by_orders: [], unreadable: 0 };

type Call = { cmd: string; args: Record<string, unknown> };
let calls: Call[];

/** Mocks the shell: `answers[cmd]` gives the answer; the game (`respond`) is `game` when given. */
function shell(answers: Record<string, (args: Record<string, unknown>) => unknown>, game?: Response) {
  calls = [];
  mockIPC((cmd, args) => {
    const a = (args ?? {}) as Record<string, unknown>;
    calls.push({ cmd, args: a });
    if (cmd === 'startup_notice') return null;
    if (cmd === 'respond' && game) return game;
    if (answers[cmd]) return answers[cmd](a);
    throw new Error(`unexpected command ${cmd}`);
  });
}
const sent = (cmd: string) => calls.filter((c) => c.cmd === cmd).map((c) => c.args);

function panel() {
  const close = vi.fn();
  render(FinishedGames, { props: { close } });
  return { close };
}

let blobs: Blob[];
beforeEach(() => {
  calls = [];
  blobs = [];
  URL.createObjectURL = vi.fn((b: Blob) => {
    blobs.push(b);
    return `blob:finished-${blobs.length}`;
  });
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  clearMocks();
  vi.restoreAllMocks();
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
});

describe('the finished-games list (issue #14)', () => {
  it('shows the summary by Orders first, then each game with its date, Orders, VP, result, verdict and fingerprint', async () => {
    shell({ list_finished: () => LIST });
    panel();
    const summary = await screen.findByTestId(tid.finishedSummary);
    expect(sent('list_finished')).toEqual([{}]);
    expect(summary.querySelector('caption')?.textContent).toBe('Missions played / won by Orders');
    const rows = [...summary.querySelectorAll('tbody tr')].map((r) => [...r.children].map((c) => c.textContent));
    expect(rows).toEqual([['Raid French Convoys', '2', '2'], ['Bombard Bône', '1', '0']]);
    expect([...summary.querySelectorAll('tfoot tr > *')].map((c) => c.textContent)).toEqual(['All missions', '3', '2']);
    expect(screen.getByTestId(tid.finishedTotal).textContent).toBe('2 games finished on this device.');
    // The summary comes before the list.
    const list = screen.getByTestId(tid.finishedList);
    expect(summary.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const [first, second] = screen.getAllByTestId(tid.finishedRow);
    const the = (row: HTMLElement, id: string) => within(row).getByTestId(id).textContent;
    expect(the(first, tid.finishedWhen)).toBe(finishedWhen(single.finished_at));
    expect(within(first).getByTestId(tid.finishedWhen).getAttribute('datetime')).toBe('2025-06-02T18:45:00.000Z');
    expect(the(first, tid.finishedOrders)).toBe('Raid French Convoys');
    expect(the(first, tid.finishedResult)).toBe('Won');
    expect(the(first, tid.finishedVp)).toBe('12 VP');
    expect(the(first, tid.finishedVerdict)).toBe('Orders accomplished with 12 VP');
    const print = within(first).getByTestId(tid.finishedFingerprint);
    expect(print.tagName).toBe('CODE');
    expect(print.textContent).toBe('303d77b3');
    expect(the(first, tid.finishedTakeBacks)).toBe('Take-backs after reveals (house rule): 2');
    expect(within(first).queryByTestId(tid.finishedMissions)).toBeNull();

    expect(the(second, tid.finishedResult)).toBe('Lost');
    expect(the(second, tid.finishedVp)).toBe('-3 VP');
    expect(the(second, tid.finishedMissions)).toBe('Campaign: Raid French Convoys (won) · Bombard Bône (lost)');
    expect(within(second).queryByTestId(tid.finishedTakeBacks)).toBeNull();
    expect(screen.queryByTestId(tid.finishedUnreadable)).toBeNull();
    expect(screen.queryByTestId(tid.recordExport)).toBeNull();
  });

  it('says so when the list is empty, and how many files could not be read', async () => {
    shell({ list_finished: () => ({ ...EMPTY, unreadable: 2 }) });
    const { close } = panel();
    expect((await screen.findByTestId(tid.finishedEmpty)).textContent).toBe('No finished games yet: a game joins this list when it ends.');
    expect(screen.queryByTestId(tid.finishedSummary)).toBeNull();
    expect(screen.queryByTestId(tid.finishedRow)).toBeNull();
    expect(screen.getByTestId(tid.finishedUnreadable).textContent?.trim()).toBe('2 finished games could not be read: their files are kept as they are.');
    await fireEvent.click(screen.getByTestId(tid.finishedClose));
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('counts one unreadable file beside a list', async () => {
    shell({ list_finished: () => ({ ...LIST, unreadable: 1 }) });
    panel();
    expect((await screen.findByTestId(tid.finishedUnreadable)).textContent?.trim()).toBe('1 finished game could not be read: its file is kept as it is.');
    expect(screen.getAllByTestId(tid.finishedRow)).toHaveLength(2);
  });

  it('fetches a game\'s record on Record and offers it to copy or save as a file', async () => {
    const writeText = vi.fn(async (_: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const kept = record(finished().view);
    shell({ list_finished: () => LIST, finished_record: () => ({ ok: true, record: kept }) });
    panel();
    const [row] = await screen.findAllByTestId(tid.finishedRow);
    const button = within(row).getByTestId(tid.finishedRecord);
    expect(button.textContent).toBe('Record');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await fireEvent.click(button);
    const link = (await within(row).findByTestId(tid.recordDownload)) as HTMLAnchorElement;
    expect(sent('finished_record')).toEqual([{ id: single.id }]);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(link.getAttribute('download')).toBe('goeben-record-303d77b3.json');
    expect(link.getAttribute('href')).toBe('blob:finished-1');
    // No referee is asked: the record is the one read from the device.
    expect(within(row).queryByTestId(tid.recordButton)).toBeNull();
    expect(sent('respond')).toEqual([]);
    expect(within(row).getByTestId(tid.recordExport).textContent).toContain('its record holds the seed');
    const saved = await blobs[0].text();
    expect(JSON.parse(saved).format).toBe('goeben-referee-record');
    expect(saved).toContain('"seed": 12345678901234567890');
    await fireEvent.click(within(row).getByTestId(tid.recordCopy));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(saved));
    // Folded away and back without reading the file again.
    await fireEvent.click(button);
    expect(within(row).queryByTestId(tid.recordExport)).toBeNull();
    await fireEvent.click(button);
    expect(within(row).getByTestId(tid.recordExport)).toBeTruthy();
    expect(sent('finished_record')).toHaveLength(1);
  });

  it('shows the shell\'s refusal of a record on its row', async () => {
    shell({
      list_finished: () => LIST,
      finished_record: () => ({ ok: false, error: { code: 'record_unreadable', message: "This finished game's file is damaged; it is kept as it is." } }),
    });
    panel();
    const [, row] = await screen.findAllByTestId(tid.finishedRow);
    await fireEvent.click(within(row).getByTestId(tid.finishedRecord));
    expect((await within(row).findByTestId(tid.finishedRecordError)).textContent).toBe("This finished game's file is damaged; it is kept as it is.");
    expect(sent('finished_record')).toEqual([{ id: campaign.id }]);
    expect(screen.queryByTestId(tid.recordExport)).toBeNull();
  });

  it('shows an error answer of the list, and an IPC failure as one', async () => {
    shell({ list_finished: () => ({ ok: false, error: { code: 'unknown', message: 'The finished games folder cannot be read.' } }) });
    panel();
    expect((await screen.findByTestId(tid.finishedError)).textContent).toBe('The finished games folder cannot be read.');
    cleanup();
    shell({
      list_finished: () => {
        throw new Error('boom');
      },
    });
    panel();
    expect((await screen.findByTestId(tid.finishedError)).textContent).toContain('could not reach the referee');
    expect(screen.queryByTestId(tid.finishedEmpty)).toBeNull();
  });
});

describe('in the app', () => {
  it('opens from the start screen beside the saves, and closes', async () => {
    shell({ list_finished: () => LIST }, { ok: true, view: NO_GAME, events: [] });
    render(App);
    await fireEvent.click(await screen.findByTestId(tid.finishedOpen));
    expect(await screen.findByTestId(tid.finishedSummary)).toBeTruthy();
    expect(screen.queryByTestId(tid.finishedOpen)).toBeNull();
    expect(screen.getByTestId(tid.savesStart)).toBeTruthy();
    await fireEvent.click(screen.getByTestId(tid.finishedClose));
    expect(screen.queryByTestId(tid.finishedGames)).toBeNull();
    expect(screen.getByTestId(tid.finishedOpen).textContent).toBe('Finished games');
  });

  it('opens from the game-over card', async () => {
    shell({ list_finished: () => LIST }, finished());
    render(App);
    const card = await screen.findByTestId(tid.gameOver);
    const open = within(card).getByTestId(tid.finishedOpenOver);
    expect(open.textContent).toBe('All finished games');
    expect(sent('list_finished')).toEqual([]);
    await fireEvent.click(open);
    expect(await screen.findAllByTestId(tid.finishedRow)).toHaveLength(2);
    expect(open.getAttribute('aria-pressed')).toBe('true');
    await fireEvent.click(screen.getByTestId(tid.finishedClose));
    expect(screen.queryByTestId(tid.finishedGames)).toBeNull();
  });
});
