// House rule "I roll the dice" (issue #32): the pad the player enters their dice on, the correction of a
// roll just entered, the house rule at new game and in the menu. The views are the core's shapes
// (docs/PROTOCOL.md, Protocol 3); pending_roll.json and dice_entered.json are real referee answers.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { clearMocks } from '@tauri-apps/api/mocks';
import App from '../../App.svelte';
import DicePad from './DicePad.svelte';
import type { Action } from '../../generated/Action';
import type { PendingRoll } from '../../generated/PendingRoll';
import type { Response } from '../../generated/Response';
import { FakeReferee } from '../../test/referee';
import { copy, NO_GAME } from '../../test/views';
import movement from '../../test/fixtures/movement.json';
import newGame from '../../test/fixtures/new_game.json';
import pendingRoll from '../../test/fixtures/pending_roll.json';
import diceEntered from '../../test/fixtures/dice_entered.json';
import { tid } from '../../lib/testids.js';
import { openOptions } from '../../test/newGame';

// The game screen's own chunk, loaded once as the app loads it by the first tap (after the start screen).
beforeAll(() => import('../gameParts'));

afterEach(() => {
  cleanup();
  clearMocks();
});

const PROMPT = 'Roll 8 dice: SMS Goeben primary guns at HMS Defence — hit on 6 (14.5)';

/** The movement fixture's game asking for a roll (the protocol's own example). */
function asking(roll: Partial<PendingRoll> = {}): Response {
  const r = copy(movement);
  r.view.pending_roll = {
    prompt: PROMPT, count: 8, sides: 6, purpose: 'Goeben primary guns at HMS Defence: 8 dice, hit on 6', rule: '14.5', hitting_faces: [6],
    rolls_entered: 0, asked_by: { action: 'fire_orders', ship: 'goeben', target: 'defence', maximum_fire: false }, ...roll,
  };
  r.view.decisions = [{ action: { action: 'enter_dice', faces: [] }, label: 'Enter your dice' }];
  return r;
}

function pad(props: { count?: number; sides?: number; start?: number[]; kind?: 'enter_dice' | 'correct_dice' } = {}) {
  const send = vi.fn<(a: Action) => void>();
  render(DicePad, { heading: PROMPT, count: props.count ?? 8, sides: props.sides ?? 6, hitting: [6], start: props.start ?? [], kind: props.kind ?? 'enter_dice', about: {}, send, busy: false });
  return send;
}

const tap = async (...faces: number[]) => {
  for (const f of faces) await fireEvent.click(screen.getByTestId(tid.diceFace(f)));
};
const typed = () => [...screen.getByTestId(tid.diceFaces).querySelectorAll('li:not(.empty)')].map((li) => Number(li.textContent));
const done = () => screen.getByTestId(tid.diceDone) as HTMLButtonElement;

