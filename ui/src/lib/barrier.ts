// Points of no return (issue #14): the core marks each legal action that may roll a die or reveal
// something (`view.legal_barriers`, one per `view.legal_actions` entry). Buttons build or pick their
// action in different ways (Battle from its fire options, MoveShip from the chosen space and speed), so
// the mark is found by the action's content, never by its position in a list.
import type { Action } from '../generated/Action';
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

type Marks = Pick<PlayerView, 'legal_actions' | 'legal_barriers'>;

/** Where `action` sits among the view's legal actions (-1 when it is not legal now). */
export function legalIndex(view: Pick<PlayerView, 'legal_actions'> | null | undefined, action: Action): number {
  if (!view) return -1;
  const wanted = canonical(action);
  return view.legal_actions.findIndex((a) => canonical(a) === wanted);
}

/** The core's label for a legal action (issue #15: the core writes every word). */
export function labelOf(view: Pick<PlayerView, 'legal_actions' | 'legal_labels'> | null | undefined, action: Action): string {
  const i = legalIndex(view, action);
  return i >= 0 ? (view?.legal_labels[i] ?? '') : '';
}

/** Whose call a legal action is under the game's 25.0 roles, as the core says it ('' when solo). */
export function deciderOf(view: Pick<PlayerView, 'legal_actions' | 'legal_deciders'> | null | undefined, action: Action): string {
  const i = legalIndex(view, action);
  return i >= 0 ? (view?.legal_deciders[i] ?? '') : '';
}

/** Whether `action` may roll or reveal: the mark the core gave the equal legal action. False for an
 * action that is not legal now, and for a view from a core without marks. */
export function isBarrier(view: Marks | null | undefined, action: Action): boolean {
  if (!view) return false;
  const i = legalIndex(view, action);
  return i >= 0 && view.legal_barriers?.[i] === true;
}

/** The line under a marked button. With the house rule "take-backs after reveals" an undo is still
 * possible, but counted, so the line says that instead of "can't". */
export function barrierNote(action: Action, houseRule = false): string {
  const what = action.action === 'resolve_incidents' || action.action === 'cup_draw' ? 'draws from the pool' : 'rolls or reveals';
  return houseRule ? `${what} · a take-back is counted (house rule)` : `${what} · can't be taken back`;
}

/** The note for a button, or null when the action is no point of no return. */
export function barrierFor(view: (Marks & { game?: PlayerView['game'] }) | null | undefined, action: Action): string | null {
  return isBarrier(view, action) ? barrierNote(action, view?.game?.options.take_backs === true) : null;
}
