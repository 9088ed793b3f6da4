// Test fixture: a small stand-in for the core's ToolSession behind `tools_respond`, answering like
// src/tools/mod.rs does (each player sees their own face-down values; the other sees commitments; the
// table view, for no player, sees commitments of every face-down chit; errors come back as data). Chit values and dice are scripted; commitments are fixed strings, not SHA-256.
import { mockIPC } from '@tauri-apps/api/mocks';
import type { ChartView } from '../../generated/tools/ChartView';
import type { ChitView } from '../../generated/tools/ChitView';
import type { EventEntry } from '../../generated/tools/EventEntry';
import type { FleetSide } from '../../generated/tools/FleetSide';
import type { LogLine } from '../../generated/tools/LogLine';
import type { OwnChartView } from '../../generated/tools/OwnChartView';
import type { ProcedureKind } from '../../generated/tools/ProcedureKind';
import type { Player } from '../../generated/tools/Player';
import type { SearchAnswer } from '../../generated/tools/SearchAnswer';
import type { SearchDie } from '../../generated/tools/SearchDie';
import type { SearchStatus } from '../../generated/tools/SearchStatus';
import type { Unit } from '../../generated/tools/Unit';
import type { ToolAction } from '../../generated/tools/ToolAction';
import type { ToolResponse } from '../../generated/tools/ToolResponse';

type Fleet = { side: FleetSide; boxes: string[][]; revealed: Set<number>; markers: Set<number> };
type Chit = { id: number; owner: Player; label: string; value: number; salt: string; commitment: string; state: 'secret' | 'revealed' | 'returned'; tampered?: boolean };

export const SHIELDS_UP: EventEntry = { roll: 2, name: 'Shields Up', summary: 'The struck side picks one of its ships.', applies: 'one_side', leader: 'none' };
export const SURPRISE: EventEntry = { roll: 7, name: 'Surprise!', summary: 'The non-initiative side suffers Confusion Reigns.', applies: 'non_initiative_side', leader: 'ignored_on_one_to_three' };

export class FakeCore {
  /** Every request received, in order. */
  requests: ToolAction[] = [];
  /** Values of the next chits drawn. */
  draws: number[] = [];
  /** Faces of the next dice rolled. */
  dice: number[] = [];
  /** Answers replacing the fake's own for a tool (e.g. an error). */
  override: Partial<Record<ToolAction['tool'], (request: ToolAction) => ToolResponse>> = {};
  /** Called with every request as it arrives through IPC (e.g. to check when a `view` may be asked). */
  onRequest: ((request: ToolAction) => void) | null = null;
  /** Requests whose answer is held back until `release()` (to test an answer arriving late). */
  hold = false;
  private waiting: (() => void)[] = [];
  bag = 48;
  chits: Chit[] = [];
  log: LogLine[] = [];
  fleets: Record<Player, Fleet | null> = { a: null, b: null };
  units: Record<Player, Unit[]> = { a: [], b: [] };
  search: SearchStatus = { turn: 0, night: false, british: null, searching: null, searches_begun: false, pending: null };

  constructor(opts: { draws?: number[]; dice?: number[] } = {}) {
    this.draws = opts.draws ?? [];
    this.dice = opts.dice ?? [];
  }

  /** Installs the fake as the shell's `tools_respond` command. */
  install(): this {
    mockIPC(async (cmd, args) => {
      if (cmd !== 'tools_respond') throw new Error(`unexpected command ${cmd}`);
      const request = (args as { request: ToolAction }).request;
      this.requests.push(request);
      this.onRequest?.(request);
      if (this.hold) await new Promise<void>((go) => this.waiting.push(go));
      return this.respond(request);
    });
    return this;
  }

  release() {
    this.hold = false;
    this.waiting.splice(0).forEach((go) => go());
  }

  /** Requests of one tool. */
  sent<K extends ToolAction['tool']>(tool: K): Extract<ToolAction, { tool: K }>[] {
    return this.requests.filter((r): r is Extract<ToolAction, { tool: K }> => r.tool === tool);
  }

