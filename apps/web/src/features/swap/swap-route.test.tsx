import {
  buildRouteSwapPsbt,
  bytesToBase64,
  compressedPublicKey,
  p2trAddress,
  privateKeyFromHex,
  scriptOfAddress,
  type RouteSwapTerms,
} from '@om/bitcoin';
import { satsToBtc } from '@om/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buyer } from '../../test/mint-test-fixtures.ts';
import { BUYER_ORDINALS, NETWORK, PLATFORM } from '../../test/trade-test-fixtures.ts';
import { callsTo, fakeWallet } from '../../test/trade-test-kit.tsx';
import {
  INSCRIPTION_ID,
  ORDER_ID,
  pool,
  POOL_ADDRESS,
  poolsInfo,
  psbtAnswer,
  transferable,
  txSize,
} from './swap-test-fixtures.ts';
import {
  GET_PSBT,
  POOLS,
  POOLS_INFO,
  renderSwap,
  SEND_PSBT,
  swapOk,
  swapServer,
  TX_SIZE,
} from './swap-test-kit.tsx';

// Tick ↔ tick on the swap page (ADR 017): omkt → ordi routed through BTC in one transaction.
// The user picks a transfer inscription of omkt, the page quotes on both pools, the size call
// gives the tokens net of every fee, and the PSBT is reviewed: the inscription to the first
// pool, the second pool's inscription to the ordinals address, nothing else of the wallet's.

const poolBKey = compressedPublicKey(privateKeyFromHex('66'.repeat(32)));
const POOL_B_ADDRESS = p2trAddress(poolBKey, NETWORK);
const poolAKey = compressedPublicKey(privateKeyFromHex('55'.repeat(32)));
const TRANSFERABLE = `GET /api/brc20/balances/${buyer.ordinalsAddress}/transferable`;

const coin = (byte: string, address: string, value: bigint) => ({
  txid: byte.repeat(32),
  vout: 0,
  value,
  script: scriptOfAddress(address, NETWORK),
  inscribed: false,
});

function routePsbt(changes: Partial<RouteSwapTerms> = {}) {
  return buildRouteSwapPsbt({
    inscription: { ...coin('c1', BUYER_ORDINALS.address, 546n), inscriptionOffset: 0n },
    poolInscription: { ...coin('d1', POOL_B_ADDRESS, 546n), inscriptionOffset: 0n },
    userOrdinalsAddress: BUYER_ORDINALS.address,
    poolA: { address: POOL_ADDRESS, utxos: [coin('e1', POOL_ADDRESS, 500_000n)] },
    poolBAddress: POOL_B_ADDRESS,
    payB: 90_000n,
    platformFee: { address: PLATFORM.address, value: 800n },
    feeRate: 6,
    network: NETWORK,
    keys: { user: BUYER_ORDINALS.publicKey, poolA: poolAKey, poolB: poolBKey },
    ...changes,
  });
}

const routeInfo = poolsInfo({
  tick1: 'omkt',
  tick2: 'ordi',
  tick1_volume: '1000000',
  tick2_volume: '1000000',
  route: ['omkt', 'btc', 'ordi'],
  legs: [
    { tick: 'omkt', decimals: 18, btc_volume: '1.00000000', tick_volume: '1000000' },
    { tick: 'ordi', decimals: 0, btc_volume: '1.00000000', tick_volume: '1000000' },
  ],
});

function routeServer(built: ReturnType<typeof routePsbt>) {
  return swapServer({
    [POOLS]: swapOk([pool(), pool({ tick: 'ordi', decimals: 0, pool_address: POOL_B_ADDRESS })]),
    [POOLS_INFO]: swapOk(routeInfo),
    [TRANSFERABLE]: [
      200,
      {
        success: true,
        payload: { address: buyer.ordinalsAddress, transferables: [transferable()] },
      },
    ],
    [TX_SIZE]: swapOk(
      txSize({
        vins: [],
        send_amount: '1000',
        receive_amount: '950',
        min_receive: '945',
        network_fee: satsToBtc(built.fee + 700n),
      }),
    ),
    [GET_PSBT]: swapOk(
      psbtAnswer(built, 'sell', {
        send_amount: '1000',
        receive_amount: '950',
        min_receive: '945',
        network_fee: satsToBtc(built.fee + 700n),
        transfer: 'inscribed',
      }),
    ),
    [SEND_PSBT]: swapOk({ order_id: ORDER_ID, tx_id: built.txid, state: 'pending' }),
  });
}

describe('/swap: token to token through BTC', () => {
  it('quotes on both pools, sells the inscription chosen and signs only it', async () => {
    const built = routePsbt();
    const wallet = fakeWallet(buyer);
    const calls = routeServer(built);
    renderSwap('/swap?send=omkt&receive=ordi', wallet);
    await userEvent.click(await screen.findByRole('radio', { name: /1,000 omkt/ }));
    expect((screen.getByLabelText('You send') as HTMLInputElement).value).toBe('1000');
    // The curve's tokens on both pools first, then the size call's, net of the fee and the
    // second pool's inscribing.
    const receive = screen.getByLabelText('You receive') as HTMLInputElement;
    expect(receive.value).toBe('958');
    await waitFor(() => expect(receive.value).toBe('950'));
    expect(callsTo(calls, 'POST', '/brc20swap/get_swap_psbt_txsize').at(-1)?.body).toMatchObject({
      send_coin_type: 'brc20',
      send_tick: 'omkt',
      receive_coin_type: 'brc20',
      receive_tick: 'ordi',
      send_amount: '1000',
      ins: [INSCRIPTION_ID],
    });

    await userEvent.click(screen.getByRole('button', { name: 'Swap' }));
    const review = await screen.findByRole('region', { name: 'Swap review' });
    expect(within(review).getByText('Leaves your wallet').nextElementSibling?.textContent).toBe(
      'The transfer inscription only',
    );
    expect(
      within(review).getByText("Inscribing your tokens (the pool's commit and reveal fees)")
        .nextElementSibling?.textContent,
    ).toContain(satsToBtc(700n));
    expect(callsTo(calls, 'POST', '/brc20swap/get_swap_psbt').at(-1)?.body).toMatchObject({
      receive_amount: '950',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Sign and swap' }));
    expect(wallet.signPsbt).toHaveBeenCalledWith({
      psbtBase64: bytesToBase64(built.psbt),
      inputsToSign: [{ index: 0, address: BUYER_ORDINALS.address }],
      finalize: false,
    });
  });

  it('refuses to sign when the tokens bought go to another address', async () => {
    const elsewhere = p2trAddress(compressedPublicKey(privateKeyFromHex('77'.repeat(32))), NETWORK);
    const built = routePsbt({ userOrdinalsAddress: elsewhere });
    routeServer(built);
    renderSwap('/swap?send=omkt&receive=ordi', fakeWallet(buyer));
    await userEvent.click(await screen.findByRole('radio', { name: /1,000 omkt/ }));
    await waitFor(() =>
      expect((screen.getByLabelText('You receive') as HTMLInputElement).value).toBe('950'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Swap' }));
    expect(
      await screen.findByText(
        `Output 1 sends the tokens bought to ${elsewhere}, not your ordinals address.`,
        { exact: false },
      ),
    ).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Sign and swap' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
