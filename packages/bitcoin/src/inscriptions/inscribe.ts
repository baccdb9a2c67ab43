import { schnorr } from '@noble/curves/secp256k1.js';
import { bech32m } from '@scure/base';
import { OutScript, p2tr, p2wpkh, SigHash, Transaction } from '@scure/btc-signer';
import { tapLeafHash } from '@scure/btc-signer/payment.js';
import { bytesToHex, equalBytes } from '../bytes.ts';
import { toXOnly } from '../keys.ts';
import { networkParams, type BitcoinNetwork } from '../networks.ts';
import { dustThreshold } from '../psbt/fees.ts';
import {
  addressScript,
  checkScriptOnce,
  derivedKeys,
  rememberValidScript,
  tweakPublicKey,
} from './derived-keys.ts';
import { encodeScript, OPCODE } from './tapscript.ts';

// Commit/reveal, as ord's wallet does it (src/wallet/batch): the commit pays a taproot output
// whose only leaf is `<pubkey> OP_CHECKSIG <envelopes>`; the reveal spends it by that script path,
// which puts the envelopes in the witness. Pure: the caller funds, broadcasts and mines.

/** BIP342 tapscript leaf version. */
export const TAPSCRIPT_LEAF_VERSION = 0xc0;

/** ord's reveal inputs signal RBF (Sequence::ENABLE_RBF_NO_LOCKTIME). */
const REVEAL_SEQUENCE = 0xfffffffd;

export type InscriptionCommit = {
  address: string;
  /** The commit output's scriptPubKey. */
  script: Uint8Array;
  internalKey: Uint8Array;
  leafScript: Uint8Array;
  /** BIP341 control block for spending `leafScript`. */
  controlBlock: Uint8Array;
  /** The same leaf in scure's PSBT form, for a wallet that signs the reveal as a PSBT. */
  tapLeafScript: NonNullable<ReturnType<typeof p2tr>['tapLeafScript']>;
};

/**
 * The taproot output committing to one leaf script. `internalKey` is x-only (or compressed); use
 * the leaf's own key so the commit can be recovered by key path, or an unspendable NUMS key.
 */
export function inscriptionCommitAddress(params: {
  internalKey: Uint8Array;
  leafScript: Uint8Array;
  network: BitcoinNetwork;
}): InscriptionCommit {
  const internalKey = toXOnly(params.internalKey);
  const { leafScript } = params;
  // What scure's p2tr(internalKey, leaf, network, true) answers, computed directly: p2tr lifted
  // the internal key and the output key onto the curve five times over, per commit. Its one check
  // of the leaf with allowUnknownOutputs: no standard output script other than a taproot one.
  const type = OutScript.decode(leafScript).type;
  if (type !== 'unknown' && type !== 'tr_ns' && type !== 'tr_ms') {
    throw new Error(`P2TR: invalid leaf script=${type}`);
  }
  const [outputKey, parity] = tweakPublicKey(
    internalKey,
    tapLeafHash(leafScript, TAPSCRIPT_LEAF_VERSION),
  );
  const script = Uint8Array.of(OPCODE.PUSHNUM_1, 32, ...outputKey);
  rememberValidScript(script);
  const controlBlock = {
    version: TAPSCRIPT_LEAF_VERSION + parity,
    internalKey: Uint8Array.from(internalKey),
    merklePath: [],
  };
  // The leaf may hold a whole file: copied, never spread.
  const leafWithVersion = new Uint8Array(leafScript.length + 1);
  leafWithVersion.set(leafScript);
  leafWithVersion[leafScript.length] = TAPSCRIPT_LEAF_VERSION;
  const hrp = networkParams(params.network).bech32;
  return {
    address: bech32m.encode(hrp, [1, ...bech32m.toWords(outputKey)], false),
    script,
    internalKey,
    leafScript,
    controlBlock: Uint8Array.of(controlBlock.version, ...internalKey),
    tapLeafScript: [[controlBlock, leafWithVersion]],
  };
}

type Outpoint = { txid: string; vout: number; value: bigint };

/** The commit output, spent by the script path; `privateKey` is the leaf's `<pubkey>`. */
export type CommitInput = Outpoint & { commit: InscriptionCommit; privateKey: Uint8Array };

/** A single-key output of `privateKey`, spent by P2TR key path (BIP86) or P2WPKH. */
export type KeyPathInput = Outpoint & { script: Uint8Array; privateKey: Uint8Array };

