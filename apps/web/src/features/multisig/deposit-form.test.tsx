import { buildMultisigDeposit, hexToBytes, parsePsbt } from '@om/bitcoin';
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
import { DepositForm } from './deposit-form.tsx';
import {
  ACCOUNT,
  builtPayload,
  coin,
  devSigningWallet,
  MAKER,
  MULTISIG,
  NETWORK,
  PAYMENT_SCRIPT,
  session,
} from '../../test/multisig-test-fixtures.ts';

/** What POST /api/multisig/deposit answers: 0.001 BTC in 8 coins at 6 sat/vB, into `to`. */
function depositBuilt(to = MULTISIG) {
  return buildMultisigDeposit({
    payment: {
      address: ACCOUNT.paymentAddress,
      publicKey: hexToBytes(ACCOUNT.paymentPublicKey),
      utxos: [coin(0x21, 500_000n, PAYMENT_SCRIPT)],
    },
    to,
    amount: 100_000n,
    count: 8,
    feeRate: 6,
    network: NETWORK,
  });
}

async function fillIn({ amount, outputs }: { amount: string; outputs?: string }) {
  const form = screen.getByRole('region', { name: 'Deposit' });
  if (amount) await userEvent.type(within(form).getByLabelText('Amount (BTC)'), amount);
  if (outputs !== undefined) {
    const field = within(form).getByLabelText('Number of outputs');
    await userEvent.clear(field);
    await userEvent.type(field, outputs);
  }
  await userEvent.click(within(form).getByRole('button', { name: 'Review deposit' }));
}

describe('DepositForm', () => {
  it.each([
    ['0.0001', '8', 'Please enter amount greater than or equal to 0.00080000 BTC.'],
    ['0.0003', '4', 'Please enter amount greater than or equal to 0.00040000 BTC.'],
    ['0.001', '11', 'Enter a whole number of outputs from 4 to 10.'],
    ['0.001', '3', 'Enter a whole number of outputs from 4 to 10.'],
    ['0.000000001', '8', 'Enter an amount in BTC with at most 8 decimals.'],
    ['', '8', 'Amount is required.'],
  ])('refuses "%s" BTC in %s outputs: %s', async (amount, outputs, message) => {
    const calls = fakeServer({});
    renderWithWallet(<DepositForm session={session()} />, fakeWallet(ACCOUNT));
    await fillIn({ amount, outputs });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('builds, shows what the PSBT does, signs with the Dev wallet and broadcasts', async () => {
    const built = depositBuilt();
    const calls = fakeServer({
      'POST /api/multisig/deposit': ok(builtPayload(built)),
      'POST /api/multisig/deposit/confirm': ok({ txId: built.txid }),
    });
    const wallet = await devSigningWallet();
    renderWithWallet(<DepositForm session={session()} />, wallet);
    await fillIn({ amount: '0.001' });

    const dialog = await screen.findByRole('dialog', { name: 'Review deposit' });
    expect(callsTo(calls, 'POST', '/api/multisig/deposit')[0]?.body).toEqual({
      userPublicKey: ACCOUNT.paymentPublicKey,
      paymentAddress: ACCOUNT.paymentAddress,
      paymentPublicKey: ACCOUNT.paymentPublicKey,
      amountSats: '100000',
      numberOfOutputs: 8,
      feeRate: 6,
    });
    const outputs = within(dialog).getByRole('list', { name: 'Outputs' });
    expect(within(outputs).getAllByText('(your multisig wallet)')).toHaveLength(8);
    expect(within(dialog).getAllByText('0.00012500 BTC')).toHaveLength(8);
    expect(wallet.signPsbt).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign and deposit' }));
    expect(await screen.findByText(`Transaction broadcasted: ${built.txid}`)).toBeTruthy();
    const confirm = callsTo(calls, 'POST', '/api/multisig/deposit/confirm')[0]?.body as {
      signedPsbt: string;
    };
    expect(parsePsbt(confirm.signedPsbt).getInput(0).partialSig).toHaveLength(1);
  });

  it('refuses to sign a deposit into an address that is not the verified multisig wallet', async () => {
    fakeServer({ 'POST /api/multisig/deposit': ok(builtPayload(depositBuilt(MAKER))) });
    const wallet = fakeWallet(ACCOUNT);
    renderWithWallet(<DepositForm session={session()} />, wallet);
    await fillIn({ amount: '0.001' });

    const dialog = await screen.findByRole('dialog', { name: 'Review deposit' });
    expect(within(dialog).getByRole('alert').textContent).toContain(
      'It makes 0 coins in your multisig wallet, not 8.',
    );
    const sign = within(dialog).getByRole('button', { name: 'Sign and deposit' });
    expect((sign as HTMLButtonElement).disabled).toBe(true);
    expect(wallet.signPsbt).not.toHaveBeenCalled();
  });

  it("toasts 'Deposit failed' with the server's reason", async () => {
    fakeServer({ 'POST /api/multisig/deposit': failure(400, 'Insufficient funds') });
    renderWithWallet(<DepositForm session={session()} />, fakeWallet(ACCOUNT));
    await fillIn({ amount: '0.001' });
    expect(await screen.findByText('Deposit failed')).toBeTruthy();
    expect(screen.getByText('Insufficient funds')).toBeTruthy();
  });
});
