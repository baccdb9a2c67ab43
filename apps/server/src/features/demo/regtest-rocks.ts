import type { DemoCollection } from './demo-art.types.ts';
import { ROCK_TRAITS as TRAITS, type RockTraits } from './regtest-rocks.traits.ts';
import { rockFragment, sky, star } from './rock-drawing.ts';
import { createRng, type Rng } from './seeded-random.ts';
import { svgDocument, utf8 } from './svg.ts';
import { optionNamed as option, rollTraits, rollUniqueTraits, toAttributes } from './traits.ts';

// "Regtest Rocks": faceted geometric rocks in SVG (rock-drawing.ts) on a gradient sky.

const REGTEST_ROCKS_SIZE = 48;

export function regtestRocks(seed: string): DemoCollection {
  const slug = 'regtest-rocks';
  const rng = createRng(`${seed}/${slug}`);
  const items = rollUniqueTraits(rng, TRAITS, REGTEST_ROCKS_SIZE).map((traits, i) => {
    const name = `Regtest Rock #${i + 1}`;
    return {
      key: `${slug}/${i + 1}`,
      name,
      contentType: 'image/svg+xml' as const,
      body: utf8(rockDocument(createRng(`${seed}/${slug}/${i + 1}`), traits, name)),
      attributes: toAttributes(traits),
    };
  });
  const icon: RockTraits = {
    Background: option(TRAITS.Background, 'Lava'),
    Sky: option(TRAITS.Sky, 'Rings'),
    Shape: option(TRAITS.Shape, 'Geode'),
    Mineral: option(TRAITS.Mineral, 'Gold'),
    Pattern: option(TRAITS.Pattern, 'Plain'),
    Glow: option(TRAITS.Glow, 'Soft'),
  };
  return {
    slug,
    name: 'Regtest Rocks',
    description:
      'Forty-eight faceted rocks, tumbled from a seed and inscribed as SVG on the regtest chain. ' +
      'Every facet is a polygon, every rock fully on chain. A demo collection of this marketplace.',
    category: 'art',
    creatorName: 'Quarry Labs',
    websiteLink: 'https://regtest-rocks.example.com',
    twitterLink: 'https://x.com/regtestrocks',
    discordLink: 'https://discord.gg/regtestrocks',
    icon: {
      key: `${slug}/icon`,
      contentType: 'image/svg+xml',
      body: utf8(rockDocument(createRng(`${seed}/${slug}/icon`), icon, 'Regtest Rocks')),
    },
    banner: {
      key: `${slug}/banner`,
      contentType: 'image/svg+xml',
      body: utf8(bannerDocument(createRng(`${seed}/${slug}/banner`))),
    },
    items,
  };
}

function rockDocument(rng: Rng, traits: RockTraits, title: string): string {
  const [top, bottom] = traits.Background.colors;
  const rock = rockFragment(rng, traits, { cx: 200, groundY: 335, scale: 1.15, id: 'r' });
  const body =
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/>` +
    `<stop offset="1" stop-color="${bottom}"/></linearGradient>${rock.defs}</defs>` +
    `<rect width="400" height="400" fill="url(#bg)"/>${sky(rng, traits.Sky.value)}` +
    `<rect y="318" width="400" height="82" fill="#000" opacity=".1"/>${rock.body}`;
  return svgDocument(400, 400, title, body);
}

function bannerDocument(rng: Rng): string {
  let defs = '';
  let body = '';
  for (let i = 0; i < 5; i += 1) {
    const traits = rollTraits(rng, TRAITS);
    const scale = 1.15 + rng() * 0.35;
    const rock = rockFragment(rng, traits, { cx: 190 + i * 280, groundY: 450, scale, id: `r${i}` });
    defs += rock.defs;
    body += rock.body;
  }
  const stars = Array.from({ length: 60 }, () => star(rng, 1500, 300)).join('');
  return svgDocument(
    1500,
    500,
    'Regtest Rocks',
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#141e30"/>` +
      `<stop offset="1" stop-color="#4e4376"/></linearGradient>${defs}</defs>` +
      `<rect width="1500" height="500" fill="url(#bg)"/>${stars}` +
      `<rect y="425" width="1500" height="75" fill="#000" opacity=".25"/>${body}`,
  );
}
