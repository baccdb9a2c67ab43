import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeWallet } from '../../test/trade-test-kit.tsx';
import { LaunchTypeStep } from './launch-type-step.tsx';
import { CREATOR, renderStep } from '../../test/wizard-test-kit.tsx';

const LAUNCH_ID = '7d1f0c4e-8a4b-4c1e-9f3a-2b6d5e8c9a01';

describe('LaunchTypeStep', () => {
  it('shows four cards, Pre Inscribe chosen and Inscribe disabled as coming soon', async () => {
    const { report } = renderStep(LaunchTypeStep, fakeWallet(CREATOR));
    const cards = screen.getAllByRole('radio');
    expect(cards.map((c) => c.getAttribute('value'))).toEqual([
      'pre-inscribe',
      'edition',
      'auction',
      'inscribe',
    ]);
    expect(screen.getByRole('radio', { name: /^Pre Inscribe/ })).toHaveProperty('checked', true);
    const inscribe = screen.getByRole('radio', { name: /^Inscribe\s*Coming soon/ });
    expect(inscribe).toHaveProperty('disabled', true);
    await userEvent.click(inscribe);
    expect(report.draft.type).toBe('pre-inscribe');
    expect(report.isValid).toBe(true);
  });

  it('choosing a type resets the launchpad id, the terms and the submit state', async () => {
    const { report } = renderStep(LaunchTypeStep, fakeWallet(CREATOR), {
      launchpadId: LAUNCH_ID,
      termsAccepted: true,
      submitState: 'failed',
    });
    await userEvent.click(screen.getByRole('radio', { name: /^Edition/ }));
    expect(report.draft).toMatchObject({
      type: 'edition',
      launchpadId: null,
      termsAccepted: false,
      submitState: 'submit',
    });
    expect(screen.getByRole('radio', { name: /^Edition/ })).toHaveProperty('checked', true);
  });
});
