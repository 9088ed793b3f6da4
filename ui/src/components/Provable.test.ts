import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import App from '../App.svelte';
import Saves from './Saves.svelte';
import RecordExport from './RecordExport.svelte';
import type { Action } from '../generated/Action';
import { FakeReferee } from '../test/referee';
import { COMMITMENT, COMMITTED, copy, finished, record } from '../test/views';
import movement from '../test/fixtures/movement.json';
import { tid } from '../lib/testids.js';

// The game screen's own chunk, loaded once as the app loads it by the first tap (after the start screen).
beforeAll(() => import('./gameParts'));

let blobs: Blob[];
beforeEach(() => {
  blobs = [];
  URL.createObjectURL = vi.fn((b: Blob) => {
    blobs.push(b);
    return `blob:record-${blobs.length}`;
  });
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  clearMocks();
  vi.restoreAllMocks();
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
});

describe('the fingerprint (issue #14)', () => {
  it('shows the commitment\'s first 8 characters, and all of it with what it means on a tap', async () => {
    const r = copy(movement);
    r.view.commitment = COMMITMENT;
    new FakeReferee(r).install();
    render(App);
    // The fingerprint sits in the dock's menu, one tap away.
    await fireEvent.click(await screen.findByTestId(tid.menuButton));
    const button = await screen.findByTestId(tid.fingerprint);
    // A player's words first (what it is for), the fingerprint beside it.
    expect(button.textContent).toBe('Dice locked in before play (check code 303d77b3)');
    expect(screen.queryByTestId(tid.commitment)).toBeNull();
    await fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const full = screen.getByTestId(tid.commitment);
    expect(full.querySelector('code')?.textContent).toBe(COMMITMENT);
    expect(full.textContent).toContain("The referee committed to this game's dice and draws before your first decision; the seed is shown when the game is over.");
    await fireEvent.click(button);
    expect(screen.queryByTestId(tid.commitment)).toBeNull();
  });

  it('is not shown for a game saved before commitments', async () => {
    const r = copy(movement);
    delete r.view.commitment;
    new FakeReferee(r).install();
    render(App);
    await fireEvent.click(await screen.findByTestId(tid.menuButton));
    await screen.findByTestId(tid.gameMenu);
    expect(screen.queryByTestId(tid.fingerprint)).toBeNull();
  });
});

describe('the game-over card', () => {
  it('shows the seed, the salt, the committed string and the hand check, and the take-backs', async () => {
    new FakeReferee(finished()).install();
    render(App);
    const reveal = await screen.findByTestId(tid.reveal);
    // The exact seed, though it reached the UI rounded.
    expect(within(reveal).getByTestId(tid.revealSeed).textContent).toBe('12345678901234567890');
    expect(within(reveal).getByTestId(tid.revealSalt).textContent).toBe('0123456789abcdef0123456789abcdef');
    expect(within(reveal).getByTestId(tid.revealCommitted).textContent).toBe(COMMITTED);
    expect(within(reveal).getByTestId(tid.revealCheck).textContent).toBe(`printf '%s' '${COMMITTED}' | sha256sum`);
    expect(within(reveal).getByTestId(tid.revealCommitment).textContent).toBe(COMMITMENT);
    expect(screen.getByTestId(tid.takeBacks).textContent).toBe('Take-backs after reveals (house rule): 2');
  });

  it('shows no reveal while the seed stays hidden (a campaign\'s next mission), and no take-backs line at 0', async () => {
    const r = finished();
    delete r.view.reveal;
    r.view.undo_status.take_backs = 0;
    new FakeReferee(r).install();
    render(App);
    await screen.findByTestId(tid.gameOver);
    expect(screen.queryByTestId(tid.reveal)).toBeNull();
    expect(screen.queryByTestId(tid.reviewOpen)).toBeNull();
    expect(screen.queryByTestId(tid.takeBacks)).toBeNull();
  });

  it('after the game, blocks Undo with the reason that the seed is shown', async () => {
    new FakeReferee(finished()).install();
    render(App);
    await fireEvent.click(await screen.findByTestId(tid.undoButton));
    expect(screen.getByTestId(tid.undoBlocked).textContent).toBe("Can't undo: the game is over and its seed is shown.");
  });
});

