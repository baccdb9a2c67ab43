import { randomUUID } from 'node:crypto';
import { buildPaymentPsbt, bytesToBase64, hexToBytes, type TradeError } from '@om/bitcoin';
import {
  EDITION_ORDER_TTL_SECONDS,
  EDITION_POSTAGE,
  type EditionMintBodySchema,
  type EditionMintPayload,
} from '@om/core';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionClaims } from '../../http/auth-token.ts';
import { checkTaker } from '../../trading/offer.service.ts';
import { withTradeErrors } from '../../trading/trade-errors.ts';
import { checkIsMaker } from '../../trading/trade-input.ts';
import { cardinalCoins } from '../../trading/wallet-coins.ts';
import {
  coinsPromisedOr,
  holdOrRefuse,
  refuseOverCaps,
  takerOutpoints,
} from '../launchpad/reservation-hold.ts';
import { releaseHold } from '../launchpad/reservation-holds.queries.ts';
import { expireOverdue, reserveEditions } from './edition-orders.queries.ts';
import { shortOf } from './edition-rules.ts';
import { openEditionTerms, orderKey, planMint, quoteOf } from './edition-terms.ts';

// POST /api/launchpad/editions/mint (product.md#market-calls; ADR 011): the order's commit address
// is built from its own derived key, the buyer's PSBT pays `amount` to it from their cardinal
// coins, and the editions are reserved for EDITION_ORDER_TTL_SECONDS. The order is an
// inscription-service order of type 'edition' (ADR 016): its engine moves it from here on. Nothing
// is reserved when the PSBT cannot be built (not enough funds, say).

type MintBody = z.output<typeof EditionMintBodySchema>;

export async function mintEditions(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  session: SessionClaims,
  body: MintBody,
  client: string,
): Promise<EditionMintPayload> {
  const { env, db, chain } = deps;
  const network = env.BITCOIN_NETWORK;
  checkTaker(deps, body);
  const taker = {
    ordinalAddress: body.takerOrdinalAddress,
    paymentAddress: body.takerPaymentAddress,
  };
  checkIsMaker(session, taker, 'takerOrdinalAddress');
  // Editions of lapsed orders come back before anyone is told 'Sold out'.
  await expireOverdue(db, body.id);
  const terms = await openEditionTerms(deps, body.id, body.mintCount);

  const orderId = randomUUID();
  // Only coins no open order or mint offer promised (product.md#trust-findings finding 3).
  const promised = await refuseOverCaps(deps, {
    holder: editionHolder(orderId),
    wallet: session.userId,
    client,
    address: body.takerPaymentAddress,
  });
  const { commit, plan } = planMint(env, terms, {
    key: orderKey(env, orderId),
    takerOrdinalAddress: body.takerOrdinalAddress,
    count: body.mintCount,
    feeRate: body.feeRate,
  });
  const coins = (await cardinalCoins(chain.source, body.takerPaymentAddress, network)).filter(
    (c) => !promised.has(`${c.txid}:${c.vout}`),
  );
  const payment = withPromisedCoins(promised, () =>
    withTradeErrors(paymentErrorField, () =>
      buildPaymentPsbt({
        payment: {
          address: body.takerPaymentAddress,
          publicKey: hexToBytes(body.takerPaymentPublicKey),
          utxos: coins,
        },
        to: commit.script,
        amount: plan.amount,
        feeRate: body.feeRate,
        network,
        maxFeeRate: env.MAX_FEE_RATE,
      }),
    ),
  );
  const psbt = bytesToBase64(payment.psbt);
  const expiresAt = new Date(Date.now() + EDITION_ORDER_TTL_SECONDS * 1000);
  const inputsToSign = payment.layout.inputs.map((_, index) => ({
    index,
    address: body.takerPaymentAddress,
  }));
  const holder = editionHolder(orderId);
  await holdOrRefuse(deps, {
    holder,
    wallet: session.userId,
    client,
    address: body.takerPaymentAddress,
    outpoints: takerOutpoints([{ psbt, inputsToSign }]),
    expiresAt,
  });
  const reserved = await reserveEditions(
    db,
    {
      id: orderId,
      orderType: 'edition',
      receiveAddress: body.takerOrdinalAddress,
      // Refunds go back to the wallet that was to pay.
      refundAddress: body.takerPaymentAddress,
      feeRate: body.feeRate,
      fileCount: body.mintCount,
      brc20Tick: null,
      brc20Amt: null,
      chargeAddress: commit.address,
      amount: plan.amount,
      chainFee: plan.revealFee,
      serviceFee: terms.platformFee?.value ?? 0n,
      postage: EDITION_POSTAGE * BigInt(body.mintCount),
      // The commit is the buyer's payment: its size is the buyer's.
      commitVsize: 0,
      revealVsize: plan.revealVsize,
      expiresAt,
    },
    {
      id: orderId,
      launchpadId: terms.launchpadId,
      userId: session.userId,
      mintCount: body.mintCount,
      takerOrdinalAddress: body.takerOrdinalAddress,
      takerPaymentAddress: body.takerPaymentAddress,
      unitPrice: terms.unitPrice,
      platformFee: terms.platformFee?.value ?? 0n,
      networkFee: plan.revealFee,
      maxFeeRate: payment.maxFeeRate,
      revealOutputs: plan.outputs.map((o) => ({ address: o.address, value: o.value })),
      psbt,
      layout: payment.layout,
    },
  );
  if (!reserved.ok) {
    await releaseHold(db, holder);
    throw (
      shortOf(reserved.left, body.mintCount) ?? new AppError('CONFLICT', 'This launch is not live')
    );
  }
  return {
    orderId,
    chargeAddress: commit.address,
    amount: plan.amount.toString(),
    psbt,
    inputsToSign,
    quote: quoteOf({ ...terms, remaining: reserved.remaining }, plan, body.mintCount, body.feeRate),
    expiresAt: expiresAt.toISOString(),
  };
}

/** The hold of an edition order: its coins stay promised until it is paid or lapses. */
export const editionHolder = (orderId: string) => `order:${orderId}`;

function withPromisedCoins<T>(promised: ReadonlySet<string>, build: () => T): T {
  try {
    return build();
  } catch (err) {
    throw coinsPromisedOr(err, promised);
  }
}

function paymentErrorField(err: TradeError): string {
  if (err.code === 'key-mismatch') return 'takerPaymentPublicKey';
  if (err.code === 'invalid-fee-rate' || err.code === 'fee-rate-too-high') return 'feeRate';
  return 'takerPaymentAddress';
}
