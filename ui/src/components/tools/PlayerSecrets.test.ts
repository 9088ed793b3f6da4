import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { clearMocks } from '@tauri-apps/api/mocks';
import PlayerSecrets from './PlayerSecrets.svelte';
import { ToolsReplay, transcript } from '../../test/toolsReplay';
import secrets from '../../test/fixtures/tools/player_secrets.json';
import { tid, selector } from '../../lib/testids.js';
import { here } from '../../lib/seat.svelte';
import { PIN_MAX_DIGITS, PIN_MIN_DIGITS } from '../../generated/tools/limits';

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
    // The name starts with the words on the button (WCAG 2.5.3), whichever they are now.
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

describe('issue #30: a PIN per player on one device', () => {
  /** The `a pin` session: A holds chit #1 (5), B chit #2 (2); its next step is A setting the PIN 2468. */
  function pinSession() {
    const core = new ToolsReplay(transcript(secrets, 'a pin')).install();
    core.respond({ tool: 'draw_sdr', player: 'a', label: 'victory conditions' });
    core.respond({ tool: 'draw_sdr', player: 'b', label: '' });
    core.requests = [];
    return core;
  }

  function typed(el: HTMLElement, value: string) {
    return fireEvent.input(el, { target: { value } });
  }

  it('takes a PIN of the core’s lengths: the generated limits, not a copy', async () => {
    pinSession();
    render(PlayerSecrets, { props: { player: 'a' } });
    await fireEvent.click(screen.getByTestId(tid.setPin('a')));
    const field = screen.getByTestId(tid.newPin('a')) as HTMLInputElement;
    const save = screen.getByTestId(tid.savePin('a')) as HTMLButtonElement;
    expect(field.getAttribute('maxlength')).toBe(String(PIN_MAX_DIGITS));
    expect(field.placeholder).toBe(`${PIN_MIN_DIGITS}–${PIN_MAX_DIGITS} digits`);
    for (const [length, allowed] of [[PIN_MIN_DIGITS - 1, false], [PIN_MIN_DIGITS, true], [PIN_MAX_DIGITS, true], [PIN_MAX_DIGITS + 1, false]] as const) {
      await typed(field, '7'.repeat(length));
      expect(save.disabled, `${length} digits`).toBe(!allowed);
    }
  });

  it('sets a PIN once, then peeks only with it, and forgets the PIN on letting go', async () => {
    const core = pinSession();
    const { component } = render(PlayerSecrets, { props: { player: 'a' } });
    expect(screen.queryByTestId(tid.peekPin('a'))).toBeNull();
    await fireEvent.click(screen.getByTestId(tid.setPin('a')));
    const field = screen.getByTestId(tid.newPin('a')) as HTMLInputElement;
    // A numeric keypad, and nothing for the browser to remember or offer the other player.
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(field.getAttribute('autocomplete')).toBe('off');
    expect(field.type).toBe('password');
    await typed(field, '246');
    expect((screen.getByTestId(tid.savePin('a')) as HTMLButtonElement).disabled).toBe(true);
    await typed(field, '2468');
    await fireEvent.click(screen.getByTestId(tid.savePin('a')));
    const pin = (await screen.findByTestId(tid.peekPin('a'))) as HTMLInputElement;
    expect(core.requests).toEqual([{ tool: 'set_pin', player: 'a', pin: '2468' }]);
    expect(screen.queryByTestId(tid.setPin('a')), 'a PIN is set once').toBeNull();
    expect(pin.getAttribute('inputmode')).toBe('numeric');
    expect(pin.getAttribute('autocomplete')).toBe('off');
    expect(pin.value).toBe('');

    await typed(pin, '2468');
    await fireEvent.pointerDown(screen.getByTestId(tid.peek('a')), { pointerType: 'touch' });
    const own = await screen.findByTestId(tid.ownChit(1));
    expect(own.querySelector(selector(tid.dieFace))?.getAttribute('data-value')).toBe('5');
    expect(core.requests[core.requests.length - 1]).toEqual({ tool: 'view', player: 'a', pin: '2468' });

    await fireEvent.pointerUp(screen.getByTestId(tid.peek('a')));
    expect(screen.queryByTestId(tid.ownChit(1))).toBeNull();
    expect(component.held()).toBeNull();
    expect(pin.value, 'the PIN is kept only while held').toBe('');
    expect(document.body.innerHTML).not.toContain('2468');
  });

  it('learns from the core that a PIN is needed, and a wrong PIN shows the refusal and nothing else', async () => {
    const core = pinSession();
    // Set on an earlier run of the app: this screen does not know yet.
    core.respond({ tool: 'set_pin', player: 'a', pin: '2468' });
    core.requests = [];
    const errors: string[] = [];
    const { component } = render(PlayerSecrets, { props: { player: 'a', onerror: (m: string) => errors.push(m) } });
    await fireEvent.pointerDown(screen.getByTestId(tid.peek('a')), { pointerType: 'touch' });
    await waitFor(() => expect(errors).toEqual(['Player A has a PIN: enter it to peek']));
    expect(core.requests).toEqual([{ tool: 'view', player: 'a' }]);
    expect(screen.queryByTestId(tid.secrets('a'))).toBeNull();
    await fireEvent.pointerUp(screen.getByTestId(tid.peek('a')));

    const pin = (await screen.findByTestId(tid.peekPin('a'))) as HTMLInputElement;
    await typed(pin, '1111');
    await fireEvent.pointerDown(screen.getByTestId(tid.peek('a')), { pointerType: 'touch' });
    await waitFor(() => expect(errors).toHaveLength(2));
    expect(errors[1]).toMatch(/^wrong PIN for Player A; 2 more wrong tries/);
    expect(core.requests[core.requests.length - 1]).toEqual({ tool: 'view', player: 'a', pin: '1111' });
    expect(screen.queryByTestId(tid.ownChit(1))).toBeNull();
    expect(component.held()).toBeNull();
    expect(pin.value, 'a refused PIN is not kept either').toBe('');
  });

  it('asks nothing when the PIN field is empty, and the wait after wrong PINs is told as the core says', async () => {
    const core = pinSession();
    const errors: string[] = [];
    render(PlayerSecrets, { props: { player: 'a', onerror: (m: string) => errors.push(m) } });
    await fireEvent.click(screen.getByTestId(tid.setPin('a')));
    await typed(screen.getByTestId(tid.newPin('a')), '2468');
    await fireEvent.click(screen.getByTestId(tid.savePin('a')));
    await screen.findByTestId(tid.peekPin('a'));
    core.requests = [];
    await fireEvent.pointerDown(screen.getByTestId(tid.peek('a')), { pointerType: 'touch' });
    expect(errors).toEqual(["Type Player A's PIN first, then hold."]);
    expect(core.requests).toEqual([]);
    await fireEvent.pointerUp(screen.getByTestId(tid.peek('a')));
    // Three wrong PINs in a row (the core's rule, tested in crates/table-tools/tests/tools_pin.rs).
    core.override.view = () => ({ tool: 'error', code: 'pin_locked', message: 'too many wrong PINs for Player A: try again in 30 seconds' });
    await typed(screen.getByTestId(tid.peekPin('a')), '2468');
    await fireEvent.pointerDown(screen.getByTestId(tid.peek('a')), { pointerType: 'touch' });
    await waitFor(() => expect(errors[errors.length - 1]).toBe('too many wrong PINs for Player A: try again in 30 seconds'));
    expect(screen.queryByTestId(tid.secrets('a'))).toBeNull();
  });

  it('offers no PIN on a guest phone, which is its player’s own (table mode)', async () => {
    pinSession();
    here.seat = { player: 'a', name: 'A' };
    try {
      render(PlayerSecrets, { props: { player: 'a' } });
      expect(screen.getByTestId(tid.peek('a'))).toBeTruthy();
      expect(screen.queryByTestId(tid.setPin('a'))).toBeNull();
    } finally {
      here.seat = null;
    }
  });

  it('the player without a PIN peeks as before', async () => {
    const core = pinSession();
    core.respond({ tool: 'set_pin', player: 'a', pin: '2468' });
    core.requests = [];
    render(PlayerSecrets, { props: { player: 'b' } });
    await fireEvent.pointerDown(screen.getByTestId(tid.peek('b')), { pointerType: 'touch' });
    expect(await screen.findByTestId(tid.ownChit(2))).toBeTruthy();
    expect(core.requests).toEqual([{ tool: 'view', player: 'b' }]);
  });
});
