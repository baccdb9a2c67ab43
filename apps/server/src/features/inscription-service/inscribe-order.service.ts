import { randomUUID } from 'node:crypto';
import { deriveOrderKey } from '@om/bitcoin';
import {
  INSCRIBE_ORDER_TTL_SECONDS,
  type InscribeOrder as InscribeOrderWire,
  type InscribeRequestSchema,
  type Price,
} from '@om/core';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import type { Env } from '../../env.ts';
import { checkAddress } from '../../http/address-input.ts';
import { invalidInput, notFound } from '../../http/app-error.ts';
import { cosignerSecret } from '../../trading/cosigner.ts';
import { brc20MintFiles, decodeFiles, type OrderFile } from './inscribe-files.ts';
import { findOrder, insertOrder, orderFiles } from './inscribe-orders.queries.ts';
import { planOrder, priceOf, QUOTE_KEY } from './inscribe-price.ts';
import { toInscribeOrder } from './inscribe-wire.ts';

// POST {service}/inscribe, POST {service}/price, GET {service}/order?id= (ADR 016).
// The order is priced and its charge address made at once; the worker does the rest.

type Body = z.output<typeof InscribeRequestSchema>;

/** The platform's key of an order: derived from the cosigner secret and its id, never stored. */
export function inscribeOrderKey(env: Env, orderId: string): Uint8Array {
  return deriveOrderKey(cosignerSecret(env), 'inscribe-order', orderId);
}

export async function createInscribeOrder(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  body: Body,
): Promise<InscribeOrderWire> {
  const { env, db } = deps;
  const { files, tick } = await orderFilesOf(deps, body);
  const id = randomUUID();
  const plan = planOrder(env, inscribeOrderKey(env, id), files, body.receiveAddress, body.fee);
  await insertOrder(
    db,
    {
      id,
      orderType: body.brc20 ? 'brc20' : 'direct',
      receiveAddress: body.receiveAddress,
      refundAddress: body.refundAddress || null,
      feeRate: body.fee,
      fileCount: files.length,
      brc20Tick: tick ?? null,
      brc20Amt: body.brc20?.amt ?? null,
      chargeAddress: plan.chargeAddress,
      amount: plan.amount,
      chainFee: plan.chainFee,
      serviceFee: plan.serviceFee?.value ?? 0n,
      postage: plan.postage,
      commitVsize: plan.commitVsize,
      revealVsize: plan.reveals.reduce((sum, r) => sum + r.vsize, 0),
      expiresAt: new Date(Date.now() + INSCRIBE_ORDER_TTL_SECONDS * 1000),
    },
    files.map((f) => ({ name: f.name, contentType: f.contentType, body: f.body })),
  );
  return getInscribeOrder(deps, id);
}

export async function priceInscribeOrder(
  deps: Pick<AppDeps, 'db' | 'env'>,
  body: Body,
): Promise<Price> {
  const { files } = await orderFilesOf(deps, body);
  const plan = planOrder(deps.env, QUOTE_KEY, files, body.receiveAddress, body.fee);
  return priceOf(plan, files.length, body.fee);
}

export async function getInscribeOrder(
  deps: Pick<AppDeps, 'chain' | 'db'>,
  id: string,
): Promise<InscribeOrderWire> {
  const order = /^[0-9a-f-]{36}$/i.test(id) ? await findOrder(deps.db, id) : undefined;
  if (!order) throw notFound(`Order ${id} not found`);
  return toInscribeOrder(deps, order, await orderFiles(deps.db, id));
}

/** The checks every order and quote share, and what it inscribes. */
async function orderFilesOf(
  deps: Pick<AppDeps, 'db' | 'env'>,
  body: Body,
): Promise<{ files: OrderFile[]; tick?: string }> {
  const { env } = deps;
  if (body.fee > env.MAX_FEE_RATE) {
    throw invalidInput(`fee: at most ${env.MAX_FEE_RATE} sat/vB`, 'fee');
  }
  checkAddress(body.receiveAddress, 'receiveAddress', env.BITCOIN_NETWORK);
  if (body.refundAddress) checkAddress(body.refundAddress, 'refundAddress', env.BITCOIN_NETWORK);
  if (body.brc20) return brc20MintFiles(deps.db, body.brc20);
  return { files: decodeFiles(body.files ?? []) };
}
