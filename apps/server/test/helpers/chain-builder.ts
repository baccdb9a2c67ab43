// Test only: real transactions for the indexer scenarios. Outputs are locked to keys we hold, so a
// test can reveal, transfer, merge, split and burn inscriptions with the values it chooses.
import {
  addressToScript,
  buildEnvelopeScript,
  buildRevealTransaction,
  bytesToHex,
  compressedPublicKey,
  inscriptionCommitAddress,
  OPCODE,
  p2trAddress,
  randomPrivateKey,
  revealLeafScript,
  xOnlyPublicKey,
  type EnvelopeContent,
  type EnvelopeScriptOptions,
  type InscriptionCommit,
} from '@om/bitcoin';
import { serializeTx, txidOf } from './raw-tx.ts';

export const COIN = 100_000_000n;
/** A bare OP_RETURN: what it receives is burned; with value 0 it is a valid output that holds no sat. */
export const OP_RETURN = Uint8Array.of(0x6a);

/**
 * How an output is spent: `key` by P2TR key path, `commit` by the script path of an inscription
 * commit (`<key> OP_CHECKSIG <envelopes>`, ord's layout), `open` by the script path of a leaf
 * ending in OP_TRUE: no signature, so such a transaction may create outputs of any value, 0 included.
 */
export type Lock =
  | { kind: 'key'; address: string; script: Uint8Array; privateKey: Uint8Array }
  | {
      kind: 'commit';
      address: string;
      script: Uint8Array;
      privateKey: Uint8Array;
      commit: InscriptionCommit;
    }
  | { kind: 'open'; address: string; script: Uint8Array; commit: InscriptionCommit };

export interface Coin {
  txid: string;
  vout: number;
  value: bigint;
  lock: Lock;
}

export type Output = { lock: Lock; value: bigint } | { script: Uint8Array; value: bigint };

export interface BuiltTx {
  txid: string;
  hex: string;
  /** Inputs minus outputs: what the miner may claim. */
  fee: bigint;
  /** Output `vout` as a coin to spend next (it must be locked to a Lock of ours). */
  coin(vout: number): Coin;
}

/** An envelope: content built with the shared options, or an envelope script built by the test. */
export type EnvelopeSpec = EnvelopeContent | Uint8Array;

export function keyLock(): Lock {
  const privateKey = randomPrivateKey();
  const address = p2trAddress(compressedPublicKey(privateKey), 'regtest');
  return { kind: 'key', address, script: scriptOf(address), privateKey };
}

function envelopeScripts(envelopes: EnvelopeSpec[], options?: EnvelopeScriptOptions) {
  return envelopes.map((e) => (e instanceof Uint8Array ? e : buildEnvelopeScript(e, options)));
}

/** ord's commit output: spending it reveals the envelopes (in one input, in this order). */
export function commitLock(envelopes: EnvelopeSpec[], options?: EnvelopeScriptOptions): Lock {
  const privateKey = randomPrivateKey();
  const internalKey = xOnlyPublicKey(privateKey);
  const leafScript = revealLeafScript(internalKey, envelopeScripts(envelopes, options));
  const commit = inscriptionCommitAddress({ internalKey, leafScript, network: 'regtest' });
  return { kind: 'commit', address: commit.address, script: commit.script, privateKey, commit };
}

/** A leaf `<envelopes> OP_TRUE`: spendable by anyone, revealing the envelopes when spent. */
export function openLock(envelopes: EnvelopeSpec[] = [], options?: EnvelopeScriptOptions): Lock {
  const leafScript = Uint8Array.from(
    [...envelopeScripts(envelopes, options), Uint8Array.of(OPCODE.PUSHNUM_1)].flatMap((b) => [
      ...b,
    ]),
  );
  const internalKey = xOnlyPublicKey(randomPrivateKey());
  const commit = inscriptionCommitAddress({ internalKey, leafScript, network: 'regtest' });
  return { kind: 'open', address: commit.address, script: commit.script, commit };
}

