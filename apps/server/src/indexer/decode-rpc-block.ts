import { btcToSats, type RpcBlock3 } from '../chain/rpc.ts';
import type { ChainBlock } from './indexer.types.ts';

export interface OutputSpend {
  txid: string;
  vout: number;
  /** The transaction that spends it. */
  spender: string;
}

const COINBASE_VOUT = 0xffffffff;
const GENESIS_PREVIOUS = '0'.repeat(64);

/**
 * Node's native hex decoder (bitcoind prints well-formed lower-case hex), as a plain Uint8Array
 * view: about ten times faster than a JS decoder on the witnesses of every input of every block.
 */
function hexToBytes(hex: string): Uint8Array {
  const buffer = Buffer.from(hex, 'hex');
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/** bitcoind's `getblock <hash> 3` JSON → the indexer's ChainBlock (values in sats, scripts as bytes). */
export function decodeRpcBlock(block: RpcBlock3): ChainBlock {
  return {
    height: block.height,
    hash: block.hash,
    previousHash: block.previousblockhash ?? GENESIS_PREVIOUS,
    time: block.time,
    txs: block.tx.map((tx) => ({
      txid: tx.txid,
      inputs: tx.vin.map((input) =>
        input.coinbase !== undefined
          ? { prevTxid: '', prevVout: COINBASE_VOUT, value: 0n, witness: [] }
          : {
              prevTxid: input.txid ?? '',
              prevVout: input.vout ?? 0,
              value: input.prevout ? btcToSats(input.prevout.value) : 0n,
              witness: (input.txinwitness ?? []).map(hexToBytes),
            },
      ),
      outputs: tx.vout.map((output) => ({
        value: btcToSats(output.value),
        script: hexToBytes(output.scriptPubKey.hex),
        address: output.scriptPubKey.address ?? null,
      })),
    })),
  };
}

/** Every output the block spends, with its spender (the coinbase spends nothing). */
export function blockSpends(block: ChainBlock): OutputSpend[] {
  return block.txs.flatMap((tx) =>
    tx.inputs
      .filter((input) => input.prevTxid !== '')
      .map((input) => ({ txid: input.prevTxid, vout: input.prevVout, spender: tx.txid })),
  );
}
