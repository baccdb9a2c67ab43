import {
  bytesToHex,
  hexToBytes,
  MULTISIG_CSV_DELAY,
  multisigWallet,
  parseMultisigWitnessScript,
  type BitcoinNetwork,
  type MultisigWallet as ScriptWallet,
} from '@om/bitcoin';
import type { MultisigWallet } from '@om/core';
import type { WalletAccount } from '../wallet/wallet.types.ts';

/** A wallet the server returned, rebuilt here from its witness script and found to be ours. */
export type VerifiedWallet = {
  info: MultisigWallet;
  /** Its user alone can spend a coin after MULTISIG_CSV_DELAY (144) blocks. */
  wallet: ScriptWallet;
};

/** The connected wallet as both multisig wallets need it. */
export type MultisigAccount = {
  account: WalletAccount;
  /** The payment key, compressed: the user key U of both wallets. */
  userPublicKey: string;
  network: BitcoinNetwork;
};

/**
 * The user key of the wallets: the payment public key, which must be 33-byte compressed because
 * ECDSA needs the parity that a 32-byte x-only key drops. Undefined otherwise, and the pages say
 * 'Wallet is not configured correctly.'.
 */
export function userKeyOf(account: Pick<WalletAccount, 'paymentPublicKey'>): string | undefined {
  const key = account.paymentPublicKey;
  return /^0[23][0-9a-f]{64}$/i.test(key) ? key.toLowerCase() : undefined;
}

/** The connected wallet as the multisig wallets need it; undefined without a compressed key. */
export function multisigAccountOf(
  account: WalletAccount,
  network: BitcoinNetwork,
): MultisigAccount | undefined {
  const userPublicKey = userKeyOf(account);
  return userPublicKey ? { account, userPublicKey, network } : undefined;
}

export const WALLET_KIND_LABELS = { multisig: 'multisig wallet', maker: 'maker wallet' } as const;

/** A wallet the server named that is not the user's own 2-of-2; the message says why. */
export class WalletCheckError extends Error {
  override readonly name = 'WalletCheckError';
}

/**
 * Checks a wallet the server named before anything is paid into it or signed from it: its script
 * must be the 2-of-2 with a user-only exit after 144 blocks (ADR 009), its user key ours, its
 * address the P2WSH of the script. Otherwise a deposit could go to an address the user cannot
 * leave alone. Throws a WalletCheckError saying which.
 */
export function checkWallet(
  claimed: Pick<MultisigWallet, 'address' | 'witnessScript'>,
  userPublicKey: string,
  network: BitcoinNetwork,
  label = 'wallet',
): ScriptWallet {
  const parts = /^([0-9a-f]{2})+$/i.test(claimed.witnessScript)
    ? parseMultisigWitnessScript(hexToBytes(claimed.witnessScript))
    : undefined;
  if (!parts)
    throw new WalletCheckError(`The ${label}'s script is not a 2-of-2 with a user-only exit.`);
  if (parts.delay !== MULTISIG_CSV_DELAY) {
    throw new WalletCheckError(
      `The ${label}'s user-only exit opens after ${parts.delay} blocks, not ${MULTISIG_CSV_DELAY}.`,
    );
  }
  if (bytesToHex(parts.userPublicKey) !== userPublicKey.toLowerCase()) {
    throw new WalletCheckError(`The ${label} is not built on your payment key.`);
  }
  const wallet = multisigWallet(parts.userPublicKey, parts.platformPublicKey, network, parts.delay);
  if (wallet.address !== claimed.address) {
    throw new WalletCheckError(`The ${label}'s address does not belong to its script.`);
  }
  return wallet;
}

/** The server's get-wallet / get-maker-wallet answer, checked (checkWallet). */
export function verifyWallet(
  info: MultisigWallet,
  userPublicKey: string,
  network: BitcoinNetwork,
): VerifiedWallet {
  const wallet = checkWallet(info, userPublicKey, network, WALLET_KIND_LABELS[info.kind]);
  return { info, wallet };
}
