import { totalValue } from '@om/bitcoin';
// Test only: a chain in memory, like ord's mockcore + index test Context, that indexes every block
// it mines with blockToRows and keeps the rows as a store would.
import { createHash } from 'node:crypto';
import { blockToRows } from './block-to-rows.ts';
import {
  NULL_TXID,
  type BlockRows,
  type ChainBlock,
  type ChainOutput,
  type ChainTx,
  type Charm,
  type IndexerCounters,
  type InscriptionsOnOutputs,
  type LocationRow,
  type NetworkRules,
  type NewInscriptionRow,
} from './indexer.types.ts';
import { networkRules, subsidy } from './network-rules.ts';

export const COIN = 100_000_000n;

/** An output of a mined transaction by position, as ord's tests name it, or any output by txid. */
export type TemplateInput =
  | [height: number, tx: number, vout: number, witness?: Uint8Array[]]
  | { txid: string; vout: number; witness?: Uint8Array[] };

/** ord's TransactionTemplate. */
export interface TxTemplate {
  inputs: TemplateInput[];
  fee?: bigint;
  outputs?: number;
  outputValues?: bigint[];
  /** An OP_RETURN output inserted at `index` (default last) holding `value` (default 0). */
  opReturn?: { index?: number; value?: bigint };
}

const P2WPKH = Uint8Array.from([0x00, 0x14, ...new Array<number>(20).fill(0)]);
const OP_RETURN = Uint8Array.of(0x6a);

export class TestChain {
  readonly blocks: ChainBlock[] = [];
  readonly inscriptions = new Map<string, NewInscriptionRow>();
  readonly locations = new Map<string, LocationRow>();
  readonly charms = new Map<string, Charm[]>();
  counters: IndexerCounters = {
    nextSequence: 0,
    blessedCount: 0,
    cursedCount: 0,
    lostSats: 0n,
    unboundCount: 0,
  };
  private mempool: ChainTx[] = [];
  private hashes = 0;

  /** Starts with a genesis block at height 0, as ord's mock bitcoind does. */
  constructor(readonly rules: NetworkRules = networkRules('regtest')) {
    this.mineBlocks(1);
  }

  get height(): number {
    return this.blocks.length - 1;
  }

  private nextHash(): string {
    return createHash('sha256').update(`test-chain ${this.hashes++}`).digest('hex');
  }

  private output(value: bigint, vout: number, txid: string): ChainOutput {
    return { value, script: P2WPKH, address: `bcrt1-test-${txid.slice(0, 8)}-${vout}` };
  }

  tx(height: number, index: number): ChainTx {
    const tx = this.blocks[height]?.txs[index];
    if (!tx) throw new Error(`no transaction ${height}:${index}`);
    return tx;
  }

  /** A fresh txid, for a test that must know it before building the witness. */
  newTxid(): string {
    return this.nextHash();
  }

  private input(input: TemplateInput) {
    const [spent, vout, witness = []] = Array.isArray(input)
      ? [this.tx(input[0], input[1]), input[2], input[3]]
      : [this.findTx(input.txid), input.vout, input.witness];
    const value = spent.outputs[vout]?.value;
    if (value === undefined) throw new Error(`no output ${spent.txid}:${vout}`);
    return { prevTxid: spent.txid, prevVout: vout, value, witness };
  }

  private findTx(txid: string): ChainTx {
    const tx = [...this.blocks.flatMap((block) => block.txs), ...this.mempool].find(
      (candidate) => candidate.txid === txid,
    );
    if (!tx) throw new Error(`no transaction ${txid}`);
    return tx;
  }

