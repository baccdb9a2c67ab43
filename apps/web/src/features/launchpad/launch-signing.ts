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
  type Network,
  type PsbtBatch,
} from '@om/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, api, errorMessage } from '../../lib/api-client.ts';
import { configQueries } from '../../shared/config.queries.ts';
import { fetchVerifiedWallet } from '../multisig/multisig.queries.ts';
import { WalletCheckError, type VerifiedWallet } from '../multisig/multisig-wallet.ts';
import { signStep, TradeFlowError } from '../signing/flow-steps.ts';
import { useSigningFlow } from '../signing/use-signing-flow.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import type { InputToSign, WalletAccount } from '../wallet/wallet.types.ts';
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

/** What every batch of a phase is reviewed against, checked once before the first. */
type PhaseChecks = {
  phase: SignPhase;
  wallet: WalletAccount;
  maker: VerifiedWallet;
  network: Network;
  platformFeeBps: number;
};

type PreparedBatch = { batch: PsbtBatch; payload: LaunchPsbtPayload };

/**
 * One batch on the one signing flow (ADR 025): get-psbt and the browser's review, the wallet,
 * confirm, and a toast per batch.
 */
function useSignBatch(feeRate: number) {
  return useSigningFlow({
    toastError: (error) => toastLaunchError(error, UNEXPECTED_SIGNING_ERROR),
    prepare: async ({ batch, checks }: { batch: PsbtBatch; checks: PhaseChecks }) => {
      const path = encodeURIComponent(batch.id);
      const payload = await api.get(`/api/launchpad/get-psbt/${path}`, LaunchPsbtPayloadSchema);
      const problems = reviewLaunchPsbt(payload, {
        network: checks.network,
        wallet: checks.wallet,
        maker: checks.maker.info,
        batch,
        price: checks.phase.price,
        feeRate,
        platformFeeBps: checks.platformFeeBps,
      });
      if (problems.length > 0) throw new LaunchStepError(SIGNING_PSBT_FAILED, problems.join(' '));
      return { batch, payload } satisfies PreparedBatch;
    },
    request: ({ payload }: PreparedBatch) => ({
      psbtBase64: payload.psbt,
      inputsToSign: inputsToSignOf(payload),
      finalize: false,
    }),
    sign: async (signPsbt, request) => {
      const signedPsbt = await signStep(signPsbt, request);
      if (!signedPsbt || signedPsbt === request.psbtBase64) {
        throw new LaunchStepError(SIGNING_PSBT_FAILED, PSBT_NOT_SIGNED);
      }
      return signedPsbt;
    },
    submit: (signedPsbt, { batch }) =>
      api.put(
        `/api/launchpad/confirm/${encodeURIComponent(batch.id)}`,
        { signedPsbt },
        ConfirmLaunchPsbtPayloadSchema,
      ),
    onSuccess: (_, { batch }) => void toast.success(psbtSignedToast(batch.id)),
  });
}

/**
 * Signs one phase (product.md#states-and-transitions "Phase signing", ADR 010): each pending batch
 * in order, deposits first, each through its own run of the signing flow, so each is reviewed on
 * its own and a failed one stops the rest. The launch's info is fetched again afterwards, so the
 * phase shows Complete once active.
 */
export function useSignPhase(context: SignPhaseContext) {
  const { wallet } = useWallet();
  const queryClient = useQueryClient();
  const { launchpadId, termsAccepted, feeRate } = context;
  const signBatch = useSignBatch(feeRate);

  const checkPhase = async (phase: SignPhase): Promise<PhaseChecks> => {
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
    return { phase, wallet, maker, network, platformFeeBps };
  };

  return useMutation({
    mutationFn: async (phase: SignPhase) => {
      // The checks' failures are told here; each batch's by its flow.
      const checks = await checkPhase(phase).catch((error: unknown) => {
        toastLaunchError(error, UNEXPECTED_SIGNING_ERROR);
        throw error;
      });
      for (const batch of phase.pendingPsbts) {
        const prepared = await signBatch.prepare.mutateAsync({ batch, checks });
        await signBatch.sign.mutateAsync(prepared);
      }
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: launchInfoQueries.info(launchpadId).queryKey }),
  });
}
