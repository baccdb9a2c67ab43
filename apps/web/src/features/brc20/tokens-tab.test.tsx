import type { Brc20BalanceRow, Brc20Transferable } from '@om/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buyer } from '../../test/mint-test-fixtures.ts';
import { BUYER_ORDINALS, BUYER_PAYMENT, SELLER } from '../../test/trade-test-fixtures.ts';
import { fakeServer, fakeWallet, ok, renderWithWallet } from '../../test/trade-test-kit.tsx';
import {
  CHARGE_ADDRESS,
  order,
  ORDER_ID,
  paymentPsbt,
  price,
  sendPsbt,
  SERVICE,
  TRANSFER_ID,
  TRANSFER_TXID,
} from '../../test/brc20-test-fixtures.ts';
import { bodies, fill, PAY, PAYMENT_TXID, raw } from './brc20-test-kit.tsx';
import { TokensTab } from './tokens-tab.tsx';

// /profile's Tokens tab: balances, "Inscribe transfer" and "Send", against a fake server.

const ADDRESS = BUYER_ORDINALS.address;
const BALANCES = `GET /api/brc20/balances/${ADDRESS}`;
const TRANSFERABLE = `GET /api/brc20/balances/${ADDRESS}/transferable`;
const PREPARE = 'POST /api/brc20/transfer/prepare';
const SEND = 'POST /api/brc20/transfer/send';
const SEND_TXID = '5e'.repeat(32);

const ordi: Brc20BalanceRow = {
  tick: 'ordi',
  originalTick: 'ordi',
  decimals: 0,
  overall: '3000',
  available: '2500',
  transferable: '500',
  pendingTransferable: '200',
};
const transferable = (state: Brc20Transferable['state']): Brc20Transferable => ({
  inscriptionId: TRANSFER_ID,
  tick: 'ordi',
  originalTick: 'ordi',
  amount: '500',
  height: state === 'pending' ? null : 110,
  state,
  outpoint: state === 'pending' ? null : `${TRANSFER_TXID}:0`,
});

/** One transfer inscription's order: its charge is the one-file price. */
const transferOrder = order({
  orderType: 'direct',
  brc20: null,
  charge: { address: CHARGE_ADDRESS, amount: price(1).amount },
});

function tabServer(routes: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    [BALANCES]: ok({ address: ADDRESS, balances: [ordi] }),
    [TRANSFERABLE]: ok({ address: ADDRESS, transferables: [transferable('confirmed')] }),
    [`POST ${SERVICE}/price`]: raw(price(1)),
    [`POST ${SERVICE}/inscribe`]: raw(transferOrder),
    [`GET ${SERVICE}/order?id=${ORDER_ID}`]: raw(transferOrder),
    [`POST ${SERVICE}/payment-psbt`]: raw(paymentPsbt(BigInt(price(1).amount))),
    [PAY]: raw(order({ state: 'payment-seen', paid: true, paymentTxid: PAYMENT_TXID })),
    [`GET /api/brc20/balances/${ADDRESS}/activity`]: ok({
      events: [
        {
          type: 'mint-inscribe',
          inscriptionId: `${'77'.repeat(32)}i0`,
          tick: 'ordi',
          originalTick: 'ordi',
          fromAddress: ADDRESS,
          toAddress: null,
          burned: false,
          amount: '1000',
          height: 105,
          blockTime: '2026-03-01T12:00:00Z',
        },
      ],
      total: 1,
    }),
    [PREPARE]: ok(sendPsbt(SELLER.address)),
    [SEND]: ok({ txid: SEND_TXID }),
    ...routes,
  });
}

