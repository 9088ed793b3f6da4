// Words for what the core sends: phase names, places, events and action labels. The core decides
// everything; this only says it in a player's words.
import type { Action } from '../generated/Action';
import type { Event } from '../generated/Event';
import type { GameView } from '../generated/GameView';
import type { Phase } from '../generated/Phase';
import type { SeaZone } from '../generated/SeaZone';
import type { SpaceRef } from '../generated/SpaceRef';

export const PHASES: Record<Phase, string> = {
  no_game: 'No game',
  setup: 'Setup',
  outfitting: 'Outfitting & Repair',
  intelligence: 'Intelligence',
  movement: 'Movement',
  incident: 'Incident',
  naval_combat: 'Naval Combat',
  commerce_raiding: 'Commerce Raiding',
  shore_bombardment: 'Shore Bombardment',
  objective: 'Objective',
  game_over: 'Game over',
  cup_only: 'Cup only',
};

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

/** One readable line for an event of the last response. */
export function describeEvent(e: Event, game?: GameView | null): string {
  switch (e.event) {
    case 'game_started':
      return `New game. Orders: ${e.orders_name}; ${e.last_turn} turns.`;
    case 'secret_setup': {
      const zones = e.patrol_zones.reduce((n, z) => n + z.count, 0);
      const ports = e.ports.reduce((n, p) => n + p.count, 0);
      return `Secret setup: ${zones} counters face down in patrol zones, ${ports} coastal defenses in ports, ${e.pool} in the pool.`;
    }
    case 'turn_started':
      return `Turn ${e.turn} begins.`;
    case 'phase_started':
      return `${PHASES[e.phase]} phase.`;
    case 'dice_rolled':
      return `${e.purpose}: ${e.faces.join(', ')}`;
    case 'alert_changed':
      return `Alert Level ${e.from} → ${e.to} (${e.reason}).`;
    case 'vp_changed':
      return `VP ${e.from} → ${e.to} (${e.reason}).`;
    case 'counter_revealed':
      return `Revealed: ${e.counter.name} at ${placeName(game, e.at)}.`;
    case 'table_instruction':
      return e.text;
    case 'collier_placed':
      return `Collier placed at ${placeName(game, e.at)}.`;
    case 'ship_moved':
      return e.speed === 'stay'
        ? `${shipName(game, e.ship)} stays at ${placeName(game, e.to)}.`
        : `${shipName(game, e.ship)} → ${placeName(game, e.to)} (${speedName(e.speed)}).`;
    case 'track_changed':
      return `${shipName(game, e.ship)}: ${e.track} ${e.from} → ${e.to} (${e.reason}).`;
    case 'ship_sunk':
      return `${shipName(game, e.ship)} is sunk (${e.reason}).`;
    case 'counter_returned':
      return `${e.name} goes ${e.to}.`;
    case 'collier_lost':
      return `Collier ${e.collier} lost (${e.reason}).`;
    case 'incidents_picked':
      return `Incident picks at ${placeName(game, e.space)}: ${e.drawn} drawn from the pool.`;
    case 'corrected':
      return `Correction: ${e.what} ${e.from} → ${e.to}.`;
    case 'contact_resolved':
      return `Contact at ${placeName(game, e.space)}: German ${e.german}, Allied ${e.allied}, final ${e.final_roll} — ${prettify(e.result)}.`;
    case 'intelligence_result':
      return `Intelligence ${e.code}: ${e.name}.`;
    case 'examined': {
      const zone = game?.places.find((p) => p.id === e.zone)?.name ?? prettify(e.zone);
      return `You examined ${zone} (leave it face down): ${e.counters.map((c) => c.name).join(', ') || 'nothing new'}.`;
    }
    case 'undone':
      return 'Undone: the last decision was taken back.';
    case 'taken_back':
      return `Take-back after a reveal (house rule): the last decision was taken back — take-back ${e.total} of this game.`;
    case 'game_ended':
      return e.won ? `You win: ${e.reason}.` : `Game over: ${e.reason}.`;
    case 'port_captured':
      return `${shipName(game, e.ship)} lands its Seebataillon and captures ${placeName(game, { kind: 'place', id: e.port })}.`;
    case 'marines_eliminated':
      return `The Seebataillon at ${placeName(game, { kind: 'place', id: e.port })} is eliminated.`;
    default: {
      const unknown = e as { event: string };
      return prettify(unknown.event);
    }
  }
}

