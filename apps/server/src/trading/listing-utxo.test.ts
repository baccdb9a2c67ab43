import { describe, expect, it, vi } from 'vitest';
import type { ChainDeps } from '../app-deps.ts';
import type { AddressUtxo, ChainSource } from '../chain/sources/chain-source.ts';
import { isSpent, spentOutputs } from './listing-utxo.ts';

// Without a node (Esplora and ord), an output is spent when its address's outputs, which Esplora
// reports unspent by the mempool, no longer hold it; each address is asked once per check, as a
// launch's items all sit in one maker wallet.

const TX = 'ab'.repeat(32);
const unspentAt: Record<string, number[]> = { maker: [0, 2], other: [5] };

function esploraChain() {
  const addressUtxos = vi.fn(async (address: string): Promise<AddressUtxo[]> =>
    (unspentAt[address] ?? []).map((vout) => ({
      txid: TX,
      vout,
      value: 546n,
      status: { confirmed: true },
    })),
  );
  const chain = { source: { addressUtxos } as unknown as ChainSource } as ChainDeps;
  return { chain, addressUtxos };
}

describe('spentOutputs without a node', () => {
  it('answers in order, reading each address once', async () => {
    const { chain, addressUtxos } = esploraChain();
    const spent = await spentOutputs(chain, [
      { outpoint: `${TX}:0`, address: 'maker' },
      { outpoint: `${TX}:1`, address: 'maker' },
      { outpoint: `${TX}:2`, address: 'maker' },
      { outpoint: `${TX}:5`, address: 'other' },
      { outpoint: `${TX}:0`, address: 'other' },
    ]);
    expect(spent).toEqual([false, true, false, false, true]);
    expect(addressUtxos.mock.calls.map(([address]) => address).sort()).toEqual(['maker', 'other']);
  });

  it('answers one output through isSpent', async () => {
    const { chain } = esploraChain();
    expect(await isSpent(chain, `${TX}:2`, 'maker')).toBe(false);
    expect(await isSpent(chain, `${TX}:3`, 'maker')).toBe(true);
  });
});
