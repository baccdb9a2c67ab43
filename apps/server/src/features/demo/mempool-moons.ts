import type { DemoCollection } from './demo-art.types.ts';
import { createRng, pick, randomInt, type Rng } from './seeded-random.ts';
import { mixHex, num, svgDocument, utf8 } from './svg.ts';
import {
  optionNamed as option,
  rollTraits,
  rollUniqueTraits,
  toAttributes,
  type RolledTraits,
} from './traits.ts';

// "Mempool Moons": moons in SVG with a radial-gradient surface, a phase shadow, craters, rings
// and a companion, on a starfield.

const TRAITS = {
  Space: [
    { value: 'Deep Space', weight: 30, colors: ['#1b2048', '#05060f'] },
    { value: 'Nebula', weight: 22, colors: ['#5b2a86', '#12051f'] },
    { value: 'Aurora', weight: 18, colors: ['#1d6b5f', '#04141a'] },
    { value: 'Twilight', weight: 18, colors: ['#35508a', '#0b1020'] },
    { value: 'Red Giant', weight: 8, colors: ['#8a2d1f', '#140505'] },
    { value: 'Void', weight: 4, colors: ['#000000', '#000000'] },
  ],
  Surface: [
    { value: 'Silver', weight: 26, tones: ['#f4f4f8', '#8e8ea0'] },
    { value: 'Amber', weight: 18, tones: ['#ffe0a3', '#b36b00'] },
    { value: 'Ice', weight: 18, tones: ['#e8fbff', '#5aa9c9'] },
    { value: 'Rust', weight: 16, tones: ['#f2a37a', '#7a2e12'] },
    { value: 'Jade', weight: 12, tones: ['#c9f7dc', '#2f7d55'] },
    { value: 'Obsidian', weight: 6, tones: ['#8c78b8', '#1a1028'] },
    { value: 'Gold', weight: 4, tones: ['#fff6c2', '#c78c00'] },
  ],
  Phase: [
    { value: 'Full', weight: 26, offset: 0 },
    { value: 'Gibbous', weight: 26, offset: 1.45 },
    { value: 'Quarter', weight: 22, offset: 1 },
    { value: 'Crescent', weight: 22, offset: 0.45 },
    { value: 'Eclipsed', weight: 4, offset: -1 },
  ],
  Craters: [
    { value: 'Few', weight: 40, count: 4 },
    { value: 'Many', weight: 30, count: 11 },
    { value: 'None', weight: 20, count: 0 },
    { value: 'Giant', weight: 10, count: 1 },
  ],
  Ring: [
    { value: 'None', weight: 58 },
    { value: 'Thin', weight: 24 },
    { value: 'Double', weight: 12 },
    { value: 'Golden', weight: 6 },
  ],
  Companion: [
    { value: 'None', weight: 50 },
    { value: 'Satellite', weight: 24 },
    { value: 'Comet', weight: 14 },
    { value: 'Tiny Moon', weight: 12 },
  ],
} as const;

type MoonTraits = RolledTraits<typeof TRAITS>;

const MEMPOOL_MOONS_SIZE = 32;

export function mempoolMoons(seed: string): DemoCollection {
  const slug = 'mempool-moons';
  const rng = createRng(`${seed}/${slug}`);
  const items = rollUniqueTraits(rng, TRAITS, MEMPOOL_MOONS_SIZE).map((traits, i) => {
    const name = `Mempool Moon #${i + 1}`;
    return {
      key: `${slug}/${i + 1}`,
      name,
      contentType: 'image/svg+xml' as const,
      body: utf8(moonDocument(createRng(`${seed}/${slug}/${i + 1}`), traits, name)),
      attributes: toAttributes(traits),
    };
  });
  const icon: MoonTraits = {
    Space: option(TRAITS.Space, 'Nebula'),
    Surface: option(TRAITS.Surface, 'Gold'),
    Phase: option(TRAITS.Phase, 'Gibbous'),
    Craters: option(TRAITS.Craters, 'Few'),
    Ring: option(TRAITS.Ring, 'Golden'),
    Companion: option(TRAITS.Companion, 'None'),
  };
  return {
    slug,
    name: 'Mempool Moons',
    description:
      'Thirty-two moons that rose while a transaction waited for its first confirmation. ' +
      'Phases, craters and rings, all in on-chain SVG. A demo collection of this marketplace.',
    category: 'art',
    creatorName: 'Orbit Studio',
    websiteLink: 'https://mempool-moons.example.com',
    twitterLink: 'https://x.com/mempoolmoons',
    discordLink: 'https://discord.gg/mempoolmoons',
    icon: {
      key: `${slug}/icon`,
      contentType: 'image/svg+xml',
      body: utf8(moonDocument(createRng(`${seed}/${slug}/icon`), icon, 'Mempool Moons')),
    },
    banner: {
      key: `${slug}/banner`,
      contentType: 'image/svg+xml',
      body: utf8(bannerDocument(createRng(`${seed}/${slug}/banner`))),
    },
    items,
  };
}

