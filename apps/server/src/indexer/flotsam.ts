import type { Envelope } from '@om/bitcoin';

/** An inscription revealed by the transaction being indexed (ord inscription_updater.rs Origin::New). */
export interface NewOrigin {
  kind: 'new';
  genesisTxid: string;
  envelope: Envelope;
  cursed: boolean;
  vindicated: boolean;
  reinscription: boolean;
  unbound: boolean;
  /** Decoded parent ids; trimmed to the transaction's own inscriptions before placement. */
  parents: string[];
  fee: bigint;
}

/** An inscription that sat on an output this transaction spends (ord Origin::Old). */
export interface OldOrigin {
  kind: 'old';
  sequence: number;
  isCursedOrVindicated: boolean;
}

/** An inscription between its input and its output, at an offset into the transaction's sats. */
export interface Flotsam {
  id: string;
  offset: bigint;
  origin: NewOrigin | OldOrigin;
  /** Spent as fee: the transfer order it took when its transaction spent it (OPI-ord). */
  feeOrder?: number;
}

/** Stable sort by offset, like Rust's sort_by_key (ties keep input order). */
export function sortByOffset<T extends { offset: bigint }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => (a.offset < b.offset ? -1 : a.offset > b.offset ? 1 : 0));
}
