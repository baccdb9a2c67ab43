import type { RockTraits } from './regtest-rocks.traits.ts';
import { pick, randomInt, type Rng } from './seeded-random.ts';
import { mixHex, num, points } from './svg.ts';

// A faceted rock: a jittered polygon split into triangles lit from the top left, a pattern
// clipped to it, a glow and a shadow; and the sky behind it.

type Point = [number, number];
export type Placement = { cx: number; groundY: number; scale: number; id: string };

export function rockFragment(rng: Rng, traits: RockTraits, at: Placement) {
  const shape = traits.Shape;
  const [dark, mid, light] = traits.Mineral.tones;
  const outline = rockOutline(rng, shape, at);
  const [cx, cy] = centroid(outline);
  const size = shape.radius * at.scale;
  const lightAt: Point = [cx - size * 0.25, cy - size * 0.3];
  const facets = outline.map((p, i) => {
    const q = outline[(i + 1) % outline.length] as Point;
    const angle = Math.atan2((p[1] + q[1]) / 2 - cy, (p[0] + q[0]) / 2 - cx);
    const lit = Math.min(
      1,
      Math.max(0, 0.5 + 0.5 * Math.cos(angle + (3 * Math.PI) / 4) + (rng() - 0.5) * 0.16),
    );
    const fill = lit < 0.5 ? mixHex(dark, mid, lit * 2) : mixHex(mid, light, (lit - 0.5) * 2);
    return `<polygon points="${points([lightAt, p, q])}" fill="${fill}"/>`;
  });
  const ground = Math.max(...outline.map((p) => p[1]));
  const width = Math.max(...outline.map((p) => p[0])) - Math.min(...outline.map((p) => p[0]));
  const shadow = `<ellipse cx="${num(cx)}" cy="${num(ground + 4)}" rx="${num(width * 0.58)}" ry="${num(12 * at.scale)}" fill="#000" opacity=".25"/>`;
  const clip = `${at.id}-clip`;
  const defs =
    `<clipPath id="${clip}"><polygon points="${points(outline)}"/></clipPath>` +
    (traits.Glow.value === 'None'
      ? ''
      : `<filter id="${at.id}-glow" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${num(14 * at.scale)}"/></filter>`);
  const neon = pick(rng, ['#39ff14', '#00e5ff', '#ff2bd6']);
  const glow =
    traits.Glow.value === 'None'
      ? ''
      : `<polygon points="${points(outline)}" fill="${traits.Glow.value === 'Neon' ? neon : light}" opacity=".75" filter="url(#${at.id}-glow)"/>`;
  const stroke = traits.Glow.value === 'Neon' ? neon : dark;
  const body =
    `${shadow}${glow}<g>${facets.join('')}</g>` +
    `<g clip-path="url(#${clip})">${pattern(rng, traits.Pattern.value, outline, { dark, light })}` +
    `${shape.value === 'Geode' ? geodeCavity(rng, [cx, cy], size, dark) : ''}</g>` +
    `<polygon points="${points(outline)}" fill="none" stroke="${stroke}" stroke-width="${num(4 * at.scale)}" stroke-linejoin="round"/>`;
  return { defs, body };
}

function rockOutline(rng: Rng, shape: RockTraits['Shape'], at: Placement): Point[] {
  const n = randomInt(rng, shape.n[0] as number, shape.n[1] as number);
  const step = (2 * Math.PI) / n;
  const start = shape.value === 'Monolith' ? Math.PI / 4 : rng() * step;
  const [lo, hi] = shape.jitter as [number, number];
  const raw = Array.from({ length: n }, (_, i): Point => {
    const angle = start + i * step + (rng() - 0.5) * step * 0.4;
    const r = shape.radius * at.scale * (lo + rng() * (hi - lo));
    return [at.cx + Math.cos(angle) * r * shape.sx, Math.sin(angle) * r * shape.sy];
  });
  const lift = at.groundY - Math.max(...raw.map((p) => p[1]));
  return raw.map(([x, y]) => [x, y + lift]);
}