  broadcast(template: TxTemplate, txid = this.nextHash()): string {
    const inputs = template.inputs.map((input) => this.input(input));
    const { fee = 0n, outputs: count = 1, outputValues = [], opReturn } = template;
    const perOutput = count > 0 ? (totalValue(inputs) - fee) / BigInt(count) : 0n;
    const outputs = Array.from({ length: count }, (_, i) =>
      this.output(outputValues[i] ?? perOutput, i, txid),
    );
    if (opReturn) {
      const burn = { value: opReturn.value ?? 0n, script: OP_RETURN, address: null };
      outputs.splice(opReturn.index ?? outputs.length, 0, burn);
    }
    this.mempool.push({ txid, inputs, outputs });
    return txid;
  }

  /** Mines and indexes blocks; the coinbase claims `reward` (default: subsidy) plus the fees. */
  mineBlocks(count: number, reward?: bigint): BlockRows[] {
    return Array.from({ length: count }, () => this.mineBlock(reward));
  }

  private mineBlock(reward?: bigint): BlockRows {
    const height = this.blocks.length;
    const fees = this.mempool.reduce(
      (sum, tx) => sum + totalValue(tx.inputs) - totalValue(tx.outputs),
      0n,
    );
    const txid = this.nextHash();
    const claimed = (reward ?? subsidy(height, this.rules.halvingInterval)) + fees;
    const coinbase: ChainTx = {
      txid,
      inputs: [{ prevTxid: '', prevVout: 0xffff_ffff, value: 0n, witness: [] }],
      outputs: [this.output(claimed, 0, txid)],
    };
    const block: ChainBlock = {
      height,
      hash: this.nextHash(),
      previousHash: this.blocks.at(-1)?.hash ?? NULL_TXID,
      time: height,
      txs: [coinbase, ...this.mempool],
    };
    this.mempool = [];
    this.blocks.push(block);
    const rows = blockToRows(block, {
      counters: this.counters,
      onOutputs: this.onOutputs(),
      rules: this.rules,
    });
    this.apply(rows);
    return rows;
  }

  /** What a store would prefetch: every inscription on a real output. */
  onOutputs(): InscriptionsOnOutputs {
    const onOutputs: InscriptionsOnOutputs = new Map();
    for (const { id, sequence, satpoint } of this.locations.values()) {
      if (satpoint.txid === NULL_TXID) continue;
      const key = `${satpoint.txid}:${satpoint.vout}`;
      const row = this.inscription(id);
      const isCursedOrVindicated = row.number < 0 || row.charms.includes('vindicated');
      onOutputs.set(key, [
        ...(onOutputs.get(key) ?? []),
        { id, sequence, offset: satpoint.offset, isCursedOrVindicated },
      ]);
    }
    return onOutputs;
  }

  private apply(rows: BlockRows): void {
    for (const row of rows.inscriptions) this.inscriptions.set(row.id, row);
    for (const row of rows.locations) {
      this.locations.set(row.id, row);
      const charms = this.charms.get(row.id) ?? [...this.inscription(row.id).charms];
      this.charms.set(row.id, [...new Set([...charms, ...row.addedCharms])]);
    }
    this.counters = rows.countersAfter;
  }

  inscription(id: string): NewInscriptionRow {
    const row = this.inscriptions.get(id);
    if (!row) throw new Error(`inscription ${id} not indexed`);
    return row;
  }

  number(id: string): number {
    return this.inscription(id).number;
  }

  /** "txid:vout:offset", as ord prints a satpoint. */
  satpoint(id: string): string {
    const row = this.locations.get(id);
    if (!row) throw new Error(`inscription ${id} has no location`);
    return `${row.satpoint.txid}:${row.satpoint.vout}:${row.satpoint.offset}`;
  }

  /** Ids on an output, in sequence order (ord get_inscriptions_on_output). */
  inscriptionsOn(txid: string, vout: number): string[] {
    return [...this.locations.values()]
      .filter(({ satpoint }) => satpoint.txid === txid && satpoint.vout === vout)
      .sort((a, b) => a.sequence - b.sequence)
      .map(({ id }) => id);
  }
}

export const UNBOUND = `${NULL_TXID}:0`;
export const LOST = `${NULL_TXID}:${0xffff_ffff}`;
