import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import { tick } from 'svelte';
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

  it('builds a ship display the first time it opens, and keeps it (with an edit begun) when folded again', async () => {
    const game = structuredClone((movement as unknown as Response).view.game!);
    const ship = game.ships.find((s) => s.status === 'active')!;
    render(Fleet, { game });
    // Folded, the display is not built: it would be rebuilt unseen by every tap that moves a track.
    expect(screen.queryByTestId(tid.display(ship.id))).toBeNull();
    const toggle = screen.getByTestId(tid.openDisplay(ship.id)).closest('details')!;
    const setOpen = async (open: boolean) => {
      toggle.open = open;
      toggle.dispatchEvent(new Event('toggle'));
      await tick();
    };
    await setOpen(true);
    expect(screen.getByTestId(tid.display(ship.id)).textContent).toMatch(/cruise \d+ · maximum \d+ · emergency \d+/);
    await fireEvent.click(screen.getByTestId(tid.editTracks(ship.id)));
    expect(screen.getByTestId(tid.less(ship.id, 'coal'))).toBeTruthy();
    await setOpen(false);
    await setOpen(true);
    expect(screen.getByTestId(tid.less(ship.id, 'coal'))).toBeTruthy();
  });
});
