import { compressedPublicKey, hexToBytes, multisigWallet, privateKeyFromHex } from '@om/bitcoin';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT,
  devSigningWallet,
  MAKER,
  NETWORK,
  walletInfo,
} from '../../test/multisig-test-fixtures.ts';
import { callsTo, fakeServer, fakeWallet, ok } from '../../test/trade-test-kit.tsx';
import { AuctionSubmitStep } from './auction-submit-step.tsx';
import {
  AUCTION_ID,
  AUCTION_INSCRIPTION,
  AUCTION_UTXO,
  auctionDraft,
  createdAuctionPayload,
} from './auction-test-fixtures.ts';
import type { AuctionDraft } from './auction-draft.ts';
import { FEES, renderStep } from './launch-test-kit.tsx';
import { launchDraft } from './launch-test-fixtures.ts';

// Submit Auction (product.md#wizard-screens, #states-and-transitions "Auction",
// product.md#creator-calls, product.md#errors; ADR 012): create, the review of both PSBTs, one
// Sign for both, confirm, and Congratulations 2 s later; each failure back to Submit.

const CREATE = '/api/launchpad/auctions/create';
const CONFIRM = '/api/launchpad/auctions/confirm';
const confirmed = () =>
  ok({ auctionId: AUCTION_ID, status: 'active', txId: createdAuctionPayload().depositTxid });

type Routes = Parameters<typeof fakeServer>[0];

function server(routes: Routes = {}) {
  return fakeServer({
    'GET /api/shared/fees/recommended': ok(FEES),
    'POST /api/multisig/get-maker-wallet': ok(walletInfo('maker', MAKER)),
    [`POST ${CREATE}`]: ok(createdAuctionPayload()),
    [`PUT ${CONFIRM}`]: confirmed(),
    ...routes,
  });
}

const draftOf = (auction: Partial<AuctionDraft> = {}) =>
  launchDraft({ type: 'auction', auction: auctionDraft(auction), termsAccepted: true });
const submitButton = () => screen.getByRole('button', { name: 'Submit' });
const signButton = () => screen.getByRole('button', { name: /^(Sign|Signed)$/ });
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

let user: ReturnType<typeof userEvent.setup>;

beforeEach(() => {
  // The fixture's auction runs 10:00 to 20:00 on 2030-01-01: it ends within 12 hours of now.
  vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(2030, 0, 1, 9, 30) });
  // userEvent.setup() also stands in for the clipboard.
  user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
});
afterEach(() => vi.useRealTimers());

