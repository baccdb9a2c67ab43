import { userKeyOf } from '../multisig/multisig-wallet.ts';
import { walletName } from '../wallet/wallet-catalog.ts';
import type { WalletAccount, WalletId } from '../wallet/wallet.types.ts';

/**
 * Wallets that sign a P2WSH input of the maker wallet with their payment key (ADR 009,
 * "Consequences"): the Dev wallet, and the extensions whose own signPsbt takes the inputs and
 * keys to sign (laser-eyes.adapter.ts). Through LaserEyes alone the others skip such inputs.
 */
const SNIPE_PROTECTION_WALLETS: readonly WalletId[] = ['dev', 'unisat', 'okx', 'wizz'];

export const SNIPE_PROTECTION_EXPLANATION =
  'Protected listings sit in your maker wallet, a 2-of-2 with the platform that you alone can ' +
  'spend after 144 blocks. A purchase needs the platform’s co-signature, so nobody can replace ' +
  'the buyer’s transaction with a higher fee.';

/** Why this wallet cannot list protected, in one line; undefined when it can. */
export function snipeProtectionBlocker(wallet: WalletAccount | null): string | undefined {
  if (!wallet) return 'Connect a wallet to protect the listing.';
  if (!SNIPE_PROTECTION_WALLETS.includes(wallet.id)) {
    return `Not available with ${walletName(wallet.id)}: it cannot sign for a maker wallet.`;
  }
  // ECDSA in the 2-of-2 needs the key's parity: only a 33-byte compressed key makes one.
  if (userKeyOf(wallet) === undefined) {
    return 'Not available: your wallet’s payment key is not a 33-byte compressed key.';
  }
  return undefined;
}
