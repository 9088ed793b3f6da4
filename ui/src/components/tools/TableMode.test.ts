import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import TableMode from './TableMode.svelte';
import type { OpenTable } from '../../generated/shell/OpenTable';
import type { TableAnswer } from '../../generated/shell/TableAnswer';
import { tid } from '../../lib/testids.js';

afterEach(() => {
  cleanup();
  clearMocks();
  vi.useRealTimers();
});

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><rect width="29" height="29" fill="#fff"/><path d="M4 4h1v1h-1z" fill="#000"/></svg>';

function table(codes: Record<string, string>, connected: string[] = [], listen = '192.168.1.20:8080', game: OpenTable['game'] = null): OpenTable {
  return {
    listen,
    restored: false,
    game,
    seats: Object.entries(codes).map(([seat, code]) => ({
      seat,
      url: `http://${listen}/join/${code}`,
      qr_svg: SVG,
      connected: connected.includes(seat),
      last_seen_ms_ago: connected.includes(seat) ? 1500 : null,
      requests: connected.includes(seat) ? 3 : 0,
    })),
  };
}

/** A fake shell's table mode: records every call, answers from `answers` or as a closed table. */
function shell(answers: Partial<Record<string, (args: Record<string, unknown>) => TableAnswer | string[]>>) {
  const calls: { cmd: string; args: Record<string, unknown> }[] = [];
  mockIPC((cmd, args) => {
    const a = (args ?? {}) as Record<string, unknown>;
    calls.push({ cmd, args: a });
    const answer = answers[cmd];
    if (answer) return answer(a);
    if (cmd === 'table_addresses') return ['192.168.1.20', '127.0.0.1'];
    if (cmd === 'table_status') return { ok: true, table: null };
    throw new Error(`unexpected command ${cmd}`);
  });
  return calls;
}

const commands = (calls: { cmd: string }[]) => calls.map((c) => c.cmd).filter((c) => c !== 'table_status');