function pattern(rng: Rng, kind: string, outline: Point[], tones: { dark: string; light: string }) {
  const xs = outline.map((p) => p[0]);
  const ys = outline.map((p) => p[1]);
  const [minX, maxX, minY, maxY] = [
    Math.min(...xs),
    Math.max(...xs),
    Math.min(...ys),
    Math.max(...ys),
  ];
  const at = (): Point => [minX + rng() * (maxX - minX), minY + rng() * (maxY - minY)];
  switch (kind) {
    case 'Strata': {
      const lines = randomInt(rng, 4, 7);
      return Array.from({ length: lines }, (_, i) => {
        const y = minY + ((i + 1) / (lines + 1)) * (maxY - minY);
        const wave: Point[] = Array.from({ length: 6 }, (_, k) => [
          minX + (k / 5) * (maxX - minX),
          y + (rng() - 0.5) * 14,
        ]);
        return `<polyline points="${points(wave)}" fill="none" stroke="${tones.dark}" stroke-width="${randomInt(rng, 3, 6)}" opacity=".35"/>`;
      }).join('');
    }
    case 'Speckles':
      return Array.from({ length: randomInt(rng, 25, 40) }, () => {
        const [x, y] = at();
        const fill = rng() < 0.5 ? tones.dark : tones.light;
        return `<circle cx="${num(x)}" cy="${num(y)}" r="${num(1.5 + rng() * 3)}" fill="${fill}" opacity=".6"/>`;
      }).join('');
    case 'Cracks':
    case 'Gold Veins': {
      const color = kind === 'Cracks' ? tones.dark : '#ffd54a';
      return Array.from({ length: randomInt(rng, 2, 3) }, () => {
        const from = pick(rng, outline);
        const to = at();
        const zigzag: Point[] = Array.from({ length: 5 }, (_, k) => [
          from[0] + ((to[0] - from[0]) * k) / 4 + (k > 0 ? (rng() - 0.5) * 18 : 0),
          from[1] + ((to[1] - from[1]) * k) / 4 + (k > 0 ? (rng() - 0.5) * 18 : 0),
        ]);
        return `<polyline points="${points(zigzag)}" fill="none" stroke="${color}" stroke-width="3" stroke-linejoin="round"/>`;
      }).join('');
    }
    default:
      return '';
  }
}

function geodeCavity(rng: Rng, [cx, cy]: Point, size: number, dark: string): string {
  const crystal = pick(rng, ['#b388ff', '#64ffda', '#ff80ab']);
  const n = 9;
  const rim: Point[] = Array.from({ length: n }, (_, i) => {
    const angle = (i / n) * 2 * Math.PI;
    const r = size * (0.36 + rng() * 0.08);
    return [cx + Math.cos(angle) * r, cy + Math.sin(angle) * r * 0.85];
  });
  const shards = rim.map((p, i) => {
    const q = rim[(i + 1) % n] as Point;
    const tip: Point = [cx + (rng() - 0.5) * size * 0.2, cy + (rng() - 0.5) * size * 0.2];
    const fill = mixHex(crystal, '#ffffff', i % 2 === 0 ? 0.1 : 0.45);
    return `<polygon points="${points([p, q, tip])}" fill="${fill}"/>`;
  });
  return `<polygon points="${points(rim)}" fill="${dark}" stroke="${dark}" stroke-width="6"/>${shards.join('')}`;
}

export function sky(rng: Rng, kind: string): string {
  switch (kind) {
    case 'Sun':
      return `<circle cx="${randomInt(rng, 90, 310)}" cy="${randomInt(rng, 70, 120)}" r="${randomInt(rng, 40, 65)}" fill="#fff" opacity=".55"/>`;
    case 'Stars':
      return Array.from({ length: 30 }, () => star(rng, 400, 280)).join('');
    case 'Rings':
      return [60, 100, 140, 180]
        .map(
          (r) =>
            `<circle cx="200" cy="190" r="${r}" fill="none" stroke="#fff" stroke-width="6" opacity=".22"/>`,
        )
        .join('');
    case 'Blockspace':
      return Array.from({ length: 5 }, (_, i) => {
        const x = 30 + i * 74;
        const link =
          i < 4
            ? `<rect x="${x + 44}" y="62" width="30" height="6" fill="#fff" opacity=".3"/>`
            : '';
        return `<rect x="${x}" y="43" width="44" height="44" rx="4" fill="#fff" opacity=".3"/>${link}`;
      }).join('');
    case 'Eclipse':
      return (
        `<circle cx="300" cy="95" r="58" fill="#fff" opacity=".35"/>` +
        `<circle cx="300" cy="95" r="50" fill="#111"/>`
      );
    default:
      return '';
  }
}

export function star(rng: Rng, width: number, height: number): string {
  return `<circle cx="${num(rng() * width)}" cy="${num(rng() * height)}" r="${num(0.6 + rng() * 1.6)}" fill="#fff" opacity="${num(0.4 + rng() * 0.6)}"/>`;
}

function centroid(list: Point[]): Point {
  const sum = list.reduce<Point>((acc, p) => [acc[0] + p[0], acc[1] + p[1]], [0, 0]);
  return [sum[0] / list.length, sum[1] / list.length];
}
