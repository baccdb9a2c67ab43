import fs from 'node:fs';
import path from 'node:path';
import {
  buildEnvelopeScript,
  bytesToHex,
  randomPrivateKey,
  revealLeafScript,
  xOnlyPublicKey,
  type EnvelopeContent,
} from '@om/bitcoin';
import { describe, expect, it } from 'vitest';
import type { TxDetails } from './chain-source.ts';
import type { PlacedInscription } from './local-queries.ts';
import { placePendingInscriptions } from './pending-inscriptions.ts';
import { rpcTxToDetails, type RpcTx } from './rpc-tx.ts';

const txid = (n: number) => n.toString(16).padStart(64, '0');
const ID = `${'e'.repeat(64)}i0`;

/** A reveal witness as ord's wallet writes it: signature, tapscript, control block. */
function revealWitness(content: EnvelopeContent): string[] {
  const key = xOnlyPublicKey(randomPrivateKey());
  const leaf = revealLeafScript(key, [buildEnvelopeScript(content)]);
  return ['00'.repeat(64), bytesToHex(leaf), `c0${bytesToHex(key)}`];
}

function tx(
  n: number,
  inputs: { from: string; value: bigint; witness?: string[] }[],
  outputs: bigint[],
): TxDetails {
  return {
    txid: txid(n),
    version: 2,
    locktime: 0,
    vin: inputs.map(({ from, value, witness = [] }) => {
      const [prevTxid = '', vout = '0'] = from.split(':');
      return {
        txid: prevTxid,
        vout: Number(vout),
        prevout: { scriptPubKey: '51', address: null, value },
        witness,
        sequence: 0xfffffffd,
        isCoinbase: false,
      };
    }),
    vout: outputs.map((value) => ({ scriptPubKey: '51', address: null, value })),
    size: 200,
    weight: 800,
    fee: 0n,
    status: { confirmed: false },
  };
}

const CONFIRMED: Record<string, PlacedInscription[]> = {
  [`${txid(0xa)}:0`]: [{ id: ID, offset: 0n }],
  [`${txid(0xb)}:0`]: [],
  [`${txid(0xc)}:0`]: [],
};
const lookup = (outpoint: string) => CONFIRMED[outpoint];
const plain = (outpoint: string) => ({ from: outpoint, value: 600n });

describe('placePendingInscriptions', () => {
  it.each([
    {
      name: 'a transfer keeps the inscription on the first output',
      txs: [tx(1, [{ from: `${txid(0xa)}:0`, value: 546n }], [546n])],
      expected: { [`${txid(1)}:0`]: [{ id: ID, offset: 0n }] },
    },
    {
      name: 'a buy: padding first, so the inscription sits at offset 600 of output 0',
      txs: [
        tx(
          1,
          [
            plain(`${txid(0xb)}:0`),
            { from: `${txid(0xa)}:0`, value: 546n },
            plain(`${txid(0xc)}:0`),
          ],
          [1146n, 300n],
        ),
      ],
      expected: { [`${txid(1)}:0`]: [{ id: ID, offset: 600n }], [`${txid(1)}:1`]: [] },
    },
    {
      name: 'first in, first out: past the first output it lands on the second',
      txs: [
        tx(1, [plain(`${txid(0xb)}:0`), { from: `${txid(0xa)}:0`, value: 546n }], [330n, 816n]),
      ],
      expected: { [`${txid(1)}:0`]: [], [`${txid(1)}:1`]: [{ id: ID, offset: 270n }] },
    },
    {
      name: 'an inscription beyond the outputs goes to fees',
      txs: [tx(1, [plain(`${txid(0xb)}:0`), { from: `${txid(0xa)}:0`, value: 546n }], [600n])],
      expected: { [`${txid(1)}:0`]: [] },
    },
    {
      name: 'a chain of mempool transactions, the child listed first',
      txs: [
        tx(2, [{ from: `${txid(1)}:1`, value: 546n }], [546n]),
        tx(1, [plain(`${txid(0xb)}:0`), { from: `${txid(0xa)}:0`, value: 546n }], [600n, 546n]),
      ],
      expected: {
        [`${txid(1)}:0`]: [],
        [`${txid(1)}:1`]: [{ id: ID, offset: 0n }],
        [`${txid(2)}:0`]: [{ id: ID, offset: 0n }],
      },
    },
    {
      name: 'spending an output the index does not know leaves the tx and its children unknown',
      txs: [
        tx(1, [plain(`${txid(0xd)}:0`)], [500n]),
        tx(2, [{ from: `${txid(1)}:0`, value: 500n }], [400n]),
      ],
      expected: {},
    },
    {
      name: "a new inscription starts at its input's first sat",
      txs: [
        tx(
          1,
          [
            plain(`${txid(0xb)}:0`),
            { from: `${txid(0xc)}:0`, value: 1000n, witness: revealWitness({ body: 'x' }) },
          ],
          [600n, 1000n],
        ),
      ],
      expected: {
        [`${txid(1)}:0`]: [],
        [`${txid(1)}:1`]: [{ id: `${txid(1)}i0`, offset: 0n }],
      },
    },
    {
      name: 'a pointer inside the outputs moves a new inscription there',
      txs: [
        tx(
          1,
          [{ from: `${txid(0xc)}:0`, value: 1000n, witness: revealWitness({ pointer: 700n }) }],
          [600n, 400n],
        ),
      ],
      expected: { [`${txid(1)}:0`]: [], [`${txid(1)}:1`]: [{ id: `${txid(1)}i0`, offset: 100n }] },
    },
    {
      name: 'a pointer past the outputs is ignored',
      txs: [
        tx(
          1,
          [{ from: `${txid(0xc)}:0`, value: 1000n, witness: revealWitness({ pointer: 5000n }) }],
          [600n, 400n],
        ),
      ],
      expected: { [`${txid(1)}:0`]: [{ id: `${txid(1)}i0`, offset: 0n }], [`${txid(1)}:1`]: [] },
    },
  ])('$name', ({ txs, expected }) => {
    expect(Object.fromEntries(placePendingInscriptions(txs, lookup))).toEqual(expected);
  });

  it('places the inscription of a reveal recorded from Bitcoin Core on its first output', () => {
    const file = path.resolve(import.meta.dirname, '../../../test/fixtures/rpc/reveal-tx.json');
    const recorded = JSON.parse(fs.readFileSync(file, 'utf8')) as RpcTx;
    const reveal = rpcTxToDetails(recorded, { confirmed: false });
    const commit = `${reveal.vin[0]?.txid}:${reveal.vin[0]?.vout}`;
    const placed = placePendingInscriptions([reveal], (o) => (o === commit ? [] : undefined));
    expect(placed.get(`${reveal.txid}:0`)).toEqual([{ id: `${reveal.txid}i0`, offset: 0n }]);
  });
});
