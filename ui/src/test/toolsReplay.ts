// The shell's `tools_respond` for the table tools' component tests, answering from transcripts recorded
// from the real tools core (ui/src/test/fixtures/tools/*.json, written by
// crates/table-tools/tests/ui_transcripts.rs; refresh with
// `UPDATE_UI_FIXTURES=1 cargo test -p goeben-table-tools --test suite ui_transcripts::`).
//
// A transcript is the exchanges of one scripted session, in order. Every request that is not a read must
// be the transcript's next one, and gets its recorded answer. Reads (`table_view`, a player's `view`)
// change nothing in the core: one is answered with what was recorded for it at the current point of the
// session (after the same steps), as often as the screen asks. Any other request fails the test, loudly:
// the transcript says what the real core was asked, and the component has to ask exactly that.
import { mockIPC } from '@tauri-apps/api/mocks';
import { onTestFinished } from 'vitest';
import type { ToolAction } from '../generated/tools/ToolAction';
import type { ToolResponse } from '../generated/tools/ToolResponse';

export type Exchange = { request: ToolAction; response: ToolResponse };
export type Transcript = { about: string; seed: number; exchanges: Exchange[] };

/** The session `name` of a transcript file (its JSON as imported). */
export function transcript(file: unknown, name: string): Transcript {
  const found = (file as { sessions: Record<string, Transcript> }).sessions[name];
  if (!found) throw new Error(`no session “${name}” in this transcript file`);
  return structuredClone(found);
}

const READS: ToolAction['tool'][] = ['view', 'table_view'];

/** The request as a key: keys sorted, undefined fields left out (as they are over IPC). */
function key(value: unknown): string {
  return JSON.stringify(value, (_, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v));
}

export class ToolsReplay {
  /** Every request received through IPC, in order. */
  requests: ToolAction[] = [];
  /** Called with every request as it arrives through IPC (e.g. to check when a `view` may be asked). */
  onRequest: ((request: ToolAction) => void) | null = null;
  /** Requests whose answer is held back until `release()` (to test an answer arriving late). */
  hold = false;
  /**
   * An answer the real core never gives to this request, for a test of how the screen takes it (e.g. a
   * refusal of a well-formed `view`); it replaces the transcript's for that tool.
   */
  override: Partial<Record<ToolAction['tool'], (request: ToolAction) => ToolResponse>> = {};
  /** What went wrong, reported when the test finishes. */
  readonly failures: string[] = [];
  private readonly steps: Exchange[] = [];
  /** The reads recorded after each number of steps, by request. */
  private readonly reads: Map<string, ToolResponse>[] = [new Map()];
  private done = 0;
  private waiting: (() => void)[] = [];

  constructor(public readonly transcript: Transcript) {
    for (const exchange of transcript.exchanges) {
      if (READS.includes(exchange.request.tool)) this.reads[this.steps.length].set(key(exchange.request), exchange.response);
      else {
        this.steps.push(exchange);
        this.reads.push(new Map());
      }
    }
    onTestFinished(() => {
      if (this.failures.length) throw new Error(`The tools transcript “${transcript.about}” was not followed:\n${this.failures.join('\n')}`);
    });
  }

  /** Installs the replay as the shell's `tools_respond` command (and table mode as a closed table). */
  install(): this {
    mockIPC(async (cmd, args) => {
      // The picker's Table mode card asks for the addresses and the table's status.
      if (cmd === 'table_addresses') return ['127.0.0.1'];
      if (cmd === 'table_status') return { ok: true, table: null };
      if (cmd !== 'tools_respond') throw new Error(`unexpected command ${cmd}`);
      const request = (args as { request: ToolAction }).request;
      this.requests.push(request);
      this.onRequest?.(request);
      if (this.hold) await new Promise<void>((go) => this.waiting.push(go));
      return this.respond(request);
    });
    return this;
  }

  release() {
    this.hold = false;
    this.waiting.splice(0).forEach((go) => go());
  }

  /** Requests of one tool received through IPC. */
  sent<K extends ToolAction['tool']>(tool: K): Extract<ToolAction, { tool: K }>[] {
    return this.requests.filter((r): r is Extract<ToolAction, { tool: K }> => r.tool === tool);
  }

  /** The recorded answer to `request` at this point of the session (a test's setup calls it directly). */
  respond(request: ToolAction): ToolResponse {
    const custom = this.override[request.tool];
    if (custom) return custom(request);
    if (READS.includes(request.tool)) {
      const answer = this.reads[this.done].get(key(request));
      if (answer) return structuredClone(answer);
      return this.fail(`${key(request)} after step ${this.done}: the transcript recorded no such read there`);
    }
    const next = this.steps[this.done];
    if (!next) return this.fail(`${key(request)} after the transcript's last step (${this.done})`);
    if (key(next.request) !== key(request)) return this.fail(`${key(request)} at step ${this.done + 1}, where the transcript has ${key(next.request)}`);
    this.done++;
    return structuredClone(next.response);
  }

  /** The recorded answer of the transcript's `n`-th step of `tool` (from 0), as the answer kind `kind`. */
  answer<K extends ToolResponse['tool']>(tool: ToolAction['tool'], kind: K, n = 0): Extract<ToolResponse, { tool: K }> {
    const found = this.steps.filter((s) => s.request.tool === tool)[n]?.response;
    if (found?.tool !== kind) throw new Error(`the transcript has no ${kind} answer to ${tool} #${n}`);
    return structuredClone(found) as Extract<ToolResponse, { tool: K }>;
  }

  /** Changes every recorded answer (steps and reads): for a state the real core never reaches. */
  patch(change: (node: Record<string, unknown>) => void) {
    const visit = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(visit);
      else if (v && typeof v === 'object') {
        change(v as Record<string, unknown>);
        Object.values(v).forEach(visit);
      }
    };
    this.steps.forEach((s) => visit(s.response));
    this.reads.forEach((m) => m.forEach(visit));
  }

  private fail(what: string): never {
    const message = `unexpected table tools request ${what}`;
    this.failures.push(message);
    throw new Error(message);
  }
}
