import {
  INSCRIPTION_ID_CHECK_DEBOUNCE_MS,
  INSCRIPTION_INVALID_OR_NOT_OWNED,
  INSCRIPTION_NOT_OWNED,
  isValidInscriptionId,
  utxoFromSatpoint,
  type InscriptionDetailsPayload,
} from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useDebouncedValue } from '../../shared/use-debounced-value.ts';
import { inscriptionQueries } from '../../shared/inscriptions.queries.ts';
import type { WalletAccount } from '../wallet/wallet.types.ts';

/** Held by the connected wallet, but on its payment address: the auction's deposit cannot sign it. */
const ON_PAYMENT_ADDRESS =
  'This inscription is on your payment address: send it to your ordinals address to auction it.';
const INSCRIPTION_MOVING =
  'This inscription is moving in an unconfirmed transaction: try again once it confirms.';

export type AuctionInscription = {
  /** Why it cannot be auctioned, or why it could not be checked. */
  error: string | undefined;
  /** The indexer's answer about the id shown, once there is one. */
  details: InscriptionDetailsPayload | undefined;
  /** Another wallet holds it (product.md#validation: the warning banner). */
  isNotInWallet: boolean;
  /** 'txid:vout', when it can be auctioned. */
  utxo: string | undefined;
  isChecking: boolean;
};

const NOT_CHECKED: AuctionInscription = {
  error: undefined,
  details: undefined,
  isNotInWallet: false,
  utxo: undefined,
  isChecking: false,
};

/**
 * product.md#validation "Auction", inscription: half the slug delay after the id stops changing, a
 * well-formed id is looked up (GET /api/shared/inscriptions/details/{id}). It must sit on the
 * connected wallet's ordinals address (the server builds its deposit from there, ADR 012) and
 * not be moving; its utxo is its satpoint minus the offset.
 */
export function useAuctionInscription(
  inscriptionId: string,
  wallet: WalletAccount | null,
): AuctionInscription {
  const id = inscriptionId.trim();
  const checked = useDebouncedValue(id, INSCRIPTION_ID_CHECK_DEBOUNCE_MS);
  const isWellFormed = isValidInscriptionId(checked);
  const query = useQuery({
    ...inscriptionQueries.details(checked),
    enabled: isWellFormed && wallet !== null,
    retry: false,
  });
  if (!wallet || !isValidInscriptionId(id)) return NOT_CHECKED;
  // An answer about an id the creator has since changed says nothing about this one.
  if (checked !== id) return { ...NOT_CHECKED, isChecking: true };
  if (query.isError) {
    const isUnknown = query.error instanceof ApiError && query.error.status === 404;
    const error = isUnknown
      ? INSCRIPTION_INVALID_OR_NOT_OWNED
      : `Could not check the inscription: ${errorMessage(query.error)}`;
    return { ...NOT_CHECKED, error };
  }
  const details = query.data;
  if (!details) return { ...NOT_CHECKED, isChecking: true };
  const result = { ...NOT_CHECKED, details };
  if (!details.address) return { ...result, error: INSCRIPTION_INVALID_OR_NOT_OWNED };
  if (details.address === wallet.paymentAddress && details.address !== wallet.ordinalsAddress) {
    return { ...result, error: ON_PAYMENT_ADDRESS };
  }
  if (details.address !== wallet.ordinalsAddress) {
    return { ...result, error: INSCRIPTION_NOT_OWNED, isNotInWallet: true };
  }
  if (details.isMoving) return { ...result, error: INSCRIPTION_MOVING };
  const utxo = utxoFromSatpoint(details.satpoint);
  if (!utxo) return { ...result, error: `The inscription has no output on chain.` };
  return { ...result, utxo };
}