const render = () => {
  const wallet = fakeWallet(buyer);
  renderWithWallet(<TokensTab address={ADDRESS} />, wallet);
  return wallet;
};

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the Tokens tab of /profile', () => {
  it('shows overall, available, transferable and pending apart, and the transfer inscriptions with their state', async () => {
    tabServer({
      [TRANSFERABLE]: ok({
        address: ADDRESS,
        transferables: [
          transferable('confirmed'),
          { ...transferable('pending'), inscriptionId: `${'cc'.repeat(32)}i0` },
        ],
      }),
    });
    render();
    const row = await screen.findByRole('row', { name: 'ordi' });
    expect(cells(row)).toEqual(['ordi', '3,000', '2,500', '500', '200', 'Inscribe transfer']);
    const list = await screen.findByRole('table', { name: 'Transfer inscriptions' });
    const states = within(list)
      .getAllByRole('row')
      .slice(1)
      .map((r) => cells(r).slice(1, 4));
    expect(states).toEqual([
      ['ordi', '500', 'Ready to send'],
      ['ordi', '500', 'Inscribing (in the mempool)'],
    ]);
    expect(within(list).getAllByRole('button', { name: 'Send' })).toHaveLength(1);
    const activity = await screen.findByRole('table', { name: 'Activity' });
    const [, event] = within(activity).getAllByRole('row');
    expect(cells(event!).filter((_, i) => i !== 3)).toEqual(['Mint', 'ordi', '1,000', '—', '105']);
  });

  it('inscribes a transfer of up to the available balance to the own ordinals address', async () => {
    const calls = tabServer();
    const wallet = render();
    const row = await screen.findByRole('row', { name: 'ordi' });
    await userEvent.click(within(row).getByRole('button', { name: 'Inscribe transfer' }));
    await screen.findByRole('dialog', { name: 'Inscribe ordi transfer' });
    await fill('Amount', '2501');
    expect(await screen.findByText('At most 2,500 (your available balance).')).toBeTruthy();
    await fill('Amount', '2500');
    await userEvent.click(screen.getByRole('button', { name: 'Get price' }));
    await screen.findByRole('region', { name: 'Order price' });

    const [request] = bodies(calls, `POST ${SERVICE}/price`) as [
      {
        files: { name: string; type: string; dataURL: string }[];
        receiveAddress: string;
        fee: number;
      },
    ];
    expect(request.receiveAddress).toBe(ADDRESS);
    expect(request.fee).toBe(6);
    expect(request.files).toHaveLength(1);
    const [file] = request.files;
    expect(file?.type).toBe('text/plain;charset=utf-8');
    const prefix = 'data:text/plain;charset=utf-8;base64,';
    expect(file?.dataURL.startsWith(prefix)).toBe(true);
    expect(atob(file?.dataURL.slice(prefix.length) ?? '')).toBe(
      '{"p":"brc-20","op":"transfer","tick":"ordi","amt":"2500"}',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByRole('region', { name: 'Payment review' });
    expect(bodies(calls, `POST ${SERVICE}/inscribe`)).toEqual([request]);
    await userEvent.click(screen.getByRole('button', { name: 'Sign and pay' }));
    expect(await screen.findByText(`Transaction broadcasted: ${PAYMENT_TXID}`)).toBeTruthy();
    expect(wallet.signPsbt).toHaveBeenCalledTimes(1);
    expect(bodies(calls, PAY)).toEqual([{ id: ORDER_ID, signedPsbt: 'c2lnbmVk' }]);
  });

  it('sends a confirmed transfer inscription: address checked, prepared, reviewed, both kinds of inputs signed, broadcast', async () => {
    const calls = tabServer();
    const wallet = render();
    const list = await screen.findByRole('table', { name: 'Transfer inscriptions' });
    await userEvent.click(within(list).getByRole('button', { name: 'Send' }));
    await screen.findByRole('dialog', { name: 'Send 500 ordi' });

    await fill('Recipient address', 'bc1qnotregtest');
    await userEvent.click(screen.getByRole('button', { name: 'Review transfer' }));
    expect(await screen.findByText('Enter a valid regtest address.')).toBeTruthy();
    expect(bodies(calls, PREPARE)).toEqual([]);

    await fill('Recipient address', SELLER.address);
    await userEvent.click(screen.getByRole('button', { name: 'Review transfer' }));
    const review = await screen.findByRole('region', { name: 'Transfer review' });
    expect(bodies(calls, PREPARE)).toEqual([
      {
        inscriptionId: TRANSFER_ID,
        toAddress: SELLER.address,
        ordinalAddress: ADDRESS,
        ordinalPublicKey: BUYER_ORDINALS.publicKeyHex,
        paymentAddress: BUYER_PAYMENT.address,
        paymentPublicKey: BUYER_PAYMENT.publicKeyHex,
        feeRate: 6,
      },
    ]);
    expect(within(review).queryByRole('alert')).toBeNull();
    expect(within(review).getByTitle(SELLER.address)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Sign and send' }));
    expect(await screen.findByText(`Transaction broadcasted: ${SEND_TXID}`)).toBeTruthy();
    const prepared = sendPsbt(SELLER.address);
    expect(wallet.signPsbt.mock.calls.map(([r]) => r)).toEqual([
      {
        psbtBase64: prepared.psbt,
        inputsToSign: [
          { index: 0, address: ADDRESS },
          ...prepared.paymentInputs.map((index) => ({ index, address: BUYER_PAYMENT.address })),
        ],
        finalize: false,
      },
    ]);
    expect(bodies(calls, SEND)).toEqual([{ signedPsbt: 'c2lnbmVk' }]);
  });

  it('refuses to sign a transfer that sends the inscription elsewhere', async () => {
    const calls = tabServer({ [PREPARE]: ok(sendPsbt(BUYER_PAYMENT.address)) });
    const wallet = render();
    const list = await screen.findByRole('table', { name: 'Transfer inscriptions' });
    await userEvent.click(within(list).getByRole('button', { name: 'Send' }));
    await fill('Recipient address', SELLER.address);
    await userEvent.click(screen.getByRole('button', { name: 'Review transfer' }));
    const review = await screen.findByRole('region', { name: 'Transfer review' });
    expect(within(review).getByRole('alert').textContent).toContain(
      `Output 0 does not pay ${SELLER.address}.`,
    );
    const sign = screen.getByRole('button', { name: 'Sign and send' }) as HTMLButtonElement;
    expect(sign.disabled).toBe(true);
    expect(wallet.signPsbt).not.toHaveBeenCalled();
    expect(bodies(calls, SEND)).toEqual([]);
  });
});
