// One-handed at the table: the composed controls (components/controls/) build one action from a
// few small choices (a leader and a speed, a target and a switch, dice per track, a space from a grouped
// picker). This module is their pure part: what each picker offers, read from the view, and whether the
// action they compose is one the core allows now. The core's `view.decisions` is the only source of
// what is allowed (`legalIndex`), and every word about a rule comes from the core's labels or fields; the
// only words here are about the controls themselves ("Choose …").
import type { Action } from '../generated/Action';
import type { CargoView } from '../generated/CargoView';
import type { FireOptionView } from '../generated/FireOptionView';
import type { GameView } from '../generated/GameView';
import type { PlayerView } from '../generated/PlayerView';
import type { SeaZone } from '../generated/SeaZone';
import type { SpaceRef } from '../generated/SpaceRef';
import { actionsOf, legalIndex, labelOf } from './barrier';
import { placeName, placeOf, shipName } from './names';

type Legal = Pick<PlayerView, 'decisions'> & { game?: GameView | null };
export type Contact = Extract<Action, { action: 'contact' }>;
export type Fire = Extract<Action, { action: 'fire_orders' }>;
export type Repair = Extract<Action, { action: 'repair' }>;
export type Cargo = Extract<Action, { action: 'load_cargo' | 'dump_cargo' | 'transfer_cargo' }>;

/** A composed action and whether it may be sent: `reason` says why not (shown under the disabled control). */
export interface Composed<A extends Action = Action> {
  action: A | null;
  /** Its place among the legal actions (-1: not sendable). */
  index: number;
  reason: string;
}

export const NOT_OFFERED = 'Not among the referee’s choices now: change a choice above.';

/** Checks a composed action against the legal ones. `missing` is the reason when nothing is composed yet. */
export function compose<A extends Action>(view: Pick<PlayerView, 'decisions'>, action: A | null, missing: string): Composed<A> {
  if (!action) return { action: null, index: -1, reason: missing };
  const index = legalIndex(view, action);
  return { action, index, reason: index >= 0 ? '' : NOT_OFFERED };
}

const ofKind = <K extends Action['action']>(view: Pick<PlayerView, 'decisions'>, kind: K) =>
  actionsOf(view).filter((a): a is Extract<Action, { action: K }> => a.action === kind);

export const spaceKey = (s: SpaceRef): string => JSON.stringify(s);

// ---- 14.3 contact: a leader, a speed (with its coal cost in the core's words) ----

export interface ContactSpeed {
  key: string;
  ship: string;
  maximum: boolean;
  /** The core's words for this speed, e.g. "maximum 5 (1 coal) of SMS Breslau". */
  text: string;
}
export interface ContactGroup {
  space: SpaceRef;
  leaders: { id: string; name: string; leadership: number | null }[];
  speeds: ContactSpeed[];
}

export const speedKey = (ship: string, maximum: boolean): string => `${ship}:${maximum ? 'maximum' : 'cruise'}`;

/** The part of a contact label naming the speed: the core writes "Contact at X: leadership of A, <speed>". */
function speedWords(label: string): string {
  const comma = label.lastIndexOf(', ');
  return comma >= 0 ? label.slice(comma + 2) : label;
}

/** The contact decisions on offer, one group per battle space, leaders and speeds in the core's order. */
export function contactGroups(view: Legal): ContactGroup[] {
  const groups = new Map<string, ContactGroup>();
  for (const a of ofKind(view, 'contact')) {
    const k = spaceKey(a.space);
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { space: a.space, leaders: [], speeds: [] }));
    if (!g.leaders.some((l) => l.id === a.leader)) {
      const ship = view.game?.ships.find((s) => s.id === a.leader);
      g.leaders.push({ id: a.leader, name: shipName(view.game, a.leader), leadership: ship ? ship.tracks.leadership : null });
    }
    const key = speedKey(a.speed_ship, a.maximum_speed);
    if (!g.speeds.some((s) => s.key === key)) g.speeds.push({ key, ship: a.speed_ship, maximum: a.maximum_speed, text: speedWords(labelOf(view, a)) });
  }
  return [...groups.values()];
}

export function composeContact(view: Legal, group: ContactGroup, leader: string, speed: string): Composed<Contact> {
  const s = group.speeds.find((x) => x.key === speed);
  if (!group.leaders.some((l) => l.id === leader)) return compose<Contact>(view, null, 'Choose who leads the contact.');
  if (!s) return compose<Contact>(view, null, 'Choose whose speed counts.');
  return compose<Contact>(view, { action: 'contact', space: group.space, leader, speed_ship: s.ship, maximum_speed: s.maximum }, '');
}

// ---- 14.5/14.9 fire orders: one card per target, a maximum-fire switch on it ----

