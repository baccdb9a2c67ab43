// product.md#validation: remaining inscriptions and percent complete of a launch.

/** Order book statuses that take an inscription out of a launch's stock. */
export const SOLD_ORDER_STATUSES = ['broadcast', 'canceled'] as const;

export type OrderbookEntry = { status: string; phase_id: string | number };

export type RemainingInput = {
  total: number;
  slug: string;
  phaseIds: readonly (string | number)[];
  /** The launch's order book entries; undefined when they could not be loaded. */
  orderbook: readonly OrderbookEntry[] | undefined;
  /** Slugs that always show zero remaining (the list itself is configuration). */
  exemptSlugs?: readonly string[];
};

/**
 * Total minus the order book entries of the launch's phases with status broadcast or
 * canceled. Zero when the total is not positive or the slug is exempt; null when the
 * calculation failed (no order book).
 */
export function remainingInscriptions(input: RemainingInput): number | null {
  if (input.total <= 0 || (input.exemptSlugs ?? []).includes(input.slug)) return 0;
  if (!input.orderbook) return null;
  const phases = new Set(input.phaseIds.map(String));
  const sold = input.orderbook.filter(
    (entry) =>
      phases.has(String(entry.phase_id)) &&
      (SOLD_ORDER_STATUSES as readonly string[]).includes(entry.status),
  ).length;
  return Math.max(0, input.total - sold);
}

export type ProgressInput = {
  total: number;
  remaining: number | null;
  /** meta_data.presold_inscriptions: sold before the launch, added to the total. */
  presold?: number | null;
  /** meta_data.total_sold_override: when set, the sold count that replaces the remaining. */
  totalSoldOverride?: number | null;
};

export type LaunchProgress = { total: number; sold: number; remaining: number; percent: number };

function roundTo2(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * The progress bar: presold inscriptions add to the total (and count as sold), an override
 * fixes the sold count, and the percent sold is rounded to two decimals. Null when the
 * remaining count is unknown and no override replaces it.
 */
export function launchProgress(input: ProgressInput): LaunchProgress | null {
  const presold = Math.max(0, input.presold ?? 0);
  const total = Math.max(0, input.total) + presold;
  const override = input.totalSoldOverride;
  let remaining: number;
  if (override !== null && override !== undefined) remaining = total - override;
  else if (input.remaining === null) return null;
  else remaining = input.remaining;
  remaining = Math.min(total, Math.max(0, remaining));
  const sold = total - remaining;
  const percent = total <= 0 ? 0 : roundTo2((sold / total) * 100);
  return { total, sold, remaining, percent };
}
