import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { clearMocks } from '@tauri-apps/api/mocks';
import App from './App.svelte';
import type { Response } from './generated/Response';
import type { UndoView } from './generated/UndoView';
import { FakeReferee } from './test/referee';
import { copy, NO_GAME } from './test/views';
import movement from './test/fixtures/movement.json';
import newGame from './test/fixtures/new_game.json';
import { tid } from './lib/testids.js';
import { openOptions } from './test/newGame';

// The game screen's own chunk, loaded once as the app loads it by the first tap (after the start screen).
beforeAll(() => import('./components/gameParts'));

afterEach(() => {
  cleanup();
  clearMocks();
});

function withUndo(undo: UndoView, houseRule = false): Response {
  const r = copy(movement);
  r.view.undo_status = undo;
  r.view.game!.options.take_backs = houseRule;
  return r;
}

describe('the Undo button says what it would take back, or why it cannot (issue #14)', () => {
  it('allowed: names the decision it takes back, and sends undo once confirmed', async () => {
    const referee = new FakeReferee(withUndo({ allowed: true, last: 'SMS Goeben moved from Messina to Pola (cruise speed, up to 4 spaces).', barrier: false, take_backs: 0 })).install();
    render(App);
    await fireEvent.click(await screen.findByTestId(tid.undoButton));
    expect(screen.getByTestId(tid.undoQuestion).textContent).toBe('Take back: SMS Goeben moved from Messina to Pola (cruise speed, up to 4 spaces).');
    expect(referee.of('undo')).toEqual([]);
    await fireEvent.click(screen.getByTestId(tid.undoConfirm));
    await waitFor(() => expect(referee.of('undo')).toEqual([{ action: 'undo' }]));
  });

  it('after a roll or a reveal: looks disabled, a tap says why and sends nothing; Correct is offered', async () => {
    const referee = new FakeReferee(withUndo({ allowed: false, last: 'Storm: 3.', barrier: true, take_backs: 0 })).install();
    render(App);
    const button = (await screen.findByTestId(tid.undoButton)) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.classList.contains('blocked')).toBe(true);
    await fireEvent.click(button);
    expect(screen.getByTestId(tid.undoBlocked).textContent).toBe("Can't undo: dice were rolled or something revealed.");
    expect(screen.getByTestId(tid.undoStoppedAt).textContent).toBe('Stopped at “Storm: 3”');
    expect(screen.queryByTestId(tid.undoConfirm)).toBeNull();
    // OK is the filled button, the correction the plain one.
    expect(screen.getByRole('button', { name: 'OK' }).classList.contains('primary')).toBe(true);
    expect(screen.getByRole('button', { name: 'Correct a mistake' }).classList.contains('primary')).toBe(false);
    await fireEvent.click(screen.getByRole('button', { name: 'Correct a mistake' }));
    expect(await screen.findByTestId(tid.correctVp)).toBeTruthy();
    expect(referee.sent).toEqual([{ action: 'view' }]);
  });

  it('shows the core\'s own words when it refuses an undo (undo_barrier)', async () => {
    const r = withUndo({ allowed: true, last: 'Intelligence phase ends.', barrier: false, take_backs: 0 });
    const message = 'Undo refused: it rolled or revealed — Storm: 3.';
    new FakeReferee(r, { undo: () => ({ ok: false, error: { code: 'undo_barrier', message }, view: withUndo({ allowed: false, barrier: true, take_backs: 0 }).view }) }).install();
    render(App);
    await fireEvent.click(await screen.findByTestId(tid.undoButton));
    await fireEvent.click(screen.getByTestId(tid.undoConfirm));
    expect((await screen.findByTestId(tid.errorBanner)).textContent).toContain(message);
    expect(screen.getByTestId(tid.undoButton).getAttribute('aria-disabled')).toBe('true');
  });

  it('house rule on: a take-back after a reveal is confirmed as counted, and the header counts them', async () => {
    const referee = new FakeReferee(withUndo({ allowed: true, last: 'Storm: 3.', barrier: true, take_backs: 1 }, true)).install();
    render(App);
    expect((await screen.findByTestId(tid.optionalRules)).textContent).toBe('house rule: take-backs (1 so far)');
    const button = screen.getByTestId(tid.undoButton);
    expect(button.classList.contains('blocked')).toBe(false);
    await fireEvent.click(button);
    expect(screen.getByTestId(tid.undoQuestion).textContent).toBe('Take back after a reveal (house rule, counted): Storm: 3.');
    await fireEvent.click(screen.getByTestId(tid.undoConfirm));
    await waitFor(() => expect(referee.of('undo').length).toBe(1));
  });

  it('nothing to take back: the button is disabled', async () => {
    new FakeReferee(copy(newGame)).install();
    render(App);
    expect(((await screen.findByTestId(tid.undoButton)) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the house rule at new game', () => {
  it('is off by default and sent as options.take_backs when ticked', async () => {
    const referee = new FakeReferee({ ok: true, events: [], view: NO_GAME }, { new_game: () => copy(newGame) }).install();
    render(App);
    await openOptions();
    const box = (await screen.findByTestId(tid.optionTakeBacks)) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await fireEvent.click(box);
    await fireEvent.click(screen.getByTestId(tid.newGameButton));
    await waitFor(() => expect(referee.of('new_game').length).toBe(1));
    expect(referee.of('new_game')[0].options?.take_backs).toBe(true);
  });

  it('is named with the optional rules in the header', async () => {
    const r = copy(movement);
    r.view.game!.options.take_backs = true;
    r.view.game!.options.night_combat = true;
    new FakeReferee(r).install();
    render(App);
    expect((await screen.findByTestId(tid.optionalRules)).textContent).toBe('Optional: 22.0 night · house rule: take-backs');
  });
});
