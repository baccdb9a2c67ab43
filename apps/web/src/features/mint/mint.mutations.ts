import {
  CONNECT_WALLET,
  CreateMintOfferPayloadSchema,
  FAILED_TO_CREATE_BUY_OFFER,
  FAILED_TO_SUBMIT_BUY_OFFER,
  mintProofMessage,
  ReleaseMintOfferPayloadSchema,
  SubmitMintOfferPayloadSchema,
  transactionBroadcasted,
  UNKNOWN_ERROR,
  type CreateMintOfferBody,
  type CreateMintOfferPayload,
  type PurchaseQuote,
  type SubmitMintOfferBody,
} from '@om/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, api } from '../../lib/api-client.ts';
import { configQueries } from '../../shared/config.queries.ts';
import { inscriptionQueries } from '../../shared/inscriptions.queries.ts';
import { launchesQueries } from '../launches/launches.queries.ts';
import { fetchVerifiedWallet } from '../multisig/multisig.queries.ts';
import type { PurchaseItem, PurchaseReview } from '../trade/purchase-review.ts';
import type { PurchaseResult } from '../trade/purchase.mutations.ts';
import { tradeQueries } from '../../shared/trade.queries.ts';
import { parseSatpoint } from '../../lib/trade-format.ts';
import { describeError, step, TradeFlowError } from '../signing/flow-steps.ts';
import { useSigningFlow } from '../signing/use-signing-flow.ts';
import { ORDER_SOURCE, saveOrderRecords } from '../trade/order-records.ts';
import { walletQueries } from '../wallet/wallet.queries.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import type { WalletAccount } from '../wallet/wallet.types.ts';
import { reviewMint } from './mint-review.ts';
import { NO_OPEN_PHASE } from './mint-rules.ts';

/** The phase the page shows open: the mint must be at its price. */
export type MintPhase = {
  id: string;
  name: string;
  price: bigint;
  /** The allow list names the ordinals address, not the signed-in one: it signs a proof. */
  needsOrdinalsProof?: boolean;
};
export type MintRequest = { mintCount: number; feeRate: number };
export type PreparedMint = MintRequest & {
  offer: CreateMintOfferPayload;
  review: PurchaseReview;
};

/**
 * An offer call that failed: the server's own words when it answered (its 403 and 409 refusals
 * read as they come, product.md#errors "create and submit return ... the server error or 'Unknown
 * error occurred'"), else the spec's fallback with the reason under it.
 */
export async function offerCall<T>(fallback: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError) {
      throw new TradeFlowError(error.messages.join(' ') || UNKNOWN_ERROR, '');
    }
    throw new TradeFlowError(fallback, describeError(error));
  }
}

export function requireWallet(wallet: WalletAccount | null): WalletAccount {
  if (!wallet) throw new TradeFlowError(CONNECT_WALLET, '');
  return wallet;
}

/** Where each quoted inscription sits now, by the indexer, priced at the phase price. */
async function locateQuoted(
  queryClient: QueryClient,
  quote: PurchaseQuote,
  price: bigint,
): Promise<PurchaseItem[]> {
  return Promise.all(
    quote.items.map(async ({ listingId, inscriptionId }) => {
      const details = await queryClient.fetchQuery(inscriptionQueries.details(inscriptionId));
      // Its deposit into the maker wallet is still unconfirmed: where it will sit is not known yet.
      if (details.isMoving) {
        throw new Error(
          `Inscription ${inscriptionId} is still moving into the launch wallet; try again after the next block.`,
        );
      }
      const satpoint = parseSatpoint(details.satpoint);
      if (!satpoint) throw new Error(`Inscription ${inscriptionId} has no output on chain.`);
      return {
        listingId,
        inscriptionId,
        price,
        outpoint: satpoint.outpoint,
        inscriptionOffset: satpoint.offset,
      };
    }),
  );
}

/** POST /api/launchpad/offer/release; a failure only leaves the items to lapse on their own. */
async function releaseOffer(ids: string[]): Promise<void> {
  await api
    .post('/api/launchpad/offer/release', { ids }, ReleaseMintOfferPayloadSchema)
    .catch(() => undefined);
}

/** The buyer's multisig wallet, whose paddings the purchase may spend (as the market's buy). */
async function multisigAddressOf(queryClient: QueryClient, taker: WalletAccount) {
  try {
    return (await fetchVerifiedWallet(queryClient, 'multisig', taker)).info.address;
  } catch {
    // Reviewed without it: any such coin is then refused as not the buyer's.
    return undefined;
  }
}

