import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import App from '../App.svelte';
import type { Response } from '../generated/Response';
import type { Forecast } from '../generated/Forecast';
import battle from '../test/fixtures/battle.json';
import { tid } from '../lib/testids.js';

// A real referee response (tests/ui_fixtures.rs): a German ship owes its fire orders in a battle.
const atOrders = battle as Response;
const fight = atOrders.view.game!.combat.find((b) => b.stage !== 'over')!;
const pendingShip = (atOrders.view.game!.pending[0].pending as { ship: string }).ship;

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
    await screen.findByTestId(tid.battle);
    expect(screen.getByRole('heading', { name: `Battle at ${fight.name}` })).toBeTruthy();
    const options = screen.getAllByTestId(tid.fireOption);
    expect(options.length).toBe(fight.options.length);
    const first = fight.options[0];
    const odds = first.fires[0].odds;
    expect(options[0].textContent).toContain(`Fire at ${first.target_name}`);
    expect(options[0].textContent).toContain(`${odds.dice_to_roll} dice · ${odds.expected_hits.toFixed(2)} hits · ${Math.round(odds.chance_of_a_hit * 100)}% ≥1`);
    const maximum = fight.options.findIndex((o) => o.maximum_fire);
    expect(options[maximum].textContent).toMatch(/Maximum fire/);
    await fireEvent.click(options[maximum]);
    const o = fight.options[maximum];
    await waitFor(() => expect(last()).toEqual({ action: 'fire_orders', ship: o.ship, target: o.target, maximum_fire: true }));
  });

  it("names each Allied ship's damage pips as one image for a screen reader (issue #17)", async () => {
    shell();
    render(App);
    await screen.findByTestId(tid.battle);
    const named = screen.getAllByRole('img', { name: /damage of \d+ that sink it$/ });
    expect(named.map((n) => n.getAttribute('aria-label'))).toEqual(fight.allied.map((u) => `${u.damage} damage of ${u.armor + 1} that sink it`));
    named.forEach((n, i) => expect(n.querySelectorAll('.pip')).toHaveLength(fight.allied[i].armor + 1));
  });

  it('holds fire without spending ammunition', async () => {
    shell();
    render(App);
    await fireEvent.click(await screen.findByTestId(tid.holdFire));
    await waitFor(() => expect(last()).toEqual({ action: 'fire_orders', ship: pendingShip, target: null, maximum_fire: false }));
  });

  it('asks for the forecast and shows the chances', async () => {
    shell();
    render(App);
    await fireEvent.click(await screen.findByTestId(tid.forecastButton));
    const box = await screen.findByTestId(tid.forecast);
    expect(last()).toEqual({ action: 'forecast', space: fight.space });
    expect(box.textContent).toMatch(/2,000 simulated battles/);
    expect(box.textContent).toMatch(/HMS Duke of Edinburgh: sunk 41%/);
    expect(box.textContent).toMatch(/Critical Naval Win 5%/);
  });
});