describe('the dice pad', () => {
  it("shows the core's prompt as its heading, the hitting faces, and six large faces", () => {
    pad();
    expect(screen.getByTestId(tid.dicePrompt).textContent).toBe(PROMPT);
    // What hits is in the prompt's words; the faces that hit are marked on the pad.
    expect(screen.getByTestId(tid.diceFace(6)).classList.contains('hit')).toBe(true);
    expect(screen.getByTestId(tid.diceFace(5)).classList.contains('hit')).toBe(false);
    for (let f = 1; f <= 6; f++) expect(screen.getByTestId(tid.diceFace(f))).toBeTruthy();
    expect(screen.queryByTestId(tid.diceFace(7))).toBeNull();
    expect(screen.getByTestId(tid.diceCount).textContent).toBe('0 of 8');
  });

  it('adds the faces tapped in order, counts them, deletes the last and clears', async () => {
    pad();
    await tap(6, 2, 5, 1, 6);
    expect(typed()).toEqual([6, 2, 5, 1, 6]);
    expect(screen.getByTestId(tid.diceCount).textContent).toBe('5 of 8');
    await fireEvent.click(screen.getByTestId(tid.diceDelete));
    expect(typed()).toEqual([6, 2, 5, 1]);
    expect(screen.getByTestId(tid.diceCount).textContent).toBe('4 of 8');
    await fireEvent.click(screen.getByTestId(tid.diceClear));
    expect(typed()).toEqual([]);
    expect(screen.getByTestId(tid.diceCount).textContent).toBe('0 of 8');
  });

  it('enables Done only when the count is right and sends exactly the faces once', async () => {
    const send = pad();
    await tap(6, 2, 5, 1, 6, 3, 4);
    expect(done().disabled).toBe(true);
    await tap(4);
    expect((screen.getByTestId(tid.diceFace(1)) as HTMLButtonElement).disabled).toBe(true);
    expect(done().disabled).toBe(false);
    await fireEvent.click(done());
    await fireEvent.click(done());
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ action: 'enter_dice', faces: [6, 2, 5, 1, 6, 3, 4, 4] });
  });

  it('takes the keyboard: digits type a face, Backspace deletes, Enter is Done', async () => {
    const send = pad({ count: 3 });
    await fireEvent.keyDown(window, { key: '4' });
    await fireEvent.keyDown(window, { key: '7' });
    await fireEvent.keyDown(window, { key: '2' });
    await fireEvent.keyDown(window, { key: 'Backspace' });
    await fireEvent.keyDown(window, { key: '6' });
    await fireEvent.keyDown(window, { key: 'Enter' });
    expect(send).not.toHaveBeenCalled();
    await fireEvent.keyDown(window, { key: '1' });
    expect(typed()).toEqual([4, 6, 1]);
    await fireEvent.keyDown(window, { key: 'Enter' });
    expect(send).toHaveBeenCalledExactlyOnceWith({ action: 'enter_dice', faces: [4, 6, 1] });
  });

  it('gives a roll of other sides that many faces (a d10)', () => {
    pad({ count: 1, sides: 10 });
    expect(screen.getByTestId(tid.diceFace(10))).toBeTruthy();
    expect(screen.queryByTestId(tid.diceFace(11))).toBeNull();
  });
});

describe('entering the dice in a game', () => {
  it('shows the pad for a real roll asked by the core, its prompt unchanged, and the dock points to it', async () => {
    const asked = copy(pendingRoll);
    const roll = asked.view.pending_roll!;
    new FakeReferee(asked).install();
    render(App);
    expect((await screen.findByTestId(tid.dicePrompt)).textContent).toBe(roll.prompt);
    expect(screen.getByTestId(tid.diceCount).textContent).toBe(`0 of ${roll.count}`);
    expect(screen.getByTestId(tid.nextStep).textContent).toContain(roll.prompt);
    expect(screen.queryByTestId(tid.dockDecision)).toBeNull();
  });

  it('sends the real roll with enter_dice; the answer is the core’s next view', async () => {
    const asked = copy(pendingRoll);
    const roll = asked.view.pending_roll!;
    const referee = new FakeReferee(asked, { enter_dice: () => copy(diceEntered) }).install();
    render(App);
    await screen.findByTestId(tid.dicePad);
    const faces = Array.from({ length: roll.count }, (_, i) => (i % roll.sides) + 1);
    await tap(...faces);
    await fireEvent.click(done());
    await waitFor(() => expect(referee.of('enter_dice')).toEqual([{ action: 'enter_dice', faces }]));
    const next = (diceEntered as unknown as Response).view;
    if (next.pending_roll) {
      // A roll whose count depends on the one before: its own prompt and count, the pad emptied.
      await waitFor(() => expect(screen.getByTestId(tid.dicePrompt).textContent).toBe(next.pending_roll!.prompt));
      expect(typed()).toEqual([]);
      expect(screen.getByTestId(tid.diceCount).textContent).toBe(`0 of ${next.pending_roll.count}`);
    } else await waitFor(() => expect(screen.queryByTestId(tid.dicePad)).toBeNull());
  });

  it('asks a second roll with its own prompt and count, the pad emptied', async () => {
    const second = asking({ prompt: 'Roll 2 dice: hit table (14.7)', count: 2, purpose: 'hit table', rule: '14.7', hitting_faces: undefined, rolls_entered: 1 });
    const referee = new FakeReferee(asking(), { enter_dice: () => second }).install();
    render(App);
    await screen.findByTestId(tid.dicePad);
    await tap(6, 6, 1, 1, 2, 2, 3, 3);
    await fireEvent.click(done());
    await waitFor(() => expect(screen.getByTestId(tid.dicePrompt).textContent).toBe('Roll 2 dice: hit table (14.7)'));
    expect(typed()).toEqual([]);
    expect(screen.getByTestId(tid.diceCount).textContent).toBe('0 of 2');
    await tap(3, 5);
    await fireEvent.click(done());
    await waitFor(() => expect(referee.of('enter_dice').length).toBe(2));
    expect(referee.of('enter_dice')[1]).toEqual({ action: 'enter_dice', faces: [3, 5] });
  });

  it("shows the core's refusal as the error banner, the faces kept to fix", async () => {
    const asked = asking({ count: 2 });
    const referee = new FakeReferee(asked, {
      enter_dice: () => ({ ok: false, view: asking({ count: 2 }).view, error: { code: 'illegal', message: 'Enter exactly 2 dice.' } }) as Response,
    }).install();
    render(App);
    await screen.findByTestId(tid.dicePad);
    await tap(1, 2);
    await fireEvent.click(done());
    expect((await screen.findByTestId(tid.errorBanner)).textContent).toContain('Enter exactly 2 dice.');
    expect(typed()).toEqual([1, 2]);
    await waitFor(() => expect(done().disabled).toBe(false));
    expect(referee.of('enter_dice').length).toBe(1);
  });
});

