import { bytesToBase64 } from '@om/bitcoin';
import { PUNK_TRAITS as TRAITS, type PunkTraits } from './block-punks.traits.ts';
import type { DemoCollection } from './demo-art.types.ts';
import { PixelCanvas } from './pixel-canvas.ts';
import { drawPunk } from './punk-drawing.ts';
import { OUTLINE } from './punk-face.ts';
import { createRng, type Rng } from './seeded-random.ts';
import { svgDocument, utf8 } from './svg.ts';
import { optionNamed as option, rollTraits, rollUniqueTraits, toAttributes } from './traits.ts';

// "Block Punks": 24×24 front-facing pixel portraits (punk-drawing.ts) on an indexed-colour canvas,
// inscribed as tiny PNGs that the viewer upscales pixelated.

const BLOCK_PUNKS_SIZE = 64;

export function blockPunks(seed: string): DemoCollection {
  const slug = 'block-punks';
  const rng = createRng(`${seed}/${slug}`);
  const items = rollUniqueTraits(rng, TRAITS, BLOCK_PUNKS_SIZE).map((traits, i) => {
    const name = `Block Punk #${i + 1}`;
    const art = drawPunk(createRng(`${seed}/${slug}/${i + 1}`), traits);
    return {
      key: `${slug}/${i + 1}`,
      name,
      contentType: 'image/png' as const,
      body: art.toPng({ Title: name }),
      attributes: toAttributes(traits),
    };
  });
  const iconTraits: PunkTraits = {
    Background: option(TRAITS.Background, 'Bitcoin Orange'),
    Type: option(TRAITS.Type, 'Ape'),
    Clothes: option(TRAITS.Clothes, 'Hoodie'),
    Hair: option(TRAITS.Hair, 'Crown'),
    Eyes: option(TRAITS.Eyes, 'Laser Eyes'),
    Mouth: option(TRAITS.Mouth, 'Smile'),
    Accessory: option(TRAITS.Accessory, 'Gold Chain'),
  };
  return {
    slug,
    name: 'Block Punks',
    description:
      'Sixty-four 24×24 punks, drawn one pixel at a time and inscribed as tiny PNGs on regtest. ' +
      'Seven traits, a few rare ones, no roadmap. A demo collection of this marketplace.',
    category: 'pfp',
    creatorName: 'Pixel Miners',
    websiteLink: 'https://block-punks.example.com',
    twitterLink: 'https://x.com/blockpunks',
    discordLink: 'https://discord.gg/blockpunks',
    icon: {
      key: `${slug}/icon`,
      contentType: 'image/png',
      body: drawPunk(createRng(`${seed}/${slug}/icon`), iconTraits).toPng({ Title: 'Block Punks' }),
    },
    banner: {
      key: `${slug}/banner`,
      contentType: 'image/svg+xml',
      body: utf8(bannerDocument(createRng(`${seed}/${slug}/banner`))),
    },
    items,
  };
}

/** Twelve punks on a 144×48 PNG, scaled up crisply inside a 1500×500 SVG. */
function bannerDocument(rng: Rng): string {
  const sheet = new PixelCanvas(144, 48, OUTLINE);
  for (let i = 0; i < 12; i += 1) {
    drawPunk(rng, rollTraits(rng, TRAITS)).drawOnto(sheet, (i % 6) * 24, Math.floor(i / 6) * 24);
  }
  const href = `data:image/png;base64,${bytesToBase64(sheet.toPng())}`;
  return svgDocument(
    1500,
    500,
    'Block Punks',
    `<image href="${href}" width="1500" height="500" preserveAspectRatio="none" ` +
      `image-rendering="optimizeSpeed" style="image-rendering:pixelated"/>`,
  );
}
