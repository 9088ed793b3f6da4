import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import Charts from './Charts.svelte';

afterEach(() => {
  cleanup();
  clearMocks();
});

describe('charts viewer', () => {
  it('lists each chart with its source and shows its rows as a table', async () => {
    mockIPC(() => ({
      ok: true,
      view: { turn: 0, last_turn: 0, alert_level: 0, vp: 0, phase: 'no_game', game_over: null, legal_actions: [], game: null },
      charts: {
        contact_table: { source: { kind: 'reconstructed', note: 'docs/CHARTS.md#contact-table' }, bands: [{ from: null, to: -2, result: 'allied_first_salvo_contact2' }] },
        victory_points: { source: { kind: 'exact', rule: '17.1' }, critical_engagement: 15, allied: [] },
      },
    }));
    let closed = false;
    render(Charts, { close: () => (closed = true) });
    const contact = await screen.findByTestId('chart-contact_table');
    expect(contact.textContent).toContain('Contact Table (14.3)');
    expect(contact.textContent).toContain('reconstructed');
    expect(contact.querySelector('table')?.textContent).toContain('allied first salvo contact2');
    expect(screen.getByTestId('chart-victory_points').textContent).toContain('exact · 17.1');
    await fireEvent.click(screen.getByText('Close'));
    expect(closed).toBe(true);
  });
});
