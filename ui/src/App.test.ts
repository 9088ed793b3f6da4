import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import type { Channel } from '@tauri-apps/api/core';
import App from './App.svelte';
import type { Response } from './generated/Response';
import newGame from './test/fixtures/new_game.json';
import movement from './test/fixtures/movement.json';
import { NO_GAME } from './test/views';
import { openOptions } from './test/newGame';
import { tid } from './lib/testids.js';
import { FLEET_CHOICES, ROLES_CHOICES, TOGGLE_CHOICES } from './generated/names';

// The game screen's own chunk, loaded once as the app loads it by the first tap (after the start screen).
beforeAll(() => import('./components/gameParts'));

const noGame: Response = { ok: true, events: [], view: NO_GAME };

type Call = { cmd: string; args: Record<string, unknown> };
let calls: Call[];

/** Mocks the shell: `answer` gives the Response for each `respond` call after the first `view`. */
function shell(first: Response, answer: (action: { action: string }) => Response) {
  calls = [];
  mockIPC((cmd, args) => {
    calls.push({ cmd, args: args as Record<string, unknown> });
    if (cmd === 'startup_notice') return null;
    const action = (args as { action: { action: string } }).action;
    return action.action === 'view' ? first : answer(action);
  });
}

const sent = () => calls.filter((c) => c.cmd === 'respond').map((c) => c.args.action);

/** Mocks a shell whose answers wait: `first` for each `view`, and every other answer held until the returned
 * function gives it. */
function heldShell(first: Response): (answer: Response) => void {
  calls = [];
  let give: (v: Response) => void = () => {};
  mockIPC((cmd, args) => {
    calls.push({ cmd, args: args as Record<string, unknown> });
    if (cmd === 'startup_notice') return null;
    const action = (args as { action: { action: string } }).action;
    return action.action === 'view' ? first : new Promise<Response>((resolve) => (give = resolve));
  });
  return (answer) => give(answer);
}

beforeEach(() => {
  calls = [];
});
afterEach(() => {
  cleanup();
  clearMocks();
});

/** jsdom lays nothing out: boxes for a tap whose answer changes the page above the tapped control. `tapped`
 * stands at `top[0]` px and the results card is `results[0]` px tall until `answered()` is called, then at
 * `top[1]` and `results[1]`; everything else stands at 0, 44 px tall. `restore` gives jsdom its own back. */
function boxesAroundAnswer(tapped: Element, top: [number, number], results: [number, number]) {
  const real = Element.prototype.getBoundingClientRect;
  let after = 0;
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const at = this === tapped ? top[after] : 0;
    const height = this.classList.contains('events') ? results[after] : 44;
    return { top: at, bottom: at + height, left: 0, right: 100, width: 100, height, x: 0, y: at, toJSON: () => ({}) } as DOMRect;
  };
  return { answered: () => (after = 1), restore: () => (Element.prototype.getBoundingClientRect = real) };
}

/** Taps a decision as a player who meant it: a question about what it would skip (issue #50) is answered yes. */
async function decide(el: Element) {
  await fireEvent.click(el);
  const anyway = screen.queryByTestId(tid.skipConfirm);
  if (anyway) await fireEvent.click(anyway);
}

