import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeWallet, ok } from '../../test/trade-test-kit.tsx';
import { EditionStep } from './edition-step.tsx';
import { DETAILS, detailsOf, ORIGINAL, SIGNED_MESSAGE } from '../../test/edition-test-fixtures.ts';
import {
  CREATOR,
  fakeApi,
  inscriptionId,
  renderStep,
  type Call,
} from '../../test/wizard-test-kit.tsx';

// Choose Original (product.md#wizard-screens, #records, #validation "Edition"): the form, its
// messages and the signature.

let user: ReturnType<typeof userEvent.setup>;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
});
afterEach(() => vi.useRealTimers());

const OWNED = { [DETAILS]: ok(detailsOf(ORIGINAL, CREATOR.ordinalsAddress)) };
const field = (label: string) => screen.getByLabelText(label);
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const detailsCalls = (calls: Call[]) => calls.filter((c) => `GET ${c.path}` === DETAILS);
const signButton = () => screen.getByRole('button', { name: /^(Sign Inscription|Complete)$/ });
const errorOf = (label: string) => {
  const described = field(label).getAttribute('aria-describedby');
  return described ? document.getElementById(described)?.textContent : undefined;
};

async function typeInto(label: string, value: string) {
  await user.clear(field(label));
  if (value !== '') await user.type(field(label), value);
  await user.tab();
}

/** datetime-local inputs are set as the browser's picker would, then left. */
function setDate(label: string, value: string) {
  fireEvent.change(field(label), { target: { value } });
  fireEvent.blur(field(label));
}

async function fillValidEdition() {
  await typeInto('Inscription ID', ORIGINAL);
  await typeInto('Number of editions', '10');
  await typeInto('Price (BTC)', '0.0005');
  await wait(500);
  await screen.findByText('This inscription is in your wallet.');
}

