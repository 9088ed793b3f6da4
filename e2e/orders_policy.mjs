// A player who plays the drawn Orders to the end (issue #29 item 8): the task force sails a plan of spaces
// toward the Orders' goal a space a turn, buys crew & gear at the setup, repairs what is damaged, tries its
// intelligence, raids what it may, fights every battle and ends the game when the mission is done. Anything
// else is e2e/policy.mjs's plain player. Each decision is `{ action, control }` as there: the action the
// referee is sent and the control on screen that sends it (e2e/play.mjs taps it; a `label` in a step picks
// the button that says it).
import { tid } from '../ui/src/lib/testids.js';
import { decide as plainDecide } from './policy.mjs';

/** The six Orders (data/pack/orders.json), each a plan a player might draw on the map from Messina. The
 * referee does not count spaces (12.0: it trusts the speed the player reports), so a plan is a list of
 * spaces a turn's cruise can plausibly reach one after another. */
export const PLANS = Object.freeze({
  atlantic_breakout: ['sardinia_pz', 'north_african_pz', 'gibraltar_pz', 'atlantic_exit'],
  austro_hungarian_naval_pact: ['adriatic_pz', 'cattaro', 'pola'],
  raid_french_convoys: ['sardinia_pz', 'north_african_pz', 'north_african_pz', 'sardinia_pz', 'malta_pz', 'adriatic_pz', 'cattaro'],
  italian_alliance: ['sardinia_pz', 'genoa'],
  ottoman_alliance: ['malta_pz', 'piraeus', 'dardanelles', 'constantinople'],
  suez_canal: ['malta_pz', 'alexandria_pz', 'alexandria', 'port_said', 'alexandria_pz', 'malta_pz', 'adriatic_pz', 'cattaro'],
});

const legalOf = (view) => view.decisions.map((d) => d.action);
const labelFor = (view, action) => view.decisions.find((d) => JSON.stringify(d.action) === JSON.stringify(action))?.label ?? '';
/** A button of the ActionPanel, picked by what it says (the core's label). */
const button = (view, action) => ({ testid: tid.action(action.action), label: labelFor(view, action) });

/** 12.0 A move along the plan at cruise (maximum when cruise is not offered there), else staying. A plan's
 * space the core does not offer (a neutral port closed to the ship, 9.1) is passed over for the next. The
 * answer's `step` is how far along the plan the ship will be. */
function planMove(view, plan, ship, moved) {
  const moves = legalOf(view).filter((a) => a.action === 'move' && a.ship === ship);
  const here = view.game.ships.find((s) => s.id === ship)?.position;
  const stay = moves.find((m) => m.speed === 'stay');
  for (let k = Math.min(moved, plan.length - 1); k < plan.length; k += 1) {
    if (here?.kind === 'place' && here.id === plan[k]) {
      if (stay) return { move: stay, step: k + 1 };
      continue;
    }
    const to = (speed) => moves.find((m) => m.speed === speed && m.to.kind === 'place' && m.to.id === plan[k]);
    const m = to('cruise') ?? to('maximum');
    if (m) return { move: m, step: k + 1 };
  }
  // 9.1: a ship in a neutral port may have to leave it: out to the nearest patrol zone of the plan.
  const zone = plan.find((id) => id.endsWith('_pz') && moves.some((m) => m.speed === 'cruise' && m.to.id === id));
  return { move: stay ?? moves.find((m) => m.speed === 'cruise' && m.to.id === zone) ?? moves[0], step: moved };
}

/** 8.0 crew & gear at the setup: two items for each ship, the first it can afford of what it lacks. */
function setupBuy(view, bought) {
  const buys = legalOf(view).filter((a) => a.action === 'load_cargo');
  const ships = [...new Set(buys.map((a) => a.ship))];
  for (const ship of ships) {
    if ((bought[ship] ?? 0) >= 2) continue;
    const buy = buys.find((a) => a.ship === ship && !(bought[`${ship}:${a.item}`]));
    if (!buy) continue;
    const steps = [];
    if (ships.length > 1) steps.push({ testid: tid.cargoShip(ship), nth: 0 });
    // The picker shows the label without the ship's name (it is on the chip).
    const label = labelFor(view, buy).replace(/^[^:]+: /, '');
    steps.push({ testid: tid.action('load_cargo'), label });
    return { action: buy, control: { steps: [{ testid: tid.cargoSection, nth: 0, open: true }, ...steps] }, note: () => {
      bought[ship] = (bought[ship] ?? 0) + 1;
      bought[`${ship}:${buy.item}`] = true;
    } };
  }
  return null;
}

/** 10.1 A damaged ship's repair: the first spread the core offers (the repair card's preset as it opens). */
function repairFirst(view) {
  const repairs = legalOf(view).filter((a) => a.action === 'repair');
  if (repairs.length === 0) return null;
  const ships = [...new Set(repairs.map((a) => a.ship))];
  return { action: repairs[0], control: { testid: tid.action('repair'), nth: ships.indexOf(repairs[0].ship) } };
}

/** A player's memory over the game: what each ship bought, how far along the plan each ship is, which
 * turns it tried its intelligence. */
export function newPlayer(orders) {
  return { orders, plan: PLANS[orders], bought: {}, moved: {}, intelligenceTurn: 0 };
}

/** The decision this player takes now (null when nothing is left to decide). */
export function decideOrders(view, player) {
  const legal = legalOf(view);
  const game = view.game;
  const pending = game?.pending?.[0]?.pending;
  // 17.0: the mission is done before the last turn: end the game as won.
  if (pending?.kind === 'declare_end') {
    const yes = legal.find((a) => a.action === 'answer' && a.yes);
    if (yes) return { action: yes, control: button(view, yes) };
  }
  if (!pending && view.phase === 'setup') {
    const buy = setupBuy(view, player.bought);
    if (buy) return buy;
  }
  if (!pending && view.phase === 'outfitting') {
    const repair = repairFirst(view);
    if (repair) return repair;
  }
  if (!pending && view.phase === 'intelligence' && player.intelligenceTurn !== view.turn) {
    const attempt = legal.find((a) => a.action === 'attempt_intelligence');
    if (attempt) return { action: attempt, control: button(view, attempt), note: () => (player.intelligenceTurn = view.turn) };
  }
  if (!pending) {
    // 15.0: raid the merchants wherever the task force may.
    const raid = legal.find((a) => a.action === 'raid_merchants');
    if (raid) return { action: raid, control: button(view, raid) };
  }
  const mover = !pending && legal.find((a) => a.action === 'move');
  if (mover) {
    const { move: m, step } = planMove(view, player.plan, mover.ship, player.moved[mover.ship] ?? 0);
    const note = () => (player.moved[m.ship] = step);
    if (m.speed === 'stay') return { action: m, control: { testid: tid.stay(m.ship), nth: 0 }, note };
    return { action: m, control: { move: m.ship, value: JSON.stringify(m.to) }, note };
  }
  // 16.0: a bombardment's contact is made as a battle's (e2e/policy.mjs knows the naval combat's).
  const contact = !pending && view.phase === 'shore_bombardment' && legal.find((a) => a.action === 'contact');
  if (contact) return plainDecide({ ...view, phase: 'naval_combat' });
  return plainDecide(view);
}
