import { schnorr } from '@noble/curves/secp256k1.js';
import { p2tr, p2wpkh, SigHash, TaprootControlBlock, Transaction } from '@scure/btc-signer';
import { addressToScript } from '../address.ts';
import { bytesToHex, equalBytes } from '../bytes.ts';
import { compressedPublicKey, toXOnly, xOnlyPublicKey } from '../keys.ts';
import { networkParams, type BitcoinNetwork } from '../networks.ts';
import { dustThreshold } from '../psbt/fees.ts';
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
  const leaf = { script: params.leafScript, leafVersion: TAPSCRIPT_LEAF_VERSION };
  // The envelope leaf is no standard template, hence allowUnknownOutputs.
  const payment = p2tr(internalKey, leaf, networkParams(params.network), true);
  const tapLeafScript = payment.tapLeafScript ?? [];
  const [tapLeaf] = tapLeafScript;
  if (!tapLeaf) throw new Error('p2tr returned no leaf');
  return {
    address: payment.address,
    script: payment.script,
    internalKey,
    leafScript: params.leafScript,
    controlBlock: TaprootControlBlock.encode(tapLeaf[0]),
    tapLeafScript,
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
  const prevoutScripts = inputs.map(spentScript);
  const amounts = inputs.map((input) => input.value);
  inputs.forEach((input, index) => {
    if ('commit' in input) signCommitInput(tx, index, input, prevoutScripts, amounts);
    else signKeyPathInput(tx, index, input);
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
  const placeholders = params.inputs.map((input, i) => ({
    txid: '00'.repeat(32),
    vout: i,
    value: 0n,
    ...input,
    privateKey: new Uint8Array(),
  }));
  const outputs = params.outputs.map((output) => ({ ...output, value: 0n }));
  const tx = assemble(placeholders, outputs, params.network, 0, false);
  placeholders.forEach((input, index) => {
    tx.updateInput(index, { finalScriptWitness: placeholderWitness(input) });
  });
  return tx.vsize;
}

function assemble(
  inputs: readonly RevealInput[],
  outputs: readonly RevealOutput[],
  network: BitcoinNetwork,
  lockTime = 0,
  checkDust = true,
): Transaction {
  if (inputs.length === 0) throw new InscribeError('no-inputs', 'A reveal needs an input');
  if (outputs.length === 0) throw new InscribeError('no-outputs', 'A reveal needs an output');
  const tx = new Transaction({ version: 2, lockTime, allowUnknownOutputs: true, lowR: true });
  for (const input of inputs) {
    tx.addInput({
      txid: input.txid,
      index: input.vout,
      sequence: REVEAL_SEQUENCE,
      witnessUtxo: { script: spentScript(input), amount: input.value },
    });
  }
  for (const output of outputs) {
    const script = outputScript(output, network);
    if (checkDust && output.value < dustThreshold(script)) {
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
  const script = addressToScript(output.address, network);
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
  const expected = encodeScript([xOnlyPublicKey(input.privateKey), { op: OPCODE.CHECKSIG }]);
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

function signKeyPathInput(tx: Transaction, index: number, input: KeyPathInput): void {
  const publicKey = compressedPublicKey(input.privateKey);
  const internalKey = toXOnly(publicKey);
  if (equalBytes(input.script, p2tr(internalKey).script)) {
    tx.updateInput(index, { tapInternalKey: internalKey });
  } else if (!equalBytes(input.script, p2wpkh(publicKey).script)) {
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
