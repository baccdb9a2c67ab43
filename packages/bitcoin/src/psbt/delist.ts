import { Transaction } from '@scure/btc-signer';
import type { BitcoinNetwork } from '../networks.ts';
import { scriptOfAddress, TRADE_TX_OPTIONS } from './codec.ts';
import {
  changeFloor,
  checkFeeRate,
  DEFAULT_MAX_FEE_RATE,
  estimateVsize,
  inputTypeOf,
  isDust,
} from './fees.ts';
import { walletInputRole, type InputRole } from './input-role.ts';
import { CHANGE_MIN } from './purchase.ts';
import { TRADE_LOCKTIME, TRADE_TX_VERSION } from './seller-signature.ts';
import { selectUtxos } from './select-utxos.ts';
import { TradeError } from './trade-error.ts';
import {
  checkDistinctOutpoints,
  checkWalletUtxos,
  keySpendFields,
  paymentWallet,
  psbtInput,
  spendTypeOfScript,
  type Utxo,
  type WalletUtxo,
} from './utxo.ts';

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
  const wallet = paymentWallet(
    scriptOfAddress(sellerPayment.address, network),
    sellerPayment.publicKey,
  );
  checkWalletUtxos(sellerPayment.utxos, wallet, 'inscribed-utxo-as-payment');
  checkDistinctOutpoints([inscriptionUtxo, ...sellerPayment.utxos]);
  const toScript = scriptOfAddress(params.toAddress, network);
  if (isDust(toScript, inscriptionUtxo.value)) {
    throw new TradeError('dust-output', 'The inscription UTXO is dust at the new address');
  }

  const paymentType = inputTypeOf(wallet.type);
  const selection = selectUtxos({
    utxos: sellerPayment.utxos,
    need: 0n,
    feeRate,
    changeMin: changeFloor(params.changeMin ?? CHANGE_MIN, wallet.script),
    vsize: (selected, withChange) =>
      estimateVsize(
        [inputTypeOf(inscriptionType), ...selected.map(() => paymentType)],
        withChange ? [toScript, wallet.script] : [toScript],
      ),
  });

  const tx = new Transaction({
    ...TRADE_TX_OPTIONS,
    version: TRADE_TX_VERSION,
    lockTime: TRADE_LOCKTIME,
  });
  tx.addInput(psbtInput(inscriptionUtxo, fields));
  for (const coin of selection.selected) tx.addInput(psbtInput(coin, wallet.fields));
  tx.addOutput({ script: toScript, amount: inscriptionUtxo.value });
  if (selection.change > 0n) tx.addOutput({ script: wallet.script, amount: selection.change });

  const payment = walletInputRole('payment', 'seller', wallet.type);
  return {
    psbt: tx.toPSBT(),
    fee: selection.fee,
    vsize: selection.vsize,
    feeRate,
    maxFeeRate,
    layout: {
      inputs: [
        walletInputRole('inscription', 'seller', inscriptionType),
        ...selection.selected.map(() => payment),
      ],
      inscriptionIndex: 0,
      paymentIndices: selection.selected.map((_, i) => i + 1),
      inscriptionOutputIndex: 0,
      changeIndex: selection.change > 0n ? 1 : undefined,
    },
  };
}