describe('first screen', () => {
  it('shows the new-game form when no game is running and asks the shell for the view', async () => {
    shell(noGame, () => noGame);
    render(App);
    expect(await screen.findByTestId(tid.newGameButton)).toBeTruthy();
    expect(sent()).toEqual([{ action: 'view' }]);
  });

  it('starts a game with the typed seed', async () => {
    shell(noGame, () => newGame as Response);
    render(App);
    await fireEvent.input(await screen.findByTestId(tid.seedInput), { target: { value: '42' } });
    await fireEvent.click(screen.getByTestId(tid.newGameButton));
    await screen.findByTestId(tid.alertLevel);
    expect(sent()[1]).toEqual({ action: 'new_game', seed: 42, options: { orders: null, night_combat: false, seaplanes: false, variable_deployment: false, fleet: 'standard', mines: false, campaign: false, roles: 'solo', austro_hungarian: false, cup_only: false, take_backs: false, player_dice: false, every_port_picks: false, engine_hits_slow_all: false, austro_hungarian_cruise: false } });
  });

  it('starts a game with the optional rules ticked (21.0, 22.0)', async () => {
    shell(noGame, () => newGame as Response);
    render(App);
    await openOptions();
    await fireEvent.click(await screen.findByTestId(tid.optionNight));
    await fireEvent.click(screen.getByTestId(tid.newGameButton));
    await screen.findByTestId(tid.alertLevel);
    expect(sent()[1]).toEqual({ action: 'new_game', options: { orders: null, night_combat: true, seaplanes: false, variable_deployment: false, fleet: 'standard', mines: false, campaign: false, roles: 'solo', austro_hungarian: false, cup_only: false, take_backs: false, player_dice: false, every_port_picks: false, engine_hits_slow_all: false, austro_hungarian_cruise: false } });
  });

  it('offers the optional rules, the task forces and the roles in the core\'s words, and sends the choice (18.0–25.0)', async () => {
    shell(noGame, () => newGame as Response);
    render(App);
    await openOptions();
    const fleet = (await screen.findByTestId(tid.optionFleet)) as HTMLSelectElement;
    expect([...fleet.options].map((o) => [o.value, o.text])).toEqual(Object.entries(FLEET_CHOICES));
    const roles = screen.getByTestId(tid.optionRoles) as HTMLSelectElement;
    expect([...roles.options].map((o) => [o.value, o.text])).toEqual(Object.entries(ROLES_CHOICES));
    expect(screen.getByTestId(tid.optionMines).closest('label')?.textContent?.trim()).toBe(TOGGLE_CHOICES.mines);
    expect(screen.getByTestId(tid.optionTakeBacks).closest('label')?.textContent?.trim()).toBe(TOGGLE_CHOICES.take_backs);
    // The house rules that switch a reading (13.2, 12.4, 20.0), each in the core's words, off by default.
    const everyPort = screen.getByTestId(tid.optionReading('every_port_picks')) as HTMLInputElement;
    expect(everyPort.closest('label')?.textContent?.trim()).toBe(TOGGLE_CHOICES.every_port_picks);
    expect(everyPort.checked).toBe(false);
    expect((screen.getByTestId(tid.optionReading('engine_hits_slow_all')) as HTMLInputElement).checked).toBe(false);
    await fireEvent.click(everyPort);
    await fireEvent.change(fleet, { target: { value: 'all_four' } });
    await fireEvent.change(roles, { target: { value: 'task_force_officers' } });
    await fireEvent.click(screen.getByTestId(tid.newGameButton));
    await screen.findByTestId(tid.alertLevel);
    expect(sent()[1]).toMatchObject({ action: 'new_game', options: { fleet: 'all_four', roles: 'task_force_officers', every_port_picks: true, engine_hits_slow_all: false, austro_hungarian_cruise: false } });
  });

  it('builds the options the first time they open, before the fold shows, and keeps a choice through folding them', async () => {
    shell(noGame, () => newGame as Response);
    render(App);
    await screen.findByTestId(tid.newGameButton);
    // Folded at the start, the options are not built: a new player's first screen does not wait for them.
    expect(screen.queryByTestId(tid.optionNight)).toBeNull();
    const fold = document.querySelector('details.options-fold') as HTMLDetailsElement;
    const summary = fold.querySelector('summary') as HTMLElement;
    // The tap builds them at once, not at the fold's toggle event (a task of its own, which a frame of an empty
    // fold may come before).
    let toggles = 0;
    fold.addEventListener('toggle', () => (toggles += 1));
    await fireEvent.click(summary);
    expect(screen.queryByTestId(tid.optionNight)).not.toBeNull();
    expect(toggles).toBe(0);
    await fireEvent.click(screen.getByTestId(tid.optionNight));
    // Folded again, the choice stays, said in the summary and sent with the game.
    fold.open = false;
    await fireEvent(fold, new Event('toggle'));
    expect(summary.textContent).toContain('(1 chosen)');
    expect((screen.getByTestId(tid.optionNight) as HTMLInputElement).checked).toBe(true);
    await fireEvent.click(screen.getByTestId(tid.newGameButton));
    await screen.findByTestId(tid.alertLevel);
    expect(sent()[1]).toMatchObject({ action: 'new_game', options: { night_combat: true } });
  });

  it('starts a game under the Orders the player names, listed by the referee when the options open (3.0)', async () => {
    const pieces = [
      { code: 'O-1', name: 'Orders: Atlantic Breakout', group: 'orders', orders: { id: 'atlantic_breakout', name: 'Atlantic Breakout' } },
      { code: 'O-2', name: 'Orders: Suez Canal Operation', group: 'orders', orders: { id: 'suez_canal', name: 'Suez Canal Operation' } },
      { code: 'I-1', name: 'HMS Indomitable', group: 'allied' },
    ];
    shell(noGame, (a) => (a.action === 'list_pieces' ? ({ ...noGame, pieces } as Response) : (newGame as Response)));
    render(App);
    await screen.findByTestId(tid.newGameButton);
    expect(screen.queryByTestId(tid.optionOrders)).toBeNull();
    const fold = document.querySelector('details.options-fold') as HTMLDetailsElement;
    fold.open = true;
    await fireEvent(fold, new Event('toggle'));
    const picker = (await screen.findByTestId(tid.optionOrders)) as HTMLSelectElement;
    expect([...picker.options].map((o) => o.textContent)).toEqual(['Drawn at random by the referee', 'Atlantic Breakout', 'Suez Canal Operation']);
    await fireEvent.change(picker, { target: { value: 'suez_canal' } });
    expect(fold.querySelector('summary')?.textContent).toContain('(1 chosen)');
    await fireEvent.click(screen.getByTestId(tid.newGameButton));
    await screen.findByTestId(tid.alertLevel);
    const start = sent().find((a) => (a as { action: string }).action === 'new_game') as { options: { orders: string | null } };
    expect(start.options.orders).toBe('suez_canal');
  });

  it('starts a game without a seed when the field is empty, and refuses a malformed seed', async () => {
    shell(noGame, () => newGame as Response);
    render(App);
    const input = await screen.findByTestId(tid.seedInput);
    await fireEvent.input(input, { target: { value: '12ab' } });
    expect((screen.getByTestId(tid.newGameButton) as HTMLButtonElement).disabled).toBe(true);
    await fireEvent.input(input, { target: { value: '' } });
    await fireEvent.click(screen.getByTestId(tid.newGameButton));
    await screen.findByTestId(tid.alertLevel);
    expect(sent()[1]).toEqual({ action: 'new_game', options: { orders: null, night_combat: false, seaplanes: false, variable_deployment: false, fleet: 'standard', mines: false, campaign: false, roles: 'solo', austro_hungarian: false, cup_only: false, take_backs: false, player_dice: false, every_port_picks: false, engine_hits_slow_all: false, austro_hungarian_cruise: false } });
  });
});

