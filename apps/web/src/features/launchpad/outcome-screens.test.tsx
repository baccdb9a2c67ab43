import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCOUNT } from '../../test/multisig-test-fixtures.ts';
import { fakeWallet, renderWithWallet } from '../../test/trade-test-kit.tsx';
import { OutcomeScreen, outcomePath, projectLabel } from './outcome-screens.tsx';

// The screens that replace the sign step (product.md#wizard-screens "Outcome screens").

function renderOutcome(props: Parameters<typeof OutcomeScreen>[0]) {
  return renderWithWallet(<OutcomeScreen {...props} />, fakeWallet(ACCOUNT));
}

describe('OutcomeScreen', () => {
  it('pulses while submitting', () => {
    renderOutcome({ submitState: 'submitting', type: 'pre-inscribe', slug: 'rocks' });
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Submitting your collection…');
    expect(status.className).toContain('animate-pulse');
  });

  it('links a submitted edition to its mint page', () => {
    renderOutcome({ submitState: 'submitted', type: 'edition', slug: 'one of one' });
    expect(screen.getByText('Your edition has been submitted for review.')).toBeTruthy();
    // ADR 019: the spec's sentence stays, followed by what really happens.
    expect(
      screen.getByText('It is live now. A reviewer may still take it down; you would be told why.'),
    ).toBeTruthy();
    const link = screen.getByRole('link', { name: '/mint/one%20of%20one' });
    expect(link.getAttribute('href')).toBe('/mint/one%20of%20one');
  });

  it('links an onboarded collection to its collection page', () => {
    renderOutcome({ submitState: 'submitted', type: 'onboard', slug: 'rocks' });
    expect(screen.getByText('Your collection has been submitted for review.')).toBeTruthy();
    expect(
      screen.getByText('It stays under review until a reviewer approves it: its page opens then.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: '/collections/rocks' })).toBeTruthy();
  });

  it("says 'This may take some time' when a failure has no reason", () => {
    renderOutcome({
      submitState: 'failed',
      type: 'pre-inscribe',
      slug: 'rocks',
      failedReason: null,
    });
    const failed = screen.getByRole('region', { name: 'Submission Failed' });
    expect(within(failed).getByRole('alert').textContent).toBe('This may take some time');
  });

  it('shows nothing while the step is still to submit', () => {
    renderOutcome({ submitState: 'submit', type: 'pre-inscribe', slug: 'x' });
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it.each([
    ['pre-inscribe', 'Collection', 'mint'],
    ['edition', 'Edition', 'mint'],
    ['auction', 'Auction', 'collections'],
    ['inscribe', 'Collection', 'collections'],
    ['onboard', 'Collection', 'collections'],
  ] as const)('names a %s launch %s and links it under /%s', (type, label, path) => {
    expect(projectLabel(type)).toBe(label);
    expect(outcomePath(type)).toBe(path);
  });
});
