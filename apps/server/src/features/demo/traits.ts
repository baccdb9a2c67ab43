import type { DemoAttribute, TraitOption } from './demo-art.types.ts';
import { pickWeighted, type Rng } from './seeded-random.ts';

/** A collection's traits: trait_type → its options, in the order the attributes are listed. */
export type TraitTable = Record<string, readonly TraitOption[]>;

export type RolledTraits<T extends TraitTable> = { [K in keyof T]: T[K][number] };

export function rollTraits<T extends TraitTable>(rng: Rng, table: T): RolledTraits<T> {
  const rolled: Partial<RolledTraits<T>> = {};
  for (const key of Object.keys(table) as (keyof T & string)[]) {
    rolled[key] = pickWeighted(rng, table[key] as T[typeof key]);
  }
  return rolled as RolledTraits<T>;
}

/** `count` rolls with no two alike: a repeated combination is rolled again. */
export function rollUniqueTraits<T extends TraitTable>(
  rng: Rng,
  table: T,
  count: number,
): RolledTraits<T>[] {
  const seen = new Set<string>();
  const result: RolledTraits<T>[] = [];
  for (let attempt = 0; result.length < count; attempt += 1) {
    if (attempt > count * 100) throw new Error('not enough distinct trait combinations');
    const rolled = rollTraits(rng, table);
    const signature = toAttributes(rolled)
      .map((a) => a.value)
      .join('|');
    if (seen.has(signature)) continue;
    seen.add(signature);
    result.push(rolled);
  }
  return result;
}

export function toAttributes(rolled: Record<string, { value: string }>): DemoAttribute[] {
  return Object.entries(rolled).map(([trait_type, option]) => ({
    trait_type,
    value: option.value,
  }));
}

/** The option of a trait with this value, for hand-picked combinations (icons). */
export function optionNamed<T extends { value: string }>(options: readonly T[], value: string): T {
  const found = options.find((o) => o.value === value);
  if (!found) throw new Error(`no option ${value}`);
  return found;
}
