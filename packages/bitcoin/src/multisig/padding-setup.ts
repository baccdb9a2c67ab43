import type { BitcoinNetwork } from '../networks.ts';
import {
  changeFloor,
  checkFeeRate,
  DEFAULT_MAX_FEE_RATE,
  estimateVsize,
  isDust,
} from '../psbt/fees.ts';
import { multisigInputRole } from '../psbt/input-role.ts';
import type { BuiltPaddingSetup } from '../psbt/padding-setup.ts';
import { CHANGE_MIN, PADDING_VALUE } from '../psbt/purchase.ts';
import { selectUtxos } from '../psbt/select-utxos.ts';
import { TradeError } from '../psbt/trade-error.ts';
import { psbtTxid } from '../psbt/txid.ts';
import { psbtInput, type WalletUtxo } from '../psbt/utxo.ts';
import { checkMultisigWallet, type MultisigWallet } from './script.ts';
import { checkMultisigCoins, multisigFields, walletTransaction } from './wallet-tx.ts';

/** The most padding outputs one setup makes (product.md#market-side: numberOfOutputs 1…10). */
export const MULTISIG_PADDING_MAX_OUTPUTS = 10;

/**
 * Splits multisig coins (largest first) into `count` padding outputs of `value` at the multisig
 * address, change back to it above the change floor. Every input is co-signed: the user signs ALL
 * in the PSBT, the platform at finalize (finalizeSignedPsbt with a cosigner). Its txid is known
 * before signing, so a purchase can be chained behind it. Throws TradeError.
 */
export function buildMultisigPaddingSetup(params: {
  wallet: MultisigWallet;
  /** Cardinal coins of the wallet. */
  utxos: readonly WalletUtxo[];
  count: number;
  value?: bigint;
  feeRate: number;
  network: BitcoinNetwork;
  changeMin?: bigint;
  maxFeeRate?: number;
}): BuiltPaddingSetup {
  const { wallet, utxos, count, feeRate } = params;
  const value = params.value ?? PADDING_VALUE;
  const maxFeeRate = params.maxFeeRate ?? DEFAULT_MAX_FEE_RATE;
  checkFeeRate(feeRate, maxFeeRate);
  checkMultisigWallet(wallet, params.network);
  if (!Number.isInteger(count) || count < 1 || count > MULTISIG_PADDING_MAX_OUTPUTS) {
    const message = `Cannot create ${count} padding outputs (1…${MULTISIG_PADDING_MAX_OUTPUTS})`;
    throw new TradeError('invalid-amount', message);
  }
  if (isDust(wallet.script, value)) throw new TradeError('dust-output', `${value} sats is dust`);
  checkMultisigCoins(wallet, utxos);

  const paddingScripts = Array.from({ length: count }, () => wallet.script);
  const selection = selectUtxos({
    utxos,
    need: value * BigInt(count),
    feeRate,
    changeMin: changeFloor(params.changeMin ?? CHANGE_MIN, wallet.script),
    vsize: (selected, withChange) =>
      estimateVsize(
        selected.map(() => 'p2wsh-multisig'),
        withChange ? [...paddingScripts, wallet.script] : paddingScripts,
      ),
  });

  const tx = walletTransaction();
  for (const coin of selection.selected) tx.addInput(psbtInput(coin, multisigFields(wallet)));
  for (const script of paddingScripts) tx.addOutput({ script, amount: value });
  if (selection.change > 0n) tx.addOutput({ script: wallet.script, amount: selection.change });

  const psbt = tx.toPSBT();
  const txid = psbtTxid(psbt);
  const output = (vout: number, amount: bigint): WalletUtxo => ({
    txid,
    vout,
    value: amount,
    script: wallet.script,
    inscribed: false,
  });
  const role = multisigInputRole('payment', 'owner');
  return {
    psbt,
    txid,
    fee: selection.fee,
    vsize: selection.vsize,
    feeRate,
    maxFeeRate,
    layout: {
      inputs: selection.selected.map(() => role),
      paddingOutputIndices: paddingScripts.map((_, i) => i),
      changeIndex: selection.change > 0n ? count : undefined,
    },
    spent: selection.selected,
    paddingUtxos: paddingScripts.map((_, i) => output(i, value)),
    changeUtxo: selection.change > 0n ? output(count, selection.change) : undefined,
  };
}
