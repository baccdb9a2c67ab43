import {
  base64ToBytes,
  buildDelistPsbt,
  bytesToBase64,
  finalizeSignedPsbt,
  hexToBytes,
  scriptOfAddress,
  verifyMessageSignature,
  type TradeError,
} from '@om/bitcoin';
import {
  cancelListingMessage,
  type ConfirmDelistBodySchema,
  type DelistOffchainBodySchema,
  type PrepareDelistBodySchema,
} from '@om/core';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { AppError, invalidInput } from '../../http/app-error.ts';
import type { SessionClaims } from '../../http/auth-token.ts';
import { broadcastInOrder, testMempoolAccept } from '../../trading/broadcast.ts';
import { checkListableUtxo } from '../../trading/listing-utxo.ts';
import { findDelist, saveDelist } from '../../trading/delists.queries.ts';
import { cancelListing, findListings, reopenListing } from '../../trading/listings.queries.ts';
import { withTradeErrors } from '../../trading/trade-errors.ts';
import { checkKeyOfAddress } from '../../http/address-input.ts';
import { ownListing } from '../../trading/trade-input.ts';
import { cardinalCoins } from '../../trading/wallet-coins.ts';

// Delisting (product.md#market-calls): on chain, the inscription moves back to the maker's ordinal
// address, which kills every signature over the listed output; off chain, a signed 'cancel
// {listingId}' takes it off sale at once (enough here: the seller's signature never left the
// server).

/** A prepared delisting is good for this long. */
const DELIST_TTL_MS = 30 * 60 * 1000;

export async function prepareDelist(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  session: SessionClaims,
  body: z.output<typeof PrepareDelistBodySchema>,
): Promise<{
  psbt: string;
  inputsToSign: { index: number; address: string; sighash: number }[];
  fee: string;
}> {
  const { env, chain, db } = deps;
  const network = env.BITCOIN_NETWORK;
  const payment = { key: 'makerPaymentPublicKey', address: 'makerPaymentAddress' };
  checkKeyOfAddress(body.makerPaymentPublicKey, body.makerPaymentAddress, payment, network);
  const row = ownListing(session, body.listingId, await findListings(db.kysely, [body.listingId]));
  // An exposed listing (its witness went out in a purchase that never confirmed) is off sale but
  // executable by anyone until the inscription moves: moving it is exactly what it needs.
  if (row.status !== 'active' && row.status !== 'pending' && row.status !== 'exposed') {
    throw new AppError(
      'CONFLICT',
      `Listing ${row.id} is ${row.status}; there is nothing to delist`,
    );
  }
  if (row.witnessScript) {
    // Its output is in the maker wallet: moving it needs the platform's signature (ADR 009).
    const message =
      'listingId: a snipe-protected listing is delisted off chain (delistOffchain) or by withdrawing the inscription from the maker wallet';
    throw invalidInput(message, 'listingId');
  }
  const utxo = await checkListableUtxo(chain, row.outpoint, row.makerOrdinalAddress, 'listingId');
  const feeRate = body.feeRate ?? (await chain.source.recommendedFees()).halfHourFee;
  const coins = (await cardinalCoins(chain.source, body.makerPaymentAddress, network)).filter(
    (c) => `${c.txid}:${c.vout}` !== row.outpoint,
  );
  const [txid = '', vout = '0'] = row.outpoint.split(':');
  const built = withTradeErrors(delistErrorField, () =>
    buildDelistPsbt({
      inscriptionUtxo: {
        txid,
        vout: Number(vout),
        value: utxo.outputValue,
        script: scriptOfAddress(row.makerOrdinalAddress, network),
        ...(row.makerOrdinalPublicKey ? { publicKey: hexToBytes(row.makerOrdinalPublicKey) } : {}),
      },
      sellerPayment: {
        address: body.makerPaymentAddress,
        publicKey: hexToBytes(body.makerPaymentPublicKey),
        utxos: coins,
      },
      toAddress: row.makerOrdinalAddress,
      feeRate,
      network,
      maxFeeRate: env.MAX_FEE_RATE,
    }),
  );
  const psbt = bytesToBase64(built.psbt);
  await saveDelist(db, {
    listingId: row.id,
    psbt,
    layout: built.layout,
    maxFeeRate: built.maxFeeRate,
    fee: built.fee,
    makerPaymentAddress: body.makerPaymentAddress,
    expiresAt: new Date(Date.now() + DELIST_TTL_MS),
  });
  const inputsToSign = built.layout.inputs.map((role, index) => ({
    index,
    address: role.kind === 'inscription' ? row.makerOrdinalAddress : body.makerPaymentAddress,
    sighash: role.sighash,
  }));
  return { psbt, inputsToSign, fee: built.fee.toString() };
}

