import {
  FAILED_TO_BROADCAST_SWAP,
  minimumReceived,
  parseBtcToSats,
  satsToBtc,
  transactionBroadcasted,
  type SendSwapPsbt,
  type SwapPsbt,
  type SwapTxSize,
  type SwapTxSizeBody,
} from '@om/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { configQueries } from '../../shared/config.queries.ts';
import { requireWallet } from '../mint/mint.mutations.ts';
import { signStep, toastFlowError, TradeFlowError } from '../signing/flow-steps.ts';
import { walletQueries } from '../wallet/wallet.queries.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import { SwapApiError, swapApi } from './swap.api.ts';
import { saleNetworkFee, userPublicKey, type Direction } from './swap-form.ts';
import { reviewSwapPsbt, type SwapReview, type SwapReviewRequest } from './swap-review.ts';
import { swapQueries } from './swap.queries.ts';

export const NOT_SIGNING_SWAP = 'Not signing: this transaction does not match the quote.';
const SALE_BELOW_NETWORK_FEE = 'The sale would not pay its network fee.';
export const ORDER_EXPIRED = 'The quote expired before it was signed: swap again for a new one.';

/** What the page knows when Swap is pressed: the body and the limits it showed. */
export type SwapRequest = {
  body: SwapTxSizeBody;
  direction: Direction;
  poolAddress: string;
  /** Sale and route: the transfer inscription's 'txid:vout'. */
  inscriptionOutpoint?: string;
  /** Route: the second pool's address (its transfer inscription comes from there). */
  receivePoolAddress?: string;
  /** Sale: the curve's BTC for it, before the network fee the pool takes out (sats). */
  receiveBeforeFee: bigint;
  /** Purchase: the most sent, its platform fee and the network fee shown (sats). */
  maxSend: bigint;
  platformFee: bigint;
  networkFeeShown?: bigint;
};

export type PreparedSwap = {
  request: SwapRequest;
  /** The body the order was asked with (a sale's receive_amount net of its network fee). */
  body: SwapTxSizeBody;
  size: SwapTxSize;
  order: SwapPsbt;
  review: SwapReview;
};

type Terms = { body: SwapTxSizeBody; size: SwapTxSize; minReceive: bigint; networkFee: bigint };

/**
 * A sale's receive_amount is what reaches the user once the pool took the network fee out: the
 * server holds the order to it less the slippage, and get_swap_psbt's body must be the one its
 * size call answered (the checksum). So: size, the amount net of that fee, size again.
 */
async function saleTerms(request: SwapRequest, first: SwapTxSize): Promise<Terms> {
  const networkFee = saleNetworkFee(first, request.body.fee_rate);
  const receive = request.receiveBeforeFee - networkFee;
  if (receive <= 0n) throw new SwapApiError(SALE_BELOW_NETWORK_FEE, 0, undefined);
  const body = { ...request.body, receive_amount: satsToBtc(receive) };
  const size = await swapApi.txSize(body);
  return { body, size, minReceive: minimumReceived(receive, body.slipper), networkFee };
}

/**
 * A route's receive_amount is the size call's (its tokens net of every fee): the server holds the
 * order to it less the slippage; its network fee counts the second pool's inscribing.
 */
function routeTerms(request: SwapRequest, size: SwapTxSize): Terms {
  return {
    body: { ...request.body, receive_amount: size.receive_amount },
    size,
    minReceive: 0n,
    networkFee: parseBtcToSats(size.network_fee) ?? 0n,
  };
}

function purchaseTerms(request: SwapRequest, size: SwapTxSize): Terms {
  // The network fee of a purchase counts the pool's inscribing too, which its size does not
  // show: the one the page showed before Swap is the most the user agreed to.
  const answered = parseBtcToSats(size.network_fee) ?? 0n;
  const shown = request.networkFeeShown ?? answered;
  return { body: request.body, size, minReceive: 0n, networkFee: shown };
}

/**
 * A swap call's refusal reads as the service gave it (product.md#errors); the rest as other flows.
 */
function toastSwapError(error: unknown): void {
  if (error instanceof SwapApiError) toast.error(error.message);
  else toastFlowError(error, FAILED_TO_BROADCAST_SWAP);
}

/**
 * Swap (ADR 017): get_swap_psbt_txsize → get_swap_psbt → the PSBT reviewed against the quote;
 * then, on the user's word, the wallet signs (never finalizes) and send_swap_psbt broadcasts.
 */
export function useSwap() {
  const { wallet, signPsbt } = useWallet();
  const queryClient = useQueryClient();

  const prepare = useMutation({
    mutationFn: async (request: SwapRequest): Promise<PreparedSwap> => {
      const user = requireWallet(wallet);
      const first = await swapApi.txSize(request.body);
      const { body, size, minReceive, networkFee } =
        request.direction === 'sell'
          ? await saleTerms(request, first)
          : request.direction === 'route'
            ? routeTerms(request, first)
            : purchaseTerms(request, first);
      const order = await swapApi.psbt({
        ...body,
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
        feeRate: body.fee_rate,
        ...(request.inscriptionOutpoint
          ? { inscriptionOutpoint: request.inscriptionOutpoint }
          : {}),
        ...(request.receivePoolAddress ? { receivePoolAddress: request.receivePoolAddress } : {}),
        minReceive,
        maxSend: request.maxSend,
        platformFee: request.platformFee,
        networkFee,
      };
      const review = reviewSwapPsbt(order, reviewRequest);
      return { request, body, size, order, review };
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
