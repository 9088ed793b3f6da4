import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import { clearMocks } from '@tauri-apps/api/mocks';
import Procedures from './Procedures.svelte';
import { ToolsReplay, transcript } from '../../test/toolsReplay';
import procedures from '../../test/fixtures/tools/procedures.json';
import { tid, selector } from '../../lib/testids.js';

afterEach(() => {
  cleanup();
  clearMocks();
});

const type = (id: string, value: string) => fireEvent.input(screen.getByTestId(id), { target: { value } });
const click = (id: string) => fireEvent.click(screen.getByTestId(id));

describe('rule dice (seeds 003 and 004)', () => {
  it('port repair rolls for the chosen player and port, and shows the die, the outcome and the source', async () => {
    const core = new ToolsReplay(transcript(procedures, 'port repair')).install();
    render(Procedures);
    await click(tid.procPlayer('b'));
    await click(tid.procRepairPort('minor'));
    await click(tid.procRepairGo);
    expect(core.requests).toEqual([{ tool: 'port_repair', player: 'b', port: 'minor' }]);
    const result = await screen.findByTestId(tid.procResult('repair'));
    expect(result.querySelector(selector(tid.dieFace))?.getAttribute('data-value')).toBe('2');
    expect(screen.getByTestId(tid.procOutcome('repair')).textContent).toBeTruthy();
    expect(screen.getByTestId(tid.procSource('repair')).textContent).toBe('Source: Great War at Sea advanced rules, Advanced Strategic Rules 9 (Port Repair)');
    expect(screen.queryByTestId(tid.procModified('repair'))).toBeNull();
  });

  it('every form sends the right request', async () => {
    const core = new ToolsReplay(transcript(procedures, 'every form')).install();
    render(Procedures);
    await click(tid.procShoreGo);
    await screen.findByTestId(tid.procResult('shore'));
    await type(tid.procDcBoxes, '3');
    await click(tid.procDcGo);
    await screen.findByTestId(tid.procResult('dc'));
    await type(tid.procApHighest, '5');
    await type(tid.procApNeeded, '6');
    await click(tid.procApGo);
    expect((await screen.findByTestId(tid.procDice('ap'))).querySelectorAll(selector(tid.dieFace)).length).toBe(2);
    await type(tid.procDisSighting, '5');
    await type(tid.procDisRange, '3');
    await click(tid.procDisTime('night'));
    await click(tid.procDisFaster('yes'));
    await click(tid.procDisGo);
    await screen.findByTestId(tid.procResult('dis'));
    await click(tid.procSubMoved('yes'));
    await click(tid.procSubGo);
    expect((await screen.findByTestId(tid.procModified('sub'))).textContent).toBe('-1 = 5');
    await type(tid.procAswEscorts, '8');
    await click(tid.procAswEra('before'));
    await click(tid.procAswGo);
    expect((await screen.findByTestId(tid.procSource('asw'))).textContent).toContain('ASW');
    await click(tid.procSvsGo);
    expect((await screen.findByTestId(tid.procDice('svs'))).querySelectorAll(selector(tid.dieFace)).length).toBe(2);
    await click(tid.procSweepGo);
    expect((await screen.findByTestId(tid.procSource('sweep'))).textContent).toContain('Mine Warfare');
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
    const core = new ToolsReplay(transcript(procedures, 'always possible refused')).install();
    render(Procedures);
    await type(tid.procAswEscorts, '0');
    await click(tid.procAswGo);
    expect((await screen.findByTestId(tid.toolsError)).textContent).toContain('from 1 to 200');
    expect(core.requests).toEqual([]);
    await type(tid.procApHighest, '6');
    await type(tid.procApNeeded, '6');
    await click(tid.procApGo);
    expect((await screen.findByRole('alert')).textContent).toContain('roll normally');
    expect(screen.queryByTestId(tid.procResult('ap'))).toBeNull();
  });
});
