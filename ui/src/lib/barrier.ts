// Points of no return: the core words each decision that may roll a die or reveal something
// (`decision.barrier`, in the view's one list of decisions). Buttons build or pick their action
// in different ways (Battle from its fire options, MoveShip from the chosen space and speed), so the
// decision is found by the action's content, never by its position in a list.
import type { Action } from '../generated/Action';
import type { Decision } from '../generated/Decision';
import type { PlayerView } from '../generated/PlayerView';

/** JSON with object keys sorted and empty fields (`undefined` or `null`) left out: two equal actions give
 * the same text whatever order their fields were written in (a fire order built from an option vs the
 * core's), and an absent optional field equals the core's `null` (serde's `None`). */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonical(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined && v !== null)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const sameAction = (a: Action, b: Action): boolean => canonical(a) === canonical(b);

type Decisions = Pick<PlayerView, 'decisions'>;

/** The actions of the view's decisions, in order. */
export const actionsOf = (view: Decisions | null | undefined): Action[] => view?.decisions?.map((d) => d.action) ?? [];

/** Each list of decisions' actions as canonical text → the first place it holds, built once per list. Every
 * marked button looked its action up by writing every decision's action out again, through the `$state`
 * proxy (~1.6 ms an answer). Kept per list object, which holds only because a list is never
 * changed in place: the app's fold replaces `decisions` whole when it differs (App.svelte, `WHOLE`). */
const indexes = new WeakMap<readonly Decision[], Map<string, number>>();
function indexOf(decisions: readonly Decision[]): Map<string, number> {
  let index = indexes.get(decisions);
  if (!index) {
    index = new Map();
    for (const [i, d] of decisions.entries()) {
      const key = canonical(d.action);
      if (!index.has(key)) index.set(key, i);
    }
    indexes.set(decisions, index);
  }
  return index;
}

/** Where `action` sits among the view's decisions (-1 when it is not legal now). */
export function legalIndex(view: Decisions | null | undefined, action: Action): number {
  if (!view?.decisions) return -1;
  return indexOf(view.decisions).get(canonical(action)) ?? -1;
}

/** The view's decision for `action`, if it is legal now. */
export function decisionOf(view: Decisions | null | undefined, action: Action): Decision | undefined {
  const i = legalIndex(view, action);
  return i >= 0 ? view?.decisions[i] : undefined;
}

/** The core's label for a legal action. */
export const labelOf = (view: Decisions | null | undefined, action: Action): string => decisionOf(view, action)?.label ?? '';

/** Whose call a legal action is under the game's 25.0 roles, as the core says it ('' when solo). */
export const deciderOf = (view: Decisions | null | undefined, action: Action): string => decisionOf(view, action)?.decider ?? '';

/** Whether `action` may roll or reveal: the core marked the equal legal action. False for an action that
 * is not legal now. */
export const isBarrier = (view: Decisions | null | undefined, action: Action): boolean => !!decisionOf(view, action)?.barrier;

/** The line under a marked button, in the core's words — what it may roll or reveal, and that Undo will
 * not take it back (or, under the house rule, that a take-back is counted) — or null for a plain choice. */
export const barrierFor = (view: Decisions | null | undefined, action: Action): string | null => decisionOf(view, action)?.barrier ?? null;

/** The one line the buttons of one choice share (Launch 1, Launch 2 …): their note when every one of them is
 * marked with the same words, else null (each then carries its own, or none). */
export function sharedBarrier(view: Decisions | null | undefined, actions: readonly Action[]): string | null {
  const notes = actions.map((a) => barrierFor(view, a));
  return notes.length > 0 && notes[0] !== null && notes.every((n) => n === notes[0]) ? notes[0] : null;
}