function moonDocument(rng: Rng, traits: MoonTraits, title: string): string {
  const [glow, deep] = traits.Space.colors;
  const stars = Array.from({ length: randomInt(rng, 40, 70) }, () => star(rng, 400, 400));
  const moon = moonFragment(rng, traits, { cx: 200, cy: 200, r: 110, id: 'm' });
  const body =
    `<defs><radialGradient id="space" cx=".3" cy=".25" r=".9"><stop offset="0" stop-color="${glow}"/>` +
    `<stop offset="1" stop-color="${deep}"/></radialGradient>${moon.defs}</defs>` +
    `<rect width="400" height="400" fill="url(#space)"/>${stars.join('')}` +
    `${companion(rng, traits.Companion.value)}${moon.body}`;
  return svgDocument(400, 400, title, body);
}

function bannerDocument(rng: Rng): string {
  const phases = ['Crescent', 'Quarter', 'Gibbous', 'Full', 'Gibbous', 'Quarter', 'Crescent'];
  let defs = '';
  let body = '';
  phases.forEach((phase, i) => {
    const traits = { ...rollTraits(rng, TRAITS), Phase: option(TRAITS.Phase, phase) };
    const flipped = i > 3;
    const cy = 290 - Math.sin((i / 6) * Math.PI) * 110;
    const moon = moonFragment(rng, traits, { cx: 150 + i * 200, cy, r: 80, id: `m${i}`, flipped });
    defs += moon.defs;
    body += moon.body;
  });
  const stars = Array.from({ length: 160 }, () => star(rng, 1500, 500)).join('');
  return svgDocument(
    1500,
    500,
    'Mempool Moons',
    `<defs><radialGradient id="space" cx=".5" cy=".1" r="1"><stop offset="0" stop-color="#2a2f6b"/>` +
      `<stop offset="1" stop-color="#05060f"/></radialGradient>${defs}</defs>` +
      `<rect width="1500" height="500" fill="url(#space)"/>${stars}${body}`,
  );
}

type Placement = { cx: number; cy: number; r: number; id: string; flipped?: boolean };

function moonFragment(rng: Rng, traits: MoonTraits, at: Placement) {
  const { cx, cy, r, id } = at;
  const [lit, dark] = traits.Surface.tones;
  const clip = `${id}-clip`;
  const defs =
    `<radialGradient id="${id}-surface" cx=".35" cy=".3" r=".8"><stop offset="0" stop-color="${lit}"/>` +
    `<stop offset="1" stop-color="${dark}"/></radialGradient>` +
    `<clipPath id="${clip}"><circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r)}"/></clipPath>`;
  const ring = traits.Ring.value === 'None' ? undefined : ringParts(rng, traits.Ring.value, at);
  const direction = (at.flipped ?? rng() < 0.5) ? -1 : 1;
  const body =
    `${ring?.back ?? ''}` +
    `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r * 1.08)}" fill="${lit}" opacity=".12"/>` +
    `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r)}" fill="url(#${id}-surface)"/>` +
    `<g clip-path="url(#${clip})">${craters(rng, traits.Craters, at, dark)}` +
    `${phaseShadow(traits.Phase, at, direction)}</g>${ring?.front ?? ''}`;
  return { defs, body };
}

