import { buildMultisigWithdrawal } from '@om/bitcoin';
import { parseBtcToSats, type MultisigUtxosPayload } from '@om/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
  MULTISIG,
  NETWORK,
  session,
  THIEF_ADDRESS,
  walletInfo,
} from '../../test/multisig-test-fixtures.ts';
import { WithdrawForm } from './withdraw-form.tsx';

const BALANCE = 100_000n;

/** What POST /api/multisig/withdrawal answers: 0.0003 BTC to `recipient`, change back. */
function withdrawal(recipient = ACCOUNT.paymentAddress) {
  const built = buildMultisigWithdrawal({
    wallet: MULTISIG,
    utxos: [coin(0x31, BALANCE, MULTISIG.script)],
    recipientAddress: recipient,
    amount: 30_000n,
    feeRate: 6,
    network: NETWORK,
  });
  return { built, payload: { ...builtPayload(built), availableBalance: BALANCE.toString() } };
}

/** What GET /api/multisig/utxos answers: one cardinal coin of BALANCE, one inscribed coin. */
const COINS: MultisigUtxosPayload = {
  wallet: walletInfo('multisig'),
  tipHeight: 200,
  utxos: [
    { txid: '31'.repeat(32), vout: 0, value: BALANCE.toString(), blockHeight: 150 },
    { txid: '32'.repeat(32), vout: 0, value: '10000', blockHeight: 150, inscriptions: ['x'] },
  ].map((u) => ({
    inscriptions: [],
    confirmations: 51,
    isPadding: false,
    recoverableAt: 294,
    ...u,
  })),
  availableBalance: BALANCE.toString(),
  paddingCount: 0,
};

function renderForm(wallet = fakeWallet(ACCOUNT)) {
  renderWithWallet(<WithdrawForm session={session()} coins={COINS} />, wallet);
  return wallet;
}

/** The server's build of a withdrawal of `amount` from the one cardinal coin, at 6 sat/vB. */
const buildFor = (amount: bigint) =>
  buildMultisigWithdrawal({
    wallet: MULTISIG,
    utxos: [coin(0x31, BALANCE, MULTISIG.script)],
    recipientAddress: ACCOUNT.paymentAddress,
    amount,
    feeRate: 6,
    network: NETWORK,
  });

async function fillIn(amount: string, recipient?: string) {
  const form = screen.getByRole('region', { name: 'Withdraw BTC' });
  const address = within(form).getByLabelText('Recipient address');
  expect((address as HTMLInputElement).value).toBe(ACCOUNT.paymentAddress);
  if (recipient !== undefined) {
    await userEvent.clear(address);
    await userEvent.type(address, recipient);
  }
  await userEvent.type(within(form).getByLabelText('Amount (BTC)'), amount);
  await userEvent.click(within(form).getByRole('button', { name: 'Review withdrawal' }));
}

describe('WithdrawForm', () => {
  it.each([
    { amount: '0.000005', message: 'Please enter amount greater than or equal to 0.00001000 BTC.' },
    { amount: '0.00100001', message: 'Withdrawal amount exceeds available balance' },
    { amount: '0.0003', recipient: 'bc1qnotregtest', message: 'Enter a valid regtest address.' },
  ])('refuses $amount BTC: $message', async ({ amount, recipient, message }) => {
    const calls = fakeServer({});
    renderForm();
    await fillIn(amount, recipient);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('withdraws: withdrawal, review, signature, withdrawal/confirm', async () => {
    const { built, payload } = withdrawal();
    const calls = fakeServer({
      'POST /api/multisig/withdrawal': ok(payload),
      'POST /api/multisig/withdrawal/confirm': ok({ txId: built.txid }),
    });
    renderForm(await devSigningWallet());
    await fillIn('0.0003');

    const dialog = await screen.findByRole('dialog', { name: 'Review withdrawal' });
    expect(callsTo(calls, 'POST', '/api/multisig/withdrawal')[0]?.body).toEqual({
      userPublicKey: ACCOUNT.paymentPublicKey,
      recipientAddress: ACCOUNT.paymentAddress,
      amountSats: '30000',
      feeRate: 6,
    });
    expect(within(dialog).getByText('(the recipient)')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign and withdraw' }));

    expect(await screen.findByText('Withdrawal successfully initiated')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/multisig/withdrawal/confirm')[0]?.body).toEqual({
      userPublicKey: ACCOUNT.paymentPublicKey,
      userSignedPsbtBase64: expect.any(String),
    });
  });

  it('refuses to sign a withdrawal that pays someone else', async () => {
    fakeServer({ 'POST /api/multisig/withdrawal': ok(withdrawal(THIEF_ADDRESS).payload) });
    const wallet = renderForm();
    await fillIn('0.0003');
    const dialog = await screen.findByRole('dialog', { name: 'Review withdrawal' });
    expect(within(dialog).getByRole('alert').textContent).toContain(
      `Output 0 pays ${THIEF_ADDRESS}, which this action should not pay.`,
    );
    expect(wallet.signPsbt).not.toHaveBeenCalled();
  });

  it('Max fills in the balance less the fee of the transaction the server builds for it', async () => {
    const calls = fakeServer({
      'POST /api/multisig/withdrawal': (body) => {
        const built = buildFor(BigInt((body as { amountSats: string }).amountSats));
        return ok({ ...builtPayload(built), availableBalance: BALANCE.toString() });
      },
    });
    renderForm();
    const form = screen.getByRole('region', { name: 'Withdraw BTC' });
    await userEvent.click(within(form).getByRole('button', { name: 'Max' }));
    const amountText = (within(form).getByLabelText('Amount (BTC)') as HTMLInputElement).value;
    const max = parseBtcToSats(amountText) ?? 0n;
    // All of it but the fee: one sat more is more than the coin can pay with its fee.
    const built = buildFor(max);
    expect(built.fee).toBe(BALANCE - max);
    expect(built.layout.changeIndex).toBeUndefined();
    expect(() => buildFor(max + 1n)).toThrow();

    await userEvent.click(within(form).getByRole('button', { name: 'Review withdrawal' }));
    expect(await screen.findByRole('dialog', { name: 'Review withdrawal' })).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/multisig/withdrawal')[0]?.body).toMatchObject({
      amountSats: max.toString(),
    });
  });

  it('refuses the whole balance in the form, naming the most it can withdraw', async () => {
    const calls = fakeServer({});
    renderForm();
    await fillIn('0.001');
    // One 2-of-2 input and one P2WPKH output: 139 vB at 6 sat/vB.
    expect(
      await screen.findByText(
        'At 6 sat/vB the most you can withdraw is 0.00099166 BTC: the network fee of 0.00000834 BTC comes from the wallet.',
      ),
    ).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("toasts 'Failed to withdraw balance' with the server's reason", async () => {
    fakeServer({
      'POST /api/multisig/withdrawal': failure(400, 'Withdrawal amount exceeds available balance'),
    });
    renderForm();
    await fillIn('0.0009');
    expect(await screen.findByText('Failed to withdraw balance')).toBeTruthy();
    expect(screen.getByText('Withdrawal amount exceeds available balance')).toBeTruthy();
  });
});