/**
 * Minting from a pre-inscribed launch (product.md#market-calls offer/create, offer/submit):
 * `quote` reserves the items and reviews the purchase PSBT against what the buyer asked, before any
 * signature;
 * `mint` signs the padding setup first when there is one, then the purchase, submits, records the
 * order and refreshes the launch and the allocation.
 */
export function useMint(launchpadId: string, phase: MintPhase | undefined) {
  const { wallet, signMessage } = useWallet();
  const queryClient = useQueryClient();

  const flow = useSigningFlow({
    prepareTitle: FAILED_TO_CREATE_BUY_OFFER,
    title: FAILED_TO_SUBMIT_BUY_OFFER,
    prepare: async ({ mintCount, feeRate }: MintRequest): Promise<PreparedMint> => {
      const taker = requireWallet(wallet);
      if (!phase) throw new TradeFlowError(NO_OPEN_PHASE, '');
      const body: CreateMintOfferBody = {
        id: launchpadId,
        mintCount,
        takerOrdinalAddress: taker.ordinalsAddress,
        takerPaymentAddress: taker.paymentAddress,
        takerPaymentPublicKey: taker.paymentPublicKey,
        feeRate,
        satScan: taker.paymentAddress === taker.ordinalsAddress,
      };
      if (phase.needsOrdinalsProof) {
        const message = mintProofMessage({
          launchpadId,
          ordinalsAddress: taker.ordinalsAddress,
          paymentAddress: taker.paymentAddress,
        });
        body.ordinalsSignature = await step(FAILED_TO_CREATE_BUY_OFFER, () =>
          signMessage(message, taker.ordinalsAddress),
        );
      }
      const offer = await offerCall(FAILED_TO_CREATE_BUY_OFFER, () =>
        api.post('/api/launchpad/offer/create', body, CreateMintOfferPayloadSchema),
      );
      const [items, multisigAddress, config] = await step(FAILED_TO_CREATE_BUY_OFFER, () =>
        Promise.all([
          locateQuoted(queryClient, offer.quote, phase.price),
          multisigAddressOf(queryClient, taker),
          queryClient.ensureQueryData(configQueries.app()),
        ]),
      ).catch(async (error: unknown) => {
        // An offer that cannot be reviewed gives its items back now (product.md#walk-through-fixes
        // item 10), rather than holding the wallet's allocation until the reservation lapses.
        await releaseOffer(offer.ids);
        throw error;
      });
      const review = reviewMint(offer, {
        network: config.network,
        platformFeeAddress: config.platformFeeAddress || undefined,
        buyer: {
          paymentAddress: taker.paymentAddress,
          ordinalAddress: taker.ordinalsAddress,
          ...(multisigAddress ? { multisigAddress } : {}),
        },
        items,
        feeRate,
        mintCount,
      });
      return { offer, review, mintCount, feeRate };
    },
    beforeSign: () => requireWallet(wallet),
    // Never reached from the page (its button is off), but a refused review is never signed.
    problems: ({ review }) => review.problems,
    signs: async (signOne, { offer }) => {
      const signedSetupPsbt =
        offer.setupPsbt === null
          ? undefined
          : await signOne({
              psbtBase64: offer.setupPsbt,
              inputsToSign: offer.setupInputsToSign,
              finalize: false,
            });
      const signedPsbt = await signOne({
        psbtBase64: offer.psbt,
        inputsToSign: offer.inputsToSign,
        finalize: false,
      });
      return { signedPsbt, signedSetupPsbt };
    },
    submit: ({ signedPsbt, signedSetupPsbt }, { offer }): Promise<PurchaseResult> => {
      const body: SubmitMintOfferBody = {
        ids: offer.ids,
        signedPsbt,
        ...(signedSetupPsbt === undefined ? {} : { signedSetupPsbt }),
      };
      return offerCall(FAILED_TO_SUBMIT_BUY_OFFER, () =>
        api.post('/api/launchpad/offer/submit', body, SubmitMintOfferPayloadSchema),
      );
    },
    onSuccess: async ({ txId }, { offer }) => {
      toast.success(transactionBroadcasted(txId));
      const taker = wallet;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: launchesQueries.all() }),
        queryClient.invalidateQueries({ queryKey: tradeQueries.all() }),
        queryClient.invalidateQueries({ queryKey: walletQueries.balances() }),
      ]);
      if (!taker) return;
      await saveOrderRecords(
        offer.quote.items.map((item) => ({
          source: ORDER_SOURCE,
          type: 'PreinscribeMint',
          orderId: item.listingId,
          address: taker.ordinalsAddress,
          count: 1,
          txid: txId,
          inscriptionId: item.inscriptionId,
        })),
      );
    },
  });

  return { quote: flow.prepare, mint: flow.sign };
}
