import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import RuleRef from './RuleRef.svelte';
import { tid } from '../lib/testids.js';
import { closeTopLayer } from '../lib/back';
import { tick } from 'svelte';

afterEach(() => {
  cleanup();
});

describe('RuleRef', () => {
  it('shows the rule number as a collapsed button', () => {
    render(RuleRef, { ref: '14.3' });
    const button = screen.getByRole('button', { name: 'Rule 14.3' });
    expect(button.textContent).toBe('14.3');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId(tid.rulePanel)).toBeNull();
  });

  it('shows the summary on a tap and hides it on the next', async () => {
    render(RuleRef, { ref: '14.3' });
    const button = screen.getByRole('button', { name: 'Rule 14.3' });
    await fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByTestId(tid.rulePanel);
    expect(button.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.textContent).toContain('14.3 — Contact procedure');
    expect(panel.textContent).toContain('Contact Table');
    await fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId(tid.rulePanel)).toBeNull();
  });

  it('shows one entry per part of a combined reference', async () => {
    render(RuleRef, { ref: '14.14, Victory Points Chart' });
    await fireEvent.click(screen.getByRole('button', { name: 'Rule 14.14, Victory Points Chart' }));
    const titles = [...screen.getByTestId(tid.rulePanel).querySelectorAll('.rule-title')].map((t) => t.textContent);
    expect(titles).toEqual(['14.14 — End of combat', 'Victory Points Chart']);
  });

  it('names Incident Chart entries by their chart name', async () => {
    render(RuleRef, { ref: 'Incident Chart: Limited Visibility' });
    await fireEvent.click(screen.getByRole('button'));
    expect(screen.getByTestId(tid.rulePanel).querySelector('.rule-title')?.textContent).toBe('Incident Chart: Limited Visibility');
  });

  it('says so when it has no summary for the reference', async () => {
    render(RuleRef, { ref: 'Something Else' });
    await fireEvent.click(screen.getByRole('button', { name: 'Rule Something Else' }));
    expect(screen.getByTestId(tid.rulePanel).textContent).toMatch(/No summary for this reference/);
  });

  it('closes by the way back (Escape or the back button, lib/back.ts) and keeps the focus on the button', async () => {
    render(RuleRef, { ref: '9.1' });
    const button = screen.getByRole('button', { name: 'Rule 9.1' });
    button.focus();
    await fireEvent.click(button);
    expect(screen.getByTestId(tid.rulePanel)).toBeTruthy();
    expect(closeTopLayer()).toBe(true);
    await tick();
    expect(screen.queryByTestId(tid.rulePanel)).toBeNull();
    expect(closeTopLayer()).toBe(false);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('opens each reference on its own', async () => {
    render(RuleRef, { ref: '12.3' });
    render(RuleRef, { ref: '13.0' });
    await fireEvent.click(screen.getByRole('button', { name: 'Rule 12.3' }));
    const panels = screen.getAllByTestId(tid.rulePanel);
    expect(panels.length).toBe(1);
    expect(panels[0].textContent).toContain('Emergency speed');
    expect(screen.getByRole('button', { name: 'Rule 13.0' }).getAttribute('aria-expanded')).toBe('false');
  });
});
