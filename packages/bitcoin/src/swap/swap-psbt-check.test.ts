import { Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { bytesToBase64 } from '../bytes.ts';
import { TRADE_TX_OPTIONS } from '../psbt/codec.ts';
import {
  coin,
  NETWORK,
  PLATFORM_ADDRESS,
  testWallet,
  withDeclaredSighash,
} from '../psbt/test-fixtures.ts';
import type { BuiltSwap } from './build-swap.ts';
import { buildRouteSwapPsbt } from './route-swap.ts';
import { checkSwapPsbt, type SwapCheckRequest } from './swap-psbt-check.ts';
import {
  buySwap,
  FEE_RATE,
  POOL,
  sellSwap,
  transferInscription,
  user,
} from './swap-test-fixtures.ts';

// Real swaps built by packages/bitcoin, and the same swaps changed the ways a wrong or hostile
// server could change them: each change is one problem code.

const swapper = user('p2wpkh');
const thief = testWallet('thief', 'p2tr');
const POOL_B = testWallet('swap pool b', 'p2tr');
const CHOSEN = `${'c1'.repeat(32)}:0`;

function tampered(built: BuiltSwap, edit: (tx: Transaction) => void): string {
  const tx = Transaction.fromPSBT(built.psbt, TRADE_TX_OPTIONS);
  edit(tx);
  return bytesToBase64(tx.toPSBT());
}

function requestFor(
  direction: SwapCheckRequest['direction'],
  built: BuiltSwap,
  overrides: Partial<SwapCheckRequest> = {},
): SwapCheckRequest {
  return {
    direction,
    network: NETWORK,
    paymentAddress: swapper.payment.address,
    ordinalsAddress: swapper.ordinals.address,
    poolAddress: POOL.address,
    inscriptionOutpoint: CHOSEN,
    inputsToSign: built.layout.userInputs,
    minReceive: 40_000n,
    maxCost: 50_000n + 1_000n + built.fee,
    maxFeeRate: 3.2,
    ...overrides,
  };
}

const codes = (psbt: string, request: SwapCheckRequest) =>
  checkSwapPsbt(psbt, request).problems.map((p) => p.code);

describe('checkSwapPsbt: a sale', () => {
  const built = sellSwap(swapper);
  const request = requestFor('sell', built);
  const psbt = bytesToBase64(built.psbt);

  it('passes the sale quoted and reads what it pays the user', () => {
    const check = checkSwapPsbt(psbt, request);
    expect(check.problems).toEqual([]);
    expect(check.receives).toBe(40_000n);
    expect(check.pays).toBe(546n - 40_000n);
    expect(check.networkFee).toBe(built.fee);
    expect(check.txid).toBe(built.txid);
  });

  it('says the inscription sent elsewhere, another one, or one not of the ordinals address', () => {
    const elsewhere = tampered(built, (tx) => tx.updateOutput(0, { script: thief.script }));
    expect(checkSwapPsbt(elsewhere, request).problems).toEqual([
      { code: 'inscription-misdirected', address: thief.address },
    ]);
    const other = { ...request, inscriptionOutpoint: `${'c2'.repeat(32)}:0` };
    expect(codes(psbt, other)).toEqual(['not-chosen-inscription']);
    const foreign = tampered(built, (tx) =>
      tx.updateInput(0, { witnessUtxo: { script: thief.script, amount: 546n } }, true),
    );
    expect(codes(foreign, request)).toEqual(['inscription-not-yours']);
  });

  it("says a coin of the wallet's spent beside the inscription, and less than the minimum", () => {
    const coinOfUser = tampered(built, (tx) => {
      const amount = tx.getInput(1).witnessUtxo?.amount ?? 0n;
      tx.updateInput(1, { witnessUtxo: { script: swapper.payment.script, amount } }, true);
    });
    expect(codes(coinOfUser, request)).toEqual(['spends-wallet-coin']);
    expect(checkSwapPsbt(psbt, { ...request, minReceive: 45_000n }).problems).toEqual([
      { code: 'below-min-receive', receives: 40_000n, min: 45_000n },
    ]);
  });

  it("says inputs to sign that are the pool's or not there, and an unsafe sighash", () => {
    const asks = { ...request, inputsToSign: [0, 1, 9] };
    expect(checkSwapPsbt(psbt, asks).problems).toEqual([
      { code: 'sign-not-yours', index: 1 },
      { code: 'sign-missing-input', index: 9 },
    ]);
    const unsafe = bytesToBase64(withDeclaredSighash(built.psbt, 0x83));
    expect(checkSwapPsbt(unsafe, request).problems).toEqual([
      { code: 'unsafe-sighash', indices: [0] },
    ]);
  });
});

describe('checkSwapPsbt: a purchase', () => {
  const built = buySwap(swapper);
  const request = requestFor('buy', built, { inscriptionOutpoint: undefined });
  const psbt = bytesToBase64(built.psbt);

  it('passes the purchase quoted: it costs the amount, its fees, and comes to the ordinals address', () => {
    const check = checkSwapPsbt(psbt, request);
    expect(check.problems).toEqual([]);
    expect(check.pays).toBeLessThanOrEqual(request.maxCost);
    expect(check.feeRate).toBeCloseTo(FEE_RATE, 0);
  });

  it("says an inscription that is not the pool's or goes elsewhere, and outputs above the inputs", () => {
    const notPool = tampered(built, (tx) =>
      tx.updateInput(0, { witnessUtxo: { script: thief.script, amount: 546n } }, true),
    );
    expect(codes(notPool, request)).toEqual(['not-pool-inscription']);
    const elsewhere = tampered(built, (tx) => tx.updateOutput(0, { script: thief.script }));
    expect(codes(elsewhere, request)).toEqual(['inscription-misdirected']);
    const over = tampered(built, (tx) => tx.updateOutput(1, { amount: 500_000n }));
    expect(codes(over, { ...request, maxCost: 10n ** 9n })).toEqual(['overspends']);
  });

  it('says a cost above the quote and a fee rate above the one accepted', () => {
    const { pays, feeRate, problems } = checkSwapPsbt(psbt, {
      ...request,
      maxCost: 40_000n,
      maxFeeRate: 1,
    });
    expect(problems).toEqual([
      { code: 'fee-rate-too-high', feeRate },
      { code: 'costs-above-quote', pays, most: 40_000n },
    ]);
  });

  it('says a PSBT it cannot read', () => {
    expect(codes('bm90IGEgcHNidA==', request)).toEqual(['unreadable']);
  });
});

describe('checkSwapPsbt: a route (tick ↔ tick)', () => {
  const built = buildRouteSwapPsbt({
    inscription: transferInscription(swapper.ordinals, 0xc1),
    poolInscription: transferInscription(POOL_B, 0xd3),
    userOrdinalsAddress: swapper.ordinals.address,
    poolA: { address: POOL.address, utxos: [coin(POOL, 0xe4, 90_000n)] },
    poolBAddress: POOL_B.address,
    payB: 25_000n,
    platformFee: { address: PLATFORM_ADDRESS, value: 700n },
    feeRate: FEE_RATE,
    network: NETWORK,
    keys: { user: swapper.ordinals.publicKey, poolA: POOL.publicKey, poolB: POOL_B.publicKey },
  });
  const request = requestFor('route', built, { receivePoolAddress: POOL_B.address });
  const psbt = bytesToBase64(built.psbt);

  it('passes the route quoted: the inscription out, the tokens bought in, nothing else spent', () => {
    expect(checkSwapPsbt(psbt, request).problems).toEqual([]);
  });

  it("says the tokens bought sent elsewhere (the wallet then pays its inscription), or not the second pool's", () => {
    const elsewhere = tampered(built, (tx) => tx.updateOutput(1, { script: thief.script }));
    expect(checkSwapPsbt(elsewhere, request).problems).toEqual([
      { code: 'tokens-misdirected', address: thief.address },
      { code: 'route-spends-wallet', pays: 546n },
    ]);
    const otherPool = { ...request, receivePoolAddress: thief.address };
    expect(codes(psbt, otherPool)).toEqual(['not-second-pool-inscription']);
  });
});
