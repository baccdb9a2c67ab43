import {
  InscribeError,
  planInscribeOrder,
  type InscribeOrderPlan,
  type InscribeFile,
} from '@om/bitcoin';
import type { Price } from '@om/core';
import type { Env } from '../../env.ts';
import { invalidInput } from '../../http/app-error.ts';
import { platformFeeAddress } from '../../trading/platform-fee.ts';

// The price of an order (ADR 016), exact before paying: the commit's and each reveal's vsize from
// the real transactions at the fee rate, 546 sats of postage per file, the service fee. baseFee is
// OrdinalsBot's field, always 0 here.

export const POSTAGE = 546n;

/** UniSat's fee by default: 0 up to the free count, then min(base + (n − free) × item, max). */
export function serviceFeeOf(
  env: Pick<
    Env,
    'INSCRIBE_FREE_COUNT' | 'INSCRIBE_FEE_BASE' | 'INSCRIBE_FEE_PER_ITEM' | 'INSCRIBE_FEE_MAX'
  >,
  count: number,
): bigint {
  if (count <= env.INSCRIBE_FREE_COUNT) return 0n;
  const fee = env.INSCRIBE_FEE_BASE + (count - env.INSCRIBE_FREE_COUNT) * env.INSCRIBE_FEE_PER_ITEM;
  return BigInt(Math.min(fee, env.INSCRIBE_FEE_MAX));
}

/** Any key gives the same sizes: a quote before the order exists uses this one. */
export const QUOTE_KEY = new Uint8Array(32).fill(1);

/** The order's transactions planned with `key`; 400 for a receiver of another network. */
export function planOrder(
  env: Env,
  key: Uint8Array,
  files: readonly InscribeFile[],
  receiveAddress: string,
  feeRate: number,
): InscribeOrderPlan {
  const address = platformFeeAddress(env);
  const fee = serviceFeeOf(env, files.length);
  try {
    return planInscribeOrder({
      privateKey: key,
      files,
      receiveAddress,
      postage: POSTAGE,
      feeRate,
      serviceFee: address && fee > 0n ? { address, value: fee } : undefined,
      network: env.BITCOIN_NETWORK,
    });
  } catch (err) {
    if (err instanceof InscribeError && err.code === 'invalid-address') {
      throw invalidInput(`receiveAddress: not a ${env.BITCOIN_NETWORK} address`, 'receiveAddress');
    }
    throw err;
  }
}

/** The itemised price of a plan. */
export function priceOf(plan: InscribeOrderPlan, count: number, feeRate: number): Price {
  const serviceFee = plan.serviceFee?.value ?? 0n;
  return {
    chainFee: plan.chainFee.toString(),
    commitVsize: plan.commitVsize,
    revealVsize: plan.reveals.reduce((sum, r) => sum + r.vsize, 0),
    serviceFee: serviceFee.toString(),
    baseFee: '0',
    postage: plan.postage.toString(),
    count,
    amount: plan.amount.toString(),
    totalFee: (plan.chainFee + serviceFee).toString(),
    feeRate,
  };
}
