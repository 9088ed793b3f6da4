// The table tools' only door to the shell: the `tools_respond` command answers one ToolAction
// (tagged by `tool`) with one ToolResponse. Refusals come back as data (`{ tool: 'error', code, message }`);
// a rejected promise is an IPC failure. The protocol types are generated from the core (ts-rs): never
// copied here by hand.
import type { ErrorCode } from '../generated/ErrorCode';
import type { Roles } from '../generated/Roles';
import type { TableAnswer } from '../generated/shell/TableAnswer';
import type { ChitView } from '../generated/tools/ChitView';
import type { Player } from '../generated/tools/Player';
import type { TableView } from '../generated/tools/TableView';
import type { ToolAction } from '../generated/tools/ToolAction';
import type { ToolRequest } from '../generated/tools/ToolRequest';
import type { ToolResponse } from '../generated/tools/ToolResponse';
import type { ToolView } from '../generated/tools/ToolView';
import { ROLES_AT_TABLE } from '../generated/names';
import { call } from './ipc';

/** How a request reaches the referee: the shell's `tools_respond` in the app, the host over HTTP on the
 * guest page (`ui/src/guest/connection.svelte.ts`). */
export type ToolTransport = (request: ToolRequest) => Promise<ToolResponse>;

let transport: ToolTransport = (request) => call('tools_respond', { request });

/** The guest page sends every request to the table's host instead of the shell. */
export function sendThrough(next: ToolTransport): void {
  transport = next;
}

/**
 * Each player's PIN once it was accepted (set, or a peek opened with it), in memory only: the core answers
 * every request acting as a player with a PIN only with it, so it rides on each such request. A peek still
 * asks for the PIN at every hold (PlayerSecrets sends the typed one); a refused PIN is dropped here.
 */
const heldPins = new Map<Player, string>();

/** Keeps `pin` for `player`'s requests (after the core accepted it). */
export function holdPin(player: Player, pin: string): void {
  heldPins.set(player, pin);
}

/** Forgets every PIN held (tests; a new session). */
export function dropPins(): void {
  heldPins.clear();
}

/** The request with its player's held PIN, where it acts as a player and carries no `pin` of its own. */
function withHeldPin(request: ToolAction): ToolRequest {
  if (!('player' in request) || request.tool === 'view' || request.tool === 'set_pin') return request;
  const pin = heldPins.get(request.player);
  return pin === undefined ? request : { ...request, pin };
}

export async function toolRespond(request: ToolAction): Promise<ToolResponse> {
  const sent = withHeldPin(request);
  const answer = await transport(sent);
  if (answer.tool === 'error' && 'pin' in sent && (answer.code === 'wrong_pin' || answer.code === 'pin_needed')) {
    heldPins.delete((request as { player: Player }).player);
  }
  return answer;
}

/** The answer of one kind, e.g. `ToolAnswer<'sdr_drawn'>`. */
export type ToolAnswer<K extends ToolResponse['tool']> = Extract<ToolResponse, { tool: K }>;

/**
 * An answer of the kind expected, or why there is none: the core's refusal (its code), the IPC failure
 * (`ipc`), or an answer of another kind (`unexpected`, the UI's own).
 */
export type Outcome<K extends ToolResponse['tool']> =
  | { ok: true; answer: ToolAnswer<K> }
  | { ok: false; code: ErrorCode | 'unexpected'; message: string };

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

export const PLAYERS: Player[] = ['a', 'b'];

/** "Player A" / "Player B". */
export const playerName = (p: Player): string => `Player ${p.toUpperCase()}`;

/**
 * What the shared screen shows: the core's `table_view`, for no player. It carries only what both players
 * may see (the bag, every chit as a non-owner sees it, the public log, each Fleet Chart as its opponent
 * sees it, the search turn), so no player's secret ever reaches the shared screen. A player's own `view`
 * is asked for only inside hold-to-peek (PlayerSecrets).
 */
export async function tableView(): Promise<{ ok: true; table: TableView } | { ok: false; code: ErrorCode | 'unexpected'; message: string }> {
  const r = await ask({ tool: 'table_view' }, 'table_view');
  if (!r.ok) return r;
  const { bag_left, chits, log, fleet_charts, search } = r.answer;
  return { ok: true, table: { bag_left, chits, log, fleet_charts, search } };
}

/** The viewer's own face-down chits, with their values: the secrets a hold-to-peek shows. */
export function ownChits(view: ToolView): ChitView[] {
  return view.chits.filter((c) => c.face.shown === 'own');
}

// Table mode: the shell opens the table to the local network (crates/app-core/src/table_mode.rs).
// Each command answers a TableAnswer (`ok: false` with the shell's message when refused; nothing changed);
// a rejected promise is an IPC failure, turned into an answer here so the card shows one kind of message.

/** The device's addresses the table may listen on: the local network's first, loopback last. */
export async function tableAddresses(): Promise<string[]> {
  return call('table_addresses');
}

/** A table-mode answer; without `table` when the shell could not be reached (the table is then as it was). */
export type TableOutcome = Omit<TableAnswer, 'table'> & { table?: TableAnswer['table'] };

async function tableCall(run: () => Promise<TableAnswer>): Promise<TableOutcome> {
  try {
    return await run();
  } catch (e) {
    return { ok: false, error: `The app could not reach table mode: ${String(e)}` };
  }
}

/** What a table may play besides the table tools: a referee game under these 25.0 roles. */
export type TableGame = Extract<Roles, 'task_force_officers' | 'ship_commanders'>;

/**
 * Opens the table on `address`, plus the table display if `display`: seats A and B of the table tools when
 * `game` is null, a new game with a seat per role of `game`, or (`'running'`) the game running in the app,
 * seated by its own roles. The shell reopens the table it keeps instead when it is of that kind, and
 * refuses when it keeps another kind.
 */
export const tableOpen = (address: string, display: boolean, game: TableGame | 'running' | null = null) =>
  tableCall(() => call('table_open', { address, display, game }));
/** The open table and who is connected (`table: null` when closed). */
export const tableStatus = () => tableCall(() => call('table_status'));
/** A new code for `seat`: its old join URL stops working. */
export const tableReissue = (seat: string) => tableCall(() => call('table_reissue', { seat }));
/** Closes the table: nothing listens any more. */
export const tableClose = () => tableCall(() => call('table_close'));
/** Forgets the table the device keeps (its secrets and codes, for good), so the next open starts fresh. */
export const tableForget = () => tableCall(() => call('table_forget'));

/** What a table plays, for the card: the table tools, or a game under its roles. */
export const tablePlays = (game: Roles | null): string => {
  return game === null ? 'the table tools (players A and B)' : ROLES_AT_TABLE[game];
};

/** A seat's name for the card: "Player A", "Player B", "Table display", or a game role's name as it is. */
export const seatName = (seat: string): string => (seat === 'display' ? 'Table display' : seat === 'A' || seat === 'B' ? `Player ${seat}` : seat);

/** An SVG document as an image source (the CSP's img-src allows data: URLs). */
export const svgSource = (svg: string): string => `data:image/svg+xml;base64,${btoa(svg)}`;
