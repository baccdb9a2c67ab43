import { RawTx } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { hexToBytes } from '../bytes.ts';
import { estimateRevealVsize } from '../inscriptions/inscribe.ts';
import { feeFor } from '../psbt/fees.ts';
import { NETWORK, testWallet } from '../psbt/test-fixtures.ts';
import {
  buildRuneDistribution,
  RuneDistributionError,
  type RuneCarrier,
  type RunePayee,
} from './rune-distribution.ts';
import { RUNE_OUTPUT_VALUE } from './rune-transfer.ts';
import { decipherRunestone } from './runestone.ts';
import type { Runestone } from './runestone.types.ts';

const wallet = testWallet('rewards wallet', 'p2tr');
const winners = [
  testWallet('winner a', 'p2tr'),
  testWallet('winner b', 'p2wpkh'),
  testWallet('winner c', 'p2tr'),
];
const RUNE = { block: 840_000, tx: 7 };
const OTHER = { block: 840_001, tx: 2 };

const outpoint = (byte: number) => ({
  txid: byte.toString(16).padStart(2, '0').repeat(32),
  vout: 0,
});
const keyed = { script: wallet.script, privateKey: wallet.key };
function carrier(byte: number, runes: RuneCarrier['runes'], value = 546n): RuneCarrier {
  return { ...outpoint(byte), value, ...keyed, runes };
}
const coin = (byte: number, value: bigint) => ({ ...outpoint(byte), value, ...keyed });
const payee = (i: number, amount: bigint, id = RUNE): RunePayee => ({
  script: winners[i]?.script ?? wallet.script,
  id,
  amount,
});

function distribute(overrides: Partial<Parameters<typeof buildRuneDistribution>[0]> = {}) {
  return buildRuneDistribution({
    // The first carrier holds another rune too: the pointer must keep it.
    carriers: [
      carrier(0xb1, [
        { id: RUNE, amount: 600n },
        { id: OTHER, amount: 9n },
      ]),
      carrier(0xb2, [{ id: RUNE, amount: 400n }]),
    ],
    coins: [coin(0xa1, 3_000n), coin(0xa2, 50_000n)],
    payees: [payee(0, 100n), payee(1, 250n), payee(2, 7n)],
    runeChange: wallet.script,
    change: wallet.script,
    feeRate: 2,
    network: NETWORK,
    ...overrides,
  });
}

function decoded(hex: string) {
  const raw = RawTx.decode(hexToBytes(hex));
  const artifact = decipherRunestone({ outputs: raw.outputs.map((o) => ({ script: o.script })) });
  if (artifact?.kind !== 'runestone') throw new Error('no runestone');
  return { raw, runestone: artifact.runestone };
}

/**
 * ord's allocation of a transaction's input runes (no mint, no etching): the edicts in order, each
 * at most what is left, then what is left to the pointer, else the first non-OP_RETURN output.
 */
function allocate(
  runestone: Runestone,
  inputs: readonly RuneCarrier[],
  outputs: readonly { script: Uint8Array }[],
): Map<number, Map<string, bigint>> {
  const left = new Map<string, bigint>();
  for (const r of inputs.flatMap((c) => c.runes)) {
    const id = `${r.id.block}:${r.id.tx}`;
    left.set(id, (left.get(id) ?? 0n) + r.amount);
  }
  const out = new Map<number, Map<string, bigint>>();
  const give = (vout: number, id: string, amount: bigint) => {
    const at = out.get(vout) ?? new Map<string, bigint>();
    at.set(id, (at.get(id) ?? 0n) + amount);
    out.set(vout, at);
    left.set(id, (left.get(id) ?? 0n) - amount);
  };
  for (const edict of runestone.edicts) {
    const id = `${edict.id.block}:${edict.id.tx}`;
    const amount = edict.amount < (left.get(id) ?? 0n) ? edict.amount : (left.get(id) ?? 0n);
    give(edict.output, id, amount);
  }
  const rest = runestone.pointer ?? outputs.findIndex((o) => o.script[0] !== 0x6a);
  for (const [id, amount] of [...left]) if (amount > 0n) give(rest, id, amount);
  return out;
}

function refusal(build: () => unknown): string {
  try {
    build();
  } catch (err) {
    if (err instanceof RuneDistributionError) return `${err.code}: ${err.message}`;
    throw err;
  }
  return 'built';
}

