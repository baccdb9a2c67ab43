import {
  buildRecoveryPsbt,
  bytesToBase64,
  finalizeRecovery,
  type BitcoinNetwork,
  type FinalizedTransaction,
} from '@om/bitcoin';
import type { MultisigUtxo } from '@om/core';
import type { InputToSign } from '../wallet/wallet.types.ts';
import type { VerifiedWallet } from './multisig-wallet.ts';
import { reviewWalletPsbt, type PsbtReview } from './wallet-psbt-review.ts';

// ADR 009 "Recovery": built, signed and finalized in the browser from the witness script and the
// coins, with the user's key alone, so that it works against any node if we are gone.

export type RecoveryPlan = {
  psbt: string;
  inputsToSign: InputToSign[];
  review: PsbtReview;
  /** The first block that can include it: the latest recoverableAt of its coins. */
  validFrom: number;
};

/** Whether a coin's user-only path is open for the next block (BIP68: its height + delay). */
export function isRecoverable(coin: MultisigUtxo, tipHeight: number): boolean {
  return coin.recoverableAt !== null && tipHeight + 1 >= coin.recoverableAt;
}

/**
 * Every confirmed coin of the wallet to `recipientAddress` (an unconfirmed coin has no height to
 * count the delay from). Coins that hold inscriptions, or may (the indexer cannot tell yet), go
 * whole to their own output; the others pay the fee. Throws an Error that says why not.
 */
export function planRecovery(params: {
  target: VerifiedWallet;
  utxos: readonly MultisigUtxo[];
  recipientAddress: string;
  feeRate: number;
  network: BitcoinNetwork;
  /** The wallet signs the user key's inputs with the payment address's key. */
  paymentAddress: string;
}): RecoveryPlan {
  const { target, network, paymentAddress, recipientAddress, feeRate } = params;
  const coins = params.utxos.filter((coin) => coin.recoverableAt !== null);
  if (coins.length === 0) throw new Error('The wallet has no confirmed coins to recover.');
  const built = buildRecoveryPsbt({
    wallet: target.wallet,
    utxos: coins.map((coin) => ({
      txid: coin.txid,
      vout: coin.vout,
      value: BigInt(coin.value),
      script: target.wallet.script,
      inscribed: coin.inscriptions === null || coin.inscriptions.length > 0,
    })),
    recipientAddress,
    feeRate,
    network,
  });
  const psbt = bytesToBase64(built.psbt);
  const inputsToSign = built.layout.inputs.map((_, index) => ({ index, address: paymentAddress }));
  const review = reviewWalletPsbt(
    psbt,
    { kind: 'recovery', recipientAddress },
    { network, paymentAddress, wallet: target.wallet, feeRate, inputsToSign },
  );
  const validFrom = Math.max(...coins.map((coin) => coin.recoverableAt ?? 0));
  return { psbt, inputsToSign, review, validFrom };
}

/** The raw transaction from the PSBT the wallet signed: witness `[<empty>, sigU, script]`. */
export function finalizeRecoveryPsbt(
  signedPsbt: string,
  target: VerifiedWallet,
): FinalizedTransaction {
  return finalizeRecovery(signedPsbt, target.wallet);
}
