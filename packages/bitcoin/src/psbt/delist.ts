import type { BitcoinNetwork } from '../networks.ts';
import { scriptOfAddress } from './codec.ts';
import { checkFeeRate, DEFAULT_MAX_FEE_RATE, inputTypeOf, isDust } from './fees.ts';
import { walletInputRole, type InputRole } from './input-role.ts';
import { buildOutputMove, checkedPaymentWallet } from './output-move.ts';
import { TradeError } from './trade-error.ts';
import { keySpendFields, spendTypeOfScript, type Utxo, type WalletUtxo } from './utxo.ts';

export type BuiltDelist = {
  psbt: Uint8Array;
  fee: bigint;
  vsize: number;
  feeRate: number;
  maxFeeRate: number;
  layout: {
    inputs: InputRole[];
    inscriptionIndex: 0;
    paymentIndices: number[];
    /** Output 0 carries the inscription, at the offset it had. */
    inscriptionOutputIndex: 0;
    changeIndex: number | undefined;
  };
};

/**
 * The on-chain delisting: the inscription's UTXO is spent whole to `toAddress` (the seller's own),
 * which kills every signature ever made over the old outpoint; the fee comes from the seller's
 * payment coins. Input 0 and output 0 keep the inscription at its offset (FIFO). The seller signs
 * every input with ALL (DEFAULT for taproot); finalize with finalizeSignedPsbt. Throws TradeError.
 */
export function buildDelistPsbt(params: {
  /** `publicKey` controls the inscription's script (taproot internal key, or P2WPKH key). */
  inscriptionUtxo: Utxo & { publicKey?: Uint8Array };
  sellerPayment: { address: string; publicKey: Uint8Array; utxos: readonly WalletUtxo[] };
  toAddress: string;
  feeRate: number;
  network: BitcoinNetwork;
  changeMin?: bigint;
  maxFeeRate?: number;
}): BuiltDelist {
  const { inscriptionUtxo, sellerPayment, feeRate, network } = params;
  const maxFeeRate = params.maxFeeRate ?? DEFAULT_MAX_FEE_RATE;
  checkFeeRate(feeRate, maxFeeRate);
  const inscriptionType = spendTypeOfScript(inscriptionUtxo.script);
  if (!inscriptionType) {
    throw new TradeError('unsupported-seller-script', 'The inscription is in no key-spend output');
  }
  const fields = inscriptionUtxo.publicKey
    ? keySpendFields(inscriptionUtxo.script, inscriptionUtxo.publicKey)
    : {};
  const wallet = checkedPaymentWallet(sellerPayment, network, [inscriptionUtxo]);
  const toScript = scriptOfAddress(params.toAddress, network);
  if (isDust(toScript, inscriptionUtxo.value)) {
    throw new TradeError('dust-output', 'The inscription UTXO is dust at the new address');
  }

  const role = walletInputRole('inscription', 'seller', inscriptionType);
  const type = inputTypeOf(inscriptionType);
  const move = buildOutputMove({
    moves: [{ utxo: inscriptionUtxo, fields, type, role, script: toScript }],
    wallet,
    coins: sellerPayment.utxos,
    signer: 'seller',
    feeRate,
    changeMin: params.changeMin,
  });
  return {
    psbt: move.psbt,
    fee: move.fee,
    vsize: move.vsize,
    feeRate,
    maxFeeRate,
    layout: {
      inputs: move.inputs,
      inscriptionIndex: 0,
      paymentIndices: move.paymentIndices,
      inscriptionOutputIndex: 0,
      changeIndex: move.changeIndex,
    },
  };
}
