// Test only: real runes transactions on the scenario chain. An etching reveals its name's
// commitment in a tapscript (the commit output is `<key> OP_CHECKSIG OP_FALSE OP_IF <commitment>
// OP_ENDIF`, spent by script path), as ord's wallet etches; runestones are enciphered by ours.
import {
  encipherRunestone,
  parseSpacedRune,
  runeCommitment,
  type Runestone,
  type SpacedRune,
} from '@om/bitcoin';
import { expect } from 'vitest';
import { indexRunes } from '../../src/indexer/runes/runes-follower.ts';
import { commitLock, spend, type BuiltTx, type Coin, type Lock } from './chain-builder.ts';
import type { ScenarioChain } from './scenario-chain.ts';
import type { TestApp } from './test-app.ts';

const OP_FALSE = 0x00;
const OP_IF = 0x63;
const OP_ENDIF = 0x68;

/** A rune-bearing output's value: above every dust limit. */
export const RUNE_OUTPUT = 10_000n;

export function spacedRune(name: string): SpacedRune {
  const parsed = parseSpacedRune(name);
  if ('error' in parsed) throw new Error(`not a rune name: ${name}`);
  return parsed;
}

/** The commit output of an etching: spending it pushes the name's commitment in its tapscript. */
export function runeCommitLock(rune: bigint): Lock {
  const commitment = runeCommitment(rune);
  const envelope = Uint8Array.of(OP_FALSE, OP_IF, commitment.length, ...commitment, OP_ENDIF);
  return commitLock([envelope]);
}

/**
 * A fee-free transaction from `inputs` to `to` (their value shared evenly, one output each), the
 * runestone (or a script given as is) last.
 */
export function runesTx(inputs: Coin[], to: Lock[], runestone: Runestone | Uint8Array): BuiltTx {
  const script = runestone instanceof Uint8Array ? runestone : encipherRunestone(runestone);
  const value = inputs.reduce((sum, coin) => sum + coin.value, 0n) / BigInt(to.length);
  return spend(inputs, [...to.map((lock) => ({ lock, value })), { script, value: 0n }]);
}

/** Every database indexes runes up to the inscription index's tip. */
export async function indexRunesEverywhere(chain: ScenarioChain): Promise<void> {
  for (const db of chain.dbs()) {
    const run = await indexRunes(db, chain.rpc, 'regtest');
    expect(run.isAtTip).toBe(true);
  }
}

/** Mines `txs` in one block, then indexes runes everywhere. */
export async function mineRunes(chain: ScenarioChain, txs: BuiltTx[]): Promise<void> {
  await chain.mine(txs);
  await indexRunesEverywhere(chain);
}

/** The app of the scenario's first database, for calls that write (they run on one app). */
export function firstApp(chain: ScenarioChain): TestApp {
  // `indexes` is protected for the scenario tests' reads; a send signs in on one app alone.
  const [first] = (chain as unknown as { indexes: { t: TestApp }[] }).indexes;
  if (!first) throw new Error('no database');
  return first.t;
}

/** A trading test wallet as a chain-builder lock, so that scenario transactions pay it. */
export function walletLock(wallet: { address: string; script: Uint8Array; key: Uint8Array }): Lock {
  return { kind: 'key', address: wallet.address, script: wallet.script, privateKey: wallet.key };
}

/** Mines the node's mempool transactions `txids` in one block, then indexes it everywhere. */
export async function mineMempoolRunes(chain: ScenarioChain, txids: string[]): Promise<void> {
  await chain.mine([], { sync: false });
  await chain.rpc.call('generateblock', [chain.miner.address, txids]);
  await chain.sync();
  await indexRunesEverywhere(chain);
}