/** The rule an event cites, for the log. */
export function ruleOf(e: Event): string {
  if ('rule' in e && typeof e.rule === 'string') return e.rule;
  switch (e.event) {
    case 'game_started':
    case 'secret_setup':
    case 'collier_placed':
      return '3.0';
    case 'turn_started':
    case 'phase_started':
      return '4.0';
    case 'ship_moved':
      return '12.0';
    case 'incidents_picked':
      return '13.0';
    case 'game_ended':
      return '17.0';
    case 'taken_back':
      return 'house rule';
    default:
      return '';
  }
}

/** A button label for a legal action. */
export function actionLabel(a: Action, game: GameView | null | undefined, phase: Phase): string {
  switch (a.action) {
    case 'end_phase':
      return `End ${PHASES[phase]}`;
    case 'place_collier':
      return `Collier at ${placeName(game, a.to)}`;
    case 'move':
      return a.speed === 'stay' ? `${shipName(game, a.ship)} stays` : `${shipName(game, a.ship)} → ${placeName(game, a.to)}`;
    case 'resolve_incidents':
      return `Draw incidents at ${placeName(game, a.space)}`;
    case 'evade_submarine':
      return a.spend_coal ? `${shipName(game, a.ship)}: spend 1 coal` : `${shipName(game, a.ship)}: take the torpedo run`;
    case 'answer':
      return a.yes ? 'Yes' : 'No';
    case 'choose_ship':
      return shipName(game, a.ship);
    case 'take_outfitting':
      return `${shipName(game, a.ship)} outfits or repairs (no move this turn)`;
    case 'attempt_intelligence':
      return `Intelligence attempt by ${shipName(game, a.ship)}`;
    case 'choose_intelligence':
      return `Result ${a.code}`;
    case 'examine_zone': {
      const zone = game?.places.find((p) => p.id === a.zone)?.name ?? prettify(a.zone);
      return `Examine ${zone}`;
    }
    case 'contact':
      return `Contact at ${placeName(game, a.space)}: leadership of ${shipName(game, a.leader)}, ${a.maximum_speed ? 'maximum speed (1 coal)' : 'cruise speed'} of ${shipName(game, a.speed_ship)}`;
    case 'fight':
      return 'Fight';
    case 'fire_orders':
      return a.target ? `${shipName(game, a.ship)}: ${a.maximum_fire ? 'maximum fire' : 'fire'} at ${counterName(game, a.target)}` : `${shipName(game, a.ship)} holds fire`;
    case 'torpedoes':
      return a.target && a.count > 0 ? `${shipName(game, a.ship)}: ${a.count} torpedo${a.count > 1 ? 'es' : ''} at ${counterName(game, a.target)}` : `${shipName(game, a.ship)}: no torpedoes`;
    case 'resupply':
      return a.supply === 'ammunition' ? `Roll ammunition at ${placeName(game, a.space)} (7.1)` : `Roll coal at ${placeName(game, a.space)} (7.3)`;
    case 'use_collier':
      return `Coal from collier ${a.collier}: 2d6 (7.4)`;
    case 'use_friendly_ship':
      return `Use the Friendly Ship at ${placeName(game, a.space)}: 1d6 coal, +2 repair dice`;
    case 'distribute':
      return a.shares.length === 0
        ? 'Give nothing'
        : a.shares.map((s) => `${shipName(game, s.ship)} ${[s.ammunition ? `${s.ammunition} ammo` : '', s.torpedoes ? `${s.torpedoes} torp` : '', s.coal ? `${s.coal} coal` : ''].filter(Boolean).join(' ')}`).join(' · ');
    case 'repair': {
      const parts = [['hull', a.hull], ['engines', a.engines], ['primary', a.primary], ['secondary', a.secondary], ['tertiary', a.tertiary]]
        .filter(([, n]) => (n as number) > 0)
        .map(([k, n]) => `${n} ${k}`);
      return `${shipName(game, a.ship)} repairs: ${parts.join(', ')} (10.1)`;
    }
    case 'load_cargo':
      return `${shipName(game, a.ship)}: buy ${cargoName(game, a.item)}`;
    case 'dump_cargo':
      return `${shipName(game, a.ship)}: unload ${cargoName(game, a.item)}`;
    case 'transfer_cargo':
      return `${cargoName(game, a.item)}: ${shipName(game, a.from)} → ${shipName(game, a.to)}`;
    case 'reconnoitre': {
      const zone = game?.places.find((p) => p.id === a.zone)?.name ?? prettify(a.zone);
      return `${shipName(game, a.ship)}'s seaplane over ${zone} (21.2)`;
    }
    case 'lay_mines':
      return `${shipName(game, a.ship)} lays its mines here (23.0)`;
    case 'next_mission': {
      const base = game?.places.find((p) => p.id === a.base)?.name ?? prettify(a.base);
      return `Next mission, based at ${base}${a.bonus != null ? ` (bonus option ${a.bonus + 1})` : ''} (24.1)`;
    }
    case 'cup_draw':
      return `Draw ${a.count} from the cup`;
    case 'cup_reveal': {
      const where = game?.places.find((p) => p.id === a.place)?.name ?? prettify(a.place);
      return `Reveal ${where}`;
    }
    case 'cup_return':
      return `${counterName(game, a.counter)} back into the cup`;
    case 'cease_fire':
      return `Stop bombarding ${placeName(game, a.space)}`;
    case 'land_marines':
      return `${shipName(game, a.ship)} lands its Seebataillon (9.2)`;
    case 'embark_marines':
      return `${shipName(game, a.ship)} re-embarks the Seebataillon`;
    case 'break_off':
      return `Break off to ${placeName(game, a.to)}`;
    case 'raid_merchants':
      return `Raid at ${placeName(game, a.space)} with ${shipName(game, a.ship)}`;
    default:
      return prettify(a.action);
  }
}

