import { type Edict, type RuneId } from '@om/bitcoin';
import { describe, expect, it } from 'vitest';
import { RUNE, RunesTestChain } from './runes-test-chain.ts';

// Supply is conserved through any edicts, splits, pointers, mints and cenotaphs: for every rune,
// the runes held by outputs plus those burned equal premine plus mints × amount (ord's
// RuneEntry::supply), and no output holds a zero balance. Seeded, so a failure can be replayed.
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

describe('applyRunesBlock: conservation', () => {
  it('holds over 40 random blocks of transfers, splits, mints and cenotaphs', () => {
    const random = seeded(7);
    const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]!;
    const chain = new RunesTestChain();
    const ids: RuneId[] = [RUNE, RUNE + 1n].map((rune, i) => {
      const etched = chain.etch(
        {
          edicts: [{ id: { block: 0, tx: 0 }, amount: 0n, output: 2 }],
          etching: {
            rune,
            premine: 1_000_003n * BigInt(i + 1),
            terms: {
              amount: 777n,
              cap: 30n,
              height: [undefined, undefined],
              offset: [undefined, undefined],
            },
            turbo: false,
          },
        },
        2,
      );
      return etched.id;
    });

    for (let block = 0; block < 40; block += 1) {
      const held = [...chain.balances.keys()];
      const txs = [];
      for (let t = 0; t < 1 + Math.floor(random() * 3); t += 1) {
        const inputs = held.length === 0 ? [] : [...new Set([pick(held), pick(held)])];
        for (const spent of inputs) held.splice(held.indexOf(spent), 1);
        const outputs = Math.floor(random() * 4);
        const edicts: Edict[] = Array.from({ length: Math.floor(random() * 4) }, () => ({
          id: pick(ids),
          amount: pick([0n, 1n, 333n, 1_000_000n, 10n ** 30n]),
          // Up to outputs + 1: the runestone itself, then the split index, then beyond (cenotaph).
          output: Math.floor(random() * (outputs + 3)),
        }));
        const pointer = random() < 0.3 ? Math.floor(random() * (outputs + 2)) : undefined;
        const mint = random() < 0.4 ? pick(ids) : undefined;
        const tx = chain.tx({
          inputs,
          outputs,
          runestone: random() < 0.9 ? { edicts, pointer, mint } : undefined,
        });
        txs.push(tx);
        // Later transactions in the block may spend this one's outputs.
        tx.outputs.forEach((_, vout) => random() < 0.3 && held.push(`${tx.txid}:${vout}`));
      }
      chain.mine(txs);

      for (const id of ids) {
        const key = `${id.block}:${id.tx}`;
        const entry = chain.entries.get(key)!;
        let total = 0n;
        for (const balances of chain.balances.values()) {
          const amount = balances.get(key);
          if (amount !== undefined) {
            expect(amount).toBeGreaterThan(0n);
            total += amount;
          }
        }
        expect(total + entry.burned, `rune ${key} after block ${block}`).toBe(
          entry.premine + entry.mints * 777n,
        );
      }
    }
    // The random walk reached the cases it is for.
    const entries = [...chain.entries.values()];
    expect(entries.some((e) => e.burned > 0n)).toBe(true);
    expect(entries.some((e) => e.mints > 0n)).toBe(true);
  });
});
