import { bytesToHex, hexToBytes, parseMultisigWitnessScript } from '@om/bitcoin';
import type { AppDeps } from '../../app-deps.ts';
import { invalidInput } from '../../http/app-error.ts';
import { findWalletOfKey, walletsAt, type StoredWallet } from '../../trading/multisig.queries.ts';

// Snipe-protected listings (ADR 009): the inscription sits in the maker's maker wallet, a P2WSH
// 2-of-2 of their payment key U and a platform key. The maker signs the listing with U (0x83) from
// their payment address; the platform adds its ALL signature only inside a purchase we built.

const COMPRESSED_KEY = /^0[23][0-9a-f]{64}$/;

/**
 * The maker wallet a listing's makerOrdinalAddress names, or undefined for an ordinary listing.
 * It must be the maker wallet of makerPaymentPublicKey: a 400 naming the field otherwise.
 */
export async function protectedWalletOf(
  deps: Pick<AppDeps, 'db'>,
  body: { makerOrdinalAddress: string; makerPaymentPublicKey: string },
): Promise<StoredWallet | undefined> {
  const [wallet] = await walletsAt(deps.db, [body.makerOrdinalAddress]);
  if (!wallet) return undefined;
  if (wallet.kind !== 'maker') {
    const message =
      'makerOrdinalAddress: the multisig wallet lists nothing; move the inscription to the maker wallet';
    throw invalidInput(message, 'makerOrdinalAddress');
  }
  if (wallet.userPublicKey !== body.makerPaymentPublicKey) {
    const message =
      'makerPaymentPublicKey: not the user key of the maker wallet at makerOrdinalAddress';
    throw invalidInput(message, 'makerPaymentPublicKey');
  }
  return wallet;
}

/** The maker wallet of a payment key, when it has one (only compressed keys make one). */
export async function makerWalletOfKey(
  deps: Pick<AppDeps, 'db'>,
  paymentPublicKey: string,
): Promise<StoredWallet | undefined> {
  if (!COMPRESSED_KEY.test(paymentPublicKey)) return undefined;
  return findWalletOfKey(deps.db, 'maker', paymentPublicKey);
}

/**
 * A protected listing's relist must come from U, the key in its witness script: a 400 naming
 * makerPaymentPublicKey otherwise.
 */
export function checkProtectedKey(witnessScript: string, makerPaymentPublicKey: string): void {
  const parts = parseMultisigWitnessScript(hexToBytes(witnessScript));
  if (!parts || bytesToHex(parts.userPublicKey) !== makerPaymentPublicKey) {
    const message =
      'makerPaymentPublicKey: not the user key of the maker wallet holding this listing';
    throw invalidInput(message, 'makerPaymentPublicKey');
  }
}
