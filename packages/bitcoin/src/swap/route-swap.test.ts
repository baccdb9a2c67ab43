import { Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { bytesToHex } from '../bytes.ts';
import { TRADE_TX_OPTIONS } from '../psbt/codec.ts';
import {
  coin,
  NETWORK,
  PLATFORM_ADDRESS,
  prevoutsOf,
  testWallet,
  verifyFinalTransaction,
} from '../psbt/test-fixtures.ts';
import { signPsbtWithKey } from '../sign-psbt.ts';
import { buildRouteSwapPsbt, routeSwapTxSize, type RouteSwapTerms } from './route-swap.ts';
import { checkSignedSwap, finalizeSwap, signPoolInputs } from './settle-swap.ts';
import { FEE_RATE, POOL, transferInscription, user } from './swap-test-fixtures.ts';

// Tick ↔ tick in one transaction: the user's inscription to pool A, pool B's to the user, pool A
// pays pool B, the platform and the fee; three parties sign, the user only their inscription.

const POOL_B = testWallet('swap pool b', 'p2tr');

function terms(seller: ReturnType<typeof user>, overrides: Partial<RouteSwapTerms> = {}) {
  return {
    inscription: transferInscription(seller.ordinals, 0xc1),
    poolInscription: transferInscription(POOL_B, 0xd1),
    userOrdinalsAddress: seller.ordinals.address,
    poolA: {
      address: POOL.address,
      utxos: [coin(POOL, 0xe1, 20_000n), coin(POOL, 0xe2, 100_000n)],
    },
    poolBAddress: POOL_B.address,
    payB: 60_000n,
    platformFee: { address: PLATFORM_ADDRESS, value: 1_000n },
    feeRate: FEE_RATE,
    network: NETWORK,
    ...overrides,
  };
}
const keysOf = (seller: ReturnType<typeof user>) => ({
  keys: { user: seller.ordinals.publicKey, poolA: POOL.publicKey, poolB: POOL_B.publicKey },
});

describe('a route swap (tick ↔ tick)', () => {
  it('moves both inscriptions whole, pays pool B and the platform from pool A, change to pool A', () => {
    const seller = user('p2wpkh');
    const built = buildRouteSwapPsbt({ ...terms(seller), ...keysOf(seller) });
    const tx = Transaction.fromPSBT(built.psbt, TRADE_TX_OPTIONS);
    const outputs = Array.from({ length: tx.outputsLength }, (_, i) => tx.getOutput(i));
    expect(outputs.map((o) => o.amount)).toEqual([546n, 546n, 60_000n, 1_000n, expect.any(BigInt)]);
    expect(bytesToHex(outputs[0]!.script!) === bytesToHex(POOL.script)).toBe(true);
    expect(bytesToHex(outputs[1]!.script!) === bytesToHex(seller.ordinals.script)).toBe(true);
    expect(bytesToHex(outputs[2]!.script!) === bytesToHex(POOL_B.script)).toBe(true);
    expect(bytesToHex(outputs[4]!.script!) === bytesToHex(POOL.script)).toBe(true);
    // The largest coin of pool A pays: 100,000 in, 61,000 out, the fee, the rest back.
    expect(tx.inputsLength).toBe(3);
    expect(outputs[4]!.amount).toBe(100_000n - 61_000n - built.fee);
    expect(built.layout.userInputs).toEqual([0]);
    expect(built.layout.routeInputs).toEqual([1]);
    expect(built.layout.poolInputs).toEqual([2]);
    const size = routeSwapTxSize(terms(seller));
    expect([size.vsize, size.fee]).toEqual([built.vsize, built.fee]);
    expect(size.poolInputs.map((c) => c.vout)).toEqual([
      terms(seller).poolInscription.vout,
      tx.getInput(2).index,
    ]);
  });

  it.each(['p2tr', 'p2wpkh', 'p2sh-p2wpkh'] as const)(
    'settles for a %s user: the user signs input 0, pool B input 1, pool A the rest; all verify',
    (type) => {
      const seller = user(type);
      const built = buildRouteSwapPsbt({ ...terms(seller), ...keysOf(seller) });
      const signed = signPsbtWithKey(built.psbt, seller.ordinals.key, { inputs: [0] });
      const checked = checkSignedSwap(signed, built);
      const byA = signPoolInputs(checked, POOL.key, built.layout.poolInputs);
      const final = finalizeSwap(signPoolInputs(byA, POOL_B.key, built.layout.routeInputs!), built);
      expect(final.txid).toBe(built.txid);
      const prevouts = prevoutsOf(built.psbt);
      expect(verifyFinalTransaction(final.hex, prevouts, [])).toEqual(prevouts.map(() => true));
    },
  );

  it("refuses a user's signature on a pool's input", () => {
    const seller = user('p2tr');
    const built = buildRouteSwapPsbt({ ...terms(seller), ...keysOf(seller) });
    const byUser = signPsbtWithKey(built.psbt, seller.ordinals.key, { inputs: [0] });
    const signed = signPsbtWithKey(byUser, POOL_B.key, { inputs: [1] });
    expect(() => checkSignedSwap(signed, built)).toThrow(
      "Input 1 is the pool's: it must not be signed",
    );
  });

  it('names pool A when its coins cannot pay', () => {
    const seller = user('p2wpkh');
    expect(() => routeSwapTxSize(terms(seller, { payB: 500_000n }))).toThrow(
      /^Pool A's coins cannot pay the swap: /,
    );
  });
});