describe('correcting the dice just entered', () => {
  it('opens the pad with the faces as entered and sends correct_dice with the same count', async () => {
    const r = copy(movement);
    r.view.correctable_roll = { purpose: 'Goeben primary guns at HMS Defence: 8 dice, hit on 6', rule: '14.5', faces: [6, 2, 5], sides: 6 };
    const referee = new FakeReferee(r).install();
    render(App);
    await fireEvent.click(await screen.findByTestId(tid.correctDiceOpen));
    expect(screen.getByTestId(tid.dicePrompt).textContent).toBe('Goeben primary guns at HMS Defence: 8 dice, hit on 6 (14.5)');
    expect(typed()).toEqual([6, 2, 5]);
    expect(screen.getByTestId(tid.diceCount).textContent).toBe('3 of 3');
    await fireEvent.click(screen.getByTestId(tid.diceDelete));
    expect(done().disabled).toBe(true);
    await tap(6);
    await fireEvent.click(done());
    await waitFor(() => expect(referee.of('correct_dice')).toEqual([{ action: 'correct_dice', faces: [6, 2, 6] }]));
    expect(referee.of('enter_dice')).toEqual([]);
  });

  it('offers no correction when the view has no correctable roll', async () => {
    new FakeReferee(copy(movement)).install();
    render(App);
    await screen.findByTestId(tid.menuButton);
    expect(screen.queryByTestId(tid.correctDiceOpen)).toBeNull();
  });
});

describe('the house rule "I roll the dice"', () => {
  it('is off by default and sent as options.player_dice when ticked', async () => {
    const referee = new FakeReferee({ ok: true, events: [], view: NO_GAME }, { new_game: () => copy(newGame) }).install();
    render(App);
    await openOptions();
    const box = (await screen.findByTestId(tid.optionPlayerDice)) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await fireEvent.click(box);
    await fireEvent.click(screen.getByTestId(tid.newGameButton));
    await waitFor(() => expect(referee.of('new_game').length).toBe(1));
    expect(referee.of('new_game')[0].options?.player_dice).toBe(true);
  });

  it('is switched in play from the menu, and not while a roll is asked for', async () => {
    const referee = new FakeReferee(copy(movement)).install();
    render(App);
    await fireEvent.click(await screen.findByTestId(tid.menuButton));
    const toggle = screen.getByTestId(tid.playerDiceToggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await fireEvent.click(toggle);
    await waitFor(() => expect(referee.of('player_dice')).toEqual([{ action: 'player_dice', on: true }]));
    cleanup();

    new FakeReferee(asking()).install();
    render(App);
    await fireEvent.click(await screen.findByTestId(tid.menuButton));
    expect(screen.queryByTestId(tid.playerDiceToggle)).toBeNull();
  });
});
