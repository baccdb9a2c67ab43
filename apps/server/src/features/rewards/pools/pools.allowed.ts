import type { POOL_REWARD_TYPES } from '@om/core';
import type { AppDeps } from '../../../app-deps.ts';

/** What the check reads of a pool: its rewards' kinds and assets (a seed pool is one). */
export interface PoolRewards {
  rewards: readonly { type: (typeof POOL_REWARD_TYPES)[number]; asset: string | null }[];
}

/**
 * The payout allowed token list (product.md#market-side "Payout allowed token list includes a
 * reserved list of special collection slugs"; ADR 020: configuration, empty by default): the
 * assets a pool may pay besides btc. REWARD_PAYOUT_ALLOWED_TOKENS names BRC-20 ticks, inscription
 * ids and collection slugs; the product's own ticker is always allowed. A reward outside it refuses
 * its pool at seed time, so the platform never promises a payout of something its operator did not
 * mean to pay.
 */
export function allowedPayoutTokens(env: AppDeps['env']): Set<string> {
  const listed = (env.REWARD_PAYOUT_ALLOWED_TOKENS ?? '')
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter((t) => t !== '');
  const demo = env.BITCOIN_NETWORK === 'regtest' && env.SEED_DEMO ? REGTEST_DEMO_ASSETS : [];
  return new Set([...listed, ...demo, env.PRODUCT_TICKER.toLowerCase()]);
}

/** What the regtest demo's pools file pays besides btc: the rune the demo etches (demo-runes.ts). */
const REGTEST_DEMO_ASSETS = ['regtest•rocks•rune'];

/**
 * A reward of the regtest demo's own asset while the demo is off (a test or bench app on the
 * shipped pools file): its pool waits for a demo that never comes, which is no operator's error.
 */
export function isIdleDemoAsset(env: AppDeps['env'], asset: string | null | undefined): boolean {
  if (env.BITCOIN_NETWORK !== 'regtest' || env.SEED_DEMO || !asset) return false;
  return REGTEST_DEMO_ASSETS.includes(asset.toLowerCase());
}

/** How the check names an asset: an inscription's collection slug, a rune's id and letters. */
export interface AssetNames {
  slugOf: (inscriptionId: string) => Promise<string | undefined>;
  /** The rune's id and plain letters, lower case, those known. */
  runeAliases: (asset: string) => Promise<string[]>;
}

/**
 * Why the pool may not pay one of its rewards, or undefined. A rune is allowed by its id or its
 * name (spacers and case aside).
 */
export async function payoutRefusal(
  pool: PoolRewards,
  allowed: ReadonlySet<string>,
  names: AssetNames,
): Promise<string | undefined> {
  const letters = new Set([...allowed].map((t) => t.replace(/[•.]/g, '')));
  for (const reward of pool.rewards) {
    const asset = reward.asset?.toLowerCase() ?? '';
    if (reward.type === 'rune') {
      const aliases = await names.runeAliases(reward.asset ?? '');
      if (!aliases.some((a) => allowed.has(a) || letters.has(a))) {
        return `rune reward ${reward.asset} is not in the payout allowed token list`;
      }
    }
    if (reward.type === 'brc-20' && !allowed.has(asset)) {
      return `brc-20 reward ${reward.asset} is not in the payout allowed token list`;
    }
    if (reward.type === 'inscription' && !allowed.has(asset)) {
      const slug = await names.slugOf(reward.asset ?? '');
      if (!slug || !allowed.has(slug.toLowerCase())) {
        return `inscription reward ${reward.asset} is not in the payout allowed token list`;
      }
    }
  }
  return undefined;
}
