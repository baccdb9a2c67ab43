// Test only: blocks with exactly the transactions a test chose, and, for ord's "lost" scenarios,
// a coinbase that claims less than the block's reward (valid: only claiming more is refused).
import { bytesToHex, hexToBytes } from '@om/bitcoin';
import type { BitcoinRpc } from '../../src/chain/rpc.ts';
import { grindHeader, merkleRoot, parseTx, serializeTx, txidOf, type RawTx } from './raw-tx.ts';

export interface MinedBlock {
  hash: string;
  height: number;
  coinbaseTxid: string;
  /** What the coinbase's first output claims. */
  claimed: bigint;
}

/**
 * Mines `txs` (raw hex or mempool txids) in one block on the tip, its coinbase's first output
 * paying exactly `claim`: the block is built by `generateblock` without submitting, its coinbase
 * rewritten, the merkle root and proof of work redone, then `submitblock`. (generateblock's own
 * coinbase claims the subsidy only: it is built before the transactions are added, so their fees
 * would go unclaimed, lost.)
 */
export async function mineBlock(
  rpc: BitcoinRpc,
  address: string,
  txs: string[],
  claim: bigint,
): Promise<MinedBlock> {
  const height = (await rpc.getBlockCount()) + 1;
  const built = await rpc.call<{ hex: string }>('generateblock', [address, txs, false]);
  const block = withCoinbaseClaim(hexToBytes(built.hex), claim);
  const result = await rpc.call<string | null>('submitblock', [block.hex]);
  if (result !== null) throw new Error(`submitblock refused the block: ${result}`);
  return { hash: block.hash, height, coinbaseTxid: block.coinbaseTxid, claimed: claim };
}

function varintSize(bytes: Uint8Array, at: number): { value: number; size: number } {
  const first = bytes[at] as number;
  if (first < 0xfd) return { value: first, size: 1 };
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return first === 0xfd
    ? { value: view.getUint16(at + 1, true), size: 3 }
    : { value: view.getUint32(at + 1, true), size: 5 };
}

/** The block with its coinbase's first output set to `claim`; the witness commitment stays valid. */
function withCoinbaseClaim(block: Uint8Array, claim: bigint) {
  const count = varintSize(block, 80);
  const coinbaseStart = 80 + count.size;
  const { tx: coinbase, end } = parseTx(block, coinbaseStart);
  const first = coinbase.outputs[0];
  if (!first) throw new Error('coinbase without outputs');
  const rewritten: RawTx = {
    ...coinbase,
    outputs: [{ ...first, value: claim }, ...coinbase.outputs.slice(1)],
  };
  // The coinbase's wtxid counts as zero in the witness commitment, so only the txid changes.
  const txids = [txidOf(rewritten)];
  for (let at = end; txids.length < count.value;) {
    const next = parseTx(block, at);
    txids.push(txidOf(next.tx));
    at = next.end;
  }
  const header = block.slice(0, 80);
  header.set(merkleRoot(txids), 36);
  const hash = grindHeader(header);
  const bytes = Uint8Array.from([
    ...header,
    ...block.subarray(80, coinbaseStart),
    ...serializeTx(rewritten),
    ...block.subarray(end),
  ]);
  return { hex: bytesToHex(bytes), hash, coinbaseTxid: txids[0] as string };
}
