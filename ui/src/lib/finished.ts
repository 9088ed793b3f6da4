// The finished-games commands of crates/app-core/src/commands.rs (forwarded by the shell): the list of games over for good
// on this device, with its tally by Orders, one game's record by id, and the career figures over them. The shell answers refusals
// (a bad id, a damaged file) as `ok: false` answers; an IPC failure is turned into one here too, so the
// panel has a single path for every error and never needs a try/catch.
import { call } from './ipc';
import type { CareerAnswer } from '../generated/CareerAnswer';
import type { FinishedAnswer } from '../generated/FinishedAnswer';

async function ask(cmd: 'list_finished' | 'finished_record', args?: Record<string, unknown>): Promise<FinishedAnswer> {
  try {
    return await call(cmd, args);
  } catch (e) {
    return { ok: false, error: { code: 'ipc', message: `The app could not reach the referee: ${String(e)}` } };
  }
}

/** Every finished game, newest first, with missions played and won by Orders. */
export const listFinished = () => ask('list_finished');

/** The record of finished game `id` (16 hex characters), as `referee verify` reads it. */
export const finishedRecord = (id: string) => ask('finished_record', { id });

/** The career figures over every finished game, every word the core's (`api::career`). */
export async function career(): Promise<CareerAnswer> {
  try {
    return await call('career');
  } catch (e) {
    return { ok: false, error: { code: 'ipc', message: `The app could not reach the referee: ${String(e)}` } };
  }
}

/** When a game ended, short, in the player's locale and time zone. */
export function finishedWhen(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });
}
