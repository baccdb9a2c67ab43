import type { BitcoinNetwork } from '../networks.ts';
import { checkFeeRate, DEFAULT_MAX_FEE_RATE, inputTypeOf, isDust } from '../psbt/fees.ts';
import { walletInputRole, type InputRole } from '../psbt/input-role.ts';
import { buildOutputMove, checkedPaymentWallet, type MovedOutput } from '../psbt/output-move.ts';
import { TradeError } from '../psbt/trade-error.ts';
import {
  knownKeySpendFields,
  spendTypeOfScript,
  type Utxo,
  type WalletUtxo,
} from '../psbt/utxo.ts';
import { checkMultisigWallet, type MultisigWallet } from './script.ts';

export type BuiltInscriptionDeposit = {
  psbt: Uint8Array;
  txid: string;
  fee: bigint;
  vsize: number;
  feeRate: number;
  maxFeeRate: number;
  layout: {
    inputs: InputRole[];
    /** Input i holds inscription UTXO i and output i receives it whole, at the maker wallet. */
    inscriptionIndices: number[];
    paymentIndices: number[];
    changeIndex: number | undefined;
  };
  /** The maker wallet's new outputs, one per inscription UTXO, in the order given. */
  deposited: Utxo[];
  /** The payment coins it spends, and its change (unconfirmed): a next deposit can chain on it. */
  spent: WalletUtxo[];
  change: WalletUtxo | undefined;
};

/**
 * Moves inscription UTXOs of the user's own single-key wallet (P2TR, P2WPKH, P2SH-P2WPKH) into the
 * maker wallet before a protected listing (ADR 009): input i → output i with the same value, so
 * FIFO keeps every inscription at its offset; the fee comes from the payment coins, change back to
 * the payment address. The user signs every input with ALL (DEFAULT for taproot); finalize with
 * finalizeSignedPsbt. Throws TradeError.
 */
export function buildInscriptionDeposit(params: {
  /** `publicKey` controls the UTXO's script (taproot internal key, or the ECDSA key). */
  inscriptionUtxos: readonly (Utxo & { publicKey: Uint8Array })[];
  payment: { address: string; publicKey: Uint8Array; utxos: readonly WalletUtxo[] };
  /** The user's maker wallet. */
  to: MultisigWallet;
  feeRate: number;
  network: BitcoinNetwork;
  changeMin?: bigint;
  maxFeeRate?: number;
}): BuiltInscriptionDeposit {
  const { inscriptionUtxos, payment, to, feeRate, network } = params;
  const maxFeeRate = params.maxFeeRate ?? DEFAULT_MAX_FEE_RATE;
  checkFeeRate(feeRate, maxFeeRate);
  checkMultisigWallet(to, network);
  if (inscriptionUtxos.length === 0) {
    throw new TradeError('invalid-amount', 'No inscription to deposit');
  }
  const moves = inscriptionUtxos.map((utxo, index): MovedOutput => {
    const type = spendTypeOfScript(utxo.script);
    if (!type) {
      const message = `Inscription UTXO ${index} is in no key-spend output`;
      throw new TradeError('unsupported-seller-script', message, index);
    }
    if (isDust(to.script, utxo.value)) {
      const message = `Inscription UTXO ${index} is dust at the maker wallet`;
      throw new TradeError('dust-output', message, index);
    }
    return {
      utxo,
      // A launch moves thousands of outputs of one ordinals address: its key is checked once.
      fields: knownKeySpendFields(utxo.script, utxo.publicKey),
      type: inputTypeOf(type),
      role: walletInputRole('inscription', 'owner', type),
      script: to.script,
    };
  });
  const wallet = checkedPaymentWallet(payment, network, inscriptionUtxos);

  const move = buildOutputMove({
    moves,
    wallet,
    coins: payment.utxos,
    signer: 'owner',
    feeRate,
    changeMin: params.changeMin,
  });
  const { txid } = move;
  return {
    psbt: move.psbt,
    txid,
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
    deposited: inscriptionUtxos.map(({ value }, vout) => ({
      txid,
      vout,
      value,
      script: to.script,
    })),
    spent: move.spent,
    change:
      move.changeIndex === undefined
        ? undefined
        : {
            txid,
            vout: move.changeIndex,
            value: move.change,
            script: wallet.script,
            inscribed: false,
          },
  };
}
