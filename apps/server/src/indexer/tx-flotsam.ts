import { inscriptionId, type Envelope } from '@om/bitcoin';
import { curseOf, type PriorOnSat } from './curse.ts';
import { envelopeParents, envelopePointer } from './envelopes.ts';
import type { Flotsam, NewOrigin } from './flotsam.ts';
import type { ChainTx, InscriptionOnOutput } from './indexer.types.ts';

export interface TxFlotsamInput {
  tx: ChainTx;
  /** Inscriptions on each input's spent output, by input index. */
  spent: readonly (readonly InscriptionOnOutput[])[];
  envelopes: readonly Envelope[];
  totalOutput: bigint;
  /** At or after the jubilee a curse vindicates instead of giving a negative number. */
  jubilant: boolean;
}

/** Counts inscriptions per offset of the transaction's sats (ord's `inscribed_offsets`). */
function markInscribed(inscribed: Map<bigint, PriorOnSat>, offset: bigint, cursed: boolean): void {
  const prior = inscribed.get(offset);
  if (prior) prior.count += 1;
  else inscribed.set(offset, { count: 1, firstIsCursedOrVindicated: cursed });
}

/**
 * Every inscription the transaction moves or reveals, at its offset into the transaction's input
 * sats (ord src/index/updater/inscription_updater.rs, index_inscriptions, up to the sat flow).
 */
export function collectTxFlotsam(input: TxFlotsamInput): Flotsam[] {
  const { tx, spent, envelopes, totalOutput, jubilant } = input;
  const flotsam: Flotsam[] = [];
  const inscribed = new Map<bigint, PriorOnSat>();
  let totalInput = 0n;
  let next = 0; // ord's id_counter: envelopes are numbered across the whole transaction

  tx.inputs.forEach((txIn, index) => {
    const old = [...(spent[index] ?? [])].sort((a, b) => a.sequence - b.sequence);
    for (const { id, sequence, offset, isCursedOrVindicated } of old) {
      const at = totalInput + offset;
      flotsam.push({ id, offset: at, origin: { kind: 'old', sequence, isCursedOrVindicated } });
      markInscribed(inscribed, at, isCursedOrVindicated);
    }

    // New inscriptions go to the input's first sat unless a pointer aims inside the outputs.
    const firstSat = totalInput;
    totalInput += txIn.value;
    for (let envelope = envelopes[next]; envelope?.input === index; envelope = envelopes[++next]) {
      const curse = curseOf(envelope, inscribed.get(firstSat));
      const pointer = envelopePointer(envelope);
      const offset = pointer !== undefined && pointer < totalOutput ? pointer : firstSat;
      const origin: NewOrigin = {
        kind: 'new',
        genesisTxid: tx.txid,
        envelope,
        cursed: curse !== null && !jubilant,
        vindicated: curse !== null && jubilant,
        reinscription: inscribed.has(offset),
        unbound: txIn.value === 0n || envelope.fields.unrecognizedEvenField,
        parents: envelopeParents(envelope),
        fee: 0n,
      };
      flotsam.push({ id: inscriptionId(tx.txid, next), offset, origin });
      markInscribed(inscribed, offset, curse !== null);
    }
  });

  return finishNewOrigins(flotsam, totalInput - totalOutput, next);
}

/**
 * Parents count only if they are among the transaction's own inscriptions, once each; the fee is
 * shared evenly, rounding down (ord: `potential_parents`, "normalize over inscription size").
 */
function finishNewOrigins(flotsam: Flotsam[], fee: bigint, newCount: number): Flotsam[] {
  const potentialParents = new Set(flotsam.map((item) => item.id));
  return flotsam.map((item) => {
    if (item.origin.kind === 'old') return item;
    const parents = [...new Set(item.origin.parents)].filter((id) => potentialParents.has(id));
    return { ...item, origin: { ...item.origin, parents, fee: fee / BigInt(newCount) } };
  });
}
