// Names the view already holds, looked up for the few controls the UI builds itself (the move picker,
// the battle card): places and ships by id, a speed, a weapon, a track, a percentage. Every word of a
// closed set comes from the core (generated/names.ts); events, action labels, phase names, rule summaries
// and 25.0's roles come worded in the view.
import type { GameView } from '../generated/GameView';
import type { PlaceView } from '../generated/PlaceView';
import { SPEED_CHOICES, TRACK_NAMES, WEAPON_NAMES, ZONE_NAMES } from '../generated/names';
import type { SpaceRef } from '../generated/SpaceRef';
import type { Speed } from '../generated/Speed';
import type { Track } from '../generated/Track';
import type { Weapon } from '../generated/Weapon';
import { isWhole } from './reconcile';

export function prettify(id: string): string {
  return id.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}

export function placeName(game: GameView | null | undefined, space: SpaceRef): string {
  if (space.kind === 'high_seas') {
    // As the core's SpaceRef::describe: "label, zone", so no bracket sits inside another.
    const zone = ZONE_NAMES[space.zone] ?? space.zone;
    return space.label ? `${space.label}, ${zone}` : `open sea, ${zone}`;
  }
  const known = placeOf(game, space.id);
  return known ? known.name : prettify(space.id);
}

/** Each list of the map's places by id, built once per list: a list of spaces names each of its spaces and
 * groups them by the place's kind and zone, each a search through the ~100 places before. Kept
 * per list only where the list is never changed in place (App.svelte keeps `game.places` whole); any other
 * list is searched. */
const placeIndexes = new WeakMap<readonly PlaceView[], Map<string, PlaceView>>();

/** The map's place of that id, if the view names it. */
export function placeOf(game: GameView | null | undefined, id: string): PlaceView | undefined {
  const places = game?.places;
  if (!places) return undefined;
  if (!isWhole(places)) return places.find((p) => p.id === id);
  let index = placeIndexes.get(places);
  if (!index) {
    index = new Map(places.map((p) => [p.id, p]));
    placeIndexes.set(places, index);
  }
  return index.get(id);
}

export function shipName(game: GameView | null | undefined, id: string): string {
  return game?.ships.find((s) => s.id === id)?.name ?? prettify(id);
}

/** A speed as the move picker offers it, with its cost (12.1–12.3). */
export const speedName = (s: Speed): string => SPEED_CHOICES[s] ?? s;

/** The core's words opening a line or a label ("primary guns" → "Primary guns"). */
export const capitalised = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** What fires, capitalised to open a fire card's line ("Primary guns"). */
export const weaponName = (w: Weapon): string => capitalised(WEAPON_NAMES[w] ?? w);

/** A ship display's track as the repair control names it ("primary guns"). */
export const trackName = (t: Track): string => TRACK_NAMES[t] ?? t;
