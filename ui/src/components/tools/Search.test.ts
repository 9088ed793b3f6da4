import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { clearMocks } from '@tauri-apps/api/mocks';
import TableTools from './TableTools.svelte';
import { ToolsReplay, transcript } from '../../test/toolsReplay';
import search from '../../test/fixtures/tools/search.json';
import type { Position } from '../../generated/tools/Position';
import { tid, selector } from '../../lib/testids.js';

afterEach(() => {
  cleanup();
  clearMocks();
});

const at52: Position = { sea: 'Ionian', area: 'Ionian A2', square: '52', islands: false, port: null, coast_side: null };

async function openSearch(core: ToolsReplay) {
  core.install();
  render(TableTools, { props: { close: () => {} } });
  await fireEvent.click(screen.getByTestId(tid.tool('search')));
  await waitFor(() => expect(screen.getByTestId(tid.search).getAttribute('aria-busy')).toBe('false'));
}

/** Both players close the turn's step (A first): movement, spotting, or the searches (A is British). */
function closeStep(core: ToolsReplay) {
  core.respond({ tool: 'end_step', player: 'a' });
  core.respond({ tool: 'end_step', player: 'b' });
}

/**
 * A turn (A British): A has Indomitable in square 52, B has Goeben there too (session `name`); a night
 * turn is turn 3, played to `stage` as ui_transcripts.rs's `board`.
 */
function board(name: string, night = false, stage: 'movement' | 'spotting' | 'searches' = 'searches') {
  const core = new ToolsReplay(transcript(search, name));
  core.respond({ tool: 'start_turn', british: 'a' });
  core.respond({ tool: 'place_unit', player: 'a', unit: 'Indomitable', at: at52 });
  core.respond({ tool: 'place_unit', player: 'b', unit: 'Goeben', at: at52 });
  if (night) {
    for (let turn = 0; turn < 2; turn++) {
      closeStep(core);
      closeStep(core);
      closeStep(core);
      core.respond({ tool: 'start_turn' });
    }
  }
  if (stage !== 'movement') closeStep(core);
  if (stage === 'searches') closeStep(core);
  return core;
}

const type = (id: string, value: string) => fireEvent.input(screen.getByTestId(id), { target: { value } });

