import { SWAP_CODES, satsToBtc } from '@om/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buyer } from '../../test/mint-test-fixtures.ts';
import { BUYER_ORDINALS, BUYER_PAYMENT } from '../../test/trade-test-fixtures.ts';
import { callsTo, fakeWallet, type ApiCall } from '../../test/trade-test-kit.tsx';
import { POOLS_INFO_POLL_MS, swapQueries } from './swap.queries.ts';
import {
  buyPsbt,
  INSCRIPTION_ID,
  order,
  ORDER_ID,
  PAIR_BODY,
  POSTAGE,
  PRELUDE_FEE,
  psbtAnswer,
  refusal,
  sellPsbt,
  transferable,
  txSize,
} from './swap-test-fixtures.ts';
import {
  GET_PSBT,
  ORDER,
  POOLS_INFO,
  renderSwap,
  SEND_PSBT,
  swapOk,
  swapServer,
  TX_SIZE,
} from './swap-test-kit.tsx';

const bodiesOf = (calls: ApiCall[], route: string) => {
  const [method, path] = route.split(' ') as [string, string];
  return callsTo(calls, method, path).map((call) => call.body);
};
const row = (term: string) => {
  const dl = screen.getByLabelText('Quote');
  const dt = within(dl).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
};
const built = buyPsbt();
/** The size call of that purchase: its network fee counts the pool's inscribing for it. */
const buySize = () =>
  txSize({ tx_size: built.vsize, network_fee: satsToBtc(built.fee + PRELUDE_FEE) });

async function typeSend(amount: string) {
  const input = await screen.findByLabelText('You send');
  await userEvent.clear(input);
  await userEvent.type(input, amount);
}

