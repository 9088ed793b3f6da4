import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { clearMocks } from '@tauri-apps/api/mocks';
import TableTools from './TableTools.svelte';
import { ToolsReplay, transcript } from '../../test/toolsReplay';
import fleets from '../../test/fixtures/tools/fleet_charts.json';
import { tid, selector } from '../../lib/testids.js';
import { here } from '../../lib/seat.svelte';

afterEach(() => {
  cleanup();
  clearMocks();
});

async function openFleets(core: ToolsReplay) {
  core.install();
  render(TableTools, { props: { close: () => {} } });
  await fireEvent.click(screen.getByTestId(tid.tool('fleets')));
  await waitFor(() => expect(screen.getByTestId(tid.fleets).getAttribute('aria-busy')).toBe('false'));
}

/** Player A holds the German chart with Goeben in box 3; Player B the Allied chart (session `name`). */
function charted(name: string) {
  const core = new ToolsReplay(transcript(fleets, name));
  core.respond({ tool: 'open_fleet_chart', player: 'a', side: 'german' });
  core.respond({ tool: 'open_fleet_chart', player: 'b', side: 'allied' });
  core.respond({ tool: 'assign_ship', player: 'a', ship: 'Goeben', fleet_box: 3 });
  return core;
}

describe('hidden Fleet Charts', () => {
  it('takes a chart: both players then see its numbered boxes, none revealed', async () => {
    const core = new ToolsReplay(transcript(fleets, 'open'));
    await openFleets(core);
    await fireEvent.click(screen.getByTestId(tid.fleetOpen('a', 'german')));
    expect(core.sent('open_fleet_chart')).toEqual([{ tool: 'open_fleet_chart', player: 'a', side: 'german' }]);
    await screen.findByTestId(tid.publicBox('a', 12));
    expect(screen.getByTestId(tid.fleetPublic('a')).textContent).toContain('German Fleet Chart');
    expect(screen.getByTestId(tid.publicBox('a', 1)).textContent).toContain('?');
    expect(screen.getByTestId(tid.fleetNotice).textContent).toBe('Player A holds the German Fleet Chart.');
  });

  it('shows a refusal, e.g. the side the other player already holds', async () => {
    const core = new ToolsReplay(transcript(fleets, 'side taken'));
    core.respond({ tool: 'open_fleet_chart', player: 'a', side: 'german' });
    await openFleets(core);
    await fireEvent.click(screen.getByTestId(tid.fleetOpen('b', 'german')));
    expect((await screen.findByTestId(tid.toolsError)).textContent).toContain('choose the other side');
  });

  it('puts a ship in a box without keeping or repeating its name on the shared screen', async () => {
    const core = new ToolsReplay(transcript(fleets, 'assign'));
    core.respond({ tool: 'open_fleet_chart', player: 'a', side: 'german' });
    await openFleets(core);
    await fireEvent.click(screen.getByTestId(tid.fleetEdit('a')));
    const editor = screen.getByTestId(tid.fleetEditor('a'));
    await fireEvent.input(within(editor).getByTestId(tid.fleetShip), { target: { value: ' Goeben ' } });
    await fireEvent.change(within(editor).getByTestId(tid.fleetBox), { target: { value: '3' } });
    await fireEvent.click(within(editor).getByTestId(tid.fleetAssign));
    expect(core.sent('assign_ship')).toEqual([{ tool: 'assign_ship', player: 'a', ship: 'Goeben', fleet_box: 3 }]);
    expect((await screen.findByTestId(tid.fleetNotice)).textContent).toBe('Done: the ship is on your chart.');
    expect((within(editor).getByTestId(tid.fleetShip) as HTMLInputElement).value).toBe('');
    await fireEvent.click(screen.getByTestId(tid.fleetDone));
    expect(document.body.textContent).not.toContain('Goeben');
    expect(screen.getByTestId(tid.publicBox('a', 3)).textContent).toContain('?');
  });

  it('shows a player their own chart only while they hold Peek', async () => {
    await openFleets(charted('peek'));
    expect(document.body.textContent).not.toContain('Goeben');
    await fireEvent.pointerDown(screen.getByTestId(tid.peek('b')), { pointerType: 'touch' });
    await screen.findByTestId(tid.ownFleet('b'));
    expect(document.body.textContent).not.toContain('Goeben');
    await fireEvent.pointerUp(screen.getByTestId(tid.peek('b')));
    await fireEvent.pointerDown(screen.getByTestId(tid.peek('a')), { pointerType: 'touch' });
    expect((await screen.findByTestId(tid.ownBox(3))).textContent).toContain('Goeben');
    expect(screen.getByTestId(tid.ownBox(1)).textContent).toContain('decoy');
    await fireEvent.pointerUp(screen.getByTestId(tid.peek('a')));
    expect(document.body.textContent).not.toContain('Goeben');
  });

  it('reveals a box to both players', async () => {
    const core = charted('reveal');
    await openFleets(core);
    await fireEvent.change(screen.getByTestId(tid.fleetRevealBox('a')), { target: { value: '3' } });
    await fireEvent.click(screen.getByTestId(tid.fleetReveal('a')));
    expect(core.sent('reveal_fleet_box')).toEqual([{ tool: 'reveal_fleet_box', player: 'a', fleet_box: 3 }]);
    await waitFor(() => expect(screen.getByTestId(tid.publicBox('a', 3)).textContent).toContain('Goeben'));
    expect(screen.getByTestId(tid.publicBox('a', 4)).textContent).toContain('?');
  });

  it('rolls a D10 procedure for an acting box and shows the die, the outcome and the box revealed', async () => {
    const core = charted('d10');
    await openFleets(core);
    await fireEvent.change(screen.getByTestId(tid.d10Procedure), { target: { value: 'bombardment' } });
    await fireEvent.change(screen.getByTestId(tid.d10Box('a')), { target: { value: '3' } });
    await fireEvent.click(screen.getByTestId(tid.d10Roll('a')));
    expect(core.sent('roll_d10')).toEqual([{ tool: 'roll_d10', player: 'a', procedure: 'bombardment', fleet_box: 3 }]);
    const result = await screen.findByTestId(tid.d10Result);
    expect(result.querySelector(selector(tid.dieFace))?.getAttribute('data-value')).toBe('2');
    expect(result.textContent).toContain('Success');
    expect(screen.getByTestId(tid.d10Revealed).textContent).toBe('Fleet Box 3: Goeben');
  });
});

