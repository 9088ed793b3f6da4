import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import TableTools from './TableTools.svelte';
import { ToolsReplay, transcript } from '../../test/toolsReplay';
import sdr from '../../test/fixtures/tools/secret_die_roll.json';
import { tid, selector } from '../../lib/testids.js';

afterEach(() => {
  cleanup();
  clearMocks();
});

async function openSdr(core: ToolsReplay) {
  core.install();
  render(TableTools, { props: { close: () => {} } });
  await fireEvent.click(screen.getByTestId(tid.tool('sdr')));
  await waitFor(() => expect(screen.getByTestId(tid.sdrBag).textContent).toContain('of 48'));
}

/** A chit's commitment as the core answered its draw, and its salt as the core answered its reveal. */
const commitment = (core: ToolsReplay) => core.answer('draw_sdr', 'sdr_drawn').chit.commitment;
const salt = (core: ToolsReplay) => (core.answer('reveal_sdr', 'sdr_revealed').chit.face as { salt: string }).salt;

/** Every die face on screen, as its value. */
const faces = (root: HTMLElement = document.body) => [...root.querySelectorAll(selector(tid.dieFace))].map((d) => d.getAttribute('data-value'));

describe('Secret Die Roll', () => {
  it('draws for a purpose the rules call for, once, by its side (issue #30)', async () => {
    const core = new ToolsReplay(transcript(sdr, 'purpose'));
    await openSdr(core);
    await fireEvent.change(screen.getByTestId(tid.sdrPurpose), { target: { value: '1' } });
    expect(screen.queryByTestId(tid.sdrLabel)).toBeNull();
    await fireEvent.click(screen.getByTestId(tid.sdrBritish('b')));
    await fireEvent.click(screen.getByTestId(tid.sdrChooseSides));
    expect(core.sent('choose_sides')).toEqual([{ tool: 'choose_sides', british: 'b' }]);
    await waitFor(() => expect(screen.queryByTestId(tid.sdrSides)).toBeNull());
    await fireEvent.click(screen.getByTestId(tid.sdrDrawA));
    const chit = await screen.findByTestId(tid.chit(1));
    expect(chit.textContent).toContain('German victory conditions');
    await fireEvent.change(screen.getByTestId(tid.sdrPurpose), { target: { value: '1' } });
    await fireEvent.click(screen.getByTestId(tid.sdrDrawA));
    expect(core.sent('draw_sdr')).toEqual([
      { tool: 'draw_sdr', player: 'a', purpose: { kind: 'victory_conditions', side: 'german' }, label: '' },
      { tool: 'draw_sdr', player: 'a', purpose: { kind: 'victory_conditions', side: 'german' }, label: '' },
    ]);
    expect((await screen.findByTestId(tid.toolsError)).textContent).toContain('it is the one that counts');
  });

  it('draws face down: the shared screen shows the commitment and the bag, never the value', async () => {
    const core = new ToolsReplay(transcript(sdr, 'draw'));
    await openSdr(core);
    await fireEvent.input(screen.getByTestId(tid.sdrLabel), { target: { value: 'victory conditions' } });
    await fireEvent.click(screen.getByTestId(tid.sdrDrawA));
    expect(core.sent('draw_sdr')).toEqual([{ tool: 'draw_sdr', player: 'a', label: 'victory conditions' }]);
    const chit = await screen.findByTestId(tid.chit(1));
    expect(within(chit).getByTestId(tid.chitCommitment(1)).textContent).toBe(commitment(core));
    expect(chit.textContent).toContain('Player A');
    expect(chit.textContent).toContain('for free draw (house rule): victory conditions');
    await waitFor(() => expect(screen.getByTestId(tid.sdrBag).textContent).toContain('47 of 48'));
    expect(screen.getByTestId(tid.sdrNotice).textContent).toContain('hold your Peek button');
    expect(faces()).toEqual([]);
    expect(document.body.innerHTML).not.toMatch(/shows 5|showing 5/);
    expect(screen.queryByTestId(tid.ownChit(1))).toBeNull();
  });

  it('shows the value only while its owner holds Peek, and not to the other player', async () => {
    const core = new ToolsReplay(transcript(sdr, 'peek'));
    await openSdr(core);
    await fireEvent.click(screen.getByTestId(tid.sdrDrawA));
    await screen.findByTestId(tid.chit(1));

    await fireEvent.pointerDown(screen.getByTestId(tid.peek('b')), { pointerType: 'touch' });
    expect(await screen.findByTestId(tid.noSecrets('b'))).toBeTruthy();
    expect(faces()).toEqual([]);
    await fireEvent.pointerUp(screen.getByTestId(tid.peek('b')));

    await fireEvent.pointerDown(screen.getByTestId(tid.peek('a')), { pointerType: 'touch' });
    const own = await screen.findByTestId(tid.ownChit(1));
    expect(faces(own)).toEqual(['5']);
    await fireEvent.pointerUp(screen.getByTestId(tid.peek('a')));
    expect(screen.queryByTestId(tid.ownChit(1))).toBeNull();
    expect(faces()).toEqual([]);
  });

  it('reveals after a confirmation, showing the value as a die, the salt and the verification', async () => {
    const core = new ToolsReplay(transcript(sdr, 'reveal'));
    await openSdr(core);
    await fireEvent.click(screen.getByTestId(tid.sdrDrawA));
    await fireEvent.click(await screen.findByTestId(tid.revealChit(1)));
    expect(core.sent('reveal_sdr')).toEqual([]);
    await fireEvent.click(screen.getByTestId(tid.revealConfirm(1)));
    expect(core.sent('reveal_sdr')).toEqual([{ tool: 'reveal_sdr', player: 'a', chit: 1 }]);
    const verdict = await screen.findByTestId(tid.verified(1));
    expect(verdict.textContent).toContain('Verified');
    expect(verdict.textContent).not.toContain('NOT');
    expect(faces(screen.getByTestId(tid.chit(1)))).toEqual(['5']);
    expect(screen.getByTestId(tid.salt(1)).textContent).toBe(salt(core));
    expect(screen.getByTestId(tid.sdrNotice).textContent).toContain('revealed chit #1: 5, it matches its commitment');

    await fireEvent.click(screen.getByTestId(tid.recheck(1)));
    expect(core.sent('verify_sdr')).toEqual([{ tool: 'verify_sdr', commitment: commitment(core), value: 5, salt: salt(core) }]);
    expect((await screen.findByTestId(tid.recheckResult(1))).textContent).toContain('it matches');

    await fireEvent.click(screen.getByTestId(tid.returnChit(1)));
    expect(core.sent('return_sdr')).toEqual([{ tool: 'return_sdr', player: 'a', chit: 1 }]);
    await waitFor(() => expect(screen.getByTestId(tid.sdrBag).textContent).toContain('48 of 48'));
    expect(screen.getByTestId(tid.chit(1)).textContent).toContain('back in the bag');
    expect(screen.queryByTestId(tid.returnChit(1))).toBeNull();
    expect(screen.getByTestId(tid.sdrLog).textContent).toContain('put chit #1 back in the bag');
  });

  it('says plainly when a revealed chit does not match its commitment', async () => {
    const core = new ToolsReplay(transcript(sdr, 'reveal b'));
    // The core never holds a chit that breaks its commitment (it checks every chit after every request):
    // the recorded reveal is marked as failing its check, as a tampered chit would.
    core.patch((node) => {
      if (node.shown === 'revealed') node.verified = false;
    });
    await openSdr(core);
    await fireEvent.click(screen.getByTestId(tid.sdrDrawB));
    await fireEvent.click(await screen.findByTestId(tid.revealChit(1)));
    await fireEvent.click(screen.getByTestId(tid.revealConfirm(1)));
    expect((await screen.findByTestId(tid.verified(1))).textContent).toContain('NOT verified');
    expect(core.sent('reveal_sdr')[0].player).toBe('b');
  });

  it('checks a commitment typed by hand', async () => {
    const core = new ToolsReplay(transcript(sdr, 'check by hand'));
    const typedSalt = '0123456789abcdef0123456789abcdef';
    await openSdr(core);
    await fireEvent.click(screen.getByTestId(tid.sdrDrawA));
    await screen.findByTestId(tid.chit(1));
    await fireEvent.input(screen.getByTestId(tid.verifyCommitment), { target: { value: ` ${commitment(core)} ` } });
    await fireEvent.input(screen.getByTestId(tid.verifyValue), { target: { value: '6' } });
    await fireEvent.input(screen.getByTestId(tid.verifySalt), { target: { value: typedSalt } });
    await fireEvent.click(screen.getByTestId(tid.verifyButton));
    expect(core.sent('verify_sdr')).toEqual([{ tool: 'verify_sdr', commitment: commitment(core), value: 6, salt: typedSalt }]);
    expect((await screen.findByTestId(tid.verifyResult)).textContent).toContain('does NOT match');
  });

  it('shows a refusal in an alert', async () => {
    const core = new ToolsReplay(transcript(sdr, 'bag empty'));
    for (let i = 0; i < 48; i++) core.respond({ tool: 'draw_sdr', player: 'a', label: '' });
    await openSdr(core);
    await fireEvent.click(screen.getByTestId(tid.sdrDrawB));
    const alert = await screen.findByRole('alert');
    expect(alert.getAttribute('data-testid')).toBe(tid.toolsError);
    expect(alert.textContent).toContain('all 48 chits are out of the bag');
    await fireEvent.click(within(alert).getByRole('button'));
    expect(screen.queryByTestId(tid.toolsError)).toBeNull();
  });

  it('shows an IPC failure in an alert', async () => {
    mockIPC(() => {
      throw new Error('no such command');
    });
    render(TableTools, { props: { close: () => {} } });
    await fireEvent.click(screen.getByTestId(tid.tool('sdr')));
    expect((await screen.findByTestId(tid.toolsError)).textContent).toContain('could not reach the table tools');
  });
});