describe('a running game', () => {
  it('shows turn, Alert Level, VP, phase and the secret stack counts from the view', async () => {
    const r = newGame as Response;
    shell(r, () => r);
    render(App);
    expect((await screen.findByTestId(tid.alertLevel)).textContent).toBe(String(r.view.alert_level));
    expect(screen.getByTestId(tid.turn).textContent).toContain(`of ${r.view.last_turn}`);
    expect(screen.getByTestId(tid.vp).textContent).toContain(String(r.view.vp));
    expect(screen.getByTestId(tid.phase).textContent).toBe('Setup');
    // The face-down stacks stand below the decisions: drawn the frame after the game screen's first.
    expect((await screen.findByTestId(tid.poolCount)).textContent).toBe(String(r.view.game!.pool));
    for (const zone of r.view.game!.patrol_zones) {
      expect(screen.getByTestId(tid.stack(zone.id)).textContent).toContain(String(zone.face_down));
    }
  });

  it('names the coastal defenses a bombardment turned over beside those still face down (16.0)', async () => {
    const r = structuredClone(newGame) as Response;
    const port = r.view.game!.ports[0];
    port.defenses_face_down = 1;
    port.defenses_revealed = [{ id: 'cd_battery_3', name: 'Coastal Battery 3', kind: 'coastal_defense' }];
    r.view.game!.ports[1].defenses_face_down = 0;
    r.view.game!.ports[1].defenses_revealed = [{ id: 'cd_fort_1', name: 'Fort 1', kind: 'coastal_defense' }];
    shell(r, () => r);
    render(App);
    expect((await screen.findByTestId(tid.portRevealed(port.id))).textContent).toBe('revealed: Coastal Battery 3');
    // A port whose defenses are all turned over stays listed, with none face down.
    const emptied = screen.getByTestId(tid.port(r.view.game!.ports[1].id));
    expect(emptied.querySelector('strong')?.textContent).toBe('0');
    expect(emptied.textContent).toContain('revealed: Fort 1');
  });

  it('marks the current box of the Alert track', async () => {
    const r = structuredClone(newGame) as Response;
    r.view.alert_level = 4;
    shell(r, () => r);
    render(App);
    await screen.findByTestId(tid.alertLevel);
    const current = document.querySelectorAll('.track li.current');
    expect(current.length).toBe(1);
    expect(current[0].textContent).toBe('4');
  });

  it('sends exactly the legal action object of the button pressed', async () => {
    const r = newGame as Response;
    shell(r, () => r);
    render(App);
    // New game also offers crew and gear (8.1); the collier's spaces are one picker, in groups.
    const placements = r.view.decisions.map((d) => d.action).filter((a) => a.action === 'place_collier');
    const picker = (await screen.findByTestId(tid.collierTo)) as HTMLSelectElement;
    expect([...picker.options].filter((o) => o.value).length).toBe(placements.length);
    await fireEvent.change(picker, { target: { value: JSON.stringify(placements[2].action === 'place_collier' && placements[2].to) } });
    await decide(screen.getByTestId(tid.action('place_collier')));
    await waitFor(() => expect(sent().length).toBe(2));
    expect(sent()[1]).toEqual(placements[2]);
  });

  it('sends a double-tapped decision once, marks the screen busy at once and greys its controls only when the answer is slow (issue #31)', async () => {
    const r = newGame as Response;
    const answer = heldShell(r);
    render(App);
    const button = (await screen.findByTestId(tid.action('place_collier'))) as HTMLButtonElement;
    const picker = screen.getByTestId(tid.collierTo) as HTMLSelectElement;
    await fireEvent.change(picker, { target: { value: picker.options[1].value } });
    await decide(button);
    await fireEvent.click(button);
    await waitFor(() => expect(document.querySelector('main')?.getAttribute('aria-busy')).toBe('true'));
    expect(sent().filter((a) => (a as { action: string }).action === 'place_collier').length).toBe(1);
    // A quick answer never greys the screen (a repaint of every control between the tap and its answer).
    expect(button.disabled).toBe(false);
    // A slow one does, until it comes.
    await waitFor(() => expect(button.disabled).toBe(true), { timeout: 1000 });
    answer(r);
    await waitFor(() => expect(document.querySelector('main')?.getAttribute('aria-busy')).toBe('false'));
    expect((screen.getByTestId(tid.action('place_collier')) as HTMLButtonElement).disabled).toBe(false);
  });

  it('moves the focus from a tapped decision to the screen\'s top before the answer comes, and leaves it on a buy (issue #53)', async () => {
    const r = newGame as Response;
    const answer = heldShell(r);
    render(App);
    const main = document.querySelector('main') as HTMLElement;
    // A buy: its list stays where the thumb is, and so does the focus.
    const buy = (await screen.findAllByTestId(tid.action('load_cargo')))[0] as HTMLButtonElement;
    buy.focus();
    await fireEvent.click(buy);
    await waitFor(() => expect(sent().length).toBe(2));
    expect(document.activeElement).toBe(buy);
    answer(r);
    await waitFor(() => expect(main.getAttribute('aria-busy')).toBe('false'));
    // Any other decision: the tapped button gives way to the answer's screen, so the focus is on the screen's
    // top already while the referee answers (not moved by the update itself).
    const picker = screen.getByTestId(tid.collierTo) as HTMLSelectElement;
    await fireEvent.change(picker, { target: { value: picker.options[1].value } });
    const place = screen.getByTestId(tid.action('place_collier')) as HTMLButtonElement;
    place.focus();
    await decide(place);
    await waitFor(() => expect(sent().length).toBe(3));
    expect(document.activeElement).toBe(main);
    expect(main.tabIndex).toBe(-1);
    answer(r);
    await waitFor(() => expect(main.getAttribute('aria-busy')).toBe('false'));
  });

  it('holds a tapped buy button where it stood when the answer changes the page above it (issue #29 item 3)', async () => {
    const r = newGame as Response;
    shell(r, () => r);
    const scrolls: unknown[] = [];
    const scrollBy = window.scrollBy;
    window.scrollBy = ((...a: unknown[]) => void scrolls.push(a)) as typeof window.scrollBy;
    let boxes: ReturnType<typeof boxesAroundAnswer> | undefined;
    try {
      render(App);
      const buy = (await screen.findAllByTestId(tid.action('load_cargo')))[0];
      // Before the answer the button stands at 500 px; the results card above it then shrinks by 67 px (a long
      // first result, then a short one).
      boxes = boxesAroundAnswer(buy, [500, 433], [200, 80]);
      await fireEvent.click(buy);
      boxes.answered();
      await waitFor(() => expect(sent().length).toBe(2));
      await waitFor(() => expect(scrolls).toEqual([[{ top: -67 }]]));
      // The results card keeps its height while the player buys; another answer lets it go.
      const results = document.querySelector('.events') as HTMLElement;
      expect(results.style.minHeight).toBe('200px');
      const picker = screen.getByTestId(tid.collierTo) as HTMLSelectElement;
      await fireEvent.change(picker, { target: { value: picker.options[1].value } });
      await decide(screen.getByTestId(tid.action('place_collier')));
      await waitFor(() => expect(results.style.minHeight).toBe(''));
    } finally {
      window.scrollBy = scrollBy;
      boxes?.restore();
    }
  });

  it('keeps a tapped control the answer leaves on the page where it stood on the page: a shorter result above it leaves its room (issue #53)', async () => {
    // A ship's move, answered with the movement phase still on: the next ship's card stands in its place.
    const r = movement as Response;
    const next: Response = { ...r, view: { ...r.view, phase: 'incident' } };
    let answers = 0;
    shell(r, () => (answers++ === 0 ? r : next));
    const scrollTo = window.scrollTo;
    window.scrollTo = (() => {}) as typeof window.scrollTo;
    let boxes: ReturnType<typeof boxesAroundAnswer> | undefined;
    try {
      render(App);
      const select = (await screen.findByTestId(tid.moveTo('goeben'))) as HTMLSelectElement;
      await fireEvent.change(select, { target: { value: [...select.options].find((o) => o.textContent === 'Pola')!.value } });
      const move = screen.getByTestId(tid.move('goeben'));
      // Before the answer the button stands at 500 px on the page; the answer's result is 67 px shorter.
      boxes = boxesAroundAnswer(move, [500, 433], [147, 80]);
      await fireEvent.click(move);
      boxes.answered();
      await waitFor(() => expect(sent().length).toBe(2));
      const results = document.querySelector('.events') as HTMLElement;
      await waitFor(() => expect(results.style.minHeight).toBe('147px'));
      // An answer that moves the phase on lets the card take its own height again.
      await fireEvent.click(screen.getByTestId(tid.move('goeben')));
      await waitFor(() => expect(sent().length).toBe(3));
      await waitFor(() => expect(results.style.minHeight).toBe(''));
    } finally {
      window.scrollTo = scrollTo;
      boxes?.restore();
    }
  });

  it('keeps the screen where the thumb is after a buy of crew & gear, and starts from the top after other answers (issue #29 item 3)', async () => {
    const r = newGame as Response;
    shell(r, () => r);
    const scrolls: unknown[] = [];
    const before = window.scrollTo;
    window.scrollTo = ((...a: unknown[]) => void scrolls.push(a)) as typeof window.scrollTo;
    try {
      render(App);
      const buy = (await screen.findAllByTestId(tid.action('load_cargo')))[0];
      scrolls.length = 0;
      await fireEvent.click(buy);
      await waitFor(() => expect(sent().length).toBe(2));
      await new Promise((done) => setTimeout(done, 0));
      expect(scrolls).toEqual([]);
      // Placing the collier ends the setup: that answer scrolls back to the top.
      const placement = r.view.decisions.map((d) => d.action).find((a) => a.action === 'place_collier');
      const picker = screen.getByTestId(tid.collierTo) as HTMLSelectElement;
      await fireEvent.change(picker, { target: { value: JSON.stringify(placement?.action === 'place_collier' && placement.to) } });
      await decide(screen.getByTestId(tid.action('place_collier')));
      await waitFor(() => expect(scrolls.length).toBeGreaterThan(0));
    } finally {
      window.scrollTo = before;
    }
  });

  it('asks once before a decision that skips something, in the core\'s words: Back sends nothing, "anyway" sends it (issue #50)', async () => {
    const r = newGame as Response;
    shell(r, () => r);
    render(App);
    const collier = r.view.decisions.find((d) => d.action.action === 'place_collier')!;
    expect(collier.confirm).toMatch(/crew & gear points unspent/);
    const picker = (await screen.findByTestId(tid.collierTo)) as HTMLSelectElement;
    await fireEvent.change(picker, { target: { value: picker.options[1].value } });
    await fireEvent.click(screen.getByTestId(tid.action('place_collier')));
    expect(screen.getByTestId(tid.skipQuestion).textContent).toContain(collier.confirm!);
    await fireEvent.click(screen.getByTestId(tid.skipBack));
    expect(screen.queryByTestId(tid.skipQuestion)).toBeNull();
    expect(sent().some((a) => (a as { action: string }).action === 'place_collier')).toBe(false);
    await fireEvent.click(screen.getByTestId(tid.action('place_collier')));
    expect(screen.getByTestId(tid.skipConfirm).textContent).toBe(`${collier.label} anyway`);
    await fireEvent.click(screen.getByTestId(tid.skipConfirm));
    await waitFor(() => expect(sent().filter((a) => (a as { action: string }).action === 'place_collier').length).toBe(1));
    expect(screen.queryByTestId(tid.skipQuestion)).toBeNull();
  });

  it('reports a move with the chosen destination and speed', async () => {
    const r = movement as Response;
    shell(r, () => r);
    render(App);
    const select = (await screen.findByTestId(tid.moveTo('goeben'))) as HTMLSelectElement;
    const option = [...select.options].find((o) => o.textContent === 'Pola')!;
    await fireEvent.change(select, { target: { value: option.value } });
    await fireEvent.click(screen.getByTestId(tid.move('goeben')));
    await waitFor(() => expect(sent().length).toBe(2));
    expect(sent()[1]).toEqual({ action: 'move', ship: 'goeben', to: { kind: 'place', id: 'pola' }, speed: 'cruise' });
  });

  it('shows the error banner for a refused action and keeps the view', async () => {
    const r = movement as Response;
    const refused: Response = { ok: false, error: { code: 'illegal', message: 'no coal left' }, view: r.view };
    shell(r, () => refused);
    render(App);
    await decide(await screen.findByTestId(tid.action('end_phase')));
    expect((await screen.findByTestId(tid.errorBanner)).textContent).toContain('no coal left');
    expect(screen.getByTestId(tid.phase).textContent).toBe('Movement');
  });

  it('shows an applied action whose save or finished-game keeping failed as a notice, not an error (issue #18)', async () => {
    const r = movement as Response;
    for (const [code, message] of [['save_failed', 'Your game could not be saved: the disk is full'], ['finished_not_kept', 'The game could not be added to the finished games']] as const) {
      shell(r, () => ({ ...r, ok: true, error: { code, message } }));
      render(App);
      await decide(await screen.findByTestId(tid.action('end_phase')));
      expect((await screen.findByTestId(tid.noticeBanner)).textContent).toContain(message);
      expect(screen.getByTestId(tid.noticeBanner).getAttribute('role')).toBe('status');
      expect(screen.queryByTestId(tid.errorBanner)).toBeNull();
      await fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
      await waitFor(() => expect(screen.queryByTestId(tid.noticeBanner)).toBeNull());
      cleanup();
    }
  });

  it('asks for confirmation before undoing', async () => {
    const r = movement as Response;
    shell(r, () => r);
    render(App);
    await fireEvent.click(await screen.findByTestId(tid.undoButton));
    expect(sent()).toEqual([{ action: 'view' }]);
    await fireEvent.click(screen.getByTestId(tid.undoConfirm));
    await waitFor(() => expect(sent()).toEqual([{ action: 'view' }, { action: 'undo' }]));
  });
});