describe('the Table mode card', () => {
  it('lists the device’s addresses and opens nothing until asked, then shows each seat’s URL and QR code', async () => {
    const open = table({ A: 'a'.repeat(32), B: 'b'.repeat(32), display: 'c'.repeat(32) });
    const calls = shell({ table_open: () => ({ ok: true, table: open }) });
    render(TableMode);
    const select = (await screen.findByTestId(tid.tableModeAddress)) as HTMLSelectElement;
    await waitFor(() => expect(select.options.length).toBe(2));
    expect([...select.options].map((o) => o.textContent)).toEqual(['192.168.1.20', '127.0.0.1 (this device only)']);
    expect(commands(calls)).toEqual(['table_addresses']);
    expect(screen.queryByTestId(tid.tableModeSeat('A'))).toBeNull();

    await fireEvent.click(screen.getByTestId(tid.tableModeDisplay));
    await fireEvent.click(screen.getByTestId(tid.tableModeOpen));
    expect(calls.find((c) => c.cmd === 'table_open')?.args).toEqual({ address: '192.168.1.20', display: true, game: null });
    expect((await screen.findByTestId(tid.tableModeListen)).textContent).toBe('192.168.1.20:8080');
    // A network address: no warning that only this device can reach it.
    expect(screen.queryByTestId(tid.tableModeThisDeviceOnly)).toBeNull();
    expect(screen.getByTestId(tid.tableModePlaying).textContent).toBe('the table tools (players A and B)');
    expect(screen.getByTestId(tid.tableModeSeat('A')).textContent).toContain('Player A');
    for (const seat of ['A', 'B', 'display']) {
      expect(screen.getByTestId(tid.tableModeUrl(seat)).textContent).toBe(open.seats.find((s) => s.seat === seat)?.url);
      const img = screen.getByTestId(tid.tableModeQr(seat)) as HTMLImageElement;
      expect(img.getAttribute('src')).toBe(`data:image/svg+xml;base64,${btoa(SVG)}`);
      expect(img.alt).toContain('QR code to join');
      expect(screen.getByTestId(tid.tableModeConnected(seat)).textContent).toContain('Not joined yet');
    }
    expect(screen.getByTestId(tid.tableModeSeat('display')).textContent).toContain('Table display');
  });

  it('says plainly that a table open on 127.0.0.1 is reachable from this device alone (issue #50)', async () => {
    shell({ table_open: () => ({ ok: true, table: table({ A: 'a'.repeat(32), B: 'b'.repeat(32) }, [], '127.0.0.1:8080') }) });
    render(TableMode);
    const select = (await screen.findByTestId(tid.tableModeAddress)) as HTMLSelectElement;
    await waitFor(() => expect(select.options.length).toBe(2));
    await fireEvent.change(select, { target: { value: '127.0.0.1' } });
    await fireEvent.click(screen.getByTestId(tid.tableModeOpen));
    expect((await screen.findByTestId(tid.tableModeThisDeviceOnly)).textContent).toContain('no other phone can join');
  });

  it('asks who is connected every few seconds while the table is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const codes = { A: 'a'.repeat(32), B: 'b'.repeat(32) };
    let connected: string[] = [];
    const calls = shell({ table_status: () => ({ ok: true, table: table(codes, connected) }) });
    render(TableMode);
    expect((await screen.findByTestId(tid.tableModeConnected('A'))).textContent).toContain('Not joined yet');
    connected = ['A'];
    await vi.advanceTimersByTimeAsync(3100);
    await waitFor(() => expect(screen.getByTestId(tid.tableModeConnected('A')).textContent).toContain('Connected · last seen 2 s ago · 3 requests'));
    expect(screen.getByTestId(tid.tableModeConnected('B')).textContent).toContain('Not joined yet');
    expect(calls.filter((c) => c.cmd === 'table_status').length).toBeGreaterThanOrEqual(2);
  });

  it('gives a seat a new code and closes the table', async () => {
    let codes: Record<string, string> = { A: 'a'.repeat(32), B: 'b'.repeat(32) };
    const calls = shell({
      table_status: () => ({ ok: true, table: table(codes) }),
      table_reissue: (args) => {
        codes = { ...codes, [String(args.seat)]: 'd'.repeat(32) };
        return { ok: true, table: table(codes) };
      },
      table_close: () => ({ ok: true, table: null }),
    });
    render(TableMode);
    await fireEvent.click(await screen.findByTestId(tid.tableModeReissue('B')));
    expect(calls.find((c) => c.cmd === 'table_reissue')?.args).toEqual({ seat: 'B' });
    await waitFor(() => expect(screen.getByTestId(tid.tableModeUrl('B')).textContent).toContain('d'.repeat(32)));
    expect(screen.getByTestId(tid.tableModeUrl('A')).textContent).toContain('a'.repeat(32));
    await fireEvent.click(screen.getByTestId(tid.tableModeClose));
    expect(await screen.findByTestId(tid.tableModeOpen)).toBeTruthy();
    expect(screen.queryByTestId(tid.tableModeSeat('A'))).toBeNull();
    expect(commands(calls)).toEqual(['table_addresses', 'table_reissue', 'table_close']);
  });

  it('shows the shell’s refusal and an IPC failure, and keeps what it had', async () => {
    let fail = false;
    const open = table({ A: 'a'.repeat(32), B: 'b'.repeat(32) });
    shell({
      table_open: () => ({ ok: false, error: '10.9.9.9 is not one of this device’s addresses (127.0.0.1).', table: null }),
      table_status: () => ({ ok: true, table: fail ? open : null }),
      table_reissue: () => {
        throw new Error('the shell is gone');
      },
    });
    render(TableMode);
    await waitFor(() => expect((screen.getByTestId(tid.tableModeAddress) as HTMLSelectElement).options.length).toBe(2));
    await fireEvent.click(screen.getByTestId(tid.tableModeOpen));
    expect((await screen.findByTestId(tid.toolsError)).textContent).toContain('is not one of this device’s addresses');
    expect(screen.getByTestId(tid.tableModeOpen)).toBeTruthy();
    cleanup();
    fail = true;
    render(TableMode);
    await fireEvent.click(await screen.findByTestId(tid.tableModeReissue('A')));
    expect((await screen.findByTestId(tid.toolsError)).textContent).toContain('could not reach table mode');
    expect(screen.getByTestId(tid.tableModeUrl('A')).textContent).toContain('a'.repeat(32));
  });

  it('sends the game chosen to be played, and names the roles’ seats as they are', async () => {
    const officers = table(
      { Commander: 'a'.repeat(32), 'First Officer': 'b'.repeat(32), 'Gunnery Officer': 'c'.repeat(32), Engineer: 'd'.repeat(32) },
      [],
      '192.168.1.20:8080',
      'task_force_officers',
    );
    const calls = shell({ table_open: (args) => (args.game === 'task_force_officers' ? { ok: true, table: officers } : { ok: false, error: 'wrong game', table: null }) });
    render(TableMode);
    await waitFor(() => expect((screen.getByTestId(tid.tableModeAddress) as HTMLSelectElement).options.length).toBe(2));
    const tools = screen.getByTestId(tid.tableModePlays('tools')).querySelector('input') as HTMLInputElement;
    expect(tools.checked).toBe(true);
    expect(screen.getByText('What is played at this table')).toBeTruthy();
    await fireEvent.click(screen.getByTestId(tid.tableModePlays('ship_commanders')));
    await fireEvent.click(screen.getByTestId(tid.tableModePlays('task_force_officers')));
    expect(screen.getByTestId(tid.tableModePlays('task_force_officers')).querySelector('input')?.checked).toBe(true);
    await fireEvent.click(screen.getByTestId(tid.tableModeOpen));
    expect(calls.find((c) => c.cmd === 'table_open')?.args).toEqual({ address: '192.168.1.20', display: false, game: 'task_force_officers' });
    expect((await screen.findByTestId(tid.tableModePlaying)).textContent).toBe('a game: the four Task Force Officers (25.0)');
    expect(screen.getByTestId(tid.tableModeSeat('Engineer')).querySelector('h3')?.textContent).toBe('Engineer');
    expect((screen.getByTestId(tid.tableModeQr('First Officer')) as HTMLImageElement).alt).toBe('QR code to join as First Officer');
  });

  it('sends the ships’ commanders, and shows the refusal naming the table the device keeps', async () => {
    const kept = 'This device keeps a table of the table tools: reopen it, or start a fresh table.';
    const calls = shell({ table_open: () => ({ ok: false, error: kept, table: null }) });
    render(TableMode);
    await waitFor(() => expect((screen.getByTestId(tid.tableModeAddress) as HTMLSelectElement).options.length).toBe(2));
    await fireEvent.click(screen.getByTestId(tid.tableModePlays('ship_commanders')));
    await fireEvent.click(screen.getByTestId(tid.tableModeOpen));
    expect(calls.find((c) => c.cmd === 'table_open')?.args).toEqual({ address: '192.168.1.20', display: false, game: 'ship_commanders' });
    expect((await screen.findByTestId(tid.toolsError)).textContent).toContain(kept);
    expect(screen.getByTestId(tid.tableModeOpen)).toBeTruthy();
  });

  it('starts a fresh table only after a confirm that says the kept table’s secrets go for good', async () => {
    const calls = shell({ table_forget: () => ({ ok: true, table: null }) });
    render(TableMode);
    await fireEvent.click(await screen.findByTestId(tid.tableModeForget));
    expect(commands(calls)).toEqual(['table_addresses']);
    expect(screen.getByRole('alertdialog').textContent).toContain('deleted for good');
    // Kept: nothing sent, the button back.
    await fireEvent.click(screen.getByTestId(tid.tableModeForgetCancel));
    expect(screen.queryByTestId(tid.tableModeForgetConfirm)).toBeNull();
    expect(commands(calls)).toEqual(['table_addresses']);
    // Confirmed: table_forget, and the card says the next table opens fresh.
    await fireEvent.click(screen.getByTestId(tid.tableModeForget));
    await fireEvent.click(screen.getByTestId(tid.tableModeForgetConfirm));
    expect(commands(calls)).toEqual(['table_addresses', 'table_forget']);
    expect((await screen.findByTestId(tid.tableModeForgotten)).textContent).toContain('the next table opens fresh');
    expect(screen.getByTestId(tid.tableModeForget)).toBeTruthy();
  });

  it('shows a refused fresh table (the table open elsewhere) and keeps the table', async () => {
    shell({ table_forget: () => ({ ok: false, error: 'The table is open on 127.0.0.1:8080: close it before starting a fresh table.', table: null }) });
    render(TableMode);
    await fireEvent.click(await screen.findByTestId(tid.tableModeForget));
    await fireEvent.click(screen.getByTestId(tid.tableModeForgetConfirm));
    expect((await screen.findByTestId(tid.toolsError)).textContent).toContain('close it before starting a fresh table');
    expect(screen.queryByTestId(tid.tableModeForgotten)).toBeNull();
  });

  it('offers to open the game running in the app in the shell’s words, sends "running", and says what the screen then is', async () => {
    const offer = { label: 'Open this game to the table', explain: 'Seats this game as it is — for the four Task Force Officers.', bring_back: false };
    const words = 'This is the game running in the app: … this screen shows it as the table display.';
    const open = { ...table({ Commander: 'a'.repeat(32), display: 'e'.repeat(32) }, [], '192.168.1.20:8080', 'task_force_officers'), app_game: words };
    const calls = shell({
      table_status: () => ({ ok: true, table: null, running_game: offer }),
      table_open: (args) => (args.game === 'running' ? { ok: true, table: open } : { ok: false, error: 'wrong game', table: null }),
    });
    render(TableMode);
    const button = await screen.findByTestId(tid.tableModeRunning);
    expect(button.textContent?.trim()).toBe('Open this game to the table');
    expect(screen.getByTestId(tid.tableModeRunningExplain).textContent).toBe(offer.explain);
    await waitFor(() => expect((screen.getByTestId(tid.tableModeAddress) as HTMLSelectElement).options.length).toBe(2));
    await fireEvent.click(screen.getByTestId(tid.tableModeDisplay));
    await fireEvent.click(button);
    expect(calls.find((c) => c.cmd === 'table_open')?.args).toEqual({ address: '192.168.1.20', display: true, game: 'running' });
    expect((await screen.findByTestId(tid.tableModeAppGame)).textContent).toBe(words);
    expect(screen.queryByTestId(tid.tableModeRunning)).toBeNull();
  });

  it('brings the game back from a closed table that still holds it, and offers nothing when the shell offers nothing', async () => {
    const offer = { label: 'Bring this game back from the table', explain: 'The table is closed but still holds the game.', bring_back: true };
    const calls = shell({
      table_status: () => ({ ok: true, table: null, running_game: offer }),
      table_close: () => ({ ok: true, table: null }),
    });
    render(TableMode);
    await fireEvent.click(await screen.findByTestId(tid.tableModeRunning));
    expect(commands(calls)).toEqual(['table_addresses', 'table_close']);
    await waitFor(() => expect(screen.queryByTestId(tid.tableModeRunning)).toBeNull());
    cleanup();
    shell({});
    render(TableMode);
    expect(await screen.findByTestId(tid.tableModeOpen)).toBeTruthy();
    expect(screen.queryByTestId(tid.tableModeRunning)).toBeNull();
    expect(screen.queryByTestId(tid.tableModeAppGame)).toBeNull();
  });
});