export async function confirmDelist(
  deps: Pick<AppDeps, 'chain' | 'db'>,
  session: SessionClaims,
  body: z.output<typeof ConfirmDelistBodySchema>,
): Promise<{ txId: string }> {
  const { chain, db } = deps;
  const row = ownListing(session, body.listingId, await findListings(db.kysely, [body.listingId]));
  const prepared = await findDelist(db, row.id);
  if (!prepared || prepared.expiresAt.getTime() < Date.now()) {
    throw invalidInput(
      `listingId: no delisting of ${row.id} is prepared; prepare it again`,
      'listingId',
    );
  }
  if (prepared.makerPaymentAddress !== body.makerPaymentAddress) {
    throw invalidInput(
      'makerPaymentAddress: not the address the delisting was prepared for',
      'makerPaymentAddress',
    );
  }
  const built = {
    psbt: base64ToBytes(prepared.psbt) ?? new Uint8Array(),
    layout: prepared.layout,
    maxFeeRate: prepared.maxFeeRate,
  };
  const final = withTradeErrors('signedPSBT', () => finalizeSignedPsbt(body.signedPSBT, built));
  await testMempoolAccept(chain, [final.hex]);

  // Off sale first, so that no purchase claims it while the delisting goes out.
  const previous = row.status;
  if (
    (previous !== 'active' && previous !== 'pending' && previous !== 'exposed') ||
    !(await cancelListing(db.kysely, row.id, ['pending', 'active', 'exposed']))
  ) {
    throw new AppError('CONFLICT', `Listing ${row.id} is no longer active`);
  }
  try {
    await broadcastInOrder(chain, [final.hex]);
  } catch (err) {
    await reopenListing(db, row.id, previous);
    throw err;
  }
  return { txId: final.txid };
}

export async function delistOffchain(
  deps: Pick<AppDeps, 'db' | 'env'>,
  session: SessionClaims,
  body: z.output<typeof DelistOffchainBodySchema>,
): Promise<{ listingId: string }> {
  const { env, db } = deps;
  const row = ownListing(session, body.listingId, await findListings(db.kysely, [body.listingId]));
  const message = cancelListingMessage(row.id);
  const isSigned = [row.makerOrdinalAddress, row.makerPaymentAddress].some(
    (address) =>
      verifyMessageSignature({
        message,
        address,
        signature: body.signedMessage,
        network: env.BITCOIN_NETWORK,
      }).ok,
  );
  if (!isSigned) {
    const text = `signedMessage: not a signature of '${message}' by the maker's address`;
    throw invalidInput(text, 'signedMessage');
  }
  if (!(await cancelListing(db.kysely, row.id))) {
    throw new AppError(
      'CONFLICT',
      `Listing ${row.id} is ${row.status}; there is nothing to delist`,
    );
  }
  return { listingId: row.id };
}

function delistErrorField(err: TradeError): string {
  switch (err.code) {
    case 'key-mismatch':
      return 'makerPaymentPublicKey';
    case 'invalid-fee-rate':
    case 'fee-rate-too-high':
      return 'feeRate';
    case 'unsupported-seller-script':
    case 'dust-output':
      return 'listingId';
    default:
      return 'makerPaymentAddress';
  }
}
