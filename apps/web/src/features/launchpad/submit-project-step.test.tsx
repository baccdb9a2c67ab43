import { toSubmittedPhases } from '@om/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT, NETWORK } from '../../test/multisig-test-fixtures.ts';
import { callsTo, failure, fakeServer, ok } from '../../test/trade-test-kit.tsx';
import { draftPhase, LAUNCH_ID, launchDraft, launchInfo } from './launch-test-fixtures.ts';
import {
  acceptTerms,
  FEES,
  INFO_PATH,
  launchServer,
  phaseCard,
  renderStep,
  signButton,
} from './launch-test-kit.tsx';
import { SubmitProjectStep } from './submit-project-step.tsx';

// The Submit Project step (product.md#wizard-screens "Sign step",
// product.md#states-and-transitions, product.md#errors, ADR 010): creating the launch, polling
// it, and the outcome screens. Signing the phases is in launch-signing.test.tsx.

describe('SubmitProjectStep', () => {
  afterEach(() => vi.useRealTimers());

  it('creates the launch, shows Submitting and polls every 8 s until it can be signed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: 'initializing' | 'pending_psbt_signature' = 'initializing';
    const calls = fakeServer({
      'GET /api/shared/fees/recommended': ok(FEES),
      'POST /api/launchpad/create': ok({ launchpadId: LAUNCH_ID }),
      [`GET ${INFO_PATH}`]: () => ok(launchInfo(status)),
    });
    const draft = launchDraft();
    const { seen } = renderStep(SubmitProjectStep, draft);

    expect(screen.getByText('You are here by agreeing to sign 2 inscriptions')).toBeTruthy();
    expect(within(phaseCard('Phase 1: Whitelist Sale')).getByText('0.00020000 BTC')).toBeTruthy();
    expect(within(phaseCard('Phase 1: Whitelist Sale')).getByText('(20,000 sats)')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Public' }));
    expect(within(phaseCard('Phase 2: Public Sale')).getByText('Unlimited')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Whitelist' }));
    const pending = signButton('Phase 1: Whitelist Sale') as HTMLButtonElement;
    expect([pending.textContent, pending.disabled]).toEqual(['Pending', true]);
    const create = screen.getByRole('button', { name: 'Create Launchpad' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    expect(
      screen.getByText('You must agree to all terms and conditions before signing.'),
    ).toBeTruthy();

    await acceptTerms();
    expect(create.disabled).toBe(false);
    expect(
      screen.queryByText('You must agree to all terms and conditions before signing.'),
    ).toBeNull();
    expect(await screen.findByRole('radio', { name: 'Normal 6 sat/vB' })).toBeTruthy();
    await userEvent.click(create);

    expect(await screen.findByText('Submitting your collection…')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/launchpad/create')[0]?.body).toEqual({
      slug: 'rocks',
      makerPaymentAddress: ACCOUNT.paymentAddress,
      makerPaymentPublicKey: ACCOUNT.paymentPublicKey,
      makerOrdinalAddress: ACCOUNT.ordinalsAddress,
      makerOrdinalPublicKey: ACCOUNT.ordinalsPublicKey,
      meta: draft.info,
      data: draft.inscriptions,
      phases: toSubmittedPhases(draft.phases, NETWORK),
      feeRate: 6,
    });
    await waitFor(() => expect(callsTo(calls, 'GET', INFO_PATH)).toHaveLength(1));
    await waitFor(() =>
      expect(seen.draft).toMatchObject({ launchpadId: LAUNCH_ID, submitState: 'submitting' }),
    );

    // Prepared by the worker: the next poll finds it ready to sign and polling stops.
    status = 'pending_psbt_signature';
    await act(() => vi.advanceTimersByTimeAsync(8_000));
    const sign = await screen.findByRole('button', { name: 'Sign' });
    expect(within(phaseCard('Phase 1: Whitelist Sale')).getByText('2 PSBT(s)')).toBeTruthy();
    expect(sign).toBeTruthy();
    await waitFor(() => expect(seen.draft?.submitState).toBe('submit'));
    expect(screen.queryByRole('button', { name: 'Create Launchpad' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(callsTo(calls, 'GET', INFO_PATH)).toHaveLength(2);
  }, 15_000);

  it('shows a failed launch with its reason, and starts again from create a new one?', async () => {
    fakeServer({
      'GET /api/shared/fees/recommended': ok(FEES),
      [`GET ${INFO_PATH}`]: ok(launchInfo('failed', [], 'The creator has no maker wallet')),
    });
    const { seen } = renderStep(
      SubmitProjectStep,
      launchDraft({ launchpadId: LAUNCH_ID, submitState: 'submitting' }),
    );
    const failed = await screen.findByRole('region', { name: 'Submission Failed' });
    expect(within(failed).getByText('The creator has no maker wallet')).toBeTruthy();
    await userEvent.click(within(failed).getByRole('button', { name: 'create a new one?' }));
    expect(await screen.findByRole('button', { name: 'Create Launchpad' })).toBeTruthy();
    await waitFor(() =>
      expect(seen.draft).toMatchObject({ launchpadId: null, submitState: 'submit' }),
    );
  });

  it("toasts 'Failed to create launchpad: {message}' and stays on the step", async () => {
    fakeServer({
      'GET /api/shared/fees/recommended': ok(FEES),
      'POST /api/launchpad/create': failure(409, 'Launchpad slug is already taken.'),
    });
    const { seen } = renderStep(SubmitProjectStep, launchDraft({ termsAccepted: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Launchpad' }));
    expect(
      await screen.findByText('Failed to create launchpad: Launchpad slug is already taken.'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(seen.draft).toMatchObject({ launchpadId: null, submitState: 'submit' }),
    );
    expect(screen.getByRole('button', { name: 'Create Launchpad' })).toBeTruthy();
  });

  it("names what is wrong with the draft without sending it: 'Validation error: {message}'", async () => {
    const calls = fakeServer({ 'GET /api/shared/fees/recommended': ok(FEES) });
    renderStep(
      SubmitProjectStep,
      launchDraft({ termsAccepted: true, info: { ...launchDraft().info, icon: '' } }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create Launchpad' }));
    expect(
      await screen.findByText(
        'Validation error: Collection information: A thumbnail image is required.',
      ),
    ).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/launchpad/create')).toEqual([]);
  });

  it('names a phase allocation the server would refuse, without sending it', async () => {
    const calls = fakeServer({ 'GET /api/shared/fees/recommended': ok(FEES) });
    // A whole number to the phase card, past the integers the server's schema takes.
    const phases = [draftPhase({ allocation: '99999999999999999999' })];
    renderStep(SubmitProjectStep, launchDraft({ termsAccepted: true, phases }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Launchpad' }));
    expect(
      await screen.findByText('Validation error: Phase 1: allocation should be greater than 1'),
    ).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/launchpad/create')).toEqual([]);
  });

  it('says the phases wait for a launchpad until one is created', async () => {
    launchServer();
    renderStep(SubmitProjectStep, launchDraft({ launchpadId: LAUNCH_ID, termsAccepted: true }));
    expect(await screen.findByRole('button', { name: 'Sign' })).toBeTruthy();
    expect(screen.queryByText('Please create a launchpad first.')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'create a new one?' }));
    expect(await screen.findByText('Please create a launchpad first.')).toBeTruthy();
    const sign = signButton('Phase 1: Whitelist Sale') as HTMLButtonElement;
    expect([sign.textContent, sign.disabled]).toEqual(['Pending', true]);
    expect(screen.getByRole('button', { name: 'Create Launchpad' })).toBeTruthy();
  });

  it('offers to create a new launch instead of one left unsigned', async () => {
    launchServer();
    const { seen } = renderStep(
      SubmitProjectStep,
      launchDraft({ launchpadId: LAUNCH_ID, termsAccepted: true }),
    );
    expect(await screen.findByText(/This launch is waiting for your signatures/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'create a new one?' }));
    expect(await screen.findByRole('button', { name: 'Create Launchpad' })).toBeTruthy();
    await waitFor(() => expect(seen.draft?.launchpadId).toBeNull());
  });
});