describe('double-blind search', () => {
  it('starts a turn: the turn track says day or night; who is British is chosen once, shown to both', async () => {
    const core = new ToolsReplay(transcript(search, 'start turn'));
    await openSearch(core);
    expect(screen.getByTestId(tid.searchStatus).textContent).toContain('No turn started yet');
    await fireEvent.click(screen.getByTestId(tid.searchBritish('b')));
    await fireEvent.click(screen.getByTestId(tid.searchStartTurn));
    expect(core.sent('start_turn')).toEqual([{ tool: 'start_turn', british: 'b' }]);
    await waitFor(() => expect(screen.getByTestId(tid.searchStatus).textContent).toContain('Turn 1, 0900, Aug 2, day'));
    expect(screen.getByTestId(tid.searchStatus).textContent).toContain('Player B is British');
    expect(screen.getByTestId(tid.searchStep).textContent).toBe('Now: movement');
    // The sides are fixed for the game, so the choice is no longer offered.
    expect(screen.queryByTestId(tid.searchBritish('a'))).toBeNull();
    await fireEvent.click(screen.getByTestId(tid.searchEndStep('a')));
    expect(core.sent('end_step')).toEqual([{ tool: 'end_step', player: 'a' }]);
    await waitFor(() => expect(screen.getByTestId(tid.searchStep).textContent).toBe('Now: movement (done: Player A)'));
  });

  it('records a unit where only its owner sees it, and shows it only while they hold Peek', async () => {
    const core = new ToolsReplay(transcript(search, 'place'));
    await openSearch(core);
    await fireEvent.click(screen.getByTestId(tid.searchEdit('a')));
    await type(tid.searchUnit, ' Goeben ');
    await type(tid.searchSea, 'Ionian');
    await type(tid.searchArea, 'Ionian A2');
    await type(tid.searchSquare, '52');
    await fireEvent.change(screen.getByTestId(tid.searchPort), { target: { value: 'cruising' } });
    await type(tid.searchCoast, 'Adriatic');
    await fireEvent.click(screen.getByTestId(tid.searchPlace));
    expect(core.sent('place_unit')).toEqual([
      { tool: 'place_unit', player: 'a', unit: 'Goeben', at: { sea: 'Ionian', area: 'Ionian A2', square: '52', islands: false, port: 'cruising', coast_side: 'Adriatic' } },
    ]);
    expect((await screen.findByTestId(tid.searchNotice)).textContent).toBe('Done: the unit is recorded.');
    await fireEvent.click(screen.getByTestId(tid.searchDone));
    expect(document.body.textContent).not.toMatch(/Goeben|Ionian/);

    await fireEvent.pointerDown(screen.getByTestId(tid.peek('b')), { pointerType: 'touch' });
    expect(await screen.findByTestId(tid.noSecrets('b'))).toBeTruthy();
    await fireEvent.pointerUp(screen.getByTestId(tid.peek('b')));
    await fireEvent.pointerDown(screen.getByTestId(tid.peek('a')), { pointerType: 'touch' });
    const unit = await screen.findByTestId(tid.ownUnit);
    expect(unit.textContent).toContain('Goeben');
    expect(unit.textContent).toContain('Ionian › Ionian A2 › square 52');
    expect(unit.textContent).toContain('cruising off the coast');
    expect(unit.textContent).toContain('Adriatic side');
    await fireEvent.pointerUp(screen.getByTestId(tid.peek('a')));
    expect(document.body.textContent).not.toMatch(/Goeben|Ionian/);
  });

  it('answers a sea call with "enemy present" and a square call with the units found', async () => {
    const core = board('day calls');
    await openSearch(core);
    await fireEvent.click(screen.getByTestId(tid.callLevel('sea')));
    await type(tid.callName, 'Ionian');
    await fireEvent.click(screen.getByTestId(tid.callGo));
    expect((await screen.findByTestId(tid.callAnswer)).textContent).toContain('enemy present');
    await fireEvent.click(screen.getByTestId(tid.callLevel('square')));
    await type(tid.callName, '52');
    await fireEvent.click(screen.getByTestId(tid.callGo));
    await waitFor(() => expect(screen.getByTestId(tid.callAnswer).textContent).toContain('found Goeben, with Indomitable; they may fight.'));
    expect(core.sent('search')).toEqual([
      { tool: 'search', player: 'a', level: 'sea', name: 'Ionian' },
      { tool: 'search', player: 'a', level: 'square', name: '52' },
    ]);
    // The units named aloud become the spotting report's chips, each under its owner: A's
    // Indomitable (with the caller), B's Goeben (found). Switching the reporter drops what was picked.
    const chips = () => [...screen.getByTestId(tid.spotChips).querySelectorAll('button')].map((b) => b.textContent);
    await waitFor(() => expect(chips()).toEqual(['Indomitable']));
    await fireEvent.click(screen.getByTestId(tid.spotChip('Indomitable')));
    expect(screen.getByTestId(tid.spotChip('Indomitable')).getAttribute('aria-pressed')).toBe('true');
    await fireEvent.click(screen.getByTestId(tid.spotPlayer('b')));
    expect(chips()).toEqual(['Goeben']);
    await fireEvent.click(screen.getByTestId(tid.spotPlayer('a')));
    expect(screen.getByTestId(tid.spotChip('Indomitable')).getAttribute('aria-pressed')).toBe('false');
  });

  it('at night an even die lets the searched player stay hidden, which reads like an empty square', async () => {
    const core = board('night hide', true);
    await openSearch(core);
    await fireEvent.click(screen.getByTestId(tid.callLevel('square')));
    await type(tid.callName, '52');
    await fireEvent.click(screen.getByTestId(tid.callGo));
    const pending = await screen.findByTestId(tid.searchPending);
    expect(pending.querySelector(selector(tid.dieFace))?.getAttribute('data-value')).toBe('4');
    expect(pending.textContent).toContain('Player B chooses whether to be found');
    expect((screen.getByTestId(tid.callGo) as HTMLButtonElement).disabled).toBe(true);
    await fireEvent.click(within(pending).getByTestId(tid.pendingHide));
    expect(core.sent('answer_search')).toEqual([{ tool: 'answer_search', player: 'b', admit: false }]);
    const notice = await screen.findByTestId(tid.searchNotice);
    await waitFor(() => expect(notice.textContent).toBe('Answer to the search of square 52: nothing found.'));
    await waitFor(() => expect(screen.queryByTestId(tid.searchPending)).toBeNull());
    expect(document.body.textContent).not.toMatch(/admit|hidden by choice|chose/i);
  });

  it('at night the searched player may choose to be found', async () => {
    const core = board('night admit', true);
    core.respond({ tool: 'end_step', player: 'a' });
    await openSearch(core);
    await fireEvent.click(screen.getByTestId(tid.callPlayer('b')));
    await fireEvent.click(screen.getByTestId(tid.callLevel('square')));
    await type(tid.callName, '52');
    await fireEvent.click(screen.getByTestId(tid.callGo));
    await fireEvent.click(await screen.findByTestId(tid.pendingAdmit));
    expect(core.sent('answer_search')).toEqual([{ tool: 'answer_search', player: 'a', admit: true }]);
    await waitFor(() => expect(screen.getByTestId(tid.searchNotice).textContent).toBe('Answer to the search of square 52: found Indomitable, with Goeben; they may fight.'));
  });

  it('a night report spared by the die does not repeat its square or units', async () => {
    const core = board('night report', true, 'movement');
    const at61 = { ...at52, square: '61' };
    core.respond({ tool: 'move_unit', player: 'b', unit: 'Goeben', at: at61 });
    core.respond({ tool: 'place_unit', player: 'b', unit: 'Breslau', at: at61 });
    closeStep(core);
    await openSearch(core);
    await fireEvent.click(screen.getByTestId(tid.spotPlayer('b')));
    await type(tid.spotSquare, '61');
    // Units are chips. None of B's is named aloud yet: each is typed once and added as a chip,
    // picked at once; a tap drops or picks a chip again, and the report names them in the order shown.
    expect(screen.queryByTestId(tid.spotChips)).toBeNull();
    await type(tid.spotUnits, 'Goeben');
    await fireEvent.click(screen.getByTestId(tid.spotAdd));
    await type(tid.spotUnits, 'Breslau');
    await fireEvent.keyDown(screen.getByTestId(tid.spotUnits), { key: 'Enter' });
    expect((screen.getByTestId(tid.spotUnits) as HTMLInputElement).value).toBe('');
    const chip = (name: string) => screen.getByTestId(tid.spotChip(name));
    expect([...screen.getByTestId(tid.spotChips).querySelectorAll('button')].map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['Goeben', 'true'],
      ['Breslau', 'true'],
    ]);
    await fireEvent.click(chip('Goeben'));
    expect(chip('Goeben').getAttribute('aria-pressed')).toBe('false');
    await fireEvent.click(chip('Goeben'));
    expect(chip('Goeben').getAttribute('aria-pressed')).toBe('true');
    // Typing a name that is already a chip picks that chip, never a second one.
    await type(tid.spotUnits, 'breslau');
    await fireEvent.click(screen.getByTestId(tid.spotAdd));
    expect(screen.getByTestId(tid.spotChips).querySelectorAll('button').length).toBe(2);
    await fireEvent.click(screen.getByTestId(tid.spotEnded));
    await fireEvent.click(screen.getByTestId(tid.spotReport));
    expect(core.sent('report_spotting')).toEqual([{ tool: 'report_spotting', player: 'b', square: '61', units: ['Goeben', 'Breslau'], ended_there: true }]);
    const notice = await screen.findByTestId(tid.searchNotice);
    expect(notice.textContent).toBe("Player B's report: not announced (night die 2).");
    // The chips typed in for the report go with it: a report the die spared leaves no name behind.
    expect(screen.queryByTestId(tid.spotChips)).toBeNull();
    expect(document.body.textContent).not.toMatch(/Breslau|61/);
  });

  it('shows a refusal in an alert', async () => {
    const core = board('moved after the searches began');
    core.respond({ tool: 'search', player: 'a', level: 'sea', name: 'Ionian' });
    await openSearch(core);
    await fireEvent.click(screen.getByTestId(tid.searchEdit('b')));
    await type(tid.searchUnit, 'Goeben');
    await fireEvent.click(screen.getByTestId(tid.searchMove));
    expect((await screen.findByTestId(tid.toolsError)).textContent).toContain('the searches of this turn have begun: units move again after start_turn');
  });
});
