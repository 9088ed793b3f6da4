import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { clearMocks } from '@tauri-apps/api/mocks';
import App from '../App.svelte';
import type { Action } from '../generated/Action';
import { FakeReferee } from '../test/referee';
import { copy } from '../test/views';
import battle from '../test/fixtures/battle.json';
import movement from '../test/fixtures/movement.json';
import newGame from '../test/fixtures/new_game.json';
import { tid, selector } from '../lib/testids.js';

// The game screen's own chunk, loaded once as the app loads it by the first tap (after the start screen).
beforeAll(() => import('./gameParts'));

afterEach(() => {
  cleanup();
  clearMocks();
});

const notes = (inside: HTMLElement | Document = document) => [...inside.querySelectorAll(selector(tid.barrierNote))].map((n) => n.textContent);

describe('marks on the buttons of decisions that roll or reveal (issue #14)', () => {
  it('marks exactly the buttons whose legal action the core marked', async () => {
    const r = copy(newGame);
    expect(r.view.decisions.every((d) => !d.barrier)).toBe(true);
    // New game also offers crew and gear (8.1): the collier placements' marks, in the core's order.
    const placements = r.view.decisions.flatMap((d, i) => (d.action.action === 'place_collier' ? [i] : []));
    r.view.decisions[placements[2]].barrier = 'planted words · can\'t be taken back';
    new FakeReferee(r).install();
    render(App);
    // One picker and one button: the button's mark follows the space chosen.
    const picker = await screen.findByTestId(tid.collierTo);
    const button = screen.getByTestId(tid.action('place_collier'));
    const marked: boolean[] = [];
    for (const i of placements) {
      const a = r.view.decisions[i].action;
      await fireEvent.change(picker, { target: { value: a.action === 'place_collier' ? JSON.stringify(a.to) : '' } });
      marked.push(within(button).queryByTestId(tid.barrierNote) !== null);
    }
    expect(marked).toEqual(placements.map((i) => !!r.view.decisions[i].barrier));
    const a = r.view.decisions[placements[2]].action;
    await fireEvent.change(picker, { target: { value: a.action === 'place_collier' ? JSON.stringify(a.to) : '' } });
    expect(within(button).getByTestId(tid.barrierNote).textContent).toBe("planted words · can't be taken back");
  });

  it('marks every fire order on the battle card and holding fire, as the core does', async () => {
    const r = copy(battle);
    new FakeReferee(r).install();
    render(App);
    const options = await screen.findAllByTestId(tid.fireOption);
    for (const o of options) expect(within(o).getByTestId(tid.barrierNote).textContent).toBe("may roll this round's salvos (14.5) · can't be taken back");
    const hold = r.view.decisions.find((d) => d.action.action === 'fire_orders' && !d.action.target)!;
    expect(within(screen.getByTestId(tid.holdFire)).queryByTestId(tid.barrierNote)?.textContent ?? null).toBe(hold.barrier ?? null);
  });

  it('marks a move only at emergency speed (12.3 engine check), following the chosen speed', async () => {
    const r = copy(movement);
    const emergency = r.view.decisions.find((d) => d.action.action === 'move' && d.action.ship === 'goeben' && d.action.speed === 'emergency')!;
    expect(emergency.barrier).toBe("rolls the engine check: 1–2 damages the engines (12.3) · can't be taken back");
    new FakeReferee(r).install();
    render(App);
    const move = await screen.findByTestId(tid.move('goeben'));
    expect(within(move).queryByTestId(tid.barrierNote)).toBeNull();
    // The speed is a row of chips.
    await fireEvent.click(screen.getByTestId(tid.moveSpeed('goeben-emergency')));
    expect(within(move).getByTestId(tid.barrierNote).textContent).toBe(emergency.barrier);
    await fireEvent.click(screen.getByTestId(tid.moveSpeed('goeben-cruise')));
    expect(within(move).queryByTestId(tid.barrierNote)).toBeNull();
    // Ending Movement rolls nothing.
    expect(within(screen.getByTestId(tid.action('end_phase'))).queryByTestId(tid.barrierNote)).toBeNull();
  });

  it('marks a draw the scanned code offers with the core\'s words for it', async () => {
    const r = copy(movement);
    const draw: Action = { action: 'resolve_incidents', space: { kind: 'place', id: 'malta_pz' } };
    r.view.decisions.push({ action: draw, label: 'Draw at Malta Patrol Zone', barrier: "turns over this space's incidents and resolves them (13.0) · can't be taken back" });
    const referee = new FakeReferee(r, {
      scan: (a) => ({ ...r, scan: { code: a.code, piece: { kind: 'placeholder', place: 'malta_pz' }, name: 'Malta Patrol Zone token', values: [], status: '3 face-down counters there', actions: [draw] } }),
    }).install();
    render(App);
    const input = await screen.findByTestId(tid.codeInput);
    await fireEvent.input(input, { target: { value: 'GO1-PXXX-X' } });
    await fireEvent.submit(input.closest('form')!);
    const offered = await screen.findByTestId(tid.scanActions);
    expect(notes(offered)).toEqual(["turns over this space's incidents and resolves them (13.0) · can't be taken back"]);
    await fireEvent.click(offered.querySelector('button')!);
    await waitFor(() => expect(referee.of('resolve_incidents')).toEqual([draw]));
  });
});
