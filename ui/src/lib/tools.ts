// The table tools' only door to the shell (issue #8): the `tools_respond` command answers one ToolAction
// (tagged by `tool`) with one ToolResponse. Refusals come back as data (`{ tool: 'error', code, message }`);
// a rejected promise is an IPC failure. The protocol types are generated from the core (ts-rs): never
// copied here by hand.
import { invoke } from '@tauri-apps/api/core';
import type { ChartView } from '../generated/tools/ChartView';
import type { ChitView } from '../generated/tools/ChitView';
import type { LogLine } from '../generated/tools/LogLine';
import type { Player } from '../generated/tools/Player';
import type { SearchStatus } from '../generated/tools/SearchStatus';
import type { ToolAction } from '../generated/tools/ToolAction';
import type { ToolResponse } from '../generated/tools/ToolResponse';
import type { ToolView } from '../generated/tools/ToolView';

export async function toolRespond(request: ToolAction): Promise<ToolResponse> {
  return invoke<ToolResponse>('tools_respond', { request });
}

/** The answer of one kind, e.g. `ToolAnswer<'sdr_drawn'>`. */
export type ToolAnswer<K extends ToolResponse['tool']> = Extract<ToolResponse, { tool: K }>;

/** An answer of the kind expected, or why there is none (the core's refusal, or the IPC failure). */
export type Outcome<K extends ToolResponse['tool']> =
  | { ok: true; answer: ToolAnswer<K> }
  | { ok: false; code: string; message: string };

/**
 * Sends `request` and narrows the answer to `expected` (one kind, or any of several); a refusal or a
 * failure becomes a message.
 */
export async function ask<K extends ToolResponse['tool']>(request: ToolAction, expected: K | readonly K[]): Promise<Outcome<K>> {
  let r: ToolResponse;
  try {
    r = await toolRespond(request);
  } catch (e) {
    return { ok: false, code: 'ipc', message: `The app could not reach the table tools: ${String(e)}` };
  }
  const kinds: readonly string[] = typeof expected === 'string' ? [expected] : expected;
  if (kinds.includes(r.tool)) return { ok: true, answer: r as ToolAnswer<K> };
  if (r.tool === 'error') return { ok: false, code: r.code, message: r.message };
  return { ok: false, code: 'unexpected', message: `The table tools answered “${r.tool}” instead of “${kinds.join('” or “')}”.` };
}

/** Longest label a draw may carry (LABEL_MAX_CHARS of src/tools/mod.rs). */
export const LABEL_MAX = 80;

export const PLAYERS: Player[] = ['a', 'b'];

/** "Player A" / "Player B". */
export const playerName = (p: Player): string => `Player ${p.toUpperCase()}`;

/**
 * A chit as both players may see it: a face-down chit shows its commitment only, whoever holds the
 * device. Used on every chit that reaches the shared screen, so an owner's own value (in a draw's answer
 * or in their `view`) is dropped before it is kept anywhere.
 */
export function publicChit(chit: ChitView): ChitView {
  if (chit.face.shown !== 'own') return chit;
  return { ...chit, face: { shown: 'hidden' } };
}

/** What the shared screen shows of the session: the bag, each chit as a public chit, the public log. */
export type PublicTable = Pick<ToolView, 'bag_left' | 'log'> & { chits: ChitView[] };

/**
 * The table both players may see. The protocol has no view without a player, so this asks Player A's
 * view and turns A's own face-down chits back into commitments before anything keeps it.
 */
export async function publicTable(): Promise<{ ok: true; table: PublicTable } | { ok: false; code: string; message: string }> {
  const r = await ask({ tool: 'view', player: 'a' }, 'view');
  if (!r.ok) return r;
  // Named fields only: whatever else a player's view carries (their own secrets) is never kept.
  const { bag_left, log, chits } = r.answer;
  return { ok: true, table: { bag_left, log, chits: chits.map(publicChit) } };
}

/** The viewer's own face-down chits, with their values: the secrets a hold-to-peek shows. */
export function ownChits(view: ToolView): ChitView[] {
  return view.chits.filter((c) => c.face.shown === 'own');
}

/** Each player's Fleet Chart as both players may see it (box numbers, revealed boxes); null until taken. */
export type PublicFleets = Record<Player, ChartView | null>;

/**
 * The Fleet Charts both players may see: each player's view carries the other's chart as an opponent
 * sees it, which is all this keeps (each view's own chart is dropped at once).
 */
export async function publicFleets(): Promise<{ ok: true; fleets: PublicFleets } | { ok: false; code: string; message: string }> {
  const a = await ask({ tool: 'view', player: 'a' }, 'view');
  if (!a.ok) return a;
  const b = await ask({ tool: 'view', player: 'b' }, 'view');
  if (!b.ok) return b;
  return { ok: true, fleets: { a: b.answer.opponent_fleet_chart, b: a.answer.opponent_fleet_chart } };
}

/** What both players may see of the search: the turn and a call waiting for a choice, and the log. */
export type PublicSearch = { search: SearchStatus; log: LogLine[] };

/** The search as both players may see it (Player A's view, its units dropped at once). */
export async function publicSearch(): Promise<{ ok: true; search: PublicSearch } | { ok: false; code: string; message: string }> {
  const r = await ask({ tool: 'view', player: 'a' }, 'view');
  if (!r.ok) return r;
  const { search, log } = r.answer;
  return { ok: true, search: { search, log } };
}