describe('corrections', () => {
  it('sets VP to what the table shows through a logged correction', async () => {
    const r = movement as Response;
    shell(r, () => r);
    render(App);
    await fireEvent.click(await screen.findByTestId(tid.menuButton));
    await fireEvent.click(await screen.findByTestId(tid.correctionsButton));
    const input = (await screen.findByPlaceholderText(String(r.view.vp))) as HTMLInputElement; // the panel loads when first opened
    await fireEvent.input(input, { target: { value: '-3' } });
    await fireEvent.click(screen.getByTestId(tid.correctVp));
    await waitFor(() => expect(sent().length).toBe(2));
    expect(sent()[1]).toEqual({ action: 'correct', correction: { kind: 'vp', vp: -3 } });
  });
});

describe('the log', () => {
  it('shows every logged entry newest first and filters by rule', async () => {
    const r = movement as Response;
    const entries = [
      { seq: 0, turn: 1, phase: 'setup', rule: '3.0', text: 'New game.', event: { event: 'turn_started', turn: 1 }, undone: false },
      { seq: 1, turn: 1, phase: 'movement', rule: '12.3', text: 'Engine check.', event: { event: 'turn_started', turn: 1 }, undone: false },
      { seq: 2, turn: 1, phase: 'movement', rule: '', text: 'Undone move.', event: { event: 'turn_started', turn: 1 }, undone: true },
    ];
    shell(r, (a) => (a.action === 'log' ? ({ ...r, log: entries } as Response) : r));
    render(App);
    await fireEvent.click(await screen.findByTestId(tid.logButton));
    const log = await screen.findByTestId(tid.gameLog);
    await waitFor(() => expect(log.querySelectorAll('li').length).toBe(2));
    const items = [...log.querySelectorAll('li')].map((li) => li.textContent);
    expect(items[0]).toContain('Engine check.');
    expect(items[1]).toContain('New game.');
    await fireEvent.input(screen.getByPlaceholderText('e.g. 13.0, Alert, Goeben'), { target: { value: '12.3' } });
    await waitFor(() => expect(log.querySelectorAll('li').length).toBe(1));
  });
});

