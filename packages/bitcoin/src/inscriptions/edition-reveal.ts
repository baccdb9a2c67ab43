import { xOnlyPublicKey } from '../keys.ts';
import type { BitcoinNetwork } from '../networks.ts';
import { dustThreshold, feeFor } from '../psbt/fees.ts';
import { scriptOfAddress } from '../psbt/codec.ts';
import { buildEnvelopeScript, revealLeafScript } from './envelope-script.ts';
import {
  buildRevealTransaction,
  estimateRevealVsize,
  InscribeError,
  inscriptionCommitAddress,
  type InscriptionCommit,
  type RevealTransaction,
} from './inscribe.ts';
import { deriveOrderKey } from './inscribe-order.ts';

// Editions inscribed on demand (ADR 011): one reveal carries `count` delegate envelopes (ord tag
// 11, the original's id) in the single leaf `<key> OP_CHECKSIG <envelopes>`; envelope i points
// (tag 2) at sat i × postage, the first sat of output i, so edition i is `${revealTxid}i${i}` and
// sits alone on its own postage output. The key is derived per order and never stored.

/**
 * The platform's key of one edition order: HMAC-SHA256(secret, "om/edition-order/v1|{orderId}") as
 * a big-endian number modulo n; "|1", "|2"… appended in the 2⁻²⁵⁶ case that it is 0. Throws on a
 * secret that is not 32 bytes (a configuration error).
 */
export function deriveEditionOrderKey(secret: Uint8Array, orderId: string): Uint8Array {
  return deriveOrderKey(secret, 'edition-order', orderId);
}

/** Envelope i: only a delegate and, past the first (whose default is sat 0), a pointer. */
export function editionEnvelopes(originalId: string, count: number, postage: bigint): Uint8Array[] {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`Cannot inscribe ${count}`);
  return Array.from({ length: count }, (_, i) =>
    buildEnvelopeScript({
      delegate: originalId,
      pointer: i === 0 ? undefined : BigInt(i) * postage,
    }),
  );
}

/**
 * The commit of an order: the leaf above, with the same key as the taproot internal key so that
 * the platform can also spend (refund) the output by key path.
 */
export function editionCommit(params: {
  privateKey: Uint8Array;
  originalId: string;
  count: number;
  postage: bigint;
  network: BitcoinNetwork;
}): InscriptionCommit {
  const publicKey = xOnlyPublicKey(params.privateKey);
  const envelopes = editionEnvelopes(params.originalId, params.count, params.postage);
  return inscriptionCommitAddress({
    internalKey: publicKey,
    leafScript: revealLeafScript(publicKey, envelopes),
    network: params.network,
  });
}

export type EditionOutput = { address: string; value: bigint };

export type EditionRevealPlan = {
  /** Postage × count to the taker, then the creator's payout, then the platform fee. */
  outputs: EditionOutput[];
  revealVsize: number;
  revealFee: bigint;
  /** What the commit output must hold: every output plus the reveal's fee. */
  amount: bigint;
};

/**
 * The reveal's outputs and the commit amount that pays them and the reveal's own fee at `feeRate`
 * (the vsize is exact: one script-path input with a 64-byte signature). A creator payout of 0 is
 * left out; a smaller one than dust cannot be paid and throws InscribeError('dust-output'). The
 * platform fee comes already without dust (the caller drops it, as the market does).
 */
export function planEditionReveal(params: {
  commit: InscriptionCommit;
  count: number;
  postage: bigint;
  /** The taker's ordinals address, where every edition goes. */
  taker: string;
  creator: EditionOutput;
  platformFee: EditionOutput | undefined;
  feeRate: number;
  network: BitcoinNetwork;
}): EditionRevealPlan {
  const { commit, count, postage, taker, creator, platformFee, network } = params;
  const creatorDust = dustThreshold(scriptOfAddress(creator.address, network));
  if (creator.value > 0n && creator.value < creatorDust) {
    throw new InscribeError('dust-output', `A payout of ${creator.value} sats is dust`);
  }
  const outputs: EditionOutput[] = [
    ...Array.from({ length: count }, () => ({ address: taker, value: postage })),
    ...(creator.value > 0n ? [creator] : []),
    ...(platformFee ? [platformFee] : []),
  ];
  const revealVsize = estimateRevealVsize({ inputs: [{ commit }], outputs, network });
  const revealFee = feeFor(revealVsize, params.feeRate);
  const amount = outputs.reduce((sum, o) => sum + o.value, 0n) + revealFee;
  return { outputs, revealVsize, revealFee, amount };
}

/**
 * Signs the reveal spending the commit output `utxo` by its script path. A commit holding more
 * than `amount` (a payment by hand) returns the excess to `change` when that output is worth
 * making after its own fee; otherwise the excess goes to the miner. Throws InscribeError.
 */
export function buildEditionReveal(params: {
  commit: InscriptionCommit;
  privateKey: Uint8Array;
  utxo: { txid: string; vout: number; value: bigint };
  outputs: readonly EditionOutput[];
  amount: bigint;
  feeRate: number;
  change?: string;
  network: BitcoinNetwork;
}): RevealTransaction {
  const { commit, privateKey, utxo, outputs, network } = params;
  if (utxo.value < params.amount) {
    throw new InscribeError(
      'insufficient-funds',
      `The commit holds ${utxo.value} of ${params.amount}`,
    );
  }
  const change =
    params.change !== undefined && utxo.value > params.amount
      ? changeOutput({ ...params, address: params.change })
      : undefined;
  return buildRevealTransaction({
    inputs: [{ ...utxo, commit, privateKey }],
    outputs: change ? [...outputs, change] : outputs,
    network,
  });
}

/** The excess of an overpaid commit, less the fee of its own output, unless that is dust. */
function changeOutput(params: {
  commit: InscriptionCommit;
  utxo: { value: bigint };
  outputs: readonly EditionOutput[];
  feeRate: number;
  address: string;
  network: BitcoinNetwork;
}): EditionOutput | undefined {
  const { commit, address, network } = params;
  const outputs = [...params.outputs, { address, value: 0n }];
  const vsize = estimateRevealVsize({ inputs: [{ commit }], outputs, network });
  const spent = params.outputs.reduce((sum, o) => sum + o.value, 0n);
  const value = params.utxo.value - spent - feeFor(vsize, params.feeRate);
  return value >= dustThreshold(scriptOfAddress(address, network)) ? { address, value } : undefined;
}
