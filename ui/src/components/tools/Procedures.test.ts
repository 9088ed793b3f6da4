import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import { clearMocks } from '@tauri-apps/api/mocks';
import Procedures from './Procedures.svelte';
import { FakeCore } from './fakeCore';

afterEach(() => {
  cleanup();
  clearMocks();
});

const type = (id: string, value: string) => fireEvent.input(screen.getByTestId(id), { target: { value } });
const click = (id: string) => fireEvent.click(screen.getByTestId(id));

describe('rule dice (seeds 003 and 004)', () => {
  it('port repair rolls for the chosen player and port, and shows the die, the outcome and the source', async () => {
    const core = new FakeCore({ dice: [2] }).install();
    render(Procedures);
    await click('proc-player-b');
    await click('proc-repair-port-minor');
    await click('proc-repair-go');
    expect(core.requests).toEqual([{ tool: 'port_repair', player: 'b', port: 'minor' }]);
    const result = await screen.findByTestId('proc-result-repair');
    expect(result.querySelector('[data-testid="die-face"]')?.getAttribute('data-value')).toBe('2');
    expect(screen.getByTestId('proc-outcome-repair').textContent).toBeTruthy();
    expect(screen.getByTestId('proc-source-repair').textContent).toBe('Source: seed 004, Advanced Strategic Rules 9 (Port Repair)');
    expect(screen.queryByTestId('proc-modified-repair')).toBeNull();
  });

  it('every form sends the right request', async () => {
    const core = new FakeCore({ dice: [3, 1, 5, 6, 6, 6, 2, 4] }).install();
    render(Procedures);
    await click('proc-shore-go');
    await screen.findByTestId('proc-result-shore');
    await type('proc-dc-boxes', '3');
    await click('proc-dc-go');
    await screen.findByTestId('proc-result-dc');
    await type('proc-ap-highest', '5');
    await type('proc-ap-needed', '6');
    await click('proc-ap-go');
    expect((await screen.findByTestId('proc-dice-ap')).querySelectorAll('[data-testid="die-face"]').length).toBe(2);
    await type('proc-dis-sighting', '5');
    await type('proc-dis-range', '3');
    await click('proc-dis-time-night');
    await click('proc-dis-faster-yes');
    await click('proc-dis-go');
    await screen.findByTestId('proc-result-dis');
    await click('proc-sub-moved-yes');
    await click('proc-sub-go');
    expect((await screen.findByTestId('proc-modified-sub')).textContent).toBe('-1 = 5');
    await type('proc-asw-escorts', '8');
    await click('proc-asw-era-before');
    await click('proc-asw-go');
    expect((await screen.findByTestId('proc-source-asw')).textContent).toContain('ASW');
    await click('proc-svs-go');
    expect((await screen.findByTestId('proc-dice-svs')).querySelectorAll('[data-testid="die-face"]').length).toBe(2);
    await click('proc-sweep-go');
    expect((await screen.findByTestId('proc-source-sweep')).textContent).toContain('Mine Warfare');
    expect(core.requests).toEqual([
      { tool: 'shore_batteries', player: 'a' },
      { tool: 'damage_control', player: 'a', damaged_boxes: 3 },
      { tool: 'always_possible', player: 'a', highest_roll: 5, needed: 6 },
      { tool: 'automatic_disengagement', player: 'a', max_sighting: 5, range: 3, night: true, speed_advantage: true },
      { tool: 'submarine_attack', player: 'a', target_moved_two: true },
      { tool: 'asw', player: 'a', escorts: 8, before_1918: true },
      { tool: 'sub_versus_sub', player: 'a' },
      { tool: 'mine_sweep', player: 'a' },
    ]);
  });

  it('refuses a bad number without asking the core, and shows the core’s refusal', async () => {
    const core = new FakeCore().install();
    render(Procedures);
    await type('proc-asw-escorts', '0');
    await click('proc-asw-go');
    expect((await screen.findByTestId('tools-error')).textContent).toContain('from 1 to 200');
    expect(core.requests).toEqual([]);
    await type('proc-ap-highest', '6');
    await type('proc-ap-needed', '6');
    await click('proc-ap-go');
    expect((await screen.findByRole('alert')).textContent).toContain('roll normally');
    expect(screen.queryByTestId('proc-result-ap')).toBeNull();
  });
});
