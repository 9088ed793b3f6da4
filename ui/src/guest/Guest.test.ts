// Table mode's guest page: the app's own tool screens, acting for one seat, talking to a host
// over HTTP and a version WebSocket. The host here is a fake `fetch` answering from a transcript of the
// real tools core (ToolsReplay) and a fake WebSocket the test drives.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import Guest from './Guest.svelte';
import { LogKeeper, connection, newKey, seatCode, type LogPage } from './connection.svelte';
import { here } from '../lib/seat.svelte';
import { ToolsReplay, transcript } from '../test/toolsReplay';
import sdr from '../test/fixtures/tools/secret_die_roll.json';
import movement from '../test/fixtures/movement.json';
import { copy } from '../test/views';
import { tid } from '../lib/testids.js';
import type { LogLine } from '../generated/tools/LogLine';
import type { ToolAction } from '../generated/tools/ToolAction';

const CODE = 'c0ffee00c0ffee00c0ffee00c0ffee00';
const ORIGIN = 'http://192.168.1.20:8080';

/** Every WebSocket the page opened. */
class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  close() {
    this.closed = true;
  }
  private opened = false;
  /** The host pushes a version (the socket opens first, once). */
  push(version: number) {
    if (!this.opened) this.onopen?.();
    this.opened = true;
    this.onmessage?.({ data: JSON.stringify({ version }) });
  }
}

type Sent = { method: string; url: string; body?: ToolAction; key?: string };

/** A host: the seat's info, then the replayed core; `fail` first answers that many POSTs with a network error. */
function host(core: ToolsReplay, seat: { seat: string; player: 'a' | 'b' | null }, opts: { fail?: number; status?: number } = {}) {
  const sent: Sent[] = [];
  let fail = opts.fail ?? 0;
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body = init.body ? (JSON.parse(String(init.body)) as ToolAction) : undefined;
    sent.push({ method, url, body, key: headers['Idempotency-Key'] });
    if (opts.status) return new Response('{"tool":"error","code":"unknown_seat","message":"no seat"}', { status: opts.status });
    if (method === 'GET') return Response.json(seat);
    if (fail > 0) {
      fail--;
      throw new TypeError('network down');
    }
    return Response.json(core.respond(body!));
  });
  vi.stubGlobal('fetch', fetchMock);
  return sent;
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  connection.link = 'connecting';
  connection.info = null;
  here.seat = null;
  here.version = 0;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  here.seat = null;
});

const open = () => render(Guest, { props: { path: `/join/${CODE}`, origin: ORIGIN } });

