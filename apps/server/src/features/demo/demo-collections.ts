import { blockPunks } from './block-punks.ts';
import type { DemoArtwork, DemoCollection } from './demo-art.types.ts';
import { mempoolMoons } from './mempool-moons.ts';
import { regtestRocks } from './regtest-rocks.ts';

/** Changing the seed (or any generator) changes the art, so a re-seed inscribes it anew. */
export const DEMO_SEED = 'om-demo/v1';

/** The slugs of demoCollections(), known without drawing any art: "is the market seeded?" */
export const DEMO_COLLECTION_SLUGS = ['regtest-rocks', 'block-punks', 'mempool-moons'] as const;

/** The demo market's collections, generated without I/O: the same bytes on every run. */
export function demoCollections(seed = DEMO_SEED): DemoCollection[] {
  return [regtestRocks(seed), blockPunks(seed), mempoolMoons(seed)];
}

/** Everything to inscribe: each collection's icon, banner and items. */
export function demoArtworks(collections: readonly DemoCollection[]): DemoArtwork[] {
  return collections.flatMap((c) => [c.icon, c.banner, ...c.items]);
}
