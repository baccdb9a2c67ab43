import { equalBytes } from '../bytes.ts';
import { toXOnly } from '../keys.ts';
import { checkMultisigWallet } from '../multisig/script.ts';
import { inputTypeOf, type InputType } from './fees.ts';
import { multisigInputRole, walletInputRole, type InputRole } from './input-role.ts';
import type { Buyer } from './buyer.ts';
import { TradeError } from './trade-error.ts';
import type { KeySpendFields, PaymentWallet, WalletUtxo } from './utxo.ts';

/** Where a purchase's paddings come from, and where output 0 and the new paddings go. */
export type PaddingSource = {
  script: Uint8Array;
  utxos: readonly WalletUtxo[];
  inputType: InputType;
  fields: KeySpendFields & { witnessScript?: Uint8Array };
  role: InputRole;
};

/**
 * The payment address, or the buyer's multisig wallet when given (ADR 009), whose user key must
 * be the payment key: the buyer's wallet signs paddings and payments with one key.
 */
export function paddingSource(buyer: Buyer, wallet: PaymentWallet): PaddingSource {
  const multisig = buyer.multisigPadding;
  if (!multisig) {
    const inputType = inputTypeOf(wallet.type);
    const role = walletInputRole('padding', 'buyer', wallet.type);
    return {
      script: wallet.script,
      utxos: buyer.paddingUtxos,
      inputType,
      fields: wallet.fields,
      role,
    };
  }
  const { userPublicKey } = checkMultisigWallet(multisig.wallet);
  const key = buyer.paymentPublicKey;
  const isPaymentKey =
    key.length === 32 ? equalBytes(toXOnly(userPublicKey), key) : equalBytes(userPublicKey, key);
  if (!isPaymentKey) {
    throw new TradeError('key-mismatch', "The multisig wallet is not the payment key's");
  }
  return {
    script: multisig.wallet.script,
    utxos: multisig.utxos,
    inputType: 'p2wsh-multisig',
    fields: { witnessScript: multisig.wallet.witnessScript },
    role: multisigInputRole('padding', 'buyer'),
  };
}
