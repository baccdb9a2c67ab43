import { describe, expect, it } from 'vitest';
import type { AddressUtxo, ChainSource } from '../../chain/sources/chain-source.ts';
import { splitAddressUtxos } from './chain.service.ts';

const utxo = (txid: string, value: bigint): AddressUtxo => ({
  txid: txid.repeat(64),
  vout: 0,
  value,
  status: { confirmed: false },
});

describe('splitAddressUtxos', () => {
  it('keeps only outputs known to hold nothing as cardinal; unknown ones count as inscribed', async () => {
    const utxos = [utxo('a', 50_000n), utxo('b', 546n), utxo('c', 10_000n)];
    const source = {
      addressUtxos: async () => utxos,
      inscriptionsOnOutputs: async () =>
        new Map([
          [`${'a'.repeat(64)}:0`, []],
          [`${'b'.repeat(64)}:0`, [`${'f'.repeat(64)}i0`]],
        ]),
    } as unknown as ChainSource;

    const { cardinal, inscribed } = await splitAddressUtxos(source, 'any');
    expect(cardinal.map((u) => [u.txid[0], u.value])).toEqual([['a', '50000']]);
    expect(inscribed.map((u) => [u.txid[0], u.value, u.inscriptionIds])).toEqual([
      ['b', '546', [`${'f'.repeat(64)}i0`]],
      ['c', '10000', []],
    ]);
  });
});