describe('the guest page (table mode, issue #16)', () => {
  it('reads the seat code from the join URL only', () => {
    expect(seatCode(`/join/${CODE}`)).toBe(CODE);
    expect(seatCode(`/join/${CODE}/`)).toBe(CODE);
    expect(seatCode('/join/')).toBeNull();
    expect(seatCode(`/api/${CODE}`)).toBeNull();
    expect(seatCode('/join/a b')).toBeNull();
    expect(newKey()).toMatch(/^[0-9a-f]{32}$/);
    expect(newKey()).not.toBe(newKey());
  });

  it("seats player A: the app's Secret Die Roll, drawing only for A, sent to the host", async () => {
    const core = new ToolsReplay(transcript(sdr, 'draw'));
    const sent = host(core, { seat: 'A', player: 'a' });
    open();
    await waitFor(() => expect(screen.getByTestId(tid.guestSeat).textContent).toContain('Player A'));
    expect(screen.getByTestId(tid.guestLink).textContent).toContain('Connected');
    expect(screen.queryByTestId(tid.toolsClose)).toBeNull();
    expect(screen.queryByTestId(tid.tableMode)).toBeNull();
    await fireEvent.click(screen.getByTestId(tid.tool('sdr')));
    await waitFor(() => expect(screen.getByTestId(tid.sdrBag).textContent).toContain('48 of 48'));
    expect(screen.queryByTestId(tid.sdrDrawB)).toBeNull();
    expect(screen.getByTestId(tid.peek('a'))).toBeTruthy();
    expect(screen.queryByTestId(tid.peek('b'))).toBeNull();
    await fireEvent.input(screen.getByTestId(tid.sdrLabel), { target: { value: 'victory conditions' } });
    await fireEvent.click(screen.getByTestId(tid.sdrDrawA));
    await screen.findByTestId(tid.chit(1));
    const posts = sent.filter((s) => s.method === 'POST');
    expect(posts.every((p) => p.url === `${ORIGIN}/api/${CODE}` && /^[0-9a-f]{32}$/.test(p.key!))).toBe(true);
    expect(posts.map((p) => p.body?.tool)).toContain('draw_sdr');
    expect(FakeSocket.all[0].url).toBe(`ws://192.168.1.20:8080/api/${CODE}/events`);
  });

  it("asks again when the host pushes a new version (the other player's draw)", async () => {
    const core = new ToolsReplay(transcript(sdr, 'draw'));
    const sent = host(core, { seat: 'B', player: 'b' });
    open();
    await waitFor(() => expect(FakeSocket.all.length).toBe(1));
    await fireEvent.click(screen.getByTestId(tid.tool('sdr')));
    await waitFor(() => expect(screen.getByTestId(tid.sdrBag).textContent).toContain('48 of 48'));
    const views = () => sent.filter((s) => s.body?.tool === 'table_view').length;
    const before = views();
    FakeSocket.all[0].push(7);
    await waitFor(() => expect(views()).toBe(before + 1));
    FakeSocket.all[0].push(7);
    await Promise.resolve();
    expect(views()).toBe(before + 1);
    expect(screen.queryByTestId(tid.sdrDrawA)).toBeNull();
    expect(screen.getByTestId(tid.sdrDrawB)).toBeTruthy();
  });

  it('sends a request again after a network failure with the same Idempotency-Key', async () => {
    const core = new ToolsReplay(transcript(sdr, 'draw'));
    const sent = host(core, { seat: 'A', player: 'a' }, { fail: 2 });
    open();
    await waitFor(() => expect(screen.getByTestId(tid.tool('sdr'))).toBeTruthy());
    await fireEvent.click(screen.getByTestId(tid.tool('sdr')));
    await waitFor(() => expect(connection.link).toBe('reconnecting'));
    expect(screen.getByTestId(tid.guestLink).textContent).toContain('Reconnecting');
    await waitFor(() => expect(screen.getByTestId(tid.sdrBag).textContent).toContain('48 of 48'), { timeout: 4000 });
    const posts = sent.filter((s) => s.method === 'POST');
    // Twice lost, then answered: three sends of one request with one key; then, reconnected, the screen
    // catches up with a new request (a new key).
    expect(new Set(posts.slice(0, 3).map((p) => p.key)).size).toBe(1);
    expect(posts.slice(3).every((p) => p.key !== posts[0].key)).toBe(true);
    expect(connection.link).toBe('connected');
  });

  it('the table display acts for no one: only the tools it can show, no draw, no peek', async () => {
    const core = new ToolsReplay(transcript(sdr, 'draw'));
    host(core, { seat: 'display', player: null });
    open();
    await waitFor(() => expect(screen.getByTestId(tid.guestSeat).textContent).toContain('Table display'));
    expect(screen.queryByTestId(tid.tool('events'))).toBeNull();
    expect(screen.queryByTestId(tid.tool('charts'))).toBeNull();
    await fireEvent.click(screen.getByTestId(tid.tool('sdr')));
    await waitFor(() => expect(screen.getByTestId(tid.sdrBag).textContent).toContain('48 of 48'));
    expect(screen.queryByTestId(tid.sdrDrawA)).toBeNull();
    expect(screen.queryByTestId(tid.sdrDrawB)).toBeNull();
    expect(screen.queryByTestId(tid.sdrLabel)).toBeNull();
    expect(screen.queryByTestId(tid.peek('a'))).toBeNull();
  });

  it('a code the host does not know (re-issued) stops and says so', async () => {
    const core = new ToolsReplay(transcript(sdr, 'draw'));
    host(core, { seat: 'A', player: 'a' }, { status: 401 });
    open();
    await waitFor(() => expect(screen.getByTestId(tid.guestLink).textContent).toContain('no longer open'));
    expect(screen.queryByTestId(tid.toolsScreen)).toBeNull();
  });

  it('a page without a seat code says how to join', () => {
    host(new ToolsReplay(transcript(sdr, 'draw')), { seat: 'A', player: 'a' });
    render(Guest, { props: { path: '/join/', origin: ORIGIN } });
    expect(screen.getByTestId(tid.guestNoCode).textContent).toContain('QR code');
  });

  it('a page without a seat code takes the code typed instead (a phone whose camera would not scan it)', async () => {
    host(new ToolsReplay(transcript(sdr, 'draw')), { seat: 'A', player: 'a' });
    render(Guest, { props: { path: '/join/', origin: ORIGIN } });
    const go = screen.getByTestId(tid.guestCodeGo) as HTMLButtonElement;
    expect(go.disabled).toBe(true);
    await fireEvent.input(screen.getByTestId(tid.guestCodeInput), { target: { value: 'not a code!' } });
    expect(go.disabled).toBe(true);
    await fireEvent.input(screen.getByTestId(tid.guestCodeInput), { target: { value: ' Ab3_x-9 ' } });
    expect(go.disabled).toBe(false);
  });
});

