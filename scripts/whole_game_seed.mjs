// Finds seeds for the scripted whole-game e2e test: plays e2e/policy.mjs against the referee CLI and
// prints the seeds whose first two turns hold an incident draw and a battle with fire orders, and that
// reach turn 3. Run after `cargo build --bin referee`:  node scripts/whole_game_seed.mjs [from] [to]
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { decide } from '../e2e/policy.mjs';

export async function play(seed, bin = 'target/debug/referee') {
  const child = spawn(bin, [], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const send = async (action) => {
    child.stdin.write(JSON.stringify(action) + '\n');
    return JSON.parse((await lines.next()).value);
  };
  const story = { seed, incidents: 0, fireOrders: 0, actions: 0, reachedTurn3: false };
  let r = await send({ action: 'new_game', seed });
  for (let i = 0; i < 400; i += 1) {
    if (r.view.turn >= 3) {
      story.reachedTurn3 = true;
      break;
    }
    const d = decide(r.view);
    if (!d || r.view.game_over) break;
    if (d.action.action === 'resolve_incidents') story.incidents += 1;
    if (d.action.action === 'fire_orders' && d.action.target) story.fireOrders += 1;
    r = await send(d.action);
    story.actions += 1;
    if (!r.ok) throw new Error(`seed ${seed}: refused ${JSON.stringify(d.action)}: ${r.error?.message}`);
  }
  child.kill();
  return story;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [from = 1, to = 60] = process.argv.slice(2).map(Number);
  for (let seed = from; seed <= to; seed += 1) {
    const s = await play(seed);
    if (s.reachedTurn3 && s.incidents > 0 && s.fireOrders > 0) console.log(JSON.stringify(s));
  }
}
