import { describe, expect, it } from 'vitest';
import type { Action } from '../generated/Action';
import { copy } from '../test/views';
import battle from '../test/fixtures/battle.json';
import movement from '../test/fixtures/movement.json';
import newGame from '../test/fixtures/new_game.json';
import { cargoShips, compose, composeCollier, composeMove, contactGroups, defaultMaximum, fireCards, groupSpaces, NOT_OFFERED, spaceKey } from './compose';

describe('compose: only what the core offers', () => {
  it('finds a composed action among the legal ones whatever the order of its fields, and says why not otherwise', () => {
    const v = copy(movement).view;
    const offered = v.decisions[1].action as Extract<Action, { action: 'move' }>;
    const c = compose(v, { speed: offered.speed, to: offered.to, ship: offered.ship, action: 'move' } as Action, 'missing');
    expect(c.index).toBe(1);
    expect(c.reason).toBe('');
    expect(compose(v, { action: 'end_phase' }, 'x').index).toBeGreaterThanOrEqual(0);
    expect(compose(v, { action: 'cup_draw', count: 1 }, 'x')).toMatchObject({ index: -1, reason: NOT_OFFERED });
    expect(compose(v, null, 'Choose a space.')).toEqual({ action: null, index: -1, reason: 'Choose a space.' });
  });
});

describe('spaces in groups', () => {
  it('groups open sea, patrol zones and ports, each space once, the near sea zone first', () => {
    const v = copy(movement).view;
    const to = v.decisions.map((d) => d.action).flatMap((a) => (a.action === 'move' && a.ship === 'goeben' && a.speed === 'cruise' ? [a.to, a.to] : []));
    const groups = groupSpaces(v.game, to, 'adriatic');
    expect(groups.map((g) => g.name)).toEqual(['Open sea', 'Patrol zones', 'Ports']);
    expect(groups.reduce((n, g) => n + g.spaces.length, 0)).toBe(to.length / 2);
    expect(groups[0].spaces[0].name).toBe('open sea, Adriatic');
    expect(groups[1].spaces[0].name).toBe('Adriatic Patrol Zone');
    const port = groups[2].spaces[0].ref;
    expect(port.kind === 'place' && v.game!.places.find((p) => p.id === port.id)?.sea_zone).toBe('adriatic');
  });

  it('places the collier only where the core offers it', () => {
    const v = copy(newGame).view;
    expect(composeCollier(v, '').reason).toBe('Choose the collier’s sea space.');
    expect(composeCollier(v, spaceKey({ kind: 'place', id: 'messina' })).index).toBe(-1);
    expect(composeCollier(v, spaceKey({ kind: 'place', id: 'malta_pz' })).action).toEqual({ action: 'place_collier', to: { kind: 'place', id: 'malta_pz' } });
  });
});

describe('a move', () => {
  it('says what is missing, refuses a space not offered at the speed, and keeps a high-seas label', () => {
    const v = copy(movement).view;
    expect(composeMove(v, 'goeben', 'cruise', '').reason).toBe('Choose where SMS Goeben ended.');
    expect(composeMove(v, 'goeben', '', '').reason).toBe('Choose the speed of SMS Goeben.');
    expect(composeMove(v, 'goeben', 'maximum', spaceKey({ kind: 'place', id: 'malta' })).reason).toBe('Malta is not among the referee’s choices at this speed.');
    const sea = composeMove(v, 'goeben', 'maximum', spaceKey({ kind: 'high_seas', zone: 'aegean', label: '' }), '  two south of Lemnos ');
    expect(sea.index).toBeGreaterThanOrEqual(0);
    expect(sea.action).toEqual({ action: 'move', ship: 'goeben', to: { kind: 'high_seas', zone: 'aegean', label: 'two south of Lemnos' }, speed: 'maximum' });
  });
});

describe('fire cards', () => {
  it('folds fire and maximum fire at a target into one card, the switch off while plain fire is offered', () => {
    const v = copy(battle).view;
    const options = v.game!.combat.find((b) => b.stage !== 'over')!.options;
    const cards = fireCards(options);
    expect(cards.length).toBe(new Set(options.map((o) => o.target)).size);
    expect(cards.every((c) => c.plain && c.maximum && !defaultMaximum(c))).toBe(true);
    expect(defaultMaximum(fireCards(options.filter((o) => o.maximum_fire))[0])).toBe(true);
  });
});

describe('contact and cargo groups', () => {
  it('reads the speed words from the core’s label', () => {
    const v = copy(movement).view;
    const space = { kind: 'place', id: 'malta_pz' } as const;
    v.decisions = [{ action: { action: 'contact', space, leader: 'goeben', speed_ship: 'breslau', maximum_speed: true }, label: 'Contact at Malta Patrol Zone: leadership of SMS Goeben, maximum speed (1 coal) of SMS Breslau' }];
    const [g] = contactGroups(v);
    expect(g.leaders).toEqual([{ id: 'goeben', name: 'SMS Goeben', leadership: 4 }]);
    expect(g.speeds).toEqual([{ key: 'breslau:maximum', ship: 'breslau', maximum: true, text: 'maximum speed (1 coal) of SMS Breslau' }]);
  });

  it('groups crew & gear by ship with the points left, labels without the ship’s name', () => {
    const v = copy(newGame).view;
    const ships = cargoShips(v);
    expect(ships.map((s) => [s.ship, s.points])).toEqual([['goeben', 8], ['breslau', 8]]);
    expect(ships[0].choices[0].label).toBe(v.decisions[0].label.replace('SMS Goeben: ', ''));
  });
});
