import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import App from '../App.svelte';
import type { Response } from '../generated/Response';
import type { Forecast } from '../generated/Forecast';
import battle from '../test/fixtures/battle.json';
import { tid } from '../lib/testids.js';
import { PHRASES } from '../generated/names';

// The game screen's own chunk, loaded once as the app loads it by the first tap (after the start screen).
beforeAll(() => import('./gameParts'));

// A real referee response (tests/ui_fixtures.rs): a German ship owes its fire orders in a battle.
const atOrders = battle as Response;
const fight = atOrders.view.game!.combat.find((b) => b.stage !== 'over')!;
const pendingShip = (atOrders.view.game!.pending[0].pending as { ship: string }).ship;

// The core writes every word of a forecast (src/rules/combat/forecast.rs); the card shows them as given.
const forecast: Forecast = {
  simulations: 2000,
  policy: 'fight every round',
  summary: '2,000 simulated battles: expected VP +3.2, Critical Naval Win 5%, Critical Naval Loss 10%, about 2.4 rounds.',
  assumes: 'Assumes you fight every round.',
  german: [{ ship: 'breslau', name: 'SMS Breslau', sunk: 0.12, hull_hit: 0.5, ammunition_spent: 1, words: 'SMS Breslau: sunk 12% · hull hit 50% · ammunition 1.0' }],
  allied: [{ counter: 'gb_ca_duke_of_edinburgh', name: 'HMS Duke of Edinburgh', sunk: 0.41, damaged_or_withdrawn: 0.3, words: 'HMS Duke of Edinburgh: sunk 41% · damaged or withdrawn 30%' }],
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
    if (cmd !== 'respond') return null;
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
  it('strikes out a German ship lost in the battle, and says it was sunk (issue #29: a sunk Breslau was still listed)', async () => {
    const lost = structuredClone(atOrders);
    const german = lost.view.game!.combat.find((b) => b.stage !== 'over')!.german;
    const gone = lost.view.game!.ships.find((s) => s.id === german[german.length - 1])!;
    gone.status = 'sunk';
    mockIPC((cmd) => (cmd === 'startup_notice' ? null : lost));
    render(App);
    const line = await screen.findByTestId(tid.battleGerman);
    expect(line.querySelector('s')?.textContent).toBe(gone.name);
    expect(line.textContent).toContain(`${gone.name} sunk`);
    // The others stay plain.
    expect(line.querySelectorAll('s').length).toBe(1);
  });

  it('fills every box of an Allied ship sunk, whatever damage sank it (issue #50)', async () => {
    const sunk = structuredClone(atOrders);
    const unit = sunk.view.game!.combat.find((b) => b.stage !== 'over')!.allied[0];
    unit.fate = 'sunk';
    unit.damage = 0;
    mockIPC((cmd) => (cmd === 'startup_notice' ? null : sunk));
    render(App);
    await screen.findByTestId(tid.battle);
    const row = [...document.querySelectorAll('.battle .units li')].find((li) => li.textContent!.includes(unit.counter.name))!;
    expect(row.querySelectorAll('.pip.hit')).toHaveLength(unit.armor + 1);
  });

  it('shows each German ship in the battle with its hull boxes lost, as the Allied ones (issue #50)', async () => {
    const hit = structuredClone(atOrders);
    const id = hit.view.game!.combat.find((b) => b.stage !== 'over')!.german[0];
    const ship = hit.view.game!.ships.find((s) => s.id === id)!;
    ship.tracks.hull = ship.start.hull - 2;
    ship.tracks.engines = ship.start.engines - 1;
    mockIPC((cmd) => (cmd === 'startup_notice' ? null : hit));
    render(App);
    const list = await screen.findByTestId(tid.battleGerman);
    const row = [...list.querySelectorAll('li')].find((li) => li.textContent!.includes(ship.name))!;
    expect(row.textContent).toContain(`hull ${ship.start.hull - 2}/${ship.start.hull}`);
    expect(row.querySelectorAll('.pip')).toHaveLength(ship.start.hull);
    expect(row.querySelectorAll('.pip.hit')).toHaveLength(2);
  });

  it('offers one card per target with the exact odds of its fire, and one maximum-fire switch for the ship (issues #19, #29)', async () => {
    shell();
    render(App);
    await screen.findByTestId(tid.battle);
    expect(screen.getByRole('heading', { name: fight.title })).toBeTruthy();
    expect(fight.title).toBe(`Battle at ${fight.name}`);
    const targets = [...new Set(fight.options.map((o) => o.target))];
    const cards = screen.getAllByTestId(tid.fireOption);
    expect(cards.length).toBe(targets.length);
    const plain = fight.options.find((o) => o.target === targets[0] && !o.maximum_fire)!;
    const maximum = fight.options.find((o) => o.target === targets[0] && o.maximum_fire)!;
    // The core's words for the odds: short on the card, in full as the line's title.
    const line = (o: typeof plain) => o.fires[0].short_words;
    expect(cards[0].textContent).toContain(`Fire at ${plain.target_name}`);
    // The odds of the fire the button stands for, on its card above it.
    const card0 = () => cards[0].closest('.fire-card')!.textContent;
    expect(card0()).toContain(line(plain));
    expect(cards[0].closest('.fire-card')!.querySelector('.odds')?.getAttribute('title')).toBe(plain.fires[0].words);
    // The button says what the order spends, before the tap (the core's number).
    expect(within(cards[0]).getByTestId(tid.fireSpend).textContent?.trim()).toBe(`· ${plain.ammunition} ammunition`);
    expect(plain.ammunition).toBe(1);
    // One switch for the ship, not one per card, saying what maximum fire costs and what is aboard.
    const switches = within(screen.getByTestId(tid.battle)).getAllByRole('switch');
    expect(switches.length).toBe(1);
    expect((switches[0] as HTMLInputElement).checked).toBe(false);
    expect(screen.getByTestId(tid.fireMaximum).textContent).toMatch(/Maximum fire for this battle \(14\.9\): 2 ammunition instead of 1 · \d+ aboard/);
    await fireEvent.click(screen.getByTestId(tid.fireMaximum));
    // Every card follows the one switch.
    for (const c of cards) expect(c.textContent).toMatch(/^\s*Maximum fire at /);
    expect(cards[0].textContent).toContain(`Maximum fire at ${maximum.target_name}`);
    expect(within(cards[0]).getByTestId(tid.fireSpend).textContent?.trim()).toBe('· 2 ammunition');
    expect(card0()).toContain(line(maximum));
    await fireEvent.click(cards[0]);
    await waitFor(() => expect(last()).toEqual({ action: 'fire_orders', ship: maximum.ship, target: maximum.target, maximum_fire: true }));
  });

  it('sends plain fire at the tapped target by default', async () => {
    shell();
    render(App);
    const cards = await screen.findAllByTestId(tid.fireOption);
    // The second target's card, or the only one when the battle has one target (the fixture is a real game's).
    const i = Math.min(1, cards.length - 1);
    await fireEvent.click(cards[i]);
    const o = fight.options.filter((x) => !x.maximum_fire)[i];
    await waitFor(() => expect(last()).toEqual({ action: 'fire_orders', ship: o.ship, target: o.target, maximum_fire: false }));
  });

  it('never sends a fire the core does not offer: the card is disabled and says why', async () => {
    const r = structuredClone(atOrders) as Response;
    const o = r.view.game!.combat.find((b) => b.stage !== 'over')!.options.find((x) => x.maximum_fire)!;
    // The battle still lists the option, but the core no longer offers it.
    const i = r.view.decisions.findIndex(({ action: a }) => a.action === 'fire_orders' && a.target === o.target && a.maximum_fire);
    r.view.decisions.splice(i, 1);
    sent = [];
    mockIPC((cmd, args) => {
      if (cmd !== 'respond') return null;
      sent.push((args as { action: { action: string } }).action);
      return r;
    });
    render(App);
    const targets = [...new Set(r.view.game!.combat.find((b) => b.stage !== 'over')!.options.map((x) => x.target))];
    const n = targets.indexOf(o.target);
    await fireEvent.click(await screen.findByTestId(tid.fireMaximum));
    const card = screen.getAllByTestId(tid.fireOption)[n] as HTMLButtonElement;
    expect(card.disabled).toBe(true);
    const why = document.getElementById(card.getAttribute('aria-describedby')!)!;
    expect(why.textContent).toMatch(/Not among the referee’s choices/);
    const before = sent.length;
    await fireEvent.click(card);
    expect(sent.length).toBe(before);
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
    const hold = await screen.findByTestId(tid.holdFire);
    // The core's phrase, with the rule that says holding fire spends nothing (14.8).
    expect(hold.textContent).toContain(PHRASES.hold_fire);
    expect(PHRASES.hold_fire).toContain('14.8');
    await fireEvent.click(hold);
    await waitFor(() => expect(last()).toEqual({ action: 'fire_orders', ship: pendingShip, target: null, maximum_fire: false }));
  });

  it('asks for the forecast and shows the chances', async () => {
    shell();
    render(App);
    await fireEvent.click(await screen.findByTestId(tid.forecastButton));
    const box = await screen.findByTestId(tid.forecast);
    expect(last()).toEqual({ action: 'forecast', space: fight.space });
    expect(box.querySelector('p')?.textContent).toBe(forecast.summary);
    expect([...box.querySelectorAll('li')].map((li) => li.textContent)).toEqual([forecast.german[0].words, forecast.allied[0].words]);
    expect(box.querySelector('small')?.textContent).toBe(forecast.assumes);
  });

  describe('torpedoes (14.6)', () => {
    type Decision = Response['view']['decisions'][number];
    const barrier = "may roll this round's torpedoes (14.6) · can't be taken back";
    const torpedo = (ship: string, target: string | undefined, count: number): Decision =>
      ({ action: { action: 'torpedoes', ship, target, count }, label: `${ship} ${count} at ${target}`, barrier }) as Decision;
    /** A torpedo question for `ship`: the battle's first unit and a second one, each with its launches. */
    function asked(ship: string, counts: number[], warrior: 'fighting' | 'sunk'): Response {
      const r = structuredClone(atOrders) as Response;
      const b = r.view.game!.combat.find((x) => x.stage !== 'over')!;
      const first = b.allied[0];
      const second = structuredClone(first);
      second.counter = { ...second.counter, id: 'gb_ca_warrior', name: 'HMS Warrior' };
      if (warrior === 'sunk') Object.assign(second, { in_battle: false, fate: 'sunk', status_word: 'sunk' });
      b.allied = [second, first];
      const targets = warrior === 'sunk' ? [first] : [second, first];
      const fires = [{ ...b.options[0].fires[0], weapon: 'torpedo', words: '4 dice · expect 1.3 hits · 80% at least one' }] as typeof b.options[0]['fires'];
      b.options = targets.map((u) => ({ ship, target: u.counter.id, target_name: u.counter.name, maximum_fire: false, ammunition: 0, fires }));
      r.view.game!.pending[0] = { ...r.view.game!.pending[0], pending: { kind: 'torpedoes', space: b.space, ship }, question: `${ship}: launch torpedoes?` };
      r.view.decisions = [torpedo(ship, undefined, 0), ...targets.flatMap((u) => counts.map((n) => torpedo(ship, u.counter.id, n)))];
      return r;
    }
    const goeben = asked('goeben', [1], 'fighting');
    const breslau = asked('breslau', [1, 2], 'sunk');

    it("keeps a target sunk by one ship's torpedoes (14.7: hits applied as its fire completes) in its place for the next ship, so no Launch comes up under the thumb", async () => {
      sent = [];
      mockIPC((cmd, args) => {
        if (cmd !== 'respond') return null;
        const action = (args as { action: { action: string } }).action;
        sent.push(action);
        return action.action === 'torpedoes' ? breslau : goeben;
      });
      // The page's boxes as a phone lays them out: each target's card 180 px tall.
      const box = HTMLElement.prototype.getBoundingClientRect;
      HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
        return this.dataset.target ? ({ x: 0, y: 0, left: 0, top: 0, right: 0, width: 0, bottom: 180, height: 180 } as DOMRect) : box.call(this);
      };
      try {
        render(App);
        const launches = await screen.findAllByTestId(tid.torpedoOption);
        expect(launches.map((b) => b.closest('.option')!.querySelector('strong')!.textContent)).toEqual(['Torpedoes at HMS Warrior', `Torpedoes at ${fight.allied[0].counter.name}`]);
        // One launch at a target (the first ship's): its note above it too, where two launches' note stands.
        for (const b of launches) {
          expect(within(b).queryByTestId(tid.barrierNote)).toBeNull();
          expect(document.getElementById(b.getAttribute('aria-describedby')!)?.textContent).toBe(barrier);
        }
        await fireEvent.click(launches[0]);
        const gone = await screen.findByTestId(tid.torpedoGone);
        expect(last()).toEqual({ action: 'torpedoes', ship: 'goeben', target: 'gb_ca_warrior', count: 1 });
        // The sunk target first, where it stood, struck out with the core's word for its fate and as tall as before.
        const places = [...document.querySelectorAll<HTMLElement>('.battle .option')];
        expect(places[0]).toBe(gone);
        expect(gone.querySelector('s')?.textContent).toBe('Torpedoes at HMS Warrior');
        expect(gone.style.minHeight).toBe('180px');
        expect(gone.querySelector('button')).toBeNull();
        // Its fate is said last, at the bottom where its Launch buttons stood (app.css: space-between).
        expect(gone.lastElementChild).toBe(within(gone).getByTestId(tid.torpedoGoneFate));
        expect(gone.lastElementChild?.textContent).toBe('HMS Warrior: sunk');
        // The next target's launches after it, as many as the next ship carries, and what they may roll said
        // once above them (read before the tap where they wrap), each button pointing to it, not inside each.
        const next = [...places[1].querySelectorAll('button')];
        expect(next.map((b) => b.textContent?.trim())).toEqual(['Launch 1', 'Launch 2']);
        const notes = within(places[1]).getAllByTestId(tid.barrierNote);
        expect(notes.map((n) => n.textContent)).toEqual([barrier]);
        expect(notes[0].closest('button')).toBeNull();
        expect(notes[0].compareDocumentPosition(next[0]) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
        for (const b of next) expect(b.getAttribute('aria-describedby')).toBe(notes[0].id);
      } finally {
        HTMLElement.prototype.getBoundingClientRect = box;
      }
    });

    it('keeps no place when the question was not answered here (a game reopened at the next ship)', async () => {
      mockIPC((cmd) => (cmd === 'respond' ? breslau : null));
      render(App);
      await screen.findAllByTestId(tid.torpedoOption);
      expect(screen.queryByTestId(tid.torpedoGone)).toBeNull();
      expect(document.querySelectorAll('.battle .option')).toHaveLength(1);
    });
  });
});
