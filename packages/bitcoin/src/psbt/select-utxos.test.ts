import { describe, expect, it } from 'vitest';
import { estimateVsize } from './fees.ts';
import { selectUtxos } from './select-utxos.ts';
import { coin, testWallet } from './test-fixtures.ts';

const wallet = testWallet('select', 'p2wpkh');
// One P2WPKH output to pay, plus P2WPKH change: 10.5 + 68·n + 31 (+ 31) vB.
const vsize = (selected: readonly unknown[], withChange: boolean) =>
  estimateVsize(
    selected.map(() => 'p2wpkh'),
    withChange ? ['p2wpkh', 'p2wpkh'] : ['p2wpkh'],
  );

describe('selectUtxos (largest first)', () => {
  it.each<[string, bigint[], bigint, { values: bigint[]; fee: bigint; change: bigint }]>([
    [
      'one coin with change',
      [5_000n, 100_000n],
      50_000n,
      { values: [100_000n], fee: 141n, change: 49_859n },
    ],
    [
      'two coins when one is short',
      [30_000n, 30_000n, 1_000n],
      50_000n,
      { values: [30_000n, 30_000n], fee: 209n, change: 9_791n },
    ],
    // 50,700 − 50,000 − 141 = 559 ≥ 546: change. 50,600 − 141 = 459 < 546: all to the fee.
    [
      'change just above the floor',
      [50_700n],
      50_000n,
      { values: [50_700n], fee: 141n, change: 559n },
    ],
    [
      'a remainder too small for change goes to the fee',
      [50_600n],
      50_000n,
      { values: [50_600n], fee: 600n, change: 0n },
    ],
    ['nothing needed and nothing to add', [], -200n, { values: [], fee: 200n, change: 0n }],
  ])('%s', (_, values, need, expected) => {
    const utxos = values.map((value, i) => coin(wallet, i + 1, value));
    const selection = selectUtxos({ utxos, need, vsize, feeRate: 1, changeMin: 546n });
    expect(selection.selected.map((u) => u.value)).toEqual(expected.values);
    expect({ fee: selection.fee, change: selection.change }).toEqual({
      fee: expected.fee,
      change: expected.change,
    });
  });

  it('throws insufficient-funds with what is missing', () => {
    const utxos = [coin(wallet, 1, 10_000n), coin(wallet, 2, 20_000n)];
    expect(() => selectUtxos({ utxos, need: 30_000n, vsize, feeRate: 2, changeMin: 546n })).toThrow(
      expect.objectContaining({ code: 'insufficient-funds', message: '356 more sats are needed' }),
    );
  });
});
