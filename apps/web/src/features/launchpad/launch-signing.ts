import { SELLER_SIGHASH } from '@om/bitcoin';
import {
  ACCEPT_TERMS_FIRST,
  ConfirmLaunchPsbtPayloadSchema,
  CONNECT_YOUR_WALLET,
  CREATE_LAUNCHPAD_FIRST,
  LaunchPsbtPayloadSchema,
  PSBT_ALREADY_SIGNED,
  PSBT_NOT_SIGNED,
  psbtSignedToast,
  SIGNING_PSBT_FAILED,
  UNEXPECTED_SIGNING_ERROR,
  type LaunchPsbtPayload,
} from '@om/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, api, errorMessage } from '../../lib/api-client.ts';
import { configQueries } from '../../shared/config.queries.ts';
import { fetchVerifiedWallet } from '../multisig/multisig.queries.ts';
import { WalletCheckError } from '../multisig/multisig-wallet.ts';
import { signStep, TradeFlowError } from '../signing/flow-steps.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import type { InputToSign } from '../wallet/wallet.types.ts';
import { launchInfoQueries } from './launch-info.queries.ts';
import { reviewLaunchPsbt } from './launch-psbt-review.ts';
import type { SignPhase } from './sign-phases.ts';

/** A launch step that stopped: the spec's toast and, when there is one, the reason under it. */
class LaunchStepError extends Error {
  override readonly name = 'LaunchStepError';
  constructor(
    readonly title: string,
    readonly description?: string,
  ) {
    super(description ? `${title} ${description}` : title);
  }
}

/**
 * The toast of a failed launch step: our own titled errors, the wallet's ('Failed to sign psbt'
 * and its reason), or the server's message as it gave it.
 */
function toastLaunchError(error: unknown, fallbackTitle: string): void {
  if (error instanceof LaunchStepError || error instanceof TradeFlowError) {
    toast.error(error.title, error.description ? { description: error.description } : {});
  } else if (error instanceof ApiError) {
    toast.error(error.messages.join(' ') || fallbackTitle);
  } else {
    toast.error(fallbackTitle, { description: errorMessage(error) });
  }
}

/** What the wallet is asked: a listing's inputs SINGLE|ANYONECANPAY only, a deposit's with ALL. */
function inputsToSignOf(payload: LaunchPsbtPayload): InputToSign[] {
  return payload.inputsToSign.map(({ index, address }) =>
    payload.kind === 'listing'
      ? { index, address, sighashTypes: [SELLER_SIGHASH] }
      : { index, address },
  );
}

export type SignPhaseContext = {
  launchpadId: string | null;
  termsAccepted: boolean;
  /** The most the creator pays for a deposit, in sat/vB. */
  feeRate: number;
};

/**
 * Signs one phase (product.md#states-and-transitions "Phase signing", ADR 010): each pending batch
 * in order, deposits first, through get-psbt → the browser's review → the wallet → confirm, with a
 * toast per batch. The launch's info is fetched again afterwards, so the phase shows Complete once
 * active.
 */
export function useSignPhase(context: SignPhaseContext) {
  const { wallet, signPsbt } = useWallet();
  const queryClient = useQueryClient();
  const { launchpadId, termsAccepted, feeRate } = context;

  return useMutation({
    mutationFn: async (phase: SignPhase) => {
      if (!launchpadId) throw new LaunchStepError(CREATE_LAUNCHPAD_FIRST);
      if (!termsAccepted) throw new LaunchStepError(ACCEPT_TERMS_FIRST);
      if (!wallet) throw new LaunchStepError(CONNECT_YOUR_WALLET);
      if (phase.pendingPsbts.length === 0) throw new LaunchStepError(PSBT_ALREADY_SIGNED);
      const { network, platformFeeBps } = await queryClient.ensureQueryData(configQueries.app());
      const maker = await fetchVerifiedWallet(queryClient, 'maker', wallet).catch((error) => {
        if (error instanceof WalletCheckError) {
          throw new LaunchStepError(SIGNING_PSBT_FAILED, error.message);
        }
        throw error;
      });
      for (const batch of phase.pendingPsbts) {
        const path = encodeURIComponent(batch.id);
        const payload = await api.get(`/api/launchpad/get-psbt/${path}`, LaunchPsbtPayloadSchema);
        const problems = reviewLaunchPsbt(payload, {
          network,
          wallet,
          maker: maker.info,
          batch,
          price: phase.price,
          feeRate,
          platformFeeBps,
        });
        if (problems.length > 0) throw new LaunchStepError(SIGNING_PSBT_FAILED, problems.join(' '));
        const signedPsbt = await signStep(signPsbt, {
          psbtBase64: payload.psbt,
          inputsToSign: inputsToSignOf(payload),
          finalize: false,
        });
        if (!signedPsbt || signedPsbt === payload.psbt) {
          throw new LaunchStepError(SIGNING_PSBT_FAILED, PSBT_NOT_SIGNED);
        }
        await api.put(
          `/api/launchpad/confirm/${path}`,
          { signedPsbt },
          ConfirmLaunchPsbtPayloadSchema,
        );
        toast.success(psbtSignedToast(batch.id));
      }
    },
    onError: (error) => toastLaunchError(error, UNEXPECTED_SIGNING_ERROR),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: launchInfoQueries.info(launchpadId).queryKey }),
  });
}
