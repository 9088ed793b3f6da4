import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import { clearMocks } from '@tauri-apps/api/mocks';
import Calculators from './Calculators.svelte';
import { ToolsReplay, transcript } from '../../test/toolsReplay';
import calculators from '../../test/fixtures/tools/calculators.json';
import { tid } from '../../lib/testids.js';

afterEach(() => {
  cleanup();
  clearMocks();
});

const type = (id: string, value: string) => fireEvent.input(screen.getByTestId(id), { target: { value } });

describe('calculators', () => {
  it('combined fire sends every ship’s strength and shows the result with its source', async () => {
    const core = new ToolsReplay(transcript(calculators, 'combined fire')).install();
    render(Calculators);
    await type(tid.calcFire(0), '4');
    await type(tid.calcFire(1), '2');
    await fireEvent.click(screen.getByTestId(tid.calcFireAdd));
    await type(tid.calcFire(2), ' 3 ');
    await fireEvent.click(screen.getByTestId(tid.calcFireGo));
    expect(core.requests).toEqual([{ tool: 'combined_fire', strengths: [4, 2, 3] }]);
    expect((await screen.findByTestId(tid.calcValue('fire'))).textContent).toBe('5');
    expect(screen.getByTestId(tid.calcSource('fire')).textContent).toBe('Source: Great War at Sea advanced rules, Advanced Tactical Rules 11');
  });

  it('contact, movement, fuel and VP forms send the right requests', async () => {
    const core = new ToolsReplay(transcript(calculators, 'forms')).install();
    render(Calculators);
    await type(tid.calcContactA, '5');
    await type(tid.calcContactB, '3');
    await fireEvent.click(screen.getByTestId(tid.calcContactGo));
    expect((await screen.findByTestId(tid.calcValue('contact'))).textContent).toBe('2');

    await fireEvent.change(screen.getByTestId(tid.calcMoveSpeed), { target: { value: 'one_slow' } });
    await type(tid.calcMoveTurn, '2');
    await fireEvent.change(screen.getByTestId(tid.calcMoveWeather), { target: { value: 'storm' } });
    await fireEvent.click(screen.getByTestId(tid.calcMoveGo));
    expect(await screen.findByTestId(tid.calcResult('move'))).toBeTruthy();
    expect(screen.getByTestId(tid.calcSource('move')).textContent).toContain('Extended Operational Movement');

    await fireEvent.click(screen.getByTestId(tid.calcFuelZones(2)));
    await fireEvent.click(screen.getByTestId(tid.calcFuelGo));
    expect((await screen.findByTestId(tid.calcValue('fuel'))).textContent).toBe('6');

    await fireEvent.click(screen.getByTestId(tid.calcVpRule('crippled')));
    await type(tid.calcVpShip, '9');
    await fireEvent.click(screen.getByTestId(tid.calcVpGo));
    expect((await screen.findByTestId(tid.calcValue('vp'))).textContent).toBe('5');
    expect(screen.getByTestId(tid.calcSource('vp')).textContent).toContain('Cripples');

    expect(core.requests).toEqual([
      { tool: 'contact_modifier', ships_a: 5, ships_b: 3 },
      { tool: 'operational_move', speed: 'one_slow', turn: 2, weather: 'storm' },
      { tool: 'fuel_use', zones_moved: 2 },
      { tool: 'crippled_vp', ship_vp: 9 },
    ]);
  });

  it('hull damage VP and the minefield wording send their requests and show the answer with its source', async () => {
    const core = new ToolsReplay(transcript(calculators, 'hull and mines')).install();
    render(Calculators);
    await fireEvent.click(screen.getByTestId(tid.calcHullClass('other')));
    await type(tid.calcHullBoxes, '3');
    await fireEvent.click(screen.getByTestId(tid.calcHullGo));
    expect((await screen.findByTestId(tid.calcValue('hull'))).textContent).toBe('3');
    expect(screen.getByTestId(tid.calcSource('hull')).textContent).toBe('Source: The Turkish Black Sea Fleet, Victory Points (VPs)');
    await type(tid.calcMinesFields, '4');
    await fireEvent.click(screen.getByTestId(tid.calcMinesGo));
    expect((await screen.findByTestId(tid.calcText('mines'))).textContent).toBe('Moderately mined');
    expect(screen.getByTestId(tid.calcSource('mines')).textContent).toContain('Advanced Strategic Rules 7');
    expect(core.requests).toEqual([
      { tool: 'hull_damage_vp', class: 'other', hull_boxes: 3 },
      { tool: 'minefield_density', fields: 4 },
    ]);
  });

  it('refuses a number that is not whole without asking the core', async () => {
    const core = new ToolsReplay(transcript(calculators, 'nothing asked')).install();
    render(Calculators);
    await type(tid.calcVpShip, '-2');
    await fireEvent.click(screen.getByTestId(tid.calcVpGo));
    expect((await screen.findByTestId(tid.toolsError)).textContent).toContain('whole number');
    expect(core.requests).toEqual([]);
  });

  it('shows the core’s refusal in an alert', async () => {
    new ToolsReplay(transcript(calculators, 'turn 0')).install();
    render(Calculators);
    await type(tid.calcMoveTurn, '0');
    await fireEvent.click(screen.getByTestId(tid.calcMoveGo));
    expect((await screen.findByRole('alert')).textContent).toContain('turns are numbered from 1');
    expect(screen.queryByTestId(tid.calcResult('move'))).toBeNull();
  });
});