describe('a game seat (table mode, 25.0 roles)', () => {
  /** A game host: the seat's info, then the movement fixture's answer, offered `offered` of its decisions. */
  function gameHost(offered: 'all' | 'none', refuse = false) {
    const sent: { body: unknown; key?: string }[] = [];
    vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') === 'GET') return Response.json({ seat: 'Engineer', player: null, role: 'Engineer', game: true });
      const body = JSON.parse(String(init.body));
      sent.push({ body, key: (init.headers as Record<string, string>)['Idempotency-Key'] });
      if (refuse && body.action !== 'view') {
        return Response.json({ tool: 'error', code: 'not_your_seat', message: 'this is the Engineer seat: this decision is not its call (the Commander decides)' }, { status: 403 });
      }
      const r = copy(movement);
      if (offered === 'none') {
        r.view.decisions = [];
      }
      return Response.json(r);
    }));
    return sent;
  }

  it("shows the game with this role's decisions, sent as the game's protocol", async () => {
    const sent = gameHost('all');
    open();
    await waitFor(() => expect(screen.getByTestId(tid.guestGame)).toBeTruthy());
    await waitFor(() => expect(screen.getByTestId(tid.guestSeat).textContent).toContain('Engineer'));
    await waitFor(() => expect(screen.getByTestId(tid.action('end_phase'))).toBeTruthy());
    expect(screen.queryByTestId(tid.guestWaiting)).toBeNull();
    expect(screen.queryByTestId(tid.toolsScreen)).toBeNull();
    await fireEvent.click(screen.getByTestId(tid.action('end_phase')));
    await waitFor(() => expect(sent.map((s) => s.body)).toContainEqual({ action: 'end_phase' }));
  });

  it("waits, saying for what, when no decision is this seat's call; a refusal is shown and changes nothing", async () => {
    gameHost('none');
    open();
    await waitFor(() => expect(screen.getByTestId(tid.guestWaiting).textContent).toContain('Your seat: Engineer'));
    expect(screen.queryByTestId(tid.action('end_phase'))).toBeNull();
    cleanup();
    connection.info = null;
    connection.link = 'connecting';
    gameHost('all', true);
    open();
    await waitFor(() => expect(screen.getByTestId(tid.action('end_phase'))).toBeTruthy());
    await fireEvent.click(screen.getByTestId(tid.action('end_phase')));
    await waitFor(() => expect(screen.getByTestId(tid.errorBanner).textContent).toContain('not its call'));
    expect(screen.getByTestId(tid.action('end_phase'))).toBeTruthy();
  });
});

