import { parseSpacedRune, runeToName } from '@om/bitcoin';

// A pool's rune reward (docs/product.md#rewards-and-xp): `asset` names the rune by its id
// ('block:tx') or its name, spaced or not ('REWARD•RUNE', 'REWARD.RUNE', 'REWARDRUNE');
// `amount` is in the rune's base units. A name is resolved to the id at seed time when our runes
// index has the rune, else at payout time.

const ID = /^(\d{1,20}):(\d{1,10})$/;
const U64_MAX = 2n ** 64n - 1n;
const U32_MAX = 2n ** 32n - 1n;

/** The rune the asset names: its id, or its name's number and plain letters. */
export type RuneAsset = { id: string } | { rune: bigint; name: string };

/** The asset as a rune id or name; undefined when it is neither (the 0:0 of an etching is neither). */
export function parseRuneAsset(asset: string): RuneAsset | undefined {
  const id = ID.exec(asset);
  if (id) {
    const block = BigInt(id[1] ?? '');
    const tx = BigInt(id[2] ?? '');
    if (block === 0n || block > U64_MAX || tx > U32_MAX) return undefined;
    return { id: `${block}:${tx}` };
  }
  const spaced = parseSpacedRune(asset);
  if ('error' in spaced) return undefined;
  return { rune: spaced.rune, name: runeToName(spaced.rune) };
}

/** Why a rune reward cannot be seeded, or undefined. */
export function runeRewardRefusal(reward: {
  asset: string | null;
  amount: string;
}): string | undefined {
  const asset = reward.asset ?? '';
  if (!parseRuneAsset(asset)) {
    return `rune reward ${asset} is neither a rune id (block:tx) nor a rune name (A–Z, spacers • or .)`;
  }
  if (BigInt(reward.amount) === 0n) return `rune reward ${asset} pays 0 base units`;
  return undefined;
}
