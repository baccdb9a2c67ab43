import { equalBytes } from '../bytes.ts';
import type { BitcoinNetwork } from '../networks.ts';
import { scriptOfAddress } from '../psbt/codec.ts';
import { checkFeeRate, DEFAULT_MAX_FEE_RATE, isDust } from '../psbt/fees.ts';
import { multisigInputRole, type InputRole } from '../psbt/input-role.ts';
import { buildOutputMove, checkedPaymentWallet, type MovedOutput } from '../psbt/output-move.ts';
import { TradeError } from '../psbt/trade-error.ts';
import { psbtTxid } from '../psbt/txid.ts';
import type { Utxo, WalletUtxo } from '../psbt/utxo.ts';
import { checkMultisigWallet, type MultisigWallet } from './script.ts';
import { multisigFields } from './wallet-tx.ts';

export type BuiltInscriptionWithdrawal = {
  psbt: Uint8Array;
  txid: string;
  fee: bigint;
  vsize: number;
  feeRate: number;
  maxFeeRate: number;
  layout: {
    inputs: InputRole[];
    /** Input i spends item i's maker-wallet UTXO, output i sends it whole to its recipient. */
    inscriptionIndices: number[];
    paymentIndices: number[];
    changeIndex: number | undefined;
  };
};

/**
 * Sends inscription UTXOs out of the maker wallet: input i (co-signed) → output i to item i's
 * recipient with the same value, so each inscription keeps its offset; the fee comes from the
 * user's payment coins, change back to the payment address. The user signs every input (ALL, or
 * DEFAULT for a taproot payment input); the platform co-signs the multisig ones at finalize.
 * Throws TradeError.
 */
export function buildInscriptionWithdrawal(params: {
  /** The user's maker wallet. */
  wallet: MultisigWallet;
  items: readonly { utxo: Utxo; recipientAddress: string }[];
  payment: { address: string; publicKey: Uint8Array; utxos: readonly WalletUtxo[] };
  feeRate: number;
  network: BitcoinNetwork;
  changeMin?: bigint;
  maxFeeRate?: number;
}): BuiltInscriptionWithdrawal {
  const { wallet, items, payment, feeRate, network } = params;
  const maxFeeRate = params.maxFeeRate ?? DEFAULT_MAX_FEE_RATE;
  checkFeeRate(feeRate, maxFeeRate);
  checkMultisigWallet(wallet, network);
  if (items.length === 0) throw new TradeError('invalid-amount', 'No inscription to withdraw');
  const moves = items.map(({ utxo, recipientAddress }, index): MovedOutput => {
    if (!equalBytes(utxo.script, wallet.script)) {
      const message = `${utxo.txid}:${utxo.vout} is not in the maker wallet`;
      throw new TradeError('utxo-not-at-payment-address', message, index);
    }
    const script = scriptOfAddress(recipientAddress, network);
    if (isDust(script, utxo.value)) {
      const message = `Inscription UTXO ${index} is dust at its recipient`;
      throw new TradeError('dust-output', message, index);
    }
    const role = multisigInputRole('inscription', 'owner');
    return { utxo, fields: multisigFields(wallet), type: 'p2wsh-multisig', role, script };
  });
  const payer = checkedPaymentWallet(
    payment,
    network,
    moves.map(({ utxo }) => utxo),
  );

  const move = buildOutputMove({
    moves,
    wallet: payer,
    coins: payment.utxos,
    signer: 'owner',
    feeRate,
    changeMin: params.changeMin,
  });
  return {
    psbt: move.psbt,
    txid: psbtTxid(move.psbt),
    fee: move.fee,
    vsize: move.vsize,
    feeRate,
    maxFeeRate,
    layout: {
      inputs: move.inputs,
      inscriptionIndices: moves.map((_, i) => i),
      paymentIndices: move.paymentIndices,
      changeIndex: move.changeIndex,
    },
  };
}
