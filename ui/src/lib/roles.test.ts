import { describe, expect, it } from 'vitest';
import { whoDecides } from './roles';

const name = (id: string) => (id === 'goeben' ? 'SMS Goeben' : id);

describe('25.0 multi-player roles', () => {
  it('says nothing to a solo player', () => {
    expect(whoDecides('solo', { action: 'end_phase' }, name)).toBeNull();
  });
  it('gives fire orders to the gunnery officer and repairs to the engineer (task force officers)', () => {
    expect(whoDecides('task_force_officers', { action: 'fire_orders', ship: 'goeben', maximum_fire: false }, name)).toMatch(/Gunnery Officer/);
    expect(whoDecides('task_force_officers', { action: 'repair', ship: 'goeben', hull: 4, engines: 0, primary: 0, secondary: 0, tertiary: 0 }, name)).toMatch(/Engineer/);
    expect(whoDecides('task_force_officers', { action: 'resolve_incidents', space: { kind: 'place', id: 'malta' } }, name)).toMatch(/First Officer/);
    expect(whoDecides('task_force_officers', { action: 'end_phase' }, name)).toBe('Commander');
  });
  it("gives a ship's decisions to its commander, the rest by precedence (ship commanders)", () => {
    expect(whoDecides('ship_commanders', { action: 'move', ship: 'goeben', to: { kind: 'place', id: 'malta' }, speed: 'cruise' }, name)).toBe("SMS Goeben's commander");
    expect(whoDecides('ship_commanders', { action: 'end_phase' }, name)).toMatch(/senior commander/);
  });
});
