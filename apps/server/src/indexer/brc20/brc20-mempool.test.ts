import { buildEnvelopeScript, bytesToHex } from '@om/bitcoin';
import { describe, expect, it } from 'vitest';
import { mempoolTransfers } from './brc20-mempool.ts';

/** A script-path witness revealing one envelope: [signature, leaf script, control block]. */
function revealWitness(
  body: string,
  contentType = 'text/plain;charset=utf-8',
  envelopes = 1,
): string[] {
  const envelope = buildEnvelopeScript({ contentType, body }, { envelopes });
  const leaf = Uint8Array.from([0x20, ...new Array<number>(32).fill(1), 0xac, ...envelope]);
  return ['00'.repeat(64), bytesToHex(leaf), 'c0' + '02'.repeat(32)];
}

describe('mempoolTransfers: pending transfer-inscribes of a mempool transaction', () => {
  const txid = 'f'.repeat(64);
  it('finds a transfer-inscribe and the address it goes to', () => {
    const body = JSON.stringify({ p: 'brc-20', op: 'transfer', tick: 'OrDi', amt: '7' });
    expect(
      mempoolTransfers({
        txid,
        vin: [{ txinwitness: revealWitness(body) }],
        vout: [{ scriptPubKey: { address: 'bcrt1qexample' } }],
      }),
    ).toEqual([
      { inscriptionId: `${txid}i0`, txid, tick: 'ordi', amount: '7', address: 'bcrt1qexample' },
    ]);
  });

  it('ignores mints, numbers as amounts and transactions without envelopes', () => {
    const mint = JSON.stringify({ p: 'brc-20', op: 'mint', tick: 'ordi', amt: '7' });
    const number = JSON.stringify({ p: 'brc-20', op: 'transfer', tick: 'ordi', amt: 7 });
    for (const witness of [revealWitness(mint), revealWitness(number), ['00'.repeat(64)]]) {
      const tx = { txid, vin: [{ txinwitness: witness }], vout: [{ scriptPubKey: {} }] };
      expect(mempoolTransfers(tx)).toEqual([]);
    }
  });

  it('ignores envelopes ord curses, which OPI never counts: a second input, a second envelope', () => {
    const body = JSON.stringify({ p: 'brc-20', op: 'transfer', tick: 'ordi', amt: '7' });
    const other = { txinwitness: ['00'.repeat(64)] };
    const vout = [{ scriptPubKey: { address: 'bcrt1qexample' } }];
    expect(
      mempoolTransfers({ txid, vin: [other, { txinwitness: revealWitness(body) }], vout }),
    ).toEqual([]);
    // Two envelopes in input 0: only the first (i0) is uncursed.
    expect(
      mempoolTransfers({ txid, vin: [{ txinwitness: revealWitness(body, undefined, 2) }], vout }),
    ).toEqual([
      { inscriptionId: `${txid}i0`, txid, tick: 'ordi', amount: '7', address: 'bcrt1qexample' },
    ]);
  });
});