describe('/swap: the pair and the quote', () => {
  it('reads the pair from the URL, quotes on the curve and shows the size call’s network fee', async () => {
    const calls = swapServer({ [TX_SIZE]: swapOk(buySize()) });
    renderSwap('/swap?send=btc&receive=omkt', fakeWallet(buyer));
    expect(((await screen.findByLabelText('You send: coin')) as HTMLSelectElement).value).toBe(
      'btc',
    );
    expect((screen.getByLabelText('You receive: coin') as HTMLSelectElement).value).toBe('omkt');
    expect(await screen.findByText('Balance: 0.00200000 BTC')).toBeTruthy();
    expect(await screen.findByText('Balance: 5 omkt')).toBeTruthy();

    await typeSend('0.001');
    expect((screen.getByLabelText('You receive') as HTMLInputElement).value).toBe(
      '979.100422839591829631',
    );
    expect(row('Price')).toBe('1 omkt = 0.00000100 BTC');
    expect(row('Price impact')).toBe('0.10 %');
    expect(row('Platform fee')).toBe('0.00000400 BTC');
    expect(row('Liquidity provider fee')).toBe('0.00001594 BTC');
    expect(row('Minimum received')).toBe('974.204920725393870482 omkt');
    await waitFor(() =>
      expect(row('Network fee (6 sat/vB)')).toBe(
        `${satsToBtc(built.fee + PRELUDE_FEE)} BTC (${built.vsize} vB)`,
      ),
    );
    expect(bodiesOf(calls, POOLS_INFO)[0]).toEqual({
      ...PAIR_BODY,
      address: BUYER_PAYMENT.address,
    });
    expect(bodiesOf(calls, TX_SIZE).at(-1)).toEqual({
      ...PAIR_BODY,
      send_amount: '0.00100000',
      receive_amount: '979.100422839591829631',
      exact_side: 'send',
      address: BUYER_PAYMENT.address,
      ordinals_address: BUYER_ORDINALS.address,
      slipper: '0.5',
      fee_rate: 6,
      ins: [],
      method: 'pools_swap',
    });
  });

  it('computes the amount sent from an amount received, and the slippage moves the minimum', async () => {
    swapServer();
    renderSwap('/swap?send=btc&receive=omkt', fakeWallet(buyer));
    const receive = await screen.findByLabelText('You receive');
    await screen.findByLabelText('Quote');
    await userEvent.type(receive, '500');
    expect((screen.getByLabelText('You send') as HTMLInputElement).value).toBe('0.00051044');
    const slippage = screen.getByLabelText('Slippage tolerance (%)');
    await userEvent.clear(slippage);
    await userEvent.type(slippage, '13');
    expect(
      screen.getByText('Slippage must be a percentage from 0 to 12, such as 0.5.'),
    ).toBeTruthy();
    await userEvent.clear(slippage);
    await userEvent.type(slippage, '0');
    // Exactly the amount asked for (the sats it costs round up; the buyer gets what they typed).
    expect(row('Minimum received')).toBe('500 omkt');
  });

  it('changes the pair in the URL and asks for its pool; switching makes it a sale', async () => {
    const calls = swapServer();
    const { router } = renderSwap('/swap', fakeWallet(buyer));
    const receiveCoin = await screen.findByLabelText('You receive: coin');
    expect(router.state.location.search).toBe('');
    expect((receiveCoin as HTMLSelectElement).value).toBe('omkt');
    await userEvent.selectOptions(receiveCoin, 'ordi');
    expect(router.state.location.search).toBe('?send=btc&receive=ordi');
    await waitFor(() =>
      expect(bodiesOf(calls, POOLS_INFO).at(-1)).toMatchObject({ receive_tick: 'ordi' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Switch send and receive' }));
    expect(router.state.location.search).toBe('?send=ordi&receive=btc');
    expect(await screen.findByText('Transfer inscription to sell')).toBeTruthy();
  });

  it('polls swap_pools_info every 7 s', () => {
    expect(POOLS_INFO_POLL_MS).toBe(7_000);
    expect(swapQueries.poolsInfo(PAIR_BODY).refetchInterval).toBe(7_000);
  });
});

describe('/swap: the spec’s failures', () => {
  it("says 'HTTP error! status: {n}' when the pools poll fails", async () => {
    swapServer({ [POOLS_INFO]: [502, { code: 1, msg: 'bad gateway', data: null, req_id: 'r' }] });
    renderSwap('/swap?send=btc&receive=omkt', fakeWallet(buyer));
    expect((await screen.findByRole('alert')).textContent).toBe('HTTP error! status: 502');
  });

  it('shows the response’s message for a pair that has no pool', async () => {
    swapServer({
      [POOLS_INFO]: [200, refusal(SWAP_CODES.pairNotFound, 'Pair omkt/ordi not found')],
    });
    renderSwap('/swap?send=omkt&receive=ordi', fakeWallet(buyer));
    expect((await screen.findByRole('alert')).textContent).toBe('Pair omkt/ordi not found');
  });

  it("says 'Failed to fetch swap transaction size' when the size call answers no data", async () => {
    swapServer({ [TX_SIZE]: [200, refusal(SWAP_CODES.insufficientFunds, '')] });
    renderSwap('/swap?send=btc&receive=omkt', fakeWallet(buyer));
    await typeSend('0.001');
    await waitFor(() =>
      expect(row('Network fee (6 sat/vB)')).toBe('Failed to fetch swap transaction size'),
    );
  });

  it("says 'Failed to fetch swap PSBT' when get_swap_psbt fails without a message", async () => {
    swapServer({ [GET_PSBT]: [500, 'Internal error'] });
    renderSwap('/swap?send=btc&receive=omkt', fakeWallet(buyer));
    await typeSend('0.001');
    await userEvent.click(screen.getByRole('button', { name: 'Swap' }));
    expect(await screen.findAllByText('Failed to fetch swap PSBT')).not.toHaveLength(0);
  });

  it("says 'Failed to broadcast swap transaction' when send_swap_psbt fails without a message", async () => {
    const wallet = fakeWallet(buyer);
    swapServer({
      [TX_SIZE]: swapOk(buySize()),
      [GET_PSBT]: swapOk(psbtAnswer(built, 'buy')),
      [SEND_PSBT]: [200, refusal(SWAP_CODES.broadcastRefused, '')],
    });
    renderSwap('/swap?send=btc&receive=omkt', wallet);
    await typeSend('0.001');
    await userEvent.click(screen.getByRole('button', { name: 'Swap' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign and swap' }));
    expect(await screen.findAllByText('Failed to broadcast swap transaction')).not.toHaveLength(0);
    expect(wallet.signPsbt).toHaveBeenCalledOnce();
  });
});

describe('/swap: review, sign, track', () => {
  it('refuses to sign a PSBT that pays the pool more than quoted', async () => {
    const wallet = fakeWallet(buyer);
    const dearer = buyPsbt({ pay: 120_000n });
    swapServer({ [TX_SIZE]: swapOk(buySize()), [GET_PSBT]: swapOk(psbtAnswer(dearer, 'buy')) });
    renderSwap('/swap?send=btc&receive=omkt', wallet);
    await typeSend('0.001');
    await userEvent.click(screen.getByRole('button', { name: 'Swap' }));
    const refusalBox = await screen.findByRole('alert');
    expect(
      within(refusalBox).getByText('Not signing: this transaction does not match the quote.'),
    ).toBeTruthy();
    expect(refusalBox.textContent).toContain(
      `It costs you ${satsToBtc(120_400n + dearer.fee - POSTAGE)} BTC, more than the ${satsToBtc(100_400n + built.fee + PRELUDE_FEE)} BTC quoted with its fees.`,
    );
    expect(
      (screen.getByRole('button', { name: 'Sign and swap' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(wallet.signPsbt).not.toHaveBeenCalled();
  });

  it('signs the payment inputs without finalizing, sends, and follows the order to completed', async () => {
    const wallet = fakeWallet(buyer);
    let reads = 0;
    const calls = swapServer({
      [TX_SIZE]: swapOk(buySize()),
      [GET_PSBT]: swapOk(psbtAnswer(built, 'buy')),
      [SEND_PSBT]: swapOk({ order_id: ORDER_ID, tx_id: built.txid, state: 'pending' }),
      [ORDER]: () =>
        swapOk(order({ state: reads++ === 0 ? 'confirmed' : 'completed', tx_id: built.txid })),
    });
    renderSwap('/swap?send=btc&receive=omkt', wallet);
    await typeSend('0.001');
    await userEvent.click(screen.getByRole('button', { name: 'Swap' }));
    const review = await screen.findByRole('region', { name: 'Swap review' });
    expect(
      within(review).getByText('Leaves your wallet').nextElementSibling?.textContent,
    ).toContain(satsToBtc(100_000n + built.fee + PRELUDE_FEE));
    expect(within(review).getByText('Platform fee').nextElementSibling?.textContent).toContain(
      satsToBtc(built.platformFee),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign and swap' }));
    expect(wallet.signPsbt).toHaveBeenCalledWith({
      psbtBase64: psbtAnswer(built, 'buy').psbt,
      inputsToSign: [{ index: 1, address: BUYER_PAYMENT.address }],
      finalize: false,
    });
    expect(await screen.findByText('Confirmed: waiting for the token index.')).toBeTruthy();
    expect(bodiesOf(calls, SEND_PSBT)).toEqual([{ order_id: ORDER_ID, psbt: 'c2lnbmVk' }]);
    expect(bodiesOf(calls, GET_PSBT)[0]).toMatchObject({
      user_public_key: `${BUYER_PAYMENT.publicKeyHex}:${BUYER_ORDINALS.publicKeyHex}`,
      tx_size: built.vsize,
      checksum: 'checksum-1',
      usr_cnt: 1,
    });
    expect(await screen.findByText('Swap completed.', {}, { timeout: 6_000 })).toBeTruthy();
    expect(callsTo(calls, 'GET', `/brc20swap/order?order_id=${ORDER_ID}`)).toHaveLength(2);
  });

  it('shows why a failed order failed', async () => {
    swapServer({
      [TX_SIZE]: swapOk(buySize()),
      [GET_PSBT]: swapOk(psbtAnswer(built, 'buy')),
      [SEND_PSBT]: swapOk({ order_id: ORDER_ID, tx_id: built.txid, state: 'pending' }),
      [ORDER]: swapOk(order({ state: 'failed', error: 'Its payment was spent elsewhere.' })),
    });
    renderSwap('/swap?send=btc&receive=omkt', fakeWallet(buyer));
    await typeSend('0.001');
    await userEvent.click(screen.getByRole('button', { name: 'Swap' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign and swap' }));
    expect((await screen.findByText(/^Swap failed\./)).textContent).toBe(
      'Swap failed. Its payment was spent elsewhere.',
    );
  });
});

describe('/swap: selling a transfer inscription', () => {
  const TRANSFERABLE = `GET /api/brc20/balances/${buyer.ordinalsAddress}/transferable`;

  it('offers the inscribe-transfer flow when no confirmed transfer inscription is there', async () => {
    swapServer({
      [TRANSFERABLE]: [
        200,
        {
          success: true,
          payload: {
            address: buyer.ordinalsAddress,
            transferables: [transferable({ state: 'pending', outpoint: null })],
          },
        },
      ],
    });
    renderSwap('/swap?send=omkt&receive=btc', fakeWallet(buyer));
    expect(
      await screen.findByText(
        'You have no confirmed transfer inscription of omkt. Inscribe one for the amount to sell: it must confirm before you can swap it.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Waiting for confirmation')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Inscribe transfer' }));
    expect(await screen.findByRole('dialog', { name: 'Inscribe omkt transfer' })).toBeTruthy();
  });

  it('sells the one chosen: its amount is sent, net of the network fee, the ordinals input signed', async () => {
    const wallet = fakeWallet(buyer);
    // 97,909 sats from the curve, less the 1,500 sats the pool's transaction pays the network.
    const sale = sellPsbt(96_409n);
    const calls = swapServer({
      [TRANSFERABLE]: [
        200,
        {
          success: true,
          payload: { address: buyer.ordinalsAddress, transferables: [transferable()] },
        },
      ],
      [TX_SIZE]: swapOk(txSize({ send_amount: '1000', receive_amount: '0.00096409' })),
      [GET_PSBT]: swapOk(psbtAnswer(sale, 'sell', { min_receive: '0.00095926' })),
      [SEND_PSBT]: swapOk({ order_id: ORDER_ID, tx_id: sale.txid, state: 'pending' }),
      [ORDER]: swapOk(order({ direction: 'sell', state: 'pending' })),
    });
    renderSwap('/swap?send=omkt&receive=btc', wallet);
    await userEvent.click(await screen.findByRole('radio', { name: /1,000 omkt/ }));
    const receive = screen.getByLabelText('You receive') as HTMLInputElement;
    expect((screen.getByLabelText('You send') as HTMLInputElement).value).toBe('1000');
    expect(receive.value).toBe('0.00097909');
    expect(row('Liquidity provider fee')).toBe('16 omkt');
    await waitFor(() => expect(receive.value).toBe('0.00096409'));
    expect(row('Minimum received')).toBe('0.00095926 BTC');
    expect(bodiesOf(calls, TX_SIZE)).toEqual([
      expect.objectContaining({
        send_amount: '1000',
        receive_amount: '0.00097909',
        ins: [INSCRIPTION_ID],
      }),
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Swap' }));
    const review = await screen.findByRole('region', { name: 'Swap review' });
    expect(
      within(review).getByText('BTC to your payment address').nextElementSibling?.textContent,
    ).toContain('0.00096409');
    // Asked again with the amount net of its fee, and the order asked with that very body.
    expect(
      bodiesOf(calls, TX_SIZE).map((b) => (b as { receive_amount: string }).receive_amount),
    ).toEqual(['0.00097909', '0.00097909', '0.00096409']);
    expect(bodiesOf(calls, GET_PSBT)[0]).toMatchObject({ receive_amount: '0.00096409' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign and swap' }));
    expect(wallet.signPsbt).toHaveBeenCalledWith(
      expect.objectContaining({ inputsToSign: [{ index: 0, address: BUYER_ORDINALS.address }] }),
    );
    expect(await screen.findByText('Broadcast: waiting for a block.')).toBeTruthy();
  });
});
