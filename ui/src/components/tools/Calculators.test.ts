import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import { clearMocks } from '@tauri-apps/api/mocks';
import Calculators from './Calculators.svelte';
import { FakeCore } from './fakeCore';

afterEach(() => {
  cleanup();
  clearMocks();
});

const type = (id: string, value: string) => fireEvent.input(screen.getByTestId(id), { target: { value } });

describe('calculators', () => {
  it('combined fire sends every ship’s strength and shows the result with its source', async () => {
    const core = new FakeCore().install();
    render(Calculators);
    await type('calc-fire-0', '4');
    await type('calc-fire-1', '2');
    await fireEvent.click(screen.getByTestId('calc-fire-add'));
    await type('calc-fire-2', ' 3 ');
    await fireEvent.click(screen.getByTestId('calc-fire-go'));
    expect(core.requests).toEqual([{ tool: 'combined_fire', strengths: [4, 2, 3] }]);
    expect((await screen.findByTestId('calc-value-fire')).textContent).toBe('7');
    expect(screen.getByTestId('calc-source-fire').textContent).toBe('Source: seed 004, Advanced Tactical Rules 11');
  });

  it('contact, movement, fuel and VP forms send the right requests', async () => {
    const core = new FakeCore().install();
    render(Calculators);
    await type('calc-contact-a', '5');
    await type('calc-contact-b', '3');
    await fireEvent.click(screen.getByTestId('calc-contact-go'));
    expect((await screen.findByTestId('calc-value-contact')).textContent).toBe('2');

    await fireEvent.change(screen.getByTestId('calc-move-speed'), { target: { value: 'one_slow' } });
    await type('calc-move-turn', '2');
    await fireEvent.change(screen.getByTestId('calc-move-weather'), { target: { value: 'storm' } });
    await fireEvent.click(screen.getByTestId('calc-move-go'));
    expect(await screen.findByTestId('calc-result-move')).toBeTruthy();
    expect(screen.getByTestId('calc-source-move').textContent).toContain('Extended Operational Movement');

    await fireEvent.click(screen.getByTestId('calc-fuel-zones-2'));
    await fireEvent.click(screen.getByTestId('calc-fuel-go'));
    expect((await screen.findByTestId('calc-value-fuel')).textContent).toBe('6');

    await fireEvent.click(screen.getByTestId('calc-vp-rule-crippled'));
    await type('calc-vp-ship', '9');
    await fireEvent.click(screen.getByTestId('calc-vp-go'));
    expect((await screen.findByTestId('calc-value-vp')).textContent).toBe('5');
    expect(screen.getByTestId('calc-source-vp').textContent).toContain('Cripples');

    expect(core.requests).toEqual([
      { tool: 'contact_modifier', ships_a: 5, ships_b: 3 },
      { tool: 'operational_move', speed: 'one_slow', turn: 2, weather: 'storm' },
      { tool: 'fuel_use', zones_moved: 2 },
      { tool: 'crippled_vp', ship_vp: 9 },
    ]);
  });

  it('hull damage VP and the minefield wording send their requests and show the answer with its source', async () => {
    const core = new FakeCore().install();
    render(Calculators);
    await fireEvent.click(screen.getByTestId('calc-hull-class-other'));
    await type('calc-hull-boxes', '3');
    await fireEvent.click(screen.getByTestId('calc-hull-go'));
    expect((await screen.findByTestId('calc-value-hull')).textContent).toBe('3');
    expect(screen.getByTestId('calc-source-hull').textContent).toBe('Source: seed 003, Victory Points (VPs)');
    await type('calc-mines-fields', '4');
    await fireEvent.click(screen.getByTestId('calc-mines-go'));
    expect((await screen.findByTestId('calc-text-mines')).textContent).toBe('Moderately mined');
    expect(screen.getByTestId('calc-source-mines').textContent).toContain('Advanced Strategic Rules 7');
    expect(core.requests).toEqual([
      { tool: 'hull_damage_vp', class: 'other', hull_boxes: 3 },
      { tool: 'minefield_density', fields: 4 },
    ]);
  });

  it('refuses a number that is not whole without asking the core', async () => {
    const core = new FakeCore().install();
    render(Calculators);
    await type('calc-vp-ship', '-2');
    await fireEvent.click(screen.getByTestId('calc-vp-go'));
    expect((await screen.findByTestId('tools-error')).textContent).toContain('whole number');
    expect(core.requests).toEqual([]);
  });

  it('shows the core’s refusal in an alert', async () => {
    const core = new FakeCore().install();
    core.override.operational_move = () => ({ tool: 'error', code: 'bad_input', message: 'turns are numbered from 1' });
    render(Calculators);
    await type('calc-move-turn', '0');
    await fireEvent.click(screen.getByTestId('calc-move-go'));
    expect((await screen.findByRole('alert')).textContent).toContain('turns are numbered from 1');
    expect(screen.queryByTestId('calc-result-move')).toBeNull();
  });
});
