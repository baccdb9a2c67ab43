import { buildInscriptionWithdrawal, hexToBytes } from '@om/bitcoin';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../test/market-test-server.ts';
import {
  callsTo,
  failure,
  fakeServer,
  fakeWallet,
  ok,
  renderWithWallet,
} from '../../test/trade-test-kit.tsx';
import {
  ACCOUNT,
  builtPayload,
  coin,
  devSigningWallet,
  INSCRIPTION_ID,
  listedCoin,
  MAKER,
  MULTISIG,
  NETWORK,
  PAYMENT_SCRIPT,
  utxosPayload,
  walletInfo,
} from '../../test/multisig-test-fixtures.ts';
import { MultisigWalletPage } from './multisig-wallet-page.tsx';
import { readWithdrawnInscription } from './withdrawn-inscriptions.ts';

const multisigCoins = [
  listedCoin(coin(0x31, 100_000n, MULTISIG.script)),
  listedCoin(coin(0x32, 1_000n, MULTISIG.script), { isPadding: true }),
  listedCoin(coin(0x33, 1_000n, MULTISIG.script), { isPadding: true }),
];
const inscribed = coin(0x41, 10_000n, MAKER.script);
const history = [
  {
    txid: 'aa'.repeat(32),
    amount: '100000',
    timestamp: 1_700_000_000,
    confirmations: 3,
    blockHeight: 120,
  },
  { txid: 'bb'.repeat(32), amount: '-30000', timestamp: null, confirmations: 0, blockHeight: null },
];

function walletRoutes(overrides: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    'POST /api/multisig/get-wallet': ok(walletInfo('multisig', MULTISIG)),
    'POST /api/multisig/get-maker-wallet': ok(walletInfo('maker', MAKER)),
    'GET /api/multisig/utxos/ms-1': ok(utxosPayload('multisig', multisigCoins)),
    'GET /api/multisig/transactions/ms-1': ok(history),
    'GET /api/multisig/utxos/mk-1': ok(
      utxosPayload('maker', [listedCoin(inscribed, { inscriptions: [INSCRIPTION_ID] })]),
    ),
    [`GET /api/address/${MAKER.address}/inscriptions`]: ok({
      inscriptions: [
        {
          inscriptionId: INSCRIPTION_ID,
          number: 41,
          name: 'Rock #41',
          contentType: 'image/png',
          collectionSlug: 'regtest-rocks',
          outpoint: `${inscribed.txid}:${inscribed.vout}`,
          isMoving: false,
          isTradable: true,
          listingId: null,
          price: null,
        },
      ],
    }),
    ...overrides,
  });
}

