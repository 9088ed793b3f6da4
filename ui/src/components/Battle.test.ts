import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import App from '../App.svelte';
import type { Response } from '../generated/Response';
import type { Forecast } from '../generated/Forecast';
import battle from '../test/fixtures/battle.json';

// A real referee response (scripts/battle_fixture.py): Breslau owes its fire orders at Malta.
const atOrders = battle as Response;

const forecast: Forecast = {
  simulations: 2000,
  policy: 'fight every round',
  german: [{ ship: 'breslau', name: 'SMS Breslau', sunk: 0.12, hull_hit: 0.5, ammunition_spent: 1 }],
  allied: [{ counter: 'gb_ca_duke_of_edinburgh', name: 'HMS Duke of Edinburgh', sunk: 0.41, damaged_or_withdrawn: 0.3 }],
  expected_vp: 3.25,
  critical_win: 0.05,
  critical_loss: 0.1,
  mean_rounds: 2.4,
};

let sent: { action: string; [k: string]: unknown }[] = [];
const last = () => sent[sent.length - 1];

function shell() {
  sent = [];
  mockIPC((cmd, args) => {
    if (cmd === 'startup_notice') return null;
    const action = (args as { action: { action: string } }).action;
    sent.push(action);
    if (action.action === 'forecast') return { ...atOrders, forecast };
    return atOrders;
  });
}

afterEach(() => {
  cleanup();
  clearMocks();
});

describe('battle card (14.0)', () => {
  it('shows the Allied ship with its armor and offers each fire option with its exact odds', async () => {
    shell();
    render(App);
    await screen.findByTestId('battle');
    expect(screen.getByRole('heading', { name: /Battle at Malta/ })).toBeTruthy();
    const options = screen.getAllByTestId('fire-option');
    expect(options.length).toBe(2);
    expect(options[0].textContent).toMatch(/Fire at HMS Duke of Edinburgh/);
    expect(options[0].textContent).toMatch(/5 dice · 0\.83 hits · 60% ≥1/);
    expect(options[1].textContent).toMatch(/Maximum fire.*8 dice/);
    await fireEvent.click(options[1]);
    await waitFor(() => expect(last()).toEqual({ action: 'fire_orders', ship: 'breslau', target: 'gb_ca_duke_of_edinburgh', maximum_fire: true }));
  });

  it('holds fire without spending ammunition', async () => {
    shell();
    render(App);
    await fireEvent.click(await screen.findByTestId('hold-fire'));
    await waitFor(() => expect(last()).toEqual({ action: 'fire_orders', ship: 'breslau', target: null, maximum_fire: false }));
  });

  it('asks for the forecast and shows the chances', async () => {
    shell();
    render(App);
    await fireEvent.click(await screen.findByTestId('forecast-button'));
    const box = await screen.findByTestId('forecast');
    expect(last()).toEqual({ action: 'forecast', space: { kind: 'place', id: 'malta' } });
    expect(box.textContent).toMatch(/2,000 simulated battles/);
    expect(box.textContent).toMatch(/HMS Duke of Edinburgh: sunk 41%/);
    expect(box.textContent).toMatch(/Critical Naval Win 5%/);
  });
});
