// Generated from the table tools' limits by crates/table-tools/tests/typescript_bindings.rs: do not edit.

/** The longest label a player may give a draw, in characters. */
export const LABEL_MAX_CHARS = 80;

/** The chits in the Secret Die Roll bag. */
export const CHITS_MAX = 48;

/** A chit's highest value (chits run 1 to this). */
export const CHIT_FACES = 6;

/** The hex digits of a chit's commitment. */
export const COMMITMENT_HEX_DIGITS = 16;

/** The fewest digits of a Peek PIN. */
export const PIN_MIN_DIGITS = 4;

/** The most digits of a Peek PIN. */
export const PIN_MAX_DIGITS = 8;

/** The longest ship name on a Fleet Chart, in characters. */
export const SHIP_NAME_MAX_CHARS = 60;

/** The longest unit, sea, area, square or coast name of the search, in characters. */
export const SEARCH_NAME_MAX_CHARS = 40;

/** The most ships one combined-fire calculation takes. */
export const FIRERS_MAX = 64;

/** The most damaged boxes one damage-control roll takes. */
export const DAMAGED_BOXES_MAX = 100;

/** The most escorts one ASW roll takes. */
export const ESCORTS_MAX = 200;

/** The largest sighting distance or range, in hexes, the disengagement roll takes. */
export const SIGHTING_MAX = 50;
