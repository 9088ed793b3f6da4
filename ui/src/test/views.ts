// Views and answers shaped like the core's (src/view.rs, src/review.rs, src/record.rs) for the UI tests.
// The JSON fixtures are real referee responses (tests/ui_fixtures.rs); these add what a test needs on top of them.
import type { GameRecord } from '../generated/GameRecord';
import type { PlayerView } from '../generated/PlayerView';
import type { Response } from '../generated/Response';
import type { Review } from '../generated/Review';
import movement from './fixtures/movement.json';

/** No game started: nothing to undo, no commitment yet. */
export const NO_GAME: PlayerView = {
  turn: 0, last_turn: 0, alert_level: 0, vp: 0, phase: 'no_game', game_over: null, protocol: 2, decisions: [], phase_name: 'No game', game: null,
  undo_status: { allowed: false, barrier: false, take_backs: 0 },
};

/** A fresh copy of a JSON fixture, typed (each test may change its copy). */
export const copy = (fixture: unknown): Response => structuredClone(fixture) as Response;

/** The documented committed string of a game whose seed does not fit a JavaScript number, and its
 * SHA-256 (computed with sha256sum). */
export const COMMITTED =
  'goeben-referee commitment v1; seed=12345678901234567890; salt=0123456789abcdef0123456789abcdef; pack=79ccc190e67bd9476bb4d419193a83e827b1125f63aaf21c10f68126c90af5b0';
export const COMMITMENT = '303d77b39473db03df0f8eabe780bd9a756ce70f9c80fc383a55de56df04cd1f';
/** The seed as it reaches the UI: rounded to the nearest double. */
export const ROUNDED_SEED = 12345678901234567890;

/** The movement fixture's game, over for good: the seed shown, two take-backs under the house rule. */
export function finished(): Response {
  const r = copy(movement);
  r.view.game_over = { won: true, reason: 'Orders accomplished with 12 VP' };
  r.view.phase = 'game_over';
  r.view.decisions = [];
  r.view.commitment = COMMITMENT;
  r.view.reveal = { seed: ROUNDED_SEED, salt: '0123456789abcdef0123456789abcdef', committed: COMMITTED };
  r.view.undo_status = { allowed: false, last: 'Game over — you win: Orders accomplished with 12 VP', barrier: true, take_backs: 2 };
  r.view.game!.options.take_backs = true;
  return r;
}

/** A record as `export_record` answers it once the game is over (seeds rounded, as through IPC). */
export function record(view: PlayerView): GameRecord {
  return {
    format: 'goeben-referee-record', version: 1, app: 'goeben-referee 0.1.0',
    pack_sha256: '79ccc190e67bd9476bb4d419193a83e827b1125f63aaf21c10f68126c90af5b0', pack: null,
    options: view.game!.options, commitment: COMMITMENT, seed: ROUNDED_SEED, salt: view.reveal?.salt, committed: COMMITTED,
    started: [{ event: 'turn_started', turn: 1 }],
    steps: [{ action: { action: 'new_game', seed: 7 }, events: [] }, { action: { action: 'end_phase' }, events: [{ event: 'phase_started', turn: 1, phase: 'movement' }] }],
    take_backs: 2, final_view: view,
  };
}

/** A short finished game's review: three turns, one battle. */
export const REVIEW: Review = {
  orders: 'Raid French Convoys', won: true, reason: 'Orders accomplished with 12 VP', vp: 12, vp_target: 10, alert_min: 1, alert_max: 6, commitment: COMMITMENT,
  setup: [
    { place: 'malta_pz', name: 'Malta Patrol Zone', counters: [{ id: 'gb_cl_dublin', name: 'HMS Dublin', kind: 'allied_ship' }, { id: 'q1', name: 'Quiet Seas', kind: 'incident' }] },
    { place: 'pool', name: 'Incident Pool', counters: [{ id: 'storm', name: 'Storm', kind: 'incident' }] },
  ],
  trend: [
    { turn: 0, vp: 0, alert: 1 },
    { turn: 1, vp: 3, alert: 2 },
    { turn: 2, vp: -2, alert: 4 },
    { turn: 3, vp: 12, alert: 5 },
  ],
  turns: [
    { turn: 1, lines: [{ rule: '12.0', text: 'SMS Goeben moved from Messina to Malta (cruise speed, up to 4 spaces).', kind: 'other' }, { rule: '13.0', text: 'Revealed HMS Dublin at Malta.', kind: 'reveal' }] },
    { turn: 2, lines: [{ rule: '14.5', text: 'SMS Goeben primary guns at HMS Dublin: 6, 2, 6', kind: 'battle' }, { rule: 'Incident Chart', text: 'Storm: 3', kind: 'die' }] },
    { turn: 3, lines: [{ rule: '17.0', text: 'Victory points -2 → 12 (Orders).', kind: 'vp' }] },
  ],
  battles: [
    { turn: 2, space: 'Malta', title: 'Turn 2 · Malta', german: { dice: 8, hits: 3, expected: 1.3333, player_dice: 0, player_hits: 0, player_expected: 0 }, allied: { dice: 4, hits: 0, expected: 0.6667, player_dice: 0, player_hits: 0, player_expected: 0 }, german_words: '3 hits · 1.3 exp.', allied_words: '0 hits · 0.7 exp.' },
    { turn: 3, space: 'open sea, Eastern Mediterranean', title: 'Turn 3 · open sea, Eastern Mediterranean', german: { dice: 6, hits: 1, expected: 1, player_dice: 0, player_hits: 0, player_expected: 0 }, allied: { dice: 0, hits: 0, expected: 0, player_dice: 0, player_hits: 0, player_expected: 0 }, german_words: '1 hit · 1 exp.', allied_words: 'no fire' },
  ],
  // The core's words (src/api/review.rs luck_summary, luck_yours), as it writes them for these battles.
  luck_summary: 'Dice luck per battle: turn 2, Malta: German 3 hits against 1.3 expected from 8 dice; Allied 0 hits against 0.7 expected from 4 dice. turn 3, open sea, Eastern Mediterranean: German 1 hit against 1 expected from 6 dice; Allied did not fire.',
  luck_yours: null,
  take_backs: 2,
};