describe('counter codes', () => {
  it('looks up a typed code on Enter and shows the public answer, or the error', async () => {
    const r = movement as Response;
    shell(r, (a) => {
      if (a.action !== 'scan') return r;
      const code = (a as unknown as { code: string }).code;
      return code === 'GO1-P002-E'
        ? ({ ...r, scan: { code, piece: { kind: 'placeholder', place: 'adriatic_pz' }, name: 'Adriatic Patrol Zone token', values: [], status: '5 face-down counters there', actions: [] } } as Response)
        : ({ ok: false, error: { code: 'foreign_code', message: 'not a Goeben Referee code' }, view: r.view } as Response);
    });
    render(App);
    const input = await screen.findByTestId(tid.codeInput);
    await fireEvent.input(input, { target: { value: 'GO1-P002-E' } });
    await fireEvent.submit(input.closest('form')!);
    expect((await screen.findByTestId(tid.scanResult)).textContent).toContain('5 face-down counters there');
    await fireEvent.input(input, { target: { value: 'http://example.org' } });
    await fireEvent.submit(input.closest('form')!);
    expect((await screen.findByTestId(tid.codeError)).textContent).toContain('not a Goeben Referee code');
  });

  it('offers the decision a scanned piece points to and checks a placement', async () => {
    const r = movement as Response;
    const resolve = { action: 'resolve_incidents' as const, space: { kind: 'place' as const, id: 'malta_pz' } };
    shell(r, (a) => {
      if (a.action !== 'scan') return r;
      return {
        ...r,
        scan: {
          code: 'GO1-PXXX-X', piece: { kind: 'placeholder', place: 'malta_pz' }, name: 'Malta Patrol Zone token', values: [],
          status: '3 face-down counters there', actions: [resolve],
          placement: { revealed_this_turn: false, message: 'Not a counter revealed this turn: keep it face down where it was.' },
        },
      } as Response;
    });
    render(App);
    const input = await screen.findByTestId(tid.codeInput);
    await fireEvent.input(input, { target: { value: 'GO1-PXXX-X' } });
    await fireEvent.submit(input.closest('form')!);
    expect((await screen.findByTestId(tid.scanPlacement)).textContent).toContain('keep it face down');
    const buttons = (await screen.findByTestId(tid.scanActions)).querySelectorAll('button');
    expect(buttons.length).toBe(1);
    await fireEvent.click(buttons[0]);
    await waitFor(() => expect(sent()).toContainEqual(resolve));
  });

  it('tallies an inventory of scanned pieces: how many, which twice, which missing', async () => {
    const r = movement as Response;
    const pieces = [
      { code: 'GO1-A', name: 'HMS Dublin', group: 'allied' },
      { code: 'GO1-B', name: 'Wireless 1', group: 'cargo' },
      { code: 'GO1-C', name: 'Malta PZ', group: 'placeholders' },
    ];
    shell(r, (a) => {
      if (a.action === 'list_pieces') return { ...r, pieces } as Response;
      if (a.action !== 'scan') return r;
      const code = (a as unknown as { code: string }).code;
      return { ...r, scan: { code, piece: { kind: 'counter', id: 'x' }, name: code, values: [], status: '', actions: [] } } as Response;
    });
    render(App);
    await fireEvent.click(await screen.findByTestId(tid.inventoryToggle));
    const input = await screen.findByTestId(tid.codeInput);
    for (const c of ['GO1-A', 'GO1-B', 'GO1-A']) {
      await fireEvent.input(input, { target: { value: c } });
      await fireEvent.submit(input.closest('form')!);
      await waitFor(() => expect((input as HTMLInputElement).value).toBe(''));
    }
    const box = await screen.findByTestId(tid.inventory);
    await waitFor(() => expect(box.textContent).toContain('2 of 3'));
    expect(box.textContent).toContain('Twice: HMS Dublin');
    expect(box.textContent).toContain('Malta PZ');
  });
});

