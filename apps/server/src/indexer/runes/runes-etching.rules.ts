import {
  type Artifact,
  type BitcoinNetwork,
  equalBytes,
  isReservedRune,
  minimumRuneAtHeight,
  reservedRune,
  RUNE_COMMIT_CONFIRMATIONS,
  runeCommitment,
  scriptInstructions,
} from '@om/bitcoin';
import type { RuneEntry, RunesTx } from './runes.types.ts';

/**
 * Whether a transaction etches, and whether a mint is open: ord's RuneUpdater::etched,
 * ::tx_commits_to_rune and RuneEntry::mintable (ordinals/ord, src/index/updater/rune_updater.rs,
 * src/index/entry.rs), on data the store loaded.
 */

/** The name an etching asks for: the runestone's, or the cenotaph's (which etches it with no supply). */
export function requestedRune(artifact: Artifact): { named?: bigint } | undefined {
  if (artifact.kind === 'runestone') {
    const { etching } = artifact.runestone;
    return etching ? { named: etching.rune } : undefined;
  }
  return artifact.cenotaph.etching === undefined ? undefined : { named: artifact.cenotaph.etching };
}

/** Inputs whose tapscript pushes the name's commitment bytes (their prevouts decide the commit). */
export function committingInputs(tx: RunesTx, rune: bigint): number[] {
  const commitment = runeCommitment(rune);
  const inputs: number[] = [];
  tx.tapscripts.forEach((tapscript, index) => {
    if (!tapscript) return;
    for (const instruction of scriptInstructions(tapscript)) {
      // The witness script may be anything: stop at the first byte that does not parse.
      if ('error' in instruction) break;
      if ('push' in instruction && equalBytes(instruction.push, commitment)) {
        inputs.push(index);
        return;
      }
    }
  });
  return inputs;
}

function isP2tr(script: Uint8Array): boolean {
  return script.length === 34 && script[0] === 0x51 && script[1] === 0x20;
}

type Prevout = { script: Uint8Array; height: number } | undefined;

/** A committing input spends a taproot output confirmed RUNE_COMMIT_CONFIRMATIONS deep. */
function commitsToRune(
  tx: RunesTx,
  rune: bigint,
  height: number,
  prevout: (outpoint: string) => Prevout,
): boolean {
  return committingInputs(tx, rune).some((index) => {
    const outpoint = tx.inputs[index]!;
    const spent = prevout(outpoint);
    // ord stops when it cannot read the commit transaction; so do we: the loader missed it.
    if (!spent) throw new Error(`runes: prevout ${outpoint} of etching ${tx.txid} not loaded`);
    return isP2tr(spent.script) && height - spent.height + 1 >= RUNE_COMMIT_CONFIRMATIONS;
  });
}

export interface EtchingContext {
  network: BitcoinNetwork;
  height: number;
  isNameTaken: (rune: bigint) => boolean;
  prevout: (outpoint: string) => Prevout;
}

/** The rune this transaction etches, undefined when it etches none or its name is refused. */
export function etchedRune(
  txIndex: number,
  tx: RunesTx,
  artifact: Artifact,
  context: EtchingContext,
): bigint | undefined {
  const requested = requestedRune(artifact);
  if (!requested) return undefined;
  const { named } = requested;
  if (named === undefined) return reservedRune(context.height, txIndex);
  if (
    named < minimumRuneAtHeight(context.network, context.height) ||
    isReservedRune(named) ||
    context.isNameTaken(named) ||
    !commitsToRune(tx, named, context.height, context.prevout)
  ) {
    return undefined;
  }
  return named;
}

/** Runes one mint gives at `height`, or undefined when the terms forbid it (ord's RuneEntry::mintable). */
export function mintableAmount(
  entry: RuneEntry,
  mints: bigint,
  height: number,
): bigint | undefined {
  const { terms } = entry;
  if (!terms) return undefined;
  const block = BigInt(entry.block);
  const [offsetStart, offsetEnd] = terms.offset;
  const [heightStart, heightEnd] = terms.height;
  const start = pick(offsetStart === undefined ? undefined : block + offsetStart, heightStart, max);
  const end = pick(offsetEnd === undefined ? undefined : block + offsetEnd, heightEnd, min);
  const at = BigInt(height);
  if (start !== undefined && at < start) return undefined;
  if (end !== undefined && at >= end) return undefined;
  if (mints >= (terms.cap ?? 0n)) return undefined;
  return terms.amount ?? 0n;
}

const max = (a: bigint, b: bigint) => (a > b ? a : b);
const min = (a: bigint, b: bigint) => (a < b ? a : b);

function pick(
  relative: bigint | undefined,
  absolute: bigint | undefined,
  both: (a: bigint, b: bigint) => bigint,
): bigint | undefined {
  if (relative !== undefined && absolute !== undefined) return both(relative, absolute);
  return relative ?? absolute;
}
