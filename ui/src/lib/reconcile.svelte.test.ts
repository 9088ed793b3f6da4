import { describe, expect, it } from 'vitest';
import { flushSync } from 'svelte';
import { keepWhole, reconcile, same } from './reconcile';

describe('reconcile: the next view folded into the one on screen', () => {
  it('makes the target equal to the next value, keeping every part that did not change', () => {
    const fleet = [{ id: 'goeben', coal: 5 }, { id: 'breslau', coal: 4 }];
    const battle = { round: 1, allied: [{ id: 'defence', damage: 0 }] };
    const target: Record<string, unknown> = { turn: 2, fleet, battle, gone: true };
    const next = { turn: 2, fleet: [{ id: 'goeben', coal: 5 }, { id: 'breslau', coal: 3 }], battle: { round: 1, allied: [{ id: 'defence', damage: 0 }] }, added: 'x' };
    const kept = reconcile(target, next as Record<string, unknown>);
    expect(kept).toBe(target);
    expect(JSON.parse(JSON.stringify(kept))).toEqual(next);
    expect(target.battle).toBe(battle);
    expect(target.fleet).toBe(fleet);
    expect(fleet[0]).toEqual({ id: 'goeben', coal: 5 });
    expect('gone' in target).toBe(false);
  });

  it('grows and shrinks lists, and replaces a value whose shape changed', () => {
    const target: Record<string, unknown> = { log: [1, 2, 3], battle: { round: 2 }, pending: null, decisions: [{ a: 1 }] };
    reconcile(target, { log: [1, 2], battle: null, pending: { roll: 3 }, decisions: [{ a: 1 }, { b: 2 }] } as Record<string, unknown>);
    expect(target).toEqual({ log: [1, 2], battle: null, pending: { roll: 3 }, decisions: [{ a: 1 }, { b: 2 }] });
    reconcile(target, { log: [], battle: [1], pending: 'now', decisions: [] } as Record<string, unknown>);
    expect(target).toEqual({ log: [], battle: [1], pending: 'now', decisions: [] });
  });

  it('in a $state view, wakes only the readers of what changed', () => {
    const view = $state({ turn: 1, alert: 2, fleet: [{ id: 'goeben', coal: 5 }], log: ['a'] });
    const runs = { turn: 0, coal: 0, log: 0 };
    const stop = $effect.root(() => {
      $effect(() => {
        void view.turn;
        runs.turn++;
      });
      $effect(() => {
        void view.fleet[0].coal;
        runs.coal++;
      });
      $effect(() => {
        void view.log.length;
        runs.log++;
      });
    });
    flushSync();
    expect(runs).toEqual({ turn: 1, coal: 1, log: 1 });
    reconcile(view, { turn: 1, alert: 3, fleet: [{ id: 'goeben', coal: 4 }], log: ['a'] });
    flushSync();
    expect(runs).toEqual({ turn: 1, coal: 2, log: 1 });
    stop();
  });

  it('replaces the parts named whole when they differ, never in place, and keeps them when equal (issue #31)', () => {
    const decisions = [{ action: { action: 'end_phase' } }];
    const target: Record<string, unknown> = { turn: 1, decisions };
    const before = { turn: 1, decisions: [{ action: { action: 'end_phase' } }] };
    reconcile(target, { turn: 2, decisions: [{ action: { action: 'end_phase' } }] } as Record<string, unknown>, before, ['decisions']);
    expect(target.decisions).toBe(decisions);
    const next = { turn: 2, decisions: [{ action: { action: 'undo' } }] };
    reconcile(target, next as Record<string, unknown>, { turn: 2, decisions: [{ action: { action: 'end_phase' } }] }, ['decisions']);
    expect(target.decisions).toBe(next.decisions);
    expect(decisions).toEqual([{ action: { action: 'end_phase' } }]);
    // Without the last view: compared with the target itself.
    reconcile(target, { turn: 2, decisions: [{ action: { action: 'undo' } }] } as Record<string, unknown>, undefined, ['decisions']);
    expect(target.decisions).toBe(next.decisions);
  });

  it('skips what equals the last view as parsed, without reading the state there, and writes the rest (issue #31)', () => {
    const before = { turn: 1, fleet: [{ id: 'goeben', coal: 5 }, { id: 'breslau', coal: 4 }], log: ['a'], gone: 1 };
    const view = $state(structuredClone(before) as Record<string, unknown>);
    const reads = new Set<string>();
    // A target whose untouched parts would throw if read: only the changed path may be visited.
    const watched = new Proxy(view, { get: (t, k) => (reads.add(String(k)), Reflect.get(t, k)) });
    const next = { turn: 1, fleet: [{ id: 'goeben', coal: 5 }, { id: 'breslau', coal: 3 }], log: ['a', 'b'] };
    reconcile(watched, next as Record<string, unknown>, before as Record<string, unknown>);
    expect(JSON.parse(JSON.stringify(view))).toEqual(next);
    expect([...reads].sort()).toEqual(['fleet', 'log']);
    expect(same(next, { ...next })).toBe(true);
    expect(same({ a: [1, { b: null }] }, { a: [1, { b: 0 }] })).toBe(false);
    expect(same({ a: 1 }, { a: 1, b: undefined })).toBe(false);
  });

  it('keeps the parts named whole raw in a $state view, and a new one still wakes their readers (issue #31)', () => {
    const first = keepWhole({ turn: 1, decisions: [{ action: { action: 'end_phase' } }] }, ['decisions']);
    const view = $state(first);
    // Raw: the very list and items given, not a proxy built over them (a proxy is another object).
    expect(view.decisions).toBe(first.decisions);
    expect(view.decisions[0]).toBe(first.decisions[0]);
    expect(Array.isArray(view.decisions)).toBe(true);
    // Control: a list not named whole is kept behind the proxy.
    const given = { turn: 1, decisions: [{ action: { action: 'end_phase' } }] };
    const plain = $state(given);
    expect(plain.decisions).not.toBe(given.decisions);
    expect(plain.decisions).toEqual(given.decisions);
    let runs = 0;
    const stop = $effect.root(() => {
      $effect(() => {
        void view.decisions.length;
        runs++;
      });
    });
    flushSync();
    const next = keepWhole({ turn: 1, decisions: [{ action: { action: 'undo' } }, { action: { action: 'end_phase' } }] }, ['decisions']);
    reconcile(view, next, first, ['decisions']);
    flushSync();
    expect(runs).toBe(2);
    expect(view.decisions).toBe(next.decisions);
    expect(JSON.parse(JSON.stringify(view))).toEqual({ turn: 1, decisions: [{ action: { action: 'undo' } }, { action: { action: 'end_phase' } }] });
    // Made whole once: a list already whole is kept as it is.
    expect(keepWhole(next, ['decisions']).decisions).toBe(next.decisions);
    stop();
  });

  it('keeps a path under a key whole too: replaced when it differs, its siblings changed in place (issue #31)', () => {
    const first = keepWhole({ game: { turn: 1, places: [{ id: 'malta' }] } }, ['game.places']);
    const view = $state(first);
    const game = view.game;
    expect(view.game.places).toBe(first.game.places);
    const same = keepWhole({ game: { turn: 2, places: [{ id: 'malta' }] } }, ['game.places']);
    reconcile(view, same, first, ['game.places']);
    expect(view.game).toBe(game);
    expect(view.game.turn).toBe(2);
    expect(view.game.places).toBe(first.game.places);
    const other = keepWhole({ game: { turn: 2, places: [{ id: 'otranto' }] } }, ['game.places']);
    reconcile(view, other, same, ['game.places']);
    expect(view.game.places).toBe(other.game.places);
    // A view without the path is left as it is.
    expect(keepWhole({ game: null }, ['game.places'])).toEqual({ game: null });
  });
});
