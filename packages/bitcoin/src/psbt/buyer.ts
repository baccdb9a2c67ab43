import type { MultisigWallet } from '../multisig/script.ts';
import type { WalletUtxo } from './utxo.ts';

export type Buyer = {
  paymentAddress: string;
  /** 33-byte compressed key of the payment address (x-only accepted for P2TR). */
  paymentPublicKey: Uint8Array;
  ordinalAddress: string;
  /** Coins to pay with, all at the payment address. */
  paymentUtxos: readonly WalletUtxo[];
  /** Small coins at the payment address to put in front of the sellers (≥ 546 sats each). */
  paddingUtxos: readonly WalletUtxo[];
  /**
   * The buyer's multisig wallet (U = the payment key) and its coins: when present, the paddings
   * come from there instead of `paddingUtxos`, and output 0 and the new paddings go back to it
   * (ADR 009). The buyer signs them with ALL; the platform co-signs at finalize.
   */
  multisigPadding?: { wallet: MultisigWallet; utxos: readonly WalletUtxo[] };
};
