import type { Kysely } from 'kysely';
import type { Database } from '../../../db/database.ts';
import { parseRuneAsset } from '../payouts/rune-asset.ts';
import { indexedRune } from '../payouts/rune-payouts.queries.ts';

// A seed pool's rune rewards (docs/product.md#rewards-and-xp): a name becomes the rune's id when
// our runes index has it etched; otherwise it stays as written and the payout resolves it.

type Reward = { type: string; asset: string | null };

/** The rewards with each rune named by its id where the index knows the rune. */
export async function resolveRuneRewards<R extends Reward>(
  db: Kysely<Database>,
  rewards: readonly R[],
): Promise<R[]> {
  const resolved: R[] = [];
  for (const reward of rewards) {
    const asset = reward.type === 'rune' && reward.asset ? parseRuneAsset(reward.asset) : undefined;
    const rune = asset && (await indexedRune(db, asset));
    resolved.push(rune ? { ...reward, asset: rune.id } : reward);
  }
  return resolved;
}

/**
 * What an allowed token list entry may call the rune: its id and its plain letters (lower case),
 * each when known (from the asset itself or from our runes index).
 */
export async function runeAliases(db: Kysely<Database>, assetText: string): Promise<string[]> {
  const asset = parseRuneAsset(assetText);
  if (!asset) return [];
  const rune = await indexedRune(db, asset);
  const aliases = 'id' in asset ? [asset.id] : [asset.name.toLowerCase()];
  if (rune) aliases.push(rune.id, rune.spacedName.replace(/•/g, '').toLowerCase());
  return aliases;
}