  view(chit: Chit, viewer: Player): ChitView {
    const face: ChitView['face'] =
      chit.state === 'secret'
        ? chit.owner === viewer
          ? { shown: 'own', value: chit.value }
          : { shown: 'hidden' }
        : { shown: 'revealed', value: chit.value, salt: chit.salt, verified: !chit.tampered };
    return { chit: chit.id, owner: chit.owner, label: chit.label, commitment: chit.commitment, returned: chit.state === 'returned', face };
  }

  ownChart(player: Player): OwnChartView | null {
    const f = this.fleets[player];
    if (!f) return null;
    return { side: f.side, boxes: f.boxes.map((ships, i) => ({ fleet_box: i + 1, ships: [...ships], decoy: ships.length === 0, marker_on_map: f.markers.has(i + 1), revealed: f.revealed.has(i + 1) })) };
  }

  /** `owner`'s chart as the other player sees it. */
  openChart(owner: Player): ChartView | null {
    const f = this.fleets[owner];
    if (!f) return null;
    return { side: f.side, boxes: f.boxes.map((ships, i) => (f.revealed.has(i + 1) ? { shown: 'known', fleet_box: i + 1, ships: [...ships] } : { shown: 'unknown', fleet_box: i + 1 })) };
  }

  /** A square call's answer: the searched player's units there, and the caller's. */
  private found(caller: Player, square: string): SearchAnswer {
    const at = (p: Player) => this.units[p].filter((u) => u.at.square.toLowerCase() === square.trim().toLowerCase()).map((u) => ({ unit: u.unit, port: u.at.port, coast_side: u.at.coast_side }));
    const found = at(caller === 'a' ? 'b' : 'a');
    return found.length ? { answer: 'found', found, with: at(caller), may_fight: true } : { answer: 'nothing' };
  }

  private fleetOf(player: Player): Fleet | ToolResponse {
    return this.fleets[player] ?? this.error('no_fleet_chart', 'open your Fleet Chart first (open_fleet_chart with a side)');
  }

  private error(code: string, message: string): ToolResponse {
    return { tool: 'error', code, message };
  }

  /** A die procedure's answer: `n` dice with a modifier, read by `success`, with a fixed outcome line. */
  private procedure(by: Player, procedure: ProcedureKind, source: string, n: number, modifier: number, success: (dice: number[]) => boolean, outcome: string): ToolResponse {
    const dice = Array.from({ length: n }, () => this.die());
    const roll = { procedure, source, dice, modifier, modified: dice.map((d) => d + modifier), success: success(dice), outcome };
    return { tool: 'procedure_rolled', by, roll: procedure === 'shore_batteries' ? { ...roll, count: Math.ceil(dice[0] / 2) } : roll };
  }

  private die(): number {
    return this.dice.shift() ?? 3;
  }

