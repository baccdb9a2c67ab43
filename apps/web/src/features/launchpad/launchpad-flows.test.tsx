import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { devSigningWallet, MAKER, walletInfo } from '../../test/multisig-test-fixtures.ts';
import { fakeWallet, ok } from '../../test/trade-test-kit.tsx';
import {
  AUCTION_DETAILS_PATH,
  AUCTION_ID,
  AUCTION_INSCRIPTION,
  auctionInscriptionDetails,
  createdAuctionPayload,
} from './auction-test-fixtures.ts';
import { DETAILS, detailsOf, ORIGINAL, SIGNED_MESSAGE } from '../../test/edition-test-fixtures.ts';
import {
  fillCollectionInfo,
  heading,
  next,
  renderPage,
  sidebarSteps,
  wait,
  type User,
} from './wizard-page-kit.tsx';
import { CREATOR, fakeApi, inscriptionId, type Call } from '../../test/wizard-test-kit.tsx';

// The Edition, onboard and Auction flows of /launchpad, walked as a creator would
// (product.md#wizard-screens).

const SERVER = {
  'GET /api/launchpad/check-name': ok({ taken: false }),
  'GET /api/launchpad/check-slug/regtest-rocks': ok({ taken: false }),
  'POST /api/launchpad/upload-icon': ok({ url: '/uploads/user-1/icon.png' }),
};
const paths = (calls: Call[], method: string) =>
  calls.filter((c) => c.method === method).map((c) => c.path);

let user: User;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => ({ width: 1000, height: 1000, close: () => undefined })),
  );
});
afterEach(() => vi.useRealTimers());

async function typeInto(label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
  await user.tab();
}

async function acceptTerms() {
  const terms = screen.getByRole('group', { name: 'Terms and conditions' });
  for (const box of within(terms).getAllByRole('checkbox')) await user.click(box);
}

/** Date and time inputs are set as the browser's picker would, then left. */
function pick(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fireEvent.blur(screen.getByLabelText(label));
}

