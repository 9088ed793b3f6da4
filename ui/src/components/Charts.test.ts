import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import Charts from './Charts.svelte';
import { tid } from '../lib/testids.js';
import { TOGGLE_READINGS } from '../generated/names';

afterEach(() => {
  cleanup();
  clearMocks();
});

describe('charts viewer', () => {
  it('lists each chart with its source and shows its rows as a table', async () => {
    mockIPC(() => ({
      ok: true,
      view: { turn: 0, last_turn: 0, alert_level: 0, vp: 0, phase: 'no_game', game_over: null, protocol: 2, decisions: [], game: null },
      charts: {
        contact_table: { source: { kind: 'reconstructed', note: 'docs/CHARTS.md#contact-table' }, bands: [{ from: null, to: -2, result: 'allied_first_salvo_contact2' }] },
        victory_points: { source: { kind: 'exact', rule: '17.1' }, critical_engagement: 15, allied: [], german_lost: [{ ship_type: 'TroopConvoy', sunk: -20 }] },
        crew_and_gear: { source: { kind: 'reconstructed', note: 'docs/CHARTS.md#crew-and-gear-chart' }, items: [{ id: 'camera_crew', name: 'Camera Crew', class: 'gear', ship_types: [] }] },
        terrain_effects: { source: { kind: 'reconstructed', note: 'docs/CHARTS.md#terrain-effects-chart' }, rows: [{ terrain: 'high_seas', cargo: false }] },
      },
    }));
    let closed = false;
    render(Charts, { close: () => (closed = true) });
    const contact = await screen.findByTestId(tid.chart('contact_table'));
    expect(contact.textContent).toContain('Contact Table (14.3)');
    expect(contact.textContent).toContain('reconstructed');
    expect(contact.querySelector('table')?.textContent).toContain('Allied First Salvo (Contact 2)');
    expect(screen.getByTestId(tid.chart('victory_points')).textContent).toContain('exact · 17.1');
    // Keys and coded values in the player's words, never in code; no file path; an id beside a
    // name is not shown; a table sits in the card's scrolling wrapper (it scrolls sideways on a phone).
    const all = screen.getByTestId(tid.charts).textContent ?? '';
    expect(all).toContain('German ships lost');
    expect(all).toContain('troop convoy');
    expect(all).toContain('Open sea');
    expect(screen.getByTestId(tid.chart('terrain_effects')).querySelector('tbody td:last-child')?.textContent).toBe('no');
    expect(all).not.toMatch(/[a-z]_[a-z]|TroopConvoy|\.md|\.json|data\/pack/);
    expect(all).not.toContain('camera_crew');
    expect(screen.getByTestId(tid.chart('crew_and_gear')).textContent).toContain('Camera Crew');
    for (const table of screen.getByTestId(tid.charts).querySelectorAll('table')) expect(table.parentElement?.classList.contains('table-wrap')).toBe(true);
    // 13.2's two readings, the default and the house rule at new game, in one line of the core's words.
    expect(screen.getByTestId(tid.chartReadings).textContent).toContain(TOGGLE_READINGS.every_port_picks);
    expect(TOGGLE_READINGS.every_port_picks).toMatch(/^13\.2: .*House rule/);
    await fireEvent.click(screen.getByText('Close'));
    expect(closed).toBe(true);
  });

  it('issue #28: lists the reconstructed values a player is most likely to notice, and each row\'s source', async () => {
    mockIPC(() => ({
      ok: true,
      view: { turn: 0, last_turn: 0, alert_level: 0, vp: 0, phase: 'no_game', game_over: null, protocol: 2, decisions: [], game: null },
      charts: {
        victory_points: { source: { kind: 'reconstructed', note: 'docs/CHARTS.md#victory-points-chart', notable: ['troop convoys 12 and 5'] }, critical_engagement: 15, allied: [], german_lost: [] },
        alert_level: {
          source: { kind: 'reconstructed', note: 'docs/CHARTS.md#alert-level-chart' },
          rows: [
            { event: 'royal_navy_orders_pursue', change: 1, source: { kind: 'exact', rule: 'Incident Chart: Royal Navy Orders "Pursue"' } },
            { event: 'allied_ship_lost_in_battle', change: 1, source: { kind: 'reconstructed', note: 'docs/CHARTS.md#alert-level-chart' } },
          ],
        },
      },
    }));
    render(Charts, { close: () => {} });
    const notable = await screen.findByTestId(tid.chartNotable('victory_points'));
    expect(notable.textContent).toContain('troop convoys 12 and 5');
    expect(screen.queryByTestId(tid.chartNotable('alert_level'))).toBeNull();
    const alert = screen.getByTestId(tid.chart('alert_level'));
    const cells = [...alert.querySelectorAll('tbody tr')].map((tr) => tr.lastElementChild?.textContent);
    expect(cells).toEqual(['exact · Incident Chart: Royal Navy Orders "Pursue"', 'reconstructed']);
    expect(alert.querySelector('thead')?.textContent).toContain('Rests on');
    expect(alert.textContent).not.toMatch(/docs\/CHARTS|\.md/);
  });

  it('edits a chart as JSON and shows the referee\'s refusal', async () => {
    const sent: { action: string; json?: string }[] = [];
    mockIPC((_cmd, args) => {
      const action = (args as { action: { action: string; json?: string } }).action;
      sent.push(action);
      const view = { turn: 0, last_turn: 0, alert_level: 0, vp: 0, phase: 'no_game', game_over: null, protocol: 2, decisions: [], game: null };
      if (action.action === 'edit_chart') return { ok: false, view, error: { code: 'illegal', message: 'the edited pack is refused: charts.repair.success_from[0].value: a die face from 2 to 6' } };
      return { ok: true, view, charts: { repair: { source: { kind: 'reconstructed', note: 'x' }, success_from: [{ terrain: 'high_seas', value: 6 }] } } };
    });
    render(Charts, { close: () => {} });
    await fireEvent.click(await screen.findByTestId(tid.chartEditButton('repair')));
    const area = screen.getByTestId(tid.chartEdit('repair')) as HTMLTextAreaElement;
    expect(area.value).toContain('"high_seas"');
    await fireEvent.input(area, { target: { value: area.value.replace('6', '9') } });
    await fireEvent.click(screen.getByTestId(tid.chartSave('repair')));
    expect((await screen.findByTestId(tid.chartMessage)).textContent).toContain('a die face from 2 to 6');
    expect(sent.find((a) => a.action === 'edit_chart')?.json).toContain('9');
  });
});
