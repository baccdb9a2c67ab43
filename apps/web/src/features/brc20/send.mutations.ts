import {
  Brc20SendPayloadSchema,
  Brc20SendPreparePayloadSchema,
  transactionBroadcasted,
  type Brc20SendPreparePayload,
  type Brc20Transferable,
} from '@om/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../lib/api-client.ts';
import { configQueries } from '../../shared/config.queries.ts';
import { requireWallet } from '../mint/mint.mutations.ts';
import { signStep, step, toastFlowError, TradeFlowError } from '../signing/flow-steps.ts';
import { walletQueries } from '../wallet/wallet.queries.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import { reviewSend, type SendReview } from './send-review.ts';

const SEND_PREPARE_FAILED = 'Could not prepare the transfer';
const SEND_FAILED = 'Could not send the transfer';

export type SendRequest = { toAddress: string; feeRate: number };
export type PreparedSend = SendRequest & { prepared: Brc20SendPreparePayload; review: SendReview };

/**
 * Sending a confirmed transfer inscription (the second step of a BRC-20 transfer):
 * POST /api/brc20/transfer/prepare, the PSBT reviewed, both kinds of inputs signed (ordinals and
 * payment), POST /api/brc20/transfer/send → 'Transaction broadcasted: {txId}'.
 */
export function useSendTransfer(transferable: Brc20Transferable) {
  const { wallet, signPsbt } = useWallet();
  const queryClient = useQueryClient();

  const prepare = useMutation({
    mutationFn: async ({ toAddress, feeRate }: SendRequest): Promise<PreparedSend> => {
      const sender = requireWallet(wallet);
      const prepared = await step(SEND_PREPARE_FAILED, () =>
        api.post(
          '/api/brc20/transfer/prepare',
          {
            inscriptionId: transferable.inscriptionId,
            toAddress,
            ordinalAddress: sender.ordinalsAddress,
            ordinalPublicKey: sender.ordinalsPublicKey,
            paymentAddress: sender.paymentAddress,
            paymentPublicKey: sender.paymentPublicKey,
            feeRate,
          },
          Brc20SendPreparePayloadSchema,
        ),
      );
      const { network } = await queryClient.ensureQueryData(configQueries.app());
      const review = reviewSend(prepared, {
        network,
        toAddress,
        ordinalsAddress: sender.ordinalsAddress,
        paymentAddress: sender.paymentAddress,
        feeRate,
        outpoint: transferable.outpoint ?? '',
      });
      return { toAddress, feeRate, prepared, review };
    },
    onError: (error) => toastFlowError(error, SEND_PREPARE_FAILED),
  });

  const send = useMutation({
    mutationFn: async ({ prepared, review }: PreparedSend): Promise<string> => {
      const sender = requireWallet(wallet);
      if (review.problems.length > 0) {
        throw new TradeFlowError(SEND_FAILED, review.problems.join(' '));
      }
      const signedPsbt = await signStep(signPsbt, {
        psbtBase64: prepared.psbt,
        inputsToSign: [
          ...prepared.ordinalInputs.map((index) => ({ index, address: sender.ordinalsAddress })),
          ...prepared.paymentInputs.map((index) => ({ index, address: sender.paymentAddress })),
        ],
        finalize: false,
      });
      const { txid } = await step(SEND_FAILED, () =>
        api.post('/api/brc20/transfer/send', { signedPsbt }, Brc20SendPayloadSchema),
      );
      return txid;
    },
    onSuccess: (txid) => {
      toast.success(transactionBroadcasted(txid));
      void queryClient.invalidateQueries({ queryKey: walletQueries.balances() });
    },
    onError: (error) => toastFlowError(error, SEND_FAILED),
  });

  return { prepare, send };
}
