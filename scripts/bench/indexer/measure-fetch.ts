import type { BitcoinRpc } from '../../../apps/server/src/chain/rpc.ts';
import { decodeRpcBlock } from '../../../apps/server/src/indexer/decode-rpc-block.ts';

export interface FetchResult {
  seconds: number;
  blocks: number;
  txs: number;
}

/**
 * The baseline: every block from 0 to `tipHeight` the way the indexer reads it (getblockhash,
 * getblock verbosity 3, JSON parse, decodeRpcBlock), one after the other, and nothing else.
 */
export async function measureFetch(rpc: BitcoinRpc, tipHeight: number): Promise<FetchResult> {
  const started = performance.now();
  let txs = 0;
  for (let height = 0; height <= tipHeight; height++) {
    const block = decodeRpcBlock(await rpc.getBlockVerbose3(await rpc.getBlockHash(height)));
    txs += block.txs.length;
  }
  return { seconds: (performance.now() - started) / 1000, blocks: tipHeight + 1, txs };
}
