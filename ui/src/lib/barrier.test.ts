import { describe, expect, it } from 'vitest';
import type { Action } from '../generated/Action';
import { copy, NO_GAME } from '../test/views';
import battle from '../test/fixtures/battle.json';
import movement from '../test/fixtures/movement.json';
import { actionsOf, barrierFor, canonical, decisionOf, isBarrier, labelOf, sameAction, sharedBarrier } from './barrier';

describe('the barrier marks (issue #14), from the one list of decisions (issue #33)', () => {
  it('gives each legal action the words the core put in its decision', () => {
    const { view } = copy(movement);
    expect(view.protocol).toBe(3);
    expect(view.decisions.some((d) => d.barrier)).toBe(true);
    expect(view.decisions.every((d) => d.barrier)).toBe(false);
    view.decisions.forEach((d) => {
      expect(isBarrier(view, d.action), JSON.stringify(d.action)).toBe(!!d.barrier);
      expect(barrierFor(view, d.action)).toBe(d.barrier ?? null);
      expect(labelOf(view, d.action)).toBe(d.label);
    });
  });

  it('looks actions up in an index built once per list of decisions, and follows a new list (issue #31)', () => {
    const { view } = copy(movement);
    let reads = 0;
    const counted = view.decisions.map((d) => new Proxy(d, { get: (t, k) => (k === 'action' && reads++, Reflect.get(t, k)) }));
    const watched = { decisions: counted };
    view.decisions.forEach((d, i) => expect(decisionOf(watched, d.action)).toBe(counted[i]));
    expect(reads).toBe(view.decisions.length);
    const other = { decisions: view.decisions.slice(1) };
    expect(decisionOf(other, view.decisions[0].action)).toBeUndefined();
    expect(labelOf(other, view.decisions[1].action)).toBe(view.decisions[1].label);
  });

  it('follows the core, not the kind of action: the same list with other marks', () => {
    const { view } = copy(movement);
    view.decisions = view.decisions.map((d) => ({ ...d, barrier: d.barrier ? undefined : 'rolls something · can\'t be taken back' }));
    view.decisions.forEach((d) => expect(isBarrier(view, d.action)).toBe(!!d.barrier));
  });

  it('finds an action by deep equality: fields in another order, undefined fields, a fresh object', () => {
    const { view } = copy(battle);
    const legal = view.decisions[0].action as Extract<Action, { action: 'fire_orders' }>;
    expect(legal.action).toBe('fire_orders');
    // What the battle card builds from a fire option: its own object, its own field order.
    const built: Action = { maximum_fire: legal.maximum_fire, target: legal.target, ship: legal.ship, action: 'fire_orders' };
    expect(built).not.toBe(legal);
    expect(decisionOf(view, built)).toBe(view.decisions[0]);
    expect(canonical({ b: 1, a: [1, { d: undefined, e: null, c: 2 }, null] })).toBe('{"a":[1,{"c":2},null],"b":1}');
    // Holding fire: the core's `target: null` and a button's absent target are the same order.
    const hold = view.decisions.find((d) => d.action.action === 'fire_orders' && d.action.target == null);
    expect(hold).toBeTruthy();
    expect(decisionOf(view, { action: 'fire_orders', ship: 'goeben', maximum_fire: false })).toBe(hold);
    expect(sameAction({ action: 'move', ship: 'goeben', to: { kind: 'place', id: 'pola' }, speed: 'cruise' }, { action: 'move', speed: 'cruise', to: { id: 'pola', kind: 'place' }, ship: 'goeben' })).toBe(true);
    expect(sameAction({ action: 'move', ship: 'goeben', to: { kind: 'place', id: 'pola' }, speed: 'cruise' }, { action: 'move', ship: 'goeben', to: { kind: 'place', id: 'pola' }, speed: 'emergency' })).toBe(false);
  });

  it('marks nothing that is not legal now, nor anything of a view without decisions', () => {
    const { view } = copy(battle);
    expect(isBarrier(view, { action: 'fire_orders', ship: 'nobody', target: 'x', maximum_fire: false })).toBe(false);
    expect(isBarrier(NO_GAME, { action: 'end_phase' })).toBe(false);
    expect(isBarrier(null, view.decisions[0].action)).toBe(false);
    const old = { ...view, decisions: undefined as unknown as typeof view.decisions };
    expect(isBarrier(old, view.decisions[0].action)).toBe(false);
    expect(actionsOf(old)).toEqual([]);
  });

  it('says what each decision rolls or reveals in the core\'s words, not one line for all (issue #29 item 5)', () => {
    const { view } = copy(movement);
    const emergency = view.decisions.find((d) => d.action.action === 'move' && d.action.speed === 'emergency');
    expect(emergency?.barrier).toBe("rolls the engine check: 1–2 damages the engines (12.3) · can't be taken back");
    const cruise = view.decisions.find((d) => d.action.action === 'move' && d.action.speed === 'cruise');
    expect(cruise?.barrier).toBeUndefined();
  });

  it("gives one line to the buttons of one choice only when every one is marked with the same words (Launch 1, Launch 2)", () => {
    const launch = (count: number): Action => ({ action: 'torpedoes', ship: 'goeben', target: 'x', count }) as Action;
    const mark = (barrier: string | null) => ({ action: launch(0), label: '', barrier }) as never;
    const marked = (...barriers: (string | null)[]) => ({ decisions: barriers.map((b, i) => ({ ...(mark(b) as object), action: launch(i + 1) })) as never });
    const words = "may roll this round's torpedoes (14.6) · can't be taken back";
    expect(sharedBarrier(marked(words, words), [launch(1), launch(2)])).toBe(words);
    expect(sharedBarrier(marked(words, 'other words'), [launch(1), launch(2)])).toBeNull();
    expect(sharedBarrier(marked(words, null), [launch(1), launch(2)])).toBeNull();
    expect(sharedBarrier(marked(null, null), [launch(1), launch(2)])).toBeNull();
    // An action not legal now has no note: it shares none.
    expect(sharedBarrier(marked(words), [launch(1), launch(2)])).toBeNull();
    expect(sharedBarrier(marked(words, words), [])).toBeNull();
  });
});
