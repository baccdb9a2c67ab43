import { Transaction } from '@scure/btc-signer';
import { TRADE_TX_OPTIONS } from '../psbt/codec.ts';
import { TRADE_LOCKTIME, TRADE_TX_VERSION } from '../psbt/seller-signature.ts';
import { checkDistinctOutpoints, checkWalletUtxos, type WalletUtxo } from '../psbt/utxo.ts';
import type { MultisigWallet } from './script.ts';

// What the wallet builders share: the transaction template and the checks of a wallet's coins.

/** Version 2 (CSV needs it for recovery, and every trade uses it), locktime 0. */
export function walletTransaction(): Transaction {
  return new Transaction({
    ...TRADE_TX_OPTIONS,
    version: TRADE_TX_VERSION,
    lockTime: TRADE_LOCKTIME,
  });
}

/**
 * Refuses multisig coins that are not at the wallet's script, spent twice, or (when they are to
 * pay) flagged as inscribed. Throws TradeError.
 */
export function checkMultisigCoins(wallet: MultisigWallet, utxos: readonly WalletUtxo[]): void {
  checkWalletUtxos(utxos, wallet, 'inscribed-utxo-as-payment');
  checkDistinctOutpoints(utxos);
}

/** The PSBT fields of a multisig input besides witnessUtxo. */
export function multisigFields(wallet: MultisigWallet): { witnessScript: Uint8Array } {
  return { witnessScript: wallet.witnessScript };
}