function scriptOf(address: string): Uint8Array {
  const script = addressToScript(address, 'regtest');
  if (!script) throw new Error(`not a regtest address: ${address}`);
  return script;
}

function outputScript(output: Output): Uint8Array {
  return 'lock' in output ? output.lock.script : output.script;
}

/**
 * Signs (or, for open inputs, simply assembles) a transaction. Inputs are all open, or none is:
 * signed ones go through the production builder, which refuses dust outputs other than OP_RETURN.
 */
export function spend(inputs: Coin[], outputs: Output[]): BuiltTx {
  const open = inputs.filter((input) => input.lock.kind === 'open').length;
  if (open > 0 && open < inputs.length) throw new Error('mixing open and signed inputs');
  const inputValue = inputs.reduce((sum, input) => sum + input.value, 0n);
  const outputValue = outputs.reduce((sum, output) => sum + output.value, 0n);
  const { txid, hex } = open > 0 ? assembleOpen(inputs, outputs) : sign(inputs, outputs);
  return {
    txid,
    hex,
    fee: inputValue - outputValue,
    coin: (vout) => {
      const output = outputs[vout];
      if (!output || !('lock' in output)) throw new Error(`output ${vout} is not ours`);
      return { txid, vout, value: output.value, lock: output.lock };
    },
  };
}

function sign(inputs: Coin[], outputs: Output[]) {
  const tx = buildRevealTransaction({
    inputs: inputs.map(({ txid, vout, value, lock }) => {
      if (lock.kind === 'commit') {
        return { txid, vout, value, commit: lock.commit, privateKey: lock.privateKey };
      }
      if (lock.kind === 'key') {
        return { txid, vout, value, script: lock.script, privateKey: lock.privateKey };
      }
      throw new Error('open inputs are not signed');
    }),
    outputs: outputs.map((output) => ({ script: outputScript(output), value: output.value })),
    network: 'regtest',
  });
  return { txid: tx.txid, hex: tx.hex };
}

function assembleOpen(inputs: Coin[], outputs: Output[]) {
  const raw = {
    version: 2,
    inputs: inputs.map(({ txid, vout, lock }) => {
      if (lock.kind !== 'open') throw new Error('not an open input');
      return {
        txid,
        vout,
        sequence: 0xfffffffd,
        witness: [lock.commit.leafScript, lock.commit.controlBlock],
      };
    }),
    outputs: outputs.map((output) => ({ value: output.value, script: outputScript(output) })),
    lockTime: 0,
  };
  return { txid: txidOf(raw), hex: bytesToHex(serializeTx(raw)) };
}

/**
 * ord's TransactionTemplate on real coins: `outputs` outputs (default 1) sharing inputs minus
 * `fee` evenly (the remainder goes to the fee too), or exactly `outputValues`, each to a new key.
 */
export function template(
  inputs: Coin[],
  opts: { fee?: bigint; outputs?: number; outputValues?: bigint[] } = {},
): BuiltTx {
  const { fee = 0n, outputs: count = 1 } = opts;
  const total = inputs.reduce((sum, input) => sum + input.value, 0n) - fee;
  const values = opts.outputValues ?? Array.from({ length: count }, () => total / BigInt(count));
  return spend(
    inputs,
    values.map((value) => ({ lock: keyLock(), value })),
  );
}

/**
 * Reinscribes the sats of `coin` as ord's wallet does: a commit moves the coin (and whatever it
 * carries) to a commit output, the reveal spends it into one output. Mine both, in this order.
 */
export function reinscription(
  coin: Coin,
  envelopes: EnvelopeSpec[],
  options?: EnvelopeScriptOptions,
): [commit: BuiltTx, reveal: BuiltTx] {
  const commit = spend([coin], [{ lock: commitLock(envelopes, options), value: coin.value }]);
  return [commit, template([commit.coin(0)])];
}
