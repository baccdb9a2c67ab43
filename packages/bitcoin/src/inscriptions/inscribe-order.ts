import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToNumberBE, numberToBytesBE } from '@noble/curves/utils.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '../bytes.ts';
import type { BitcoinNetwork } from '../networks.ts';
import { dustThreshold, feeFor } from '../psbt/fees.ts';
import { scriptOfAddress } from '../psbt/codec.ts';
import { addressScript, derivedKeys } from './derived-keys.ts';
import { buildEnvelopeScript, revealLeafScript } from './envelope-script.ts';
import {
  buildRevealTransaction,
  estimateRevealVsize,
  InscribeError,
  inscriptionCommitAddress,
  type InscriptionCommit,
  type RevealOutput,
  type RevealTransaction,
} from './inscribe.ts';

// Our inscription service's orders (ADR 016). The charge address is the key-path
// taproot address of a key derived per order; once paid, the "commit" fans the payment out to one
// commit output per file (plus the service fee), and each file gets its own reveal: input 0, one
// envelope, no pointer, `postage` sats to the receiver. ord curses (and OPI then ignores) any
// inscription not the first envelope of input 0 at offset 0 or carrying a pointer, so a BRC-20
// mint must be alone in its reveal. Pure: the service funds, journals and broadcasts.

const ORDER_N = secp256k1.Point.CURVE().n;

/**
 * A platform key for one order of `purpose`: HMAC-SHA256(secret, "om/{purpose}/v1|{orderId}") as
 * a big-endian number modulo n, "|1", "|2"… appended in the 2⁻²⁵⁶ case it is 0. Never stored.
 */
export function deriveOrderKey(secret: Uint8Array, purpose: string, orderId: string): Uint8Array {
  if (secret.length !== 32) throw new Error('The cosigner secret must be 32 bytes');
  const message = `om/${purpose}/v1|${orderId}`;
  for (let attempt = 0; ; attempt++) {
    const suffix = attempt === 0 ? '' : `|${attempt}`;
    const scalar = bytesToNumberBE(hmac(sha256, secret, utf8ToBytes(message + suffix))) % ORDER_N;
    if (scalar !== 0n) return numberToBytesBE(scalar, 32);
  }
}

export type InscribeFile = { contentType: string; body: Uint8Array };

export type InscribeOrderPlan = {
  /** Key path of the order key: where the payer sends `amount`. */
  chargeAddress: string;
  chargeScript: Uint8Array;
  /** One commit (taproot leaf `<key> OP_CHECKSIG <envelope>`) per file. */
  commits: InscriptionCommit[];
  /** Per file: its reveal's vsize and fee, and what its commit output holds (postage + fee). */
  reveals: { vsize: number; fee: bigint; commitValue: bigint }[];
  serviceFee: { address: string; value: bigint } | undefined;
  /** The commit's vsize and fee when it spends one charge coin. */
  commitVsize: number;
  commitFee: bigint;
  postage: bigint;
  /** Commit fee + every reveal's fee. */
  chainFee: bigint;
  /** What the charge asks: chainFee + postage × files + service fee. */
  amount: bigint;
};

/** The commit of one file: its envelope alone in the leaf, the order key as internal key. */
export function fileCommit(
  privateKey: Uint8Array,
  file: InscribeFile,
  network: BitcoinNetwork,
): InscriptionCommit {
  const publicKey = derivedKeys(privateKey).xOnly.slice();
  const envelope = buildEnvelopeScript({ contentType: file.contentType, body: file.body });
  return inscriptionCommitAddress({
    internalKey: publicKey,
    leafScript: revealLeafScript(publicKey, [envelope]),
    network,
  });
}

/** The key-path taproot address (and script) of the order key: the charge address. */
export function chargeOf(
  privateKey: Uint8Array,
  network: BitcoinNetwork,
): { address: string; script: Uint8Array } {
  const keys = derivedKeys(privateKey);
  return { address: keys.taprootAddress(network), script: keys.taprootScript.slice() };
}

/**
 * The exact price of an order from its real transactions: every vsize is exact (taproot inputs,
 * 64-byte signatures). Throws InscribeError('invalid-address') for a receiver of another network.
 */
export function planInscribeOrder(params: {
  privateKey: Uint8Array;
  files: readonly InscribeFile[];
  receiveAddress: string;
  postage: bigint;
  feeRate: number;
  serviceFee: { address: string; value: bigint } | undefined;
  network: BitcoinNetwork;
}): InscribeOrderPlan {
  const { privateKey, files, receiveAddress, postage, feeRate, network } = params;
  if (files.length === 0) throw new InscribeError('no-outputs', 'An order needs a file');
  const charge = chargeOf(privateKey, network);
  const commits = files.map((file) => fileCommit(privateKey, file, network));
  const receiver: RevealOutput = { address: receiveAddress, value: postage };
  const reveals = commits.map((commit) => {
    const vsize = estimateRevealVsize({ inputs: [{ commit }], outputs: [receiver], network });
    const fee = feeFor(vsize, feeRate);
    return { vsize, fee, commitValue: postage + fee };
  });
  const serviceFee =
    params.serviceFee && params.serviceFee.value > 0n ? params.serviceFee : undefined;
  const commitVsize = estimateRevealVsize({
    inputs: [{ script: charge.script }],
    outputs: commitOutputs({ commits, reveals, serviceFee }),
    network,
  });
  const commitFee = feeFor(commitVsize, feeRate);
  const chainFee = commitFee + reveals.reduce((sum, r) => sum + r.fee, 0n);
  const total = postage * BigInt(files.length);
  return {
    chargeAddress: charge.address,
    chargeScript: charge.script,
    commits,
    reveals,
    serviceFee,
    commitVsize,
    commitFee,
    postage: total,
    chainFee,
    amount: chainFee + total + (serviceFee?.value ?? 0n),
  };
}