describe('buildRuneDistribution', () => {
  it('pays each winner by its own edict at outputs 1…n, the rune change by the pointer', () => {
    const built = distribute();
    const { raw, runestone } = decoded(built.hex);
    expect(runestone.pointer).toBe(4);
    expect(built.runeChangeIndex).toBe(4);
    expect(runestone.edicts).toEqual([
      { id: RUNE, amount: 100n, output: 1 },
      { id: RUNE, amount: 250n, output: 2 },
      { id: RUNE, amount: 7n, output: 3 },
    ]);
    expect(raw.outputs.map((o) => o.amount)).toEqual([
      0n,
      RUNE_OUTPUT_VALUE,
      RUNE_OUTPUT_VALUE,
      RUNE_OUTPUT_VALUE,
      RUNE_OUTPUT_VALUE,
      raw.outputs[5]?.amount,
    ]);
    expect(raw.outputs.slice(1, 4).map((o) => o.script)).toEqual(winners.map((w) => w.script));
    expect(raw.outputs[4]?.script).toEqual(wallet.script);
    expect(raw.outputs[5]?.script).toEqual(wallet.script);
  });

  it('leaves every winner exactly its amount and the rest of every input rune to the wallet', () => {
    const carriers = [
      carrier(0xb1, [
        { id: RUNE, amount: 600n },
        { id: OTHER, amount: 9n },
      ]),
      carrier(0xb2, [{ id: RUNE, amount: 400n }]),
    ];
    const { raw, runestone } = decoded(distribute({ carriers }).hex);
    const held = allocate(runestone, carriers, raw.outputs);
    expect(
      Object.fromEntries([...held].map(([vout, runes]) => [vout, Object.fromEntries(runes)])),
    ).toEqual({
      1: { '840000:7': 100n },
      2: { '840000:7': 250n },
      3: { '840000:7': 7n },
      4: { '840000:7': 643n, '840001:2': 9n },
    });
  });

  it('is the pointer that keeps the change: without it the first winner would take the rest', () => {
    const carriers = [carrier(0xb1, [{ id: RUNE, amount: 1_000n }])];
    const { raw, runestone } = decoded(distribute({ carriers }).hex);
    const withoutPointer = allocate({ ...runestone, pointer: undefined }, carriers, raw.outputs);
    expect(withoutPointer.get(1)?.get('840000:7')).toBe(743n);
    expect(allocate(runestone, carriers, raw.outputs).get(1)?.get('840000:7')).toBe(100n);
  });

  it('pays different runes in one transaction, edicts sorted by id', () => {
    const payees = [payee(0, 5n, OTHER), payee(1, 10n)];
    const { runestone } = decoded(distribute({ payees }).hex);
    expect(runestone.edicts).toEqual([
      { id: RUNE, amount: 10n, output: 2 },
      { id: OTHER, amount: 5n, output: 1 },
    ]);
  });

  it('pays the fee at the fee rate exactly, from the largest coin, and nothing is lost', () => {
    const built = distribute();
    const { raw } = decoded(built.hex);
    expect(raw.inputs.map((i) => i.txid[0])).toEqual([0xb1, 0xb2, 0xa2]);
    const vsize = estimateRevealVsize({
      inputs: raw.inputs.map(() => ({ script: wallet.script })),
      outputs: raw.outputs.map((o) => ({ script: o.script, value: o.amount })),
      network: NETWORK,
    });
    expect({ vsize: built.vsize, fee: built.fee }).toEqual({ vsize, fee: feeFor(vsize, 2) });
    const out = raw.outputs.reduce((sum, o) => sum + o.amount, 0n);
    expect(546n * 2n + 50_000n - out).toBe(built.fee);
  });

  it('spends no coin when the carriers pay the postage and the fee', () => {
    const carriers = [carrier(0xb1, [{ id: RUNE, amount: 1_000n }], 20_000n)];
    const { raw } = decoded(distribute({ carriers }).hex);
    expect(raw.inputs).toHaveLength(1);
  });

  it('never spends a carrier twice when it is offered as a coin too', () => {
    const carriers = [carrier(0xb1, [{ id: RUNE, amount: 1_000n }], 20_000n)];
    const coins = [coin(0xb1, 20_000n)];
    const { raw } = decoded(distribute({ carriers, coins }).hex);
    expect(raw.inputs).toHaveLength(1);
  });

  it.each([
    ['no winners', { payees: [] }, 'no-payees: No winner to pay'],
    [
      'more runes than the carriers hold',
      { payees: [payee(0, 1_000n), payee(1, 1n)] },
      'insufficient-runes: The inputs hold 1000 base units of rune 840000:7, less than the 1001 owed',
    ],
    [
      'a rune no carrier holds',
      { payees: [payee(0, 1n, { block: 1, tx: 1 })] },
      'insufficient-runes: The inputs hold 0 base units of rune 1:1, less than the 1 owed',
    ],
    [
      'a winner owed 0',
      { payees: [payee(0, 0n)] },
      'zero-amount: A payee of rune 840000:7 is owed 0',
    ],
    [
      'an output script for which 546 sats is dust',
      { payees: [{ ...payee(0, 1n), script: new Uint8Array(80).fill(0x51) }] },
      'dust-output: 546 sats is dust for an output of this script',
    ],
    [
      'a fee the coins cannot pay',
      { coins: [coin(0xa1, 1_000n)] },
      'insufficient-funds: The inputs hold 2092 sats; 4 rune outputs of 546 sats and the fee need more',
    ],
  ] as const)('refuses %s', (_, overrides, message) => {
    expect(refusal(() => distribute(overrides as Parameters<typeof distribute>[0]))).toBe(message);
  });
});
