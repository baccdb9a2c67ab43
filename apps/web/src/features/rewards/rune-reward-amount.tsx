import { useQuery } from '@tanstack/react-query';
import { runeAmountText } from '../../lib/rune-amount.ts';
import { rewardsQueries } from './rewards.queries.ts';

/** A rune id as rewards name it once paid ('block:tx'). */
export const RUNE_ID = /^\d+:\d+$/;

/**
 * A rune reward's amount at the rune's divisibility with its symbol or name (docs/product.md#rewards-and-xp:
 * amounts are base units); until the rune is read, or if our index has it not, the base units and
 * the asset as given.
 */
export function RuneRewardAmount({ asset, amount }: { asset: string; amount: string }) {
  const rune = useQuery(rewardsQueries.rune(asset));
  if (!rune.data) return <>{`${amount} ${asset}`}</>;
  return <>{runeAmountText(amount, rune.data)}</>;
}
