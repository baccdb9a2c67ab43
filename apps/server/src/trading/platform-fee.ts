import fs from 'node:fs';
import path from 'node:path';
import {
  compressedPublicKey,
  dustThreshold,
  isValidAddress,
  makerFee,
  p2trAddress,
  privateKeyFromHex,
  privateKeyToHex,
  randomPrivateKey,
  scriptOfAddress,
} from '@om/bitcoin';
import { discountAmount, type Discount } from '@om/core';
import type { Env } from '../env.ts';

/**
 * The platform's maker fee (ADR 007): PLATFORM_FEE_BPS of the price, deducted from the seller's
 * payout (msigner's makerFeeBp); nothing for a zero-fee collection (product.md#records
 * is_zero_fee); less the best of the discounts that apply (product.md#records Discount), never
 * below zero.
 */
export function listingMakerFee(
  price: bigint,
  policy: { feeBps: number; isZeroFee: boolean; discounts: readonly Discount[] },
): bigint {
  if (policy.isZeroFee) return 0n;
  const fee = makerFee(price, policy.feeBps);
  const best = policy.discounts.reduce((max, d) => {
    const off = discountAmount(fee, d);
    return off > max ? off : max;
  }, 0n);
  return fee - best;
}

/**
 * The platform fee output of a purchase: the sum of its listings' maker fees. Below the dust limit
 * it is left out (a node would not relay it); the buyer then funds that much less, so no one pays
 * what the platform forgoes.
 *
 * One rule for every sale (product.md#walk-through-fixes item 20): listings, launch mints (their
 * listings are priced by listingMakerFee when the batches are built) and editions (edition-terms)
 * all charge listingMakerFee of the price through this output, so a fee under the fee address's
 * dust limit (330 sats for taproot: 1% of a purchase under 33,000 sats) is waived everywhere alike.
 * That is why a cheap mint shows no platform fee where a dearer one shows 1%; the buy review says
 * so (apps/web trade/platform-fee-rule.ts).
 */
export function platformFeeOutput(
  address: string | undefined,
  makerFees: readonly bigint[],
  network: Env['BITCOIN_NETWORK'],
): { address: string; value: bigint } | undefined {
  const value = makerFees.reduce((sum, fee) => sum + fee, 0n);
  if (!address || value === 0n) return undefined;
  if (value < dustThreshold(scriptOfAddress(address, network))) return undefined;
  return { address, value };
}

const resolved = new WeakMap<Env, string | undefined>();

/**
 * Where platform fees go: PLATFORM_FEE_ADDRESS, or on regtest a taproot key generated once and
 * kept in DATA_DIR (as the sign-in secret is); env.ts requires the address elsewhere.
 */
export function platformFeeAddress(env: Env): string | undefined {
  if (resolved.has(env)) return resolved.get(env);
  const address = env.PLATFORM_FEE_ADDRESS ?? regtestFeeAddress(env);
  if (address && !isValidAddress(address, env.BITCOIN_NETWORK)) {
    throw new Error(`PLATFORM_FEE_ADDRESS is not a ${env.BITCOIN_NETWORK} address`);
  }
  resolved.set(env, address);
  return address;
}

function regtestFeeAddress(env: Env): string | undefined {
  if (env.BITCOIN_NETWORK !== 'regtest' || env.PLATFORM_FEE_BPS === 0) return undefined;
  const file = path.join(env.dataDir, 'secrets', 'platform-fee-key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, privateKeyToHex(randomPrivateKey()), { mode: 0o600 });
  }
  const key = privateKeyFromHex(fs.readFileSync(file, 'utf8').trim());
  return p2trAddress(compressedPublicKey(key), 'regtest');
}
