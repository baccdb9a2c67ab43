/**
 * The `index`th client address of private network 10.`net`.0.0/16 (10.net.0.1, 10.net.0.2, ...):
 * what a bench's client sends as X-Forwarded-For behind the trusted proxy, so that each of them
 * meets the per-client limits as a real user does. Nets in use: 1 bench:launch's minters, 2
 * bench:swap's swappers, 3 and 4 its one-at-a-time builds.
 */
export const clientAddress = (net: number, index: number): string =>
  `10.${net}.${Math.floor(index / 250)}.${(index % 250) + 1}`;
