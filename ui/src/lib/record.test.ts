import { describe, expect, it } from 'vitest';
import { COMMITMENT, COMMITTED, copy, finished, record } from '../test/views';
import movement from '../test/fixtures/movement.json';
import { exactSeed, fingerprint, handCheck, recordFileName, recordText } from './record';
import { labelled, ticks } from './plot';

describe('the game record as text (issue #14)', () => {
  it('reads the exact seed from the committed string', () => {
    expect(exactSeed(COMMITTED)).toBe('12345678901234567890');
    expect(exactSeed('goeben-referee commitment v1; seed=42; salt=ab; pack=cd')).toBe('42');
    expect(exactSeed(null)).toBeNull();
    expect(exactSeed('no seed here')).toBeNull();
  });

  it('writes every seed with its exact digits, so `referee verify` replays the right game', () => {
    const text = recordText(record(finished().view));
    expect(text).not.toContain('12345678901234567000');
    expect(text.match(/"seed": 12345678901234567890\b/g)?.length).toBe(2); // the record's and its final view's reveal
    expect(text).toContain('"seed": 7'); // another seed is left as it is
    const back = JSON.parse(text);
    expect(back.committed).toBe(COMMITTED);
    expect(back.final_view.reveal.committed).toBe(COMMITTED);
  });

  it('leaves a running game\'s record alone: it holds no seed', () => {
    const { seed: _seed, salt: _salt, committed: _committed, ...running } = record(copy(movement).view);
    expect(recordText(running)).toBe(JSON.stringify(running, null, 2));
    expect('seed' in JSON.parse(recordText(running))).toBe(false);
  });

  it('names the file after the fingerprint and writes the hand check', () => {
    expect(recordFileName(COMMITMENT)).toBe('goeben-record-303d77b3.json');
    expect(recordFileName(undefined)).toBe('goeben-record.json');
    expect(fingerprint(COMMITMENT)).toBe('303d77b3');
    expect(handCheck(COMMITTED)).toBe(`printf '%s' '${COMMITTED}' | sha256sum`);
    expect(handCheck("it's")).toBe(`printf '%s' 'it'\\''s' | sha256sum`);
  });
});

describe('chart helpers', () => {
  it('ticks cover the values with whole steps', () => {
    expect(ticks(0, 12)).toEqual([0, 5, 10, 15]);
    expect(ticks(-2, 12)).toEqual([-5, 0, 5, 10, 15]);
    expect(ticks(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(ticks(3, 3)).toEqual([2, 3, 4]);
  });

  it('labels every turn when there is room, every k-th when not', () => {
    expect(labelled(4, 10)).toEqual([true, true, true, true]);
    expect(labelled(10, 5)).toEqual([true, false, true, false, true, false, true, false, false, true]);
    expect(labelled(1, 5)).toEqual([true]);
  });
});
