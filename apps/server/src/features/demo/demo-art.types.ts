/**
 * A trait as the marketplace stores it (product.md#records meta.attributes: trait_type and value).
 */
export type DemoAttribute = { trait_type: string; value: string };

/** Images for the art; text for the BRC-20 operations (demo-brc20.ts). */
type DemoContentType = 'image/svg+xml' | 'image/png' | 'text/plain;charset=utf-8';

/** Bytes to inscribe. `key` names it within the demo (e.g. 'block-punks/12', 'block-punks/icon'). */
export type DemoArtwork = { key: string; contentType: DemoContentType; body: Uint8Array };

export type DemoItem = DemoArtwork & { name: string; attributes: DemoAttribute[] };

export type DemoCollection = {
  slug: string;
  name: string;
  description: string;
  category: string;
  creatorName: string;
  websiteLink: string;
  twitterLink: string;
  discordLink: string;
  icon: DemoArtwork;
  banner: DemoArtwork;
  items: DemoItem[];
};

/** One value of a trait with its relative weight (rarity); `S` carries how to draw it. */
export type TraitOption<S = object> = { value: string; weight: number } & S;
