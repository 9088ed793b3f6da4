// A provable game: the commitment, its reveal at the end and the game record as a file.
import type { GameRecord } from '../generated/GameRecord';

/** The seed's exact digits from the committed string (`…; seed=<decimal>; …`). A 64-bit seed does not
 * fit a JavaScript number: the `seed` fields reach the UI rounded, the committed string does not. */
export function exactSeed(committed: string | null | undefined): string | null {
  return committed?.match(/(?:^|; )seed=(\d+)(?:;|$)/)?.[1] ?? null;
}

/** A placeholder that cannot occur in a record's JSON text (it holds a NUL). */
const SEED_MARK = '\u0000seed\u0000';

/** The record as the JSON text `referee verify` reads. Every `seed` field that came rounded through
 * JavaScript (the record's and its final view's reveal) is written with the exact digits again, or the
 * replay would start from another seed and the final view would differ. */
export function recordText(record: GameRecord): string {
  const exact = exactSeed(record.committed);
  const text = JSON.stringify(
    record,
    (key, value) => (exact !== null && key === 'seed' && typeof value === 'number' && value === Number(exact) ? SEED_MARK : value),
    2,
  );
  return exact === null ? text : text.replaceAll(JSON.stringify(SEED_MARK), exact);
}

/** `goeben-record-<first 8 of the commitment>.json`. */
export function recordFileName(commitment: string | null | undefined): string {
  return commitment ? `goeben-record-${commitment.slice(0, 8)}.json` : 'goeben-record.json';
}

/** The shell line that checks the commitment by hand: its output must be the commitment. */
export function handCheck(committed: string): string {
  return `printf '%s' '${committed.replaceAll("'", "'\\''")}' | sha256sum`;
}

/** The fingerprint shown while the game runs: the commitment's first 8 characters. */
export const fingerprint = (commitment: string): string => commitment.slice(0, 8);
