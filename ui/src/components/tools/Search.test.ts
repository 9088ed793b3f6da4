import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { clearMocks } from '@tauri-apps/api/mocks';
import TableTools from './TableTools.svelte';
import { FakeCore } from './fakeCore';
import type { Position } from '../../generated/tools/Position';

afterEach(() => {
  cleanup();
  clearMocks();
});

const at52: Position = { sea: 'Ionian', area: 'Ionian A2', square: '52', islands: false, port: null, coast_side: null };

async function openSearch(core: FakeCore) {
  core.install();
  render(TableTools, { props: { close: () => {} } });
  await fireEvent.click(screen.getByTestId('tool-search'));
  await waitFor(() => expect(screen.getByTestId('search').getAttribute('aria-busy')).toBe('false'));
}

/** A day turn: A (British) has Indomitable in square 52, B has Goeben there too. */
function board(night = false, dice: number[] = []) {
  const core = new FakeCore({ dice });
  core.respond({ tool: 'start_turn', night, british: 'a' });
  core.respond({ tool: 'place_unit', player: 'a', unit: 'Indomitable', at: at52 });
  core.respond({ tool: 'place_unit', player: 'b', unit: 'Goeben', at: at52 });
  return core;
}

const type = (id: string, value: string) => fireEvent.input(screen.getByTestId(id), { target: { value } });

