import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import Saves from './Saves.svelte';
import App from '../App.svelte';
import type { PlayerView } from '../generated/PlayerView';
import type { Response } from '../generated/Response';
import type { SavesAnswer, SlotInfo } from '../lib/saves';
import newGame from '../test/fixtures/new_game.json';
import movement from '../test/fixtures/movement.json';
import { NO_GAME } from '../test/views';
import { tid } from '../lib/testids.js';

// The game screen's own chunk, loaded once as the app loads it by the first tap (after the start screen).
beforeAll(() => import('./gameParts'));

const running = (newGame as Response).view;
const noGame: PlayerView = NO_GAME;

const good: SlotInfo = {
  id: 'slot-malta-run-1a2b3c4d',
  name: 'Malta run',
  saved_at: Date.UTC(2025, 4, 17, 14, 30),
  automatic: false,
  summary: { turn: 3, last_turn: 10, phase: 'movement', orders: 'Raid French Convoys', vp: 4 },
  unreadable: null,
};
const kept: SlotInfo = { ...good, id: 'auto-1700000000000', name: 'Before loading ‘Malta run’', automatic: true, saved_at: good.saved_at! - 60000 };
const torn: SlotInfo = { id: 'slot-torn-00000002', name: 'slot-torn-00000002.json', saved_at: 1, automatic: false, summary: null, unreadable: 'the file is damaged (not a save slot)' };

type Call = { cmd: string; args: Record<string, unknown> };
let calls: Call[];

/** Mocks the shell's save commands: `answers[cmd]` gives the answer (default: ok with the list). */
function shell(slots: SlotInfo[], answers: Record<string, (args: Record<string, unknown>) => SavesAnswer> = {}) {
  calls = [];
  mockIPC((cmd, args) => {
    const a = (args ?? {}) as Record<string, unknown>;
    calls.push({ cmd, args: a });
    if (answers[cmd]) return answers[cmd](a);
    return { ok: true, slots };
  });
}
const sent = (cmd: string) => calls.filter((c) => c.cmd === cmd).map((c) => c.args);

function panel(view: PlayerView | null = running) {
  const loaded = vi.fn();
  const close = vi.fn();
  render(Saves, { props: { view, close, loaded } });
  return { loaded, close };
}

beforeEach(() => {
  calls = [];
});
afterEach(() => {
  cleanup();
  clearMocks();
  vi.restoreAllMocks();
});

describe('the list of saves', () => {
  it('shows each slot with its name, date, turn, phase, Orders and VP', async () => {
    shell([good, kept]);
    panel();
    const row = await screen.findByTestId(tid.slot(good.id));
    expect(within(row).getByTestId(tid.slotName).textContent).toBe('Malta run');
    expect(within(row).getByTestId(tid.slotSummary).textContent).toBe('Turn 3 of 10 · Movement · Raid French Convoys · 4 VP');
    expect(row.textContent).toContain('2025');
    expect(within(screen.getByTestId(tid.slot(kept.id))).getByText('kept by the app')).toBeTruthy();
    expect(sent('list_saves')).toEqual([{}]);
  });

  it('lists a damaged slot as unreadable: no Load, but the player may delete it', async () => {
    shell([good, torn]);
    panel();
    const row = await screen.findByTestId(tid.slot(torn.id));
    expect(within(row).getByTestId(tid.slotUnreadable).textContent).toContain('damaged');
    expect(within(row).queryByTestId(tid.loadButton)).toBeNull();
    expect(within(row).getByTestId(tid.deleteButton)).toBeTruthy();
  });

  it('says when there is no save yet', async () => {
    shell([]);
    panel();
    expect(await screen.findByTestId(tid.noSaves)).toBeTruthy();
  });
});

