import { buildRuneTransferPsbt, bytesToBase64 } from '@om/bitcoin';
import type { RuneBalance, RuneSendPreparePayload } from '@om/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buyer } from '../../test/mint-test-fixtures.ts';
import { BUYER_ORDINALS, BUYER_PAYMENT, SELLER, THIEF } from '../../test/trade-test-fixtures.ts';
import {
  callsTo,
  failure,
  fakeServer,
  fakeWallet,
  ok,
  renderWithWallet,
} from '../../test/trade-test-kit.tsx';
import { RuneBalances } from './rune-balances.tsx';

// Sending a rune from /profile's Runes tab, against a fake server that builds the transfer with
// packages/bitcoin's own builder, so the review reads a real PSBT.

const ADDRESS = BUYER_ORDINALS.address;
const RECIPIENT = SELLER.address;
const BALANCES = `/api/runes/balances/${ADDRESS}`;
const PREPARE = '/api/runes/send/prepare';
const SUBMIT = '/api/runes/send/submit';
const TXID = '5e'.repeat(32);
const TOKEN = 'f'.repeat(64);

const balance: RuneBalance = {
  runeId: '840000:1',
  name: 'UNCOMMON•GOODS',
  symbol: '⧉',
  divisibility: 2,
  amount: '123456',
  outpoints: [`${'b1'.repeat(32)}:1`, `${'b2'.repeat(32)}:0`],
};

/** The transfer as the server prepares it; `amount` and `recipient` as a dishonest one would. */
function prepared({ amount = 1250n, recipient = RECIPIENT } = {}): RuneSendPreparePayload {
  const built = buildRuneTransferPsbt({
    runeInputs: [
      {
        txid: 'b1'.repeat(32),
        vout: 1,
        value: 546n,
        script: BUYER_ORDINALS.script,
        publicKey: BUYER_ORDINALS.publicKey,
        runeAmount: 100_000n,
      },
    ],
    payment: {
      address: BUYER_PAYMENT.address,
      publicKey: BUYER_PAYMENT.publicKey,
      utxos: [
        {
          txid: 'a1'.repeat(32),
          vout: 0,
          value: 100_000n,
          script: BUYER_PAYMENT.script,
          inscribed: false,
        },
      ],
    },
    runeId: { block: 840_000, tx: 1 },
    amount,
    recipientAddress: recipient,
    runeChangeAddress: ADDRESS,
    feeRate: 6,
    network: 'regtest',
  });
  return {
    psbt: bytesToBase64(built.psbt),
    ordinalInputs: built.inputsToSign.ordinal,
    paymentInputs: built.inputsToSign.payment,
    review: {
      runeId: balance.runeId,
      name: balance.name,
      symbol: balance.symbol,
      divisibility: 2,
      amount: amount.toString(),
      displayAmount: '12.5',
      toAddress: recipient,
      networkFee: built.fee.toString(),
    },
    preparedToken: TOKEN,
  };
}

function sendServer(routes: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    [`GET ${BALANCES}`]: ok({ balances: [balance] }),
    [`POST ${PREPARE}`]: ok(prepared()),
    [`POST ${SUBMIT}`]: ok({ txid: TXID }),
    ...routes,
  });
}

async function openSend() {
  const wallet = fakeWallet(buyer);
  renderWithWallet(<RuneBalances address={ADDRESS} canSend />, wallet);
  const table = await screen.findByRole('table', { name: 'Rune balances' });
  const row = within(table).getByRole('row', { name: 'UNCOMMON•GOODS' });
  await userEvent.click(within(row).getByRole('button', { name: 'Send' }));
  const dialog = await screen.findByRole('dialog', { name: 'Send UNCOMMON•GOODS' });
  return { wallet, dialog };
}

async function fill(dialog: HTMLElement, fields: { to?: string; amount?: string; fee?: string }) {
  const type = async (label: string, value: string | undefined) => {
    if (value === undefined) return;
    const input = within(dialog).getByLabelText(label);
    await userEvent.clear(input);
    if (value) await userEvent.type(input, value);
  };
  await type('Recipient address', fields.to);
  await type('Amount (UNCOMMON•GOODS)', fields.amount);
  await type('Fee rate (sat/vB)', fields.fee);
}

const reviewRows = (region: HTMLElement) =>
  within(region)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);