export interface FireCard {
  target: string;
  target_name: string;
  ship: string;
  plain: FireOptionView | null;
  maximum: FireOptionView | null;
}

/** The battle's fire options folded into one card per target (the core lists fire and maximum fire apart). */
export function fireCards(options: FireOptionView[]): FireCard[] {
  const cards: FireCard[] = [];
  for (const o of options) {
    let c = cards.find((x) => x.target === o.target && x.ship === o.ship);
    if (!c) cards.push((c = { target: o.target, target_name: o.target_name, ship: o.ship, plain: null, maximum: null }));
    if (o.maximum_fire) c.maximum = o;
    else c.plain = o;
  }
  return cards;
}

/** The switch's position before the player touches it: off (plain fire) whenever plain fire is offered. */
export const defaultMaximum = (c: FireCard): boolean => c.plain === null;

export function composeFire(view: Legal, card: FireCard, maximum: boolean): Composed<Fire> {
  return compose<Fire>(view, { action: 'fire_orders', ship: card.ship, target: card.target, maximum_fire: maximum }, '');
}

// ---- 10.1 repairs: dice per damage track ----

export const REPAIR_TRACKS = ['hull', 'engines', 'primary', 'secondary', 'tertiary'] as const;
export type RepairTrack = (typeof REPAIR_TRACKS)[number];
export type Spread = Record<RepairTrack, number>;

export interface RepairShip {
  ship: string;
  name: string;
  /** The dice the ship rolls (the view's `repair_dice`). */
  dice: number;
  /** Boxes lost on each track (start − now), for the tracks a die may go to. */
  damage: Partial<Record<RepairTrack, number>>;
  /** The core's ready-made spreads, with their labels. */
  offers: { action: Repair; label: string }[];
}

export const emptySpread = (): Spread => ({ hull: 0, engines: 0, primary: 0, secondary: 0, tertiary: 0 });
export const spreadOf = (a: Repair): Spread => ({ hull: a.hull, engines: a.engines, primary: a.primary, secondary: a.secondary, tertiary: a.tertiary });
export const diceIn = (s: Spread): number => REPAIR_TRACKS.reduce((n, t) => n + s[t], 0);

export function repairShips(view: Legal): RepairShip[] {
  const out: RepairShip[] = [];
  for (const a of ofKind(view, 'repair')) {
    let r = out.find((x) => x.ship === a.ship);
    if (!r) {
      const ship = view.game?.ships.find((s) => s.id === a.ship);
      const damage: RepairShip['damage'] = {};
      if (ship) for (const t of REPAIR_TRACKS) if (ship.start[t] > ship.tracks[t]) damage[t] = ship.start[t] - ship.tracks[t];
      out.push((r = { ship: a.ship, name: shipName(view.game, a.ship), dice: ship?.repair_dice ?? diceIn(spreadOf(a)), damage, offers: [] }));
    }
    r.offers.push({ action: a, label: labelOf(view, a) });
    // A track the core offers dice to is shown even when the view's tracks do not show its damage.
    for (const t of REPAIR_TRACKS) if (a[t] > 0 && r.damage[t] === undefined) r.damage[t] = 0;
  }
  return out;
}

export function composeRepair(view: Legal, r: RepairShip, spread: Spread): Composed<Repair> {
  const left = r.dice - diceIn(spread);
  if (left > 0) return compose<Repair>(view, null, `Assign ${left} more ${left === 1 ? 'die' : 'dice'}.`);
  if (left < 0) return compose<Repair>(view, null, `Take back ${-left} ${left === -1 ? 'die' : 'dice'}.`);
  const c = compose<Repair>(view, { action: 'repair', ship: r.ship, ...spread }, '');
  return c.index >= 0 ? c : { ...c, reason: 'The referee does not offer this split of the dice.' };
}

// ---- spaces: grouped pickers (open sea, patrol zones, ports), the likely ones first ----

export interface SpaceChoice {
  key: string;
  ref: SpaceRef;
  name: string;
}
export interface SpaceGroup {
  name: string;
  spaces: SpaceChoice[];
}

export function zoneOf(game: GameView | null | undefined, s: SpaceRef): SeaZone | null {
  if (s.kind === 'high_seas') return s.zone;
  return placeOf(game, s.id)?.sea_zone ?? null;
}

function groupOf(game: GameView | null | undefined, s: SpaceRef): number {
  if (s.kind === 'high_seas') return 0;
  const kind = placeOf(game, s.id)?.kind;
  return kind === 'patrol_zone' ? 1 : kind === 'port' || kind === 'naval_base' ? 2 : 3;
}
const GROUPS = ['Open sea', 'Patrol zones', 'Ports', 'Other spaces'];