export type RevealInput = CommitInput | KeyPathInput;

export type RevealOutput =
  { address: string; value: bigint } | { script: Uint8Array; value: bigint };

export type RevealTransaction = {
  hex: string;
  txid: string;
  vsize: number;
  weight: number;
  fee: bigint;
};

export type InscribeErrorCode =
  | 'no-inputs'
  | 'no-outputs'
  | 'invalid-address'
  | 'dust-output'
  | 'insufficient-funds'
  | 'key-mismatch';

export class InscribeError extends Error {
  override readonly name = 'InscribeError';
  constructor(
    readonly code: InscribeErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Builds and signs the reveal: commit inputs by script path (witness `<sig> <leaf> <control
 * block>`), other inputs by key path, all SIGHASH_DEFAULT. The fee is what the inputs leave over;
 * outputs must not be dust (OP_RETURN aside). Throws InscribeError.
 */
export function buildRevealTransaction(params: {
  inputs: readonly RevealInput[];
  outputs: readonly RevealOutput[];
  network: BitcoinNetwork;
  lockTime?: number;
  /**
   * false: the transaction unsigned, for its txid (which no witness changes) and fee; `hex` is
   * then empty and vsize/weight are the signed sizes estimated. Sign it later by building it
   * again from the same inputs and outputs.
   */
  sign?: boolean;
}): RevealTransaction {
  const { inputs, outputs } = params;
  const tx = assemble(inputs, outputs, params.network, params.lockTime);
  const inputValue = inputs.reduce((sum, input) => sum + input.value, 0n);
  const outputValue = outputs.reduce((sum, output) => sum + output.value, 0n);
  if (outputValue > inputValue) {
    throw new InscribeError(
      'insufficient-funds',
      `Outputs ${outputValue} exceed inputs ${inputValue}`,
    );
  }
  if (params.sign === false) {
    const vsize = estimateRevealVsize({ inputs, outputs, network: params.network });
    return { hex: '', txid: tx.id, vsize, weight: vsize * 4, fee: inputValue - outputValue };
  }
  const prevoutScripts = inputs.map(spentScript);
  const amounts = inputs.map((input) => input.value);
  inputs.forEach((input, index) => {
    if ('commit' in input) signCommitInput(tx, index, input, prevoutScripts, amounts);
    else signKeyPathInput(tx, index, input, prevoutScripts, amounts);
  });
  const bytes = tx.extract();
  return { hex: bytesToHex(bytes), txid: tx.id, vsize: tx.vsize, weight: tx.weight, fee: tx.fee };
}

/**
 * The reveal's virtual size before signing, for fee math: exact for taproot inputs (64-byte
 * signatures), an upper bound for P2WPKH (71-byte low-R signature). Takes the reveal's own inputs
 * and outputs; values and keys are not needed.
 */
export function estimateRevealVsize(params: {
  inputs: readonly ({ commit: InscriptionCommit } | { script: Uint8Array })[];
  outputs: readonly RevealOutput[];
  network: BitcoinNetwork;
}): number {
  const { inputs, outputs } = params;
  if (inputs.length === 0) throw new InscribeError('no-inputs', 'A reveal needs an input');
  if (outputs.length === 0) throw new InscribeError('no-outputs', 'A reveal needs an output');
  // scure's Transaction.weight of these inputs and outputs with witnesses of the signed sizes,
  // counted rather than built (a build per estimate cost a pool's transfer ~1 ms): version and
  // lock time, the segwit marker and flag, each input's outpoint, empty scriptSig and sequence
  // and its witness, each output's amount and script.
  let weight = 4 * (4 + 4) + 2 + 4 * (sizeLength(inputs.length) + sizeLength(outputs.length));
  for (const input of inputs) {
    checkScriptOnce(spentScript(input));
    const witness = placeholderWitness(input);
    weight += 4 * (32 + 4 + 1 + 4) + sizeLength(witness.length);
    for (const item of witness) weight += sizeLength(item.length) + item.length;
  }
  for (const output of outputs) {
    const script = outputScript(output, params.network);
    checkScriptOnce(script);
    weight += 4 * (8 + sizeLength(script.length) + script.length);
  }
  return Math.ceil(weight / 4);
}

/** The bytes of a CompactSize count. */
function sizeLength(n: number): number {
  return n < 0xfd ? 1 : n <= 0xffff ? 3 : n <= 0xffffffff ? 5 : 9;
}

function assemble(
  inputs: readonly RevealInput[],
  outputs: readonly RevealOutput[],
  network: BitcoinNetwork,
  lockTime = 0,
): Transaction {
  if (inputs.length === 0) throw new InscribeError('no-inputs', 'A reveal needs an input');
  if (outputs.length === 0) throw new InscribeError('no-outputs', 'A reveal needs an output');
  // scure would check every script again at each update of the transaction: each is checked
  // once here (and once per process), the same check.
  const tx = new Transaction({
    version: 2,
    lockTime,
    allowUnknownOutputs: true,
    lowR: true,
    disableScriptCheck: true,
  });
  for (const input of inputs) {
    checkScriptOnce(spentScript(input));
    tx.addInput({
      txid: input.txid,
      index: input.vout,
      sequence: REVEAL_SEQUENCE,
      witnessUtxo: { script: spentScript(input), amount: input.value },
    });
  }
  for (const output of outputs) {
    const script = outputScript(output, network);
    checkScriptOnce(script);
    if (output.value < dustThreshold(script)) {
      throw new InscribeError('dust-output', `Output of ${output.value} sats is dust`);
    }
    tx.addOutput({ script, amount: output.value });
  }
  return tx;
}

function spentScript(input: { commit: InscriptionCommit } | { script: Uint8Array }): Uint8Array {
  return 'commit' in input ? input.commit.script : input.script;
}

function outputScript(output: RevealOutput, network: BitcoinNetwork): Uint8Array {
  if ('script' in output) return output.script;
  const script = addressScript(output.address, network);
  if (!script) {
    throw new InscribeError('invalid-address', `Not a ${network} address: ${output.address}`);
  }
  return script;
}

function signCommitInput(
  tx: Transaction,
  index: number,
  input: CommitInput,
  prevoutScripts: Uint8Array[],
  amounts: bigint[],
): void {
  const { leafScript, controlBlock } = input.commit;
  const expected = encodeScript([derivedKeys(input.privateKey).xOnly, { op: OPCODE.CHECKSIG }]);
  if (!equalBytes(leafScript.subarray(0, expected.length), expected)) {
    throw new InscribeError('key-mismatch', `Input ${index}: the leaf is not <key> OP_CHECKSIG`);
  }
  const sighash = tx.preimageWitnessV1(
    index,
    prevoutScripts,
    SigHash.DEFAULT,
    amounts,
    undefined,
    leafScript,
    TAPSCRIPT_LEAF_VERSION,
  );
  const signature = schnorr.sign(sighash, input.privateKey);
  tx.updateInput(index, { finalScriptWitness: [signature, leafScript, controlBlock] });
}

function signKeyPathInput(
  tx: Transaction,
  index: number,
  input: KeyPathInput,
  prevoutScripts: Uint8Array[],
  amounts: bigint[],
): void {
  const keys = derivedKeys(input.privateKey);
  if (equalBytes(input.script, keys.taprootScript)) {
    // BIP86 key path, as scure's signIdx signs it (SIGHASH_DEFAULT, tweaked key, fresh aux
    // randomness), with the tweaked secret derived once per key.
    const sighash = tx.preimageWitnessV1(index, prevoutScripts, SigHash.DEFAULT, amounts);
    const signature = schnorr.sign(sighash, keys.taprootSecret);
    tx.updateInput(index, { finalScriptWitness: [signature] });
    return;
  }
  if (!equalBytes(input.script, p2wpkh(keys.compressed).script)) {
    throw new InscribeError(
      'key-mismatch',
      `Input ${index} is no P2TR or P2WPKH output of the key`,
    );
  }
  tx.signIdx(input.privateKey, index);
  tx.finalizeIdx(index);
}

/** Witnesses of the sizes the signed ones will have. */
function placeholderWitness(input: { commit: InscriptionCommit } | { script: Uint8Array }) {
  if ('commit' in input) {
    return [new Uint8Array(64), input.commit.leafScript, input.commit.controlBlock];
  }
  const isTaproot = input.script.length === 34 && input.script[0] === OPCODE.PUSHNUM_1;
  return isTaproot ? [new Uint8Array(64)] : [new Uint8Array(71), new Uint8Array(33)];
}
