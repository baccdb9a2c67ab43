import type { CollectionInfo } from '@om/core';

/** A new collection's information (product.md#records), in our names. */
export interface NewCollectionInfo {
  name: string;
  description: string;
  icon: string;
  /** The uploaded banner's URL (product.md#spec-gaps); absent or '' is none. */
  banner?: string | undefined;
  websiteLink: string;
  twitterLink: string;
  discordLink: string;
  telegramLink: string;
  instagramLink: string;
  creatorName: string;
  creatorEmail: string;
  creatorBtcAddress: string;
}

/** The collection information form's meta (the API's snake_case names) as a new collection. */
export function newCollectionInfo(meta: Omit<CollectionInfo, 'slug'>): NewCollectionInfo {
  return {
    name: meta.name,
    description: meta.description,
    icon: meta.icon,
    banner: meta.banner,
    websiteLink: meta.website_link,
    twitterLink: meta.twitter_link,
    discordLink: meta.discord_link,
    telegramLink: meta.telegram_link,
    instagramLink: meta.instagram_link,
    creatorName: meta.creator_name,
    creatorEmail: meta.creator_email,
    creatorBtcAddress: meta.creator_btc_address,
  };
}