describe('the way back (Escape on a desktop; lib/back.ts)', () => {
  const escape = () => fireEvent.keyDown(window, { key: 'Escape' });

  it('closes the undo question, then the menu, then the log, and never leaves the game', async () => {
    const r = movement as Response;
    shell(r, (a) => (a.action === 'log' ? ({ ...r, log: [] } as Response) : r));
    render(App);
    await fireEvent.click(await screen.findByTestId(tid.logButton));
    await screen.findByTestId(tid.gameLog);
    await fireEvent.click(screen.getByTestId(tid.menuButton));
    await fireEvent.click(screen.getByTestId(tid.undoButton));
    await screen.findByTestId(tid.undoQuestion);
    await escape();
    expect(screen.queryByTestId(tid.undoQuestion)).toBeNull();
    expect(screen.queryByTestId(tid.gameMenu)).not.toBeNull();
    await escape();
    expect(screen.queryByTestId(tid.gameMenu)).toBeNull();
    expect(screen.queryByTestId(tid.gameLog)).not.toBeNull();
    await escape();
    expect(screen.queryByTestId(tid.gameLog)).toBeNull();
    await escape();
    // Escape never asks to leave: a desktop window closes with its own button.
    expect(screen.queryByTestId(tid.leaveQuestion)).toBeNull();
    expect(screen.getByTestId(tid.phase)).toBeTruthy();
    expect(sent()).toEqual([{ action: 'view' }, { action: 'log' }]);
  });

});

