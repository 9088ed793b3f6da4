// "On the table": every instruction to place, flip, move or remove something on the map or a
// ship display, collected from the referee's answers and kept until the player ticks it off — the red lines
// no longer vanish on the next tap, before the counters are placed. The words are the core's (its event
// lines); the list is kept on the device per game (its commitment), so a restart keeps what is left to do.
// It holds only what the player was already shown.
// After one turn the list held 28 items, setup's among them. Each item now knows the turn
// and phase that asked for it, and a tick marks it done instead of removing it: the card shows the phase's
// own items (ticked ones in place, struck through, so nothing moves under the thumb), and folds earlier
// and ticked items away behind one tap each. The count is what is still to do.
import type { Event } from '../generated/Event';
import type { EventLine } from '../generated/EventLine';

export type TableItem = {
  /** Unique within a list: the log length the answer left, the event's place in it, a serial number. */
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

/** Events that change something the player keeps on the table: a counter placed, flipped or removed, a
 * marker moved on a track, a ship display marked. Dice and plain reports are not on the list. */
const FOR_THE_TABLE: ReadonlySet<Event['event']> = new Set([
  'table_instruction',
  'counter_revealed',
  'counter_returned',
  'collier_lost',
  'ship_sunk',
  'track_changed',
  'alert_changed',
  'vp_changed',
  'port_captured',
  'marines_eliminated',
]);

/** The list after an answer: items of decisions undone (their log entries gone) dropped, the answer's new
 * instructions added at the end. `logLen` is the game's log length after the answer. */
export function collect(items: TableItem[], events: Event[], lines: EventLine[], logLen: number, now: Now): TableItem[] {
  const kept = items.filter((item) => item.at <= logLen);
  // Two answers may leave the same log length (a refused one logs nothing): a serial number keeps ids apart.
  const serial = 1 + kept.reduce((most, item) => Math.max(most, Number(item.id.split('-')[2]) || 0), 0);
  const fresh: TableItem[] = [];
  // A counter turned over whose placing an instruction of the same answer says is one thing to do, not two.
  const instructed = events.flatMap((e) => (e.event === 'table_instruction' ? [e.text] : []));
  events.forEach((e, i) => {
    if (!FOR_THE_TABLE.has(e.event) || nothingToDo(e, instructed)) return;
    // An instruction's own text (its line repeats "On the table:", the card's title); any other event's line.
    const text = e.event === 'table_instruction' ? e.text : lines[i]?.text;
    if (text) fresh.push({ id: `${logLen}-${i}-${serial}`, text, rule: lines[i]?.rule ?? '', at: logLen, turn: now.turn, phase: now.phase, done: false });
  });
  // Nothing new and nothing taken back: the same list, so the card and the device's copy are left alone.
  if (fresh.length === 0 && kept.length === items.length) return items;
  return forgetOldTicks([...kept, ...fresh]);
}

/** An event that asks nothing of the table (issue #50): a track or the VP "changed" to where it was, a
 * counter turned over that an instruction of the same answer already places. */
function nothingToDo(e: Event, instructed: string[]): boolean {
  if ((e.event === 'alert_changed' || e.event === 'vp_changed') && e.from === e.to) return true;
  if (e.event === 'track_changed' && e.from === e.to) return true;
  return e.event === 'counter_revealed' && instructed.some((text) => text.includes(e.counter.name));
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

/** The card's parts: the phase's own items in order (ticked ones in place), what is left of earlier phases
 * grouped by turn and phase, the ticked ones of earlier phases, and the count still to do. */
export function arrange(items: TableItem[], now: Now) {
  const here = (i: TableItem) => i.turn === now.turn && i.phase === now.phase;
  const current = items.filter(here);
  const earlier = new Map<string, TableItem[]>();
  for (const i of items.filter((i) => !here(i) && !i.done)) {
    const key = i.turn > 0 ? `Turn ${i.turn} · ${i.phase}` : 'Earlier';
    earlier.set(key, [...(earlier.get(key) ?? []), i]);
  }
  return {
    current,
    earlier: [...earlier].map(([heading, list]) => ({ heading, items: list })),
    tickedEarlier: items.filter((i) => !here(i) && i.done),
    toDo: items.filter((i) => !i.done).length,
  };
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
