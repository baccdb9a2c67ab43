import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { failure, fakeWallet, ok } from '../../test/trade-test-kit.tsx';
import { EditionSubmitStep } from './edition-submit-step.tsx';
import { EDITION, EDITION_INFO, ORIGINAL, SIGNATURE } from '../../test/edition-test-fixtures.ts';
import { CREATOR, fakeApi, renderStep, type Call } from '../../test/wizard-test-kit.tsx';

// Submit Project of the Edition flow (product.md#wizard-screens, #records "Edition launch
// payload", product.md#creator-calls).

const CREATE = 'POST /api/launchpad/editions/create';
const LAUNCH_ID = '0b5c3d2e-1f4a-4b6c-8d7e-9f0a1b2c3d4e';
const draft = { type: 'edition' as const, info: EDITION_INFO, edition: EDITION };
const createCalls = (calls: Call[]) => calls.filter((c) => `${c.method} ${c.path}` === CREATE);
const submit = () => screen.getByRole('button', { name: 'Submit' });
const seconds = (y: number, m: number, d: number, h: number) =>
  new Date(y, m - 1, d, h).getTime() / 1000;

let user: ReturnType<typeof userEvent.setup>;
// userEvent.setup() also stands in for the clipboard.
beforeEach(() => {
  user = userEvent.setup();
});

async function acceptTerms() {
  const terms = screen.getByRole('group', { name: 'Terms and conditions' });
  for (const box of within(terms).getAllByRole('checkbox')) await user.click(box);
}

describe('EditionSubmitStep', () => {
  it('sends the edition launch payload once the terms are accepted, then says it is submitted', async () => {
    const calls = fakeApi({ [CREATE]: ok({ id: LAUNCH_ID }) });
    const { report } = renderStep(EditionSubmitStep, fakeWallet(CREATOR), draft);
    const rows = within(screen.getByLabelText('Edition'))
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual([
      'Collection: Regtest Rocks',
      'Mint page: /mint/regtest-rocks',
      `Original: ${ORIGINAL}`,
      'Editions: 10',
      'Price: 0.00050000 BTC50,000 sats',
      'Starts: 2030-01-01 10:00 AM',
      'Ends: 2030-01-02 10:00 AM',
      'Progress bar: Hidden',
    ]);
    expect(submit()).toHaveProperty('disabled', true);
    await acceptTerms();
    await user.click(submit());

    const submitted = await screen.findByRole('region', { name: 'Submitted' });
    expect(within(submitted).getByText('Your edition has been submitted for review.')).toBeTruthy();
    const link = within(submitted).getByRole('link', { name: '/mint/regtest-rocks' });
    expect(link.getAttribute('href')).toBe('/mint/regtest-rocks');
    expect(report.draft.submitState).toBe('submitted');
    const { instagram_link: _i, telegram_link: _t, ...publicInfo } = EDITION_INFO;
    const { creator_name: _n, creator_email: _e, creator_btc_address: _a, ...meta } = publicInfo;
    expect(createCalls(calls).map((c) => c.body)).toEqual([
      {
        editionInscriptionId: ORIGINAL,
        makerPaymentAddress: CREATOR.paymentAddress,
        numberOfEditions: 10,
        slug: 'regtest-rocks',
        startDate: seconds(2030, 1, 1, 10),
        endDate: seconds(2030, 1, 2, 10),
        price: '50000',
        signature: SIGNATURE,
        metaData: {
          ...EDITION_INFO,
          telegram_link: 'https://t.me/regtest_rocks',
          hide_progress: true,
        },
        meta,
      },
    ]);

    await user.click(within(submitted).getByRole('button', { name: 'Copy URL' }));
    expect(await screen.findByText('URL copied to clipboard')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/mint/regtest-rocks`,
    );
  });

  it('shows Submission Failed with the server’s reason, and lets the creator try again', async () => {
    fakeApi({ [CREATE]: failure(409, 'Launchpad slug is already taken.') });
    const { report } = renderStep(EditionSubmitStep, fakeWallet(CREATOR), draft);
    await acceptTerms();
    await user.click(submit());

    const failed = await screen.findByRole('region', { name: 'Submission Failed' });
    expect(within(failed).getByRole('alert').textContent).toBe('Launchpad slug is already taken.');
    expect(
      await screen.findByText('Failed to create launchpad: Launchpad slug is already taken.'),
    ).toBeTruthy();
    expect(report.draft.submitState).toBe('failed');
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(report.draft.submitState).toBe('submit');
    expect(submit()).toBeTruthy();
  });

  it('sends nothing when the edition is not signed, and says why', async () => {
    const calls = fakeApi({ [CREATE]: ok({ id: LAUNCH_ID }) });
    renderStep(EditionSubmitStep, fakeWallet(CREATOR), {
      ...draft,
      edition: { ...EDITION, signature: '' },
    });
    await acceptTerms();
    await user.click(submit());
    const failed = await screen.findByRole('region', { name: 'Submission Failed' });
    expect(within(failed).getByRole('alert').textContent).toBe(
      'Inscription signature is not valid',
    );
    expect(createCalls(calls)).toEqual([]);
  });

  it('needs a connected wallet to submit', async () => {
    fakeApi({});
    renderStep(EditionSubmitStep, fakeWallet(null), draft);
    await acceptTerms();
    expect(screen.getByText('Please connect your wallet.')).toBeTruthy();
    await waitFor(() => expect(submit()).toHaveProperty('disabled', true));
  });
});