describe('save as', () => {
  it('saves under the typed name, and asks before replacing a save of that name', async () => {
    shell([], {
      save_slot: (a) => (a.overwrite ? { ok: true, slots: [good], message: 'Saved as “Malta run”.' } : { ok: false, slots: [good], error: { code: 'slot_exists', message: 'A save named “Malta run” already exists. Replace it?' } }),
    });
    panel();
    const button = (await screen.findByTestId(tid.saveButton)) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await fireEvent.input(screen.getByTestId(tid.saveName), { target: { value: '  Malta run ' } });
    await fireEvent.click(button);
    const confirm = await screen.findByTestId(tid.replaceConfirm);
    expect(confirm.textContent).toContain('“Malta run” already exists');
    expect(sent('save_slot')).toEqual([{ name: '  Malta run ', overwrite: false }]);
    await fireEvent.click(screen.getByTestId(tid.replaceButton));
    expect((await screen.findByTestId(tid.savesMessage)).textContent).toBe('Saved as “Malta run”.');
    expect(sent('save_slot')[1]).toEqual({ name: '  Malta run ', overwrite: true });
    await waitFor(() => expect(screen.queryByTestId(tid.replaceConfirm)).toBeNull());
    expect(await screen.findByTestId(tid.slot(good.id))).toBeTruthy();
    expect((screen.getByTestId(tid.saveName) as HTMLInputElement).value).toBe('');
  });

  it('shows the shell\'s refusal of a bad name', async () => {
    shell([], { save_slot: () => ({ ok: false, error: { code: 'bad_name', message: "A save's name cannot hold line breaks or control characters." } }) });
    panel();
    await fireEvent.input(await screen.findByTestId(tid.saveName), { target: { value: 'x' } });
    await fireEvent.click(screen.getByTestId(tid.saveButton));
    expect((await screen.findByTestId(tid.savesError)).textContent).toContain('control characters');
  });

  it('limits names to 40 characters in the field', async () => {
    shell([]);
    panel();
    expect((await screen.findByTestId(tid.saveName)).getAttribute('maxlength')).toBe('40');
  });
});

describe('load and delete', () => {
  it('loads a slot and hands the loaded view to the app', async () => {
    const view = (movement as Response).view;
    shell([good], { load_slot: () => ({ ok: true, slots: [good, kept], view, message: 'Loaded “Malta run”. Your previous game was kept as “Before loading ‘Malta run’”.' }) });
    const { loaded } = panel();
    const row = await screen.findByTestId(tid.slot(good.id));
    await fireEvent.click(within(row).getByTestId(tid.loadButton));
    await waitFor(() => expect(loaded).toHaveBeenCalledTimes(1));
    expect(sent('load_slot')).toEqual([{ id: good.id }]);
    expect(loaded.mock.calls[0][0]).toEqual(view);
    expect(loaded.mock.calls[0][1]).toContain('previous game was kept');
  });

  it('shows why a slot could not be loaded, and the app keeps its game', async () => {
    shell([good], { load_slot: () => ({ ok: false, slots: [good], error: { code: 'slot_unreadable', message: 'This save cannot be loaded: the save file\'s game is inconsistent. The file is kept.' } }) });
    const { loaded } = panel();
    await fireEvent.click(within(await screen.findByTestId(tid.slot(good.id))).getByTestId(tid.loadButton));
    expect((await screen.findByTestId(tid.savesError)).textContent).toContain('The file is kept');
    expect(loaded).not.toHaveBeenCalled();
  });

  it('deletes a slot only once confirmed', async () => {
    shell([good, torn], { delete_slot: () => ({ ok: true, slots: [good], message: 'The save was deleted.' }) });
    panel();
    const row = await screen.findByTestId(tid.slot(torn.id));
    await fireEvent.click(within(row).getByTestId(tid.deleteButton));
    expect(row.textContent).toContain('This cannot be undone');
    await fireEvent.click(within(row).getByText('Keep it'));
    expect(sent('delete_slot')).toEqual([]);
    await fireEvent.click(within(row).getByTestId(tid.deleteButton));
    await fireEvent.click(within(row).getByTestId(tid.deleteConfirm));
    await waitFor(() => expect(screen.queryByTestId(tid.slot(torn.id))).toBeNull());
    expect(sent('delete_slot')).toEqual([{ id: torn.id }]);
    expect(screen.getByTestId(tid.savesMessage).textContent).toContain('was deleted');
  });
});

