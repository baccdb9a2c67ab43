/**
 * Runes as ord defines them (ordinals/ord, crates/ordinals/src/runestone.rs and friends), in our
 * types: u128 amounts and rune names are bigint, block heights and indexes are number. A runestone
 * is the OP_RETURN OP_13 output's payload; a malformed one is a cenotaph, which burns its inputs'
 * runes. These shapes are the contract between the decoder here and the runes index.
 */

/** A rune's id: the block it was etched in and the etching transaction's index there. */
export interface RuneId {
  block: number;
  tx: number;
}

/** A rune name with its spacers (bit i set: a '•' after the i-th letter). */
export interface SpacedRune {
  /** The name as a number (ord's Rune(u128)): A = 0, Z = 25, AA = 26, … */
  rune: bigint;
  spacers: number;
}

/** Open-mint terms: every field optional, as in ord. */
export interface Terms {
  /** Runes per mint. */
  amount?: bigint;
  /** Maximum number of mints. */
  cap?: bigint;
  /** Absolute mint window [start, end) by block height. */
  height: [start: bigint | undefined, end: bigint | undefined];
  /** Window relative to the etching block. */
  offset: [start: bigint | undefined, end: bigint | undefined];
}

export interface Etching {
  divisibility?: number;
  premine?: bigint;
  /** Absent: a reserved name is assigned (ord's Rune::reserved(block, tx)). */
  rune?: bigint;
  spacers?: number;
  /** One Unicode scalar value. */
  symbol?: string;
  terms?: Terms;
  turbo: boolean;
}

export interface Edict {
  id: RuneId;
  amount: bigint;
  output: number;
}

export interface Runestone {
  edicts: Edict[];
  etching?: Etching;
  mint?: RuneId;
  /** The output unallocated runes go to (default: the first non-OP_RETURN output). */
  pointer?: number;
}

/** ord's Flaw, one name each (what made a runestone a cenotaph). */
export type Flaw =
  | 'edict-output'
  | 'edict-rune-id'
  | 'invalid-script'
  | 'opcode'
  | 'supply-overflow'
  | 'trailing-integers'
  | 'truncated-field'
  | 'unrecognized-even-tag'
  | 'unrecognized-flag'
  | 'varint';

export interface Cenotaph {
  /** The name an etching would have taken: etched, with no supply. */
  etching?: bigint;
  flaw?: Flaw;
  mint?: RuneId;
}

/** What a transaction's runestone output says, if it has one (ord's Artifact). */
export type Artifact =
  { kind: 'runestone'; runestone: Runestone } | { kind: 'cenotaph'; cenotaph: Cenotaph };