describe('hidden Fleet Charts on a guest seat (table mode, issue #16)', () => {
  afterEach(() => {
    here.seat = null;
  });

  it("player A's phone takes, changes, reveals and rolls for A only; B's chart is shown as both see it", async () => {
    here.seat = { player: 'a', name: 'A' };
    const core = charted('reveal');
    await openFleets(core);
    await screen.findByTestId(tid.publicBox('b', 1));
    expect(screen.getByTestId(tid.fleetEdit('a'))).toBeTruthy();
    expect(screen.queryByTestId(tid.fleetEdit('b'))).toBeNull();
    expect(screen.getByTestId(tid.fleetReveal('a'))).toBeTruthy();
    expect(screen.queryByTestId(tid.fleetReveal('b'))).toBeNull();
    expect(screen.getByTestId(tid.d10Roll('a'))).toBeTruthy();
    expect(screen.queryByTestId(tid.d10Roll('b'))).toBeNull();
    expect(screen.getByTestId(tid.peek('a'))).toBeTruthy();
    expect(screen.queryByTestId(tid.peek('b'))).toBeNull();
  });

  it("the table display acts for no one: no chart to take, change, reveal or roll", async () => {
    here.seat = { player: null, name: 'display' };
    const core = new ToolsReplay(transcript(fleets, 'open'));
    await openFleets(core);
    expect(screen.queryByTestId(tid.fleetOpen('a', 'german'))).toBeNull();
    expect(screen.queryByTestId(tid.fleetEdit('a'))).toBeNull();
    expect(screen.queryByTestId(tid.d10Roll('a'))).toBeNull();
    expect(screen.queryByTestId(tid.d10Roll('b'))).toBeNull();
    expect(screen.queryByTestId(tid.peek('a'))).toBeNull();
  });
});
