// Names the view already holds, looked up for the few controls the UI builds itself (the move picker,
// the battle card): places and ships by id, a speed, a weapon, a percentage. Events, action labels,
// phase names, rule summaries and 25.0's roles all come worded from the core (issue #15).
import type { GameView } from '../generated/GameView';
import type { SeaZone } from '../generated/SeaZone';
import type { SpaceRef } from '../generated/SpaceRef';

export const ZONES: Record<SeaZone, string> = {
  western_med: 'Western Mediterranean',
  adriatic: 'Adriatic',
  eastern_med: 'Eastern Mediterranean',
  aegean: 'Aegean',
  marmara: 'Sea of Marmara',
  black_sea: 'Black Sea',
  atlantic: 'Atlantic',
};

export function prettify(id: string): string {
  return id.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}

export function placeName(game: GameView | null | undefined, space: SpaceRef): string {
  if (space.kind === 'high_seas') {
    const zone = ZONES[space.zone] ?? space.zone;
    return space.label ? `${space.label} (${zone})` : `open sea, ${zone}`;
  }
  const known = game?.places.find((p) => p.id === space.id);
  return known ? known.name : prettify(space.id);
}

export function shipName(game: GameView | null | undefined, id: string): string {
  return game?.ships.find((s) => s.id === id)?.name ?? prettify(id);
}

const SPEEDS: Record<string, string> = { stay: 'stays', cruise: 'cruise', maximum: 'maximum (1 coal)', emergency: 'emergency (1 coal, engine check)' };
export const speedName = (s: string): string => SPEEDS[s] ?? s;

const WEAPONS: Record<string, string> = { primary: 'Primary', secondary: 'Secondary', tertiary: 'Tertiary', torpedo: 'Torpedo' };
export const weaponName = (w: string): string => WEAPONS[w] ?? prettify(w);

/** 0.4567 → "46%" (under 1%, "<1%"; a certainty stays 100%). */
export function percent(p: number): string {
  if (p > 0 && p < 0.005) return '<1%';
  return `${Math.round(p * 100)}%`;
}
