import { createHmac } from 'node:crypto';
import {
  deriveOrderKey,
  hexToBytes,
  isAddressOfPublicKey,
  isValidAddress,
  scriptOfAddress,
  type WalletUtxo,
} from '@om/bitcoin';
import type { SwapPsbtBodySchema, SwapTxSizeBodySchema } from '@om/core';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { cardinalCoins } from '../../trading/wallet-coins.ts';
import { platformFeeAddress } from '../../trading/platform-fee.ts';
import { cosignerSecret } from '../../trading/cosigner.ts';
import { curveFees, tokenText, tokenUnitsOf, type SwapPair } from './swap-amounts.ts';
import { userTransfer } from './swap-inscription.ts';
import type { PoolChain, PoolState } from './swap-pool-state.ts';
import type { PriceContext } from './swap-price.ts';
import { refuse } from './swap-refusal.ts';

// What get_swap_psbt_txsize and get_swap_psbt share for one pool (swap-order.service.ts) and for
// a route through two (swap-route.service.ts): the request's bodies, the user's side (their
// transfer inscription or payment coins) and key, a pool's pricing context, the checksum binding
// the two calls.

export type SizeBody = z.output<typeof SwapTxSizeBodySchema>;
export type PsbtBody = z.output<typeof SwapPsbtBodySchema>;

export class CoinsTaken extends Error {}

export type UserSide = {
  inscription?: Awaited<ReturnType<typeof userTransfer>>;
  coins: WalletUtxo[];
};

/** The user's side: the transfer inscription sold, or the payment coins (only `vins` if given). */
export async function userSide(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  body: SizeBody,
  pair: SwapPair,
  chain: PoolChain,
  vins: readonly { txid: string; vout: number }[] | undefined,
): Promise<UserSide> {
  const network = deps.env.BITCOIN_NETWORK;
  for (const [field, address] of [
    ['address', body.address],
    ['ordinals_address', body.ordinals_address],
  ] as const) {
    if (address !== undefined && !isValidAddress(address, network)) {
      throw refuse('badRequest', `${field}: not a ${network} address`);
    }
  }
  if (pair.direction === 'sell') {
    if (body.exact_side !== 'send') {
      throw refuse(
        'badRequest',
        "exact_side: a sale sells its transfer inscription's whole amount",
      );
    }
    const owner = body.ordinals_address ?? body.address;
    const inscription = await userTransfer(
      deps,
      body.ins[0],
      pair.tick,
      owner,
      scriptOfAddress(owner, network),
    );
    const amount = tokenUnitsOf(body.send_amount, chain.decimals, 'send_amount');
    if (amount !== inscription.amount) {
      throw refuse(
        'badRequest',
        `send_amount: ${inscription.id} transfers ${tokenText(inscription.amount, chain.decimals)}, not ${body.send_amount}`,
      );
    }
    return { inscription, coins: [] };
  }
  const coins = await cardinalCoins(deps.chain.source, body.address, network);
  if (!vins) return { coins };
  const byOutpoint = new Map(coins.map((c) => [`${c.txid}:${c.vout}`, c]));
  return {
    coins: vins.map((v) => {
      const coin = byOutpoint.get(`${v.txid}:${v.vout}`);
      if (!coin) {
        throw refuse(
          'insufficientFunds',
          `vins: ${v.txid}:${v.vout} is not a spendable coin of address`,
        );
      }
      return coin;
    }),
  };
}

/** What pricing on a pool needs: its state, less the coins and rungs live orders hold. */
export function priceContext(
  deps: Pick<AppDeps, 'env'>,
  body: Pick<SizeBody, 'fee_rate'>,
  pair: SwapPair,
  state: PoolState,
  promised: ReadonlySet<string>,
): PriceContext {
  const { env } = deps;
  const feeAddress = platformFeeAddress(env);
  return {
    pair,
    pool: state.keys,
    decimals: state.decimals,
    reserves: state.reserves,
    tokensFree: state.available - state.inFlight.bought,
    fees: curveFees(env),
    poolCoins: state.spendable.filter((c) => !promised.has(`${c.txid}:${c.vout}`)),
    ladder: state.ladder.filter((r) => !promised.has(`${r.txid}:${r.vout}`)),
    platformFeeAddress: feeAddress,
    feeRate: body.fee_rate,
    maxFeeRate: env.MAX_FEE_RATE,
    network: env.BITCOIN_NETWORK,
  };
}

export type UserKeys = { user: Uint8Array };

/** `pubkey` or `payment:ordinals` (DotSwap): the key of the inputs the user signs, checked. */
export function userKeys(deps: Pick<AppDeps, 'env'>, body: PsbtBody, pair: SwapPair): UserKeys {
  const network = deps.env.BITCOIN_NETWORK;
  const [first = '', second] = body.user_public_key.split(':');
  const [key, address, what] =
    pair.direction === 'sell'
      ? [second ?? first, body.ordinals_address ?? body.address, 'ordinals']
      : [first, body.address, 'payment'];
  const bytes = hexToBytes(key);
  if (!isValidAddress(address, network) || !isAddressOfPublicKey(bytes, address, network)) {
    throw refuse('badRequest', `user_public_key: the ${what} key is not the key of ${address}`);
  }
  return { user: bytes };
}

/** Hundredths of a percent as "1.25". */
export function percentText(bps: bigint): string {
  return `${bps / 100n}.${(bps % 100n).toString().padStart(2, '0')}`;
}

/**
 * Binds get_swap_psbt to the txsize answer: HMAC of what the user asked (the pair, the amount they
 * typed, addresses, rate, slippage, inscriptions) and the coins chosen, under a key derived from
 * the cosigner secret. The other amount is the quote the user accepted: it only bounds their own
 * slippage, so it is not bound here.
 */
export function checksumOf(
  deps: Pick<AppDeps, 'env'>,
  fields: SizeBody & { vins: readonly { txid: string; vout: number }[] },
): string {
  const key = deriveOrderKey(cosignerSecret(deps.env), 'swap-checksum', 'v1');
  const canonical = JSON.stringify([
    fields.send_coin_type,
    fields.send_tick.toLowerCase(),
    fields.receive_coin_type,
    fields.receive_tick.toLowerCase(),
    fields.exact_side,
    fields.exact_side === 'send' ? fields.send_amount : fields.receive_amount,
    fields.address,
    fields.ordinals_address ?? '',
    fields.slipper,
    fields.fee_rate,
    fields.ins,
    fields.vins.map((v) => `${v.txid}:${v.vout}`),
  ]);
  return createHmac('sha256', key).update(canonical).digest('hex');
}
