import { SELLER_SIGHASH } from '@om/bitcoin';
import {
  AUCTION_SUBMITTED_SCREEN_DELAY_MS,
  CONNECT_YOUR_WALLET,
  FAILED_TO_CONFIRM_AUCTION,
  FAILED_TO_CREATE_AUCTION,
  NO_DATA_TO_SIGN_AUCTION,
  PSBT_ALREADY_SIGNED,
  PSBT_NOT_SIGNED,
  UNEXPECTED_SIGNING_ERROR,
  type ConfirmAuctionBody,
  type CreateAuctionBody,
  type CreateAuctionPayload,
} from '@om/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { auctionApi } from '../auction/auction.api.ts';
import { configQueries } from '../../shared/config.queries.ts';
import { fetchVerifiedWallet } from '../multisig/multisig.queries.ts';
import type { VerifiedWallet } from '../multisig/multisig-wallet.ts';
import { TradeFlowError } from '../signing/flow-steps.ts';
import { useSigningFlow } from '../signing/use-signing-flow.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import type { InputToSign, SignPsbtRequest, WalletAccount } from '../wallet/wallet.types.ts';
import { AuctionStepError, auctionRequestKey, floorOf } from './auction-create-body.ts';
import type { AuctionDraft, AuctionSignatures, CreatedAuction } from './auction-draft.ts';
import { reviewAuctionPsbts, type AuctionPsbtReview } from './auction-psbt-review.ts';
import type { LaunchDraft } from './launch-draft.ts';
import { useAuctionPatch } from './use-auction-patch.ts';

/** The toast of a step that stopped: its own title, or `fallback` with the reason under it. */
function toastStepError(error: unknown, fallback: string): void {
  if (error instanceof AuctionStepError || error instanceof TradeFlowError) {
    toast.error(error.title, error.description ? { description: error.description } : {});
  } else {
    // An auction call's message is the first of its errors (AuctionApiError).
    toast.error(fallback, { description: errorMessage(error) });
  }
}

/**
 * product.md#creator-calls: the confirm call's errors[] each shown as a toast, the fallback
 * without any.
 */
function toastConfirmError(error: unknown): void {
  const messages =
    error instanceof ApiError ? [...new Set(error.errors.map((e) => e.msg).filter(Boolean))] : [];
  if (messages.length === 0 && error instanceof ApiError && error.error) messages.push(error.error);
  if (messages.length === 0) {
    toastStepError(error, FAILED_TO_CONFIRM_AUCTION);
    return;
  }
  for (const message of messages) toast.error(message);
}

/**
 * The create answer holds nothing to sign (product.md#wizard-screens: the auction's Submission
 * Failed).
 */
class NothingToSignError extends Error {
  override readonly name = 'NothingToSignError';
}

/** A create or confirm call that failed, told apart from the signing between them. */
class AuctionCallError extends Error {
  override readonly name = 'AuctionCallError';
  constructor(
    readonly call: 'create' | 'confirm',
    readonly reason: unknown,
  ) {
    super(errorMessage(reason));
  }
}

/** Tags what a failed call threw with the call, so its toast is that call's own. */
function callFailed(call: AuctionCallError['call']) {
  return (error: unknown): never => {
    if (error instanceof NothingToSignError) throw error;
    throw new AuctionCallError(call, error);
  };
}

/** Each failure's toast: the create's, the signing's or the confirm's (product.md#errors). */
function toastAuctionError(error: unknown): void {
  if (error instanceof NothingToSignError) {
    toast.error(NO_DATA_TO_SIGN_AUCTION);
  } else if (error instanceof AuctionCallError && error.call === 'create') {
    toastStepError(error.reason, FAILED_TO_CREATE_AUCTION);
  } else if (error instanceof AuctionCallError) {
    toastConfirmError(error.reason);
  } else {
    toastStepError(error, UNEXPECTED_SIGNING_ERROR);
  }
}

/** The deposit: the inscription by the ordinals address, the fee coins by the payment address. */
function depositInputs(payload: CreateAuctionPayload, seller: WalletAccount): InputToSign[] {
  return [
    ...payload.makerOrdinalInputIndices.map((index) => ({
      index,
      address: seller.ordinalsAddress,
    })),
    ...payload.makerPaymentInputIndices.map((index) => ({ index, address: seller.paymentAddress })),
  ];
}

/** The settlement: the maker wallet's inputs, SINGLE|ANYONECANPAY (the floor), by the seller. */
function settlementRequest(payload: CreateAuctionPayload): SignPsbtRequest {
  return {
    psbtBase64: payload.settlementPsbtBase64,
    inputsToSign: payload.settlementInputsToSign.map(({ index, address }) => ({
      index,
      address,
      sighashTypes: [SELLER_SIGHASH],
    })),
    finalize: false,
  };
}

/** A wallet that answered nothing, or the PSBT untouched, did not sign it. */
async function signChecked(
  signOne: (request: SignPsbtRequest) => Promise<string>,
  request: SignPsbtRequest,
): Promise<string> {
  const signed = await signOne(request);
  if (!signed || signed === request.psbtBase64) throw new AuctionStepError(PSBT_NOT_SIGNED);
  return signed;
}