async function review(dialog: HTMLElement) {
  await fill(dialog, { to: RECIPIENT, amount: '12.5' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Review transfer' }));
  return screen.findByRole('region', { name: 'Transfer review' });
}

describe('sending a rune from the Runes tab', () => {
  it.each([
    [{ amount: '1.234' }, 'This rune has 2 decimals: enter at most 2 digits after the point.'],
    [{ amount: '1234.57' }, 'At most 1,234.56 (your balance).'],
    [{ amount: '0' }, 'Enter an amount above 0.'],
    [{ amount: '12,5' }, 'Enter a whole or decimal amount, such as 12.5.'],
    [{ amount: '' }, 'Enter an amount.'],
    [{ to: 'bc1qnotregtest' }, 'Enter a valid regtest address.'],
  ])('refuses %j with its message and asks the server nothing', async (fields, message) => {
    const calls = sendServer();
    const { dialog } = await openSend();
    await fill(dialog, { to: RECIPIENT, amount: '12.5', ...fields });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review transfer' }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(callsTo(calls, 'POST', PREPARE)).toEqual([]);
  });

  it('reviews exactly what leaves, signs the rune input with the ordinals key and the coin with the payment key, and submits it with the token', async () => {
    const calls = sendServer();
    const { wallet, dialog } = await openSend();
    const region = await review(dialog);

    expect(callsTo(calls, 'POST', PREPARE).map((c) => c.body)).toEqual([
      {
        runeId: '840000:1',
        amount: '1250',
        toAddress: RECIPIENT,
        feeRate: 6,
        ordinalAddress: ADDRESS,
        ordinalPublicKey: BUYER_ORDINALS.publicKeyHex,
        paymentAddress: BUYER_PAYMENT.address,
        paymentPublicKey: BUYER_PAYMENT.publicKeyHex,
      },
    ]);
    // 275 vB at 6 sat/vB; back: the rune change's 546 sats and 100,546 − 1,092 − 1,650 of change.
    expect(prepared().review.networkFee).toBe('1650');
    expect(reviewRows(region)).toEqual([
      'Runes: ⧉ 12.5 UNCOMMON•GOODS',
      `Recipient: ${RECIPIENT}`,
      'Sats with the runes: 0.00000546 BTC546 sats',
      'Network fee (6 sat/vB): 0.00001650 BTC1,650 sats',
      'Change back to you: 0.00098350 BTC98,350 sats',
      'Runes left with you: ⧉ 1,222.06 UNCOMMON•GOODS',
    ]);
    expect(within(region).queryByRole('alert')).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign and send' }));
    expect(await screen.findByText(`Transaction broadcasted: ${TXID}`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View the transaction' }).getAttribute('href')).toBe(
      `/tx/${TXID}`,
    );
    expect(wallet.signPsbt.mock.calls).toEqual([
      [
        {
          psbtBase64: prepared().psbt,
          inputsToSign: [
            { index: 0, address: ADDRESS },
            { index: 1, address: BUYER_PAYMENT.address },
          ],
          finalize: false,
        },
      ],
    ]);
    expect(callsTo(calls, 'POST', SUBMIT).map((c) => c.body)).toEqual([
      { signedPsbt: 'c2lnbmVk', preparedToken: TOKEN },
    ]);
    expect(within(dialog).getByRole('status').textContent).toBe(
      'Sent: the runes reach the recipient when the transaction confirms.',
    );
    // The balances are read again once the send is broadcast.
    await waitFor(() => expect(callsTo(calls, 'GET', BALANCES)).toHaveLength(2));
  });

  it.each([
    [
      'a different amount',
      { amount: 12_500n },
      'The runestone does not send exactly ⧉ 12.5 UNCOMMON•GOODS to the recipient.',
    ],
    ['another recipient', { recipient: THIEF.address }, `Output 1 does not pay ${RECIPIENT}.`],
  ])('refuses to sign a transfer of %s than asked', async (_, tampered, problem) => {
    sendServer({ [`POST ${PREPARE}`]: ok(prepared(tampered)) });
    const { wallet, dialog } = await openSend();
    const region = await review(dialog);
    const refusal = within(region).getByRole('alert');
    expect(
      within(refusal)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([problem]);
    const sign = within(dialog).getByRole('button', { name: 'Sign and send' }) as HTMLButtonElement;
    expect(sign.disabled).toBe(true);
    expect(wallet.signPsbt).not.toHaveBeenCalled();
  });

  it("shows the server's refusal to prepare word for word", async () => {
    const message =
      'amount: ordinalAddress holds 1000 base units of UNCOMMON•GOODS it can send, less than 1250';
    sendServer({ [`POST ${PREPARE}`]: failure(400, message) });
    const { dialog } = await openSend();
    await fill(dialog, { to: RECIPIENT, amount: '12.5' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review transfer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
  });

  it("shows the server's refusal to broadcast word for word and keeps the review", async () => {
    const message = 'signedPsbt: the node refused it: bad-txns-inputs-missingorspent';
    const calls = sendServer({ [`POST ${SUBMIT}`]: failure(400, message) });
    const { dialog } = await openSend();
    await review(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign and send' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('region', { name: 'Transfer review' })).toBeTruthy();
    expect(callsTo(calls, 'GET', BALANCES)).toHaveLength(1);
  });
});
