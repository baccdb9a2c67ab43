import { SigHash } from '@scure/btc-signer';
import { equalBytes } from '../bytes.ts';
import type { BitcoinNetwork } from '../networks.ts';
import { parsePsbt, scriptOfAddress } from '../psbt/codec.ts';
import { checkFeeRate, DEFAULT_MAX_FEE_RATE, estimateVsize, feeFor, isDust } from '../psbt/fees.ts';
import { finalizeSignedPsbt, type FinalizedTransaction } from '../psbt/finalize-purchase.ts';
import type { InputRole } from '../psbt/input-role.ts';
import { TradeError } from '../psbt/trade-error.ts';
import { checkDistinctOutpoints, psbtInput, sumValues, type Utxo } from '../psbt/utxo.ts';
import { checkMultisigWallet, type MultisigWallet } from './script.ts';
import { multisigFields, walletTransaction } from './wallet-tx.ts';

// ADR 009 "Recovery": built and finalized in the browser from the witness script and the coins,
// without the platform, so that a user can leave even if we are gone.

export type BuiltRecovery = {
  psbt: Uint8Array;
  fee: bigint;
  vsize: number;
  feeRate: number;
  maxFeeRate: number;
  layout: {
    inputs: InputRole[];
    /** Inscribed coin i goes whole to output i, so its inscriptions keep their offsets. */
    inscriptionOutputIndices: number[];
    /** The cardinal coins, less the fee; undefined when every coin is inscribed. */
    recipientIndex: number | undefined;
  };
};

const recoveryRole = (kind: InputRole['kind']): InputRole => ({
  kind,
  signer: 'owner',
  sighash: SigHash.ALL,
  witness: 'recovery-psbt',
});

/**
 * Sends every coin of a multisig or maker wallet to `recipientAddress` on the user's key alone:
 * version 2, each input's nSequence the script's delay (BIP68 blocks), so it is valid once every
 * coin is that many blocks deep. Coins flagged `inscribed` go first, each whole to its own output;
 * the cardinal ones make one output that pays the fee (the inscribed coins never do). The user
 * signs ALL; finalize with finalizeRecovery. Throws TradeError ('insufficient-funds' when the
 * cardinal coins cannot pay the fee and leave more than dust).
 */
export function buildRecoveryPsbt(params: {
  wallet: MultisigWallet;
  utxos: readonly (Utxo & { inscribed?: boolean })[];
  recipientAddress: string;
  feeRate: number;
  network: BitcoinNetwork;
  maxFeeRate?: number;
}): BuiltRecovery {
  const { wallet, feeRate, network } = params;
  const maxFeeRate = params.maxFeeRate ?? DEFAULT_MAX_FEE_RATE;
  checkFeeRate(feeRate, maxFeeRate);
  const { delay } = checkMultisigWallet(wallet, network);
  const recipient = scriptOfAddress(params.recipientAddress, network);
  params.utxos.forEach((utxo, index) => {
    if (!equalBytes(utxo.script, wallet.script)) {
      const message = `${utxo.txid}:${utxo.vout} is not at the wallet's address`;
      throw new TradeError('utxo-not-at-payment-address', message, index);
    }
  });
  checkDistinctOutpoints(params.utxos);
  const inscribed = params.utxos.filter((utxo) => utxo.inscribed);
  const cardinal = params.utxos.filter((utxo) => !utxo.inscribed);
  if (params.utxos.length === 0) {
    throw new TradeError('insufficient-funds', 'The wallet has no coins');
  }
  if (inscribed.some((utxo) => isDust(recipient, utxo.value))) {
    throw new TradeError('dust-output', 'An inscribed coin is dust at the recipient');
  }

  const outputs = [...inscribed.map(() => recipient), ...(cardinal.length ? [recipient] : [])];
  const vsize = estimateVsize(
    params.utxos.map(() => 'p2wsh-multisig-recovery'),
    outputs,
  );
  const fee = feeFor(vsize, feeRate);
  const rest = sumValues(cardinal) - fee;
  if (rest < 0n || (cardinal.length > 0 && isDust(recipient, rest))) {
    throw new TradeError('insufficient-funds', `The coins cannot pay the ${fee}-sat fee`);
  }

  const tx = walletTransaction();
  for (const utxo of [...inscribed, ...cardinal]) {
    tx.addInput(psbtInput(utxo, multisigFields(wallet), delay));
  }
  for (const { value } of inscribed) tx.addOutput({ script: recipient, amount: value });
  if (cardinal.length) tx.addOutput({ script: recipient, amount: rest });

  return {
    psbt: tx.toPSBT(),
    fee,
    vsize,
    feeRate,
    maxFeeRate,
    layout: {
      inputs: [
        ...inscribed.map(() => recoveryRole('inscription')),
        ...cardinal.map(() => recoveryRole('payment')),
      ],
      inscriptionOutputIndices: inscribed.map((_, i) => i),
      recipientIndex: cardinal.length ? inscribed.length : undefined,
    },
  };
}

/**
 * The raw recovery transaction from the PSBT the user's wallet signed: every input must spend
 * `wallet`'s script with its witness script, in a version-2 transaction, with an nSequence of at
 * least the delay; the witness is `[<empty>, sigU, script]` once U's ALL signature verifies.
 * Throws TradeError.
 */
export function finalizeRecovery(
  signedPsbt: Uint8Array | string,
  wallet: MultisigWallet,
  maxFeeRate = DEFAULT_MAX_FEE_RATE,
): FinalizedTransaction {
  const { delay } = checkMultisigWallet(wallet);
  const tx = parsePsbt(signedPsbt);
  if (tx.version < 2) throw new TradeError('header-changed', 'CSV needs a version-2 transaction');
  for (let i = 0; i < tx.inputsLength; i++) {
    const { witnessUtxo, witnessScript, sequence = 0xffffffff } = tx.getInput(i);
    const isWallets =
      witnessUtxo !== undefined &&
      witnessScript !== undefined &&
      equalBytes(witnessUtxo.script, wallet.script) &&
      equalBytes(witnessScript, wallet.witnessScript);
    if (!isWallets) {
      throw new TradeError('unknown-witness-script', `Input ${i} is not the wallet's`, i);
    }
    // Block-based, enabled, at least the delay: what the script's CHECKSEQUENCEVERIFY demands.
    if ((sequence & 0x80400000) !== 0 || (sequence & 0xffff) < delay) {
      throw new TradeError('inputs-changed', `Input ${i}'s sequence is below the delay`, i);
    }
  }
  const inputs = Array.from({ length: tx.inputsLength }, () => recoveryRole('payment'));
  return finalizeSignedPsbt(signedPsbt, { psbt: tx.toPSBT(), layout: { inputs }, maxFeeRate });
}
