// The composed controls in the decisions panel: contact, the collier, a ship's move, repairs, crew
// & gear. Each composes one action from a few choices and sends it only when the core offers it
// (`view.decisions`); a disabled button says why. The e2e policy's controls (e2e/policy.mjs) are driven
// here too, so a control changed in the UI is caught before the real-app run.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte';
import ActionPanel from './ActionPanel.svelte';
import Battle from './Battle.svelte';
import type { Action } from '../generated/Action';
import type { PlayerView } from '../generated/PlayerView';
import { copy } from '../test/views';
import battle from '../test/fixtures/battle.json';
import movement from '../test/fixtures/movement.json';
import newGame from '../test/fixtures/new_game.json';
import { tid } from '../lib/testids.js';
import { actionsOf } from '../lib/barrier';

// The e2e player, plain JavaScript outside the UI's type check (loaded as a glob, as testids.test.ts reads the specs).
type Decision = { action: Action; control: { steps?: object[] } & Record<string, unknown> };
const [policy] = Object.values(import.meta.glob('../../../e2e/policy.mjs', { eager: true })) as { decide: (view: PlayerView) => Decision }[];
const decide = policy.decide;

afterEach(() => cleanup());

function panel(view: PlayerView, busy = false) {
  const send = vi.fn<(a: Action) => void>();
  render(ActionPanel, { view, send, busy });
  return send;
}

/** The reason a disabled button gives (its aria-describedby). */
const why = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent ?? '';

/** A view whose legal actions are `offers` (action, label, barrier), on top of the movement fixture's game. */
function offering(phase: PlayerView['phase'], offers: [Action, string, boolean][]): PlayerView {
  const v = copy(movement).view;
  v.phase = phase;
  v.decisions = offers.map(([action, label, barrier]) => ({ action, label, barrier: barrier ? "rolls or reveals · can't be taken back" : undefined }));
  return v;
}

// The contact offers and labels as the referee gave them (seed 1, the battle at Gibraltar Patrol Zone).
const space = { kind: 'place', id: 'gibraltar_pz' } as const;
const contact = (leader: string, speed_ship: string, maximum_speed: boolean): Action => ({ action: 'contact', space, leader, speed_ship, maximum_speed });
const name = (s: string) => (s === 'goeben' ? 'SMS Goeben' : 'SMS Breslau');
const CONTACTS: [Action, string, boolean][] = ['goeben', 'breslau'].flatMap((l) =>
  ['goeben', 'breslau'].flatMap((s) =>
    [false, true].map((m): [Action, string, boolean] => [
      contact(l, s, m),
      `Contact at Gibraltar Patrol Zone: leadership of ${name(l)}, ${m ? 'maximum speed (1 coal)' : 'cruise speed'} of ${name(s)}`,
      true,
    ]),
  ),
);

describe('contact (14.3): a leader, a speed, one Roll button', () => {
  it('offers each leader and each speed once, the speed with its coal cost in the core’s words', () => {
    panel(offering('naval_combat', CONTACTS));
    expect(screen.getAllByTestId(tid.action('contact'))).toHaveLength(1);
    expect(screen.getByTestId(tid.contactLeader('breslau')).textContent).toContain('SMS Breslau');
    // The core's words in two short lines: the speed with its cost, then whose speed it is.
    const chip = screen.getByTestId(tid.contactSpeed('breslau:maximum'));
    expect(chip.textContent!.trim()).toBe('maximum speed (1 coal)SMS Breslau');
    expect(chip.querySelector('small, .note')?.textContent?.trim()).toBe('SMS Breslau');
    expect(screen.getAllByRole('radio')).toHaveLength(2 + 4);
  });

  it('sends the composed contact, marked as a point of no return', async () => {
    const send = panel(offering('naval_combat', CONTACTS));
    const roll = screen.getByTestId(tid.action('contact'));
    expect(within(roll).getByTestId(tid.barrierNote)).toBeTruthy();
    await fireEvent.click(screen.getByTestId(tid.contactLeader('breslau')));
    await fireEvent.click(screen.getByTestId(tid.contactSpeed('goeben:maximum')));
    await fireEvent.click(roll);
    expect(send).toHaveBeenCalledWith(contact('breslau', 'goeben', true));
  });

  it('never sends a combination the core does not offer, and says why', async () => {
    const send = panel(offering('naval_combat', CONTACTS.filter(([a]) => !(a.action === 'contact' && a.leader === 'breslau' && a.maximum_speed && a.speed_ship === 'breslau'))));
    await fireEvent.click(screen.getByTestId(tid.contactLeader('breslau')));
    await fireEvent.click(screen.getByTestId(tid.contactSpeed('breslau:maximum')));
    const roll = screen.getByTestId(tid.action('contact')) as HTMLButtonElement;
    expect(roll.disabled).toBe(true);
    expect(why(roll)).toMatch(/Not among the referee’s choices/);
    await fireEvent.click(roll);
    expect(send).not.toHaveBeenCalled();
  });
});

