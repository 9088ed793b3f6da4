import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { clearMocks } from '@tauri-apps/api/mocks';
import PlayerSecrets from './PlayerSecrets.svelte';
import { ToolsReplay, transcript } from '../../test/toolsReplay';
import secrets from '../../test/fixtures/tools/player_secrets.json';
import { tid, selector } from '../../lib/testids.js';

afterEach(() => {
  cleanup();
  clearMocks();
});

/** A session where A holds chit #1 (5) and B holds chit #2 (2), both face down. */
function session() {
  const core = new ToolsReplay(transcript(secrets, 'two chits')).install();
  core.respond({ tool: 'draw_sdr', player: 'a', label: 'victory conditions' });
  core.respond({ tool: 'draw_sdr', player: 'b', label: '' });
  core.requests = [];
  return core;
}

describe('hold to peek', () => {
  it('asks for the player’s view only while held, shows their own chit, and drops it on release', async () => {
    const core = session();
    const { component } = render(PlayerSecrets, { props: { player: 'a' } });
    expect(screen.queryByTestId(tid.secrets('a'))).toBeNull();
    expect(core.requests).toEqual([]);

    await fireEvent.pointerDown(screen.getByTestId(tid.peek('a')), { pointerType: 'touch' });
    const own = await screen.findByTestId(tid.ownChit(1));
    expect(own.querySelector(selector(tid.dieFace))?.getAttribute('data-value')).toBe('5');
    expect(own.textContent).toContain('for free draw (house rule): victory conditions');
    expect(screen.queryByTestId(tid.ownChit(2))).toBeNull();
    expect(core.requests).toEqual([{ tool: 'view', player: 'a' }]);
    expect(component.held()?.chits.map((c) => c.chit)).toEqual([1]);

    await fireEvent.pointerUp(screen.getByTestId(tid.peek('a')));
    expect(screen.queryByTestId(tid.secrets('a'))).toBeNull();
    expect(screen.queryByTestId(tid.ownChit(1))).toBeNull();
    expect(document.body.innerHTML).not.toContain('shows 5');
    expect(component.held()).toBeNull();
  });

  it('never shows the other player’s chit', async () => {
    session();
    render(PlayerSecrets, { props: { player: 'b' } });
    await fireEvent.pointerDown(screen.getByTestId(tid.peek('b')), { pointerType: 'touch' });
    expect(await screen.findByTestId(tid.ownChit(2))).toBeTruthy();
    expect(screen.queryByTestId(tid.ownChit(1))).toBeNull();
    expect(document.body.innerHTML).not.toContain('shows 5');
  });

  it.each([
    ['pointercancel', (el: HTMLElement) => fireEvent.pointerCancel(el)],
    ['pointerleave', (el: HTMLElement) => fireEvent.pointerLeave(el)],
    ['the window losing focus', () => fireEvent.blur(window)],
    ['the app being hidden', () => fireEvent(document, new Event('visibilitychange'))],
  ])('hides and forgets on %s', async (_, end) => {
    session();
    const { component } = render(PlayerSecrets, { props: { player: 'a' } });
    const button = screen.getByTestId(tid.peek('a'));
    await fireEvent.pointerDown(button, { pointerType: 'touch' });
    await screen.findByTestId(tid.ownChit(1));
    await end(button);
    await waitFor(() => expect(screen.queryByTestId(tid.ownChit(1))).toBeNull());
    expect(component.held()).toBeNull();
  });

  it('drops an answer that arrives after the button was let go', async () => {
    const core = session();
    core.hold = true;
    const { component } = render(PlayerSecrets, { props: { player: 'a' } });
    const button = screen.getByTestId(tid.peek('a'));
    await fireEvent.pointerDown(button, { pointerType: 'touch' });
    await fireEvent.pointerUp(button);
    core.release();
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId(tid.ownChit(1))).toBeNull();
    expect(component.held()).toBeNull();
  });

  it('works with a held key for keyboard and switch users', async () => {
    session();
    render(PlayerSecrets, { props: { player: 'a' } });
    const button = screen.getByTestId(tid.peek('a'));
    expect(button.getAttribute('aria-label')).toContain('Hold to show Player A');
    // Issue #17: the name starts with the words on the button (WCAG 2.5.3), whichever they are now.
    expect(button.getAttribute('aria-label')).toMatch(/^Player A: hold to peek\. /);
    await fireEvent.keyDown(button, { key: ' ' });
    expect(await screen.findByTestId(tid.ownChit(1))).toBeTruthy();
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(button.getAttribute('aria-label')).toMatch(/^Player A: let go to hide\. /);
    await fireEvent.keyUp(button, { key: ' ' });
    expect(screen.queryByTestId(tid.ownChit(1))).toBeNull();
  });

  it('reports a refusal and shows nothing', async () => {
    const core = session();
    // The core answers every well-formed view: its refusal here stands in for one.
    core.override.view = () => ({ tool: 'error', code: 'malformed', message: 'bad `view` request' });
    const errors: string[] = [];
    render(PlayerSecrets, { props: { player: 'a', onerror: (m: string) => errors.push(m) } });
    await fireEvent.pointerDown(screen.getByTestId(tid.peek('a')), { pointerType: 'touch' });
    await waitFor(() => expect(errors).toEqual(['bad `view` request']));
    expect(screen.queryByTestId(tid.secrets('a'))).toBeNull();
  });
});
