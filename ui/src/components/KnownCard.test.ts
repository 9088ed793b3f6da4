import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/svelte';
import KnownCard from './KnownCard.svelte';
import type { GameView } from '../generated/GameView';
import { tid } from '../lib/testids';

afterEach(() => {
  cleanup();
});

const game = (known: GameView['known']) => ({ known }) as unknown as GameView;

describe('KnownCard (issue #50: what the referee told you, kept)', () => {
  it('lists the Allied ships seen with where, when and where they went since, and the VP changes with their causes', () => {
    render(KnownCard, {
      props: {
        game: game({
          allied: [
            { id: 'gb_bc_indomitable', name: 'HMS Indomitable', place: 'Gibraltar Patrol Zone', turn: 2, examined: true },
            { id: 'gb_cl_dublin', name: 'HMS Dublin', place: 'Malta Patrol Zone', turn: 1, examined: false, since: 'back to the Incident Pool' },
          ],
          vp: [
            { turn: 2, change: 8, total: 8, reason: 'merchant raided by SMS Breslau' },
            { turn: 4, change: 20, total: 28, reason: 'HMS Dublin sunk at Malta Patrol Zone' },
          ],
        }),
      },
    });
    const allied = screen.getByTestId(tid.knownAllied);
    expect(allied.textContent).toContain('HMS Indomitable');
    expect(allied.textContent).toContain('Gibraltar Patrol Zone, turn 2 · examined, still face down');
    expect(allied.textContent).toContain('since: back to the Incident Pool');
    const vp = screen.getByTestId(tid.knownVp);
    expect(vp.querySelector('summary')!.textContent).toContain('2 changes · now 28');
    expect(vp.textContent).toContain('+20 HMS Dublin sunk at Malta Patrol Zone');
  });

  it('draws nothing while nothing is known', () => {
    render(KnownCard, { props: { game: game({ allied: [], vp: [] }) } });
    expect(screen.queryByRole('region', { name: 'What you know' })).toBeNull();
  });
});