describe('MultisigWalletPage', () => {
  it("asks for a wallet: 'Please connect your wallet' (product.md#errors, no period)", () => {
    renderWithWallet(<MultisigWalletPage />, fakeWallet(null));
    expect(screen.getByText('Please connect your wallet')).toBeTruthy();
  });

  it("says 'Wallet is not configured correctly.' for an x-only payment key", () => {
    const calls = fakeServer({});
    const xOnly = { ...ACCOUNT, paymentPublicKey: ACCOUNT.paymentPublicKey.slice(2) };
    renderWithWallet(<MultisigWalletPage />, fakeWallet(xOnly));
    expect(screen.getByText('Wallet is not configured correctly.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('shows the address, balance, padding and transactions of the multisig wallet', async () => {
    const calls = walletRoutes();
    const user = userEvent.setup(); // with its clipboard
    renderWithWallet(<MultisigWalletPage />, fakeWallet(ACCOUNT));
    const summary = await screen.findByRole('region', { name: 'Multisig wallet' });
    expect(within(summary).getByText(MULTISIG.address)).toBeTruthy();
    expect(await within(summary).findByText('0.00102000 BTC')).toBeTruthy();
    expect(within(summary).getByText('102,000 sats')).toBeTruthy();
    expect(within(summary).getByText('2')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/multisig/get-wallet')[0]?.body).toEqual({
      userPublicKey: ACCOUNT.paymentPublicKey,
      userAddress: ACCOUNT.paymentAddress,
    });

    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'TransactionAmountTimeConfirmationsBlock',
      expect.stringMatching(/^aaaaaaaa…aaaaaaaa\+0\.00100000 BTC.+3120$/),
      'bbbbbbbb…bbbbbbbb-0.00030000 BTCIn the mempool0—',
    ]);

    await user.click(within(summary).getByRole('button', { name: 'Copy multisig wallet address' }));
    expect(await screen.findByText('Address copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(MULTISIG.address);
  });

  it('shows a deposit once its block is mined, without a reload', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let coins: typeof multisigCoins = [];
    const calls = walletRoutes({
      'GET /api/multisig/utxos/ms-1': () => ok(utxosPayload('multisig', coins)),
    });
    renderWithWallet(<MultisigWalletPage />, fakeWallet(ACCOUNT));
    const summary = await screen.findByRole('region', { name: 'Multisig wallet' });
    expect(await within(summary).findByText('0 sats')).toBeTruthy();
    const stream = FakeEventSource.instances.at(-1);
    expect(stream?.url).toBe('/api/shared/events');

    // The deposit is mined: the block event, not the minute's poll, reads the coins again.
    coins = multisigCoins;
    const before = callsTo(calls, 'GET', '/api/multisig/utxos/ms-1').length;
    act(() => stream?.emit('block', { height: 301, hash: 'ab'.repeat(32) }));
    expect(await within(summary).findByText('0.00102000 BTC')).toBeTruthy();
    expect(callsTo(calls, 'GET', '/api/multisig/utxos/ms-1').length).toBeGreaterThan(before);
  });

  it("says 'No transaction found' when the wallet has none", async () => {
    walletRoutes({ 'GET /api/multisig/transactions/ms-1': ok([]) });
    renderWithWallet(<MultisigWalletPage />, fakeWallet(ACCOUNT));
    expect(await screen.findByText('No transaction found')).toBeTruthy();
  });

  it("toasts 'Failed to fetch wallet available balance' when the coins cannot be read", async () => {
    walletRoutes({ 'GET /api/multisig/utxos/ms-1': failure(503, 'Chain source unavailable') });
    renderWithWallet(<MultisigWalletPage />, fakeWallet(ACCOUNT));
    expect(await screen.findByText('Failed to fetch wallet available balance')).toBeTruthy();
  });

  it('refuses a wallet whose address is not that of its script', async () => {
    walletRoutes({
      'POST /api/multisig/get-wallet': ok({ ...walletInfo('multisig'), address: MAKER.address }),
    });
    renderWithWallet(<MultisigWalletPage />, fakeWallet(ACCOUNT));
    expect(await screen.findByText('Could not load your multisig wallet')).toBeTruthy();
    expect(
      screen.getByText("The multisig wallet's address does not belong to its script."),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Deposit' })).toBeNull();
  });

  it('withdraws an inscription from the maker wallet to the ordinals address and records it', async () => {
    const built = buildInscriptionWithdrawal({
      wallet: MAKER,
      items: [{ utxo: inscribed, recipientAddress: ACCOUNT.ordinalsAddress }],
      payment: {
        address: ACCOUNT.paymentAddress,
        publicKey: hexToBytes(ACCOUNT.paymentPublicKey),
        utxos: [coin(0x21, 50_000n, PAYMENT_SCRIPT)],
      },
      feeRate: 6,
      network: NETWORK,
    });
    const transfers = [{ inscriptionId: INSCRIPTION_ID, prevOwnerWallet: MAKER.address }];
    const calls = walletRoutes({
      'POST /api/multisig/withdrawal-inscriptions': ok({ ...builtPayload(built), transfers }),
      'POST /api/multisig/withdrawal/confirm': ok({ txId: built.txid }),
    });
    renderWithWallet(<MultisigWalletPage />, await devSigningWallet());

    // The maker wallet names its inscription, not a shortened id (product.md#walk-through-fixes
    // item 7).
    const named = await screen.findByRole('link', { name: 'Rock #41' });
    expect(named.getAttribute('href')).toBe(`/inscriptions/${INSCRIPTION_ID}`);
    await userEvent.click(
      await screen.findByRole('button', { name: `Withdraw ${INSCRIPTION_ID}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Review inscription withdrawal' });
    expect(callsTo(calls, 'POST', '/api/multisig/withdrawal-inscriptions')[0]?.body).toEqual({
      transfer: [{ inscriptionId: INSCRIPTION_ID, address: ACCOUNT.ordinalsAddress }],
      makerPaymentAddress: ACCOUNT.paymentAddress,
      makerPaymentPublicKey: ACCOUNT.paymentPublicKey,
      feeRate: 6,
    });
    expect(within(dialog).getByText('(your maker wallet)')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign and withdraw' }));

    expect(await screen.findByText('Withdrawal successfully initiated')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/multisig/withdrawal/confirm')[0]?.body).toEqual({
      userPublicKey: ACCOUNT.paymentPublicKey,
      userSignedPsbtBase64: expect.any(String),
    });
    expect(readWithdrawnInscription(INSCRIPTION_ID)).toEqual({
      transaction: built.txid,
      prevOwnerWallet: MAKER.address,
    });
    expect(await screen.findByText(/^Withdrawal sent:/)).toBeTruthy();
  });
});
