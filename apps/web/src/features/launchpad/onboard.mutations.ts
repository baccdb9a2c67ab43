import type { BitcoinNetwork } from '@om/bitcoin';
import {
  CONNECT_YOUR_WALLET,
  FAILED_TO_ONBOARD_COLLECTION,
  OnboardCollectionPayloadSchema,
  onboardCollectionBodySchema,
  onboardProofMessage,
  type OnboardCollectionBody,
} from '@om/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../lib/api-client.ts';
import { configQueries } from '../../shared/config.queries.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import { createErrorMessage, issueText } from './launch-create.mutations.ts';
import type { LaunchDraft } from './launch-draft.ts';

/** POST /api/collection/onboard's body (product.md#creator-calls "meta, data"). */
function onboardBody(draft: Pick<LaunchDraft, 'info' | 'inscriptions'>): OnboardCollectionBody {
  return { meta: draft.info, data: draft.inscriptions };
}

/** What the server's own schema says about the body: one line per issue, naming where. */
export function onboardProblems(
  draft: Pick<LaunchDraft, 'info' | 'inscriptions'>,
  network: BitcoinNetwork,
): string[] {
  const parsed = onboardCollectionBodySchema(network).safeParse(onboardBody(draft));
  return (parsed.error?.issues ?? []).map(issueText);
}

class OnboardError extends Error {
  override readonly name = 'OnboardError';
}

/**
 * Submits a live collection for review (signed in): the body is checked with the server's schema
 * first; any failure is the toast 'Failed to onboard collection' with the reason under it. The
 * items sit on the ordinals address, so a wallet signed in with its payment address proves it holds
 * them with the ordinals address's signature (product.md#walk-through-fixes item 2).
 */
export function useOnboardCollection() {
  const { wallet, signMessage } = useWallet();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (draft: LaunchDraft) => {
      if (!wallet) throw new OnboardError(CONNECT_YOUR_WALLET);
      const { network } = await queryClient.ensureQueryData(configQueries.app());
      const [problem] = onboardProblems(draft, network);
      if (problem) throw new OnboardError(problem);
      const body = onboardBody(draft);
      if (wallet.ordinalsAddress !== wallet.paymentAddress) {
        const message = onboardProofMessage({
          slug: draft.info.slug,
          ordinalsAddress: wallet.ordinalsAddress,
          paymentAddress: wallet.paymentAddress,
        });
        body.ordinalsAddress = wallet.ordinalsAddress;
        body.ordinalsSignature = await signMessage(message, wallet.ordinalsAddress);
      }
      return api.post('/api/collection/onboard', body, OnboardCollectionPayloadSchema);
    },
    onError: (error) =>
      toast.error(FAILED_TO_ONBOARD_COLLECTION, { description: createErrorMessage(error) }),
  });
}