describe('the game-over card (issue #29)', () => {
  it('opens on the result in one word and the VP against the Orders\' target, the review before the proof', async () => {
    const r = finished();
    new FakeReferee(r).install();
    render(App);
    const card = await screen.findByTestId(tid.gameOver);
    expect(within(card).getByTestId(tid.gameOverResult).textContent).toBe('Won');
    const target = within(card).getByTestId(tid.gameOverVp).textContent ?? '';
    expect(target).toBe(`${r.view.vp} VP · the Orders “${r.view.game!.orders.name}” needed ${r.view.game!.orders.min_vp}`);
    const review = within(card).getByTestId(tid.reviewOpen);
    const proof = within(card).getByTestId(tid.reveal);
    expect(review.compareDocumentPosition(proof) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('a lost game says why (issue #29, 17.0)', () => {
  it('lists the Orders\' conditions as they stood at the end, each held or not, in the core\'s words', async () => {
    const r = finished();
    r.view.game_over = { won: false, reason: 'the last turn ended without accomplishing "Ottoman Alliance"' };
    new FakeReferee(r).install();
    render(App);
    const card = await screen.findByTestId(tid.gameOver);
    expect(within(card).getByTestId(tid.gameOverResult).textContent).toBe('Lost');
    const items = [...within(card).getByTestId(tid.gameOverConditions).querySelectorAll('li')].map((li) => li.textContent ?? '');
    const conditions = r.view.game!.orders.conditions ?? [];
    expect(conditions.length).toBeGreaterThan(1);
    expect(items).toEqual(conditions.map((c) => `${c.met ? '✓' : '✗'} ${c.text}${c.met ? ' (held)' : ' (not met)'}`));
  });

  it('shows no such list under a won game', async () => {
    new FakeReferee(finished()).install();
    render(App);
    const card = await screen.findByTestId(tid.gameOver);
    expect(within(card).queryByTestId(tid.gameOverConditions)).toBeNull();
  });
});

describe('the game record', () => {
  it('is asked with export_record from the game-over card, copied whole with the exact seed, and offered as a file', async () => {
    const r = finished();
    const writeText = vi.fn(async (_: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const referee = new FakeReferee(r, { export_record: () => ({ ok: true, view: r.view, record: record(r.view) }) }).install();
    render(App);
    const card = await screen.findByTestId(tid.gameOver);
    // Over: the record offered holds the seed (never "while the game runs…" under a finished game).
    expect(card.textContent).toContain('The game is over: its record holds the seed, so every roll and draw in it can be checked (see “A referee you cannot game, and can check” in the README).');
    expect(card.textContent).not.toContain('While the game runs');
    await fireEvent.click(within(card).getByTestId(tid.recordButton));
    await waitFor(() => expect(referee.of('export_record')).toEqual([{ action: 'export_record' }]));
    const link = (await within(card).findByTestId(tid.recordDownload)) as HTMLAnchorElement;
    expect(link.textContent).toBe('Save as file');
    expect(link.getAttribute('download')).toBe('goeben-record-303d77b3.json');
    expect(link.getAttribute('href')).toBe('blob:record-1');
    const saved = await blobs[0].text();
    expect(JSON.parse(saved).format).toBe('goeben-referee-record');
    expect(saved).toContain('"seed": 12345678901234567890');
    await fireEvent.click(within(card).getByTestId(tid.recordCopy));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(saved));
    expect(screen.queryByTestId(tid.recordText)).toBeNull();
    // Asking for the record changed nothing on the screen.
    expect(referee.sent.map((a) => a.action)).toEqual(['view', 'export_record']);
  });

  it('says what the record holds: no seed while the game runs, the seed once it is over', () => {
    const running = render(RecordExport, { view: copy(movement).view });
    expect(running.container.textContent).toContain('While the game runs the record holds no secret (no seed); once the game is over, its record proves every roll.');
    running.unmount();
    const over = render(RecordExport, { view: finished().view });
    expect(over.container.textContent).toContain('The game is over: its record holds the seed, so every roll and draw in it can be checked');
  });

  it('without a clipboard, shows the record selected in a read-only box', async () => {
    const r = finished();
    new FakeReferee(r, { export_record: () => ({ ok: true, view: r.view, record: record(r.view) }) }).install();
    render(App);
    await fireEvent.click(await screen.findByTestId(tid.recordButton));
    await fireEvent.click(await screen.findByTestId(tid.recordCopy));
    const box = (await screen.findByTestId(tid.recordText)) as HTMLTextAreaElement;
    expect(box.readOnly).toBe(true);
    expect(JSON.parse(box.value).committed).toBe(COMMITTED);
    expect(box.selectionStart).toBe(0);
    expect(box.selectionEnd).toBe(box.value.length);
  });

  it('shows the referee\'s refusal', async () => {
    const r = finished();
    new FakeReferee(r, { export_record: () => ({ ok: false, view: r.view, error: { code: 'no_game', message: 'No game is running.' } }) }).install();
    render(App);
    await fireEvent.click(await screen.findByTestId(tid.recordButton));
    expect((await screen.findByTestId(tid.recordError)).textContent).toBe('No game is running.');
  });

  it('is in the Saves panel while a game runs', async () => {
    const r = copy(movement);
    r.view.commitment = COMMITMENT;
    const sent: Action[] = [];
    mockIPC((cmd, args) => {
      if (cmd === 'respond') {
        const action = (args as { action: Action }).action;
        sent.push(action);
        return { ok: true, view: r.view, record: { ...record(r.view), seed: undefined, salt: undefined, committed: undefined } };
      }
      return { ok: true, slots: [] };
    });
    render(Saves, { props: { view: r.view, close: () => {}, loaded: () => {} } });
    await fireEvent.click(await screen.findByTestId(tid.recordButton));
    await waitFor(() => expect(sent).toEqual([{ action: 'export_record' }]));
    expect((await screen.findByTestId(tid.recordDownload)).getAttribute('download')).toBe('goeben-record-303d77b3.json');
    expect(JSON.parse(await blobs[0].text()).seed).toBeUndefined();
  });
});
