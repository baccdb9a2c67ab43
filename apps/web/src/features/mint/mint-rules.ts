import { MINT_MAX_COUNT } from '@om/core';

/** The server's refusal outside every phase (launch-mint.service.ts); the page says it first. */
export const NO_OPEN_PHASE = 'No phase of this launch is open now';
/** And for a launch that is not active (paused, canceled). */
export const LAUNCH_NOT_LIVE = 'This launch is not live';

/**
 * A live launch whose every item left is still moving into its wallet
 * (product.md#walk-through-fixes item 10).
 */
export const ITEMS_MOVING =
  "This launch's inscriptions are still moving into its wallet: minting opens after the next block.";
/** And when some of them are. */
export const someItemsMoving = (n: number) =>
  `${n} more ${n === 1 ? 'inscription is' : 'inscriptions are'} still moving into the launch wallet: ${n === 1 ? 'it' : 'they'} can be minted after the next block.`;

/** What bounds a mint besides the one-transaction limit; null or undefined: no bound known. */
export type MintLimits = {
  /** What the wallet may still mint in the open phase (its allocation); null: unlimited. */
  allocationLeft: number | null | undefined;
  /** What the launch has left. */
  remaining: number | null;
  phaseName: string;
  /** The most one transaction holds: MINT_MAX_COUNT unless told (editions: their own). */
  perTransaction?: number;
};

/** The largest count the input accepts: 1 … 20, and no more than the allocation and stock allow. */
export function maxMintCount(limits: MintLimits): number {
  const perTransaction = limits.perTransaction ?? MINT_MAX_COUNT;
  const bounds = [perTransaction, limits.allocationLeft, limits.remaining].filter(
    (bound): bound is number => typeof bound === 'number',
  );
  return Math.max(0, Math.min(...bounds));
}

/**
 * Why a typed mint count cannot be sent, or undefined when it can. Over the allocation or the
 * stock it says what the server would (launch-mint.service.ts), so the words do not change
 * between the form and a refusal.
 */
export function mintCountError(text: string, limits: MintLimits): string | undefined {
  const value = text.trim();
  if (value === '') return 'Enter how many to mint.';
  if (!/^\d+$/.test(value)) return 'The number to mint must be a whole number.';
  const count = Number(value);
  const perTransaction = limits.perTransaction ?? MINT_MAX_COUNT;
  if (count < 1) return 'Mint at least 1.';
  if (count > perTransaction) {
    return `At most ${perTransaction} can be minted in one transaction.`;
  }
  const { allocationLeft, remaining, phaseName } = limits;
  if (typeof allocationLeft === 'number' && count > allocationLeft) {
    return allocationLeft === 0
      ? `Allocation reached: this wallet may mint no more in ${phaseName}`
      : `Allocation reached: this wallet may mint ${allocationLeft} more in ${phaseName}`;
  }
  if (remaining !== null && count > remaining) {
    return remaining === 0 ? 'Sold out' : `Only ${remaining} left to mint`;
  }
  return undefined;
}
