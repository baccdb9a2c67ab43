/**
 * The conformance table's format (brc20-conformance.table.ts): a chain of blocks, each a list of
 * steps in transaction order, and the OPI event strings each block must produce. A runner
 * inscribes and sends on a real regtest chain (or synthetically, brc20-conformance.ts), then
 * compares the stored per-block hashes with those of the expected strings filled with the real
 * inscription ids and pkscripts.
 */

export type ConformanceActor = 'alice' | 'bob' | 'carol';

/** A new inscription by `actor`, landing on the actor's own address (pkscript `{pk:actor}`). */
export interface ConformanceInscribe {
  kind: 'inscribe';
  /** Names the inscription: `{id:label}` in the expected strings. Unique in the table. */
  label: string;
  contentType: string;
  /** The exact body, encoded as UTF-8 (no content-encoding). */
  body: string;
  /**
   * The reveal spends this earlier inscription of the same actor as its parent (ord's parent
   * tag), and gives it back to the actor.
   */
  parentLabel?: string;
  /**
   * Made cursed, e.g. as the second envelope of the reveal input (ord: NotAtOffsetZero; on
   * regtest, after the jubilee, it is 'vindicated' with a positive number). The first envelope is
   * then a plain-text filler that is no BRC-20 candidate.
   */
  cursed?: boolean;
  /** Inscribed straight to the fees: the inscription's sat is not on any output of the reveal. */
  asFee?: boolean;
}

/** `actor` spends the output holding `label` to another actor, to the fees, or to a bare `6a` output. */
export interface ConformanceSend {
  kind: 'send';
  label: string;
  to: ConformanceActor | 'fee' | 'op_return';
}

export interface ConformanceStep {
  actor: ConformanceActor;
  action: ConformanceInscribe | ConformanceSend;
  /** The rule this step exercises, and why it yields the events it does. */
  why: string;
}

export interface ConformanceBlock {
  title: string;
  /** In transaction order within the block; empty for an empty block (hashes ''). */
  steps: ConformanceStep[];
  /** OPI's event strings in order, with `{id:label}` and `{pk:actor}` placeholders. */
  expected: string[];
}
