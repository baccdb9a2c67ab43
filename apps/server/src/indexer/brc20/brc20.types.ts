/**
 * The BRC-20 index's data (ADR 015), in the shapes of the reference indexer OPI
 * (bestinslot-xyz/OPI, modules/brc20_index): what the inscription index hands it per block
 * (Brc20Transfer, OPI-ord's `ord_transfers`), the state a block reads (Brc20State), and what the
 * pure block transition answers (Brc20BlockResult). Amounts are bigint scaled by 10^18 (OPI
 * utils.rs), whatever the ticker's decimals; pkscripts are lower-case hex, never addresses.
 */

/** OPI's event types, in its own spelling (they start each event string of the hash). */
export type Brc20EventType =
  'deploy-inscribe' | 'mint-inscribe' | 'transfer-inscribe' | 'transfer-transfer';

/**
 * One entry of OPI-ord's transfer log for a BRC-20 candidate (JSON content, text/plain or
 * application/json, not cursed for BRC-20, not unbound): its creation, or a later move, in OPI's
 * order within the block (an inscription spent as fee takes its place when spent, not when the
 * coinbase claims it). The follower passes every move of an inscription that is a valid, unused
 * transfer-inscribe; the rules ignore the rest.
 */
export interface Brc20Transfer {
  inscriptionId: string;
  /** 'inscribe' for the creation (OPI: no old satpoint), 'move' for a later transfer. */
  kind: 'inscribe' | 'move';
  /** Landed in the coinbase (spent as fee) or lost: OPI-ord's send_to_coinbase. */
  sentAsFee: boolean;
  /** Hex pkscript of the output it landed on; '' when sent as fee or lost. */
  pkscript: string;
  /** Only for 'inscribe': the parsed JSON object of the content (see brc20Candidate). */
  content?: Record<string, unknown>;
  /** Only for 'inscribe': the first parent ord validated, or null. */
  parent?: string | null;
}

export interface Brc20Ticker {
  /** Lower-cased tick: the ticker's identity. */
  tick: string;
  /** The deploy's own casing (its deploy-inscribe event prints it; later events print their own). */
  originalTick: string;
  maxSupply: bigint;
  limitPerMint: bigint;
  decimals: number;
  mintedSupply: bigint;
  burnedSupply: bigint;
  selfMint: boolean;
  deployInscriptionId: string;
  deployHeight: number;
  deployerPkscript: string;
}

export interface Brc20Balance {
  overall: bigint;
  available: bigint;
}

/** A valid transfer-inscribe: amount locked out of `sourcePkscript`'s available balance. */
export interface Brc20Transferable {
  inscriptionId: string;
  tick: string;
  /**
   * The transfer inscription's own `tick` casing: OPI prints it in the transfer-transfer event
   * (event_generator.rs brc20_transfer_transfer takes `original_ticker` from the moved content).
   */
  originalTick: string;
  amount: bigint;
  sourcePkscript: string;
}

/** What a block's transition reads; the follower loads exactly the keys the block touches. */
export interface Brc20State {
  /** By lower-cased tick. */
  tickers: Map<string, Brc20Ticker>;
  /** By `${pkscript};${tick}`; a missing key is a zero balance. */
  balances: Map<string, Brc20Balance>;
  /** Valid transfer-inscribes not yet moved, by inscription id. */
  transferables: Map<string, Brc20Transferable>;
}

export interface Brc20Event {
  type: Brc20EventType;
  inscriptionId: string;
  /**
   * Lower-cased tick, and the casing this event's own inscription wrote (the deploy's for a
   * deploy; a mint or transfer written 'OrDi' prints 'OrDi': event_generator.rs).
   */
  tick: string;
  originalTick: string;
  /** deploy: the deployer; mint: the minter; transfer-inscribe and -transfer: the source. */
  pkscript: string;
  /** transfer-transfer only: the receiver, '' when sent as fee ('6a' when burned). */
  spentPkscript?: string;
  /** mint (after clipping), transfer-inscribe and transfer-transfer. */
  amount?: bigint;
  /** deploy only. */
  maxSupply?: bigint;
  limitPerMint?: bigint;
  decimals?: number;
  selfMint?: boolean;
  /** mint only: the mint's parent, '' when none (OPI prints it for every mint). */
  parentId?: string;
  /** The ticker's decimals, for printing amounts in the event string. */
  tickerDecimals: number;
}

/** A block's effect: the events in order, and the state it leaves for the keys it touched. */
export interface Brc20BlockResult {
  events: Brc20Event[];
  /** Every ticker deployed or changed (minted or burned supply) by the block, as it is after it. */
  tickers: Map<string, Brc20Ticker>;
  /** Net change of each balance the block touched, by `${pkscript};${tick}`. */
  balanceDeltas: Map<string, Brc20Balance>;
  /** Transfer-inscribes made valid by the block. */
  newTransferables: Brc20Transferable[];
  /** Inscription ids of transferables moved (used up) by the block. */
  usedTransferables: string[];
}
