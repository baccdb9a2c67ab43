// Test only: a chain busy with inscriptions for the restart test: every block reveals several
// (some with many envelopes, pointers, several inputs, into fees, onto OP_RETURN, on sats already
// inscribed) and transfers several (merged, split, spent to fees); now and then a coinbase claims
// nothing, so inscriptions get lost. Seeded: the same seed builds the same kinds of blocks.
import type { EnvelopeContent } from '@om/bitcoin';
import {
  keyLock,
  OP_RETURN,
  reinscription,
  spend,
  template,
  type BuiltTx,
  type Coin,
  type Output,
} from './chain-builder.ts';
import type { ScenarioChain } from './scenario-chain.ts';

/** mulberry32: a tiny seeded PRNG. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    int,
    sats: (min: number, max: number) => BigInt(min + int(max - min)),
    chance: (p: number) => next() < p,
  };
}

const envelope = (n: number, pointer?: bigint): EnvelopeContent => ({
  contentType: 'text/plain;charset=utf-8',
  body: `inscription ${n}`,
  ...(pointer === undefined ? {} : { pointer }),
});

export interface BusyChainStats {
  blocks: number;
  reveals: number;
  envelopes: number;
  transfers: number;
}

/** Mines `blocks` busy blocks on the chain without indexing them (the caller syncs). */
export async function mineBusyChain(
  chain: ScenarioChain,
  blocks: number,
  seed: number,
): Promise<BusyChainStats> {
  const rand = random(seed);
  const owned: Coin[] = [];
  const stats: BusyChainStats = { blocks, reveals: 0, envelopes: 0, transfers: 0 };
  const take = () => owned.splice(rand.int(owned.length), 1)[0];
  const keep = (tx: BuiltTx, outputs: Output[]) =>
    outputs.forEach((o, vout) => 'lock' in o && owned.push(tx.coin(vout)));

  for (let b = 0; b < blocks; b++) {
    const txs: BuiltTx[] = [];
    for (let r = 1 + rand.int(4); r > 0; r--) {
      const count = 1 + rand.int(3);
      const value = rand.sats(2_000, 20_000);
      const pointer = rand.chance(0.2) ? BigInt(rand.int(Number(value))) : undefined;
      const envelopes = Array.from({ length: count }, (_, i) =>
        envelope(stats.envelopes + i, i === 0 ? pointer : undefined),
      );
      stats.envelopes += count;
      stats.reveals += 1;
      const reinscribed = rand.chance(0.15) ? take() : undefined;
      if (reinscribed) {
        const [commit, reveal] = reinscription(reinscribed, envelopes);
        txs.push(commit, reveal);
        owned.push(reveal.coin(0));
        continue;
      }
      const inputs = [chain.commitCoin(envelopes, value)];
      if (rand.chance(0.3)) inputs.push(chain.commitCoin([envelope(stats.envelopes++)], value));
      const total = inputs.reduce((sum, coin) => sum + coin.value, 0n);
      const fate = rand.int(10);
      const outputs: Output[] =
        fate === 0
          ? [{ script: OP_RETURN, value: 0n }]
          : fate === 1
            ? [{ script: OP_RETURN, value: total }]
            : fate < 5
              ? [
                  { lock: keyLock(), value: total / 2n },
                  { lock: keyLock(), value: total - total / 2n },
                ]
              : [{ lock: keyLock(), value: total }];
      const reveal = spend(inputs, outputs);
      txs.push(reveal);
      keep(reveal, outputs);
    }
    for (let t = rand.int(5); t > 0 && owned.length > 0; t--) {
      const inputs = [take()!];
      if (owned.length > 0 && rand.chance(0.4)) inputs.push(take()!);
      if (rand.chance(0.3)) inputs.push(chain.coin(rand.sats(1_000, 5_000)));
      const total = inputs.reduce((sum, coin) => sum + coin.value, 0n);
      const fee = rand.chance(0.15) ? total : rand.chance(0.3) ? total / 3n : 0n;
      // Up to three outputs of at least 1,000 sats (no dust); none when all goes to the fee.
      const parts = Math.min(1 + rand.int(3), Number((total - fee) / 1_000n));
      const values = Array.from({ length: parts }, () => (total - fee) / BigInt(parts));
      const transfer =
        parts === 0
          ? spend(inputs, [{ script: OP_RETURN, value: 0n }])
          : template(inputs, { outputValues: values });
      txs.push(transfer);
      if (parts > 0) values.forEach((_, vout) => owned.push(transfer.coin(vout)));
      stats.transfers += 1;
    }
    const lost = rand.chance(0.1);
    await chain.mine(txs, { sync: false, ...(lost ? { claim: ({ fees }) => fees / 2n } : {}) });
  }
  return stats;
}
