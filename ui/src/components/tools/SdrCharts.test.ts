import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import { clearMocks } from '@tauri-apps/api/mocks';
import SdrCharts from './SdrCharts.svelte';
import { FakeCore } from './fakeCore';

afterEach(() => {
  cleanup();
  clearMocks();
});

describe('victory and What-If charts', () => {
  it('looks up the German victory conditions for an SDR, doubtful cells with their reason', async () => {
    const core = new FakeCore().install();
    render(SdrCharts);
    await fireEvent.click(screen.getByTestId('vc-sdr-3'));
    expect(core.requests).toEqual([{ tool: 'victory_conditions', side: 'german', sdr: 3 }]);
    const result = await screen.findByTestId('vc-result');
    expect(result.textContent).toContain('Goeben enters the Dardanelles');
    expect(result.textContent).toContain('100');
    expect(result.textContent).toContain('30? Doubtful: digits split over lines');
    expect(result.textContent).toContain('Source: seed 001');
  });

  it('says the British chart is unreadable instead of giving points', async () => {
    const core = new FakeCore().install();
    render(SdrCharts);
    await fireEvent.click(screen.getByTestId('vc-side-british'));
    await fireEvent.click(screen.getByTestId('vc-sdr-6'));
    expect(core.requests).toEqual([{ tool: 'victory_conditions', side: 'british', sdr: 6 }]);
    expect((await screen.findByTestId('vc-unreadable')).textContent).toContain('use your printed chart');
  });

  it('offers SDR 7 only to the French and Austrian fleets and shows what to tell', async () => {
    const core = new FakeCore().install();
    render(SdrCharts);
    expect(screen.queryByTestId('wi-sdr-7')).toBeNull();
    await fireEvent.click(screen.getByTestId('wi-fleet-french'));
    await fireEvent.click(screen.getByTestId('wi-sdr-7'));
    expect(core.requests).toEqual([{ tool: 'what_if', fleet: 'french', sdr: 7 }]);
    expect((await screen.findByTestId('wi-result')).textContent).toContain('French fleet, SDR 7');
    expect(screen.getByTestId('wi-disclosure').textContent).toBe('Tell the other player now.');
  });
});
