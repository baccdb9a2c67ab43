import type { Artifact, RuneId, SpacedRune, Terms } from '@om/bitcoin';

/**
 * The runes index's data (issue 20): what a block's pure transition reads (RunesBlockInput and
 * RunesState, loaded by the store before the call) and what it answers (RunesBlockResult, written
 * by the store in the block's transaction). Ids are 'block:tx' strings (runeIdKey); outpoints are
 * 'txid:vout'; amounts are bigint in the rune's smallest unit.
 */

/** A rune as the index keeps it (ord's RuneEntry). */
export interface RuneEntry {
  id: string;
  /** The etching transaction. */
  etching: string;
  spacedRune: SpacedRune;
  number: number;
  divisibility: number;
  symbol?: string;
  premine: bigint;
  terms?: Terms;
  turbo: boolean;
  mints: bigint;
  burned: bigint;
  block: number;
  timestamp: number;
}

export interface RunesTx {
  txid: string;
  /** Previous outputs, 'txid:vout' (none for the coinbase). */
  inputs: string[];
  /** Each input's tapscript (the witness's second to last element when it spends by script), for etching commitments. */
  tapscripts: (Uint8Array | undefined)[];
  outputs: { script: Uint8Array; value: bigint }[];
  /** decipherRunestone's answer for this transaction (decoded once, before loading). */
  artifact?: Artifact;
}

export interface RunesBlockInput {
  height: number;
  /** The block's time, seconds. */
  timestamp: number;
  txs: RunesTx[];
}

/** What the store loaded for this block (only what the block's transactions touch). */
export interface RunesState {
  /** Rune balances of the block's inputs that hold runes (outputs made earlier in this block are the transition's own). */
  balances: Map<string, Map<string, bigint>>;
  /** Entries of every rune id the block's edicts and mints name. */
  entries: Map<string, RuneEntry>;
  /** Names already etched, among those the block's etchings ask for: rune → id. */
  etchedNames: Map<bigint, string>;
  /** For etching commitments: each input of an etching transaction, its spent output's script and confirmation height. */
  prevouts: Map<string, { script: Uint8Array; height: number }>;
  /** The next etched rune's number. */
  nextNumber: number;
}

export interface RuneEvent {
  txid: string;
  kind: 'etch' | 'mint' | 'transfer' | 'burn';
  runeId: string;
  amount: bigint;
  /** The output it went to (etch, mint, transfer). */
  vout?: number;
}

export interface RunesBlockResult {
  /** Runes etched in this block, in order. */
  etched: RuneEntry[];
  /** Mints and burns this block added to existing and new entries: id → deltas. */
  supply: Map<string, { mints: bigint; burned: bigint }>;
  /** Rune-bearing outputs this block created and did not spend itself: outpoint → id → amount. */
  created: Map<string, Map<string, bigint>>;
  /** Rune-bearing outputs of earlier blocks this block spent. */
  spent: string[];
  events: RuneEvent[];
}

export function runeIdKey(id: RuneId): string {
  return `${id.block}:${id.tx}`;
}
