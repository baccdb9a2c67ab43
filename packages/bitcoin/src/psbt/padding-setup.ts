import { Script, Transaction } from '@scure/btc-signer';
import type { BitcoinNetwork } from '../networks.ts';
import { encodeTransaction, scriptOfAddress, TRADE_TX_OPTIONS, unsignedParts } from './codec.ts';
import { walletInputRole, type InputRole } from './input-role.ts';
import {
  checkFeeRate,
  DEFAULT_MAX_FEE_RATE,
  changeFloor,
  estimateVsize,
  inputTypeOf,
  isDust,
  type InputType,
} from './fees.ts';
import {
  buildPurchasePsbt,
  CHANGE_MIN,
  PADDING_VALUE,
  type BuiltPurchase,
  type PurchaseParams,
} from './purchase.ts';
import type { Buyer } from './buyer.ts';
import { TRADE_LOCKTIME, TRADE_TX_VERSION } from './seller-signature.ts';
import { selectUtxos } from './select-utxos.ts';
import { TradeError } from './trade-error.ts';
import {
  checkDistinctOutpoints,
  checkWalletUtxos,
  paymentWallet,
  psbtInput,
  sameOutpoint,
  type WalletUtxo,
} from './utxo.ts';

export type BuiltPaddingSetup = {
  psbt: Uint8Array;
  /** Known before signing: no input's scriptSig depends on a signature (all segwit). */
  txid: string;
  fee: bigint;
  vsize: number;
  feeRate: number;
  maxFeeRate: number;
  layout: {
    inputs: InputRole[];
    paddingOutputIndices: number[];
    changeIndex: number | undefined;
  };
  /** The coins spent. */
  spent: WalletUtxo[];
  /** The new padding outputs, usable by a purchase chained behind this transaction. */
  paddingUtxos: WalletUtxo[];
  changeUtxo: WalletUtxo | undefined;
};

/**
 * A transaction splitting the buyer's coins into `count` padding outputs of `value` at the payment
 * address, plus change (msigner's generateUnsignedCreateDummyUtxoPSBTBase64). Its txid is known
 * before it is signed, so a purchase can spend its outputs at once (Ordinals Wallet's chained
 * setup, ADR 007). Throws TradeError.
 */
export function buildPaddingSetup(params: {
  buyer: Pick<Buyer, 'paymentAddress' | 'paymentPublicKey' | 'paymentUtxos'>;
  count?: number;
  value?: bigint;
  feeRate: number;
  network: BitcoinNetwork;
  changeMin?: bigint;
  maxFeeRate?: number;
}): BuiltPaddingSetup {
  const { buyer, feeRate, network } = params;
  const count = params.count ?? 2;
  const value = params.value ?? PADDING_VALUE;
  const maxFeeRate = params.maxFeeRate ?? DEFAULT_MAX_FEE_RATE;
  checkFeeRate(feeRate, maxFeeRate);
  if (!Number.isInteger(count) || count < 1) {
    throw new TradeError('invalid-amount', `Cannot create ${count} padding outputs`);
  }
  const wallet = paymentWallet(
    scriptOfAddress(buyer.paymentAddress, network),
    buyer.paymentPublicKey,
  );
  checkWalletUtxos(buyer.paymentUtxos, wallet, 'inscribed-utxo-as-payment');
  checkDistinctOutpoints(buyer.paymentUtxos);
  if (isDust(wallet.script, value)) throw new TradeError('dust-output', `${value} sats is dust`);

  const tx = new Transaction({
    ...TRADE_TX_OPTIONS,
    version: TRADE_TX_VERSION,
    lockTime: TRADE_LOCKTIME,
  });
  return splitIntoPaddings(tx, {
    script: wallet.script,
    inputType: inputTypeOf(wallet.type),
    role: walletInputRole('payment', 'buyer', wallet.type),
    fields: wallet.fields,
    utxos: buyer.paymentUtxos,
    count,
    value,
    feeRate,
    maxFeeRate,
    changeMin: params.changeMin,
    txid: (built) => unsignedTxid(built, wallet.fields.redeemScript),
  });
}

