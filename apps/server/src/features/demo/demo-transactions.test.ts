import {
  addressToScript,
  compressedPublicKey,
  estimateRevealVsize,
  p2wpkhAddress,
} from '@om/bitcoin';
import { describe, expect, it } from 'vitest';
import { demoArtworks, demoCollections } from './demo-collections.ts';
import { demoInscriberKey, demoOwners, ownerOf } from './demo-owners.ts';
import {
  buildReveal,
  buildSplitTransaction,
  DEMO_FEE_RATE,
  DEMO_POSTAGE,
  fundingAmount,
  planCommits,
} from './demo-transactions.ts';

const owners = demoOwners();
const key = demoInscriberKey();
const fundingScript = addressToScript(
  p2wpkhAddress(compressedPublicKey(key), 'regtest'),
  'regtest',
) as Uint8Array;
const artworks = demoArtworks(demoCollections());
const plans = planCommits(
  artworks.map((artwork) => ({ artwork, owner: ownerOf(artwork.key, owners).address })),
  key,
);

describe('the demo inscription transactions', () => {
  it('plans one distinct commit per artwork, holding the postage and the reveal fee', () => {
    expect(plans).toHaveLength(artworks.length);
    expect(new Set(plans.map((p) => p.commit.address)).size).toBe(plans.length);
    for (const p of plans) {
      const vsize = estimateRevealVsize({
        inputs: [{ commit: p.commit }],
        outputs: [{ address: p.owner, value: DEMO_POSTAGE }],
        network: 'regtest',
      });
      expect(p.value).toBe(DEMO_POSTAGE + BigInt(vsize) * DEMO_FEE_RATE);
    }
  });

  it('splits one funding output into every commit, paying at least the fee rate', () => {
    const amount = fundingAmount(plans, fundingScript);
    const split = buildSplitTransaction({
      funding: { txid: 'ab'.repeat(32), vout: 1, value: amount },
      fundingScript,
      inscriberKey: key,
      plans,
    });
    expect(split.fee).toBe(amount - plans.reduce((sum, p) => sum + p.value, 0n));
    expect(split.fee).toBeGreaterThanOrEqual(BigInt(split.vsize) * DEMO_FEE_RATE);
    // Standard: far below the 400,000 weight units of MAX_STANDARD_TX_WEIGHT.
    expect(split.weight).toBeLessThan(100_000);
    for (const p of plans)
      expect(split.hex).toContain(Buffer.from(p.commit.script).toString('hex'));
  });

  it('reveals each commit to its owner at exactly the planned fee rate, envelope in the witness', () => {
    const reveals = plans.map((plan, vout) =>
      buildReveal(plan, { txid: 'cd'.repeat(32), vout, value: plan.value }, key),
    );
    reveals.forEach((reveal, i) => {
      const plan = plans[i]!;
      expect(reveal.fee).toBe(plan.value - DEMO_POSTAGE);
      expect(reveal.fee).toBe(BigInt(reveal.vsize) * DEMO_FEE_RATE);
      const firstChunk = plan.artwork.body.subarray(0, 520);
      expect(reveal.hex).toContain(Buffer.from(firstChunk).toString('hex'));
      const ownerScript = addressToScript(plan.owner, 'regtest') as Uint8Array;
      expect(reveal.hex).toContain(Buffer.from(ownerScript).toString('hex'));
    });
    // 150 reveals take under a fifth of a block's 4,000,000 weight units.
    expect(reveals.reduce((sum, r) => sum + r.weight, 0)).toBeLessThan(800_000);
  });

  it('spends a commit funded with more than planned, the surplus going to fees', () => {
    const plan = plans[0]!;
    const reveal = buildReveal(
      plan,
      { txid: 'ef'.repeat(32), vout: 3, value: plan.value + 500n },
      key,
    );
    expect(reveal.fee).toBe(plan.value + 500n - DEMO_POSTAGE);
  });
});
