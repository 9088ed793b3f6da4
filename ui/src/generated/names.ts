// Generated from the core's names and limits (api::names) by tests/typescript_bindings.rs: do not edit.
import type { SeaZone } from './SeaZone';
import type { Speed } from './Speed';
import type { Track } from './Track';
import type { Weapon } from './Weapon';

export const ZONE_NAMES: Record<SeaZone, string> = {
  western_med: "Western Mediterranean",
  adriatic: "Adriatic",
  eastern_med: "Eastern Mediterranean",
  aegean: "Aegean",
  marmara: "Sea of Marmara",
  black_sea: "Black Sea",
  atlantic: "Atlantic",
};
export const SPEED_CHOICES: Record<Speed, string> = {
  stay: "stays",
  cruise: "cruise",
  maximum: "maximum (1 coal)",
  emergency: "emergency (1 coal, engine check)",
};
export const WEAPON_NAMES: Record<Weapon, string> = {
  primary: "primary guns",
  secondary: "secondary guns",
  tertiary: "tertiary guns",
  torpedo: "torpedoes",
};
export const TRACK_NAMES: Record<Track, string> = {
  leadership: "leadership",
  engines: "engines",
  hull: "hull",
  primary: "primary guns",
  secondary: "secondary guns",
  tertiary: "tertiary guns",
  ammunition: "ammunition",
  torpedoes: "torpedoes",
  coal: "reserve coal",
};

/** The longest label of a high-seas space, in characters. */
export const SPACE_LABEL_MAX_CHARS = 40;
/** The longest name of a save slot, in characters. */
export const SAVE_NAME_MAX_CHARS = 40;
