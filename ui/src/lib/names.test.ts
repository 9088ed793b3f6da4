import { describe, expect, it } from 'vitest';
import type { Event } from '../generated/Event';
import { describeEvent, placeName, ruleOf } from './names';

const at = { kind: 'high_seas', zone: 'eastern_med', label: '' } as const;

// One sample of every event kind the core can send; the compiler checks each against the generated type.
const samples: Event[] = [
  { event: 'game_started', orders: 'x', orders_name: 'Suez Canal Operation', last_turn: 8 },
  { event: 'secret_setup', patrol_zones: [{ place: 'a', name: 'A', count: 2 }], ports: [{ place: 'b', name: 'B', count: 1 }], pool: 50 },
  { event: 'turn_started', turn: 2 },
  { event: 'phase_started', turn: 2, phase: 'movement' },
  { event: 'dice_rolled', purpose: 'Storm', faces: [6], rule: 'Incident Chart' },
  { event: 'alert_changed', from: 1, to: 2, reason: 'Pursue', rule: '5.0' },
  { event: 'vp_changed', from: 0, to: 7, reason: 'raid', rule: '15.0' },
  { event: 'counter_revealed', counter: { id: 'gb', name: 'HMS Dublin', kind: 'incident' }, at, rule: '13.0' },
  { event: 'table_instruction', text: 'Place it.', rule: '13.0' },
  { event: 'collier_placed', at },
  { event: 'ship_moved', ship: 'goeben', from: at, to: { kind: 'place', id: 'pola' }, speed: 'cruise', limit: 4 },
  { event: 'track_changed', ship: 'goeben', track: 'hull', from: 12, to: 11, reason: 'Storm', rule: 'Incident Chart' },
  { event: 'ship_sunk', ship: 'breslau', reason: 'hull 0', rule: '6.3' },
  { event: 'counter_returned', counter: 'q', name: 'Quiet Seas', to: 'back to the Incident Pool', rule: '13.1' },
  { event: 'collier_lost', collier: 1, reason: 'attacked', rule: 'Incident Chart' },
  { event: 'incidents_picked', space: at, normal: 3, extra: 0, drawn: 3 },
  { event: 'intelligence_result', code: 'IB', name: 'Intercepted signals', value: 5, rule: '11.2' },
  { event: 'examined', zone: 'malta_pz', counters: [{ id: 'gb', name: 'HMS Dublin', kind: 'incident' }], rule: '11.2' },
  { event: 'contact_resolved', space: at, german: 8, allied: 7, final_roll: 4, result: 'german_first_salvo_contact1', rule: '14.3' },
  { event: 'corrected', what: 'Alert Level', from: '1', to: '4' },
  { event: 'undone', entries: 2 },
  { event: 'taken_back', entries: 3, total: 2 },
  { event: 'game_ended', won: true, reason: 'mission accomplished' },
];

describe('describeEvent', () => {
  it('words every event kind without falling back to its raw name', () => {
    for (const e of samples) {
      const text = describeEvent(e, null);
      expect(text.length, e.event).toBeGreaterThan(5);
      expect(text, e.event).not.toBe(e.event);
    }
    expect(new Set(samples.map((e) => e.event)).size).toBe(samples.length);
  });

  it('names places and cites rules', () => {
    expect(describeEvent(samples.find((e) => e.event === 'ship_moved')!, null)).toBe('Goeben → Pola (cruise).');
    expect(placeName(null, { kind: 'high_seas', zone: 'adriatic', label: 'H7' })).toBe('H7 (Adriatic)');
    expect(ruleOf(samples[4])).toBe('Incident Chart');
    expect(ruleOf(samples[0])).toBe('3.0');
  });
});

describe('dice with the hits marked', () => {
  it('marks sixes for gunnery and fives and sixes for torpedoes, nothing for other rolls', async () => {
    const { hitFrom } = await import('./names');
    expect(hitFrom('SMS Goeben primary guns at HMS Dublin: 8 dice, 6 hits', '14.5')).toBe(6);
    expect(hitFrom('SMS Breslau torpedo 1 of 2 at HMS Dublin: 5 dice, 5–6 hits', '14.6')).toBe(5);
    expect(hitFrom('HMS Inflexible torpedoes at SMS Goeben: 1 dice', '14.11')).toBe(5);
    expect(hitFrom('HMS Inflexible primary guns at SMS Goeben: 4 dice', '14.11')).toBe(6);
    expect(hitFrom('Gunnery Hit table for HMS Dublin', '14.5')).toBeNull();
    expect(hitFrom('Contact: 1d6 + German 8 − Allied 7', '14.3')).toBeNull();
  });
});
