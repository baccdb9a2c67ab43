import { runeIdKey, type RunesBlockInput } from './runes.types.ts';
import { committingInputs, requestedRune } from './runes-etching.rules.ts';

/**
 * What the store must load before applyRunesBlock (ord reads these from its tables and from
 * bitcoind as it goes): listed here, next to the rules that read them, so a rule and its load
 * cannot drift apart.
 */
export interface RunesLoadPlan {
  /** Inputs spending outputs of earlier blocks: their rune balances (state.balances). */
  outpoints: string[];
  /** Runes named by mints and edicts: their entries (state.entries). */
  runeIds: string[];
  /** Names etchings ask for: whether already taken (state.etchedNames). */
  names: bigint[];
  /** Outputs of earlier blocks spent by inputs that push an etching's commitment (state.prevouts). */
  prevouts: string[];
}

export function loadPlan(input: RunesBlockInput): RunesLoadPlan {
  const createdHere = new Set<string>();
  const outpoints = new Set<string>();
  const runeIds = new Set<string>();
  const names = new Set<bigint>();
  const prevouts = new Set<string>();
  for (const tx of input.txs) {
    for (const outpoint of tx.inputs) if (!createdHere.has(outpoint)) outpoints.add(outpoint);
    const { artifact } = tx;
    if (artifact) {
      const mint = artifact.kind === 'runestone' ? artifact.runestone.mint : artifact.cenotaph.mint;
      if (mint) runeIds.add(runeIdKey(mint));
      if (artifact.kind === 'runestone') {
        for (const { id } of artifact.runestone.edicts) {
          // 0:0 names the rune this transaction etches, which no table holds yet.
          if (id.block !== 0 || id.tx !== 0) runeIds.add(runeIdKey(id));
        }
      }
      const named = requestedRune(artifact)?.named;
      if (named !== undefined) {
        names.add(named);
        for (const index of committingInputs(tx, named)) {
          const outpoint = tx.inputs[index]!;
          if (!createdHere.has(outpoint)) prevouts.add(outpoint);
        }
      }
    }
    tx.outputs.forEach((_, vout) => createdHere.add(`${tx.txid}:${vout}`));
  }
  return {
    outpoints: [...outpoints],
    runeIds: [...runeIds],
    names: [...names],
    prevouts: [...prevouts],
  };
}
