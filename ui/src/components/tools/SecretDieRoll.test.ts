import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import TableTools from './TableTools.svelte';
import { FakeCore } from './fakeCore';

afterEach(() => {
  cleanup();
  clearMocks();
});

async function openSdr(core: FakeCore) {
  core.install();
  render(TableTools, { props: { close: () => {} } });
  await fireEvent.click(screen.getByTestId('tool-sdr'));
  await waitFor(() => expect(screen.getByTestId('sdr-bag').textContent).toContain('of 48'));
}

/** Every die face on screen, as its value. */
const faces = (root: HTMLElement = document.body) => [...root.querySelectorAll('[data-testid="die-face"]')].map((d) => d.getAttribute('data-value'));

describe('Secret Die Roll', () => {
  it('draws face down: the shared screen shows the commitment and the bag, never the value', async () => {
    const core = new FakeCore({ draws: [5] });
    await openSdr(core);
    await fireEvent.input(screen.getByTestId('sdr-label'), { target: { value: 'victory conditions' } });
    await fireEvent.click(screen.getByTestId('sdr-draw-a'));
    expect(core.sent('draw_sdr')).toEqual([{ tool: 'draw_sdr', player: 'a', label: 'victory conditions' }]);
    const chit = await screen.findByTestId('chit-1');
    expect(within(chit).getByTestId('commitment-1').textContent).toBe('c0ffee0000000001');
    expect(chit.textContent).toContain('Player A');
    expect(chit.textContent).toContain('for victory conditions');
    await waitFor(() => expect(screen.getByTestId('sdr-bag').textContent).toContain('47 of 48'));
    expect(screen.getByTestId('sdr-notice').textContent).toContain('hold your Peek button');
    expect(faces()).toEqual([]);
    expect(document.body.innerHTML).not.toMatch(/shows 5|showing 5/);
    expect(screen.queryByTestId('own-chit-1')).toBeNull();
  });

  it('shows the value only while its owner holds Peek, and not to the other player', async () => {
    const core = new FakeCore({ draws: [5] });
    await openSdr(core);
    await fireEvent.click(screen.getByTestId('sdr-draw-a'));
    await screen.findByTestId('chit-1');

    await fireEvent.pointerDown(screen.getByTestId('peek-b'), { pointerType: 'touch' });
    expect(await screen.findByTestId('no-secrets-b')).toBeTruthy();
    expect(faces()).toEqual([]);
    await fireEvent.pointerUp(screen.getByTestId('peek-b'));

    await fireEvent.pointerDown(screen.getByTestId('peek-a'), { pointerType: 'touch' });
    const own = await screen.findByTestId('own-chit-1');
    expect(faces(own)).toEqual(['5']);
    await fireEvent.pointerUp(screen.getByTestId('peek-a'));
    expect(screen.queryByTestId('own-chit-1')).toBeNull();
    expect(faces()).toEqual([]);
  });

  it('reveals after a confirmation, showing the value as a die, the salt and the verification', async () => {
    const core = new FakeCore({ draws: [5] });
    await openSdr(core);
    await fireEvent.click(screen.getByTestId('sdr-draw-a'));
    await fireEvent.click(await screen.findByTestId('reveal-1'));
    expect(core.sent('reveal_sdr')).toEqual([]);
    await fireEvent.click(screen.getByTestId('reveal-confirm-1'));
    expect(core.sent('reveal_sdr')).toEqual([{ tool: 'reveal_sdr', player: 'a', chit: 1 }]);
    const verdict = await screen.findByTestId('verified-1');
    expect(verdict.textContent).toContain('Verified');
    expect(verdict.textContent).not.toContain('NOT');
    expect(faces(screen.getByTestId('chit-1'))).toEqual(['5']);
    expect(screen.getByTestId('salt-1').textContent).toBe(core.chits[0].salt);
    expect(screen.getByTestId('sdr-notice').textContent).toContain('revealed chit #1: 5, it matches its commitment');

    await fireEvent.click(screen.getByTestId('recheck-1'));
    expect(core.sent('verify_sdr')).toEqual([{ tool: 'verify_sdr', commitment: 'c0ffee0000000001', value: 5, salt: core.chits[0].salt }]);
    expect((await screen.findByTestId('recheck-result-1')).textContent).toContain('it matches');

    await fireEvent.click(screen.getByTestId('return-1'));
    expect(core.sent('return_sdr')).toEqual([{ tool: 'return_sdr', player: 'a', chit: 1 }]);
    await waitFor(() => expect(screen.getByTestId('sdr-bag').textContent).toContain('48 of 48'));
    expect(screen.getByTestId('chit-1').textContent).toContain('back in the bag');
    expect(screen.queryByTestId('return-1')).toBeNull();
    expect(screen.getByTestId('sdr-log').textContent).toContain('put chit #1 back in the bag');
  });

  it('says plainly when a revealed chit does not match its commitment', async () => {
    const core = new FakeCore({ draws: [3] });
    await openSdr(core);
    await fireEvent.click(screen.getByTestId('sdr-draw-b'));
    core.chits[0].tampered = true;
    await fireEvent.click(await screen.findByTestId('reveal-1'));
    await fireEvent.click(screen.getByTestId('reveal-confirm-1'));
    expect((await screen.findByTestId('verified-1')).textContent).toContain('NOT verified');
    expect(core.sent('reveal_sdr')[0].player).toBe('b');
  });

  it('checks a commitment typed by hand', async () => {
    const core = new FakeCore({ draws: [2] });
    await openSdr(core);
    await fireEvent.click(screen.getByTestId('sdr-draw-a'));
    await screen.findByTestId('chit-1');
    await fireEvent.input(screen.getByTestId('verify-commitment'), { target: { value: ' c0ffee0000000001 ' } });
    await fireEvent.input(screen.getByTestId('verify-value'), { target: { value: '6' } });
    await fireEvent.input(screen.getByTestId('verify-salt'), { target: { value: core.chits[0].salt } });
    await fireEvent.click(screen.getByTestId('verify-button'));
    expect(core.sent('verify_sdr')).toEqual([{ tool: 'verify_sdr', commitment: 'c0ffee0000000001', value: 6, salt: core.chits[0].salt }]);
    expect((await screen.findByTestId('verify-result')).textContent).toContain('does NOT match');
  });

  it('shows a refusal in an alert', async () => {
    const core = new FakeCore();
    core.override.draw_sdr = () => ({ tool: 'error', code: 'bag_empty', message: 'all 48 chits are out of the bag; put revealed chits back to draw again' });
    await openSdr(core);
    await fireEvent.click(screen.getByTestId('sdr-draw-b'));
    const alert = await screen.findByRole('alert');
    expect(alert.getAttribute('data-testid')).toBe('tools-error');
    expect(alert.textContent).toContain('all 48 chits are out of the bag');
    await fireEvent.click(within(alert).getByRole('button'));
    expect(screen.queryByTestId('tools-error')).toBeNull();
  });

  it('shows an IPC failure in an alert', async () => {
    mockIPC(() => {
      throw new Error('no such command');
    });
    render(TableTools, { props: { close: () => {} } });
    await fireEvent.click(screen.getByTestId('tool-sdr'));
    expect((await screen.findByTestId('tools-error')).textContent).toContain('could not reach the table tools');
  });
});