async function reviewCreated(
  queryClient: QueryClient,
  seller: WalletAccount,
  payload: CreateAuctionPayload,
  body: CreateAuctionBody,
): Promise<AuctionPsbtReview> {
  const config = await queryClient.ensureQueryData(configQueries.app());
  const context = {
    network: config.network,
    wallet: seller,
    utxo: body.utxo,
    floor: floorOf(body),
    feeRate: body.feeRate ?? 0,
    platformFeeBps: config.platformFeeBps,
  };
  let maker: VerifiedWallet;
  try {
    maker = await fetchVerifiedWallet(queryClient, 'maker', seller);
  } catch (error) {
    // Never signed without knowing the maker wallet is the seller's own 2-of-2.
    const unchecked = { address: '', witnessScript: '' };
    const review = reviewAuctionPsbts(payload, { ...context, maker: unchecked });
    return {
      ...review,
      problems: [`Your maker wallet could not be checked: ${errorMessage(error)}`],
    };
  }
  return reviewAuctionPsbts(payload, { ...context, maker: maker.info });
}

type Submission = { created: CreatedAuction | null; body: CreateAuctionBody };

/**
 * The auction's Submit (product.md#states-and-transitions "Auction", product.md#creator-calls,
 * ADR 012) on the one signing flow (ADR 025): create answers the two PSBTs, which the browser
 * reviews; one Sign has the wallet sign both, then confirm broadcasts the deposit and the
 * Submitted screen follows 2 s later. Any failure returns to Submit with its toast. The created
 * auction (and its signatures, kept as soon as both are signed) stay in the draft: a second Submit
 * of the same request carries on with it, and a failed confirm is retried without signing again.
 */
export function useAuctionSubmission(
  auction: AuctionDraft,
  onChange: (patch: Partial<LaunchDraft>) => void,
) {
  const { wallet } = useWallet();
  const queryClient = useQueryClient();
  const patchAuction = useAuctionPatch(auction, onChange);
  const seller = (): WalletAccount => {
    if (!wallet) throw new AuctionStepError(CONNECT_YOUR_WALLET);
    return wallet;
  };

  const create = async ({ created, body }: Submission): Promise<CreatedAuction> => {
    const account = seller();
    const request = auctionRequestKey(body);
    if (created?.request === request) return created;
    const payload = await auctionApi.create(body);
    if (!payload.psbtBase64 || !payload.settlementPsbtBase64) throw new NothingToSignError();
    const review = await reviewCreated(queryClient, account, payload, body);
    return { request, payload, review, signed: null };
  };

  const { prepare, sign } = useSigningFlow({
    toastError: toastAuctionError,
    prepare: (submission: Submission) => create(submission).catch(callFailed('create')),
    signs: async (signOne, created: CreatedAuction): Promise<AuctionSignatures> => {
      if (created.signed) return created.signed;
      const { payload } = created;
      const signedPSBT = await signChecked(signOne, {
        psbtBase64: payload.psbtBase64,
        inputsToSign: depositInputs(payload, seller()),
        finalize: false,
      });
      const signedSettlementPSBT = await signChecked(signOne, settlementRequest(payload));
      const signed = { signedPSBT, signedSettlementPSBT };
      patchAuction({ created: { ...created, signed } });
      return signed;
    },
    submit: (signed, created) => {
      const body: ConfirmAuctionBody = { auctionId: created.payload.auction_id, ...signed };
      return auctionApi.confirm(body).catch(callFailed('confirm'));
    },
    onSuccess: () => {
      setTimeout(() => onChange({ submitState: 'submitted' }), AUCTION_SUBMITTED_SCREEN_DELAY_MS);
    },
    onError: (error) => {
      onChange({ submitState: error instanceof NothingToSignError ? 'failed' : 'submit' });
    },
  });

  /** Submit: the state turns Submitting and the auction is created (or the created one reused). */
  const submit = (submission: Submission) => {
    onChange({ submitState: 'submitting' });
    prepare.mutate(submission, {
      onSuccess: (created) => {
        patchAuction({ created });
        // Signed before and not confirmed (the confirm call failed): it is confirmed, not re-signed.
        if (created.signed) sign.mutate(created);
      },
    });
  };

  /** The one Sign click: both PSBTs, once; 'Psbt already signed' after that. */
  const signBoth = (created: CreatedAuction | null) => {
    if (!created) return void toast.error(NO_DATA_TO_SIGN_AUCTION);
    if (created.signed) return void toast.error(PSBT_ALREADY_SIGNED);
    if (!sign.isPending) sign.mutate(created);
  };

  // Signing and confirming are one run of the flow; the draft's signatures tell them apart.
  const isSigned = auction.created?.signed != null;
  return {
    submit,
    signBoth,
    isCreating: prepare.isPending,
    isSigning: sign.isPending && !isSigned,
    isConfirming: sign.isPending && isSigned,
    isConfirmed: sign.isSuccess,
  };
}
