import { describe, expect, it } from 'vitest';
import type { Action } from '../generated/Action';
import { copy, NO_GAME } from '../test/views';
import battle from '../test/fixtures/battle.json';
import movement from '../test/fixtures/movement.json';
import { barrierFor, barrierNote, canonical, isBarrier, sameAction } from './barrier';

describe('the barrier marks (issue #14)', () => {
  it('gives each legal action the mark the core put beside it', () => {
    const { view } = copy(movement);
    expect(view.legal_barriers.length).toBe(view.legal_actions.length);
    expect(view.legal_barriers.some(Boolean)).toBe(true);
    expect(view.legal_barriers.every(Boolean)).toBe(false);
    view.legal_actions.forEach((a, i) => expect(isBarrier(view, a), JSON.stringify(a)).toBe(view.legal_barriers[i]));
  });

  it('follows the marks, not the kind of action: the same list with other marks', () => {
    const { view } = copy(movement);
    view.legal_barriers = view.legal_barriers.map((b) => !b);
    view.legal_actions.forEach((a, i) => expect(isBarrier(view, a)).toBe(view.legal_barriers[i]));
  });

  it('finds an action by deep equality: fields in another order, undefined fields, a fresh object', () => {
    const { view } = copy(battle);
    const legal = view.legal_actions[0] as Extract<Action, { action: 'fire_orders' }>;
    expect(legal.action).toBe('fire_orders');
    // What the battle card builds from a fire option: its own object, its own field order.
    const built: Action = { maximum_fire: legal.maximum_fire, target: legal.target, ship: legal.ship, action: 'fire_orders' };
    expect(built).not.toBe(legal);
    expect(isBarrier(view, built)).toBe(true);
    expect(canonical({ b: 1, a: [1, { d: undefined, e: null, c: 2 }, null] })).toBe('{"a":[1,{"c":2},null],"b":1}');
    // Holding fire: the core's `target: null` and a button's absent target are the same order.
    const hold = view.legal_actions.findIndex((a) => a.action === 'fire_orders' && a.target == null);
    expect(isBarrier(view, { action: 'fire_orders', ship: 'goeben', maximum_fire: false })).toBe(view.legal_barriers[hold]);
    expect(sameAction({ action: 'move', ship: 'goeben', to: { kind: 'place', id: 'pola' }, speed: 'cruise' }, { action: 'move', speed: 'cruise', to: { id: 'pola', kind: 'place' }, ship: 'goeben' })).toBe(true);
    expect(sameAction({ action: 'move', ship: 'goeben', to: { kind: 'place', id: 'pola' }, speed: 'cruise' }, { action: 'move', ship: 'goeben', to: { kind: 'place', id: 'pola' }, speed: 'emergency' })).toBe(false);
  });

  it('marks nothing that is not legal now, nor anything from a core without marks', () => {
    const { view } = copy(battle);
    expect(isBarrier(view, { action: 'fire_orders', ship: 'nobody', target: 'x', maximum_fire: false })).toBe(false);
    expect(isBarrier(NO_GAME, { action: 'end_phase' })).toBe(false);
    expect(isBarrier(null, view.legal_actions[0])).toBe(false);
    const old = { ...view, legal_barriers: undefined as unknown as boolean[] };
    expect(isBarrier(old, view.legal_actions[0])).toBe(false);
  });

  it('words the note: a draw from the pool, or a roll or reveal; counted under the house rule', () => {
    const draw: Action = { action: 'resolve_incidents', space: { kind: 'place', id: 'malta_pz' } };
    expect(barrierNote(draw)).toBe("draws from the pool · can't be taken back");
    expect(barrierNote({ action: 'cup_draw', count: 2 })).toBe("draws from the pool · can't be taken back");
    expect(barrierNote({ action: 'end_phase' })).toBe("rolls or reveals · can't be taken back");
    expect(barrierNote({ action: 'end_phase' }, true)).toBe('rolls or reveals · a take-back is counted (house rule)');
    const { view } = copy(battle);
    expect(barrierFor(view, view.legal_actions[0])).toBe("rolls or reveals · can't be taken back");
    view.game!.options.take_backs = true;
    expect(barrierFor(view, view.legal_actions[0])).toContain('house rule');
    view.legal_barriers[0] = false;
    expect(barrierFor(view, view.legal_actions[0])).toBeNull();
  });
});
