import {
  base64ToBytes,
  buildInscriptionDeposit,
  bytesToBase64,
  bytesToHex,
  finalizeSignedPsbt,
  hexToBytes,
  scriptOfAddress,
  SELLER_SIGHASH,
  verifySignedListing,
} from '@om/bitcoin';
import {
  AUCTION_SLUG_TAKEN,
  AUCTION_START_SLACK_SECONDS,
  auctionFloor,
  INSCRIPTION_NOT_OWNED,
  START_TIME_IN_PAST,
  type ConfirmAuctionBodySchema,
  type ConfirmAuctionPayload,
  type CreateAuctionPayload,
  type createAuctionBodySchema,
} from '@om/core';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { checkKeyOfAddress } from '../../http/address-input.ts';
import { AppError, invalidInput, notFound } from '../../http/app-error.ts';
import type { SessionClaims } from '../../http/auth-token.ts';
import type { AuctionDepositLayout } from '../../db/market.tables.ts';
import { settleJournal } from '../../trading/claimed-transactions.queries.ts';
import { broadcastInOrder, testMempoolAccept } from '../../trading/broadcast.ts';
import { makerFees } from '../../trading/maker-fees.ts';
import { locateInscription } from '../../trading/listing-utxo.ts';
import { listingProblemsError, withTradeErrors } from '../../trading/trade-errors.ts';
import { checkIsMaker } from '../../trading/trade-input.ts';
import { cardinalCoins } from '../../trading/wallet-coins.ts';
import { findWallet } from '../../trading/multisig.queries.ts';
import { bitcoinWallet, ensureWallet } from '../../trading/wallets.service.ts';
import { buildFloorListing, floorTermsOf } from './auction-floor.ts';
import {
  activateAuction,
  auctionIdOfSlug,
  deactivateAuction,
  findAuction,
  hasOpenAuction,
  dropUnsignedAuctions,
  insertAuction,
} from './auctions.queries.ts';

// POST /api/launchpad/auctions/create and PUT /api/launchpad/auctions/confirm (product.md#records,
// #creator-calls, ADR 012). Create checks what the schema cannot (keys, the inscription's owner and
// output, slug, dates) and builds the two PSBTs the seller signs: the deposit of the inscription
// into their maker wallet and, over that deposit's output, the 0x83 floor. Confirm checks both
// signatures, keeps the floor's on the server, and broadcasts the deposit: the auction is then
// 'active'.

type CreateBody = z.output<ReturnType<typeof createAuctionBodySchema>>;
type ConfirmBody = z.output<typeof ConfirmAuctionBodySchema>;

