import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import App from '../App.svelte';
import Saves from './Saves.svelte';
import type { Action } from '../generated/Action';
import { FakeReferee } from '../test/referee';
import { COMMITMENT, COMMITTED, copy, finished, record } from '../test/views';
import movement from '../test/fixtures/movement.json';

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
    const button = await screen.findByTestId('fingerprint');
    expect(button.textContent).toBe('Fingerprint 303d77b3');
    expect(screen.queryByTestId('commitment')).toBeNull();
    await fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const full = screen.getByTestId('commitment');
    expect(full.querySelector('code')?.textContent).toBe(COMMITMENT);
    expect(full.textContent).toContain("The referee committed to this game's dice and draws before your first decision; the seed is shown when the game is over.");
    await fireEvent.click(button);
    expect(screen.queryByTestId('commitment')).toBeNull();
  });

  it('is not shown for a game saved before commitments', async () => {
    const r = copy(movement);
    delete r.view.commitment;
    new FakeReferee(r).install();
    render(App);
    await screen.findByTestId('phase');
    expect(screen.queryByTestId('fingerprint')).toBeNull();
  });
});

describe('the game-over card', () => {
  it('shows the seed, the salt, the committed string and the hand check, and the take-backs', async () => {
    new FakeReferee(finished()).install();
    render(App);
    const reveal = await screen.findByTestId('reveal');
    // The exact seed, though it reached the UI rounded.
    expect(within(reveal).getByTestId('reveal-seed').textContent).toBe('12345678901234567890');
    expect(within(reveal).getByTestId('reveal-salt').textContent).toBe('0123456789abcdef0123456789abcdef');
    expect(within(reveal).getByTestId('reveal-committed').textContent).toBe(COMMITTED);
    expect(within(reveal).getByTestId('reveal-check').textContent).toBe(`printf '%s' '${COMMITTED}' | sha256sum`);
    expect(within(reveal).getByTestId('reveal-commitment').textContent).toBe(COMMITMENT);
    expect(screen.getByTestId('take-backs').textContent).toBe('Take-backs after reveals (house rule): 2');
  });

  it('shows no reveal while the seed stays hidden (a campaign\'s next mission), and no take-backs line at 0', async () => {
    const r = finished();
    delete r.view.reveal;
    r.view.undo_status.take_backs = 0;
    new FakeReferee(r).install();
    render(App);
    await screen.findByTestId('game-over');
    expect(screen.queryByTestId('reveal')).toBeNull();
    expect(screen.queryByTestId('review-open')).toBeNull();
    expect(screen.queryByTestId('take-backs')).toBeNull();
  });

  it('after the game, blocks Undo with the reason that the seed is shown', async () => {
    new FakeReferee(finished()).install();
    render(App);
    await fireEvent.click(await screen.findByTestId('undo-button'));
    expect(screen.getByTestId('undo-blocked').textContent).toBe("Can't undo: the game is over and its seed is shown.");
  });
});

describe('the game record', () => {
  it('is asked with export_record from the game-over card, copied whole with the exact seed, and offered as a file', async () => {
    const r = finished();
    const writeText = vi.fn(async (_: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const referee = new FakeReferee(r, { export_record: () => ({ ok: true, view: r.view, record: record(r.view) }) }).install();
    render(App);
    const card = await screen.findByTestId('game-over');
    expect(card.textContent).toContain('While the game runs the record holds no secret (no seed). Check a finished one with referee verify < record.json.');
    await fireEvent.click(within(card).getByTestId('record-button'));
    await waitFor(() => expect(referee.of('export_record')).toEqual([{ action: 'export_record' }]));
    const link = (await within(card).findByTestId('record-download')) as HTMLAnchorElement;
    expect(link.textContent).toBe('Save as file');
    expect(link.getAttribute('download')).toBe('goeben-record-303d77b3.json');
    expect(link.getAttribute('href')).toBe('blob:record-1');
    const saved = await blobs[0].text();
    expect(JSON.parse(saved).format).toBe('goeben-referee-record');
    expect(saved).toContain('"seed": 12345678901234567890');
    await fireEvent.click(within(card).getByTestId('record-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(saved));
    expect(screen.queryByTestId('record-text')).toBeNull();
    // Asking for the record changed nothing on the screen.
    expect(referee.sent.map((a) => a.action)).toEqual(['view', 'export_record']);
  });

  it('without a clipboard, shows the record selected in a read-only box', async () => {
    const r = finished();
    new FakeReferee(r, { export_record: () => ({ ok: true, view: r.view, record: record(r.view) }) }).install();
    render(App);
    await fireEvent.click(await screen.findByTestId('record-button'));
    await fireEvent.click(await screen.findByTestId('record-copy'));
    const box = (await screen.findByTestId('record-text')) as HTMLTextAreaElement;
    expect(box.readOnly).toBe(true);
    expect(JSON.parse(box.value).committed).toBe(COMMITTED);
    expect(box.selectionStart).toBe(0);
    expect(box.selectionEnd).toBe(box.value.length);
  });

  it('shows the referee\'s refusal', async () => {
    const r = finished();
    new FakeReferee(r, { export_record: () => ({ ok: false, view: r.view, error: { code: 'no_game', message: 'No game is running.' } }) }).install();
    render(App);
    await fireEvent.click(await screen.findByTestId('record-button'));
    expect((await screen.findByTestId('record-error')).textContent).toBe('No game is running.');
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
    await fireEvent.click(await screen.findByTestId('record-button'));
    await waitFor(() => expect(sent).toEqual([{ action: 'export_record' }]));
    expect((await screen.findByTestId('record-download')).getAttribute('download')).toBe('goeben-record-303d77b3.json');
    expect(JSON.parse(await blobs[0].text()).seed).toBeUndefined();
  });
});