describe('EditionStep', () => {
  it('checks who holds the inscription half a slug delay after the id stops changing', async () => {
    const calls = fakeApi(OWNED);
    renderStep(EditionStep, fakeWallet(CREATOR));
    await user.click(field('Inscription ID'));
    await user.paste(ORIGINAL);
    await wait(400);
    expect(detailsCalls(calls)).toEqual([]);
    await wait(100);
    expect(await screen.findByText('This inscription is in your wallet.')).toBeTruthy();
    expect(detailsCalls(calls)).toHaveLength(1);
  });

  it.each([
    [
      'another wallet holds it',
      ok(detailsOf(ORIGINAL, 'bcrt1qsomeoneelse')),
      'Inscription does not belongs to connected wallet',
    ],
    [
      'the indexer does not know it',
      failure(404, 'Inscription not found'),
      "Inscription ID is either not valid or it doesn't belongs to connected wallet",
    ],
    [
      'it is burned (no owner)',
      ok(detailsOf(ORIGINAL, null)),
      "Inscription ID is either not valid or it doesn't belongs to connected wallet",
    ],
  ])('refuses the inscription when %s', async (_case, answer, message) => {
    fakeApi({ [DETAILS]: answer });
    const { report } = renderStep(EditionStep, fakeWallet(CREATOR));
    await typeInto('Inscription ID', ORIGINAL);
    await wait(500);
    await waitFor(() => expect(errorOf('Inscription ID')).toBe(message));
    expect(report.isValid).toBe(false);
  });

  it('says an id that is not one, without asking the indexer', async () => {
    const calls = fakeApi(OWNED);
    renderStep(EditionStep, fakeWallet(CREATOR));
    await typeInto('Inscription ID', 'not-an-inscription');
    await wait(500);
    expect(errorOf('Inscription ID')).toBe('Input a valid Inscription ID');
    expect(calls).toEqual([]);
  });

  it.each([
    ['Number of editions', '0', 'Number of editions should be greater than or equal to 1'],
    ['Number of editions', '', 'Number of editions should be greater than or equal to 1'],
    ['Price (BTC)', '-1', 'Price should be greater than or equal to 0'],
    ['Price (BTC)', '', 'Price should be greater than or equal to 0'],
  ])('%s "%s": %s', async (label, value, message) => {
    fakeApi(OWNED);
    renderStep(EditionStep, fakeWallet(CREATOR));
    await typeInto(label, value);
    await waitFor(() => expect(errorOf(label)).toBe(message));
  });

  it.each([
    ['2030-01-02T10:00', '2030-01-01T10:00', 'End date must be after start date.'],
    ['', '2020-01-01T10:00', 'End date must not be in the past.'],
  ])('start %j, end %j: %s', async (start, end, message) => {
    fakeApi(OWNED);
    renderStep(EditionStep, fakeWallet(CREATOR));
    if (start) setDate('Start date', start);
    setDate('End date', end);
    await waitFor(() => expect(errorOf('End date')).toBe(message));
  });

  it('takes a price of 0 and shows a price in sats', async () => {
    fakeApi(OWNED);
    renderStep(EditionStep, fakeWallet(CREATOR));
    await typeInto('Price (BTC)', '0');
    expect(errorOf('Price (BTC)')).toBeUndefined();
    await typeInto('Price (BTC)', '0.0005');
    expect(screen.getByText('= 50,000 sats')).toBeTruthy();
    expect(field('Price (BTC)').getAttribute('min')).toBe('0');
    expect(field('Price (BTC)').getAttribute('step')).toBe('0.00000001');
  });

  it('signs the ownership message with the ordinals address (BIP-322), then says Complete', async () => {
    fakeApi(OWNED);
    const wallet = fakeWallet(CREATOR);
    wallet.signMessage.mockResolvedValue(SIGNED_MESSAGE);
    const { report } = renderStep(EditionStep, wallet);
    await fillValidEdition();
    await user.click(field('Hide progress bar'));
    expect(report.isValid).toBe(false);
    expect(signButton().textContent).toBe('Sign Inscription');

    await user.click(signButton());
    await waitFor(() => expect(signButton().textContent).toBe('Complete'));
    expect(signButton()).toHaveProperty('disabled', true);
    const [[message, address] = []] = wallet.signMessage.mock.calls;
    expect(message).toMatch(new RegExp(`^${ORIGINAL}:\\d{13}:${CREATOR.ordinalsAddress}$`));
    expect(address).toBe(CREATOR.ordinalsAddress);
    await waitFor(() => expect(report.isValid).toBe(true));
    expect(report.draft.edition).toEqual({
      inscriptionId: ORIGINAL,
      numberOfEditions: '10',
      signature: `${message}:${SIGNED_MESSAGE}`,
      price: '0.0005',
      hideProgress: true,
      startDate: '',
      endDate: '',
    });
  });

  it("says 'Inscription signature is not valid' for a signature of another inscription", async () => {
    const other = inscriptionId('e2');
    fakeApi({
      ...OWNED,
      [`GET /api/shared/inscriptions/details/${other}`]: ok(
        detailsOf(other, CREATOR.ordinalsAddress),
      ),
    });
    const wallet = fakeWallet(CREATOR);
    wallet.signMessage.mockResolvedValue(SIGNED_MESSAGE);
    const { report } = renderStep(EditionStep, wallet);
    await fillValidEdition();
    await user.click(signButton());
    await waitFor(() => expect(report.isValid).toBe(true));

    await typeInto('Inscription ID', other);
    await wait(500);
    expect(await screen.findByText('This inscription is in your wallet.')).toBeTruthy();
    expect(screen.getByText('Inscription signature is not valid')).toBeTruthy();
    expect(signButton().textContent).toBe('Sign Inscription');
    expect(report.isValid).toBe(false);
  });

  it("says 'Inscription signature is not valid' when the wallet's answer is not a signature", async () => {
    fakeApi(OWNED);
    const wallet = fakeWallet(CREATOR);
    wallet.signMessage.mockResolvedValue('not base64!');
    const { report } = renderStep(EditionStep, wallet);
    await fillValidEdition();
    await user.click(signButton());
    expect(await screen.findByText('Inscription signature is not valid')).toBeTruthy();
    expect(report.isValid).toBe(false);
  });

  it('needs a wallet to sign', async () => {
    const calls = fakeApi(OWNED);
    const wallet = fakeWallet(null);
    renderStep(EditionStep, wallet);
    await typeInto('Inscription ID', ORIGINAL);
    await user.click(signButton());
    expect(await screen.findByText('Please connect your wallet.')).toBeTruthy();
    expect(wallet.signMessage).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it('says why the wallet did not sign', async () => {
    fakeApi(OWNED);
    const wallet = fakeWallet(CREATOR);
    wallet.signMessage.mockRejectedValue(new Error('User rejected the request.'));
    renderStep(EditionStep, wallet);
    await fillValidEdition();
    await user.click(signButton());
    expect(await screen.findByText('An unexpected error occurred while signing')).toBeTruthy();
    expect(screen.getByText('User rejected the request.')).toBeTruthy();
    expect(signButton().textContent).toBe('Sign Inscription');
  });
});
