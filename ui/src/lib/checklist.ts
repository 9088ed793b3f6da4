// "On the table" (issue #19): every instruction to place, flip, move or remove something on the map or a
// ship display, collected from the referee's answers and kept until the player ticks it off — the red lines
// no longer vanish on the next tap, before the counters are placed. The words are the core's (its event
// lines); the list is kept on the device per game (its commitment), so a restart keeps what is left to do.
// It holds only what the player was already shown.
import type { Event } from '../generated/Event';
import type { EventLine } from '../generated/EventLine';

export type TableItem = {
  /** Unique within a list: the log length the answer left, the event's place in it, a serial number. */
  id: string;
  text: string;
  rule: string;
  /** The game's log length after the answer that asked for it: an undo below it takes the item back. */
  at: number;
};

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
export function collect(items: TableItem[], events: Event[], lines: EventLine[], logLen: number): TableItem[] {
  const kept = items.filter((item) => item.at <= logLen);
  // Two answers may leave the same log length (a refused one logs nothing): a serial number keeps ids apart.
  const serial = 1 + kept.reduce((most, item) => Math.max(most, Number(item.id.split('-')[2]) || 0), 0);
  const fresh: TableItem[] = [];
  events.forEach((e, i) => {
    if (!FOR_THE_TABLE.has(e.event)) return;
    // An instruction's own text (its line repeats "On the table:", the card's title); any other event's line.
    const text = e.event === 'table_instruction' ? e.text : lines[i]?.text;
    if (text) fresh.push({ id: `${logLen}-${i}-${serial}`, text, rule: lines[i]?.rule ?? '', at: logLen });
  });
  return [...kept, ...fresh];
}

export const tickOff = (items: TableItem[], id: string): TableItem[] => items.filter((item) => item.id !== id);

const KEY = 'goeben.onTheTable.';

/** The list kept on the device for a game (empty when none, or when what is kept is not a list). */
export function loadTable(game: string): TableItem[] {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(KEY + game) ?? '[]');
    return Array.isArray(kept) ? kept.filter((i): i is TableItem => typeof i?.id === 'string' && typeof i?.text === 'string' && typeof i?.at === 'number') : [];
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
