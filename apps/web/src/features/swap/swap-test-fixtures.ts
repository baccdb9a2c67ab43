import {
  buildBuySwapPsbt,
  buildSellSwapPsbt,
  bytesToBase64,
  compressedPublicKey,
  p2trAddress,
  privateKeyFromHex,
  scriptOfAddress,
  type BuySwapTerms,
  type SellSwapTerms,
  type SwapKeys,
} from '@om/bitcoin';
import {
  satsToBtc,
  type Brc20Transferable,
  type SendSwapPsbtBody,
  type SwapOrder,
  type SwapPoolsInfo,
  type SwapPoolsInfoBody,
  type SwapPoolSummary,
  type SwapPsbt,
  type SwapTxSize,
  type SwapTxSizeBody,
} from '@om/core';
import {
  BUYER_ORDINALS,
  BUYER_PAYMENT,
  NETWORK,
  PLATFORM,
} from '../../test/trade-test-fixtures.ts';

// The swap tests' pool of omkt: 1 BTC against 1,000,000 omkt, DotSwap's fees (0.4 % platform,
// 1.6 % liquidity providers), and real swap PSBTs built by packages/bitcoin for the test buyer
// (mint-test-fixtures' `buyer`: BUYER_PAYMENT pays, BUYER_ORDINALS holds inscriptions).

const poolKey = compressedPublicKey(privateKeyFromHex('55'.repeat(32)));
export const POOL_ADDRESS = p2trAddress(poolKey, NETWORK);
export const TICK = 'omkt';
export const ORDER_ID = 'swap-order-1';
export const FEE_RATE = 6;
export const INSCRIPTION_ID = `${'c1'.repeat(32)}i0`;
export const INSCRIPTION_OUTPOINT = `${'c1'.repeat(32)}:0`;

export const envelope = (data: unknown) => ({ code: 0, msg: 'ok', data, req_id: 'req-1' });
export const refusal = (code: number, msg: string) => ({ code, msg, data: null, req_id: 'req-1' });

export function pool(changes: Partial<SwapPoolSummary> = {}): SwapPoolSummary {
  return {
    tick: TICK,
    decimals: 18,
    btc_volume: '1.00000000',
    tick_volume: '1000000',
    price_btc: '0.00000100',
    pool_address: POOL_ADDRESS,
    ...changes,
  };
}

/** The pools poll of BTC → omkt (a buy), or omkt → BTC with `sell`. */
export function poolsInfo(changes: Partial<SwapPoolsInfo> = {}, sell = false): SwapPoolsInfo {
  return {
    tick1: sell ? TICK : 'btc',
    tick2: sell ? 'btc' : TICK,
    tick1_volume: sell ? '1000000' : '1.00000000',
    tick2_volume: sell ? '1.00000000' : '1000000',
    tick1_per_tick2: sell ? '1000000' : '0.00000100',
    tick2_per_tick1: sell ? '0.00000100' : '1000000',
    platform_service_fee_percent: '0.004',
    liquider_service_fee_percent: '0.016',
    platform_service_fee_sell_percent: '0.004',
    liquider_service_sell_percent: '0.016',
    route: sell ? [TICK, 'btc'] : ['btc', TICK],
    max_slipper: '12',
    order_ttl_seconds: 30,
    send_balance: null,
    receive_balance: null,
    ...changes,
  };
}

export const PAIR_BODY: SwapPoolsInfoBody = {
  send_coin_type: 'btc',
  send_tick: 'btc',
  receive_coin_type: 'brc20',
  receive_tick: TICK,
  address: '0',
};

export const TX_SIZE_BODY: SwapTxSizeBody = {
  ...PAIR_BODY,
  send_amount: '0.00100000',
  receive_amount: '979.1',
  exact_side: 'send',
  address: BUYER_PAYMENT.address,
  slipper: '0.5',
  fee_rate: FEE_RATE,
  ins: [],
};

export function txSize(changes: Partial<SwapTxSize> = {}): SwapTxSize {
  return {
    tx_size: 250,
    ins_contain_sats: '0.00000546',
    checksum: 'checksum-1',
    vins: [{ txid: 'b1'.repeat(32), vout: 0, value: '0.00200000' }],
    usr_cnt: 1,
    network_fee: '0.00001500',
    send_amount: '0.00100000',
    receive_amount: '979.1',
    min_receive: '974.2',
    price_impact: '0.10',
    ...changes,
  };
}