/** The name of a counter the view shows face up (in a battle or on the map). */
export function counterName(game: GameView | null | undefined, id: string): string {
  const inBattle = game?.combat.flatMap((b) => b.allied).find((u) => u.counter.id === id)?.counter.name;
  return inBattle ?? game?.on_map.flatMap((m) => m.counters).find((c) => c.id === id)?.name ?? prettify(id);
}

const WEAPONS: Record<string, string> = { primary: 'Primary', secondary: 'Secondary', tertiary: 'Tertiary', torpedo: 'Torpedo' };
export const weaponName = (w: string): string => WEAPONS[w] ?? prettify(w);

/** 0.4567 → "46%" (under 1%, "<1%"; a certainty stays 100%). */
export function percent(p: number): string {
  if (p > 0 && p < 0.005) return '<1%';
  return `${Math.round(p * 100)}%`;
}

const CARGO: Record<string, string> = {
  reserve_crew: 'Reserve Crew Gunners',
  seebataillon: 'Seebataillon',
  camera_crew: 'Camera Crew',
  extra_torpedoes: 'Extra Torpedoes',
  damage_control: 'Damage Control',
  targeting_calculator: 'Targeting Calculator',
  torpedo_nets: 'Torpedo Nets',
  wireless: 'Wireless',
  searchlights: 'Searchlights',
  seaplane: 'Seaplane',
  mines: 'Mines',
};
/** A Crew & Gear item's name (from a ship's cargo in the view, else the chart's usual name). */
export function cargoName(game: GameView | null | undefined, id: string): string {
  return game?.ships.flatMap((s) => s.cargo).find((c) => c.id === id)?.name ?? CARGO[id] ?? prettify(id);
}

/** For a fire roll, the lowest face that hits (6 for gunnery, 5 for torpedoes: 14.5, 14.6, 14.11); null
 * for any other roll. The referee's purpose text says which dice are a fire. */
export function hitFrom(purpose: string, rule: string): number | null {
  const fire = ['14.5', '14.6', '14.11'].includes(rule) && / dice/.test(purpose) && !/Hit table|Shore Bombardment/.test(purpose);
  if (!fire) return null;
  return /torpedo/i.test(purpose) ? 5 : 6;
}
