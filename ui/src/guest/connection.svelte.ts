// Table mode's guest page: the phone's one link to the table's host (crates/table-host,
// docs/TABLE-MODE.md). A request goes to `POST /api/{code}` with its own `Idempotency-Key`; with no answer
// (no network, the host down or restarting, a 10 s timeout, 408 or 503) it is sent again with the same key
// after a backoff (0.5 s doubling to 8 s), so a retry is applied once. The host's table version comes over
// a WebSocket (`/api/{code}/events`, `{"version":N}`), reopened the same way; every change makes the tool
// screens ask for their view again (`here.version`). A 401 (the seat re-issued, or the table closed for
// good) stops everything and says so. No view or secret is ever kept here: the screens ask the host.
// Only the public log is kept: the host's views carry its last entries and its length
// (`log_total`), so the page fetches the older ones once (`GET /api/{code}/log`, paged) and then only the
// new ones, and every screen still gets the whole log, as in the app (the Secret Die Roll's public log,
// the units a search or spotting named long ago).
import { here } from '../lib/seat.svelte';
import { sendThrough } from '../lib/tools';
import type { LogLine } from '../generated/tools/LogLine';
import type { Player } from '../generated/tools/Player';
import type { ToolRequest } from '../generated/tools/ToolRequest';
import type { ToolResponse } from '../generated/tools/ToolResponse';
import type { Request } from '../generated/Request';
import type { Response as GameResponse } from '../generated/Response';

export const BACKOFF_FIRST_MS = 500;
export const BACKOFF_MAX_MS = 8000;
export const TIMEOUT_MS = 10000;
/** How often the page checks in (the host counts a seat connected when it heard from it in 30 s). */
export const CHECK_IN_MS = 10000;

/** What `GET /api/{code}` answers. */
export type SeatInfo = { seat: string; player: Player | null; role?: string; game?: boolean };

export type Link = 'connecting' | 'connected' | 'reconnecting' | 'gone';

export const connection = $state<{ link: Link; info: SeatInfo | null }>({ link: 'connecting', info: null });

/** The seat code of a join URL's path (`/join/{code}`), or null. */
export function seatCode(path: string): string | null {
  const m = /^\/join\/([A-Za-z0-9_-]+)\/?$/.exec(path);
  return m ? m[1] : null;
}

/** A fresh Idempotency-Key: 128 random bits in hex. */
export function newKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function fetchOnce(url: string, init: RequestInit): Promise<Response> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
  try {
    return await fetch(url, { ...init, signal: abort.signal, cache: 'no-store' });
  } finally {
    clearTimeout(timer);
  }
}

/** Marks the seat gone: its code no longer opens it. Nothing more is sent. */
function seatGone() {
  connection.link = 'gone';
}

function reconnected() {
  if (connection.link === 'reconnecting' || connection.link === 'connecting') {
    connection.link = 'connected';
    // Whatever happened while away: every screen asks again.
    here.version++;
  }
}

/**
 * Sends until the host answers: the same `init` (so the same Idempotency-Key) on every retry. Null once the
 * seat is gone. 429 waits as long as `Retry-After` says.
 */
export async function reliable(url: string, init: RequestInit): Promise<Response | null> {
  let wait = BACKOFF_FIRST_MS;
  for (;;) {
    if (connection.link === 'gone') return null;
    let res: Response | null = null;
    try {
      res = await fetchOnce(url, init);
    } catch {
      res = null;
    }
    if (res && res.status === 429) {
      await sleep(1000 * Number(res.headers.get('Retry-After') || 1));
      continue;
    }
    if (res && res.status === 401) {
      seatGone();
      return null;
    }
    if (res && res.status !== 408 && res.status !== 503) {
      reconnected();
      return res;
    }
    connection.link = 'reconnecting';
    await sleep(wait);
    wait = Math.min(wait * 2, BACKOFF_MAX_MS);
  }
}

/** `GET /api/{code}/log?from=N&limit=M`'s answer (docs/TABLE-MODE.md). */
export type LogPage = { tool: 'log'; from: number; total: number; log: LogLine[] };

/** The most entries one log page holds (the host's LOG_PAGE_MAX, crates/table-host/src/limits.rs). */
export const LOG_PAGE = 200;

const sameEntry = (a: LogLine, b: LogLine) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The public log as this page has it: the host's views carry only its last entries and its length, so
 * the older entries are fetched page by page (`page(from)`) the first time, and later only what came
 * since. The log is public and the same in every view of a tools table (the seat's own `view` and the
 * `table_view`), so one copy serves both. Calls are answered one at a time: two screens asking at once
 * fetch each page once.
 */
export class LogKeeper {
  private held: LogLine[] = [];
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly page: (from: number) => Promise<LogPage | null>) {}

  /** The whole log, given a view's last entries `recent` and the log's length `total`. */
  whole(recent: LogLine[], total: number): Promise<LogLine[]> {
    const run = this.queue.then(() => this.complete(recent, total));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async complete(recent: LogLine[], total: number): Promise<LogLine[]> {
    const start = total - recent.length;
    // Not the host's shape (a length shorter than what came): the view as it is.
    if (!Number.isInteger(total) || start < 0) return recent;
    // A log only grows; held entries the view disagrees with, or more than the log holds, mean the
    // table's session began again: start over rather than show another session's history.
    const overlap = this.held.slice(start, total);
    if (this.held.length > total || !overlap.every((line, i) => sameEntry(line, recent[i]))) this.held = [];
    while (this.held.length < start) {
      const from = this.held.length;
      const page = await this.page(from);
      // A page the host did not give (the seat gone, a refusal): the screens see the recent entries, as
      // the view has them, and the next view tries again.
      if (!page || page.from !== from || page.log.length === 0) return recent;
      this.held.push(...page.log.slice(0, start - from));
    }
    this.held = [...this.held.slice(0, start), ...recent];
    return [...this.held];
  }
}

