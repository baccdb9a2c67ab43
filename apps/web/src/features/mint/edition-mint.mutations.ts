import {
  EditionMintPayloadSchema,
  EditionOrderSchema,
  EditionQuoteSchema,
  FAILED_TO_CREATE_MINT_ORDER,
  FAILED_TO_FETCH_EDITIONS_PRICE,
  transactionBroadcasted,
  type EditionMintBody,
  type EditionMintPayload,
  type EditionMintSubmitBody,
  type EditionOrder,
  type EditionPriceBody,
  type EditionQuote,
} from '@om/core';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, api } from '../../lib/api-client.ts';
import { configQueries } from '../../shared/config.queries.ts';
import { launchesQueries } from '../launches/launches.queries.ts';
import { tradeQueries } from '../../shared/trade.queries.ts';
import { describeError, step, TradeFlowError } from '../signing/flow-steps.ts';
import { useSigningFlow } from '../signing/use-signing-flow.ts';
import { ORDER_SOURCE, saveOrderRecords } from '../trade/order-records.ts';
import { walletQueries } from '../wallet/wallet.queries.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import { reviewEditionMint, type EditionMintReview } from './edition-mint-review.ts';
import { editionMintQueries } from './edition-mint.queries.ts';
import { NO_OPEN_PHASE } from './mint-rules.ts';
import { offerCall, requireWallet, type MintRequest } from './mint.mutations.ts';

/** The fallback title of a submit that failed without the server's words. */
const EDITION_MINT_FAILED = 'Could not mint the editions';

export type PreparedEditionMint = MintRequest & {
  quoted: EditionQuote;
  order: EditionMintPayload;
  review: EditionMintReview;
};

/** POST /api/launchpad/editions/price; a failure is 'Failed to fetch price for editions' with the status. */
async function fetchEditionPrice(body: EditionPriceBody): Promise<EditionQuote> {
  try {
    return await api.post('/api/launchpad/editions/price', body, EditionQuoteSchema);
  } catch (error) {
    const reason = describeError(error);
    const status = error instanceof ApiError ? `Status ${error.status}` : '';
    throw new TradeFlowError(
      FAILED_TO_FETCH_EDITIONS_PRICE,
      [status, reason].filter(Boolean).join(': '),
    );
  }
}

/**
 * Minting editions (product.md#market-calls, core editions.api.ts): `prepare` asks the price,
 * creates the order and reviews its payment PSBT before any signature; `mint` signs it, submits it,
 * records the order (EditionsMint) and refreshes the launch. `unitPrice` is the price the page
 * shows.
 */
export function useEditionMint(launchpadId: string, unitPrice: bigint | undefined) {
  const { wallet } = useWallet();
  const queryClient = useQueryClient();

  const flow = useSigningFlow({
    prepareTitle: FAILED_TO_CREATE_MINT_ORDER,
    title: EDITION_MINT_FAILED,
    prepare: async ({ mintCount, feeRate }: MintRequest): Promise<PreparedEditionMint> => {
      const taker = requireWallet(wallet);
      if (unitPrice === undefined) throw new TradeFlowError(NO_OPEN_PHASE, '');
      const quoted = await fetchEditionPrice({ id: launchpadId, mintCount, feeRate });
      const body: EditionMintBody = {
        id: launchpadId,
        mintCount,
        takerOrdinalAddress: taker.ordinalsAddress,
        takerPaymentAddress: taker.paymentAddress,
        takerPaymentPublicKey: taker.paymentPublicKey,
        feeRate,
      };
      const order = await offerCall(FAILED_TO_CREATE_MINT_ORDER, () =>
        api.post('/api/launchpad/editions/mint', body, EditionMintPayloadSchema),
      );
      const { network } = await step(FAILED_TO_CREATE_MINT_ORDER, () =>
        queryClient.ensureQueryData(configQueries.app()),
      );
      const review = reviewEditionMint(order, {
        network,
        paymentAddress: taker.paymentAddress,
        mintCount,
        feeRate,
        unitPrice,
        quoted,
      });
      return { mintCount, feeRate, quoted, order, review };
    },
    beforeSign: () => requireWallet(wallet),
    // Never reached from the page (its button is off), but a refused review is never signed.
    problems: ({ review }) => review.problems,
    request: ({ order }) => ({
      psbtBase64: order.psbt,
      inputsToSign: order.inputsToSign.map(({ index, address }) => ({ index, address })),
      finalize: false,
    }),
    submit: (signedPsbt, { order }): Promise<EditionOrder> => {
      const body: EditionMintSubmitBody = { orderId: order.orderId, signedPsbt };
      return offerCall(EDITION_MINT_FAILED, () =>
        api.post('/api/launchpad/editions/mint/submit', body, EditionOrderSchema),
      );
    },
    onSuccess: async (submitted, { review, mintCount }) => {
      const txId = submitted.commitTxId ?? review.txid;
      toast.success(transactionBroadcasted(txId));
      queryClient.setQueryData(editionMintQueries.order(submitted.orderId).queryKey, submitted);
      const taker = wallet;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: launchesQueries.all() }),
        queryClient.invalidateQueries({ queryKey: tradeQueries.all() }),
        queryClient.invalidateQueries({ queryKey: walletQueries.balances() }),
      ]);
      if (!taker) return;
      await saveOrderRecords([
        {
          source: ORDER_SOURCE,
          type: 'EditionsMint',
          orderId: submitted.orderId,
          address: taker.ordinalsAddress,
          count: mintCount,
          txid: txId,
        },
      ]);
    },
  });

  return { prepare: flow.prepare, mint: flow.sign };
}