type PlanOutputs = Pick<InscribeOrderPlan, 'commits' | 'reveals' | 'serviceFee'>;

function commitOutputs(plan: PlanOutputs): RevealOutput[] {
  const outputs: RevealOutput[] = plan.commits.map((commit, i) => ({
    script: commit.script,
    value: plan.reveals[i]?.commitValue ?? 0n,
  }));
  return plan.serviceFee ? [...outputs, plan.serviceFee] : outputs;
}

type Coin = { txid: string; vout: number; value: bigint };

/**
 * The signed commit spending every charge coin: output i funds file i's reveal, then the service
 * fee. An excess worth its own output (after that output's fee, not dust) goes back to `change`;
 * a smaller one goes to the miner. Throws InscribeError('insufficient-funds') when the coins do not
 * cover the outputs and the fee of this many inputs (a payment in several parts pays more fee).
 */
export function buildInscribeCommit(params: {
  plan: PlanOutputs & { chargeScript: Uint8Array };
  privateKey: Uint8Array;
  coins: readonly Coin[];
  feeRate: number;
  change: string | undefined;
  network: BitcoinNetwork;
  /** false: unsigned, for its txid (buildRevealTransaction). */
  sign?: boolean;
}): RevealTransaction & { change: bigint } {
  const { plan, privateKey, coins, feeRate, network } = params;
  const sign = params.sign ?? true;
  const inputs = coins.map((coin) => ({ ...coin, script: plan.chargeScript, privateKey }));
  const outputs = commitOutputs(plan);
  const total = coins.reduce((sum, c) => sum + c.value, 0n);
  const spent = outputs.reduce((sum, o) => sum + o.value, 0n);
  const fee = feeFor(estimateRevealVsize({ inputs, outputs, network }), feeRate);
  if (total < spent + fee) {
    throw new InscribeError('insufficient-funds', `The payment holds ${total} of ${spent + fee}`);
  }
  if (params.change !== undefined && total > spent + fee) {
    const withChange = [...outputs, { address: params.change, value: 0n }];
    const changeFee = feeFor(
      estimateRevealVsize({ inputs, outputs: withChange, network }),
      feeRate,
    );
    const value = total - spent - changeFee;
    const changeScript =
      addressScript(params.change, network) ?? scriptOfAddress(params.change, network);
    if (value >= dustThreshold(changeScript)) {
      const tx = buildRevealTransaction({
        inputs,
        outputs: [...outputs, { address: params.change, value }],
        network,
        sign,
      });
      return { ...tx, change: value };
    }
  }
  return { ...buildRevealTransaction({ inputs, outputs, network, sign }), change: 0n };
}

/** File `index`'s reveal: its commit output as input 0, its postage to the receiver. */
export function buildInscribeReveal(params: {
  plan: PlanOutputs;
  index: number;
  privateKey: Uint8Array;
  commitTxid: string;
  receiveAddress: string;
  postage: bigint;
  network: BitcoinNetwork;
  /** false: unsigned, for its txid (buildRevealTransaction). */
  sign?: boolean;
}): RevealTransaction {
  const { plan, index } = params;
  const commit = plan.commits[index];
  const reveal = plan.reveals[index];
  if (!commit || !reveal) throw new RangeError(`No file ${index} in the order`);
  return buildRevealTransaction({
    inputs: [
      {
        txid: params.commitTxid,
        vout: index,
        value: reveal.commitValue,
        commit,
        privateKey: params.privateKey,
      },
    ],
    outputs: [{ address: params.receiveAddress, value: params.postage }],
    network: params.network,
    sign: params.sign ?? true,
  });
}

/**
 * Every coin of the charge address back to `to` by key path, less the fee at `feeRate`. Throws
 * InscribeError('dust-output') when the coins do not pay their own fee and a spendable output.
 */
export function buildChargeRefund(params: {
  privateKey: Uint8Array;
  coins: readonly Coin[];
  to: string;
  feeRate: number;
  network: BitcoinNetwork;
}): RevealTransaction {
  const { privateKey, coins, to, network } = params;
  if (coins.length === 0) throw new InscribeError('no-inputs', 'A refund needs a coin');
  const script = chargeOf(privateKey, network).script;
  const inputs = coins.map((coin) => ({ ...coin, script, privateKey }));
  const vsize = estimateRevealVsize({ inputs, outputs: [{ address: to, value: 0n }], network });
  const fee = feeFor(vsize, params.feeRate);
  const total = coins.reduce((sum, c) => sum + c.value, 0n);
  const value = total - fee;
  if (value < dustThreshold(scriptOfAddress(to, network))) {
    throw new InscribeError('dust-output', `${total} sats do not pay a refund's fee of ${fee}`);
  }
  return buildRevealTransaction({ inputs, outputs: [{ address: to, value }], network });
}
