import {
  CONNECT_WALLET,
  CreateOfferPayloadSchema,
  FAILED_TO_BUY_LISTING,
  FAILED_TO_SUBMIT_LISTING_PURCHASE,
  SubmitOfferPayloadSchema,
  transactionBroadcasted,
  type CreateOfferBody,
  type CreateOfferPayload,
  type SubmitOfferBody,
} from '@om/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../lib/api-client.ts';
import { configQueries } from '../../shared/config.queries.ts';
import { inscriptionQueries } from '../../shared/inscriptions.queries.ts';
import { fetchVerifiedWallet } from '../multisig/multisig.queries.ts';
import { walletQueries } from '../wallet/wallet.queries.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import type { WalletAccount } from '../wallet/wallet.types.ts';
import { reviewPurchase, type PurchaseItem, type PurchaseReview } from './purchase-review.ts';
import { tradeQueries } from '../../shared/trade.queries.ts';
import { parseSatpoint } from '../../lib/trade-format.ts';
import { step, TradeFlowError } from '../signing/flow-steps.ts';
import { useSigningFlow } from '../signing/use-signing-flow.ts';
import { ORDER_SOURCE, saveOrderRecords } from './order-records.ts';

/** An offer the server built, and the browser's own reading of it. */
export type PreparedPurchase = {
  offer: CreateOfferPayload;
  review: PurchaseReview;
  feeRate: number;
  /** The buyer's multisig wallet, when known: its paddings are signed with the payment key. */
  multisigAddress?: string | undefined;
};

export type PurchaseResult = { txId: string; setupTxId: string | null };

/**
 * A listing to buy: located (the inscription page knows its output and offset), or picked from a
 * grid that shows only the price, and then located from the indexer before each offer.
 */
export type BuyItem = (
  PurchaseItem | Pick<PurchaseItem, 'listingId' | 'inscriptionId' | 'price'>
) & {
  /** How the market names it, for the review. */
  label?: string;
  /** Its inscription sits in the seller's maker wallet: the platform co-signs (ADR 009). */
  isSnipeProtected?: boolean;
};

/** Where the inscription sits now: its satpoint, read fresh, as the listed output to check. */
async function locate(queryClient: QueryClient, item: BuyItem): Promise<PurchaseItem> {
  if ('outpoint' in item) return item;
  const details = await queryClient.fetchQuery(inscriptionQueries.details(item.inscriptionId));
  const satpoint = parseSatpoint(details.satpoint);
  if (!satpoint) {
    throw new TradeFlowError(
      FAILED_TO_BUY_LISTING,
      `${item.label ?? item.inscriptionId} has no output on chain.`,
    );
  }
  const { listingId, inscriptionId, price } = item;
  return {
    listingId,
    inscriptionId,
    price,
    outpoint: satpoint.outpoint,
    inscriptionOffset: satpoint.offset,
  };
}

/**
 * The buyer's multisig wallet address (get-wallet), whose paddings a purchase may spend and
 * refill (ADR 009). Undefined without a compressed payment key, or when it cannot be had or is not
 * the buyer's: the review then refuses any such coin as not the buyer's, so nothing is signed
 * blindly.
 */
async function buyerMultisigAddress(
  queryClient: QueryClient,
  taker: WalletAccount,
): Promise<string | undefined> {
  try {
    return (await fetchVerifiedWallet(queryClient, 'multisig', taker)).info.address;
  } catch {
    // Reviewed without it (see above).
    return undefined;
  }
}

function requireWallet(wallet: WalletAccount | null): WalletAccount {
  if (!wallet) throw new TradeFlowError(FAILED_TO_BUY_LISTING, CONNECT_WALLET);
  return wallet;
}

/**
 * Buying listings, one or up to 20 in one transaction: `quote` asks for the purchase PSBT at a fee
 * rate (createOffer) and reviews it against what the buyer chose; `buy` signs it, and its padding
 * setup when one is chained, in one session, and submits both (submitOffer). Nothing is signed
 * while the review has problems.
 */