  respond(r: ToolAction): ToolResponse {
    const custom = this.override[r.tool];
    if (custom) return custom(r);
    switch (r.tool) {
      case 'draw_sdr': {
        if (this.bag === 0) return this.error('bag_empty', 'all 48 chits are out of the bag; put revealed chits back to draw again');
        const id = this.chits.length + 1;
        const value = this.draws.shift() ?? 4;
        const salt = `5a17${String(id).padStart(28, '0')}`;
        const chit: Chit = { id, owner: r.player, label: r.label ?? '', value, salt, commitment: `c0ffee${String(id).padStart(10, '0')}`, state: 'secret' };
        this.chits.push(chit);
        this.bag--;
        this.log.push({ entry: 'sdr_drawn', chit: id, owner: r.player, label: chit.label, commitment: chit.commitment, text: `Player ${r.player.toUpperCase()} drew SDR chit #${id} face down; commitment ${chit.commitment}.` });
        return { tool: 'sdr_drawn', chit: this.view(chit, r.player), bag_left: this.bag };
      }
      case 'reveal_sdr': {
        const chit = this.chits[r.chit - 1];
        if (!chit) return this.error('unknown_chit', `no chit #${r.chit} was drawn`);
        if (chit.owner !== r.player) return this.error('not_your_chit', `chit #${r.chit} belongs to the other player`);
        if (chit.state !== 'secret') return this.error('already_revealed', `chit #${r.chit} is already revealed`);
        chit.state = 'revealed';
        this.log.push({ entry: 'sdr_revealed', chit: chit.id, owner: chit.owner, value: chit.value, salt: chit.salt, verified: !chit.tampered, text: `Player ${chit.owner.toUpperCase()} revealed chit #${chit.id}: ${chit.value}.` });
        return { tool: 'sdr_revealed', chit: this.view(chit, r.player === 'a' ? 'b' : 'a') };
      }
      case 'return_sdr': {
        const chit = this.chits[r.chit - 1];
        if (!chit) return this.error('unknown_chit', `no chit #${r.chit} was drawn`);
        if (chit.state === 'secret') return this.error('not_revealed', `reveal chit #${r.chit} before putting it back`);
        if (chit.state === 'returned') return this.error('already_returned', `chit #${r.chit} is already back in the bag`);
        chit.state = 'returned';
        this.bag++;
        this.log.push({ entry: 'sdr_returned', chit: chit.id, owner: chit.owner, text: `Player ${chit.owner.toUpperCase()} put chit #${chit.id} back in the bag.` });
        return { tool: 'sdr_returned', chit: this.view(chit, r.player), bag_left: this.bag };
      }
      case 'verify_sdr': {
        const chit = this.chits.find((c) => c.commitment === r.commitment);
        return { tool: 'verified', matches: !!chit && chit.value === r.value && chit.salt === r.salt && !chit.tampered };
      }
      case 'view':
        return {
          tool: 'view',
          player: r.player,
          bag_left: this.bag,
          chits: this.chits.map((c) => this.view(c, r.player)),
          log: this.log,
          fleet_chart: this.ownChart(r.player),
          opponent_fleet_chart: this.openChart(r.player === 'a' ? 'b' : 'a'),
          units: this.units[r.player].map((u) => ({ ...u, at: { ...u.at } })),
          search: { ...this.search },
        };
      case 'table_view':
        // What both players may see, for no player: each chit as its non-owner sees it.
        return {
          tool: 'table_view',
          bag_left: this.bag,
          chits: this.chits.map((c) => this.view(c, c.owner === 'a' ? 'b' : 'a')),
          log: this.log,
          fleet_charts: { a: this.openChart('a'), b: this.openChart('b') },
          search: { ...this.search, pending: this.search.pending && { ...this.search.pending } },
        };
      case 'place_unit':
        if (this.units[r.player].some((u) => u.unit === r.unit)) return this.error('unit_exists', `you already have a unit named ${r.unit}`);
        this.units[r.player].push({ unit: r.unit, at: r.at });
        return { tool: 'unit', unit: { unit: r.unit, at: r.at } };
      case 'move_unit': {
        if (this.search.searches_begun) return this.error('searches_begun', 'units stay where they are once the searches have begun');
        const u = this.units[r.player].find((x) => x.unit === r.unit);
        if (!u) return this.error('unknown_unit', `you have no unit named ${r.unit}`);
        u.at = r.at;
        return { tool: 'unit', unit: { unit: u.unit, at: u.at } };
      }
      case 'remove_unit':
        if (!this.units[r.player].some((u) => u.unit === r.unit)) return this.error('unknown_unit', `you have no unit named ${r.unit}`);
        this.units[r.player] = this.units[r.player].filter((u) => u.unit !== r.unit);
        return { tool: 'unit_removed', unit: r.unit };
      case 'start_turn':
        this.search = { turn: this.search.turn + 1, night: r.night, british: r.british, searching: null, searches_begun: false, pending: null };
        this.log.push({ entry: 'turn_started', turn: this.search.turn, night: r.night, british: r.british, text: `Turn ${this.search.turn} (${r.night ? 'night' : 'day'}): Player ${r.british.toUpperCase()} is British and searches first.` });
        return { tool: 'turn_started', turn: this.search.turn, night: r.night, british: r.british };
      case 'report_spotting': {
        const night_die = this.search.night ? this.die() : null;
        const heard = night_die === null || night_die % 2 === 1;
        return { tool: 'spotting_reported', square: r.square, units: r.units, ended_there: r.ended_there ?? false, night_die, heard };
      }
      case 'search': {
        if (this.search.pending) return this.error('search_pending', 'a square call waits for its answer');
        const them = r.player === 'a' ? 'b' : 'a';
        const key = r.level === 'sea' ? 'sea' : r.level === 'area' ? 'area' : 'square';
        const same = (u: Unit) => u.at[key].toLowerCase() === r.name.trim().toLowerCase();
        const there = this.units[them].filter(same);
        const british = this.search.british === r.player;
        this.search.searching = r.player;
        this.search.searches_begun = true;
        if (r.level !== 'square') {
          const answer: SearchAnswer = there.length ? { answer: 'enemy_present' } : { answer: 'nothing' };
          this.log.push({ entry: 'search_called', turn: this.search.turn, caller: r.player, british, level: r.level, name: r.name, dice: [], answer, text: `Player ${r.player.toUpperCase()} searched ${r.level} ${r.name}.` });
          return { tool: 'searched', level: r.level, name: r.name, dice: [], answer };
        }
        const dice: SearchDie[] = this.search.night ? [{ rolled_for: 'night', die: this.die() }] : [];
        if (there.length && dice.some((d) => d.die % 2 === 0)) {
          this.search.pending = { caller: r.player, square: r.name, dice };
          this.log.push({ entry: 'search_awaiting', turn: this.search.turn, caller: r.player, british, square: r.name, dice, text: `Player ${r.player.toUpperCase()} searched square ${r.name}: Player ${them.toUpperCase()} may choose whether to be found.` });
          return { tool: 'search_pending', call: this.search.pending };
        }
        const answer = this.found(r.player, r.name);
        this.log.push({ entry: 'search_called', turn: this.search.turn, caller: r.player, british, level: 'square', name: r.name, dice, answer, text: `Player ${r.player.toUpperCase()} searched square ${r.name}.` });
        return { tool: 'searched', level: 'square', name: r.name, dice, answer };
      }
      case 'answer_search': {
        const call = this.search.pending;
        if (!call) return this.error('no_pending_call', 'no search waits for an answer');
        if (call.caller === r.player) return this.error('not_yours', 'the searched player answers');
        const answer: SearchAnswer = r.admit ? this.found(call.caller, call.square) : { answer: 'nothing' };
        this.search.pending = null;
        this.log.push({ entry: 'search_answered', turn: this.search.turn, caller: call.caller, square: call.square, answer, text: `Answer to Player ${call.caller.toUpperCase()}'s search of square ${call.square}.` });
        return { tool: 'search_answered', square: call.square, admitted: r.admit, answer };
      }
      case 'open_fleet_chart': {
        if (this.fleets[r.player]) return this.error('fleet_chart_open', 'you already hold a Fleet Chart');
        const other = this.fleets[r.player === 'a' ? 'b' : 'a'];
        if (other?.side === r.side) return this.error('side_taken', 'the other player holds that Fleet Chart; choose the other side');
        this.fleets[r.player] = { side: r.side, boxes: Array.from({ length: r.side === 'allied' ? 10 : 12 }, () => []), revealed: new Set(), markers: new Set() };
        return { tool: 'fleet_chart', chart: this.ownChart(r.player)! };
      }
      case 'assign_ship':
      case 'transfer_ship':
      case 'remove_ship':
      case 'set_fleet_marker': {
        const f = this.fleetOf(r.player);
        if ('tool' in f) return f;
        const slot = (n: number) => f.boxes[n - 1];
        if (r.tool === 'assign_ship') {
          if (!slot(r.fleet_box)) return this.error('no_such_box', `no Fleet Box ${r.fleet_box}`);
          slot(r.fleet_box).push(r.ship);
          f.revealed.delete(r.fleet_box);
        } else if (r.tool === 'transfer_ship') {
          const from = slot(r.from);
          if (!from?.includes(r.ship)) return this.error('not_in_box', `${r.ship} is not in Fleet Box ${r.from}`);
          from.splice(from.indexOf(r.ship), 1);
          slot(r.to).push(r.ship);
          f.revealed.delete(r.from);
          f.revealed.delete(r.to);
        } else if (r.tool === 'remove_ship') {
          const from = slot(r.fleet_box);
          if (!from?.includes(r.ship)) return this.error('not_in_box', `${r.ship} is not in Fleet Box ${r.fleet_box}`);
          from.splice(from.indexOf(r.ship), 1);
        } else if (r.on_map) f.markers.add(r.fleet_box);
        else f.markers.delete(r.fleet_box);
        return { tool: 'fleet_chart', chart: this.ownChart(r.player)! };
      }
      case 'reveal_fleet_box': {
        const f = this.fleetOf(r.player);
        if ('tool' in f) return f;
        f.revealed.add(r.fleet_box);
        return { tool: 'fleet_box_revealed', side: f.side, fleet_box: this.openChart(r.player)!.boxes[r.fleet_box - 1] };
      }
      case 'roll_d10': {
        const die = this.die();
        const result = { procedure: r.procedure, die, success: die <= 6, revealed: die <= 6 };
        if (r.fleet_box && result.revealed) {
          this.fleets[r.player]?.revealed.add(r.fleet_box);
          return { tool: 'd10_rolled', by: r.player, result, revealed_box: this.openChart(r.player)!.boxes[r.fleet_box - 1] };
        }
        return { tool: 'd10_rolled', by: r.player, result };
      }
      case 'roll_event': {
        const dice: [number, number] = [this.die(), this.die()];
        const total = dice[0] + dice[1];
        const entry = total === 7 ? SURPRISE : { ...SHIELDS_UP, roll: total };
        const side_die = entry.applies === 'one_side' ? this.die() : null;
        const side = side_die === null ? null : side_die <= 3 ? 'central_powers' : 'allied';
        return { tool: 'event_rolled', by: r.player, roll: { table: r.table, dice, entry, side_die, side } };
      }
      case 'victory_conditions':
        if (r.sdr < 1 || r.sdr > 6) return this.error('bad_sdr', `the victory conditions chart has columns 1-6, not ${r.sdr}`);
        if (r.side === 'british') return { tool: 'victory_conditions', side: r.side, sdr: r.sdr, lines: [{ objective: 'British victory conditions', points: { reading: 'unreadable', why: 'scattered digits' } }] };
        return {
          tool: 'victory_conditions',
          side: r.side,
          sdr: r.sdr,
          lines: [
            { objective: 'Goeben enters the Dardanelles', points: { reading: 'read', points: 100 } },
            { objective: 'French transport sunk, each', points: { reading: 'doubtful', points: 30, why: 'digits split over lines' } },
          ],
        };
      case 'what_if':
        return { tool: 'what_if', entry: { fleet: r.fleet, sdr_low: r.sdr, sdr_high: r.sdr, effect: 'New Zealand begins the game at Malta.', disclosure: 'tell_now' } };
      case 'combined_fire':
        return { tool: 'number', calculator: 'combined_fire', source: 'seed 004, Advanced Tactical Rules 11', value: 7 };
      case 'contact_modifier':
        return { tool: 'number', calculator: 'contact_modifier', source: 'seed 004, Advanced Strategic Rules 6', value: Math.floor((r.ships_a + r.ships_b) / 4) };
      case 'operational_move':
        return { tool: 'number', calculator: 'operational_zones', source: 'seed 003, Extended Operational Movement; Weather Effects on Operations', value: 2 };
      case 'fuel_use':
        return { tool: 'number', calculator: 'fuel_points', source: 'seed 003, Fuel Use', value: [0, 1, 6, 12][r.zones_moved] ?? 0 };
      case 'adrift_vp':
        return { tool: 'number', calculator: 'adrift_vp', source: 'seed 003, Adrift at Sea', value: Math.ceil(r.ship_vp / 2) };
      case 'crippled_vp':
        return { tool: 'number', calculator: 'crippled_vp', source: 'seed 003, Cripples', value: Math.ceil(r.ship_vp / 2) };
      case 'hull_damage_vp':
        return { tool: 'number', calculator: 'hull_damage_vp', source: 'seed 003, Victory Points (VPs)', value: r.hull_boxes * (r.class === 'capital' ? 2 : 1) };
      case 'minefield_density':
        if (r.fields === 0) return this.error('bad_input', 'no minefield, nothing to announce: enter 1 field or more');
        return { tool: 'wording', calculator: 'minefield_density', source: 'seed 004, Advanced Strategic Rules 7 (Minefields)', text: ['Lightly mined', 'Moderately mined', 'Heavily mined'][Math.ceil(r.fields / 2) - 1] ?? 'Very heavily mined' };
      // The die procedures: one die each (two for always_possible), read simply; the core reads the rules.
      case 'port_repair':
        return this.procedure(r.player, 'port_repair', 'seed 004, Advanced Strategic Rules 9 (Port Repair)', 1, 0, (d) => d[0] <= (r.port === 'major' ? 2 : 1), 'Repaired.');
      case 'shore_batteries':
        return this.procedure(r.player, 'shore_batteries', 'seed 004, Advanced Strategic Rules 10 (Shore Batteries)', 1, 0, () => true, 'Primary guns at the port.');
      case 'damage_control':
        return this.procedure(r.player, 'damage_control', 'seed 004, Advanced Strategic Rules 11 (Damage Control)', 1, 0, (d) => d[0] <= 2, 'Boxes repaired.');
      case 'always_possible':
        if (r.needed <= r.highest_roll) return this.error('bad_input', `a roll of ${r.highest_roll} can reach ${r.needed}: roll normally`);
        return this.procedure(r.player, 'always_possible', 'seed 003, Optional Rules, Always Possible', r.needed - r.highest_roll + 1, 0, (d) => d.every((x) => x === 6), 'All sixes?');
      case 'automatic_disengagement': {
        const inside = Math.max(0, r.max_sighting - r.range);
        return this.procedure(r.player, 'automatic_disengagement', 'seed 003, Optional Rules, Automatic Disengagement', 1, -(r.night ? Math.floor(inside / 2) : inside), (d) => d[0] - inside >= 5, 'The battle goes on.');
      }
      case 'submarine_attack':
        return this.procedure(r.player, 'submarine_attack', 'seed 003, Submarines (15.0), attack roll', 1, r.target_moved_two ? -1 : 0, (d) => d[0] >= 4, 'The submarine may attack the fleet.');
      case 'sub_versus_sub':
        return this.procedure(r.player, 'sub_versus_sub', 'seed 003, Submarines (15.0), Sub versus Sub', 2, 0, (d) => d[0] + d[1] === 12, 'Less than 12: the enemy submarine survives.');
      case 'mine_sweep':
        return this.procedure(r.player, 'mine_sweep', 'seed 003, Mine Warfare (13.0), sweeping by ships other than MS', 1, 0, (d) => d[0] >= 5, 'One minefield is removed.');
      case 'asw':
        if (r.escorts === 0) return this.error('bad_input', 'an ASW roll needs escorts');
        return this.procedure(r.player, 'asw', 'seed 003, Submarines (15.0), ASW', 1, Math.floor(r.escorts / (r.before_1918 ? 4 : 3)), () => false, 'The submarine escapes the escorts.');
      default:
        return this.error('unknown_tool', `unknown tool \`${(r as { tool: string }).tool}\``);
    }
  }
}
