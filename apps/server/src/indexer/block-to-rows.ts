import { flowToOutputs, totalValue } from '@om/bitcoin';
import { txEnvelopes } from './envelopes.ts';
import { sortByOffset, type Flotsam } from './flotsam.ts';
import {
  NULL_TXID,
  type BlockRows,
  type ChainBlock,
  type ChainInput,
  type ChainTx,
  type IndexerCounters,
  type InscriptionOnOutput,
  type InscriptionsOnOutputs,
  type NetworkRules,
  type UtxoRow,
} from './indexer.types.ts';
import { subsidy } from './network-rules.ts';
import { placeInscription, type PlacementState } from './place-inscription.ts';
import { collectTxFlotsam } from './tx-flotsam.ts';

export interface IndexerState {
  counters: IndexerCounters;
  /** Inscriptions on the outputs this block spends (more entries are harmless). Not modified. */
  onOutputs: InscriptionsOnOutputs;
  rules: NetworkRules;
}

/** ord's OutPoint::null(): where inscriptions a coinbase does not claim are lost. */
const LOST_VOUT = 0xffff_ffff;

interface BlockIndexing extends PlacementState {
  onOutputs: InscriptionsOnOutputs;
  jubilant: boolean;
  /** Subsidy plus the fees of the transactions indexed so far (ord's `reward`). */
  reward: bigint;
  /** Inscriptions spent to fees, waiting for the coinbase (ord's `self.flotsam`). */
  feeFlotsam: Flotsam[];
}

function utxoRows(tx: ChainTx): UtxoRow[] {
  return tx.outputs.map(({ value, script, address }, vout) => ({
    txid: tx.txid,
    vout,
    value,
    script,
    address,
  }));
}

function spentInscriptions(block: BlockIndexing, input: ChainInput): InscriptionOnOutput[] {
  const key = `${input.prevTxid}:${input.prevVout}`;
  const createdInBlock = block.blockOutputs.get(key);
  if (createdInBlock) block.blockOutputs.delete(key);
  return createdInBlock ?? block.onOutputs.get(key) ?? [];
}

/** One non-coinbase transaction (ord InscriptionUpdater::index_inscriptions). */
function indexTransaction(block: BlockIndexing, tx: ChainTx): void {
  const totalInput = totalValue(tx.inputs);
  const totalOutput = totalValue(tx.outputs);
  const spent = tx.inputs.map((input) => spentInscriptions(block, input));
  const envelopes = txEnvelopes(tx);
  if (envelopes.length > 0 || spent.some((onOutput) => onOutput.length > 0)) {
    const flotsam = collectTxFlotsam({
      tx,
      spent,
      envelopes,
      totalOutput,
      jubilant: block.jubilant,
    });
    for (const { id, origin } of flotsam) if (origin.kind === 'new') block.pendingIds.add(id);
    const flow = flowToOutputs(sortByOffset(flotsam), tx.outputs);
    for (const { item, vout, offset } of flow.placed) {
      const satpoint = { txid: tx.txid, vout, offset };
      const output = tx.outputs[vout]!;
      placeInscription(block, item, { satpoint, output, txid: tx.txid, sentAsFee: false });
    }
    // Sats past the outputs are fees: they follow the fees already collected in the coinbase,
    // and take their OPI transfer order now (early_transfer_info).
    for (const item of flow.leftover) {
      const offset = block.reward + item.offset - totalOutput;
      block.feeFlotsam.push({ ...item, offset, feeOrder: block.nextOrder++ });
    }
  }
  block.reward += totalInput - totalOutput;
}

/**
 * The coinbase, indexed last: its input is the reward, so fee-spent inscriptions land in its
 * outputs, and what it does not claim is lost on the null outpoint (ord index_inscriptions with
 * `is_coinbase`; lost_sats grows by the unclaimed reward).
 */
function indexCoinbase(block: BlockIndexing, coinbase: ChainTx): void {
  const flow = flowToOutputs(sortByOffset(block.feeFlotsam), coinbase.outputs);
  for (const { item, vout, offset } of flow.placed) {
    const satpoint = { txid: coinbase.txid, vout, offset };
    placeInscription(block, item, {
      satpoint,
      output: coinbase.outputs[vout]!,
      txid: coinbase.txid,
      sentAsFee: true,
    });
  }
  const { counters } = block;
  for (const item of flow.leftover) {
    const offset = counters.lostSats + item.offset - flow.totalOutput;
    const satpoint = { txid: NULL_TXID, vout: LOST_VOUT, offset };
    placeInscription(block, item, {
      satpoint,
      output: null,
      txid: coinbase.txid,
      sentAsFee: true,
    });
  }
  // Never negative for a valid block; ord would underflow if its assumed subsidy were too small.
  const unclaimed = block.reward - flow.totalOutput;
  if (unclaimed > 0n) counters.lostSats += unclaimed;
}

/**
 * A block as rows: every output and spent outpoint, and, from the network's first inscription
 * height, every inscription revealed or moved, numbered and placed as ord does
 * (ord src/index/updater.rs: non-coinbase transactions in block order, then the coinbase).
 * Pure: the state is not modified.
 */
export function blockToRows(block: ChainBlock, state: IndexerState): BlockRows {
  const rows: BlockRows = {
    block: {
      height: block.height,
      hash: block.hash,
      previousHash: block.previousHash,
      time: block.time,
    },
    inscriptions: [],
    locations: [],
    createdUtxos: block.txs.flatMap(utxoRows),
    spentOutpoints: block.txs
      .slice(1)
      .flatMap((tx) => tx.inputs.map((input) => `${input.prevTxid}:${input.prevVout}`)),
    countersAfter: { ...state.counters },
    inscribedOutputs: new Map(),
  };
  const [coinbase, ...transactions] = block.txs;
  if (coinbase === undefined || block.height < state.rules.firstInscriptionHeight) return rows;

  const indexing: BlockIndexing = {
    block,
    counters: rows.countersAfter,
    inscriptions: rows.inscriptions,
    locations: rows.locations,
    blockOutputs: rows.inscribedOutputs,
    pendingIds: new Set(),
    nextOrder: 0,
    onOutputs: state.onOutputs,
    jubilant: block.height >= state.rules.jubileeHeight,
    reward: subsidy(block.height, state.rules.halvingInterval),
    feeFlotsam: [],
  };
  for (const tx of transactions) indexTransaction(indexing, tx);
  indexCoinbase(indexing, coinbase);
  return rows;
}