/**
 * What the single-key and the multisig setups share once their wallet is checked: the coins
 * chosen (largest first) for `count` outputs of `value` at the wallet's script and the fee, the
 * change back to it above the change floor, added to `tx`, and the outputs a chained purchase may
 * spend, under the txid known before signing.
 */
export function splitIntoPaddings(
  tx: Transaction,
  params: {
    script: Uint8Array;
    inputType: InputType;
    role: InputRole;
    fields: Parameters<typeof psbtInput>[1];
    utxos: readonly WalletUtxo[];
    count: number;
    value: bigint;
    feeRate: number;
    maxFeeRate: number;
    changeMin: bigint | undefined;
    txid: (tx: Transaction) => string;
  },
): BuiltPaddingSetup {
  const { script, count, value, feeRate } = params;
  const paddingScripts = Array.from({ length: count }, () => script);
  const selection = selectUtxos({
    utxos: params.utxos,
    need: value * BigInt(count),
    feeRate,
    changeMin: changeFloor(params.changeMin ?? CHANGE_MIN, script),
    vsize: (selected, withChange) =>
      estimateVsize(
        selected.map(() => params.inputType),
        withChange ? [...paddingScripts, script] : paddingScripts,
      ),
  });
  for (const coin of selection.selected) tx.addInput(psbtInput(coin, params.fields));
  for (const padding of paddingScripts) tx.addOutput({ script: padding, amount: value });
  if (selection.change > 0n) tx.addOutput({ script, amount: selection.change });

  const txid = params.txid(tx);
  const output = (vout: number, amount: bigint): WalletUtxo => ({
    txid,
    vout,
    value: amount,
    script,
    inscribed: false,
  });
  return {
    psbt: tx.toPSBT(),
    txid,
    fee: selection.fee,
    vsize: selection.vsize,
    feeRate,
    maxFeeRate: params.maxFeeRate,
    layout: {
      inputs: selection.selected.map(() => params.role),
      paddingOutputIndices: paddingScripts.map((_, i) => i),
      changeIndex: selection.change > 0n ? count : undefined,
    },
    spent: selection.selected,
    paddingUtxos: paddingScripts.map((_, i) => output(i, value)),
    changeUtxo: selection.change > 0n ? output(count, selection.change) : undefined,
  };
}

/**
 * For a buyer without padding: a setup creating N+1 paddings from the payment coins, and the
 * purchase spending those paddings and the setup's change before either is broadcast. The buyer
 * signs both in one session; the server submits them together (testmempoolaccept as a package).
 */
export function buildChainedPurchase(params: PurchaseParams): {
  setup: BuiltPaddingSetup;
  purchase: BuiltPurchase;
} {
  const { buyer } = params;
  const setup = buildPaddingSetup({
    buyer,
    count: params.listings.length + 1,
    value: params.paddingValue,
    feeRate: params.feeRate,
    network: params.network,
    changeMin: params.changeMin,
    maxFeeRate: params.maxFeeRate,
  });
  const unspent = buyer.paymentUtxos.filter(
    (coin) => !setup.spent.some((s) => sameOutpoint(s, coin)),
  );
  const purchase = buildPurchasePsbt({
    ...params,
    buyer: {
      ...buyer,
      paddingUtxos: setup.paddingUtxos,
      paymentUtxos: setup.changeUtxo ? [setup.changeUtxo, ...unspent] : unspent,
    },
  });
  return { setup, purchase };
}

/**
 * The txid of a transaction before it is signed: segwit witnesses are not part of it, and the
 * only scriptSig (P2SH-P2WPKH's push of its redeem script) does not depend on the signature.
 */
function unsignedTxid(tx: Transaction, redeemScript: Uint8Array | undefined): string {
  const scriptSig = redeemScript ? Script.encode([redeemScript]) : new Uint8Array();
  const parts = unsignedParts(tx);
  return encodeTransaction(
    tx,
    parts,
    parts.inputs.map(() => ({ scriptSig, witness: [] })),
  ).txid;
}