describe('a long table: the guest keeps the whole public log (issue #34)', () => {
  /** Entry 0 is chit #1's draw (the Secret Die Roll's log shows it); the rest are spotting dice. */
  function longLog(n: number): LogLine[] {
    const first: LogLine = { entry: 'sdr_drawn', chit: 1, owner: 'a', label: 'victory conditions', commitment: 'd939557afeba5ddc', purpose: null, text: 'Player A drew chit #1 for victory conditions (the very first entry)' };
    const rest = Array.from({ length: n - 1 }, (_, i): LogLine => ({ entry: 'spotting_die', by: 'b', die: (i % 6) + 1, text: `Player B rolled the spotting die (entry ${i + 1})` }));
    return [first, ...rest];
  }

  /** A host as crates/table-host answers: a view with the last 50 entries and `log_total`, pages of 200. */
  function pagingHost(log: LogLine[]) {
    const pages: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
      const u = new URL(url);
      if ((init.method ?? 'GET') === 'GET' && u.pathname === `/api/${CODE}/log`) {
        pages.push(u.search);
        const from = Number(u.searchParams.get('from'));
        const limit = Math.min(Number(u.searchParams.get('limit') ?? 200), 200);
        return Response.json({ tool: 'log', from, total: log.length, log: log.slice(from, from + limit) });
      }
      if ((init.method ?? 'GET') === 'GET') return Response.json({ seat: 'display', player: null });
      const body = JSON.parse(String(init.body)) as ToolAction;
      if (body.tool !== 'table_view') return Response.json({ tool: 'error', code: 'malformed', message: `not in this test: ${body.tool}` });
      const recent = log.slice(-50);
      return Response.json({ tool: 'table_view', bag_left: 47, chits: [], log: recent, fleet_charts: { a: null, b: null }, search: { turn: 0, night: false, british: null, searching: null, searches_begun: false, pending: null }, log_total: log.length });
    }));
    return pages;
  }

  it("a 120-entry log: the Secret Die Roll still shows its first entry's draw; later views fetch no old page again", async () => {
    const log = longLog(120);
    const pages = pagingHost(log);
    open();
    await waitFor(() => expect(screen.getByTestId(tid.tool('sdr'))).toBeTruthy());
    await fireEvent.click(screen.getByTestId(tid.tool('sdr')));
    // Without the older pages the view's 50 entries hold no draw at all, and the log would not show.
    await waitFor(() => expect(screen.getByTestId(tid.sdrLog).textContent).toContain('the very first entry'));
    expect(screen.getByTestId(tid.sdrLog).textContent).toContain('Public log (1)');
    // Entries 0 to 69 were not in the view: one page, from 0.
    expect(pages).toEqual(['?from=0&limit=200']);
    // Three new entries, one of them a draw: the next view brings them, and no page is asked again.
    const draw: LogLine = { entry: 'sdr_drawn', chit: 2, owner: 'a', label: '', commitment: '00112233aabbccdd', purpose: null, text: 'Player A drew chit #2 (entry 122)' };
    log.push(...longLog(3).slice(1), draw);
    FakeSocket.all[0].push(9);
    await waitFor(() => expect(screen.getByTestId(tid.sdrLog).textContent).toContain('Public log (2)'));
    expect(screen.getByTestId(tid.sdrLog).textContent).toContain('the very first entry');
    expect(pages).toEqual(['?from=0&limit=200']);
  });

  /** A keeper over `log`, counting the pages it asks for. */
  function keeper(log: () => LogLine[]) {
    const asked: number[] = [];
    const k = new LogKeeper(async (from) => {
      asked.push(from);
      const all = log();
      return { tool: 'log', from, total: all.length, log: all.slice(from, from + 200) } satisfies LogPage;
    });
    return { k, asked, view: () => ({ recent: log().slice(-50), total: log().length }) };
  }

  it('pages a 450-entry log in two (the view holds the last 50), then after 130 new entries only from where it stopped', async () => {
    let log = longLog(450);
    const { k, asked, view } = keeper(() => log);
    let v = view();
    expect(await k.whole(v.recent, v.total)).toEqual(log);
    expect(asked).toEqual([0, 200]);
    log = [...log, ...longLog(131).slice(1)];
    v = view();
    expect(await k.whole(v.recent, v.total)).toEqual(log);
    // Entries 450 to 529 were in no view: one page, from 450.
    expect(asked).toEqual([0, 200, 450]);
  });

  it('two screens asking at once fetch each page once', async () => {
    const log = longLog(300);
    const { k, asked, view } = keeper(() => log);
    const v = view();
    const [one, two] = await Promise.all([k.whole(v.recent, v.total), k.whole(v.recent, v.total)]);
    expect(one).toEqual(log);
    expect(two).toEqual(log);
    expect(asked).toEqual([0, 200]);
  });

  it('a session begun again (a shorter or different log) is not mixed with the old one', async () => {
    let log = longLog(120);
    const { k, view } = keeper(() => log);
    let v = view();
    await k.whole(v.recent, v.total);
    log = longLog(60).map((l, i) => ({ ...l, text: `new session, entry ${i}` }));
    v = view();
    expect(await k.whole(v.recent, v.total)).toEqual(log);
  });

  it('a page the host refuses leaves the view as it came (its recent entries)', async () => {
    const log = longLog(120);
    const k = new LogKeeper(async () => null);
    expect(await k.whole(log.slice(-50), 120)).toEqual(log.slice(-50));
  });
});
