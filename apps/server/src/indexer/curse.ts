import type { Envelope } from '@om/bitcoin';

/** ord src/index/updater/inscription_updater.rs `enum Curse`. */
export type Curse =
  | 'unrecognized-even-field'
  | 'duplicate-field'
  | 'incomplete-field'
  | 'not-in-first-input'
  | 'not-at-offset-zero'
  | 'pointer'
  | 'pushnum'
  | 'stutter'
  | 'reinscription';

/** What already sits on the sat a new envelope inscribes (ord's `inscribed_offsets` entry). */
export interface PriorOnSat {
  count: number;
  /** Whether the first inscription on that sat was cursed (negative number) or vindicated. */
  firstIsCursedOrVindicated: boolean;
}

/**
 * The first curse that applies, in ord's order (inscription_updater.rs, index_inscriptions).
 * A reinscription is not cursed when the sat held exactly one inscription and that one was itself
 * cursed or vindicated: the first "blessed" inscription on a cursed sat stays blessed.
 */
export function curseOf(envelope: Envelope, prior: PriorOnSat | undefined): Curse | null {
  const { fields } = envelope;
  if (fields.unrecognizedEvenField) return 'unrecognized-even-field';
  if (fields.duplicateField) return 'duplicate-field';
  if (fields.incompleteField) return 'incomplete-field';
  if (envelope.input !== 0) return 'not-in-first-input';
  if (envelope.offset !== 0) return 'not-at-offset-zero';
  // The raw field's presence curses, even when its value does not decode (ord: payload.pointer).
  if (fields.pointer !== undefined) return 'pointer';
  if (envelope.pushnum) return 'pushnum';
  if (envelope.stutter) return 'stutter';
  if (prior === undefined) return null;
  if (prior.count > 1 || !prior.firstIsCursedOrVindicated) return 'reinscription';
  return null;
}
