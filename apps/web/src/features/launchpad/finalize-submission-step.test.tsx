import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onboardProofMessage } from '@om/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { failure, fakeWallet, ok } from '../../test/trade-test-kit.tsx';
import { EDITION_INFO } from '../../test/edition-test-fixtures.ts';
import { FinalizeSubmissionStep } from './finalize-submission-step.tsx';
import {
  CREATOR,
  fakeApi,
  inscriptionId,
  renderStep,
  type Call,
} from '../../test/wizard-test-kit.tsx';

// Finalize Submission of the onboard flow (product.md#wizard-screens "Submit a live collection",
// product.md#creator-calls, product.md#errors).

const ONBOARD = 'POST /api/collection/onboard';
const A = inscriptionId('a1');
const B = inscriptionId('b2');
const INSCRIPTIONS = [{ id: A, meta: { name: 'Rock #1' } }, { id: B }];
const draft = { start: 'onboard' as const, info: EDITION_INFO, inscriptions: INSCRIPTIONS };
const onboardCalls = (calls: Call[]) => calls.filter((c) => `${c.method} ${c.path}` === ONBOARD);
const submit = () => screen.getByRole('button', { name: 'Submit' });
const toFix = () =>
  within(screen.getByRole('list', { name: 'To fix before submitting' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

let user: ReturnType<typeof userEvent.setup>;
beforeEach(() => {
  user = userEvent.setup();
});

describe('FinalizeSubmissionStep', () => {
  it('sends meta, data and the ordinals proof, then says the collection is submitted and links it', async () => {
    const calls = fakeApi({
      [ONBOARD]: ok({ slug: 'regtest-rocks', status: 'under_review', inscriptions: 2 }),
    });
    const wallet = fakeWallet(CREATOR);
    const { report } = renderStep(FinalizeSubmissionStep, wallet, draft);
    const rows = within(screen.getByLabelText('Submission'))
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual([
      'Collection: Regtest Rocks',
      'Slug: regtest-rocks',
      'Creator: Satoshi',
      'Inscriptions: 2',
    ]);
    await user.click(submit());

    const submitted = await screen.findByRole('region', { name: 'Submitted' });
    expect(
      within(submitted).getByText('Your collection has been submitted for review.'),
    ).toBeTruthy();
    const link = within(submitted).getByRole('link', { name: '/collections/regtest-rocks' });
    expect(link.getAttribute('href')).toBe('/collections/regtest-rocks');
    expect(report.draft.submitState).toBe('submitted');
    // The items sit on the ordinals address; the session is the payment address's
    // (product.md#walk-through-fixes #2).
    const proof = onboardProofMessage({
      slug: EDITION_INFO.slug,
      ordinalsAddress: CREATOR.ordinalsAddress,
      paymentAddress: CREATOR.paymentAddress,
    });
    expect(wallet.signMessage).toHaveBeenCalledWith(proof, CREATOR.ordinalsAddress);
    expect(onboardCalls(calls).map((c) => c.body)).toEqual([
      {
        meta: EDITION_INFO,
        data: INSCRIPTIONS,
        ordinalsAddress: CREATOR.ordinalsAddress,
        ordinalsSignature: `signed(${proof})`,
      },
    ]);
  });

  it("says 'Failed to onboard collection' with the reason, and stays on Submit", async () => {
    fakeApi({
      [ONBOARD]: failure(409, `data.0.id: inscription ${A} is already in the collection rocks`),
    });
    const { report } = renderStep(FinalizeSubmissionStep, fakeWallet(CREATOR), draft);
    await user.click(submit());
    expect(await screen.findByText('Failed to onboard collection')).toBeTruthy();
    // Said without the schema path (product.md#walk-through-fixes item 12).
    expect(screen.getByText(`Inscription ${A} is already in the collection rocks`)).toBeTruthy();
    expect(screen.queryByText(/data\.0\.id/)).toBeNull();
    expect(report.draft.submitState).toBe('submit');
    expect(submit()).toHaveProperty('disabled', false);
  });

  it('lists what the server would refuse, and sends nothing', async () => {
    const calls = fakeApi({});
    renderStep(FinalizeSubmissionStep, fakeWallet(CREATOR), {
      ...draft,
      info: { ...EDITION_INFO, name: 'ab', creator_email: 'satoshi@' },
      inscriptions: [{ id: 'not-an-id' }],
    });
    expect(toFix()).toEqual([
      'Collection information: Collection name must be at least 3 characters long.',
      'Collection information: Please provide a valid email address.',
      'Inscription 1: Invalid inscription ID format.',
    ]);
    expect(submit()).toHaveProperty('disabled', true);
    expect(calls).toEqual([]);
  });

  it('needs at least one inscription', () => {
    fakeApi({});
    renderStep(FinalizeSubmissionStep, fakeWallet(CREATOR), { ...draft, inscriptions: [] });
    expect(toFix()).toEqual([
      'Inscriptions: Empty inscription array. Please provide at least one inscription.',
    ]);
  });

  it('needs a connected wallet', () => {
    fakeApi({});
    renderStep(FinalizeSubmissionStep, fakeWallet(null), draft);
    expect(screen.getByText('Please connect your wallet.')).toBeTruthy();
    expect(submit()).toHaveProperty('disabled', true);
  });
});