describe('export and import', () => {
  it('warns about the hidden counters next to the export, and offers a download and a copy', async () => {
    const json = '{"schema":1,"app":"goeben-referee 0.1.0","session":{}}';
    shell([], { export_save: () => ({ ok: true, json }) });
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:save';
    });
    URL.revokeObjectURL = vi.fn();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    panel();
    expect((await screen.findByTestId(tid.exportWarning)).textContent).toBe("This file holds the hidden counters: don't read it during play.");
    expect(screen.queryByTestId(tid.saveDownload)).toBeNull();
    await fireEvent.click(screen.getByTestId(tid.exportSave));
    const link = (await screen.findByTestId(tid.saveDownload)) as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('blob:save');
    expect(link.getAttribute('download')).toMatch(/^goeben-.+-turn-\d+\.json$/);
    expect(await blobs[0].text()).toBe(json);
    // The save's text is never put on the screen.
    expect(document.body.textContent).not.toContain('"schema"');
    await fireEvent.click(screen.getByTestId(tid.copySave));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(json));
    expect((await screen.findByTestId(tid.savesMessage)).textContent).toContain('Copied');
  });

  it('imports pasted save text; a refused import shows why and loads nothing', async () => {
    const view = (movement as Response).view;
    shell([], {
      import_save: (a) => (String(a.json).startsWith('{"schema":1')
        ? { ok: true, slots: [], view, message: 'The imported game is loaded.' }
        : { ok: false, error: { code: 'save_too_old', message: 'The save file uses an old format (save schema 0) that this app cannot convert. Nothing was changed.' } }),
    });
    const { loaded } = panel();
    const button = (await screen.findByTestId(tid.importButton)) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await fireEvent.input(screen.getByTestId(tid.pasteSave), { target: { value: '{"schema":0}' } });
    await fireEvent.click(button);
    expect((await screen.findByTestId(tid.savesError)).textContent).toContain('old format');
    expect(loaded).not.toHaveBeenCalled();
    await fireEvent.input(screen.getByTestId(tid.pasteSave), { target: { value: '{"schema":1,"session":{}}' } });
    await fireEvent.click(button);
    await waitFor(() => expect(loaded).toHaveBeenCalledWith(view, 'The imported game is loaded.'));
  });

  it('imports a picked file, read with FileReader', async () => {
    const view = (movement as Response).view;
    shell([], { import_save: () => ({ ok: true, slots: [], view, message: 'The imported game is loaded.' }) });
    const { loaded } = panel();
    const input = (await screen.findByTestId(tid.importFile)) as HTMLInputElement;
    const file = new File(['{"schema":1,"from":"file"}'], 'goeben.json', { type: 'application/json' });
    await fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(sent('import_save')).toEqual([{ json: '{"schema":1,"from":"file"}' }]));
    await waitFor(() => expect(loaded).toHaveBeenCalled());
  });

  it('offers no save-as nor export without a running game, but still lists and imports', async () => {
    shell([good]);
    panel(noGame);
    expect(await screen.findByTestId(tid.slot(good.id))).toBeTruthy();
    expect(screen.queryByTestId(tid.saveName)).toBeNull();
    expect(screen.queryByTestId(tid.exportSave)).toBeNull();
    expect(screen.getByTestId(tid.importFile)).toBeTruthy();
  });

  it('reports an IPC failure instead of crashing', async () => {
    calls = [];
    mockIPC(() => {
      throw new Error('boom');
    });
    panel();
    expect((await screen.findByTestId(tid.savesError)).textContent).toContain('could not reach the referee');
  });
});

describe('in the app', () => {
  it('opens from the dock\'s menu, and after a load shows the loaded game and says what was kept', async () => {
    const loadedView = (movement as Response).view;
    calls = [];
    mockIPC((cmd, args) => {
      calls.push({ cmd, args: (args ?? {}) as Record<string, unknown> });
      if (cmd === 'startup_notice') return null;
      if (cmd === 'respond') return newGame;
      if (cmd === 'load_slot') return { ok: true, slots: [good], view: loadedView, message: 'Loaded “Malta run”.' };
      return { ok: true, slots: [good] };
    });
    render(App);
    expect((await screen.findByTestId(tid.phase)).textContent).toBe('Setup');
    await fireEvent.click(screen.getByTestId(tid.menuButton));
    await fireEvent.click(await screen.findByTestId(tid.savesButton));
    expect(screen.queryByTestId(tid.gameMenu)).toBeNull();
    const row = await screen.findByTestId(tid.slot(good.id));
    await fireEvent.click(within(row).getByTestId(tid.loadButton));
    await waitFor(() => expect(screen.getByTestId(tid.phase).textContent).toBe('Movement'));
    expect(screen.queryByTestId(tid.saves)).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Loaded “Malta run”.');
  });
});