describe('the Edition, onboard and Auction flows', () => {
  it('launches an edition: information, the original signed, then submitted', async () => {
    const calls = fakeApi({
      ...SERVER,
      [DETAILS]: ok(detailsOf(ORIGINAL, CREATOR.ordinalsAddress)),
      'POST /api/launchpad/editions/create': ok({ id: '0b5c3d2e-1f4a-4b6c-8d7e-9f0a1b2c3d4e' }),
    });
    const wallet = fakeWallet(CREATOR);
    wallet.signMessage.mockResolvedValue(SIGNED_MESSAGE);
    renderPage(wallet);
    await user.click(next());
    await user.click(screen.getByRole('radio', { name: /^Edition/ }));
    await user.click(next());
    expect(heading()).toBe('Submit Information');
    await fillCollectionInfo(user);
    await waitFor(() => expect(next()).toHaveProperty('disabled', false));
    await user.click(next());

    expect(heading()).toBe('Choose Original');
    expect(next()).toHaveProperty('disabled', true);
    await typeInto('Inscription ID', ORIGINAL);
    await typeInto('Number of editions', '10');
    await typeInto('Price (BTC)', '0.0005');
    await wait(500);
    await screen.findByText('This inscription is in your wallet.');
    await user.click(screen.getByRole('button', { name: 'Sign Inscription' }));
    expect(await screen.findByRole('button', { name: 'Complete' })).toBeTruthy();
    await waitFor(() => expect(next()).toHaveProperty('disabled', false));
    await user.click(next());

    expect(heading()).toBe('Submit');
    await acceptTerms();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Your edition has been submitted for review.')).toBeTruthy();
    const title = screen.getByRole('link', { name: 'View Edition' });
    expect(title.getAttribute('href')).toBe('/mint/regtest-rocks');
    expect(paths(calls, 'POST')).toEqual([
      '/api/launchpad/upload-icon',
      '/api/launchpad/editions/create',
    ]);
  }, 30_000);

  it('submits a live collection: details, items, then submitted', async () => {
    const A = inscriptionId('a1');
    const calls = fakeApi({
      ...SERVER,
      'POST /api/collection/onboard': ok({
        slug: 'regtest-rocks',
        status: 'under_review',
        inscriptions: 1,
      }),
    });
    renderPage(fakeWallet(CREATOR));
    await user.click(screen.getByRole('radio', { name: /^Submit a live collection/ }));
    await user.click(next());
    expect(heading()).toBe('Provide Details');
    await fillCollectionInfo(user);
    await waitFor(() => expect(next()).toHaveProperty('disabled', false));
    await user.click(next());

    expect(heading()).toBe('Select Items');
    await user.click(screen.getByLabelText('Inscriptions'));
    await user.paste(A);
    await wait(1000);
    expect(await screen.findByText('Inscriptions validated successfully')).toBeTruthy();
    await waitFor(() => expect(next()).toHaveProperty('disabled', false));
    await user.click(next());

    expect(heading()).toBe('Submit');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Your collection has been submitted for review.')).toBeTruthy();
    const title = screen.getByRole('link', { name: 'View Collection' });
    expect(title.getAttribute('href')).toBe('/collections/regtest-rocks');
    // Submitted: the last step gets its check mark too.
    expect(sidebarSteps().map((s) => s.state)).toEqual([
      'completed',
      'completed',
      'completed',
      'completed',
    ]);
    expect(calls.find((c) => c.path === '/api/collection/onboard')?.body).toMatchObject({
      meta: { name: 'Regtest Rocks', slug: 'regtest-rocks' },
      data: [{ id: A }],
    });
  }, 30_000);

  it('starts an auction: information, details, the inscription, then signed and confirmed', async () => {
    // An auction ends within 12 hours of now (ADR 012): the clock on the day it runs.
    vi.setSystemTime(new Date(2030, 0, 1, 9, 30));
    const calls = fakeApi({
      'GET /api/launchpad/auctions/check-slug/rock-auction': ok(null),
      [AUCTION_DETAILS_PATH]: ok(auctionInscriptionDetails()),
      'GET /api/shared/fees/recommended': ok({
        fastestFee: 12,
        halfHourFee: 6,
        hourFee: 3,
        economyFee: 2,
        minimumFee: 1,
      }),
      'POST /api/launchpad/auctions/create': ok(createdAuctionPayload()),
      'POST /api/multisig/get-maker-wallet': ok(walletInfo('maker', MAKER)),
      'PUT /api/launchpad/auctions/confirm': ok({
        auctionId: AUCTION_ID,
        status: 'active',
        txId: createdAuctionPayload().depositTxid,
      }),
    });
    const wallet = await devSigningWallet();
    renderPage(wallet);
    await user.click(next());
    await user.click(screen.getByRole('radio', { name: /^Auction/ }));
    await user.click(next());

    expect(heading()).toBe('Launch Your Auction');
    await typeInto('Auction name', 'Rock Auction');
    await typeInto('Description', 'One rock, to the highest bidder, on regtest.');
    await typeInto('Creator name', 'Satoshi');
    await typeInto('Creator email', 'satoshi@example.com');
    await wait(1000);
    await waitFor(() => expect(next()).toHaveProperty('disabled', false));
    await user.click(next());

    expect(heading()).toBe('Auction Details');
    await typeInto('Start price (BTC)', '0.0002');
    await typeInto('Reserve price (BTC, optional)', '0.0003');
    pick('Start date', '2030-01-01');
    pick('Start time', '10:00');
    await user.selectOptions(screen.getByLabelText('Duration'), '6 hours');
    await waitFor(() => expect(next()).toHaveProperty('disabled', false));
    await user.click(next());

    expect(heading()).toBe('Auction Format');
    await typeInto('Inscription ID', AUCTION_INSCRIPTION);
    await wait(500);
    await screen.findByText(/This inscription is in your wallet/);
    await waitFor(() => expect(next()).toHaveProperty('disabled', false));
    await user.click(next());

    expect(heading()).toBe('Submit');
    await acceptTerms();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(await screen.findByRole('button', { name: 'Sign' }));
    expect(await screen.findByText('Your auction is confirmed.')).toBeTruthy();
    await wait(2000);
    expect(await screen.findByRole('region', { name: 'Congratulations' })).toBeTruthy();
    const title = screen.getByRole('link', { name: 'View Auction' });
    expect(title.getAttribute('href')).toBe('/auction/rock-auction');
    expect(paths(calls, 'POST')).toEqual([
      '/api/launchpad/auctions/create',
      '/api/multisig/get-maker-wallet',
    ]);
    expect(paths(calls, 'PUT')).toEqual(['/api/launchpad/auctions/confirm']);
    expect(wallet.signPsbt).toHaveBeenCalledTimes(2);
  }, 30_000);
});
