import { buildMultisigWithdrawal } from '@om/bitcoin';
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
} from '../trade/trade-test-kit.tsx';
import {
  ACCOUNT,
  builtPayload,
  coin,
  devSigningWallet,
  MULTISIG,
  NETWORK,
  session,
  THIEF_ADDRESS,
} from './multisig-test-fixtures.ts';
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

function renderForm(wallet = fakeWallet(ACCOUNT)) {
  renderWithWallet(<WithdrawForm session={session()} availableSats={BALANCE} />, wallet);
  return wallet;
}

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
