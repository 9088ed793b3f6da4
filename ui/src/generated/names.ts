// Generated from the core's names and limits (api::names) by tests/typescript_bindings.rs: do not edit.
import type { Fleet } from './Fleet';
import type { Phase } from './Phase';
import type { Roles } from './Roles';
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
/** A yes/no choice of a new game, by its `GameOptions` field (the mode, the optional rules by number, the house rules). */
export type Toggle = "cup_only" | "variable_deployment" | "austro_hungarian" | "seaplanes" | "night_combat" | "mines" | "campaign" | "take_backs" | "player_dice" | "every_port_picks" | "engine_hits_slow_all" | "austro_hungarian_cruise";
export const TOGGLES: readonly Toggle[] = ["cup_only", "variable_deployment", "austro_hungarian", "seaplanes", "night_combat", "mines", "campaign", "take_backs", "player_dice", "every_port_picks", "engine_hits_slow_all", "austro_hungarian_cruise"];
export const TOGGLE_CHOICES: Record<Toggle, string> = {
  cup_only: "Cup only: the referee just holds the cup and the face-down stacks; you run the rules",
  variable_deployment: "Variable deployment (18.0): a die decides where the task force starts",
  austro_hungarian: "Austro-Hungarian units (20.0): their fleet's sortie puts warships under your command",
  seaplanes: "Seaplanes (21.0): +2 to contact with a seaplane aboard, reconnaissance",
  night_combat: "Night combat (22.0): a die before each battle, night on 1–2",
  mines: "Mines (23.0): a CL may carry and lay mines",
  campaign: "Campaign (24.0): play mission after mission until the Orders run out",
  take_backs: "House rule: take-backs after reveals (Undo may take back a die or a reveal; each take-back is counted and shown at the end)",
  player_dice: "House rule: I roll the dice (you roll the dice at the table and enter the faces; the referee keeps the hidden draws)",
  every_port_picks: "House rule: every port picks from Alert 4 (13.2 read literally: friendly ports and bases make incident picks too)",
  engine_hits_slow_all: "House rule: engine hits slow every speed (12.4 read as each hit lowering cruise, maximum and emergency speed alike)",
  austro_hungarian_cruise: "House rule: Austro-Hungarian speed is cruise speed (20.0 read as the printed speed being cruise speed, not the Engines value)",
};
export const TOGGLE_IN_PLAY: Record<Toggle, string> = {
  cup_only: "",
  variable_deployment: "18.0 deployment",
  austro_hungarian: "20.0 Austro-Hungarians",
  seaplanes: "21.0 seaplanes",
  night_combat: "22.0 night",
  mines: "23.0 mines",
  campaign: "24.0 campaign",
  take_backs: "house rule: take-backs",
  player_dice: "house rule: I roll the dice",
  every_port_picks: "house rule: every port picks (13.2)",
  engine_hits_slow_all: "house rule: engine hits slow every speed (12.4)",
  austro_hungarian_cruise: "house rule: Austro-Hungarian speed is cruise (20.0)",
};
export const TOGGLE_READINGS: Record<Toggle, string> = {
  cup_only: "",
  variable_deployment: "",
  austro_hungarian: "",
  seaplanes: "",
  night_combat: "",
  mines: "",
  campaign: "",
  take_backs: "",
  player_dice: "",
  every_port_picks: "13.2: ships in friendly ports and naval bases never make incident picks. House rule \"every port picks from Alert 4\" (at new game): from Alert 4 they pick normally too.",
  engine_hits_slow_all: "6.2, 12.4: the Engines marker caps the printed track (Goeben 4/5/6, one hit 4/5/5, two 4/4/4). House rule \"engine hits slow every speed\": each hit lowers all three (one hit 3/4/5).",
  austro_hungarian_cruise: "20.0: an Austro-Hungarian counter's printed speed is its Engines value (Novara 6: cruise 4, maximum 5, emergency 6). House rule \"Austro-Hungarian speed is cruise speed\": Novara cruises at 6.",
};
export const FLEET_CHOICES: Record<Fleet, string> = {
  standard: "Goeben and Breslau",
  moltke: "Moltke instead of Goeben (−5 VP)",
  stralsund: "Add Stralsund (−10 VP)",
  moltke_and_stralsund: "Moltke instead of Goeben, add Stralsund (−15 VP)",
  all_four: "All four ships (−50 VP, New Zealand joins the Allies, two colliers)",
};
export const FLEET_IN_PLAY: Record<Fleet, string> = {
  standard: "",
  moltke: "19.0 Moltke",
  stralsund: "19.0 Stralsund",
  moltke_and_stralsund: "19.0 Moltke and Stralsund",
  all_four: "19.0 all four ships",
};
export const ROLES_CHOICES: Record<Roles, string> = {
  solo: "One player",
  task_force_officers: "Task force officers: Commander, First Officer, Gunnery Officer, Engineer",
  ship_commanders: "One commander per ship",
};
export const ROLES_IN_PLAY: Record<Roles, string> = {
  solo: "",
  task_force_officers: "25.0 task force officers",
  ship_commanders: "25.0 ship commanders",
};
export const PHASE_TASKS: Record<Phase, string> = {
  no_game: "",
  setup: "Load crew and gear (8.1: twice the leadership in points), then place one German collier in a sea space (3.0 step 9).",
  outfitting: "Outfitting & repair (7.0): roll a port's ammunition or coal, use a collier, repair, trade cargo. A ship that does any of it may not move this turn.",
  intelligence: "Intelligence (11.0): one attempt per turn by one ship.",
  movement: "Move the ships on the map, then report where each ended and at which speed (12.0). Stop on entering a port, patrol zone or a space with an incident marker.",
  incident: "Draw incidents for each space with German warships, in the order you choose (13.0, 6.1).",
  naval_combat: "For each battle, choose who lends leadership and speed for contact (14.3); each round name every ship's target. The referee rolls every die; copy the damage onto the ship displays.",
  commerce_raiding: "Raid the merchants in your spaces: one die plus one ship's leadership (15.0).",
  shore_bombardment: "You may bombard the Allied port you are in (16.0); with its defenses gone, marines may land (9.2).",
  objective: "End the turn: the referee checks your Orders (17.0).",
  game_over: "",
  cup_only: "Cup only: draw from the cup (as many as the Alert Level), reveal a zone or port, put markers back. Keep turn, Alert and VP with Correct.",
};
export const PHASE_PROMPTS: Record<Phase, string> = {
  no_game: "",
  setup: "Load crew & gear, place the collier",
  outfitting: "Outfit and repair your ships",
  intelligence: "Try for intelligence, or go on",
  movement: "Report where each ship ended",
  incident: "Draw the incidents",
  naval_combat: "Fight the battle",
  commerce_raiding: "Raid the merchants",
  shore_bombardment: "Bombard, or go on",
  objective: "End the turn",
  game_over: "",
  cup_only: "Draw from the cup",
};
/** A card's words that cite a rule, beside the view's figures. */
export type Phrase = "contact_hint" | "maximum_fire" | "cargo_loss_order" | "campaign_results" | "orders_choice" | "task_force_choice" | "players_choice" | "seat_waits" | "hold_fire" | "no_torpedoes";
export const PHRASES: Record<Phrase, string> = {
  contact_hint: "Make contact below (14.3), or see first how it would likely go.",
  maximum_fire: "Maximum fire for this battle (14.9)",
  cargo_loss_order: "the last lost first, 8.4",
  campaign_results: "Campaign (24.0)",
  orders_choice: "Orders (3.0)",
  task_force_choice: "Task force (19.0)",
  players_choice: "Players (25.0)",
  seat_waits: "Your decisions appear here when they are your call (25.0).",
  hold_fire: "Hold fire this round (no ammunition spent, 14.8)",
  no_torpedoes: "No torpedoes this round (14.10)",
};
export const ROLES_AT_TABLE: Record<Roles, string> = {
  solo: "a game: one player",
  task_force_officers: "a game: the four Task Force Officers (25.0)",
  ship_commanders: "a game: the ships’ commanders (25.0)",
};

/** The longest label of a high-seas space, in characters. */
export const SPACE_LABEL_MAX_CHARS = 40;
/** The longest name of a save slot, in characters. */
export const SAVE_NAME_MAX_CHARS = 40;
