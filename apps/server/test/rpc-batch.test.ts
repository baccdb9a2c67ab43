import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RpcConnection } from '../src/chain/rpc-connection.ts';
import { RpcError } from '../src/chain/rpc.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';

// product.md#scale-and-delivery: many calls of one method go to Bitcoin Core 30 as JSON-RPC
// batches, one request per 200 calls, each call answered in its place: a result, or its own
// RpcError when the node refused that call (an unknown transaction), never the batch's failure.

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

describe('BitcoinRpc.batch on Bitcoin Core', () => {
  it('answers each call in order, its own refusal an RpcError, 200 calls to a request', async () => {
    const rpc = node.node.rpc;
    const txid = await node.faucet.fund(await faucetAddress(), 50_000n);
    const unknown = '00'.repeat(32);
    const posts = vi.spyOn(RpcConnection.prototype, 'post');
    try {
      const answers = await rpc.batch<{ txid: string }>('getrawtransaction', [
        [txid, 1],
        [unknown, 1],
        [txid, 1],
      ]);
      expect(posts).toHaveBeenCalledTimes(1);
      expect((answers[0] as { txid: string }).txid).toBe(txid);
      expect(answers[1]).toBeInstanceOf(RpcError);
      expect((answers[1] as RpcError).code).toBe(-5); // RPC_INVALID_ADDRESS_OR_KEY
      expect((answers[2] as { txid: string }).txid).toBe(txid);

      posts.mockClear();
      const many = await rpc.batch<unknown>(
        'gettxout',
        Array.from({ length: 450 }, (_, i) => [txid, i % 3, true]),
      );
      expect(posts).toHaveBeenCalledTimes(3);
      expect(many).toHaveLength(450);
      // The funding transaction's outputs: the payment and change exist, a third does not.
      const outputs = await rpc.call<{ vout: unknown[] }>('getrawtransaction', [txid, 1]);
      many.forEach((answer, i) => {
        expect(answer === null).toBe(i % 3 >= outputs.vout.length);
      });
      expect(await rpc.batch('getblockcount', [])).toEqual([]);
    } finally {
      posts.mockRestore();
    }
  });
});

async function faucetAddress(): Promise<string> {
  const wallet = await node.faucet.wallet();
  return wallet.getNewAddress('bech32');
}
