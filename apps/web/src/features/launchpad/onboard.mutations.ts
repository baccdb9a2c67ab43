import type { BitcoinNetwork } from '@om/bitcoin';
import {
  CONNECT_YOUR_WALLET,
  FAILED_TO_ONBOARD_COLLECTION,
  OnboardCollectionPayloadSchema,
  onboardCollectionBodySchema,
  type OnboardCollectionBody,
} from '@om/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../lib/api-client.ts';
import { configQueries } from '../config/config.queries.ts';
import { describeError } from '../trade/trade-flow.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import { issueText } from './launch-create.mutations.ts';
import type { LaunchDraft } from './launch-draft.ts';

/** POST /api/collection/onboard's body (spec 000 §7 "meta, data"). */
export function onboardBody(
  draft: Pick<LaunchDraft, 'info' | 'inscriptions'>,
): OnboardCollectionBody {
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
 * first; any failure is the toast 'Failed to onboard collection' with the reason under it.
 */
export function useOnboardCollection() {
  const { wallet } = useWallet();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (draft: LaunchDraft) => {
      if (!wallet) throw new OnboardError(CONNECT_YOUR_WALLET);
      const { network } = await queryClient.ensureQueryData(configQueries.app());
      const [problem] = onboardProblems(draft, network);
      if (problem) throw new OnboardError(problem);
      return api.post(
        '/api/collection/onboard',
        onboardBody(draft),
        OnboardCollectionPayloadSchema,
      );
    },
    onError: (error) =>
      toast.error(FAILED_TO_ONBOARD_COLLECTION, { description: describeError(error) }),
  });
}