export function useBuyListings(items: readonly BuyItem[]) {
  const { wallet } = useWallet();
  const queryClient = useQueryClient();
  const ids = items.map((item) => item.listingId);

  const flow = useSigningFlow({
    prepareTitle: FAILED_TO_BUY_LISTING,
    title: FAILED_TO_BUY_LISTING,
    prepare: async (feeRate: number): Promise<PreparedPurchase> => {
      const taker = requireWallet(wallet);
      const body: CreateOfferBody = {
        ids,
        takerPaymentAddress: taker.paymentAddress,
        takerPaymentPublicKey: taker.paymentPublicKey,
        takerOrdinalAddress: taker.ordinalsAddress,
        feeRate,
        satScan: taker.paymentAddress === taker.ordinalsAddress,
      };
      const [offer, located, multisigAddress] = await step(FAILED_TO_BUY_LISTING, () =>
        Promise.all([
          api.post('/api/listings/protected/createOffer', body, CreateOfferPayloadSchema),
          Promise.all(items.map((item) => locate(queryClient, item))),
          buyerMultisigAddress(queryClient, taker),
        ]),
      );
      const { network, platformFeeAddress } = await queryClient.ensureQueryData(
        configQueries.app(),
      );
      const review = reviewPurchase(offer.psbt, offer.setupPsbt, offer.quote, {
        network,
        platformFeeAddress: platformFeeAddress || undefined,
        buyer: {
          paymentAddress: taker.paymentAddress,
          ordinalAddress: taker.ordinalsAddress,
          ...(multisigAddress ? { multisigAddress } : {}),
        },
        items: located,
        feeRate,
      });
      return { offer, review, feeRate, multisigAddress };
    },
    beforeSign: () => requireWallet(wallet),
    problems: ({ review }) => review.problems,
    signs: async (signOne, { offer, multisigAddress }) => {
      const taker = requireWallet(wallet);
      const signedSetup =
        offer.setupPsbt === null
          ? undefined
          : await signOne({
              psbtBase64: offer.setupPsbt,
              inputsToSign: offer.setupInputsToSign,
              finalize: false,
            });
      const signed = await signOne({
        psbtBase64: offer.psbt,
        // A multisig padding is signed by its user key, the payment key (ADR 009).
        inputsToSign: offer.inputsToSign.map((input) =>
          input.address === multisigAddress ? { ...input, address: taker.paymentAddress } : input,
        ),
        finalize: false,
      });
      return { signed, signedSetup };
    },
    submit: ({ signed, signedSetup }): Promise<PurchaseResult> => {
      const taker = requireWallet(wallet);
      const body: SubmitOfferBody = {
        ids,
        signedPSBTBase64: signed,
        ...(signedSetup === undefined ? {} : { signedSetupPSBTBase64: signedSetup }),
        takerPaymentAddress: taker.paymentAddress,
        takerOrdinalAddress: taker.ordinalsAddress,
      };
      return step(FAILED_TO_SUBMIT_LISTING_PURCHASE, () =>
        api.put('/api/listings/protected/submitOffer', body, SubmitOfferPayloadSchema),
      );
    },
    onSuccess: async ({ txId }) => {
      toast.success(transactionBroadcasted(txId));
      const taker = wallet;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: tradeQueries.all() }),
        queryClient.invalidateQueries({ queryKey: walletQueries.balances() }),
        ...items.map((item) =>
          queryClient.invalidateQueries({ queryKey: inscriptionQueries.byId(item.inscriptionId) }),
        ),
      ]);
      if (!taker) return;
      await saveOrderRecords(
        items.map((item) => ({
          source: ORDER_SOURCE,
          type: 'BuyListing',
          orderId: item.listingId,
          address: taker.ordinalsAddress,
          count: 1,
          txid: txId,
          inscriptionId: item.inscriptionId,
        })),
      );
    },
  });

  return { quote: flow.prepare, buy: flow.sign };
}
