import type { NewCollection } from '../../db/catalogue.tables.ts';
import type { DemoCollection } from './demo-art.types.ts';

/** A collection's catalogue rows, ready to write; collection_id comes from the collection row. */
export type CatalogueCollection = {
  collection: NewCollection;
  inscriptions: { inscription_id: string; name: string; file_type: string }[];
  attributes: { inscription_id: string; category: string; value: string }[];
};

/**
 * The market's rows for the demo collections once every artwork is on chain (`ids`: artwork key
 * → inscription id). Icon and banner are served from /content like any inscription; they are not
 * items of the collection.
 */
export function toCatalogue(params: {
  collections: readonly DemoCollection[];
  ids: ReadonlyMap<string, string>;
  creatorAddresses: readonly string[];
  seed: string;
}): CatalogueCollection[] {
  const { collections, ids, creatorAddresses, seed } = params;
  const idOf = (key: string) => {
    const id = ids.get(key);
    if (!id) throw new Error(`demo artwork ${key} is not inscribed`);
    return id;
  };
  return collections.map((c, index) => {
    const iconId = idOf(c.icon.key);
    return {
      collection: {
        slug: c.slug,
        name: c.name,
        description: c.description,
        icon: `/content/${iconId}`,
        banner_image: `/content/${idOf(c.banner.key)}`,
        inscription_icon: iconId,
        website_link: c.websiteLink,
        twitter_link: c.twitterLink,
        discord_link: c.discordLink,
        creator_name: c.creatorName,
        creator_btc_address: creatorAddresses[index % creatorAddresses.length] ?? null,
        category: c.category,
        is_tradable: true,
        is_under_review: false,
        extra_metadata: JSON.stringify({ demo: true, seed, supply: c.items.length }),
      },
      inscriptions: c.items.map((item) => ({
        inscription_id: idOf(item.key),
        name: item.name,
        file_type: item.contentType,
      })),
      attributes: c.items.flatMap((item) =>
        item.attributes.map((a) => ({
          inscription_id: idOf(item.key),
          category: a.trait_type,
          value: a.value,
        })),
      ),
    };
  });
}
