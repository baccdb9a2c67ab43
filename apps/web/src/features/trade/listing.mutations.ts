import { SELLER_SIGHASH } from '@om/bitcoin';
import {
  CONNECT_WALLET,
  ConfirmListingPayloadSchema,
  CreateListingPayloadSchema,
  INSCRIPTION_PRICE_CHANGED,
  INSCRIPTIONS_LISTED,
  LISTING_FAILED,
  LISTING_PRICE_UPDATE_FAILED,
  RelistPayloadSchema,
  type CreateListingBody,
  type MultisigWallet,
} from '@om/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../lib/api-client.ts';
import { configQueries } from '../../shared/config.queries.ts';
import { fetchVerifiedWallet } from '../multisig/multisig.queries.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import type { InputToSign, WalletAccount } from '../wallet/wallet.types.ts';
import { reviewListingPsbt, type ListingReview } from './listing-review.ts';
import { tradeQueries } from '../../shared/trade.queries.ts';
import { step, TradeFlowError } from '../signing/flow-steps.ts';
import { useSigningFlow } from '../signing/use-signing-flow.ts';
import { ORDER_SOURCE, saveOrderRecords } from './order-records.ts';

/** One inscription to list, as the seller chose it. */
export type ListingDraft = {
  inscriptionId: string;
  label: string;
  outpoint: string;
  price: bigint;
  /** Where the inscription sits, when the page knows it (the maker wallet needs no deposit). */
  address?: string;
};

/** A snipe-protected listing's maker wallet, which holds the inscriptions (ADR 009). */
type ProtectingWallet = Pick<MultisigWallet, 'address' | 'witnessScript'>;

/** What to list, and, for a protected listing, the maker wallet the drafts' outputs are in. */
export type ListingRequest = { drafts: ListingDraft[]; maker?: ProtectingWallet };

/** A listing PSBT the server built, and what it makes the seller sign. */
export type PreparedListing = {
  listingIds: string[];
  psbt: string;
  inputsToSign: InputToSign[];
  drafts: ListingDraft[];
  review: ListingReview;
  isProtected: boolean;
};

/**
 * Each listing input is signed SIGHASH_SINGLE|ANYONECANPAY (0x83) and nothing else. The server
 * names the maker wallet's address for a protected input; the wallet signs it with the payment
 * key, the maker wallet's U, so it is asked by the payment address.
 */
function listingInputs(
  inputs: readonly { index: number; address: string }[],
  signer?: string,
): InputToSign[] {
  return inputs.map(({ index, address }) => ({
    index,
    address: signer ?? address,
    sighashTypes: [SELLER_SIGHASH],
  }));
}

function requireWallet(wallet: WalletAccount | null, title: string): WalletAccount {
  if (!wallet) throw new TradeFlowError(title, CONNECT_WALLET);
  return wallet;
}

async function review(
  queryClient: QueryClient,
  wallet: WalletAccount,
  psbt: string,
  drafts: ListingDraft[],
  maker?: ProtectingWallet,
): Promise<ListingReview> {
  const { network } = await queryClient.ensureQueryData(configQueries.app());
  return reviewListingPsbt(psbt, {
    network,
    ownAddresses: [wallet.paymentAddress, wallet.ordinalsAddress],
    items: drafts,
    ...(maker ? { makerWitnessScript: maker.witnessScript } : {}),
  });
}

/**
 * POST create's body. A protected listing's inscriptions sit in the maker wallet, whose key is the
 * payment key: it stands in for the ordinals address and key.
 */
function createBody(wallet: WalletAccount, { drafts, maker }: ListingRequest): CreateListingBody {
  return {
    makerPaymentAddress: wallet.paymentAddress,
    makerPaymentPublicKey: wallet.paymentPublicKey,
    makerOrdinalPublicKey: maker ? wallet.paymentPublicKey : wallet.ordinalsPublicKey,
    makerOrdinalAddress: maker ? maker.address : wallet.ordinalsAddress,
    utxos: drafts.map((d) => ({ utxo: d.outpoint, price: d.price.toString() })),
  };
}

function refreshMarket(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: tradeQueries.all() });
}

/**
 * Listing in two steps, one signature for any number of inscriptions: `prepare` asks the server
 * for the listing PSBT (POST create) and reviews it; `sign` signs it and confirms (PUT confirm).
 * A protected listing lists outputs of the maker wallet (deposit.mutations.ts moves them there).
 */
