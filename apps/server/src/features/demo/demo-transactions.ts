import {
  buildEnvelopeScript,
  buildRevealTransaction,
  estimateRevealVsize,
  inscriptionCommitAddress,
  revealLeafScript,
  xOnlyPublicKey,
  type InscriptionCommit,
  type RevealTransaction,
} from '@om/bitcoin';
import type { DemoArtwork } from './demo-art.types.ts';

// The demo's transactions, built without I/O. One funding output is split into one commit output
// per inscription; once that split is mined, every reveal spends its own commit, so hundreds of
// reveals fit in the next block with no unconfirmed-ancestor limits in the way. A commit's address
// depends only on the inscriber key and the content, so an interrupted run's commits can be found.

/** sat/vB: above any regtest relay minimum, still cheap. */
export const DEMO_FEE_RATE = 2n;
/** The inscription's output value, as ord's default postage. */
export const DEMO_POSTAGE = 10_000n;

export type CommitPlan = {
  artwork: DemoArtwork;
  /** The address the reveal sends the inscription to. */
  owner: string;
  commit: InscriptionCommit;
  /** The commit output's value: the postage plus the reveal's fee. */
  value: bigint;
};

export type Outpoint = { txid: string; vout: number; value: bigint };

export function planCommits(
  artworks: readonly { artwork: DemoArtwork; owner: string }[],
  inscriberKey: Uint8Array,
): CommitPlan[] {
  const internalKey = xOnlyPublicKey(inscriberKey);
  return artworks.map(({ artwork, owner }) => {
    const envelope = buildEnvelopeScript({ contentType: artwork.contentType, body: artwork.body });
    const commit = inscriptionCommitAddress({
      internalKey,
      leafScript: revealLeafScript(internalKey, [envelope]),
      network: 'regtest',
    });
    const vsize = estimateRevealVsize({
      inputs: [{ commit }],
      outputs: [{ address: owner, value: DEMO_POSTAGE }],
      network: 'regtest',
    });
    return { artwork, owner, commit, value: DEMO_POSTAGE + BigInt(vsize) * DEMO_FEE_RATE };
  });
}

/** What the funding output must hold: every commit plus the split's own fee. */
export function fundingAmount(plans: readonly CommitPlan[], fundingScript: Uint8Array): bigint {
  const vsize = estimateRevealVsize({
    inputs: [{ script: fundingScript }],
    outputs: plans.map((p) => ({ script: p.commit.script, value: p.value })),
    network: 'regtest',
  });
  return plans.reduce((sum, p) => sum + p.value, 0n) + BigInt(vsize) * DEMO_FEE_RATE;
}

/** Spends the funding output (P2WPKH of the inscriber key) into the commits, output i for plan i. */
export function buildSplitTransaction(params: {
  funding: Outpoint;
  fundingScript: Uint8Array;
  inscriberKey: Uint8Array;
  plans: readonly CommitPlan[];
}): RevealTransaction {
  return buildRevealTransaction({
    inputs: [{ ...params.funding, script: params.fundingScript, privateKey: params.inscriberKey }],
    outputs: params.plans.map((p) => ({ script: p.commit.script, value: p.value })),
    network: 'regtest',
  });
}

/**
 * The reveal of one commit output: the inscription goes to its owner with the postage; the rest
 * of the output is the fee (exactly the planned rate for an output funded by the plan's value).
 */
export function buildReveal(
  plan: CommitPlan,
  commitOutput: Outpoint,
  inscriberKey: Uint8Array,
): RevealTransaction {
  return buildRevealTransaction({
    inputs: [{ ...commitOutput, commit: plan.commit, privateKey: inscriberKey }],
    outputs: [{ address: plan.owner, value: DEMO_POSTAGE }],
    network: 'regtest',
  });
}