describe('double-blind search', () => {
  it('starts a turn: day or night and who is British, shown to both', async () => {
    const core = new FakeCore();
    await openSearch(core);
    expect(screen.getByTestId('search-status').textContent).toContain('No turn started yet');
    await fireEvent.click(screen.getByTestId('search-night'));
    await fireEvent.click(screen.getByTestId('search-british-b'));
    await fireEvent.click(screen.getByTestId('search-start-turn'));
    expect(core.sent('start_turn')).toEqual([{ tool: 'start_turn', night: true, british: 'b' }]);
    await waitFor(() => expect(screen.getByTestId('search-status').textContent).toContain('Turn 1, night'));
    expect(screen.getByTestId('search-status').textContent).toContain('Player B is British');
  });

  it('records a unit where only its owner sees it, and shows it only while they hold Peek', async () => {
    const core = new FakeCore();
    await openSearch(core);
    await fireEvent.click(screen.getByTestId('search-edit-a'));
    await type('search-unit', ' Goeben ');
    await type('search-sea', 'Ionian');
    await type('search-area', 'Ionian A2');
    await type('search-square', '52');
    await fireEvent.click(screen.getByTestId('search-islands'));
    await fireEvent.change(screen.getByTestId('search-port'), { target: { value: 'cruising' } });
    await type('search-coast', 'Adriatic');
    await fireEvent.click(screen.getByTestId('search-place'));
    expect(core.sent('place_unit')).toEqual([
      { tool: 'place_unit', player: 'a', unit: 'Goeben', at: { sea: 'Ionian', area: 'Ionian A2', square: '52', islands: true, port: 'cruising', coast_side: 'Adriatic' } },
    ]);
    expect((await screen.findByTestId('search-notice')).textContent).toBe('Done: the unit is recorded.');
    await fireEvent.click(screen.getByTestId('search-done'));
    expect(document.body.textContent).not.toMatch(/Goeben|Ionian/);

    await fireEvent.pointerDown(screen.getByTestId('peek-b'), { pointerType: 'touch' });
    expect(await screen.findByTestId('no-secrets-b')).toBeTruthy();
    await fireEvent.pointerUp(screen.getByTestId('peek-b'));
    await fireEvent.pointerDown(screen.getByTestId('peek-a'), { pointerType: 'touch' });
    const unit = await screen.findByTestId('own-unit');
    expect(unit.textContent).toContain('Goeben');
    expect(unit.textContent).toContain('Ionian › Ionian A2 › square 52');
    expect(unit.textContent).toContain('cruising off the coast');
    expect(unit.textContent).toContain('Adriatic side');
    await fireEvent.pointerUp(screen.getByTestId('peek-a'));
    expect(document.body.textContent).not.toMatch(/Goeben|Ionian/);
  });

  it('answers a sea call with "enemy present" and a square call with the units found', async () => {
    const core = board();
    await openSearch(core);
    await fireEvent.click(screen.getByTestId('call-level-sea'));
    await type('call-name', 'Ionian');
    await fireEvent.click(screen.getByTestId('call-go'));
    expect((await screen.findByTestId('call-answer')).textContent).toContain('enemy present');
    await fireEvent.click(screen.getByTestId('call-level-square'));
    await type('call-name', '52');
    await fireEvent.click(screen.getByTestId('call-go'));
    await waitFor(() => expect(screen.getByTestId('call-answer').textContent).toContain('found Goeben, with Indomitable; they may fight.'));
    expect(core.sent('search')).toEqual([
      { tool: 'search', player: 'a', level: 'sea', name: 'Ionian' },
      { tool: 'search', player: 'a', level: 'square', name: '52' },
    ]);
  });

  it('at night an even die lets the searched player stay hidden, which reads like an empty square', async () => {
    const core = board(true, [4]);
    await openSearch(core);
    await fireEvent.click(screen.getByTestId('call-level-square'));
    await type('call-name', '52');
    await fireEvent.click(screen.getByTestId('call-go'));
    const pending = await screen.findByTestId('search-pending');
    expect(pending.querySelector('[data-testid="die-face"]')?.getAttribute('data-value')).toBe('4');
    expect(pending.textContent).toContain('Player B chooses whether to be found');
    expect((screen.getByTestId('call-go') as HTMLButtonElement).disabled).toBe(true);
    await fireEvent.click(within(pending).getByTestId('pending-hide'));
    expect(core.sent('answer_search')).toEqual([{ tool: 'answer_search', player: 'b', admit: false }]);
    const notice = await screen.findByTestId('search-notice');
    await waitFor(() => expect(notice.textContent).toBe('Answer to the search of square 52: nothing found.'));
    await waitFor(() => expect(screen.queryByTestId('search-pending')).toBeNull());
    expect(document.body.textContent).not.toMatch(/admit|hidden by choice|chose/i);
  });

  it('at night the searched player may choose to be found', async () => {
    const core = board(true, [6]);
    await openSearch(core);
    await fireEvent.click(screen.getByTestId('call-player-b'));
    await fireEvent.click(screen.getByTestId('call-level-square'));
    await type('call-name', '52');
    await fireEvent.click(screen.getByTestId('call-go'));
    await fireEvent.click(await screen.findByTestId('pending-admit'));
    expect(core.sent('answer_search')).toEqual([{ tool: 'answer_search', player: 'a', admit: true }]);
    await waitFor(() => expect(screen.getByTestId('search-notice').textContent).toBe('Answer to the search of square 52: found Indomitable, with Goeben; they may fight.'));
  });

  it('a night report spared by the die does not repeat its square or units', async () => {
    const core = board(true, [2]);
    await openSearch(core);
    await fireEvent.click(screen.getByTestId('spot-player-b'));
    await type('spot-square', '61');
    await type('spot-units', 'Goeben, Breslau');
    await fireEvent.click(screen.getByTestId('spot-ended'));
    await fireEvent.click(screen.getByTestId('spot-report'));
    expect(core.sent('report_spotting')).toEqual([{ tool: 'report_spotting', player: 'b', square: '61', units: ['Goeben', 'Breslau'], ended_there: true }]);
    const notice = await screen.findByTestId('search-notice');
    expect(notice.textContent).toBe("Player B's report: not announced (night die 2).");
    expect(document.body.textContent).not.toMatch(/Breslau|61/);
  });

  it('shows a refusal in an alert', async () => {
    const core = board();
    core.respond({ tool: 'search', player: 'a', level: 'sea', name: 'Ionian' });
    await openSearch(core);
    await fireEvent.click(screen.getByTestId('search-edit-b'));
    await type('search-unit', 'Goeben');
    await fireEvent.click(screen.getByTestId('search-move'));
    expect((await screen.findByTestId('tools-error')).textContent).toContain('units stay where they are');
  });
});
