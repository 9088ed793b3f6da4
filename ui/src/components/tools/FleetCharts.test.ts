import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { clearMocks } from '@tauri-apps/api/mocks';
import TableTools from './TableTools.svelte';
import { FakeCore } from './fakeCore';

afterEach(() => {
  cleanup();
  clearMocks();
});

async function openFleets(core: FakeCore) {
  core.install();
  render(TableTools, { props: { close: () => {} } });
  await fireEvent.click(screen.getByTestId('tool-fleets'));
  await waitFor(() => expect(screen.getByTestId('fleets').getAttribute('aria-busy')).toBe('false'));
}

/** Player A holds the German chart with Goeben in box 3; Player B the Allied chart. */
function charted() {
  const core = new FakeCore({ dice: [2] });
  core.respond({ tool: 'open_fleet_chart', player: 'a', side: 'german' });
  core.respond({ tool: 'open_fleet_chart', player: 'b', side: 'allied' });
  core.respond({ tool: 'assign_ship', player: 'a', ship: 'Goeben', fleet_box: 3 });
  return core;
}

describe('hidden Fleet Charts', () => {
  it('takes a chart: both players then see its numbered boxes, none revealed', async () => {
    const core = new FakeCore();
    await openFleets(core);
    await fireEvent.click(screen.getByTestId('fleet-open-a-german'));
    expect(core.sent('open_fleet_chart')).toEqual([{ tool: 'open_fleet_chart', player: 'a', side: 'german' }]);
    await screen.findByTestId('public-box-a-12');
    expect(screen.getByTestId('fleet-public-a').textContent).toContain('German Fleet Chart');
    expect(screen.getByTestId('public-box-a-1').textContent).toContain('?');
    expect(screen.getByTestId('fleet-notice').textContent).toBe('Player A holds the German Fleet Chart.');
  });

  it('shows a refusal, e.g. the side the other player already holds', async () => {
    const core = new FakeCore();
    core.respond({ tool: 'open_fleet_chart', player: 'a', side: 'german' });
    await openFleets(core);
    await fireEvent.click(screen.getByTestId('fleet-open-b-german'));
    expect((await screen.findByTestId('tools-error')).textContent).toContain('choose the other side');
  });

  it('puts a ship in a box without keeping or repeating its name on the shared screen', async () => {
    const core = new FakeCore();
    core.respond({ tool: 'open_fleet_chart', player: 'a', side: 'german' });
    await openFleets(core);
    await fireEvent.click(screen.getByTestId('fleet-edit-a'));
    const editor = screen.getByTestId('fleet-editor-a');
    await fireEvent.input(within(editor).getByTestId('fleet-ship'), { target: { value: ' Goeben ' } });
    await fireEvent.change(within(editor).getByTestId('fleet-box'), { target: { value: '3' } });
    await fireEvent.click(within(editor).getByTestId('fleet-assign'));
    expect(core.sent('assign_ship')).toEqual([{ tool: 'assign_ship', player: 'a', ship: 'Goeben', fleet_box: 3 }]);
    expect((await screen.findByTestId('fleet-notice')).textContent).toBe('Done: the ship is on your chart.');
    expect((within(editor).getByTestId('fleet-ship') as HTMLInputElement).value).toBe('');
    await fireEvent.click(screen.getByTestId('fleet-done'));
    expect(document.body.textContent).not.toContain('Goeben');
    expect(screen.getByTestId('public-box-a-3').textContent).toContain('?');
  });

  it('shows a player their own chart only while they hold Peek', async () => {
    await openFleets(charted());
    expect(document.body.textContent).not.toContain('Goeben');
    await fireEvent.pointerDown(screen.getByTestId('peek-b'), { pointerType: 'touch' });
    await screen.findByTestId('own-fleet-b');
    expect(document.body.textContent).not.toContain('Goeben');
    await fireEvent.pointerUp(screen.getByTestId('peek-b'));
    await fireEvent.pointerDown(screen.getByTestId('peek-a'), { pointerType: 'touch' });
    expect((await screen.findByTestId('own-box-3')).textContent).toContain('Goeben');
    expect(screen.getByTestId('own-box-1').textContent).toContain('decoy');
    await fireEvent.pointerUp(screen.getByTestId('peek-a'));
    expect(document.body.textContent).not.toContain('Goeben');
  });

  it('reveals a box to both players', async () => {
    const core = charted();
    await openFleets(core);
    await fireEvent.change(screen.getByTestId('fleet-reveal-box-a'), { target: { value: '3' } });
    await fireEvent.click(screen.getByTestId('fleet-reveal-a'));
    expect(core.sent('reveal_fleet_box')).toEqual([{ tool: 'reveal_fleet_box', player: 'a', fleet_box: 3 }]);
    await waitFor(() => expect(screen.getByTestId('public-box-a-3').textContent).toContain('Goeben'));
    expect(screen.getByTestId('public-box-a-4').textContent).toContain('?');
  });

  it('rolls a D10 procedure for an acting box and shows the die, the outcome and the box revealed', async () => {
    const core = charted();
    await openFleets(core);
    await fireEvent.change(screen.getByTestId('d10-procedure'), { target: { value: 'bombardment' } });
    await fireEvent.change(screen.getByTestId('d10-box-a'), { target: { value: '3' } });
    await fireEvent.click(screen.getByTestId('d10-roll-a'));
    expect(core.sent('roll_d10')).toEqual([{ tool: 'roll_d10', player: 'a', procedure: 'bombardment', fleet_box: 3 }]);
    const result = await screen.findByTestId('d10-result');
    expect(result.querySelector('[data-testid="die-face"]')?.getAttribute('data-value')).toBe('2');
    expect(result.textContent).toContain('Success');
    expect(screen.getByTestId('d10-revealed').textContent).toBe('Fleet Box 3: Goeben');
  });
});