export function useListInscriptions({ onListed }: { onListed?: () => void } = {}) {
  const { wallet } = useWallet();
  const queryClient = useQueryClient();

  const flow = useSigningFlow({
    prepareTitle: LISTING_FAILED,
    title: LISTING_FAILED,
    prepare: async (request: ListingRequest): Promise<PreparedListing> => {
      const maker = requireWallet(wallet, LISTING_FAILED);
      const created = await step(LISTING_FAILED, () =>
        api.post(
          '/api/listings/protected/create',
          createBody(maker, request),
          CreateListingPayloadSchema,
        ),
      );
      const { drafts } = request;
      const isProtected = request.maker !== undefined;
      return {
        listingIds: created.listingIds,
        psbt: created.psbt,
        inputsToSign: listingInputs(
          created.inputsToSign,
          isProtected ? maker.paymentAddress : undefined,
        ),
        drafts,
        review: await review(queryClient, maker, created.psbt, drafts, request.maker),
        isProtected,
      };
    },
    beforeSign: () => requireWallet(wallet, LISTING_FAILED),
    request: (prepared) => ({
      psbtBase64: prepared.psbt,
      inputsToSign: prepared.inputsToSign,
      finalize: false,
    }),
    submit: async (signedPSBT, prepared) => {
      const maker = requireWallet(wallet, LISTING_FAILED);
      await api.put(
        '/api/listings/protected/confirm',
        { listingIds: prepared.listingIds, signedPSBT },
        ConfirmListingPayloadSchema,
      );
      return { maker };
    },
    onSuccess: async ({ maker }, prepared) => {
      toast.success(INSCRIPTIONS_LISTED);
      onListed?.();
      await refreshMarket(queryClient);
      await saveOrderRecords(
        prepared.listingIds.map((orderId, i) => ({
          source: ORDER_SOURCE,
          type: 'ListInscription',
          orderId,
          address: maker.ordinalsAddress,
          count: 1,
          inscriptionId: prepared.drafts[i]?.inscriptionId,
        })),
      );
    },
  });

  return { prepare: flow.prepare, sign: flow.sign };
}

/** A price change: the listing at the new price, signed again. */
export type PreparedRelist = PreparedListing & { price: bigint };

/** A price change to ask for; a protected listing is signed by the maker wallet's key. */
export type RelistRequest = { listingId: string; draft: ListingDraft; isProtected?: boolean };

/**
 * Changing a price: `prepare` asks for the PSBT at the new price (relist without signedPsbt) and
 * reviews it; `sign` signs it and relists with the signature.
 */
export function useRelist({ onChanged }: { onChanged?: () => void } = {}) {
  const { wallet } = useWallet();
  const queryClient = useQueryClient();
  const bodyFor = (
    maker: WalletAccount,
    listingId: string,
    price: bigint,
    isProtected: boolean,
  ) => ({
    makerPaymentAddress: maker.paymentAddress,
    makerPaymentPublicKey: maker.paymentPublicKey,
    makerOrdinalPublicKey: isProtected ? maker.paymentPublicKey : maker.ordinalsPublicKey,
    price: price.toString(),
    listingId,
  });

  const flow = useSigningFlow({
    prepareTitle: LISTING_PRICE_UPDATE_FAILED,
    title: LISTING_PRICE_UPDATE_FAILED,
    prepare: async ({
      listingId,
      draft,
      isProtected = false,
    }: RelistRequest): Promise<PreparedRelist> => {
      const maker = requireWallet(wallet, LISTING_PRICE_UPDATE_FAILED);
      const [relist, makerWallet] = await step(LISTING_PRICE_UPDATE_FAILED, () =>
        Promise.all([
          api.post(
            '/api/listings/protected/relist',
            bodyFor(maker, listingId, draft.price, isProtected),
            RelistPayloadSchema,
          ),
          isProtected
            ? fetchVerifiedWallet(queryClient, 'maker', maker).then(({ info }) => info)
            : Promise.resolve(undefined),
        ]),
      );
      return {
        listingIds: [relist.listingId],
        psbt: relist.psbt,
        inputsToSign: listingInputs(
          relist.inputsToSign,
          isProtected ? maker.paymentAddress : undefined,
        ),
        drafts: [draft],
        price: draft.price,
        review: await review(queryClient, maker, relist.psbt, [draft], makerWallet),
        isProtected,
      };
    },
    beforeSign: () => requireWallet(wallet, LISTING_PRICE_UPDATE_FAILED),
    request: (prepared) => ({
      psbtBase64: prepared.psbt,
      inputsToSign: prepared.inputsToSign,
      finalize: false,
    }),
    submit: async (signedPsbt, prepared): Promise<void> => {
      const maker = requireWallet(wallet, LISTING_PRICE_UPDATE_FAILED);
      const [listingId = ''] = prepared.listingIds;
      const relisted = await api.post(
        '/api/listings/protected/relist',
        { ...bodyFor(maker, listingId, prepared.price, prepared.isProtected), signedPsbt },
        RelistPayloadSchema,
      );
      if (!relisted.confirmed) {
        throw new TradeFlowError(LISTING_PRICE_UPDATE_FAILED, 'The new price was not confirmed.');
      }
    },
    onSuccess: async () => {
      toast.success(INSCRIPTION_PRICE_CHANGED);
      onChanged?.();
      await refreshMarket(queryClient);
    },
  });

  return { prepare: flow.prepare, sign: flow.sign };
}
