import {
  coin,
  NETWORK,
  PLATFORM_ADDRESS,
  testWallet,
  type TestWallet,
} from '../psbt/test-fixtures.ts';
import type { SpendType } from '../psbt/utxo.ts';
import {
  buildBuySwapPsbt,
  buildSellSwapPsbt,
  type BuySwapTerms,
  type SellSwapTerms,
} from './build-swap.ts';

// A pool (a key-path taproot key, as ADR 017 derives it), users of each wallet type, and swaps
// with fixed amounts so that fees and sizes are asserted exactly.

export const FEE_RATE = 2;
/** The pool: a key-path taproot key and its address. */
export const POOL = testWallet('swap pool', 'p2tr');

export function user(type: SpendType, label = 'swap user') {
  return {
    ordinals: testWallet(`${label} ordinals`, 'p2tr'),
    payment: testWallet(`${label} ${type}`, type),
  };
}

/** A 546-sat transfer inscription of `owner` at offset 0, with a txid made of `byte`. */
export function transferInscription(owner: TestWallet, byte = 0xc1, value = 546n) {
  return { ...coin(owner, byte, value), inscriptionOffset: 0n };
}

export function sellTerms(
  seller: ReturnType<typeof user>,
  overrides: Partial<SellSwapTerms> = {},
): SellSwapTerms {
  return {
    inscription: transferInscription(seller.ordinals),
    userPaymentAddress: seller.payment.address,
    pool: { address: POOL.address, utxos: [coin(POOL, 0xe1, 20_000n), coin(POOL, 0xe2, 100_000n)] },
    receive: 40_000n,
    platformFee: { address: PLATFORM_ADDRESS, value: 1_000n },
    feeRate: FEE_RATE,
    network: NETWORK,
    ...overrides,
  };
}

export function buyTerms(
  buyer: ReturnType<typeof user>,
  overrides: Partial<BuySwapTerms> = {},
): BuySwapTerms {
  return {
    inscription: transferInscription(POOL, 0xd1),
    poolAddress: POOL.address,
    user: {
      paymentAddress: buyer.payment.address,
      ordinalsAddress: buyer.ordinals.address,
      utxos: [coin(buyer.payment, 0xb1, 30_000n), coin(buyer.payment, 0xb2, 80_000n)],
    },
    pay: 50_000n,
    platformFee: { address: PLATFORM_ADDRESS, value: 1_000n },
    feeRate: FEE_RATE,
    network: NETWORK,
    ...overrides,
  };
}

export function sellSwap(seller: ReturnType<typeof user>, overrides: Partial<SellSwapTerms> = {}) {
  return buildSellSwapPsbt({
    ...sellTerms(seller, overrides),
    keys: { user: seller.ordinals.publicKey, pool: POOL.publicKey },
  });
}

export function buySwap(buyer: ReturnType<typeof user>, overrides: Partial<BuySwapTerms> = {}) {
  return buildBuySwapPsbt({
    ...buyTerms(buyer, overrides),
    keys: { user: buyer.payment.publicKey, pool: POOL.publicKey },
  });
}
