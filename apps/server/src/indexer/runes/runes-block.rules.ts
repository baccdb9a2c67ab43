import {
  type Artifact,
  type BitcoinNetwork,
  type Edict,
  isOpReturn,
  type Runestone,
} from '@om/bitcoin';
import { etchedRune, mintableAmount } from './runes-etching.rules.ts';
import {
  runeIdKey,
  type RuneEntry,
  type RuneEvent,
  type RunesBlockInput,
  type RunesBlockResult,
  type RunesState,
  type RunesTx,
} from './runes.types.ts';

/**
 * A block's rune transfers, mints, etchings and burns, transaction by transaction as ord's
 * RuneUpdater::index_runes (ordinals/ord, src/index/updater/rune_updater.rs). Pure: the store
 * loads what loadPlan lists, writes what this returns; nothing in `state` is changed.
 */

type Balances = Map<string, bigint>;

function add(balances: Balances, id: string, amount: bigint): void {
  balances.set(id, (balances.get(id) ?? 0n) + amount);
}

/** Rune id keys in ord's order (block, then tx), so outputs and events come out the same each run. */
function compareRuneIdKeys(a: string, b: string): number {
  const [ab, at] = a.split(':').map(Number) as [number, number];
  const [bb, bt] = b.split(':').map(Number) as [number, number];
  return ab - bb || at - bt;
}

class BlockRunes {
  readonly etched: RuneEntry[] = [];
  readonly supply = new Map<string, { mints: bigint; burned: bigint }>();
  readonly created = new Map<string, Balances>();
  readonly spent: string[] = [];
  readonly events: RuneEvent[] = [];
  private readonly entries: Map<string, RuneEntry>;
  private readonly names = new Set<bigint>();
  private readonly scripts = new Map<string, Uint8Array>();
  private nextNumber: number;

  constructor(
    private readonly input: RunesBlockInput,
    private readonly state: RunesState,
    private readonly network: BitcoinNetwork,
  ) {
    this.entries = new Map(state.entries);
    this.nextNumber = state.nextNumber;
  }

  private deltas(id: string): { mints: bigint; burned: bigint } {
    let deltas = this.supply.get(id);
    if (!deltas) {
      deltas = { mints: 0n, burned: 0n };
      this.supply.set(id, deltas);
    }
    return deltas;
  }

  /** The inputs' runes, taken off the outputs they sat on (ord's RuneUpdater::unallocated). */
  private unallocated(tx: RunesTx): Balances {
    const unallocated: Balances = new Map();
    for (const outpoint of tx.inputs) {
      const balances = this.created.get(outpoint) ?? this.state.balances.get(outpoint);
      if (!balances) continue;
      if (this.created.delete(outpoint) === false) this.spent.push(outpoint);
      for (const [id, amount] of balances) add(unallocated, id, amount);
    }
    return unallocated;
  }

