/**
 * What the market needs from a chain (ADR 005, other networks), behind one interface: our node and
 * indexer (LocalChainSource), or an Esplora REST API with ord for inscriptions (EsploraChainSource).
 * Amounts are bigint sats; fee rates are sat/vB.
 */

export interface TxStatus {
  confirmed: boolean;
  blockHeight?: number;
  blockHash?: string;
  /** Unix seconds. */
  blockTime?: number;
}

export interface AddressUtxo {
  txid: string;
  vout: number;
  value: bigint;
  status: TxStatus;
}

export interface TxOutputDetails {
  /** Hex. */
  scriptPubKey: string;
  address: string | null;
  value: bigint;
}

export interface TxInputDetails {
  txid: string;
  vout: number;
  /** null for the coinbase input, or when the spent output is not known yet. */
  prevout: TxOutputDetails | null;
  /** Hex items. */
  witness: string[];
  sequence: number;
  isCoinbase: boolean;
}

/** A transaction as Esplora's /tx/:txid describes it. */
export interface TxDetails {
  txid: string;
  version: number;
  locktime: number;
  vin: TxInputDetails[];
  vout: TxOutputDetails[];
  size: number;
  weight: number;
  fee: bigint;
  status: TxStatus;
}

/** sat/vB, as mempool.space's /v1/fees/recommended names them. */
export interface RecommendedFees {
  fastestFee: number;
  halfHourFee: number;
  hourFee: number;
  economyFee: number;
  minimumFee: number;
}

export interface InscriptionLocation {
  inscriptionId: string;
  /** txid:vout:offset */
  satpoint: string;
  address: string | null;
  outputValue: bigint;
}

/** Where inscriptions are: our indexer's tables, or an ord server. */
export interface InscriptionLookup {
  /**
   * The inscription ids on each outpoint ("txid:vout"), in sat order. An outpoint the source cannot
   * vouch for (not indexed yet, or spending something unknown) is absent from the map: treat it as
   * possibly inscribed, never as safe to spend.
   */
  inscriptionsOnOutputs(outpoints: readonly string[]): Promise<Map<string, string[]>>;
  /** Where an inscription sits now; null when the source does not know it. */
  inscriptionLocation(inscriptionId: string): Promise<InscriptionLocation | null>;
}

/** Esplora's reading: what confirmed outputs hold, and what the mempool adds or takes away. */
export interface AddressBalance {
  confirmed: bigint;
  unconfirmed: bigint;
}

export interface ChainSource extends InscriptionLookup {
  tipHeight(): Promise<number>;
  addressBalance(address: string): Promise<AddressBalance>;
  /** Confirmed outputs not spent in the mempool, plus unconfirmed outputs from mempool txs. */
  addressUtxos(address: string): Promise<AddressUtxo[]>;
  /** Mempool transactions first, then confirmed ones newest first; capped as Esplora caps them. */
  addressTxs(address: string): Promise<TxDetails[]>;
  /** null for a transaction neither in the mempool nor in the chain. */
  txStatus(txid: string): Promise<TxStatus | null>;
  /** The transaction with its spent outputs and fee (our regtest transaction view); null as txStatus. */
  tx(txid: string): Promise<TxDetails | null>;
  recommendedFees(): Promise<RecommendedFees>;
  /** Answers the txid; a rejected transaction is a 400 'Transaction rejected: {reason}'. */
  broadcast(hex: string): Promise<string>;
}

/** Esplora's caps on /address/:address/txs. */
export const ADDRESS_TXS_MEMPOOL_CAP = 50;
export const ADDRESS_TXS_CHAIN_CAP = 25;

/** No estimate goes below 1 sat/vB (regtest has no estimates at all). */
export const FEE_RATE_FLOOR = 1;

/** Floors every rate and keeps them ordered fastest ≥ half hour ≥ hour ≥ economy ≥ minimum. */
export function orderedFees(rates: RecommendedFees): RecommendedFees {
  const minimumFee = Math.max(FEE_RATE_FLOOR, rates.minimumFee);
  const economyFee = Math.max(minimumFee, rates.economyFee);
  const hourFee = Math.max(economyFee, rates.hourFee);
  const halfHourFee = Math.max(hourFee, rates.halfHourFee);
  const fastestFee = Math.max(halfHourFee, rates.fastestFee);
  return { fastestFee, halfHourFee, hourFee, economyFee, minimumFee };
}
