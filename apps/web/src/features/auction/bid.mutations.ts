import {
  CONNECT_WALLET,
  ERROR_SAVING_BID_ORDER,
  OrderRecordSchema,
  PSBT_NOT_SIGNED,
  WALLET_NOT_CONFIGURED,
  type Auction,
  type ConfirmBidPayload,
  type OrderRecordBody,
  type PlaceBidBody,
  type PlaceBidPayload,
} from '@om/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, errorMessage } from '../../lib/api-client.ts';
import { configQueries } from '../../shared/config.queries.ts';
import { inscriptionQueries } from '../../shared/inscriptions.queries.ts';
import { fetchVerifiedWallet, multisigQueries } from '../multisig/multisig.queries.ts';
import { userKeyOf } from '../multisig/multisig-wallet.ts';
import { parseSatpoint } from '../../lib/trade-format.ts';
import { describeError, signStep, TradeFlowError } from '../signing/flow-steps.ts';
import { useSigningFlow } from '../signing/use-signing-flow.ts';
import { ORDER_SOURCE } from '../trade/order-records.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import type { WalletAccount } from '../wallet/wallet.types.ts';
import { auctionApi } from './auction.api.ts';
import { auctionQueries } from './auction.queries.ts';
import { reviewBid, type BidReview } from './bid-review.ts';

export type BidRequest = { amount: bigint; feeRate: number };
export type PreparedBid = BidRequest & { placed: PlaceBidPayload; review: BidReview };
export type PlacedBid = { confirmed: ConfirmBidPayload; signedPsbt: string };

/** A step of the bid that stopped: its message is the toast (the server's first message as is). */
class BidError extends Error {
  override readonly name = 'BidError';
}

function bidder(wallet: WalletAccount | null): WalletAccount & { userPublicKey: string } {
  if (!wallet) throw new BidError(CONNECT_WALLET);
  // U of the multisig wallet that pays the bid: a 33-byte compressed key (ADR 009).
  const userPublicKey = userKeyOf(wallet);
  if (!userPublicKey) throw new BidError(WALLET_NOT_CONFIGURED);
  return { ...wallet, userPublicKey };
}

/** The toast of a failed step: the wallet's refusal with its reason, anything else as it says. */
function toastBidError(error: unknown): void {
  if (error instanceof TradeFlowError) {
    toast.error(error.title, error.description ? { description: error.description } : {});
  } else {
    toast.error(errorMessage(error));
  }
}

/** Where the inscription sits in its output: a deposit moves the output whole, so it keeps it. */
async function inscriptionOffset(queryClient: QueryClient, inscriptionId: string) {
  const details = await queryClient.fetchQuery(inscriptionQueries.details(inscriptionId));
  return parseSatpoint(details.satpoint)?.offset ?? 0n;
}

/**
 * product.md#records orders store: the bid, once it stands, as an AuctionBid record. The bid stands
 * either way, so a failure is only reported: 'Error saving bid order'.
 */
async function saveBidOrder(record: OrderRecordBody): Promise<void> {
  try {
    await api.post('/api/orders', record, OrderRecordSchema);
  } catch (error) {
    toast.error(ERROR_SAVING_BID_ORDER, { description: describeError(error) });
  }
}

/**
 * Bidding (product.md#market-calls "Auctions", ADR 012): `prepare` asks the server for the bid's
 * settlement PSBT, paid from the bidder's multisig wallet, and reviews it before any signature;
 * `place` has the wallet sign the bidder's inputs, sends it, records the order and refreshes the
 * auction.
 */
export function useBid(auction: Auction) {
  const { wallet } = useWallet();
  const queryClient = useQueryClient();

  const flow = useSigningFlow({
    toastError: toastBidError,
    prepare: async ({ amount, feeRate }: BidRequest): Promise<PreparedBid> => {
      const account = bidder(wallet);
      const body: PlaceBidBody = {
        amount: amount.toString(),
        bidderPublicKey: account.userPublicKey,
        bidderOrdinalAddress: account.ordinalsAddress,
        feeRate,
      };
      const placed = await auctionApi.placeBid(auction.slug, body);
      const [config, multisig, offset] = await Promise.all([
        queryClient.ensureQueryData(configQueries.app()),
        fetchVerifiedWallet(queryClient, 'multisig', account),
        inscriptionOffset(queryClient, auction.inscription_id),
      ]);
      const review = reviewBid(placed, {
        network: config.network,
        bidder: {
          paymentAddress: account.paymentAddress,
          ordinalAddress: account.ordinalsAddress,
          multisigAddress: multisig.info.address,
        },
        item: {
          inscriptionId: auction.inscription_id,
          outpoint: auction.utxo,
          inscriptionOffset: offset,
        },
        amount,
        feeRate,
        platformFeeAddress: config.platformFeeAddress,
      });
      return { amount, feeRate, placed, review };
    },
    beforeSign: () => bidder(wallet),
    // Never reached from the page (its button is off), but a refused review is never signed.
    problems: ({ review }) => review.problems,
    request: ({ placed }) => ({
      psbtBase64: placed.psbt,
      inputsToSign: placed.inputsToSign.map(({ index, address }) => ({ index, address })),
      finalize: false,
    }),
    sign: async (signPsbt, request) => {
      const signedPsbt = await signStep(signPsbt, request);
      if (!signedPsbt || signedPsbt === request.psbtBase64) throw new BidError(PSBT_NOT_SIGNED);
      return signedPsbt;
    },
    submit: async (signedPsbt, { placed }): Promise<PlacedBid> => {
      const confirmed = await auctionApi.confirmBid(auction.slug, placed.bidId, { signedPsbt });
      return { confirmed, signedPsbt };
    },
    onSuccess: async ({ confirmed, signedPsbt }) => {
      toast.success('Your bid stands as the highest.');
      const account = wallet;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: auctionQueries.all() }),
        queryClient.invalidateQueries({ queryKey: multisigQueries.balances() }),
      ]);
      if (!account) return;
      await saveBidOrder({
        source: ORDER_SOURCE,
        type: 'AuctionBid',
        orderId: confirmed.bidId,
        address: account.ordinalsAddress,
        count: 1,
        inscriptionId: auction.inscription_id,
        auctionId: auction.id,
        psbt: signedPsbt,
      });
    },
  });

  return { prepare: flow.prepare, place: flow.sign };
}
