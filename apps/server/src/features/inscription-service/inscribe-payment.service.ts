import {
  buildPaymentPsbt,
  bytesToBase64,
  finalizeChargePayment,
  hexToBytes,
  InscribeError,
  scriptOfAddress,
} from '@om/bitcoin';
import type {
  InscribeOrder as InscribeOrderWire,
  PaymentPsbt,
  PaymentPsbtRequestSchema,
  PayRequestSchema,
} from '@om/core';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { checkKeyOfAddress } from '../../http/address-input.ts';
import { AppError, invalidInput, notFound } from '../../http/app-error.ts';
import { testMempoolAccept } from '../../trading/broadcast.ts';
import { withTradeErrors } from '../../trading/trade-errors.ts';
import { cardinalCoins } from '../../trading/wallet-coins.ts';
import { findOrder, moveOrder, type InscribeOrder } from './inscribe-orders.queries.ts';
import { getInscribeOrder } from './inscribe-order.service.ts';

// Paying an order's charge from the connected wallet (ADR 016): POST {service}/payment-psbt
// builds the PSBT paying exactly charge.amount to charge.address from the payer's cardinal coins
// (never an inscribed one), change back; POST {service}/pay takes it signed, checks it pays
// exactly that, runs testmempoolaccept and broadcasts it. The worker then sees the payment as it
// sees any other.

/** A payable order: 404 unknown, 409 once paid, expired or refunded. */
async function payableOrder(deps: Pick<AppDeps, 'db'>, id: string): Promise<InscribeOrder> {
  const order = /^[0-9a-f-]{36}$/i.test(id) ? await findOrder(deps.db, id) : undefined;
  if (!order) throw notFound(`Order ${id} not found`);
  if (order.state !== 'waiting-payment') {
    throw new AppError('CONFLICT', `Order ${id} is ${order.state}: it takes no payment`);
  }
  if (order.expiresAt.getTime() <= Date.now()) {
    throw new AppError('CONFLICT', `Order ${id} expired: create a new one`);
  }
  return order;
}

export async function buildOrderPaymentPsbt(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  body: z.output<typeof PaymentPsbtRequestSchema>,
): Promise<PaymentPsbt> {
  const { env, chain } = deps;
  const network = env.BITCOIN_NETWORK;
  checkKeyOfAddress(
    body.paymentPublicKey,
    body.paymentAddress,
    { key: 'paymentPublicKey', address: 'paymentAddress' },
    network,
  );
  if (body.feeRate > env.MAX_FEE_RATE) {
    throw invalidInput(`feeRate: at most ${env.MAX_FEE_RATE} sat/vB`, 'feeRate');
  }
  const order = await payableOrder(deps, body.id);
  const coins = await cardinalCoins(chain.source, body.paymentAddress, network);
  const payment = withTradeErrors('paymentAddress', () =>
    buildPaymentPsbt({
      payment: {
        address: body.paymentAddress,
        publicKey: hexToBytes(body.paymentPublicKey),
        utxos: coins,
      },
      to: scriptOfAddress(order.chargeAddress, network),
      amount: order.amount,
      feeRate: body.feeRate,
      network,
      maxFeeRate: env.MAX_FEE_RATE,
    }),
  );
  return {
    psbt: bytesToBase64(payment.psbt),
    inputsToSign: payment.layout.inputs.map((_, index) => index),
    networkFee: payment.fee.toString(),
    amount: order.amount.toString(),
    chargeAddress: order.chargeAddress,
  };
}

export async function payOrder(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  body: z.output<typeof PayRequestSchema>,
): Promise<InscribeOrderWire> {
  const { env, chain, db } = deps;
  const order = await payableOrder(deps, body.id);
  const script = scriptOfAddress(order.chargeAddress, env.BITCOIN_NETWORK);
  const payment = withTradeErrors('signedPsbt', () => {
    try {
      return finalizeChargePayment(body.signedPsbt, { script, amount: order.amount });
    } catch (err) {
      if (err instanceof InscribeError)
        throw invalidInput(`signedPsbt: ${err.message}`, 'signedPsbt');
      throw err;
    }
  });
  await testMempoolAccept(chain, [payment.hex]);
  await chain.source.broadcast(payment.hex);
  await moveOrder(db, order.id, ['waiting-payment'], 'payment-seen', {
    paymentTxid: payment.txid,
  });
  return getInscribeOrder(deps, order.id);
}
