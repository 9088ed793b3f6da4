import { describe, expect, it } from 'vitest';
import { percent, placeName, shipName, speedName, trackName, weaponName } from './names';

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

  it('rounds a chance to a whole percent and never shows a small chance as 0%', () => {
    expect(percent(0.4567)).toBe('46%');
    expect(percent(0.001)).toBe('<1%');
    expect(percent(1)).toBe('100%');
  });
});