/** A seat's link to one host: its API address and its WebSocket. */
export class Guest {
  readonly api: string;
  private socket: WebSocket | null = null;
  private lastVersion: number | null = null;
  private socketWait = BACKOFF_FIRST_MS;
  private stopped = false;
  private readonly undo: (() => void)[] = [];
  private readonly log = new LogKeeper((from) => this.logPage(from));

  constructor(readonly code: string, private readonly origin: string) {
    this.api = `${origin}/api/${code}`;
  }

  /**
   * One request of the table tools' protocol, answered for this seat only (a refusal is an answer too). A
   * view comes back with the whole log, as the app's core answers it: the host's `log_total` is used
   * here and left out.
   */
  async send(request: ToolRequest): Promise<ToolResponse> {
    const answer = (await this.post(request)) as ToolResponse & { log_total?: number };
    if ((answer.tool === 'view' || answer.tool === 'table_view') && typeof answer.log_total === 'number') {
      const { log_total: total, ...view } = answer;
      return { ...view, log: await this.log.whole(view.log, total) } as ToolResponse;
    }
    return answer;
  }

  /** One page of the public log from entry `from`, or null if the host gave none. */
  private async logPage(from: number): Promise<LogPage | null> {
    const res = await reliable(`${this.api}/log?from=${from}&limit=${LOG_PAGE}`, { method: 'GET' });
    if (!res || !res.ok) return null;
    const page = (await res.json()) as LogPage;
    return Array.isArray(page.log) && typeof page.from === 'number' ? page : null;
  }

  /** One request of the game's protocol at a game table (25.0 roles): the host answers this seat's view. */
  async sendGame(request: Request): Promise<GameResponse> {
    const body = (await this.post(request)) as GameResponse | { tool: 'error'; code: string; message: string };
    // The host's own refusals (403: not this seat's call) come in the tools' error shape.
    if ('tool' in body) return { ok: false, error: { code: body.code, message: body.message } } as unknown as GameResponse;
    return body;
  }

  /** POSTs one request with its own Idempotency-Key (kept across its retries); the host's JSON answer. */
  private async post(request: ToolRequest | Request): Promise<unknown> {
    const res = await reliable(this.api, {
      method: 'POST',
      body: JSON.stringify(request),
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': newKey() },
    });
    if (!res) throw new Error('this seat is no longer open at the table');
    return res.json();
  }

  /** Checks in with the host (`GET /api/{code}`); the first answer seats this page. */
  async checkIn(): Promise<void> {
    const res = await reliable(this.api, { method: 'GET' });
    if (!res || !res.ok) return;
    const info = (await res.json()) as SeatInfo;
    if (connection.info === null) {
      connection.info = info;
      here.seat = { player: info.player, name: info.seat };
    }
  }

  /** Opens the version socket, and opens it again after it drops (backing off), until the seat is gone. */
  listen(): void {
    if (connection.link === 'gone' || this.socket || this.stopped) return;
    const url = `${this.origin.replace(/^http/, 'ws')}/api/${this.code}/events`;
    let socket: WebSocket;
    try {
      socket = new WebSocket(url);
    } catch {
      this.listenLater();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.socketWait = BACKOFF_FIRST_MS;
      this.lastVersion = null;
    };
    socket.onmessage = (event) => this.version(event.data);
    socket.onclose = (event) => {
      this.socket = null;
      if (event.code === 4401) seatGone();
      else if (!this.stopped) this.listenLater();
    };
  }

  /** A version message: a new version (or the first after a reconnection) makes the screens ask again. */
  version(data: unknown): void {
    let v: unknown;
    try {
      v = JSON.parse(String(data)).version;
    } catch {
      return;
    }
    if (typeof v !== 'number' || v === this.lastVersion) return;
    this.lastVersion = v;
    reconnected();
    here.version++;
  }

  private listenLater() {
    if (connection.link === 'gone') return;
    if (connection.link === 'connected') connection.link = 'reconnecting';
    // The host may be down: a check-in finds out and says so, then the socket opens again.
    const wait = this.socketWait;
    this.socketWait = Math.min(this.socketWait * 2, BACKOFF_MAX_MS);
    const timer = setTimeout(() => {
      void this.checkIn().then(() => this.listen());
    }, wait);
    this.undo.push(() => clearTimeout(timer));
  }

  /** Seats the page: requests go to this host from now on; checks in now, every 10 s and on waking. */
  start(): void {
    sendThrough((request) => this.send(request));
    const wake = () => {
      if (document.visibilityState !== 'visible') return;
      void this.checkIn();
      this.listen();
    };
    document.addEventListener('visibilitychange', wake);
    window.addEventListener('online', wake);
    const timer = setInterval(() => void this.checkIn(), CHECK_IN_MS);
    this.undo.push(() => {
      document.removeEventListener('visibilitychange', wake);
      window.removeEventListener('online', wake);
      clearInterval(timer);
    });
    void this.checkIn().then(() => this.listen());
  }

  /** Leaves the page: no more check-ins, the socket closed (tests, and the page's unmount). */
  stop(): void {
    this.stopped = true;
    this.undo.splice(0).forEach((f) => f());
    this.socket?.close();
    this.socket = null;
  }
}
