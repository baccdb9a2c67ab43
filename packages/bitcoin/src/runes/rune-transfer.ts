import { Transaction } from '@scure/btc-signer';
import type { BitcoinNetwork } from '../networks.ts';
import { scriptOfAddress, TRADE_TX_OPTIONS } from '../psbt/codec.ts';
import {
  changeFloor,
  checkFeeRate,
  DEFAULT_MAX_FEE_RATE,
  estimateVsize,
  inputTypeOf,
  isDust,
} from '../psbt/fees.ts';
import { walletInputRole, type InputRole } from '../psbt/input-role.ts';
import { checkedPaymentWallet } from '../psbt/output-move.ts';
import { CHANGE_MIN } from '../psbt/purchase.ts';
import { TRADE_LOCKTIME, TRADE_TX_VERSION } from '../psbt/seller-signature.ts';
import { selectUtxos } from '../psbt/select-utxos.ts';
import { TradeError } from '../psbt/trade-error.ts';
import { builtTxid } from '../psbt/txid.ts';
import {
  keySpendFields,
  psbtInput,
  spendTypeOfScript,
  type Utxo,
  type WalletUtxo,
} from '../psbt/utxo.ts';
import { encipherRunestone } from './runestone.ts';
import type { RuneId } from './runestone.types.ts';

/**
 * The sats each rune-bearing output carries: P2PKH's dust limit, so at or above dust for every
 * standard script (docs/product.md#runes).
 */
export const RUNE_OUTPUT_VALUE = 546n;

/** An output of the sender's holding runes: `runeAmount` of the rune sent (0 if only others). */
export type RuneInput = Utxo & { runeAmount: bigint; publicKey?: Uint8Array };

export type BuiltRuneTransfer = {
  psbt: Uint8Array;
  /** Known before signing (all inputs segwit). */
  txid: string;
  fee: bigint;
  vsize: number;
  feeRate: number;
  maxFeeRate: number;
  /** Input indices and who signs them: the rune inputs with the ordinals key, then the coins. */
  inputsToSign: { ordinal: number[]; payment: number[] };
  layout: {
    inputs: InputRole[];
    runestoneIndex: 0;
    recipientIndex: 1;
    runeChangeIndex: 2;
    changeIndex: 3 | undefined;
  };
};

/**
 * Sends `amount` base units of `runeId` by an edict (docs/product.md#runes): the rune inputs
 * first, then the payment coins; output 0 the runestone `{ edicts: [{ id, amount, output: 1 }],
 * pointer: 2 }`, output 1 the recipient, output 2 the sender's rune change (every other rune of
 * the inputs and the rest of this one go there by the pointer, so none is burned), then the BTC
 * change when worth making. The rune inputs' sats pay towards the outputs and fee first. Every
 * input signed ALL (DEFAULT for taproot). Throws TradeError.
 */
export function buildRuneTransferPsbt(params: {
  runeInputs: readonly RuneInput[];
  payment: { address: string; publicKey: Uint8Array; utxos: readonly WalletUtxo[] };
  runeId: RuneId;
  amount: bigint;
  recipientAddress: string;
  runeChangeAddress: string;
  feeRate: number;
  network: BitcoinNetwork;
  maxFeeRate?: number;
  changeMin?: bigint;
}): BuiltRuneTransfer {
  const { runeInputs, amount, feeRate, network } = params;
  const maxFeeRate = params.maxFeeRate ?? DEFAULT_MAX_FEE_RATE;
  checkFeeRate(feeRate, maxFeeRate);
  if (amount <= 0n) throw new TradeError('invalid-amount', 'Nothing to send: the amount is 0');
  const held = runeInputs.reduce((sum, input) => sum + input.runeAmount, 0n);
  if (held < amount) {
    throw new TradeError('invalid-amount', `The rune inputs hold ${held}, less than ${amount}`);
  }
  const recipient = scriptOfAddress(params.recipientAddress, network);
  const runeChange = scriptOfAddress(params.runeChangeAddress, network);
  for (const script of [recipient, runeChange]) {
    if (isDust(script, RUNE_OUTPUT_VALUE)) {
      throw new TradeError('dust-output', `${RUNE_OUTPUT_VALUE} sats is dust at this address`);
    }
  }
  const fixed = runeInputs.map((input, i) => {
    const type = spendTypeOfScript(input.script);
    if (!type) {
      throw new TradeError('unsupported-seller-script', 'A rune input is no key-spend output', i);
    }
    const fields = input.publicKey ? keySpendFields(input.script, input.publicKey) : {};
    return { input, type, fields };
  });
  const wallet = checkedPaymentWallet(params.payment, network, runeInputs);

  const runestone = encipherRunestone({
    edicts: [{ id: params.runeId, amount, output: 1 }],
    pointer: 2,
  });
  const outputs = [runestone, recipient, runeChange];
  const values = [0n, RUNE_OUTPUT_VALUE, RUNE_OUTPUT_VALUE];
  const fixedIn = runeInputs.reduce((sum, input) => sum + input.value, 0n);
  const fixedTypes = fixed.map(({ type }) => inputTypeOf(type));
  const paymentType = inputTypeOf(wallet.type);
  const selection = selectUtxos({
    utxos: params.payment.utxos,
    need: RUNE_OUTPUT_VALUE * 2n - fixedIn,
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
  for (const { input, fields } of fixed) tx.addInput(psbtInput(input, fields));
  for (const coin of selection.selected) tx.addInput(psbtInput(coin, wallet.fields));
  outputs.forEach((script, i) => tx.addOutput({ script, amount: values[i] ?? 0n }));
  if (selection.change > 0n) tx.addOutput({ script: wallet.script, amount: selection.change });

  const count = fixed.length;
  const payment = walletInputRole('payment', 'owner', wallet.type);
  return {
    psbt: tx.toPSBT(),
    txid: builtTxid(tx),
    fee: selection.fee,
    vsize: selection.vsize,
    feeRate,
    maxFeeRate,
    inputsToSign: {
      ordinal: fixed.map((_, i) => i),
      payment: selection.selected.map((_, i) => count + i),
    },
    layout: {
      inputs: [
        ...fixed.map(({ type }) => walletInputRole('inscription', 'owner', type)),
        ...selection.selected.map(() => payment),
      ],
      runestoneIndex: 0,
      recipientIndex: 1,
      runeChangeIndex: 2,
      changeIndex: selection.change > 0n ? 3 : undefined,
    },
  };
}
