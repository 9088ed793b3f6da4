import { describe, expect, it } from 'vitest';
import { RULES, lookupRule, uncited } from './rules';
import incidentChart from '../../../data/pack/incident_chart.json';

const refs = (ref: string) => lookupRule(ref).map((e) => e.ref);

describe('lookupRule', () => {
  it('finds a rule by its number', () => {
    expect(refs('14.3')).toEqual(['14.3']);
    expect(refs('9.1')).toEqual(['9.1']);
    const [entry] = lookupRule('14.3');
    expect(entry.title).toBe('Contact procedure');
    expect(entry.summary.length).toBeGreaterThan(20);
  });

  it('finds a step entry by its exact key, and nothing for a step without one', () => {
    expect(refs('13.0 step 2')).toEqual(['13.0 step 2']);
    expect(refs('3.0 step 6')).toEqual(['3.0 step 6']);
    expect(refs('14.2 step 3')).toEqual([]);
  });

  it('splits comma-separated references and keeps their order', () => {
    expect(refs('14.14, Victory Points Chart')).toEqual(['14.14', 'Victory Points Chart']);
    expect(refs('Incident Chart, 5.2')).toEqual(['Incident Chart', '5.2']);
    expect(refs('5.1, 5.2')).toEqual(['5.1', '5.2']);
    expect(refs('14.3, 14.3')).toEqual(['14.3']);
  });

  it('finds Incident Chart entries by name', () => {
    expect(refs('Incident Chart: Limited Visibility')).toEqual(['Incident Chart: Limited Visibility']);
    expect(refs('Incident Chart: Royal Navy Orders "Pursue"')).toEqual(['Incident Chart: Royal Navy Orders "Pursue"']);
  });

  it('has no fallback: a reference the core should not write finds nothing (the core\'s tests keep it from writing one)', () => {
    expect(refs('14.12')).toEqual([]);
    expect(refs('14.4: the Germans break off')).toEqual([]);
    expect(refs('Incident Chart: something new')).toEqual([]);
  });

  it('finds the charts and tables by their one spelling', () => {
    for (const chart of [
      'Contact Table',
      'Victory Points Chart',
      'Targeting Priority Chart',
      'Terrain Effects Chart',
      'Repair Table',
      'Gunnery Hit table',
      'Torpedo Hit table',
      'Intelligence Table',
      'Orders Chart',
    ]) {
      expect(refs(chart)).toEqual([chart]);
    }
  });

  it('returns nothing for unknown references', () => {
    expect(lookupRule('')).toEqual([]);
    expect(lookupRule('   ')).toEqual([]);
    expect(lookupRule('99.9')).toEqual([]);
    expect(lookupRule('0.2')).toEqual([]);
    expect(lookupRule('Something Else')).toEqual([]);
  });
});

describe('the summaries', () => {
  it('cover every rule and sub-rule of the rulebook, 1.0 to 25.0', () => {
    const numbered = [
      '1.0', '1.1', '1.2', '1.3', '1.4', '2.0', '2.1', '2.2', '3.0', '4.0', '4.1',
      '5.0', '5.1', '5.2', '5.3', '5.4', '6.0', '6.1', '6.2', '6.3',
      '7.0', '7.1', '7.2', '7.3', '7.4', '7.5', '8.0', '8.1', '8.2', '8.3', '8.4', '8.5', '8.6',
      '9.0', '9.1', '9.2', '10.0', '10.1', '11.0', '11.1', '11.2', '12.0', '12.1', '12.2', '12.3', '12.4', '12.5',
      '13.0', '13.1', '13.2', '14.0', '14.1', '14.2', '14.3', '14.4', '14.5', '14.6', '14.7', '14.8', '14.9',
      '14.10', '14.11', '14.13', '14.14', '14.15', '15.0', '16.0', '17.0', '17.1',
      '18.0', '19.0', '19.1', '20.0', '20.1', '21.0', '21.2', '22.0', '23.0',
      '24.0', '24.1', '24.2', '24.3', '24.4', '24.5', '25.0',
    ];
    for (const n of numbered) expect(RULES[n], n).toBeDefined();
  });

  it('are short: a title and one to three sentences each', () => {
    for (const [ref, { title, summary }] of Object.entries(RULES)) {
      expect(title.trim(), ref).not.toBe('');
      const sentences = summary.split(/[.!?](?:\s|$)/).filter((s) => s.trim() !== '');
      expect(sentences.length, `${ref}: ${summary}`).toBeGreaterThanOrEqual(1);
      expect(sentences.length, `${ref}: ${summary}`).toBeLessThanOrEqual(3);
    }
  });

  it('cover every Incident Chart name the core cites (the "Incident Chart: " strings in src/)', () => {
    const named = [
      'Incident Chart: Allied Submarine',
      'Incident Chart: Collier Attacked',
      'Incident Chart: French Navy Sorties',
      'Incident Chart: Friendly Ship',
      'Incident Chart: Intelligence from Berlin',
      'Incident Chart: Limited Visibility',
    ];
    for (const ref of named) {
      expect(RULES[ref], ref).toBeDefined();
      expect(refs(ref)).toEqual([ref]);
    }
  });

  it('cover every entry of the rules pack Incident Chart', () => {
    expect(incidentChart.length).toBe(20);
    for (const { name } of incidentChart) {
      const ref = `Incident Chart: ${name}`;
      expect(RULES[ref], ref).toBeDefined();
    }
  });
});

describe('a line with its rule chip cites the rule once (issue #29)', () => {
  it('drops the citation the chip shows, and nothing else', () => {
    expect(uncited('SMS Goeben takes the Outfitting & Repair phase and will not move this turn (7.0).', '7.0')).toBe('SMS Goeben takes the Outfitting & Repair phase and will not move this turn.');
    expect(uncited('Alert Level 1 → 2 (a sighting).', '5.2')).toBe('Alert Level 1 → 2 (a sighting).');
    expect(uncited('Storm (Incident Chart): 3.', '7.0')).toBe('Storm (Incident Chart): 3.');
    expect(uncited('Repair (10.1) then coal (7.3).', '10.1')).toBe('Repair then coal (7.3).');
    expect(uncited('No rule here.', '')).toBe('No rule here.');
  });
});
