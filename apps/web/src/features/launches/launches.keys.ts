/**
 * The root of every launches query key (the mint page's too). Apart from launches.queries.ts so
 * the app shell's live stream can refresh launches without loading their schemas and address
 * checks (@om/bitcoin) into the first chunk.
 */
export const LAUNCHES_KEY = ['launches'] as const;
