import {
  type BitcoinNetwork,
  decipherRunestone,
  encipherRunestone,
  encodeScript,
  runeCommitment,
  type RuneId,
  type Runestone,
  RUNE_COMMIT_CONFIRMATIONS,
} from '@om/bitcoin';
import { applyRunesBlock, loadPlan } from './runes-block.rules.ts';
import {
  runeIdKey,
  type RuneEntry,
  type RunesBlockResult,
  type RunesState,
  type RunesTx,
} from './runes.types.ts';

/**
 * A chain for the runes rules' tests, in the manner of ord's test Context (ordinals/ord,
 * src/index/testing.rs): blocks are mined one by one, each block's state is loaded through
 * loadPlan only (so a load the plan forgets fails the tests), and each result is written back.
 */

/** ord's tests' rune: "AAAAAAAAAAAAA", open at any height. */
export const RUNE = 99246114928149462n;

const P2WPKH = Uint8Array.from([0x00, 0x14, ...Array<number>(20).fill(7)]);
const P2TR = Uint8Array.from([0x51, 0x20, ...Array<number>(32).fill(9)]);

export interface TxTemplate {
  inputs?: string[];
  /** Plain outputs before the runestone (ord's TransactionTemplate: default 1). */
  outputs?: number;
  runestone?: Runestone;
  /** An OP_RETURN script written as is, after the plain outputs. */
  opReturn?: Uint8Array;
  p2tr?: boolean;
  tapscripts?: (Uint8Array | undefined)[];
}

export class RunesTestChain {
  height = 0;
  readonly balances = new Map<string, Map<string, bigint>>();
  readonly entries = new Map<string, RuneEntry>();
  private readonly names = new Map<bigint, string>();
  private readonly outputs = new Map<string, { script: Uint8Array; height: number }>();
  private nextNumber = 0;
  private txCount = 0;

  constructor(readonly network: BitcoinNetwork = 'regtest') {}

  tx(template: TxTemplate = {}): RunesTx {
    this.txCount += 1;
    const plain = template.p2tr ? P2TR : P2WPKH;
    const scripts: Uint8Array[] = Array.from({ length: template.outputs ?? 1 }, () => plain);
    if (template.opReturn) scripts.push(template.opReturn);
    if (template.runestone) scripts.push(encipherRunestone(template.runestone));
    const outputs = scripts.map((script) => ({ script, value: 10_000n }));
    const inputs = template.inputs ?? [];
    return {
      txid: `tx${this.txCount}`,
      inputs,
      tapscripts: template.tapscripts ?? inputs.map(() => undefined),
      outputs,
      artifact: decipherRunestone({ outputs }),
    };
  }

  /** Mines a block: a coinbase at index 0, then `txs` (so the first one's rune id is height:1). */
  mine(txs: RunesTx[] = []): RunesBlockResult {
    this.height += 1;
    const coinbase = this.tx();
    const input = { height: this.height, timestamp: this.height, txs: [coinbase, ...txs] };
    const plan = loadPlan(input);
    const pick = <K, V>(keys: K[], from: Map<K, V>) =>
      new Map(keys.flatMap((k) => (from.has(k) ? [[k, from.get(k)!] as [K, V]] : [])));
    const state: RunesState = {
      balances: pick(plan.outpoints, this.balances),
      entries: pick(plan.runeIds, this.entries),
      etchedNames: pick(plan.names, this.names),
      prevouts: pick(plan.prevouts, this.outputs),
      nextNumber: this.nextNumber,
    };
    const result = applyRunesBlock(input, state, this.network);
    this.write(input.txs, result);
    return result;
  }

  mineEmpty(blocks: number): void {
    for (let i = 0; i < blocks; i += 1) this.mine();
  }

  private write(txs: RunesTx[], result: RunesBlockResult): void {
    for (const outpoint of result.spent) this.balances.delete(outpoint);
    for (const [outpoint, balances] of result.created) this.balances.set(outpoint, balances);
    for (const entry of result.etched) {
      this.entries.set(entry.id, { ...entry });
      this.names.set(entry.spacedRune.rune, entry.id);
      this.nextNumber = entry.number + 1;
    }
    for (const [id, { mints, burned }] of result.supply) {
      const entry = this.entries.get(id)!;
      this.entries.set(id, { ...entry, mints: entry.mints + mints, burned: entry.burned + burned });
    }
    for (const tx of txs) {
      tx.outputs.forEach((o, vout) =>
        this.outputs.set(`${tx.txid}:${vout}`, { script: o.script, height: this.height }),
      );
    }
  }

  /** A P2TR commit output, then the etching spending it RUNE_COMMIT_CONFIRMATIONS blocks deep (ord's Context::etch). */
  etch(runestone: Runestone, outputs = 1, confirmations = RUNE_COMMIT_CONFIRMATIONS) {
    const commit = this.tx({ p2tr: true });
    this.mine([commit]);
    this.mineEmpty(confirmations - 2);
    const rune = runestone.etching?.rune;
    const tapscript = rune === undefined ? new Uint8Array() : encodeScript([runeCommitment(rune)]);
    const tx = this.tx({
      inputs: [`${commit.txid}:0`],
      tapscripts: [tapscript],
      outputs,
      runestone,
    });
    const result = this.mine([tx]);
    const id: RuneId = { block: this.height, tx: 1 };
    return { txid: tx.txid, id, key: runeIdKey(id), result };
  }

  /** The whole index, as ord's Context::assert_runes compares it. */
  snapshot() {
    return {
      entries: [...this.entries.values()],
      balances: Object.fromEntries(
        [...this.balances].map(([outpoint, b]) => [outpoint, Object.fromEntries(b)]),
      ),
    };
  }
}

/** ord's RuneEntry { ..default() } for a rune etched by `txid` at `block`. */
export function runeEntry(
  id: RuneId,
  txid: string,
  fields: Partial<RuneEntry> & { rune?: bigint; spacers?: number } = {},
): RuneEntry {
  const { rune = RUNE, spacers = 0, ...rest } = fields;
  return {
    id: runeIdKey(id),
    etching: txid,
    spacedRune: { rune, spacers },
    number: 0,
    divisibility: 0,
    symbol: undefined,
    premine: 0n,
    terms: undefined,
    turbo: false,
    mints: 0n,
    burned: 0n,
    block: id.block,
    timestamp: id.block,
    ...rest,
  };
}
