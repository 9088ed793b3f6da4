// 25.0 Multi-player options: who at the table decides (or recommends) each kind of decision. The rules do
// not change; the app only says whose call it is, next to each decision.
import type { Action } from '../generated/Action';
import type { Roles } from '../generated/Roles';

/** The officer whose call a decision is, under 25.0 (1) Task Force Officers. */
const OFFICERS: Partial<Record<Action['action'], string>> = {
  resolve_incidents: 'First Officer (picks the incident chits)',
  attempt_intelligence: 'First Officer recommends, the Commander decides',
  choose_intelligence: 'First Officer recommends, the Commander decides',
  examine_zone: 'First Officer',
  reconnoitre: 'First Officer recommends, the Commander decides',
  take_outfitting: 'First Officer recommends, the Commander decides',
  resupply: 'First Officer recommends, the Commander decides',
  use_collier: 'First Officer recommends, the Commander decides',
  use_friendly_ship: 'First Officer recommends, the Commander decides',
  distribute: 'First Officer recommends, the Commander decides',
  load_cargo: 'First Officer recommends, the Commander decides',
  dump_cargo: 'First Officer recommends, the Commander decides',
  transfer_cargo: 'First Officer recommends, the Commander decides',
  repair: 'Engineer (manages repairs)',
  move: 'Engineer recommends the speed, everyone the course; the Commander decides',
  evade_submarine: 'Engineer recommends, the Commander decides',
  contact: 'Engineer recommends the speed, the Commander decides',
  fire_orders: 'Gunnery Officer recommends targets and rate of fire, the Commander decides',
  torpedoes: 'Gunnery Officer recommends, the Commander decides',
  fight: 'Commander',
  break_off: 'Commander',
};

/** Precedence of the ship commanders when their decisions conflict (25.0 (2)). */
export const PRECEDENCE = ['goeben', 'moltke', 'breslau', 'stralsund'];

function shipOf(a: Action): string | null {
  if ('ship' in a && typeof a.ship === 'string') return a.ship;
  if (a.action === 'transfer_cargo') return a.from;
  if (a.action === 'contact') return a.leader;
  return null;
}

/** Who decides `a` under the chosen roles, or null when one player plays alone. */
export function whoDecides(roles: Roles, a: Action, shipName: (id: string) => string): string | null {
  if (roles === 'solo') return null;
  if (roles === 'task_force_officers') return OFFICERS[a.action] ?? 'Commander';
  const ship = shipOf(a);
  if (ship) return `${shipName(ship)}'s commander`;
  return 'the senior commander present (Goeben, Moltke, Breslau, Stralsund in that order)';
}
