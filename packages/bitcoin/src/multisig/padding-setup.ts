import type { BitcoinNetwork } from '../networks.ts';
import { checkFeeRate, DEFAULT_MAX_FEE_RATE, isDust } from '../psbt/fees.ts';
import { multisigInputRole } from '../psbt/input-role.ts';
import { splitIntoPaddings, type BuiltPaddingSetup } from '../psbt/padding-setup.ts';
import { PADDING_VALUE } from '../psbt/purchase.ts';
import { TradeError } from '../psbt/trade-error.ts';
import { psbtTxid } from '../psbt/txid.ts';
import type { WalletUtxo } from '../psbt/utxo.ts';
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

  return splitIntoPaddings(walletTransaction(), {
    script: wallet.script,
    inputType: 'p2wsh-multisig',
    role: multisigInputRole('payment', 'owner'),
    fields: multisigFields(wallet),
    utxos,
    count,
    value,
    feeRate,
    maxFeeRate,
    changeMin: params.changeMin,
    txid: (tx) => psbtTxid(tx.toPSBT()),
  });
}
