import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeWallet } from '../../test/trade-test-kit.tsx';
import { GetStartedStep } from './get-started-step.tsx';
import { CREATOR, renderStep } from '../../test/wizard-test-kit.tsx';

describe('GetStartedStep', () => {
  it('starts with Create a new launch and switches to Submit a live collection', async () => {
    const { report } = renderStep(GetStartedStep, fakeWallet(CREATOR));
    expect(screen.getByRole('radio', { name: /^Create a new launch/ })).toHaveProperty(
      'checked',
      true,
    );
    expect(report.isValid).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: /^Submit a live collection/ }));
    expect(report.draft.start).toBe('onboard');
  });
});