/** Spaces grouped as the map shows them; inside each group the spaces of `near` (the ship's sea zone)
 * come first, then the others in the order given (the core's). Each space once. */
export function groupSpaces(game: GameView | null | undefined, refs: SpaceRef[], near: SeaZone | null = null): SpaceGroup[] {
  const groups: SpaceChoice[][] = GROUPS.map(() => []);
  const seen = new Set<string>();
  for (const ref of refs) {
    const key = spaceKey(ref);
    if (seen.has(key)) continue;
    seen.add(key);
    groups[groupOf(game, ref)].push({ key, ref, name: placeName(game, ref) });
  }
  return groups
    .map((spaces, i) => {
      const first = near ? spaces.filter((s) => zoneOf(game, s.ref) === near) : [];
      return { name: GROUPS[i], spaces: [...first, ...spaces.filter((s) => !first.includes(s))] };
    })
    .filter((g) => g.spaces.length > 0);
}

export function composeCollier(view: Legal, key: string): Composed {
  const to = ofKind(view, 'place_collier').find((a) => spaceKey(a.to) === key)?.to ?? null;
  return compose(view, to ? { action: 'place_collier', to } : null, 'Choose the collier’s sea space.');
}

export type Move = Extract<Action, { action: 'move' }>;

/** A ship's move: the chosen speed and space. A high-seas space's label is the player's free text (the same
 * zone and label mean the same space): the core offers each zone with an empty label, so the move is checked
 * unlabelled and sent with the label. */
export function composeMove(view: Legal, ship: string, speed: string, key: string, label = ''): Composed<Move> {
  const name = shipName(view.game, ship);
  if (!speed) return compose<Move>(view, null, `Choose the speed of ${name}.`);
  if (!key) return compose<Move>(view, null, `Choose where ${name} ended.`);
  const to = JSON.parse(key) as SpaceRef;
  const c = compose<Move>(view, { action: 'move', ship, to, speed: speed as Move['speed'] }, '');
  if (c.index < 0) return { ...c, reason: `${placeName(view.game, to)} is not among the referee’s choices at this speed.` };
  if (to.kind === 'high_seas' && label.trim()) return { ...c, action: { ...c.action!, to: { ...to, label: label.trim().slice(0, 40) } } };
  return c;
}

// ---- 8.0 crew & gear ----

/** One button of a ship's crew & gear list: a decision to send, or (`refused`: the rule) an item the
 * rules refuse now, shown greyed in its place with the core's words for why. */
export interface CargoChoice {
  action: Cargo;
  label: string;
  refused?: string;
}

export interface CargoShip {
  ship: string;
  name: string;
  points: number;
  aboard: CargoView[];
  choices: CargoChoice[];
}

/** The cargo decisions on offer, by ship (a transfer by the ship it leaves), each with the core's label
 * without the ship's name in front (the group says it). A ship's buys stand in the order of its list from
 * the core (`buys`, the chart's order), the refused ones included, so a button keeps its place when an
 * item runs out; then its dumps and transfers. */
export function cargoShips(view: Legal): CargoShip[] {
  const out: CargoShip[] = [];
  const legal = actionsOf(view).filter((a): a is Cargo => a.action === 'load_cargo' || a.action === 'dump_cargo' || a.action === 'transfer_cargo');
  const ships = view.game?.ships ?? [];
  const entry = (id: string) => {
    let s = out.find((x) => x.ship === id);
    if (!s) {
      const ship = ships.find((x) => x.id === id);
      out.push((s = { ship: id, name: shipName(view.game, id), points: ship?.cargo_points ?? 0, aboard: ship?.cargo ?? [], choices: [] }));
    }
    return s;
  };
  const sourceOf = (a: Cargo) => (a.action === 'transfer_cargo' ? a.from : a.ship);
  for (const a of legal) entry(sourceOf(a));
  for (const ship of ships) if (legal.length > 0 && (ship.buys ?? []).length > 0) entry(ship.id);
  for (const s of out) {
    const own = legal.filter((a) => sourceOf(a) === s.ship);
    const worded = (a: Cargo) => {
      const label = labelOf(view, a);
      const prefix = `${s.name}: `;
      return { action: a, label: label.startsWith(prefix) ? label.slice(prefix.length) : label };
    };
    const listed = new Set<Cargo>();
    for (const b of ships.find((x) => x.id === s.ship)?.buys ?? []) {
      const load = own.find((a) => a.action === 'load_cargo' && a.item === b.item);
      if (b.refused) s.choices.push({ action: { action: 'load_cargo', ship: s.ship, item: b.item }, label: b.refused.label, refused: b.refused.rule });
      else if (load) {
        listed.add(load);
        s.choices.push(worded(load));
      }
    }
    for (const a of own) if (!listed.has(a)) s.choices.push(worded(a));
  }
  return out;
}
