import type { BitcoinNetwork } from '@om/bitcoin';
import {
  collectionInfoSchema,
  CONNECT_YOUR_WALLET,
  CreateEditionPayloadSchema,
  createEditionBodySchema,
  editionFormSchema,
  toEditionPayload,
  type CreateEditionBody,
} from '@om/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../../lib/api-client.ts';
import { configQueries } from '../../shared/config.queries.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import { DraftValidationError, issueText, toastCreateError } from './launch-create.mutations.ts';
import type { LaunchDraft } from './launch-draft.ts';

class CreateEditionError extends Error {
  override readonly name = 'CreateEditionError';
}

/**
 * POST /api/launchpad/editions/create's body (product.md#records "Edition launch payload"): core's
 * toEditionPayload of the edition form and the collection information, each checked with its
 * schema first, then the whole with the server's own.
 */
function editionCreateBody(
  draft: Pick<LaunchDraft, 'info' | 'edition'>,
  network: BitcoinNetwork,
): CreateEditionBody {
  const info = collectionInfoSchema(network).safeParse(draft.info);
  if (!info.success) {
    const [first] = info.error.issues;
    const path = ['meta', ...(first?.path ?? [])];
    throw new DraftValidationError(issueText({ path, message: first?.message ?? '' }));
  }
  const [formIssue] = editionFormSchema().safeParse(draft.edition).error?.issues ?? [];
  if (formIssue) throw new DraftValidationError(formIssue.message);
  let body: CreateEditionBody;
  try {
    body = toEditionPayload(draft.edition, info.data);
  } catch (error) {
    throw new CreateEditionError(errorMessage(error));
  }
  const [issue] = createEditionBodySchema(network).safeParse(body).error?.issues ?? [];
  if (issue) throw new DraftValidationError(issueText(issue));
  return body;
}

/** Submit of the Edition flow: the launch is created (signed in) and answers its id. */
export function useCreateEdition() {
  const { wallet } = useWallet();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (draft: LaunchDraft) => {
      if (!wallet) throw new CreateEditionError(CONNECT_YOUR_WALLET);
      const { network } = await queryClient.ensureQueryData(configQueries.app());
      const body = editionCreateBody(draft, network);
      return api.post('/api/launchpad/editions/create', body, CreateEditionPayloadSchema);
    },
    onError: toastCreateError,
  });
}
