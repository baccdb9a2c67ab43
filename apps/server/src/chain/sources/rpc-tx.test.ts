import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rpcTxToDetails, type RpcTx } from './rpc-tx.ts';

const recorded = JSON.parse(
  fs.readFileSync(
    path.resolve(import.meta.dirname, '../../../test/fixtures/rpc/reveal-tx.json'),
    'utf8',
  ),
) as RpcTx;
const status = { confirmed: true, blockHeight: 102, blockHash: recorded.blockhash };

describe('rpcTxToDetails', () => {
  it("turns Bitcoin Core's getrawtransaction (verbosity 2) into Esplora's terms, in bigint sats", () => {
    expect(rpcTxToDetails(recorded, status)).toEqual({
      txid: '6f384ab452cd72a80687e29a30b37f18635fe87904481e987f846394ca46bf27',
      version: 2,
      locktime: 0,
      vin: [
        {
          txid: '53bfbd7fb4bbe35e9b5a4c28033acaf33b833cf4b3b1d28ac7da4b0db0de7843',
          vout: 1,
          prevout: {
            scriptPubKey: '5120b882b8527204580502454b1624d027d6cef1a24b8eb8f3b1a6f52f72c0f51796',
            address: 'bcrt1phzpts5njq3vq2qj9fvtzf5p86m80rgjt36u08vdx75hh9s84z7tqlhtzxq',
            value: 30_000n,
          },
          witness: recorded.vin[0]?.txinwitness,
          sequence: 4294967293,
          isCoinbase: false,
        },
      ],
      vout: [
        {
          scriptPubKey: '5120d04d6e912c77fe97f316aac986be05e2c62abe505d59d6ed1231026b46f501ed',
          address: 'bcrt1p6pxkayfvwllf0uck4tycd0s9utrz40jst4vadmgjxypxk3h4q8ksqggfu5',
          value: 10_000n,
        },
      ],
      size: 255,
      weight: 537,
      fee: 20_000n,
      status,
    });
  });

  it('takes the fee from the prevouts when the node gives none, and a given fee first', () => {
    const { fee: _, ...withoutFee } = recorded;
    expect(rpcTxToDetails(withoutFee, status).fee).toBe(20_000n);
    expect(rpcTxToDetails(withoutFee, status, 123n).fee).toBe(123n);
    const { prevout: __, ...input } = recorded.vin[0]!;
    expect(rpcTxToDetails({ ...withoutFee, vin: [input] }, status)).toMatchObject({
      fee: 0n,
      vin: [{ prevout: null }],
    });
  });

  it('writes a coinbase input as Esplora does: zero txid, vout 0xffffffff, no prevout', () => {
    const coinbase: RpcTx = {
      ...recorded,
      vin: [{ coinbase: '016600', txinwitness: ['00'.repeat(32)], sequence: 0xffffffff }],
    };
    const { fee: _, ...noFee } = coinbase;
    expect(rpcTxToDetails(noFee, status)).toMatchObject({
      vin: [{ txid: '0'.repeat(64), vout: 0xffffffff, prevout: null, isCoinbase: true }],
      fee: 0n,
    });
  });
});