describe('AuctionSubmitStep', () => {
  it('creates, reviews, signs both PSBTs with one click, confirms, then congratulates 2 s later', async () => {
    const calls = server();
    const { wallet, seen } = renderStep(AuctionSubmitStep, draftOf(), await devSigningWallet());
    const rows = within(screen.getByLabelText('Auction'))
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual([
      'Auction: Rock Auction',
      'Auction page: /auction/rock-auction',
      `Inscription: ${AUCTION_INSCRIPTION}`,
      'Start price: 0.00020000 BTC20,000 sats',
      'Reserve price: 0.00030000 BTC30,000 sats',
      'Starts: 2030-01-01 10:00 AM',
      'Ends: 2030-01-01 08:00 PM',
    ]);
    await user.click(submitButton());

    const panel = await screen.findByRole('region', { name: 'Sign your auction' });
    expect(seen.draft?.submitState).toBe('submitting');
    const seconds = (d: number, h: number) => new Date(2030, 0, d, h).getTime() / 1000;
    expect(callsTo(calls, 'POST', CREATE).map((c) => c.body)).toEqual([
      {
        utxo: AUCTION_UTXO,
        startPrice: '20000',
        reservePrice: '30000',
        userPaymentAddress: ACCOUNT.paymentAddress,
        userPublicKey: ACCOUNT.paymentPublicKey,
        userOrdinalAddress: ACCOUNT.ordinalsAddress,
        userOrdinalPublicKey: ACCOUNT.ordinalsPublicKey,
        startDate: seconds(1, 10),
        endDate: seconds(1, 20),
        slug: 'rock-auction',
        meta: { ...auctionDraft().info, inscription_id: AUCTION_INSCRIPTION },
        feeRate: 6,
      },
    ]);
    const floor = within(within(panel).getByLabelText('Floor'))
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(floor).toEqual([
      'Floor price: 0.00030000 BTC30,000 sats',
      'Platform fee: 0.00000300 BTC300 sats',
      'Paid to you at the floor: 0.00039700 BTC39,700 sats',
    ]);
    expect(signButton().textContent).toBe('Sign');
    await user.click(signButton());

    await waitFor(() => expect(signButton().textContent).toBe('Signed'));
    const requests = wallet.signPsbt.mock.calls.map(([request]) => request);
    expect(requests.map((r) => r.inputsToSign)).toEqual([
      [
        { index: 0, address: ACCOUNT.ordinalsAddress },
        { index: 1, address: ACCOUNT.paymentAddress },
      ],
      [{ index: 0, address: ACCOUNT.paymentAddress, sighashTypes: [0x83] }],
    ]);
    const created = createdAuctionPayload();
    const [put] = callsTo(calls, 'PUT', CONFIRM);
    expect(put?.body).toEqual({
      auctionId: AUCTION_ID,
      signedPSBT: expect.any(String),
      signedSettlementPSBT: expect.any(String),
    });
    const body = put?.body as { signedPSBT: string; signedSettlementPSBT: string };
    expect(body.signedPSBT).not.toBe(created.psbtBase64);
    expect(body.signedSettlementPSBT).not.toBe(created.settlementPsbtBase64);
    expect(await screen.findByText('Your auction is confirmed.')).toBeTruthy();

    // Signed once: a second click says so and asks the wallet nothing.
    await user.click(signButton());
    expect(await screen.findByText('Psbt already signed')).toBeTruthy();
    expect(wallet.signPsbt).toHaveBeenCalledTimes(2);

    await wait(1_500);
    expect(screen.queryByRole('region', { name: 'Congratulations' })).toBeNull();
    await wait(600);
    const done = await screen.findByRole('region', { name: 'Congratulations' });
    expect(seen.draft?.submitState).toBe('submitted');
    const link = within(done).getByRole('link', { name: '/auction/rock-auction' });
    expect(link.getAttribute('href')).toBe('/auction/rock-auction');
    await user.click(within(done).getByRole('button', { name: 'Copy URL' }));
    expect(await screen.findByText('URL copied to clipboard')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/auction/rock-auction`,
    );
  }, 20_000);

  it('refuses to sign a deposit that sends the inscription to another wallet', async () => {
    const other = multisigWallet(
      hexToBytes(ACCOUNT.paymentPublicKey),
      compressedPublicKey(privateKeyFromHex('46'.repeat(32))),
      NETWORK,
    );
    const calls = server({ [`POST ${CREATE}`]: ok(createdAuctionPayload({ to: other })) });
    const wallet = fakeWallet(ACCOUNT);
    renderStep(AuctionSubmitStep, draftOf(), wallet);
    await user.click(submitButton());
    const refusal = await screen.findByRole('alert');
    expect(within(refusal).getByText(/^Do not sign/).textContent).toBe(
      'Do not sign: these transactions do not do what you asked.',
    );
    expect(refusal.textContent).toContain(
      `The inscription: the inscription would go to ${other.address}, not your maker wallet.`,
    );
    expect(signButton()).toHaveProperty('disabled', true);
    expect(wallet.signPsbt).not.toHaveBeenCalled();
    expect(callsTo(calls, 'PUT', CONFIRM)).toEqual([]);
  });

  it("toasts 'Failed to create auction' with the first message of the errors, back to Submit", async () => {
    server({
      [`POST ${CREATE}`]: [
        409,
        {
          success: false,
          error: 'Conflict',
          errors: [{ msg: 'Auction slug is already taken.' }, { msg: 'A second reason' }],
        },
      ],
    });
    const { seen } = renderStep(AuctionSubmitStep, draftOf(), fakeWallet(ACCOUNT));
    await user.click(submitButton());
    expect(await screen.findByText('Failed to create auction')).toBeTruthy();
    expect(screen.getByText('Auction slug is already taken.')).toBeTruthy();
    expect(screen.queryByText('A second reason')).toBeNull();
    await waitFor(() => expect(seen.draft?.submitState).toBe('submit'));
    expect(submitButton()).toBeTruthy();
  });

  it("toasts 'Not enough data to submit auction' and sends nothing while a part is missing", async () => {
    const calls = server();
    const { seen } = renderStep(
      AuctionSubmitStep,
      draftOf({ inscriptionId: '', utxo: '' }),
      fakeWallet(ACCOUNT),
    );
    await user.click(submitButton());
    expect(await screen.findByText('Not enough data to submit auction')).toBeTruthy();
    expect(screen.getByText('Inscription: choose an inscription of your wallet')).toBeTruthy();
    expect(callsTo(calls, 'POST', CREATE)).toEqual([]);
    expect(seen.draft?.submitState).toBe('submit');
  });

  it("fails with 'There is no data to sign auction' when create answers nothing to sign", async () => {
    server({
      [`POST ${CREATE}`]: ok({ ...createdAuctionPayload(), psbtBase64: '' }),
    });
    const { seen } = renderStep(AuctionSubmitStep, draftOf(), fakeWallet(ACCOUNT));
    await user.click(submitButton());
    const failed = await screen.findByRole('region', { name: 'Submission Failed' });
    expect(within(failed).getByRole('alert').textContent).toBe('There is no data to sign auction');
    expect(seen.draft?.submitState).toBe('failed');
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(submitButton()).toBeTruthy();
  });

  it("toasts 'PSBT is not signed' when the wallet gives the PSBT back untouched", async () => {
    const calls = server();
    const wallet = fakeWallet(ACCOUNT);
    wallet.signPsbt.mockImplementation(async (request) => request.psbtBase64);
    const { seen } = renderStep(AuctionSubmitStep, draftOf(), wallet);
    await user.click(submitButton());
    await user.click(await screen.findByRole('button', { name: 'Sign' }));
    expect(await screen.findByText('PSBT is not signed')).toBeTruthy();
    await waitFor(() => expect(seen.draft?.submitState).toBe('submit'));
    expect(callsTo(calls, 'PUT', CONFIRM)).toEqual([]);
  });

  it("toasts 'Failed to sign psbt' with the wallet's reason, and signs the same auction again", async () => {
    const calls = server();
    const wallet = fakeWallet(ACCOUNT);
    wallet.signPsbt.mockRejectedValueOnce(new Error('User rejected the request.'));
    renderStep(AuctionSubmitStep, draftOf(), wallet);
    await user.click(submitButton());
    await user.click(await screen.findByRole('button', { name: 'Sign' }));
    expect(await screen.findByText('Failed to sign psbt')).toBeTruthy();
    expect(screen.getByText('User rejected the request.')).toBeTruthy();
    expect(screen.getByText(/This auction was created and waits for your signature/)).toBeTruthy();

    // Submit carries on with the auction created: no second create.
    await user.click(submitButton());
    expect(await screen.findByRole('button', { name: 'Sign' })).toBeTruthy();
    expect(callsTo(calls, 'POST', CREATE)).toHaveLength(1);
  });

  it('toasts each message of a refused confirm, then confirms the same signatures again', async () => {
    let refusals = 1;
    const calls = server({
      [`PUT ${CONFIRM}`]: () =>
        refusals-- > 0
          ? [
              409,
              {
                success: false,
                error: 'testmempoolaccept refused the deposit',
                errors: [
                  { msg: 'testmempoolaccept refused the deposit' },
                  { msg: 'bad-txns-inputs-missingorspent' },
                ],
              },
            ]
          : confirmed(),
    });
    const { wallet, seen } = renderStep(AuctionSubmitStep, draftOf(), await devSigningWallet());
    await user.click(submitButton());
    await user.click(await screen.findByRole('button', { name: 'Sign' }));
    expect(await screen.findByText('testmempoolaccept refused the deposit')).toBeTruthy();
    expect(await screen.findByText('bad-txns-inputs-missingorspent')).toBeTruthy();
    await waitFor(() => expect(seen.draft?.submitState).toBe('submit'));

    await user.click(submitButton());
    await wait(2_100);
    expect(await screen.findByRole('region', { name: 'Congratulations' })).toBeTruthy();
    expect(wallet.signPsbt).toHaveBeenCalledTimes(2);
    expect(callsTo(calls, 'POST', CREATE)).toHaveLength(1);
    const [first, second] = callsTo(calls, 'PUT', CONFIRM).map((c) => c.body);
    expect(second).toEqual(first);
  }, 20_000);

  it("toasts 'Failed to confirm auction' when the confirm fails without a message", async () => {
    server({ [`PUT ${CONFIRM}`]: [502, { success: false, error: '', errors: [] }] });
    renderStep(AuctionSubmitStep, draftOf(), await devSigningWallet());
    await user.click(submitButton());
    await user.click(await screen.findByRole('button', { name: 'Sign' }));
    expect(await screen.findByText('Failed to confirm auction')).toBeTruthy();
  }, 20_000);

  it('needs the terms and a connected wallet to submit', async () => {
    server();
    renderStep(AuctionSubmitStep, { ...draftOf(), termsAccepted: false }, fakeWallet(null));
    expect(screen.getByText('Please connect your wallet.')).toBeTruthy();
    expect(submitButton()).toHaveProperty('disabled', true);
  });
});
