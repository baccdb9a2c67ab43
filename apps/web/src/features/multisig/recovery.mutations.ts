import { BroadcastPayloadSchema, transactionBroadcasted } from '@om/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../lib/api-client.ts';
import { signStep, step, toastFlowError, TradeFlowError } from '../signing/flow-steps.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import { multisigQueries } from './multisig.queries.ts';
import { RECOVERY_BROADCAST_FAILED, RECOVERY_FAILED } from './multisig-messages.ts';
import type { VerifiedWallet } from './multisig-wallet.ts';
import { finalizeRecoveryPsbt, type RecoveryPlan } from './recovery.ts';

/**
 * `sign`: the wallet signs the recovery PSBT built in the page, which is finalized here, with no
 * platform signature. `broadcast`: optional, through our chain endpoint (POST /api/shared/tx); the
 * raw hex works with any node or Esplora too.
 */
export function useRecovery(target: VerifiedWallet) {
  const { signPsbt } = useWallet();
  const queryClient = useQueryClient();

  const sign = useMutation({
    mutationFn: async (plan: RecoveryPlan) => {
      if (plan.review.problems.length > 0) {
        throw new TradeFlowError(RECOVERY_FAILED, plan.review.problems.join(' '));
      }
      const signed = await signStep(signPsbt, {
        psbtBase64: plan.psbt,
        inputsToSign: plan.inputsToSign,
        finalize: false,
      });
      return step(RECOVERY_FAILED, async () => finalizeRecoveryPsbt(signed, target));
    },
    onError: (error) => toastFlowError(error, RECOVERY_FAILED),
  });

  const broadcast = useMutation({
    mutationFn: (hex: string) =>
      step(RECOVERY_BROADCAST_FAILED, () =>
        api.post('/api/shared/tx', { hex }, BroadcastPayloadSchema),
      ),
    onSuccess: async ({ txid }) => {
      toast.success(transactionBroadcasted(txid));
      await queryClient.invalidateQueries({ queryKey: multisigQueries.balances() });
    },
    onError: (error) => toastFlowError(error, RECOVERY_BROADCAST_FAILED),
  });

  return { sign, broadcast };
}
