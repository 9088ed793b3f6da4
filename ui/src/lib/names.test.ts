import { describe, expect, it } from 'vitest';
import type { GameView } from '../generated/GameView';
import { keepWhole } from './reconcile';
import { placeName, placeOf, shipName, speedName, trackName, weaponName } from './names';

describe('names looked up in the view', () => {
  it('names a high-seas space by its label and zone, an unknown place by its id', () => {
    expect(placeName(null, { kind: 'high_seas', zone: 'adriatic', label: 'H7' })).toBe('H7, Adriatic');
    expect(placeName(null, { kind: 'high_seas', zone: 'eastern_med', label: '' })).toBe('open sea, Eastern Mediterranean');
    expect(placeName(null, { kind: 'place', id: 'gulf_of_taranto' })).toBe('Gulf Of Taranto');
    expect(shipName(null, 'goeben')).toBe('Goeben');
  });

  it('words speeds, weapons and tracks as the core does, each speed with its cost (12.2, 12.3)', () => {
    expect(speedName('maximum')).toBe('maximum (1 coal)');
    expect(speedName('emergency')).toContain('engine check');
    expect(weaponName('primary')).toBe('Primary guns');
    expect(weaponName('torpedo')).toBe('Torpedoes');
    expect(trackName('coal')).toBe('reserve coal');
  });

  it('finds a place by id in a list kept whole through its index, and in any other list by a search (issue #31)', () => {
    const malta = { id: 'malta', name: 'Malta', kind: 'naval_base', nation: 'britain', sea_zone: 'central_med' };
    const otranto = { id: 'otranto', name: 'Strait of Otranto', kind: 'patrol_zone', nation: 'neutral', sea_zone: 'adriatic' };
    const game = keepWhole({ places: [malta, otranto] }, ['places']) as unknown as GameView;
    expect(placeOf(game, 'otranto')).toBe(otranto);
    expect(placeName(game, { kind: 'place', id: 'malta' })).toBe('Malta');
    expect(placeOf(game, 'messina')).toBeUndefined();
    // A list that is not kept whole may change in place: searched each time, so a renamed place is seen.
    const open = { places: [{ ...malta }] } as unknown as GameView;
    expect(placeOf(open, 'malta')?.name).toBe('Malta');
    open.places[0].name = 'Valletta';
    expect(placeOf(open, 'malta')?.name).toBe('Valletta');
    // A new whole list (a new game): its own index.
    const next = keepWhole({ places: [{ ...malta, name: 'Valletta' }] }, ['places']) as unknown as GameView;
    expect(placeName(next, { kind: 'place', id: 'malta' })).toBe('Valletta');
    expect(placeOf(next, 'otranto')).toBeUndefined();
  });
});
