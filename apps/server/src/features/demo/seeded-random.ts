/**
 * A small deterministic random source for the demo art: the same seed draws the same numbers on
 * every machine and every run, so a re-seed regenerates byte-identical inscriptions.
 */
export type Rng = () => number;

/** sfc32 seeded from a 128-bit FNV-1a-style hash of the seed text; answers floats in [0, 1). */
export function createRng(seed: string): Rng {
  let [a, b, c, d] = hashSeed(seed);
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // sfc32's first outputs still echo the seed; the reference implementation discards a dozen.
  for (let i = 0; i < 12; i += 1) next();
  return next;
}

function hashSeed(seed: string): [number, number, number, number] {
  const state = [0x811c9dc5, 0x01000193, 0x9e3779b9, 0x85ebca6b];
  for (let i = 0; i < seed.length; i += 1) {
    const code = seed.charCodeAt(i);
    for (let k = 0; k < 4; k += 1) {
      state[k] = Math.imul((state[k] as number) ^ code, 0x01000193 + 2 * k) >>> 0;
    }
  }
  return state as [number, number, number, number];
}

/** An integer in [min, max], both included. */
export function randomInt(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError('pick from an empty list');
  return items[Math.floor(rng() * items.length)] as T;
}

/** One option, each as likely as its weight. */
export function pickWeighted<T extends { weight: number }>(rng: Rng, options: readonly T[]): T {
  const total = options.reduce((sum, option) => sum + option.weight, 0);
  let roll = rng() * total;
  for (const option of options) {
    roll -= option.weight;
    if (roll < 0) return option;
  }
  return pick(rng, options);
}
