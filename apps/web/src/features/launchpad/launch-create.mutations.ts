import type { BitcoinNetwork } from '@om/bitcoin';
import {
  CONNECT_YOUR_WALLET,
  CreateLaunchpadPayloadSchema,
  createLaunchpadBodySchema,
  FAILED_TO_CREATE_LAUNCHPAD,
  failedToCreateLaunchpad,
  toSubmittedPhases,
  type CreateLaunchpadBody,
  validationError,
} from '@om/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, errorMessage, api } from '../../lib/api-client.ts';
import { configQueries } from '../../shared/config.queries.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import type { WalletAccount } from '../wallet/wallet.types.ts';
import type { LaunchDraft } from './launch-draft.ts';

/**
 * POST /api/launchpad/create's body (product.md#records "Launchpad request", ADR 010): the
 * connected wallet's keys as the maker's (its payment address receives the payouts and pays the
 * deposit), the collection information as meta, the inscriptions as data, the phases as submitted.
 */
function createLaunchpadBody(
  draft: Pick<LaunchDraft, 'info' | 'inscriptions' | 'phases'>,
  wallet: WalletAccount,
  feeRate: number,
  network: BitcoinNetwork,
): CreateLaunchpadBody {
  return {
    slug: draft.info.slug,
    makerPaymentAddress: wallet.paymentAddress,
    makerPaymentPublicKey: wallet.paymentPublicKey,
    makerOrdinalAddress: wallet.ordinalsAddress,
    makerOrdinalPublicKey: wallet.ordinalsPublicKey,
    meta: draft.info,
    data: draft.inscriptions,
    phases: toSubmittedPhases(draft.phases, network),
    feeRate,
  };
}

const SECTIONS: Record<string, string> = {
  meta: 'Collection information',
  data: 'Inscriptions',
  phases: 'Phases',
};

/** A schema issue as one line that names where it is: 'Phase 2: Whitelist cannot be empty.'. */
export function issueText(issue: { path: readonly PropertyKey[]; message: string }): string {
  const [section, index] = issue.path;
  if (section === 'phases' && typeof index === 'number') {
    return `Phase ${index + 1}: ${issue.message}`;
  }
  if (section === 'data' && typeof index === 'number') {
    return `Inscription ${index + 1}: ${issue.message}`;
  }
  const label = typeof section === 'string' ? SECTIONS[section] : undefined;
  return label ? `${label}: ${issue.message}` : issue.message;
}

class CreateLaunchError extends Error {
  override readonly name = 'CreateLaunchError';
}

/** The draft fails the server's own schema, checked here before anything is sent. */
export class DraftValidationError extends Error {
  override readonly name = 'DraftValidationError';
}

/** The body, checked with the server's own schema before it is sent. */
function checkedBody(
  draft: LaunchDraft,
  wallet: WalletAccount,
  feeRate: number,
  network: BitcoinNetwork,
): CreateLaunchpadBody {
  let body: CreateLaunchpadBody;
  try {
    body = createLaunchpadBody(draft, wallet, feeRate, network);
  } catch (error) {
    // toSubmittedPhases refuses a phase whose dates are incomplete.
    throw new CreateLaunchError(errorMessage(error));
  }
  const parsed = createLaunchpadBodySchema(network).safeParse(body);
  const [issue] = parsed.error?.issues ?? [];
  if (issue) throw new DraftValidationError(issueText(issue));
  return body;
}

/**
 * A server message said without its schema path (product.md#walk-through-fixes item 12):
 * 'data.0.id: Inscription …' as 'Inscription …', 'meta.icon: must be …' as 'Collection information:
 * must be …'. A message of another field, or with no path, is kept as it is.
 */
function humanServerMessage(message: string): string {
  const match = /^(\w+)(?:\.(\d+))?(?:\.\w+)*: (.+)$/s.exec(message);
  const [, section = '', index, rest = ''] = match ?? [];
  if (!match || !(section in SECTIONS)) return message;
  if (section === 'data' && /^inscription /i.test(rest)) {
    return rest.charAt(0).toUpperCase() + rest.slice(1);
  }
  return issueText({
    path: index === undefined ? [section] : [section, Number(index)],
    message: rest,
  });
}

/** Why a create call failed: every message the server gave, said for people, or the error's own. */
export function createErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.messages.map(humanServerMessage).join(' ');
  return error instanceof Error ? error.message : '';
}

/**
 * 'Validation error: {message}' for a draft the schema refuses before it is sent
 * (product.md#errors); otherwise 'Failed to create launchpad: {message}', or the bare title when
 * there is no message.
 */
export function toastCreateError(error: unknown): void {
  if (error instanceof DraftValidationError) {
    toast.error(validationError(error.message));
    return;
  }
  const message = createErrorMessage(error);
  toast.error(message ? failedToCreateLaunchpad(message) : FAILED_TO_CREATE_LAUNCHPAD);
}

/** Create Launchpad: the launch is stored 'initializing' and its id kept in the draft. */
export function useCreateLaunchpad({ onCreated }: { onCreated: (launchpadId: string) => void }) {
  const { wallet } = useWallet();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ draft, feeRate }: { draft: LaunchDraft; feeRate: number }) => {
      if (!wallet) throw new CreateLaunchError(CONNECT_YOUR_WALLET);
      const { network } = await queryClient.ensureQueryData(configQueries.app());
      const body = checkedBody(draft, wallet, feeRate, network);
      return api.post('/api/launchpad/create', body, CreateLaunchpadPayloadSchema);
    },
    onSuccess: ({ launchpadId }) => onCreated(launchpadId),
    onError: toastCreateError,
  });
}
