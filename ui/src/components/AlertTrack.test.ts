// The Alert track reads to a screen reader as one sentence, not as a row of bare numbers.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/svelte';
import AlertTrack from './AlertTrack.svelte';
import { tid } from '../lib/testids.js';

afterEach(() => {
  cleanup();
});

describe('AlertTrack', () => {
  it('says "Alert Level 3 of 6" and hides the boxes from a screen reader', () => {
    const { container } = render(AlertTrack, { props: { level: 3, min: 1, max: 6 } });
    expect(screen.getByTestId(tid.alertLevel).textContent).toBe('3');
    const sentence = screen.getByText('Alert Level 3 of 6');
    expect(sentence.closest('[aria-hidden="true"]')).toBeNull();
    // Only the sentence reaches a screen reader: the boxes and the bare number are hidden from it.
    const heard = [...container.querySelectorAll('.alert > *')].filter((e) => e.getAttribute('aria-hidden') !== 'true');
    expect(heard).toEqual([sentence]);
    const track = container.querySelector('ol.track');
    expect(track?.getAttribute('aria-hidden')).toBe('true');
    // The boxes still show every level, the current one marked for the eye.
    expect([...container.querySelectorAll('ol.track li')].map((li) => li.textContent)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(container.querySelector('li.current')?.textContent).toBe('3');
  });
});
