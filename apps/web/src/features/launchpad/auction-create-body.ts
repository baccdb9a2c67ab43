import type { BitcoinNetwork } from '@om/bitcoin';
import {
  AUCTION_START_SLACK_SECONDS,
  auctionDetailsSchema,
  auctionFloor,
  auctionInfoSchema,
  createAuctionBodySchema,
  isValidInscriptionId,
  NOT_ENOUGH_DATA_TO_SUBMIT_AUCTION,
  toAuctionPayload,
  WALLET_NOT_CONFIGURED,
  type CreateAuctionBody,
} from '@om/core';
import { errorMessage } from '../../lib/api-client.ts';
import { userKeyOf } from '../multisig/multisig-wallet.ts';
import type { WalletAccount } from '../wallet/wallet.types.ts';
import type { AuctionDraft } from './auction-draft.ts';

/** A step of the auction's submission that stopped: the spec's toast and the reason under it. */
export class AuctionStepError extends Error {
  override readonly name = 'AuctionStepError';
  constructor(
    readonly title: string,
    readonly description?: string,
  ) {
    super(description ? `${title}: ${description}` : title);
  }
}

const SECTIONS: Record<string, string> = {
  meta: 'Auction information',
  utxo: 'Inscription',
  startPrice: 'Start price',
  reservePrice: 'Reserve price',
  startDate: 'Start',
  endDate: 'End',
};

/**
 * Submit checks the details again on a clock AUCTION_START_SLACK_SECONDS behind, as the server's
 * create does: a start typed as the current minute still holds when that minute has passed by the
 * time the seller submits (the form works in minutes).
 */
const submitClock = {
  now: () => new Date(Date.now() - AUCTION_START_SLACK_SECONDS * 1000),
};

function notEnoughData(section: string, message: string): AuctionStepError {
  return new AuctionStepError(NOT_ENOUGH_DATA_TO_SUBMIT_AUCTION, `${section}: ${message}`);
}

/**
 * POST /api/launchpad/auctions/create's body (product.md#records "Auction request payload"): the
 * three forms, each checked with its core schema, as core's toAuctionPayload, then the whole
 * checked with the server's own schema; the connected wallet's keys are the seller's (its payment
 * key is U of the maker wallet, so it must be compressed). Throws 'Not enough data to submit
 * auction' with what is missing, or 'Wallet is not configured correctly.'.
 */
export function auctionCreateBody(
  auction: AuctionDraft,
  wallet: WalletAccount,
  network: BitcoinNetwork,
  feeRate: number,
): CreateAuctionBody {
  const info = auctionInfoSchema(network).safeParse(auction.info);
  if (!info.success) {
    throw notEnoughData('Auction information', info.error.issues[0]?.message ?? '');
  }
  const [detailsIssue] =
    auctionDetailsSchema(submitClock).safeParse(auction.details).error?.issues ?? [];
  if (detailsIssue) throw notEnoughData('Auction details', detailsIssue.message);
  if (!isValidInscriptionId(auction.inscriptionId) || auction.utxo === '') {
    throw notEnoughData('Inscription', 'choose an inscription of your wallet');
  }
  const userPublicKey = userKeyOf(wallet);
  if (!userPublicKey) {
    throw new AuctionStepError(
      WALLET_NOT_CONFIGURED,
      'Your payment key is not a 33-byte compressed key.',
    );
  }
  let body: CreateAuctionBody;
  try {
    body = {
      ...toAuctionPayload({
        info: info.data,
        details: auction.details,
        inscriptionId: auction.inscriptionId,
        utxo: auction.utxo,
        wallet: {
          paymentAddress: wallet.paymentAddress,
          paymentPublicKey: userPublicKey,
          ordinalAddress: wallet.ordinalsAddress,
          ordinalPublicKey: wallet.ordinalsPublicKey,
        },
      }),
      feeRate,
    };
  } catch (error) {
    throw notEnoughData('Auction details', errorMessage(error));
  }
  const [issue] = createAuctionBodySchema(network).safeParse(body).error?.issues ?? [];
  if (issue) {
    const [field] = issue.path;
    throw notEnoughData(SECTIONS[String(field)] ?? String(field ?? 'Auction'), issue.message);
  }
  return body;
}

/** The body without its fee rate: what identifies the auction asked for. */
export function auctionRequestKey(body: CreateAuctionBody): string {
  const { feeRate: _feeRate, ...asked } = body;
  return JSON.stringify(asked);
}

/** The floor the seller's signed payout must pay: max(start price, reserve) (ADR 012). */
export function floorOf(body: CreateAuctionBody): bigint {
  return auctionFloor({
    startPrice: BigInt(body.startPrice),
    reservePrice: body.reservePrice === undefined ? null : BigInt(body.reservePrice),
  });
}