const coin = (byte: string, script: Uint8Array, value: bigint) => ({
  txid: byte.repeat(32),
  vout: 0,
  value,
  script,
  inscribed: false,
});
const poolScript = scriptOfAddress(POOL_ADDRESS, NETWORK);

/** What the pool's commit and reveal of the bought transfer cost in fees (the buyer pays it). */
export const PRELUDE_FEE = 700n;
export const POSTAGE = 546n;

/**
 * A purchase of omkt for 100,000 sats as the server builds it: 99,600 to the pool plus the
 * inscribing it did for it (fees and postage), 400 platform fee, the buyer's change.
 */
export function buyPsbt(changes: Partial<BuySwapTerms & SwapKeys> = {}) {
  return buildBuySwapPsbt({
    inscription: { ...coin('d1', poolScript, POSTAGE), inscriptionOffset: 0n },
    poolAddress: POOL_ADDRESS,
    user: {
      paymentAddress: BUYER_PAYMENT.address,
      ordinalsAddress: BUYER_ORDINALS.address,
      utxos: [coin('b1', BUYER_PAYMENT.script, 200_000n)],
    },
    pay: 99_600n + POSTAGE + PRELUDE_FEE,
    platformFee: { address: PLATFORM.address, value: 400n },
    feeRate: FEE_RATE,
    network: NETWORK,
    keys: { user: BUYER_PAYMENT.publicKey, pool: poolKey },
    ...changes,
  });
}

/** A sale of the buyer's 1000 omkt transfer inscription for `receive` sats. */
export function sellPsbt(receive: bigint, changes: Partial<SellSwapTerms & SwapKeys> = {}) {
  return buildSellSwapPsbt({
    inscription: { ...coin('c1', BUYER_ORDINALS.script, 546n), inscriptionOffset: 0n },
    userPaymentAddress: BUYER_PAYMENT.address,
    pool: { address: POOL_ADDRESS, utxos: [coin('e1', poolScript, 500_000n)] },
    receive,
    platformFee: { address: PLATFORM.address, value: 394n },
    feeRate: FEE_RATE,
    network: NETWORK,
    keys: { user: BUYER_ORDINALS.publicKey, pool: poolKey },
    ...changes,
  });
}

type Built = ReturnType<typeof buyPsbt>;

export function psbtAnswer(
  built: Built,
  direction: 'buy' | 'sell',
  changes: Partial<SwapPsbt> = {},
): SwapPsbt {
  const signer = direction === 'buy' ? BUYER_PAYMENT.address : BUYER_ORDINALS.address;
  return {
    order_id: ORDER_ID,
    psbt: bytesToBase64(built.psbt),
    check_sign_only: true,
    inputs_to_sign: built.layout.userInputs.map((index) => ({ index, address: signer })),
    expires_at: new Date(Date.now() + 30_000).toISOString(),
    send_amount: direction === 'buy' ? '0.00100000' : '1000',
    receive_amount: direction === 'buy' ? '979.1' : satsToBtc(97_909n),
    min_receive: direction === 'buy' ? '974.2' : satsToBtc(97_419n),
    platform_fee: satsToBtc(built.platformFee),
    lp_fee: '0',
    network_fee: satsToBtc(built.fee),
    ...changes,
  };
}

export const sendBody = (): SendSwapPsbtBody => ({ order_id: ORDER_ID, psbt: 'c2lnbmVk' });

export function order(changes: Partial<SwapOrder> = {}): SwapOrder {
  return {
    order_id: ORDER_ID,
    state: 'pending',
    direction: 'buy',
    tick: TICK,
    send_amount: '0.00100000',
    receive_amount: '979.1',
    min_receive: '974.2',
    platform_fee: '0.00000400',
    lp_fee: '0.00001594',
    network_fee: '0.00001500',
    tx_id: 'ab'.repeat(32),
    tx_ids: ['ab'.repeat(32)],
    inscription_id: `${'d1'.repeat(32)}i0`,
    created_at: '2026-11-27T10:00:00Z',
    expires_at: '2026-11-27T10:00:30Z',
    error: null,
    ...changes,
  };
}

export function transferable(changes: Partial<Brc20Transferable> = {}): Brc20Transferable {
  return {
    inscriptionId: INSCRIPTION_ID,
    tick: TICK,
    originalTick: TICK,
    amount: '1000.000000000000000000',
    height: 120,
    state: 'confirmed',
    outpoint: INSCRIPTION_OUTPOINT,
    ...changes,
  };
}
