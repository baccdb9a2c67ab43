import type { AppDeps } from '../app-deps.ts';
import { activeDiscounts } from './catalogue.queries.ts';
import { listingMakerFee } from './platform-fee.ts';

/** Each item's maker fee: PLATFORM_FEE_BPS, none for zero-fee collections, the best discount off. */
export async function makerFees(
  deps: Pick<AppDeps, 'db' | 'env'>,
  maker: { ordinalAddress: string; paymentAddress: string },
  items: readonly { price: bigint; slug: string | null; isZeroFee: boolean }[],
): Promise<bigint[]> {
  const slugs = [
    ...new Set(items.flatMap((item) => (item.slug ? [`collection:${item.slug}`] : []))),
  ];
  const discounts = await activeDiscounts(deps.db, [
    maker.ordinalAddress,
    maker.paymentAddress,
    ...slugs,
  ]);
  return items.map((item) =>
    listingMakerFee(item.price, {
      feeBps: deps.env.PLATFORM_FEE_BPS,
      isZeroFee: item.isZeroFee,
      discounts: discounts.filter(
        (d) => !d.parameter.startsWith('collection:') || d.parameter === `collection:${item.slug}`,
      ),
    }),
  );
}
