// Generated from the core's phase names (ground::event::phase_name) by tests/typescript_bindings.rs: do not edit.
import type { Phase } from './Phase';

export const PHASE_NAMES: Record<Phase, string> = {
  no_game: "No game",
  setup: "Setup",
  outfitting: "Outfitting & Repair",
  intelligence: "Intelligence",
  movement: "Movement",
  incident: "Incident",
  naval_combat: "Naval Combat",
  commerce_raiding: "Commerce Raiding",
  shore_bombardment: "Shore Bombardment",
  objective: "Objective",
  game_over: "Game over",
  cup_only: "Cup only",
};
