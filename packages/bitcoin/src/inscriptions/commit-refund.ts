import { p2tr, Transaction } from '@scure/btc-signer';
import { addressToScript } from '../address.ts';
import { bytesToHex, equalBytes } from '../bytes.ts';
import { xOnlyPublicKey } from '../keys.ts';
import { networkParams, type BitcoinNetwork } from '../networks.ts';
import { dustThreshold, feeFor } from '../psbt/fees.ts';
import {
  InscribeError,
  TAPSCRIPT_LEAF_VERSION,
  type InscriptionCommit,
  type RevealTransaction,
} from './inscribe.ts';

// A commit that will never be revealed (an edition order paid too little, or paid after it
// expired: ADR 011) goes back whole to one address. Its internal key is the leaf's own key, so the
// platform spends it by key path, tweaked with the leaf's merkle root: the witness is one 64-byte
// signature and no envelope is ever published.

type Coin = { txid: string; vout: number; value: bigint };

/**
 * Signs the transaction sending every coin of the commit address `commit` to `to`, less its fee at
 * `feeRate` (the vsize is exact: key-path inputs). Throws InscribeError: 'key-mismatch' when the
 * key is not the commit's, 'dust-output' when the coins do not cover their own fee and a spendable
 * output, 'no-inputs' without coins, 'invalid-address' for a `to` of another network.
 */
export function buildCommitRefund(params: {
  commit: InscriptionCommit;
  privateKey: Uint8Array;
  coins: readonly Coin[];
  to: string;
  feeRate: number;
  network: BitcoinNetwork;
}): RevealTransaction {
  const { commit, privateKey, coins, network } = params;
  if (coins.length === 0) throw new InscribeError('no-inputs', 'A refund needs a coin');
  const leaf = { script: commit.leafScript, leafVersion: TAPSCRIPT_LEAF_VERSION };
  const payment = p2tr(commit.internalKey, leaf, networkParams(network), true);
  if (
    !equalBytes(xOnlyPublicKey(privateKey), commit.internalKey) ||
    !equalBytes(payment.script, commit.script)
  ) {
    throw new InscribeError('key-mismatch', 'The key is not the internal key of the commit');
  }
  const toScript = addressToScript(params.to, network);
  if (!toScript)
    throw new InscribeError('invalid-address', `Not a ${network} address: ${params.to}`);

  const tx = new Transaction({ version: 2, lowR: true });
  for (const coin of coins) {
    tx.addInput({
      txid: coin.txid,
      index: coin.vout,
      sequence: 0xfffffffd,
      witnessUtxo: { script: commit.script, amount: coin.value },
      tapInternalKey: commit.internalKey,
      tapMerkleRoot: payment.tapMerkleRoot,
    });
  }
  const total = coins.reduce((sum, coin) => sum + coin.value, 0n);
  const fee = feeFor(refundVsize(coins.length, toScript), params.feeRate);
  const value = total - fee;
  if (value < dustThreshold(toScript)) {
    throw new InscribeError('dust-output', `${total} sats do not pay a refund's fee of ${fee}`);
  }
  tx.addOutput({ script: toScript, amount: value });
  for (let i = 0; i < coins.length; i++) tx.signIdx(privateKey, i);
  tx.finalize();
  return {
    hex: bytesToHex(tx.extract()),
    txid: tx.id,
    vsize: tx.vsize,
    weight: tx.weight,
    fee: tx.fee,
  };
}

/** The vsize of `inputs` key-path taproot inputs paying one output of `script`. */
function refundVsize(inputs: number, script: Uint8Array): number {
  const tx = new Transaction({ version: 2, allowUnknownOutputs: true });
  for (let i = 0; i < inputs; i++) tx.addInput({ txid: new Uint8Array(32), index: i });
  tx.addOutput({ script, amount: 0n });
  // Witnesses last: scure refuses new inputs or outputs once one is finalized.
  for (let i = 0; i < inputs; i++) tx.updateInput(i, { finalScriptWitness: [new Uint8Array(64)] });
  return tx.vsize;
}