function craters(rng: Rng, kind: MoonTraits['Craters'], at: Placement, dark: string): string {
  const rim = mixHex(dark, '#ffffff', 0.55);
  return Array.from({ length: kind.count }, () => {
    const size = kind.value === 'Giant' ? at.r * 0.38 : at.r * (0.06 + rng() * 0.13);
    const angle = rng() * 2 * Math.PI;
    const distance = rng() * (at.r - size * 0.6);
    const x = at.cx + Math.cos(angle) * distance;
    const y = at.cy + Math.sin(angle) * distance;
    return (
      `<circle cx="${num(x)}" cy="${num(y)}" r="${num(size)}" fill="${dark}" opacity=".35"/>` +
      `<circle cx="${num(x - size * 0.12)}" cy="${num(y - size * 0.12)}" r="${num(size * 0.85)}" fill="none" stroke="${rim}" stroke-width="${num(Math.max(1, size * 0.12))}" opacity=".45"/>`
    );
  }).join('');
}

/** The night side: a dark disc shifted sideways by `offset` radii, or all of it when eclipsed. */
function phaseShadow(phase: MoonTraits['Phase'], at: Placement, direction: number): string {
  if (phase.value === 'Full') return '';
  if (phase.value === 'Eclipsed') {
    return `<circle cx="${num(at.cx)}" cy="${num(at.cy)}" r="${num(at.r)}" fill="#5a0d0d" opacity=".72"/>`;
  }
  if (phase.value === 'Quarter') {
    const x = direction > 0 ? at.cx : at.cx - at.r;
    return `<rect x="${num(x)}" y="${num(at.cy - at.r)}" width="${num(at.r)}" height="${num(2 * at.r)}" fill="#000" opacity=".78"/>`;
  }
  const cx = at.cx + direction * phase.offset * at.r;
  return `<circle cx="${num(cx)}" cy="${num(at.cy)}" r="${num(at.r)}" fill="#000" opacity=".78"/>`;
}

/** A tilted ring: its far half drawn behind the moon, its near half in front. */
function ringParts(rng: Rng, kind: string, at: Placement) {
  const tilt = randomInt(rng, -28, 28);
  const color = kind === 'Golden' ? '#ffd54a' : '#e6e6f0';
  const ellipses = (kind === 'Double' ? [1.75, 1.5] : [1.65]).map(
    (scale) =>
      `<ellipse cx="${num(at.cx)}" cy="${num(at.cy)}" rx="${num(at.r * scale)}" ry="${num(at.r * scale * 0.24)}" fill="none" stroke="${color}" stroke-width="${num(at.r * 0.07)}" opacity=".85"/>`,
  );
  const rotate = `rotate(${tilt} ${num(at.cx)} ${num(at.cy)})`;
  const front = `${at.id}-front`;
  return {
    back: `<g transform="${rotate}">${ellipses.join('')}</g>`,
    front:
      `<clipPath id="${front}"><rect x="${num(at.cx - at.r * 2)}" y="${num(at.cy)}" width="${num(at.r * 4)}" height="${num(at.r)}"/></clipPath>` +
      `<g transform="${rotate}" clip-path="url(#${front})">${ellipses.join('')}</g>`,
  };
}

function companion(rng: Rng, kind: string): string {
  switch (kind) {
    case 'Satellite': {
      const [x, y] = [randomInt(rng, 60, 340), randomInt(rng, 40, 90)];
      return (
        `<rect x="${x - 14}" y="${y - 3}" width="10" height="6" fill="#5aa9e6"/>` +
        `<rect x="${x - 4}" y="${y - 5}" width="8" height="10" fill="#d0d0d8"/>` +
        `<rect x="${x + 4}" y="${y - 3}" width="10" height="6" fill="#5aa9e6"/>`
      );
    }
    case 'Comet': {
      const [x, y] = [randomInt(rng, 260, 360), randomInt(rng, 40, 100)];
      return (
        `<line x1="${x}" y1="${y}" x2="${x - 110}" y2="${y + 50}" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity=".35"/>` +
        `<circle cx="${x}" cy="${y}" r="5" fill="#fff"/>`
      );
    }
    case 'Tiny Moon': {
      const tone = pick(rng, ['#d0d0e0', '#f2a37a', '#a8e6cf']);
      return `<circle cx="${randomInt(rng, 50, 350)}" cy="${randomInt(rng, 330, 365)}" r="16" fill="${tone}"/>`;
    }
    default:
      return '';
  }
}

function star(rng: Rng, width: number, height: number): string {
  return `<circle cx="${num(rng() * width)}" cy="${num(rng() * height)}" r="${num(0.5 + rng() * 1.4)}" fill="#fff" opacity="${num(0.3 + rng() * 0.7)}"/>`;
}
