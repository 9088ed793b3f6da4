import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import { clearMocks } from '@tauri-apps/api/mocks';
import SdrCharts from './SdrCharts.svelte';
import { ToolsReplay, transcript } from '../../test/toolsReplay';
import charts from '../../test/fixtures/tools/sdr_charts.json';
import { tid } from '../../lib/testids.js';

afterEach(() => {
  cleanup();
  clearMocks();
});

describe('victory and What-If charts', () => {
  it('looks up the German victory conditions for an SDR, a doubtful cell marked uncertain without the transcriber\'s note', async () => {
    const core = new ToolsReplay(transcript(charts, 'german')).install();
    render(SdrCharts);
    await fireEvent.click(screen.getByTestId(tid.vcSdr(3)));
    expect(core.requests).toEqual([{ tool: 'victory_conditions', side: 'german', sdr: 3 }]);
    const result = await screen.findByTestId(tid.vcResult);
    expect(result.textContent).toContain('Goeben enters the Dardanelles');
    expect(result.textContent).toContain('50');
    expect(result.textContent).toContain('30 (hard to read in the printed chart)');
    expect(result.textContent).not.toMatch(/doubtful|margin|digits|SDR 3-6/i);
    expect(result.textContent).toContain('Source: Victory Conditions');
    expect(result.textContent).not.toMatch(/seed/i);
  });

  it('says the British chart is unreadable instead of giving points', async () => {
    const core = new ToolsReplay(transcript(charts, 'british')).install();
    render(SdrCharts);
    await fireEvent.click(screen.getByTestId(tid.vcSide('british')));
    await fireEvent.click(screen.getByTestId(tid.vcSdr(6)));
    expect(core.requests).toEqual([{ tool: 'victory_conditions', side: 'british', sdr: 6 }]);
    expect((await screen.findByTestId(tid.vcUnreadable)).textContent).toContain('use your printed chart');
    expect(screen.getByTestId(tid.vcResult).textContent).not.toMatch(/seed|sideways|scattered/i);
  });

  it('offers SDR 7 only to the French and Austrian fleets and shows what to tell', async () => {
    const core = new ToolsReplay(transcript(charts, 'what if')).install();
    render(SdrCharts);
    expect(screen.queryByTestId(tid.wiSdr(7))).toBeNull();
    await fireEvent.click(screen.getByTestId(tid.wiFleet('french')));
    await fireEvent.click(screen.getByTestId(tid.wiSdr(7)));
    expect(core.requests).toEqual([{ tool: 'what_if', fleet: 'french', sdr: 7 }]);
    expect((await screen.findByTestId(tid.wiResult)).textContent).toContain('French fleet, SDR 5–7');
    expect(screen.getByTestId(tid.wiDisclosure).textContent).toBe('Keep it secret.');
  });
});
