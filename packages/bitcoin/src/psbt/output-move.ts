import { Transaction } from '@scure/btc-signer';
import type { BitcoinNetwork } from '../networks.ts';
import { scriptOfAddress, TRADE_TX_OPTIONS } from './codec.ts';
import { changeFloor, estimateVsize, inputTypeOf, type InputType } from './fees.ts';
import { walletInputRole, type InputRole } from './input-role.ts';
import { CHANGE_MIN } from './purchase.ts';
import { TRADE_LOCKTIME, TRADE_TX_VERSION } from './seller-signature.ts';
import { selectUtxos } from './select-utxos.ts';
import { builtTxid } from './txid.ts';
import {
  checkDistinctOutpoints,
  checkWalletUtxos,
  paymentWallet,
  psbtInput,
  type KeySpendFields,
  type Outpoint,
  type PaymentWallet,
  type Utxo,
  type WalletUtxo,
} from './utxo.ts';

// What delisting and the maker wallet's inscription deposits and withdrawals share: outputs spent
// whole, input i to output i at the same value, so that FIFO keeps every sat (and inscription) at
// its offset; the fee comes from a payment wallet's coins, change back to it.

/** An output to move: spent whole as input i, received whole as output i at `script`. */
export type MovedOutput = {
  utxo: Utxo;
  /** Its PSBT fields besides witnessUtxo: internal key, redeem script or witness script. */
  fields: KeySpendFields & { witnessScript?: Uint8Array };
  /** How it is signed, which fixes its weight. */
  type: InputType;
  role: InputRole;
  script: Uint8Array;
};

export type BuiltOutputMove = {
  psbt: Uint8Array;
  /** The txid once signed (psbtTxid of `psbt`). */
  txid: string;
  fee: bigint;
  vsize: number;
  /** The payment coins spent, as inputs moves.length and on. */
  spent: WalletUtxo[];
  /** Every input's role: the moved outputs', then the payment coins'. */
  inputs: InputRole[];
  paymentIndices: number[];
  changeIndex: number | undefined;
  /** Sats of the change output at changeIndex; 0 without one. */
  change: bigint;
};

/**
 * The payment wallet at `payment.address`, once its coins are checked: its own, not inscribed,
 * and spent once together with the moved outputs. Throws TradeError.
 */
export function checkedPaymentWallet(
  payment: { address: string; publicKey: Uint8Array; utxos: readonly WalletUtxo[] },
  network: BitcoinNetwork,
  moved: readonly Outpoint[],
): PaymentWallet {
  const wallet = paymentWallet(scriptOfAddress(payment.address, network), payment.publicKey);
  checkWalletUtxos(payment.utxos, wallet, 'inscribed-utxo-as-payment');
  checkDistinctOutpoints([...moved, ...payment.utxos]);
  return wallet;
}

/**
 * Builds the move, version 2 and locktime 0 like every trade: the outputs carry the moved values
 * unchanged, so the payment coins, chosen by selectUtxos, pay the whole fee. It checks nothing
 * else: each builder checks the fee rate, its moves (none dust at its script) and the payment
 * coins (checkedPaymentWallet) in its own order, which decides the error when several apply.
 * `signer` signs the payment coins. Throws TradeError 'insufficient-funds'.
 */
export function buildOutputMove(params: {
  moves: readonly MovedOutput[];
  wallet: PaymentWallet;
  coins: readonly WalletUtxo[];
  signer: InputRole['signer'];
  feeRate: number;
  changeMin?: bigint;
}): BuiltOutputMove {
  const { moves, wallet, feeRate } = params;
  const fixedTypes = moves.map((move) => move.type);
  const outputs = moves.map((move) => move.script);
  const paymentType = inputTypeOf(wallet.type);
  const selection = selectUtxos({
    utxos: params.coins,
    need: 0n,
    feeRate,
    changeMin: changeFloor(params.changeMin ?? CHANGE_MIN, wallet.script),
    vsize: (selected, withChange) =>
      estimateVsize(
        [...fixedTypes, ...selected.map(() => paymentType)],
        withChange ? [...outputs, wallet.script] : outputs,
      ),
  });

  const tx = new Transaction({
    ...TRADE_TX_OPTIONS,
    version: TRADE_TX_VERSION,
    lockTime: TRADE_LOCKTIME,
  });
  for (const { utxo, fields } of moves) tx.addInput(psbtInput(utxo, fields));
  for (const coin of selection.selected) tx.addInput(psbtInput(coin, wallet.fields));
  for (const { utxo, script } of moves) tx.addOutput({ script, amount: utxo.value });
  if (selection.change > 0n) tx.addOutput({ script: wallet.script, amount: selection.change });

  const count = moves.length;
  const payment = walletInputRole('payment', params.signer, wallet.type);
  return {
    psbt: tx.toPSBT(),
    txid: builtTxid(tx),
    fee: selection.fee,
    vsize: selection.vsize,
    spent: selection.selected,
    inputs: [...moves.map((move) => move.role), ...selection.selected.map(() => payment)],
    paymentIndices: selection.selected.map((_, i) => count + i),
    changeIndex: selection.change > 0n ? count : undefined,
    change: selection.change,
  };
}
