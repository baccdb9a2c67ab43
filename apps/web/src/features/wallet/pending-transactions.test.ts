// @vitest-environment node
import type { ChainTx } from '@om/core';
import { describe, expect, it } from 'vitest';
import { pendingTransactions } from './pending-transactions.ts';

const ME = 'bcrt1qme';
const ORD = 'bcrt1pord';
const out = (address: string, value: number) => ({
  scriptpubkey: '00',
  scriptpubkey_address: address,
  value: String(value),
});
const tx = (txid: string, confirmed: boolean, vin: ChainTx['vout'], vout: ChainTx['vout']) =>
  ({
    txid,
    version: 2,
    locktime: 0,
    vin: vin.map((prevout, i) => ({
      txid: 'aa'.repeat(32),
      vout: i,
      prevout,
      witness: [],
      sequence: 0,
      is_coinbase: false,
    })),
    vout,
    size: 200,
    weight: 800,
    fee: '300',
    status: confirmed
      ? { confirmed: true, block_height: 1, block_hash: 'ff', block_time: 1 }
      : { confirmed: false },
  }) as ChainTx;

describe('pendingTransactions', () => {
  it('keeps unconfirmed ones once, with what they do to the addresses', () => {
    const spend = tx('01', false, [out(ME, 10_000)], [out('bcrt1qother', 6_000), out(ME, 3_700)]);
    const receive = tx('02', false, [out('bcrt1qother', 50_000)], [out(ORD, 546), out(ME, 1_000)]);
    const mined = tx('03', true, [], [out(ME, 5_000)]);
    expect(pendingTransactions([[spend, receive, mined], [receive]], [ME, ORD])).toEqual([
      { txid: '01', net: -6_300n },
      { txid: '02', net: 1_546n },
    ]);
  });
});
