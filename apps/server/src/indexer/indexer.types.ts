/**
 * The indexer's data, in three shapes: a block as the node gives it (ChainBlock), what the pure
 * transform needs to know from the database (IndexerState + InscriptionsOnOutputs), and the rows it
 * produces for one block (BlockRows). All amounts are bigint sats.
 */

export interface ChainInput {
  /** Spent outpoint; empty txid ('') and vout 0xffffffff for the coinbase. */
  prevTxid: string;
  prevVout: number;
  /** Value of the spent output (0n for the coinbase input). */
  value: bigint;
  /** Witness stack of the input (may be empty). */
  witness: Uint8Array[];
}

export interface ChainOutput {
  value: bigint;
  script: Uint8Array;
  /** Address of the script on this network, or null (OP_RETURN, bare multisig, nonstandard). */
  address: string | null;
}

export interface ChainTx {
  txid: string;
  inputs: ChainInput[];
  outputs: ChainOutput[];
}

export interface ChainBlock {
  height: number;
  hash: string;
  previousHash: string;
  /** Block time, unix seconds. */
  time: number;
  /** Coinbase first, as in the block. */
  txs: ChainTx[];
}

export type Charm = 'cursed' | 'vindicated' | 'unbound' | 'burned' | 'lost' | 'reinscription';

/** An inscription already indexed, as it sits on an output that this block may spend. */
export interface InscriptionOnOutput {
  id: string;
  sequence: number;
  /** Offset of its sat within the output. */
  offset: bigint;
  /** Cursed or vindicated: decides whether a reinscription of its sat is cursed (ord's rule). */
  isCursedOrVindicated: boolean;
}

/** Inscriptions on the outputs this block spends, keyed by "txid:vout". Prefetched by the caller. */
export type InscriptionsOnOutputs = Map<string, InscriptionOnOutput[]>;

/** Running counters, stored after every block so a rollback can restore them. */
export interface IndexerCounters {
  nextSequence: number;
  /** Blessed numbers count up from 0. */
  blessedCount: number;
  /** Cursed numbers are -(cursedCount + 1). */
  cursedCount: number;
  /** Sats lost to coinbases that did not claim the whole reward; offsets of lost inscriptions. */
  lostSats: bigint;
  /** Offsets of unbound inscriptions on the null outpoint. */
  unboundCount: number;
}

export interface NetworkRules {
  /** Height from which curses no longer give negative numbers (ord's jubilee). */
  jubileeHeight: number;
  /** Blocks between subsidy halvings: 210,000 on mainnet, testnet and signet; 150 on regtest. */
  halvingInterval: number;
  /** Below this height no inscriptions are indexed (ord's first_inscription_height). */
  firstInscriptionHeight: number;
}

export interface Satpoint {
  txid: string;
  vout: number;
  offset: bigint;
}

export interface NewInscriptionRow {
  id: string;
  number: number;
  sequence: number;
  genesisTxid: string;
  genesisHeight: number;
  genesisTime: number;
  /** (total input - total output) / number of envelopes in the transaction. */
  genesisFee: bigint;
  contentType: string | null;
  contentEncoding: string | null;
  metaprotocol: string | null;
  /** Raw body bytes (null for an inscription without body). */
  body: Uint8Array | null;
  /** Parents that were really spent in the reveal (ord keeps only those). */
  parents: string[];
  delegate: string | null;
  pointer: bigint | null;
  metadata: Uint8Array | null;
  properties: Uint8Array | null;
  charms: Charm[];
}

/** Where an inscription is after a transaction of this block moved (or created) it. */
export interface LocationRow {
  id: string;
  sequence: number;
  satpoint: Satpoint;
  /** Value of the output holding it (0n on the null outpoint: unbound or lost). */
  outputValue: bigint;
  /** Script address of that output, null for OP_RETURN (burned), unbound and lost. */
  address: string | null;
  /** The transaction that moved it here (the reveal for a new inscription). */
  txid: string;
  /** Charms gained in this move: 'burned' on OP_RETURN; 'lost' only for a new inscription (as ord). */
  addedCharms: Charm[];
  /** Placed by the coinbase: spent as fee, or lost (OPI-ord's sent_as_fee). */
  sentAsFee: boolean;
  /** The output's script when it has no address (OP_RETURN, nonstandard); null otherwise. */
  script: Uint8Array | null;
  /**
   * OPI-ord's transfer index within the block: placements count up in the order ord makes them,
   * but an inscription spent as fee takes its number when its transaction spends it
   * (inscription_updater.rs `early_transfer_info`), not when the coinbase places it.
   */
  order: number;
}

export interface UtxoRow {
  txid: string;
  vout: number;
  value: bigint;
  script: Uint8Array;
  address: string | null;
}

export interface BlockRows {
  block: { height: number; hash: string; previousHash: string; time: number };
  inscriptions: NewInscriptionRow[];
  /** Every move in block order, including the first placement of each new inscription. */
  locations: LocationRow[];
  /** Outputs created by this block (all of them; the store decides which to keep). */
  createdUtxos: UtxoRow[];
  /** Outpoints spent by this block, "txid:vout". */
  spentOutpoints: string[];
  countersAfter: IndexerCounters;
  /**
   * Outputs created by this block that hold inscriptions after it, as the store will answer them
   * once it is written: the next blocks can be computed while this one is being written.
   */
  inscribedOutputs: InscriptionsOnOutputs;
}

export const NULL_TXID = '0'.repeat(64);
