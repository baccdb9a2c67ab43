import { z } from 'zod';

// product.md#records: Discount { type (percentage or fixed), discount, parameter, reason }.
export const DISCOUNT_TYPES = ['percentage', 'fixed'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** `discount` is a percent (0-100) for percentage discounts and sats for fixed ones. */
export const DiscountSchema = z
  .object({
    type: z.enum(DISCOUNT_TYPES),
    discount: z.number().nonnegative(),
    parameter: z.string().default(''),
    reason: z.string().default(''),
  })
  .refine((d) => d.type !== 'percentage' || d.discount <= 100, {
    message: 'A percentage discount cannot exceed 100.',
    path: ['discount'],
  });

export type Discount = z.infer<typeof DiscountSchema>;

/** Percent with up to two decimals, in basis points (12.5% → 1250). */
function toBasisPoints(percent: number): bigint {
  return BigInt(Math.round(Math.min(100, Math.max(0, percent)) * 100));
}

/** The amount taken off a price in sats; a percentage is rounded down to whole sats. */
export function discountAmount(
  priceSats: bigint,
  discount: Pick<Discount, 'type' | 'discount'>,
): bigint {
  const off =
    discount.type === 'percentage'
      ? (priceSats * toBasisPoints(discount.discount)) / 10_000n
      : BigInt(Math.max(0, Math.trunc(discount.discount)));
  return off > priceSats ? priceSats : off;
}

/** The price after a discount, never below zero; no discount leaves it unchanged. */
export function applyDiscount(
  priceSats: bigint,
  discount: Pick<Discount, 'type' | 'discount'> | null | undefined,
): bigint {
  if (!discount) return priceSats;
  return priceSats - discountAmount(priceSats, discount);
}
