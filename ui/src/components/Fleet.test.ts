import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/svelte';
import Fleet from './Fleet.svelte';
import movement from '../test/fixtures/movement.json';
import type { Response } from '../generated/Response';
import { tid } from '../lib/testids.js';

afterEach(() => cleanup());

describe('the task force card', () => {
  it('issue #29: names each crew and gear item once, with its count, under the setup\'s own words', () => {
    const game = structuredClone((movement as unknown as Response).view.game!);
    const ship = game.ships[0];
    const item = { id: 'searchlights', name: 'Searchlights/Optics', boxes: 1 };
    ship.cargo = [item, item, { ...item, id: 'wireless', name: 'Wireless' }] as typeof ship.cargo;
    render(Fleet, { game });
    const line = screen.getByTestId(tid.cargo(ship.id)).textContent ?? '';
    expect(line).toContain('Crew & gear: Searchlights/Optics ×2, Wireless');
    expect(line).not.toMatch(/Searchlights\/Optics, Searchlights\/Optics|Cargo:/);
  });
});
