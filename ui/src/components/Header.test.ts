// The game screen's header gives the page its one top heading (for a screen reader's heading
// list; hidden from the eye, which has the header itself) and reads the Alert Level as a sentence.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/svelte';
import Header from './Header.svelte';
import type { Response } from '../generated/Response';
import started from '../test/fixtures/new_game.json';
import { tid } from '../lib/testids.js';
import { FLEET_IN_PLAY, ROLES_IN_PLAY, TOGGLE_IN_PLAY } from '../generated/names';

afterEach(() => {
  cleanup();
});

describe('Header', () => {
  it('has a level-one heading and says the Alert Level out of the track\'s top', () => {
    const view = (started as Response).view;
    render(Header, { props: { view } });
    expect(screen.getByRole('heading', { level: 1, name: 'Goeben Referee' }).classList.contains('sr-only')).toBe(true);
    expect(screen.getByTestId(tid.alertLevel).textContent).toBe(String(view.alert_level));
    expect(screen.getByText(`Alert Level ${view.alert_level} of ${view.game!.alert_max}`).classList.contains('sr-only')).toBe(true);
  });

  it('issue #29: the phase has the first row; a pending question shows whose call only under 25.0 roles', () => {
    const view = structuredClone((started as Response).view);
    const { container, unmount } = render(Header, { props: { view } });
    const rows = container.querySelectorAll('.header .row');
    expect(rows[0].querySelector(`[data-testid="${tid.phase}"]`)).toBeTruthy();
    expect(rows[1].querySelector(`[data-testid="${tid.turn}"]`)).toBeTruthy();
    unmount();
    // A question pending, playing alone: no badge (it is always the player's).
    view.game!.pending = [{ question: 'Fight?', rule: '14.4', pending: { kind: 'declare_end' } } as never];
    view.decisions = [{ action: { action: 'answer', yes: true }, label: 'Yes' }];
    const solo = render(Header, { props: { view } });
    expect(solo.container.querySelector('.badge')).toBeNull();
    solo.unmount();
    // Under 25.0 the core names the role whose call it is.
    view.decisions = [{ action: { action: 'answer', yes: true }, label: 'Yes', decider: 'Commander' }];
    const roles = render(Header, { props: { view } });
    expect(roles.container.querySelector('.badge')?.textContent).toBe('Commander');
  });

  it('names the optional and house rules in play by rule number, in the core\'s words (18.0–25.0)', () => {
    const view = structuredClone((started as Response).view);
    const options = view.game!.options;
    const { unmount } = render(Header, { props: { view } });
    expect(screen.queryByTestId(tid.optionalRules)).toBeNull();
    unmount();
    Object.assign(options, { night_combat: true, variable_deployment: true, fleet: 'moltke_and_stralsund', roles: 'ship_commanders', take_backs: true, player_dice: true });
    view.undo_status = { ...view.undo_status!, take_backs: 2 };
    render(Header, { props: { view } });
    expect(screen.getByTestId(tid.optionalRules).textContent).toBe(
      `Optional: ${TOGGLE_IN_PLAY.variable_deployment} · ${FLEET_IN_PLAY.moltke_and_stralsund} · ${TOGGLE_IN_PLAY.night_combat} · ${ROLES_IN_PLAY.ship_commanders} · ${TOGGLE_IN_PLAY.take_backs} (2 so far) · ${TOGGLE_IN_PLAY.player_dice}`,
    );
    expect(screen.getByTestId(tid.optionalRules).textContent).toContain('18.0 deployment · 19.0 Moltke and Stralsund · 22.0 night · 25.0 ship commanders');
  });

  it('names a house rule that switches a rule\'s reading (13.2, 12.4, 20.0) in the core\'s words', () => {
    const view = structuredClone((started as Response).view);
    Object.assign(view.game!.options, { every_port_picks: true, engine_hits_slow_all: true });
    render(Header, { props: { view } });
    expect(screen.getByTestId(tid.optionalRules).textContent).toBe(`${TOGGLE_IN_PLAY.every_port_picks} · ${TOGGLE_IN_PLAY.engine_hits_slow_all}`);
    expect(TOGGLE_IN_PLAY.every_port_picks).toContain('13.2');
  });
});
