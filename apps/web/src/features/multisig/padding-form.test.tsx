import { buildMultisigPaddingSetup, parsePsbt } from '@om/bitcoin';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test/render-app.tsx';
import { configQueries } from '../../shared/config.queries.ts';
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
} from '../../test/multisig-test-fixtures.ts';
import { PaddingForm } from './padding-form.tsx';

/** What POST /api/multisig/setup-padding answers: 3 paddings of 1,000 sats at 6 sat/vB. */
const built = buildMultisigPaddingSetup({
  wallet: MULTISIG,
  utxos: [coin(0x31, 100_000n, MULTISIG.script)],
  count: 3,
  value: 1_000n,
  feeRate: 6,
  network: NETWORK,
});

async function submit(outputs?: string) {
  const form = screen.getByRole('region', { name: 'Set up padding' });
  if (outputs !== undefined) {
    const field = within(form).getByLabelText('Number of padding outputs');
    await userEvent.clear(field);
    await userEvent.type(field, outputs);
  }
  await userEvent.click(within(form).getByRole('button', { name: 'Review padding setup' }));
}

async function signInDialog() {
  const dialog = await screen.findByRole('dialog', { name: 'Review padding setup' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Sign and set up' }));
}

describe('PaddingForm', () => {
  it.each(['0', '11', '2.5'])('refuses %s padding outputs', async (outputs) => {
    const calls = fakeServer({});
    renderWithWallet(<PaddingForm session={session()} paddingCount={0} />, fakeWallet(ACCOUNT));
    await submit(outputs);
    expect(await screen.findByText('Enter a whole number of outputs from 1 to 10.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("refuses a fee rate above the server's cap as it is typed, and takes the cap itself", async () => {
    const calls = fakeServer({ 'POST /api/multisig/setup-padding': ok(builtPayload(built)) });
    const { queryClient } = renderWithWallet(
      <PaddingForm session={session()} paddingCount={0} />,
      fakeWallet(ACCOUNT),
    );
    // A cap other than the fallback's 500: the field reads this deployment's /api/config.
    act(() => {
      queryClient.setQueryData(configQueries.app().queryKey, { ...testConfig, maxFeeRate: 250 });
    });
    const form = screen.getByRole('region', { name: 'Set up padding' });
    const field = within(form).getByLabelText('Fee rate (sat/vB)');
    // The query notifies its observers on the next tick.
    await waitFor(() => expect(field.getAttribute('max')).toBe('250'));
    await userEvent.clear(field);
    await userEvent.type(field, '251');
    const refusal =
      'The fee rate can be at most 250 sat/vB: this server does not build transactions above it.';
    expect(await within(form).findByText(refusal)).toBeTruthy();
    await userEvent.clear(field);
    expect(await within(form).findByText('Enter a rate between 1 and 250 sat/vB.')).toBeTruthy();
    await userEvent.type(field, '250');
    await waitFor(() => expect(within(form).queryByText(/^Enter a rate/)).toBeNull());
    await submit();
    await screen.findByRole('dialog', { name: 'Review padding setup' });
    expect(callsTo(calls, 'POST', '/api/multisig/setup-padding')[0]?.body).toMatchObject({
      feeRate: 250,
    });
  });

  it('sets up 3 paddings by default: setup-padding, signature, confirm-padding', async () => {
    const calls = fakeServer({
      'POST /api/multisig/setup-padding': ok(builtPayload(built)),
      'POST /api/multisig/confirm-padding': ok({ txId: built.txid }),
    });
    renderWithWallet(
      <PaddingForm session={session()} paddingCount={0} />,
      await devSigningWallet(),
    );
    expect(screen.getByText(/it has 0 now/)).toBeTruthy();
    await submit();
    await signInDialog();

    expect(await screen.findByText(`Padding outputs set up: ${built.txid}`)).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/multisig/setup-padding')[0]?.body).toEqual({
      multiSigAddress: MULTISIG.address,
      userPublicKey: ACCOUNT.paymentPublicKey,
      witnessScript: session().target.info.witnessScript,
      numberOfOutputs: 3,
      feeRate: 6,
    });
    const confirm = callsTo(calls, 'POST', '/api/multisig/confirm-padding')[0]?.body as {
      signedPsbt: string;
    };
    expect(confirm).toMatchObject({ multiSigAddress: MULTISIG.address, numberOfOutputs: 3 });
    expect(parsePsbt(confirm.signedPsbt).getInput(0).partialSig).toHaveLength(1);
  });

  it("toasts 'Signing padding outputs setup failed.' when the wallet refuses", async () => {
    const calls = fakeServer({ 'POST /api/multisig/setup-padding': ok(builtPayload(built)) });
    const wallet = fakeWallet(ACCOUNT);
    wallet.signPsbt.mockRejectedValue(new Error('User canceled the request'));
    renderWithWallet(<PaddingForm session={session()} paddingCount={0} />, wallet);
    await submit();
    await signInDialog();
    expect(await screen.findByText('Signing padding outputs setup failed.')).toBeTruthy();
    expect(screen.getByText('User canceled the request')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/multisig/confirm-padding')).toEqual([]);
  });

  it("toasts 'Signing padding outputs setup failed.' when the wallet skips the multisig input", async () => {
    fakeServer({ 'POST /api/multisig/setup-padding': ok(builtPayload(built)) });
    const wallet = fakeWallet(ACCOUNT);
    // A wallet that only signs inputs at its own address returns the PSBT untouched.
    wallet.signPsbt.mockImplementation(async ({ psbtBase64 }) => psbtBase64);
    renderWithWallet(<PaddingForm session={session()} paddingCount={0} />, wallet);
    await submit();
    await signInDialog();
    expect(await screen.findByText('Signing padding outputs setup failed.')).toBeTruthy();
    expect(
      screen.getByText(
        'Your wallet did not sign input 0: it may not sign multisig (P2WSH) inputs.',
      ),
    ).toBeTruthy();
  });

  it.each([
    ['setting up', { 'POST /api/multisig/setup-padding': failure(400, 'Insufficient funds') }],
    [
      'confirming',
      {
        'POST /api/multisig/setup-padding': ok(builtPayload(built)),
        'POST /api/multisig/confirm-padding': failure(
          400,
          'signedPsbt: the prepared transaction expired',
        ),
      },
    ],
  ])("toasts 'Setting up padding outputs failed' when %s fails", async (step, routes) => {
    fakeServer(routes);
    renderWithWallet(
      <PaddingForm session={session()} paddingCount={0} />,
      await devSigningWallet(),
    );
    await submit();
    if (step === 'confirming') await signInDialog();
    expect(await screen.findByText('Setting up padding outputs failed')).toBeTruthy();
  });
});
