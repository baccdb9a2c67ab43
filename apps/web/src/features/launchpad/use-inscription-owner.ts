import {
  INSCRIPTION_ID_CHECK_DEBOUNCE_MS,
  INSCRIPTION_INVALID_OR_NOT_OWNED,
  inscriptionOwnershipError,
  isValidInscriptionId,
} from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useDebouncedValue } from '../../shared/use-debounced-value.ts';
import { inscriptionQueries } from '../../shared/inscriptions.queries.ts';
import type { WalletAccount } from '../wallet/wallet.types.ts';

export type InscriptionOwner = {
  /** 'Inscription does not belongs to connected wallet', the generic refusal, or why not checked. */
  error: string | undefined;
  /** The wallet address that holds the inscription shown, once checked: the one to sign with. */
  signer: string | undefined;
  isChecking: boolean;
};

const NOT_CHECKED: InscriptionOwner = { error: undefined, signer: undefined, isChecking: false };

/**
 * product.md#validation "Edition": half the slug delay after the id stops changing, a well-formed
 * id is looked up (GET /api/shared/inscriptions/details/{id}) and must sit on an address of the
 * connected wallet. An inscription the indexer does not know gets the generic message.
 */
export function useInscriptionOwner(
  inscriptionId: string,
  wallet: WalletAccount | null,
): InscriptionOwner {
  const id = inscriptionId.trim();
  const checked = useDebouncedValue(id, INSCRIPTION_ID_CHECK_DEBOUNCE_MS);
  const isWellFormed = isValidInscriptionId(checked);
  const details = useQuery({
    ...inscriptionQueries.details(checked),
    enabled: isWellFormed && wallet !== null,
    retry: false,
  });
  // An answer about an id the creator has since changed says nothing about this one.
  if (!wallet || !isWellFormed) return NOT_CHECKED;
  if (checked !== id) return { ...NOT_CHECKED, isChecking: true };
  if (details.isError) {
    const isUnknown = details.error instanceof ApiError && details.error.status === 404;
    return {
      ...NOT_CHECKED,
      error: isUnknown
        ? INSCRIPTION_INVALID_OR_NOT_OWNED
        : `Could not check the inscription: ${errorMessage(details.error)}`,
    };
  }
  if (!details.data) return { ...NOT_CHECKED, isChecking: true };
  const owner = details.data.address;
  const addresses = [wallet.ordinalsAddress, wallet.paymentAddress];
  const error = inscriptionOwnershipError(checked, owner, addresses);
  return { error, signer: error ? undefined : (owner ?? undefined), isChecking: false };
}
