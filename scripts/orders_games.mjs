// Plays a whole game of each of the six Orders with e2e/orders_policy.mjs's player against the referee CLI
// (no app): how each ends, in how many decisions, and what the player did on the way. Used to pick the seeds
// of e2e/orders_games.test.mjs and to check the player still reaches the end after a rules change.
// Run after `cargo build --bin referee`:  node scripts/orders_games.mjs [seed] [orders…]
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { PLANS, newPlayer, decideOrders } from '../e2e/orders_policy.mjs';

/** One whole game: the actions sent, a count of each kind, and how it ended. */
export async function playOrders(orders, seed, bin = 'target/debug/referee', limit = 1500) {
  const child = spawn(bin, [], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const send = async (action) => {
    child.stdin.write(JSON.stringify(action) + '\n');
    return JSON.parse((await lines.next()).value);
  };
  const player = newPlayer(orders);
  const sent = [];
  const kinds = {};
  let r = await send({ action: 'new_game', seed, options: { orders } });
  try {
    for (let i = 0; i < limit && !r.view.game_over; i += 1) {
      const d = decideOrders(r.view, player);
      if (!d) throw new Error(`${orders} seed ${seed}: no decision in ${r.view.phase} turn ${r.view.turn}`);
      r = await send(d.action);
      if (!r.ok) throw new Error(`${orders} seed ${seed}: refused ${JSON.stringify(d.action)}: ${r.error?.message}`);
      d.note?.();
      sent.push(d.action);
      kinds[d.action.action] = (kinds[d.action.action] ?? 0) + 1;
    }
  } finally {
    child.kill();
  }
  const v = r.view;
  return { orders, seed, decisions: sent.length, over: v.game_over, turn: v.turn, vp: v.vp, kinds, sent, where: v.game.ships.map((s) => `${s.id}@${s.position.id ?? s.position.zone}:${s.status}`) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [seedArg, ...names] = process.argv.slice(2);
  const seed = Number(seedArg ?? 1);
  for (const orders of names.length > 0 ? names : Object.keys(PLANS)) {
    const { sent, ...story } = await playOrders(orders, seed);
    void sent;
    console.log(JSON.stringify(story));
  }
}
