// "On the table": the things a tap asks of the cardboard — a counter turned over, moved or removed, a
// marker or a ship's track set — kept until the player ticks them off. The core decides what is a task
// (`view.result.table`: one per piece, each naming it, no notes or no-ops: issue #50); the list is kept on
// the device per game (its commitment), so a restart keeps what is left to do. It holds only what the
// player was already shown. A tick marks an item done in place (struck through, so nothing moves under the
// thumb), and the list is cleared with its phase: what the next phase asks replaces it (the log keeps
// everything). The count is what is still to do.
import type { TableTask } from '../generated/TableTask';

export type TableItem = {
  /** Unique within a list: the log length the answer left, the task's place in it, a serial number. */
  id: string;
  text: string;
  rule: string;
  /** The game's log length after the answer that asked for it: an undo below it takes the item back. */
  at: number;
  /** The turn and the phase's name when it was asked for (0 and '' for items kept before items had them). */
  turn: number;
  phase: string;
  /** Ticked off by the player. */
  done: boolean;
};

/** Where the game stands when an answer comes: the items it asks for belong there. */
export type Now = { turn: number; phase: string };

/** Ticked items kept to be looked at again (older ones are forgotten: the list is stored on the device). */
const KEEP_DONE = 60;

const here = (item: TableItem, now: Now) => item.turn === now.turn && item.phase === now.phase;

/** The list after an answer: items of another phase, and of decisions undone (their log entries gone),
 * dropped; the answer's tasks added at the end. `logLen` is the game's log length after the answer. */
export function collect(items: TableItem[], tasks: TableTask[], logLen: number, now: Now): TableItem[] {
  const kept = items.filter((item) => item.at <= logLen && here(item, now));
  // Two answers may leave the same log length (a refused one logs nothing): a serial number keeps ids apart.
  const serial = 1 + kept.reduce((most, item) => Math.max(most, Number(item.id.split('-')[2]) || 0), 0);
  const fresh: TableItem[] = tasks.map((t, i) => ({ id: `${logLen}-${i}-${serial}`, text: t.text, rule: t.rule, at: logLen, turn: now.turn, phase: now.phase, done: false }));
  // Nothing new and nothing dropped: the same list, so the card and the device's copy are left alone.
  if (fresh.length === 0 && kept.length === items.length) return items;
  return forgetOldTicks([...kept, ...fresh]);
}

/** Drops the oldest ticked items beyond KEEP_DONE; what is still to do is never dropped. */
function forgetOldTicks(items: TableItem[]): TableItem[] {
  let extra = items.filter((i) => i.done).length - KEEP_DONE;
  return extra <= 0 ? items : items.filter((i) => !(i.done && extra-- > 0));
}

/** Ticks an item off (or, ticked, back on): it stays where it is. */
export const tickOff = (items: TableItem[], id: string): TableItem[] => items.map((item) => (item.id === id ? { ...item, done: !item.done } : item));

/** Ticks every item still to do. */
export const tickEvery = (items: TableItem[]): TableItem[] => items.map((item) => (item.done ? item : { ...item, done: true }));

/** The card's parts: the phase's own items in order (ticked ones in place) and the count still to do. */
export function arrange(items: TableItem[], now: Now) {
  const current = items.filter((i) => here(i, now));
  return { current, toDo: current.filter((i) => !i.done).length };
}

const KEY = 'goeben.onTheTable.';

/** The list kept on the device for a game (empty when none, or when what is kept is not a list). */
export function loadTable(game: string): TableItem[] {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(KEY + game) ?? '[]');
    if (!Array.isArray(kept)) return [];
    return kept
      .filter((i) => typeof i?.id === 'string' && typeof i?.text === 'string' && typeof i?.at === 'number')
      .map((i) => ({
        id: i.id,
        text: i.text,
        rule: typeof i.rule === 'string' ? i.rule : '',
        at: i.at,
        // Lists kept before items had them have no turn, phase or tick: they read as earlier and still to do.
        turn: typeof i.turn === 'number' ? i.turn : 0,
        phase: typeof i.phase === 'string' ? i.phase : '',
        done: i.done === true,
      }));
  } catch {
    return [];
  }
}

/** Keeps the list for a game; an empty list removes the key. Storage failures leave the list in memory. */
export function saveTable(game: string, items: TableItem[]): void {
  try {
    if (items.length === 0) localStorage.removeItem(KEY + game);
    else localStorage.setItem(KEY + game, JSON.stringify(items));
  } catch {
    // A full or disabled storage: the list still works for this session.
  }
}