export async function createAuction(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  session: SessionClaims,
  body: CreateBody,
): Promise<CreateAuctionPayload> {
  const { env, db } = deps;
  const network = env.BITCOIN_NETWORK;
  checkKeyOfAddress(
    body.userPublicKey,
    body.userPaymentAddress,
    { key: 'userPublicKey', address: 'userPaymentAddress' },
    network,
  );
  checkKeyOfAddress(
    body.userOrdinalPublicKey,
    body.userOrdinalAddress,
    { key: 'userOrdinalPublicKey', address: 'userOrdinalAddress' },
    network,
  );
  checkIsMaker(
    session,
    { ordinalAddress: body.userOrdinalAddress, paymentAddress: body.userPaymentAddress },
    'userOrdinalAddress',
  );
  const now = Math.floor(Date.now() / 1000);
  if (body.startDate < now - AUCTION_START_SLACK_SECONDS) {
    throw invalidInput(START_TIME_IN_PAST, 'startDate');
  }
  const feeRate = body.feeRate ?? (await deps.chain.source.recommendedFees()).halfHourFee;
  if (feeRate > env.MAX_FEE_RATE) {
    throw invalidInput(`feeRate: at most ${env.MAX_FEE_RATE} sat/vB`, 'feeRate');
  }
  const inscriptionId = body.meta.inscription_id;
  await dropUnsignedAuctions(db, { slug: body.slug, inscriptionId, userId: session.userId });
  if (await auctionIdOfSlug(db, body.slug)) throw new AppError('CONFLICT', AUCTION_SLUG_TAKEN);
  const field = 'meta.inscription_id';
  if (await hasOpenAuction(db, inscriptionId)) {
    throw new AppError('CONFLICT', `${field}: inscription ${inscriptionId} is already on auction`);
  }
  const output = await locateInscription(deps.chain, inscriptionId, field);
  if (output.address !== body.userOrdinalAddress) throw invalidInput(INSCRIPTION_NOT_OWNED, field);
  if (output.outpoint !== body.utxo) {
    throw invalidInput(`utxo: inscription ${inscriptionId} is on ${output.outpoint}`, 'utxo');
  }
  const others = output.inscriptions.filter((id) => id !== inscriptionId);
  if (others.length > 0) {
    const message = `${field}: inscription ${inscriptionId} shares its output with ${others.join(', ')}; split them first`;
    throw invalidInput(message, field);
  }

  const wallet = await ensureWallet(deps, 'maker', body.userPublicKey, body.userPaymentAddress);
  const coins = (await cardinalCoins(deps.chain.source, body.userPaymentAddress, network)).filter(
    (coin) => `${coin.txid}:${coin.vout}` !== output.outpoint,
  );
  const deposit = withTradeErrors(
    (err) =>
      err.code === 'invalid-fee-rate' || err.code === 'fee-rate-too-high'
        ? 'feeRate'
        : err.code === 'key-mismatch'
          ? 'userOrdinalPublicKey'
          : 'userPaymentAddress',
    () =>
      buildInscriptionDeposit({
        inscriptionUtxos: [
          {
            txid: output.txid,
            vout: output.vout,
            value: output.value,
            script: scriptOfAddress(body.userOrdinalAddress, network),
            publicKey: hexToBytes(body.userOrdinalPublicKey),
          },
        ],
        payment: {
          address: body.userPaymentAddress,
          publicKey: hexToBytes(body.userPublicKey),
          utxos: coins,
        },
        to: bitcoinWallet(wallet, network),
        feeRate,
        network,
        maxFeeRate: env.MAX_FEE_RATE,
      }),
  );
  const [deposited] = deposit.deposited;
  if (!deposited) throw new Error('The deposit made no maker wallet output');

  const floorPrice = auctionFloor(body);
  const [floorFee = 0n] = await makerFees(
    deps,
    { ordinalAddress: body.userOrdinalAddress, paymentAddress: body.userPaymentAddress },
    [{ price: floorPrice, slug: null, isZeroFee: false }],
  );
  const makerWalletOutpoint = `${deposited.txid}:${deposited.vout}`;
  const floor = withTradeErrors('startPrice', () =>
    buildFloorListing(
      {
        outpoint: makerWalletOutpoint,
        outputValue: deposited.value,
        inscriptionOffset: output.offset,
        floorPrice,
        floorFee,
        payoutAddress: body.userPaymentAddress,
        makerWallet: wallet,
      },
      network,
    ),
  );
  const depositLayout: AuctionDepositLayout = {
    inputs: deposit.layout.inputs,
    maxFeeRate: deposit.maxFeeRate,
  };
  const psbtBase64 = bytesToBase64(deposit.psbt);
  const settlementPsbtBase64 = bytesToBase64(floor.psbt);
  const auctionId = await insertAuction(db, {
    slug: body.slug,
    inscription_id: inscriptionId,
    status: 'pending_signature',
    utxo: output.outpoint,
    utxo_value: output.value,
    start_price: body.startPrice,
    reserve_price: body.reservePrice ?? null,
    start_date: new Date(body.startDate * 1000),
    end_date: new Date(body.endDate * 1000),
    maker_payment_address: body.userPaymentAddress,
    maker_payment_public_key: body.userPublicKey,
    maker_ordinal_address: body.userOrdinalAddress,
    maker_ordinal_public_key: body.userOrdinalPublicKey,
    psbt: psbtBase64,
    maker_ordinal_input_indices: deposit.layout.inscriptionIndices,
    maker_payment_input_indices: deposit.layout.paymentIndices,
    meta: JSON.stringify(body.meta),
    creator_user_id: session.userId,
    maker_wallet_id: wallet.id,
    deposit_txid: deposit.txid,
    maker_wallet_outpoint: makerWalletOutpoint,
    inscription_offset: output.offset,
    deposit_layout: JSON.stringify(depositLayout),
    floor_price: floorPrice,
    floor_fee: floorFee,
    settlement_psbt: settlementPsbtBase64,
  });
  return {
    auction_id: auctionId,
    psbtBase64,
    makerOrdinalInputIndices: deposit.layout.inscriptionIndices,
    makerPaymentInputIndices: deposit.layout.paymentIndices,
    depositTxid: deposit.txid,
    settlementPsbtBase64,
    settlementInputsToSign: [
      { index: 0, address: body.userPaymentAddress, sighash: SELLER_SIGHASH },
    ],
  };
}

/**
 * Checks the floor's 0x83 signature against its digest and the deposit against what was built,
 * then broadcasts the deposit (after testmempoolaccept) and opens the auction, once.
 */
export async function confirmAuction(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env' | 'jobs'>,
  body: ConfirmBody,
): Promise<ConfirmAuctionPayload> {
  const { db, chain, env } = deps;
  const auction = await findAuction(db.kysely, body.auctionId);
  if (!auction) throw notFound(`Auction ${body.auctionId} not found`);
  if (auction.status !== 'pending_signature') {
    throw new AppError('CONFLICT', 'Psbt already signed');
  }
  const wallet = auction.makerWalletId ? await findWallet(db, auction.makerWalletId) : undefined;
  const layout = auction.depositLayout;
  if (!wallet || !auction.psbt || !auction.depositTxid || !layout) {
    throw new AppError('CONFLICT', `Auction ${auction.slug} has nothing to sign`);
  }

  const { items } = buildFloorListing(floorTermsOf(auction, wallet), env.BITCOIN_NETWORK);
  const verification = verifySignedListing(body.signedSettlementPSBT, items);
  if (!verification.ok) {
    throw listingProblemsError('signedSettlementPSBT', verification.problems);
  }
  const [signature] = verification.signatures[0]?.witness ?? [];
  if (!signature) throw invalidInput('signedSettlementPSBT is not signed', 'signedSettlementPSBT');

  const final = withTradeErrors('signedPSBT', () =>
    finalizeSignedPsbt(body.signedPSBT, {
      psbt: base64ToBytes(auction.psbt ?? '') ?? new Uint8Array(),
      layout,
      maxFeeRate: layout.maxFeeRate,
    }),
  );
  if (final.txid !== auction.depositTxid) {
    throw invalidInput('signedPSBT: not the deposit of this auction', 'signedPSBT');
  }
  await testMempoolAccept(chain, [final.hex]);
  const settlementSignature = bytesToHex(signature);
  if (
    !(await activateAuction(
      db,
      auction.id,
      { signedPsbt: body.signedPSBT, settlementSignature },
      final,
      deps.jobs,
    ))
  ) {
    throw new AppError('CONFLICT', 'Psbt already signed');
  }
  try {
    await broadcastInOrder(chain, [final.hex]);
  } catch (err) {
    await deactivateAuction(db, auction.id);
    throw err;
  }
  await settleJournal(db.kysely, 'auction-deposit', auction.id, 'sent');
  return { auctionId: auction.id, status: 'active', txId: final.txid };
}