describe('issue #34: the game a table holds', () => {
  it('gives the shell a channel at the start, and asks for the view again when the table’s game changed', async () => {
    // While the table holds the game, the app's screen is the display: the seats' moves reach it only
    // through the view it asks for when the shell tells it the table's version.
    const before = newGame as Response;
    const after = movement as Response;
    let atTable = before;
    let channel: Channel<unknown> | undefined;
    calls = [];
    mockIPC((cmd, args) => {
      calls.push({ cmd, args: args as Record<string, unknown> });
      if (cmd === 'startup_notice') return null;
      if (cmd === 'table_watch') {
        channel = (args as { onChange: Channel<unknown> }).onChange;
        return true;
      }
      return atTable;
    });
    render(App);
    expect((await screen.findByTestId(tid.phase)).textContent).toBe('Setup');
    await waitFor(() => expect(channel).toBeDefined());
    expect(sent()).toEqual([{ action: 'view' }]);

    // A seat moved the game at the table: the shell tells the version alone.
    atTable = after;
    (window as unknown as { __TAURI_INTERNALS__: { runCallback: (id: number, data: unknown) => void } }).__TAURI_INTERNALS__.runCallback(channel!.id, { index: 0, message: { version: 1 } });
    await waitFor(() => expect(screen.getByTestId(tid.phase).textContent).toBe('Movement'));
    expect(sent()).toEqual([{ action: 'view' }, { action: 'view' }]);
    expect(calls.filter((c) => c.cmd === 'table_watch')).toHaveLength(1);
  });
});