describe('contact odds before the roll (14.3, issue #50)', () => {
  /** The core's odds for a choice (`combat::contact_odds`): here the ratings follow the speed chosen. */
  const odds = (a: Action) => {
    const german = a.action === 'contact' && a.maximum_speed ? 9 : 8;
    const chances = german === 9 ? ['50% German First Salvo', '33% Allied First Salvo', '17% no contact'] : ['33% German First Salvo', '50% Allied First Salvo', '17% no contact'];
    return {
      german,
      allied: 9,
      enemy: 'HMS Indomitable, HMS Indefatigable',
      german_first_salvo: german === 9 ? 0.5 : 1 / 3,
      allied_first_salvo: german === 9 ? 1 / 3 : 0.5,
      no_contact: 1 / 6,
      words: `German ${german} − Allied 9 · ${chances.join(' · ')}`,
      ratings_words: `German ${german} − Allied 9`,
      chance_words: chances,
    };
  };

  it('shows the enemy, both ratings and each result’s chance for the leader and speed chosen, before Roll', async () => {
    const v = offering('naval_combat', CONTACTS);
    v.decisions = v.decisions.map((d) => ({ ...d, contact: odds(d.action) }));
    panel(v);
    const card = screen.getByTestId(tid.contactOdds);
    expect(card.textContent).toContain('Enemy: HMS Indomitable, HMS Indefatigable');
    expect(card.textContent).toContain('German 8 − Allied 9');
    expect([...card.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['33% German First Salvo', '50% Allied First Salvo', '17% no contact']);
    // The odds sit above the Roll button: read before the tap.
    const roll = screen.getByTestId(tid.action('contact'));
    expect(card.compareDocumentPosition(roll) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await fireEvent.click(screen.getByTestId(tid.contactSpeed('goeben:maximum')));
    expect(screen.getByTestId(tid.contactOdds).textContent).toContain('German 9 − Allied 9');
    expect(screen.getByTestId(tid.contactOdds).textContent).toContain('50% German First Salvo');
  });

  it('shows no odds when the core gives none (another decision, an old record)', () => {
    panel(offering('naval_combat', CONTACTS));
    expect(screen.queryByTestId(tid.contactOdds)).toBeNull();
  });
});

describe('the collier (3.0 step 9): a grouped picker and one button', () => {
  it('groups the sea spaces, says why the button waits, and sends the chosen space', async () => {
    const v = copy(newGame).view;
    const send = panel(v);
    const picker = screen.getByTestId(tid.collierTo) as HTMLSelectElement;
    expect([...picker.querySelectorAll('optgroup')].map((g) => g.label)).toEqual(['Open sea', 'Patrol zones']);
    const button = screen.getByTestId(tid.action('place_collier')) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(why(button)).toBe('Choose the collier’s sea space.');
    const malta = actionsOf(v).find((a) => a.action === 'place_collier' && a.to.kind === 'place' && a.to.id === 'malta_pz')!;
    await fireEvent.change(picker, { target: { value: JSON.stringify((malta as { to: unknown }).to) } });
    expect(button.disabled).toBe(false);
    expect(why(button)).toBe('');
    await fireEvent.click(button);
    expect(send).toHaveBeenCalledWith(malta);
  });
});

describe('crew & gear first in the setup (8.1)', () => {
  it('opens with the points left, folds on Done, and sends a choice as the core wrote it', async () => {
    const v = copy(newGame).view;
    const send = panel(v);
    const section = screen.getByTestId(tid.cargoSection) as HTMLDetailsElement;
    expect(section.open).toBe(true);
    // Before the collier, in the order of the setup.
    expect(section.compareDocumentPosition(screen.getByTestId(tid.collierTo)) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByTestId(tid.cargoShip('goeben')).textContent).toContain('8 points left');
    const buy = within(section).getAllByTestId(tid.action('load_cargo'))[0];
    expect(buy.textContent).toContain(v.decisions[0].label.replace('SMS Goeben: ', ''));
    await fireEvent.click(buy);
    expect(send).toHaveBeenCalledWith(v.decisions[0].action);
    // One ship's choices at a time, the other a chip away.
    expect(within(section).getAllByTestId(tid.action('load_cargo')).length).toBe(actionsOf(v).filter((a) => a.action === 'load_cargo' && a.ship === 'goeben').length);
    await fireEvent.click(screen.getByTestId(tid.cargoShip('breslau')));
    await fireEvent.click(within(section).getAllByTestId(tid.action('load_cargo'))[0]);
    expect(send).toHaveBeenLastCalledWith(actionsOf(v).find((a) => a.action === 'load_cargo' && a.ship === 'breslau'));
    // Points left unspent in the setup are asked about first; Keep buying stays, Done anyway folds.
    await fireEvent.click(screen.getByTestId(tid.cargoDone));
    expect(section.open).toBe(true);
    expect(screen.getByTestId(tid.cargoUnspent).textContent).toBe('SMS Goeben has 8 points unspent; SMS Breslau has 8 points unspent.');
    await fireEvent.click(screen.getByTestId(tid.cargoKeepBuying));
    expect(screen.queryByTestId(tid.cargoUnspent)).toBeNull();
    await fireEvent.click(screen.getByTestId(tid.cargoDone));
    expect(screen.getByTestId(tid.cargoDone).textContent).toBe('Done anyway');
    await fireEvent.click(screen.getByTestId(tid.cargoDone));
    expect(section.open).toBe(false);
  });
});

describe('an item the rules refuse now keeps its place (8.1–8.3)', () => {
  it('shows it greyed where its buy stood, in the core’s words, and never sends it', async () => {
    const v = copy(newGame).view;
    const goeben = v.game!.ships.find((s) => s.id === 'goeben')!;
    const buyLabels = () => within(screen.getByTestId(tid.cargoSection)).getAllByRole('button').filter((b) => b.closest('.grid')).map((b) => b.textContent);
    panel(copy(newGame).view);
    const before = buyLabels();
    cleanup();
    // The core refuses the second item now (8.1: too few points): its decision goes, its list keeps it.
    const item = goeben.buys[1].item;
    goeben.buys[1].refused = { label: 'buy Seebataillon Detachment · 2 points (1 short)', rule: '8.1' };
    v.decisions = v.decisions.filter((d) => !(d.action.action === 'load_cargo' && d.action.ship === 'goeben' && d.action.item === item));
    const send = panel(v);
    const after = buyLabels();
    // The heading counts the decisions, not the greyed items.
    expect(screen.getByTestId(tid.cargoSection).querySelector('summary')!.textContent).toContain(`${actionsOf(v).filter((a) => a.action.endsWith('_cargo')).length} choices`);
    expect(after.length).toBe(before.length);
    expect(after[1]).toBe('buy Seebataillon Detachment · 2 points (1 short)');
    expect([after[0], ...after.slice(2)]).toEqual([before[0], ...before.slice(2)]);
    const refused = screen.getByTestId(tid.cargoRefused) as HTMLButtonElement;
    expect(refused.disabled).toBe(true);
    expect(refused.title).toBe('Rule 8.1');
    await fireEvent.click(refused);
    expect(send).not.toHaveBeenCalled();
  });
});

describe('a ship’s move (12.0): the speed, then the spaces the core offers at it', () => {
  it('says why Move waits, lists only the spaces offered at the chosen speed, and sends the move', async () => {
    const v = copy(movement).view;
    const send = panel(v);
    const move = screen.getByTestId(tid.move('goeben')) as HTMLButtonElement;
    expect(move.disabled).toBe(true);
    expect(why(move)).toBe('Choose where SMS Goeben ended.');
    const picker = screen.getByTestId(tid.moveTo('goeben')) as HTMLSelectElement;
    const atCruise = actionsOf(v).filter((a) => a.action === 'move' && a.ship === 'goeben' && a.speed === 'cruise');
    expect(picker.querySelectorAll('option[value]:not([value=""])').length).toBe(atCruise.length);
    // Messina is in the Eastern Mediterranean: its open sea comes first.
    expect(picker.querySelector('optgroup')!.querySelector('option')!.textContent).toBe('open sea, Eastern Mediterranean');
    await fireEvent.click(screen.getByTestId(tid.moveSpeed('goeben-maximum')));
    const atMaximum = actionsOf(v).filter((a) => a.action === 'move' && a.ship === 'goeben' && a.speed === 'maximum');
    expect(picker.querySelectorAll('option[value]:not([value=""])').length).toBe(atMaximum.length);
    await fireEvent.change(picker, { target: { value: JSON.stringify({ kind: 'high_seas', zone: 'aegean', label: '' }) } });
    expect(move.disabled).toBe(false);
    await fireEvent.click(move);
    expect(send).toHaveBeenCalledWith({ action: 'move', ship: 'goeben', to: { kind: 'high_seas', zone: 'aegean', label: '' }, speed: 'maximum' });
  });
});

// The repair offers and labels as the referee gave them (seed 1, Breslau with hull and engine damage).
const repair = (hull: number, engines: number): Action => ({ action: 'repair', ship: 'breslau', hull, engines, primary: 0, secondary: 0, tertiary: 0 });
// Every split of the 5 dice over the two damaged tracks, the ready-made ones first (src/rules/repair.rs).
const REPAIRS: [Action, string, boolean][] = [
  [repair(5, 0), 'SMS Breslau repairs: 5 dice on hull (10.1)', true],
  [repair(0, 5), 'SMS Breslau repairs: 5 dice on engines (10.1)', true],
  [repair(3, 2), 'SMS Breslau repairs: 3 dice on hull, 2 on engines (10.1)', true],
  [repair(4, 1), 'SMS Breslau repairs: 4 dice on hull, 1 on engines (10.1)', true],
  [repair(2, 3), 'SMS Breslau repairs: 2 dice on hull, 3 on engines (10.1)', true],
  [repair(1, 4), 'SMS Breslau repairs: 1 die on hull, 4 on engines (10.1)', true],
];
function repairView(): PlayerView {
  const v = offering('outfitting', REPAIRS);
  const b = v.game!.ships.find((s) => s.id === 'breslau')!;
  b.tracks.hull = b.start.hull - 4;
  b.tracks.engines = b.start.engines - 2;
  b.repair_dice = 5;
  return v;
}

describe('repairs (10.1): dice per damage track, dice left, one Repair button', () => {
  it('starts at the core’s first spread and sends it', async () => {
    const send = panel(repairView());
    expect(screen.getByTestId(tid.repairLeft('breslau')).textContent).toBe('All 5 repair dice placed');
    // The core's sentence for the spread as set, under the button before the tap.
    expect(screen.getByTestId(tid.repairSentence('breslau')).textContent).toBe('SMS Breslau repairs: 5 dice on hull (10.1)');
    const go = screen.getByTestId(tid.action('repair')) as HTMLButtonElement;
    expect(within(go).getByTestId(tid.barrierNote)).toBeTruthy();
    await fireEvent.click(go);
    expect(send).toHaveBeenCalledWith(repair(5, 0));
  });

  it('counts the dice left, says why Repair waits, sends the split set with − and +, and takes a preset', async () => {
    const send = panel(repairView());
    const go = screen.getByTestId(tid.action('repair')) as HTMLButtonElement;
    await fireEvent.click(screen.getByTestId(tid.repairLess('breslau', 'hull')));
    expect(screen.getByTestId(tid.repairLeft('breslau')).textContent).toBe('1 of 5 repair dice still to place');
    expect(go.disabled).toBe(true);
    expect(screen.queryByTestId(tid.repairSentence('breslau'))).toBeNull();
    expect(why(go)).toBe('Assign 1 more die.');
    await fireEvent.click(go);
    expect(send).not.toHaveBeenCalled();
    // No die more than the ship has.
    await fireEvent.click(screen.getByTestId(tid.repairMore('breslau', 'engines')));
    expect((screen.getByTestId(tid.repairMore('breslau', 'engines')) as HTMLButtonElement).disabled).toBe(true);
    // 4 hull, 1 engine: a split the core offers, sent as it is.
    expect(go.disabled).toBe(false);
    await fireEvent.click(go);
    expect(send).toHaveBeenLastCalledWith(repair(4, 1));
    // The presets: all dice on one track, one per damaged track.
    const presets = screen.getAllByTestId(tid.repairOffer);
    expect(presets.map((p) => p.textContent)).toEqual(['All 5 on hull', 'All 5 on engines']);
    await fireEvent.click(presets[1]);
    expect(screen.getByTestId(tid.repairLeft('breslau')).textContent).toBe('All 5 repair dice placed');
    expect(screen.getByTestId(tid.repairSentence('breslau')).textContent).toBe('SMS Breslau repairs: 5 dice on engines (10.1)');
    await fireEvent.click(go);
    expect(send).toHaveBeenLastCalledWith(repair(0, 5));
  });

  it('never sends a split the core does not offer, and says why', async () => {
    const v = offering('outfitting', REPAIRS.filter(([a]) => !(a.action === 'repair' && a.hull === 4)));
    const b = v.game!.ships.find((s) => s.id === 'breslau')!;
    b.tracks.hull = b.start.hull - 4;
    b.tracks.engines = b.start.engines - 2;
    b.repair_dice = 5;
    const send = panel(v);
    const go = screen.getByTestId(tid.action('repair')) as HTMLButtonElement;
    await fireEvent.click(screen.getByTestId(tid.repairLess('breslau', 'hull')));
    await fireEvent.click(screen.getByTestId(tid.repairMore('breslau', 'engines')));
    expect(go.disabled).toBe(true);
    expect(why(go)).toMatch(/does not offer this split/);
    await fireEvent.click(go);
    expect(send).not.toHaveBeenCalled();
  });
});

describe('the decisions panel leaves ending the phase to the dock', () => {
  it('has no end-of-phase button of its own', () => {
    panel(copy(movement).view);
    expect(screen.queryByTestId(tid.action('end_phase'))).toBeNull();
  });
});

/** Plays a control of e2e/policy.mjs as e2e/play.mjs would: taps and picks. */
async function drive(control: { steps?: object[] } & Record<string, unknown>) {
  const steps = (control.steps ?? (control.move ? [{ select: tid.moveTo(control.move as string), value: control.value }, { testid: tid.move(control.move as string) }] : [control])) as {
    testid?: string;
    nth?: number;
    select?: string;
    value?: string;
    inside?: string;
  }[];
  for (const s of steps) {
    if (s.select) await fireEvent.change(screen.getByTestId(s.select), { target: { value: s.value } });
    else if (s.inside) await fireEvent.click(screen.getAllByTestId(s.testid!).flatMap((el) => [...el.querySelectorAll<HTMLElement>(s.inside!)])[s.nth ?? 0]);
    else await fireEvent.click(screen.getAllByTestId(s.testid!)[s.nth ?? 0]);
  }
}

describe('the e2e policy’s controls (e2e/policy.mjs) send the policy’s action', () => {
  const cases: [string, () => PlayerView][] = [
    ['the collier', () => copy(newGame).view],
    ['a move', () => copy(movement).view],
    ['contact', () => offering('naval_combat', CONTACTS)],
  ];
  for (const [what, make] of cases) {
    it(what, async () => {
      const view = make();
      const decision = decide(view);
      const send = panel(view);
      await drive(decision.control);
      expect(send).toHaveBeenCalledWith(decision.action);
    });
  }

  it('fire orders, plain and maximum', async () => {
    for (const maximumFirst of [false, true]) {
      const r = copy(battle);
      const b = r.view.game!.combat.find((x) => x.stage !== 'over')!;
      if (maximumFirst) b.options = [...b.options.filter((o) => o.maximum_fire), ...b.options.filter((o) => !o.maximum_fire)];
      const decision = decide(r.view);
      const send = vi.fn<(a: Action) => void>();
      render(Battle, { view: r.view, send, busy: false });
      await drive(decision.control);
      expect(send).toHaveBeenCalledWith(decision.action);
      cleanup();
    }
  });
});
