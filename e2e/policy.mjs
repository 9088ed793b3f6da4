// A deterministic player for the scripted whole-game e2e test: from the view, the decision a
// keen but plain player would take, as the action it sends and as the control on screen that sends it.
// `scripts/whole_game_seed.mjs` runs the same player against the referee CLI to pick a seed whose first
// two turns hold an incident phase and a battle.
import { tid } from '../ui/src/lib/testids.js';

const PENDING_ANSWERS = ['fight', 'contact', 'answer', 'evade_submarine', 'choose_ship', 'choose_intelligence', 'examine_zone', 'distribute', 'cease_fire', 'break_off'];

const first = (legal, kind) => legal.find((a) => a.action === kind);

/** Where a ship goes: the first patrol zone it can reach at the speed the screen preselects. */
function moveFor(view, ship) {
  const moves = view.decisions.map((d) => d.action).filter((a) => a.action === 'move' && a.ship === ship);
  const speed = moves.find((m) => m.speed !== 'stay')?.speed;
  const zones = new Set(view.game.places.filter((p) => p.kind === 'patrol_zone').map((p) => p.id));
  const toZone = moves.find((m) => m.speed === speed && m.to.kind === 'place' && zones.has(m.to.id));
  return toZone ?? moves.find((m) => m.speed === 'stay') ?? moves[0];
}

// The composed controls (ui/src/components/controls/, ui/src/lib/compose.ts): a control is one tap
// when the control's own first choices already compose the action, otherwise `{ steps: [...] }` (e2e/play.mjs).
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** 14.3 ContactPicker: one per battle space (in the order of the core's first offer there); its leader and
 * speed chips start at the first leader and speed the core lists in that space. */
function contactControl(legal, a) {
  const contacts = legal.filter((c) => c.action === 'contact');
  const spaces = [];
  for (const c of contacts) if (!spaces.some((s) => same(s, c.space))) spaces.push(c.space);
  const nth = spaces.findIndex((s) => same(s, a.space));
  const here = contacts.filter((c) => same(c.space, a.space));
  const go = { testid: tid.action('contact'), nth };
  const steps = [];
  if (a.leader !== here[0].leader) steps.push({ testid: tid.contactLeader(a.leader), nth });
  if (a.speed_ship !== here[0].speed_ship || a.maximum_speed !== here[0].maximum_speed) {
    steps.push({ testid: tid.contactSpeed(`${a.speed_ship}:${a.maximum_speed ? 'maximum' : 'cruise'}`), nth });
  }
  return steps.length > 0 ? { steps: [...steps, go] } : go;
}

/** 14.5/14.9 FireCard: one card per target (in the order of the battle's options); the battle's one
 * maximum-fire switch for the ship starts off whenever plain fire is offered. */
function fireControl(options, o) {
  const targets = [];
  for (const x of options) if (!targets.some((t) => t.ship === x.ship && t.target === x.target)) targets.push(x);
  const nth = targets.findIndex((t) => t.ship === o.ship && t.target === o.target);
  const plainOffered = options.some((x) => x.ship === o.ship && x.target === o.target && !x.maximum_fire);
  const tapCard = { testid: tid.fireOption, nth };
  return o.maximum_fire === !plainOffered ? tapCard : { steps: [{ testid: tid.fireMaximum, nth: 0 }, tapCard] };
}

/** The decision and the control that makes it: `{ action, control }` where control is
 * `{ testid, nth }` (the nth element with that test id), `{ move: ship, value }` (a destination) or
 * `{ steps: [...] }` (a composed control's choices, then its button). */
export function decide(view) {
  const legal = view.decisions.map((d) => d.action);
  const game = view.game;
  const pending = game?.pending?.[0]?.pending;
  if (pending?.kind === 'fire_orders') {
    const battle = game.combat.find((b) => b.stage !== 'over');
    const o = battle?.options?.[0];
    if (o) return { action: { action: 'fire_orders', ship: o.ship, target: o.target, maximum_fire: o.maximum_fire }, control: fireControl(battle.options, o) };
    return { action: legal.find((a) => a.action === 'fire_orders' && !a.target), control: { testid: tid.holdFire, nth: 0 } };
  }
  if (pending?.kind === 'torpedoes') {
    // The battle card lists launches option by option: the first button is the first option's smallest launch.
    const battle = game.combat.find((b) => b.stage !== 'over');
    for (const o of battle?.options ?? []) {
      const launch = legal.find((a) => a.action === 'torpedoes' && a.count > 0 && a.target === o.target);
      if (launch) return { action: launch, control: { testid: tid.torpedoOption, nth: 0 } };
    }
    return { action: legal.find((a) => a.action === 'torpedoes' && a.count === 0), control: { testid: tid.holdFire, nth: 0 } };
  }
  if (pending) {
    for (const kind of PENDING_ANSWERS) {
      const a = first(legal, kind);
      if (a) return { action: a, control: kind === 'contact' ? contactControl(legal, a) : { testid: tid.action(kind), nth: 0 } };
    }
  }
  const phaseFirst = { setup: 'place_collier', incident: 'resolve_incidents', naval_combat: 'contact' }[view.phase];
  const preferred = phaseFirst && first(legal, phaseFirst);
  if (preferred?.action === 'place_collier') {
    // Crew & gear come first in the setup (CargoPicker, open at the top of the panel): the policy buys
    // nothing and folds it by its heading (as its Done at the bottom does); then the collier's space from its
    // grouped picker (CollierPicker), then its button.
    const cargo = legal.some((a) => ['load_cargo', 'dump_cargo', 'transfer_cargo'].includes(a.action));
    const steps = [{ select: tid.collierTo, value: JSON.stringify(preferred.to) }, { testid: tid.action('place_collier'), nth: 0 }];
    return { action: preferred, control: { steps: cargo ? [{ testid: tid.cargoSection, nth: 0, inside: 'summary' }, ...steps] : steps } };
  }
  if (preferred?.action === 'contact') return { action: preferred, control: contactControl(legal, preferred) };
  if (preferred) return { action: preferred, control: { testid: tid.action(phaseFirst), nth: 0 } };
  const mover = first(legal, 'move');
  if (mover) {
    const m = moveFor(view, mover.ship);
    if (m.speed === 'stay') return { action: m, control: { testid: tid.stay(m.ship), nth: 0 } };
    return { action: m, control: { move: m.ship, value: JSON.stringify(m.to) } };
  }
  const end = first(legal, 'end_phase');
  if (end) return { action: end, control: { testid: tid.action('end_phase'), nth: 0 } };
  return null;
}
