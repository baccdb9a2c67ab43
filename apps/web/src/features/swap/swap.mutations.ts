import {
  FAILED_TO_BROADCAST_SWAP,
  parseBtcToSats,
  transactionBroadcasted,
  type SendSwapPsbt,
  type SwapPsbt,
  type SwapTxSize,
  type SwapTxSizeBody,
} from '@om/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { configQueries } from '../config/config.queries.ts';
import { requireWallet } from '../mint/mint.mutations.ts';
import { maxAcceptedFeeRate } from '../trade/fee-rate-slack.ts';
import { signStep, toastFlowError, TradeFlowError } from '../trade/trade-flow.ts';
import { walletQueries } from '../wallet/wallet.queries.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import { SwapApiError, swapApi } from './swap.api.ts';
import { userPublicKey, type Direction } from './swap-form.ts';
import { reviewSwapPsbt, type SwapReview, type SwapReviewRequest } from './swap-review.ts';
import { swapQueries } from './swap.queries.ts';

export const NOT_SIGNING_SWAP = 'Not signing: this transaction does not match the quote.';
export const ORDER_EXPIRED = 'The quote expired before it was signed: swap again for a new one.';

/** What the page knows when Swap is pressed: the body and the limits it showed. */
export type SwapRequest = {
  body: SwapTxSizeBody;
  direction: Direction;
  poolAddress: string;
  inscriptionOutpoint?: string;
  /** Sats: a sale's minimum received; a purchase's most sent and platform fee. */
  minReceive: bigint;
  maxSend: bigint;
  platformFee: bigint;
};

export type PreparedSwap = {
  request: SwapRequest;
  size: SwapTxSize;
  order: SwapPsbt;
  review: SwapReview;
};

/**
 * The network fee a purchase may add to what the user pays: the one the size call answered, never
 * more than its size at the rate chosen (with the one slack rule of every signing review).
 */
export function networkFeeAllowed(size: SwapTxSize, feeRate: number): bigint {
  const answered = parseBtcToSats(size.network_fee) ?? 0n;
  const most = BigInt(Math.ceil(size.tx_size * maxAcceptedFeeRate(feeRate)));
  return answered < most ? answered : most;
}

/** A swap call's refusal reads as the service gave it (spec 001 §8); the rest as other flows. */
export function toastSwapError(error: unknown): void {
  if (error instanceof SwapApiError) toast.error(error.message);
  else toastFlowError(error, FAILED_TO_BROADCAST_SWAP);
}

/**
 * Swap (issue 15): get_swap_psbt_txsize → get_swap_psbt → the PSBT reviewed against the quote;
 * then, on the user's word, the wallet signs (never finalizes) and send_swap_psbt broadcasts.
 */
export function useSwap() {
  const { wallet, signPsbt } = useWallet();
  const queryClient = useQueryClient();

  const prepare = useMutation({
    mutationFn: async (request: SwapRequest): Promise<PreparedSwap> => {
      const user = requireWallet(wallet);
      const size = await swapApi.txSize(request.body);
      const order = await swapApi.psbt({
        ...request.body,
        user_public_key: userPublicKey(user),
        tx_size: size.tx_size,
        checksum: size.checksum,
        vins: size.vins,
        usr_cnt: size.usr_cnt,
      });
      const { network } = await queryClient.ensureQueryData(configQueries.app());
      const reviewRequest: SwapReviewRequest = {
        direction: request.direction,
        network,
        paymentAddress: user.paymentAddress,
        ordinalsAddress: user.ordinalsAddress,
        poolAddress: request.poolAddress,
        feeRate: request.body.fee_rate,
        ...(request.inscriptionOutpoint
          ? { inscriptionOutpoint: request.inscriptionOutpoint }
          : {}),
        minReceive: request.minReceive,
        maxSend: request.maxSend,
        platformFee: request.platformFee,
        networkFee: networkFeeAllowed(size, request.body.fee_rate),
      };
      return { request, size, order, review: reviewSwapPsbt(order, reviewRequest) };
    },
    onError: toastSwapError,
  });

  const sign = useMutation({
    mutationFn: async ({ order, review }: PreparedSwap): Promise<SendSwapPsbt> => {
      requireWallet(wallet);
      if (review.problems.length > 0) {
        throw new TradeFlowError(NOT_SIGNING_SWAP, review.problems.join(' '));
      }
      if (Date.parse(order.expires_at) <= Date.now())
        throw new SwapApiError(ORDER_EXPIRED, 0, undefined);
      const psbt = await signStep(signPsbt, {
        psbtBase64: order.psbt,
        inputsToSign: order.inputs_to_sign.map(({ index, address }) => ({ index, address })),
        finalize: false,
      });
      return swapApi.send({ order_id: order.order_id, psbt });
    },
    onSuccess: (sent) => {
      toast.success(transactionBroadcasted(sent.tx_id));
      void queryClient.invalidateQueries({ queryKey: walletQueries.balances() });
      void queryClient.invalidateQueries({ queryKey: swapQueries.all() });
    },
    onError: toastSwapError,
  });

  return { prepare, sign };
}