  private mint(key: string): bigint | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const mintedHere = this.supply.get(key)?.mints ?? 0n;
    const amount = mintableAmount(entry, entry.mints + mintedHere, this.input.height);
    if (amount === undefined) return undefined;
    this.deltas(key).mints += 1n;
    return amount;
  }

  private isNameTaken(rune: bigint): boolean {
    return this.names.has(rune) || this.state.etchedNames.has(rune);
  }

  apply(tx: RunesTx, txIndex: number): void {
    const unallocated = this.unallocated(tx);
    const allocated: Balances[] = tx.outputs.map(() => new Map());
    if (tx.artifact) this.applyArtifact(tx, txIndex, tx.artifact, unallocated, allocated);
    const burned = this.leftovers(tx, unallocated, allocated);
    this.record(tx, allocated, burned);
    tx.outputs.forEach((output, vout) => this.scripts.set(`${tx.txid}:${vout}`, output.script));
  }

  /** ord's order: the mint, then the etching's name, then premine and edicts, then the entry. */
  private applyArtifact(
    tx: RunesTx,
    txIndex: number,
    artifact: Artifact,
    unallocated: Balances,
    allocated: Balances[],
  ): void {
    const mintId = artifact.kind === 'runestone' ? artifact.runestone.mint : artifact.cenotaph.mint;
    const minted = mintId && this.mint(runeIdKey(mintId));
    if (mintId && minted !== undefined) {
      const runeId = runeIdKey(mintId);
      add(unallocated, runeId, minted);
      this.events.push({ txid: tx.txid, kind: 'mint', runeId, amount: minted });
    }
    const rune = etchedRune(txIndex, tx, artifact, {
      network: this.network,
      height: this.input.height,
      isNameTaken: (name) => this.isNameTaken(name),
      prevout: (outpoint) => this.prevout(outpoint),
    });
    const etchedId =
      rune === undefined ? undefined : runeIdKey({ block: this.input.height, tx: txIndex });
    const runestone = artifact.kind === 'runestone' ? artifact.runestone : undefined;
    if (runestone) {
      if (etchedId) add(unallocated, etchedId, runestone.etching?.premine ?? 0n);
      for (const edict of runestone.edicts) {
        allocateEdict(edict, tx, etchedId, unallocated, allocated);
      }
    }
    if (rune !== undefined && etchedId) this.createEntry(tx, etchedId, rune, runestone);
  }

  /**
   * What no edict took: a cenotaph burns it all; otherwise it goes to the pointer, or the first
   * non-OP_RETURN output, or is burned when there is none. Answers the runes burned.
   */
  private leftovers(tx: RunesTx, unallocated: Balances, allocated: Balances[]): Balances {
    const burned: Balances = new Map();
    const { artifact } = tx;
    if (artifact?.kind === 'cenotaph') {
      for (const [id, amount] of unallocated) add(burned, id, amount);
      return burned;
    }
    const vout = artifact?.runestone.pointer ?? tx.outputs.findIndex((o) => !isOpReturn(o.script));
    for (const [id, amount] of unallocated) {
      if (amount > 0n) add(vout >= 0 ? allocated[vout]! : burned, id, amount);
    }
    return burned;
  }

  private prevout(outpoint: string): { script: Uint8Array; height: number } | undefined {
    // An output of this block has no confirmations to speak of: its height is this block's.
    const script = this.scripts.get(outpoint);
    if (script) return { script, height: this.input.height };
    return this.state.prevouts.get(outpoint);
  }

  private createEntry(
    tx: RunesTx,
    id: string,
    rune: bigint,
    runestone: Runestone | undefined,
  ): void {
    this.names.add(rune);
    // A cenotaph's etching takes the name with nothing else: no supply, no terms, no symbol.
    const etching = runestone?.etching;
    const entry: RuneEntry = {
      id,
      etching: tx.txid,
      spacedRune: { rune, spacers: etching?.spacers ?? 0 },
      number: this.nextNumber,
      divisibility: etching?.divisibility ?? 0,
      symbol: etching?.symbol,
      premine: etching?.premine ?? 0n,
      terms: etching?.terms,
      turbo: etching?.turbo ?? false,
      mints: 0n,
      burned: 0n,
      block: this.input.height,
      timestamp: this.input.timestamp,
    };
    this.nextNumber += 1;
    this.entries.set(id, entry);
    this.etched.push(entry);
    this.events.push({ txid: tx.txid, kind: 'etch', runeId: id, amount: entry.premine });
  }

  /** Outputs get their runes, OP_RETURN outputs burn theirs (ord's end of index_runes). */
  private record(tx: RunesTx, allocated: Balances[], burned: Balances): void {
    allocated.forEach((balances, vout) => {
      if (balances.size === 0) return;
      if (isOpReturn(tx.outputs[vout]!.script)) {
        for (const [id, amount] of balances) add(burned, id, amount);
        return;
      }
      const sorted = new Map([...balances].sort(([a], [b]) => compareRuneIdKeys(a, b)));
      this.created.set(`${tx.txid}:${vout}`, sorted);
      for (const [id, amount] of sorted) {
        this.events.push({ txid: tx.txid, kind: 'transfer', runeId: id, amount, vout });
      }
    });
    for (const [id, amount] of [...burned].sort(([a], [b]) => compareRuneIdKeys(a, b))) {
      // ord also reports a burn of 0 (a cenotaph's mint of amount 0): it changes nothing, left out.
      if (amount === 0n) continue;
      this.deltas(id).burned += amount;
      this.events.push({ txid: tx.txid, kind: 'burn', runeId: id, amount });
    }
  }
}

/** One edict, as ord: id 0:0 is the rune etched here, amount 0 is all, output == count splits. */
function allocateEdict(
  edict: Edict,
  tx: RunesTx,
  etchedId: string | undefined,
  unallocated: Balances,
  allocated: Balances[],
): void {
  const isEtchedRune = edict.id.block === 0 && edict.id.tx === 0;
  const id = isEtchedRune ? etchedId : runeIdKey(edict.id);
  if (id === undefined) return;
  let balance = unallocated.get(id);
  if (balance === undefined) return;
  const allocate = (amount: bigint, output: number) => {
    if (amount <= 0n) return;
    balance! -= amount;
    add(allocated[output]!, id, amount);
  };
  if (edict.output === tx.outputs.length) {
    const destinations = tx.outputs.flatMap((o, vout) => (isOpReturn(o.script) ? [] : [vout]));
    if (destinations.length > 0) {
      if (edict.amount === 0n) {
        // Everything, evenly; the first `remainder` outputs get one more.
        const count = BigInt(destinations.length);
        const share = balance / count;
        const remainder = balance % count;
        destinations.forEach((vout, i) =>
          allocate(BigInt(i) < remainder ? share + 1n : share, vout),
        );
      } else {
        for (const vout of destinations)
          allocate(edict.amount < balance ? edict.amount : balance, vout);
      }
    }
  } else {
    allocate(edict.amount === 0n || edict.amount > balance ? balance : edict.amount, edict.output);
  }
  unallocated.set(id, balance);
}

export function applyRunesBlock(
  input: RunesBlockInput,
  state: RunesState,
  network: BitcoinNetwork,
): RunesBlockResult {
  const block = new BlockRunes(input, state, network);
  input.txs.forEach((tx, txIndex) => block.apply(tx, txIndex));
  return {
    etched: block.etched,
    supply: block.supply,
    created: block.created,
    spent: block.spent,
    events: block.events,
  };
}

export { loadPlan } from './runes-load-plan.ts';
