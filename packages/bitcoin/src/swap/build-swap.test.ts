import { SigHash, Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { TRADE_TX_OPTIONS } from '../psbt/codec.ts';
import { locateSat } from '../psbt/sat-flow.ts';
import { coin, PLATFORM_ADDRESS, scriptOf } from '../psbt/test-fixtures.ts';
import { psbtTxid } from '../psbt/txid.ts';
import { swapTxSize } from './build-swap.ts';
import {
  buySwap,
  buyTerms,
  FEE_RATE,
  POOL,
  sellSwap,
  sellTerms,
  transferInscription,
  user,
} from './swap-test-fixtures.ts';

function outputsOf(psbt: Uint8Array) {
  const tx = Transaction.fromPSBT(psbt, TRADE_TX_OPTIONS);
  const outputs = Array.from({ length: tx.outputsLength }, (_, i) => tx.getOutput(i));
  const inputs = Array.from({ length: tx.inputsLength }, (_, i) => tx.getInput(i));
  return { tx, inputs, outputs };
}

/** Where ord's FIFO puts the sat at offset 0 of input 0. */
function inscriptionLandsAt(psbt: Uint8Array) {
  const { inputs, outputs } = outputsOf(psbt);
  return locateSat(
    inputs.map((input) => input.witnessUtxo?.amount ?? 0n),
    outputs.map((output) => output.amount ?? 0n),
    0,
    0n,
  );
}

describe('buildSellSwapPsbt (BRC-20 → BTC)', () => {
  it.each([
    // 10.5 + user P2TR 57.5 + pool P2TR 57.5 + pool 43 + user X + fee P2TR 43 + pool change 43.
    ['p2wpkh', 286], // X = 31: 285.5 → 286
    ['p2tr', 298], // X = 43: 297.5 → 298
    ['p2sh-p2wpkh', 287], // X = 32: 286.5 → 287
  ] as const)('pays a %s user exactly `receive`, the pool pays the fee of %i vB', (type, vsize) => {
    const seller = user(type);
    const built = sellSwap(seller);
    const fee = BigInt(vsize * FEE_RATE);
    const { inputs, outputs } = outputsOf(built.psbt);

    expect(inputs.map((input) => input.witnessUtxo?.script)).toEqual([
      seller.ordinals.script,
      POOL.script,
    ]);
    expect(inputs[1]?.witnessUtxo?.amount).toBe(100_000n); // the largest coin pays alone
    expect(outputs.map(({ script, amount }) => ({ script, amount }))).toEqual([
      { script: POOL.script, amount: 546n },
      { script: seller.payment.script, amount: 40_000n },
      { script: scriptOf(PLATFORM_ADDRESS), amount: 1_000n },
      { script: POOL.script, amount: 100_000n - 40_000n - 1_000n - fee },
    ]);
    expect({ vsize: built.vsize, fee: built.fee, platformFee: built.platformFee }).toEqual({
      vsize,
      fee,
      platformFee: 1_000n,
    });
    expect(built.layout).toMatchObject({
      userInputs: [0],
      poolInputs: [1],
      outputs: { inscription: 0, payment: 1, platformFee: 2, change: 3 },
    });
    expect(built.layout.inputs.map((role) => [role.party, role.sighash])).toEqual([
      ['user', SigHash.DEFAULT],
      ['pool', SigHash.DEFAULT],
    ]);
    expect(inscriptionLandsAt(built.psbt)).toEqual({ vout: 0, offset: 0n });
    expect(built.txid).toBe(psbtTxid(built.psbt));
  });

  it('leaves a dust platform fee out: the pool keeps it in its change', () => {
    const built = sellSwap(user('p2wpkh'), {
      platformFee: { address: PLATFORM_ADDRESS, value: 329n },
    });
    const { outputs } = outputsOf(built.psbt);
    expect(outputs).toHaveLength(3);
    expect(built.platformFee).toBe(0n);
    // 286 vB less the 43 vB fee output: 243 vB.
    expect(built).toMatchObject({ vsize: 243, fee: 486n });
    expect(built.layout.outputs).toEqual({
      inscription: 0,
      payment: 1,
      platformFee: undefined,
      change: 2,
    });
    expect(outputs[2]?.amount).toBe(100_000n - 40_000n - 486n);
  });

  it('adds pool coins until they pay, and puts a change below the floor into the fee', () => {
    const seller = user('p2wpkh');
    const utxos = [coin(POOL, 0xe1, 30_000n), coin(POOL, 0xe2, 12_000n)];
    const built = sellSwap(seller, { pool: { address: POOL.address, utxos } });
    const { inputs, outputs } = outputsOf(built.psbt);
    expect(inputs).toHaveLength(3);
    // 42,000 − 41,000 pays 10.5 + 57.5 · 3 + 43 + 31 + 43 = 300 vB (600 sats), leaves 400 < 546.
    expect(outputs).toHaveLength(3);
    expect(built.fee).toBe(1_000n);
    expect(built.layout.outputs.change).toBeUndefined();
    expect(built.layout.poolInputs).toEqual([1, 2]);
  });

  it('refuses when the pool cannot pay, naming the pool', () => {
    const seller = user('p2wpkh');
    const utxos = [coin(POOL, 0xe1, 40_500n)];
    expect(() => sellSwap(seller, { pool: { address: POOL.address, utxos } })).toThrow(
      expect.objectContaining({
        code: 'insufficient-funds',
        message: expect.stringMatching(/^The pool's coins cannot pay the swap: \d+ more sats/),
      }),
    );
  });

  it.each([
    [
      'an inscription at another offset',
      { inscription: { ...transferInscription(user('p2tr').ordinals), inscriptionOffset: 1n } },
      'inscription-offset-out-of-range',
    ],
    [
      'an inscribed pool coin',
      { pool: { address: POOL.address, utxos: [coin(POOL, 0xe1, 90_000n, 0, true)] } },
      'inscribed-utxo-as-payment',
    ],
    ['a dust receive', { receive: 200n }, 'dust-output'],
    [
      'the inscription spent twice',
      {
        pool: {
          address: POOL.address,
          utxos: [{ ...transferInscription(POOL), inscribed: false }],
        },
      },
      'duplicate-input',
    ],
  ] as const)('refuses %s', (_, overrides, code) => {
    expect(() => sellSwap(user('p2tr'), overrides)).toThrow(expect.objectContaining({ code }));
  });

  it('refuses an inscription key that does not control it', () => {
    const seller = user('p2wpkh');
    expect(() =>
      sellSwap({ ...seller, ordinals: { ...seller.ordinals, publicKey: POOL.publicKey } }),
    ).toThrow(expect.objectContaining({ code: 'key-mismatch' }));
  });
});

describe('buildBuySwapPsbt (BTC → BRC-20)', () => {
  it.each([
    // 10.5 + pool P2TR 57.5 + user Y + ordinals 43 + pool 43 + fee 43 + user change Z.
    ['p2wpkh', 296], // Y = 68, Z = 31
    ['p2tr', 298], // Y = 57.5, Z = 43: 297.5 → 298
    ['p2sh-p2wpkh', 320], // Y = 91, Z = 32
  ] as const)('a %s user pays `pay`, the platform fee and %i vB exactly', (type, vsize) => {
    const buyer = user(type);
    const built = buySwap(buyer);
    const fee = BigInt(vsize * FEE_RATE);
    const { inputs, outputs } = outputsOf(built.psbt);

    expect(inputs.map((input) => input.witnessUtxo?.script)).toEqual([
      POOL.script,
      buyer.payment.script,
    ]);
    expect(inputs[1]?.witnessUtxo?.amount).toBe(80_000n);
    expect(outputs.map(({ script, amount }) => ({ script, amount }))).toEqual([
      { script: buyer.ordinals.script, amount: 546n },
      { script: POOL.script, amount: 50_000n },
      { script: scriptOf(PLATFORM_ADDRESS), amount: 1_000n },
      { script: buyer.payment.script, amount: 80_000n - 50_000n - 1_000n - fee },
    ]);
    expect({ vsize: built.vsize, fee: built.fee }).toEqual({ vsize, fee });
    expect(built.layout).toMatchObject({
      userInputs: [1],
      poolInputs: [0],
      outputs: { inscription: 0, payment: 1, platformFee: 2, change: 3 },
    });
    const allOrDefault = type === 'p2tr' ? SigHash.DEFAULT : SigHash.ALL;
    expect(built.layout.inputs.map((role) => [role.party, role.sighash])).toEqual([
      ['pool', SigHash.DEFAULT],
      ['user', allOrDefault],
    ]);
    expect(inscriptionLandsAt(built.psbt)).toEqual({ vout: 0, offset: 0n });
  });

  it('leaves a dust platform fee out: the user does not pay it', () => {
    const built = buySwap(user('p2wpkh'), {
      platformFee: { address: PLATFORM_ADDRESS, value: 300n },
    });
    const { outputs } = outputsOf(built.psbt);
    expect(built.platformFee).toBe(0n);
    expect(built.layout.outputs.platformFee).toBeUndefined();
    // 296 − 43 = 253 vB.
    expect(outputs.map((output) => output.amount)).toEqual([
      546n,
      50_000n,
      80_000n - 50_000n - 506n,
    ]);
  });

  it('refuses when the user cannot pay, in their words', () => {
    const buyer = user('p2wpkh');
    const utxos = [coin(buyer.payment, 0xb1, 51_000n)];
    expect(() => buySwap(buyer, { user: { ...buyTerms(buyer).user, utxos } })).toThrow(
      expect.objectContaining({
        code: 'insufficient-funds',
        message: expect.stringMatching(/^Your payment coins cannot pay the swap: \d+ more sats/),
      }),
    );
  });

  it("refuses an inscription that is not at the pool's address", () => {
    const buyer = user('p2wpkh');
    expect(() => buySwap(buyer, { inscription: transferInscription(buyer.ordinals) })).toThrow(
      expect.objectContaining({ code: 'utxo-not-at-payment-address' }),
    );
  });
});

describe('swapTxSize', () => {
  it.each(['p2wpkh', 'p2tr', 'p2sh-p2wpkh'] as const)(
    'answers the vsize, fee and inputs the %s builds get',
    (type) => {
      const person = user(type);
      const sell = sellSwap(person);
      const sellSize = swapTxSize({ direction: 'sell', ...sellTerms(person) });
      expect(sellSize).toMatchObject({ vsize: sell.vsize, fee: sell.fee, platformFee: 1_000n });
      expect(sellSize.userInputs.map((u) => u.txid)).toEqual(['c1'.repeat(32)]);
      expect(sellSize.poolInputs.map((u) => u.value)).toEqual([100_000n]);

      const buy = buySwap(person);
      const buySize = swapTxSize({ direction: 'buy', ...buyTerms(person) });
      expect(buySize).toMatchObject({ vsize: buy.vsize, fee: buy.fee });
      expect(buySize.userInputs.map((u) => u.value)).toEqual([80_000n]);
      expect(buySize.poolInputs.map((u) => u.txid)).toEqual(['d1'.repeat(32)]);
    },
  );
});
