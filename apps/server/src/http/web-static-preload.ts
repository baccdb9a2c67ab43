// Which chunks a client-side route needs, so the index.html answered for it can ask for them at
// once (<link rel="modulepreload">) instead of after the entry chunk has run React Router.

/**
 * Each lazy route of apps/web/src/app/routes.tsx and the module it imports, as React Router
 * patterns (":name" is one path segment) and as Vite's manifest names the module.
 * web-static-preload.test.ts checks this table against routes.tsx.
 */
export const ROUTE_MODULES: readonly (readonly [pattern: string, module: string])[] = [
  ['/collections', 'src/features/collections/collections-page.tsx'],
  ['/collections/:slug', 'src/features/collections/collection-page.tsx'],
  ['/launches', 'src/features/launches/launches-page.tsx'],
  ['/auctions', 'src/features/auction/auctions-page.tsx'],
  ['/launchpad', 'src/features/launchpad/launchpad-page.tsx'],
  ['/rewards', 'src/features/rewards/rewards-page.tsx'],
  ['/rewards/:id', 'src/features/rewards/reward-pool-page.tsx'],
  ['/brc20', 'src/features/brc20/tokens-page.tsx'],
  ['/brc20/:tick', 'src/features/brc20/token-page.tsx'],
  ['/runes/:idOrName', 'src/features/runes/rune-page.tsx'],
  ['/tx/:txid', 'src/features/chain/transaction-page.tsx'],
  ['/swap', 'src/features/swap/swap-page.tsx'],
  ['/profile', 'src/features/profile/profile-page.tsx'],
  ['/address/:address', 'src/features/profile/address-page.tsx'],
  ['/artists', 'src/features/artists/artists-page.tsx'],
  ['/artists/:username', 'src/features/artists/artist-page.tsx'],
  ['/wallet', 'src/features/multisig/multisig-wallet-page.tsx'],
  ['/wallet/recovery', 'src/features/multisig/recovery-page.tsx'],
  ['/inscriptions', 'src/features/inscriptions/inscriptions-page.tsx'],
  ['/inscriptions/:id', 'src/features/inscriptions/inscription-page.tsx'],
  ['/mint/:slug', 'src/features/mint/mint-page.tsx'],
  ['/auction/:slug', 'src/features/auction/auction-page.tsx'],
  ['/review', 'src/features/review/review-page.tsx'],
];

/** The module of the lazy route that `pathname` opens, if any (a trailing slash is allowed). */
export function routeModuleFor(pathname: string): string | undefined {
  const segments = pathname.split('/').filter(Boolean);
  // routes.tsx's index route redirects to /collections, which waits for that page's chunk.
  if (segments.length === 0) return routeModuleFor('/collections');
  const match = ROUTE_MODULES.find(([pattern]) => {
    const parts = pattern.split('/').filter(Boolean);
    return (
      parts.length === segments.length &&
      parts.every((part, i) => part.startsWith(':') || part === segments[i])
    );
  });
  return match?.[1];
}

/** The part of Vite's build manifest (dist/.vite/manifest.json) read here. */
export type ViteManifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/**
 * The files `module` needs before it can run: its chunk and its static imports, depth first,
 * without the entry's own (index.html already loads and preloads those). Unknown: none.
 */
export function routeChunks(manifest: ViteManifest, module: string): string[] {
  const walk = (key: string, into: Set<string>, skip: ReadonlySet<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(key) || skip.has(key)) return;
    into.add(key);
    for (const child of chunk.imports ?? []) walk(child, into, skip);
  };
  const loaded = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest))
    if (chunk.isEntry) walk(key, loaded, new Set());
  const needed = new Set<string>();
  walk(module, needed, loaded);
  return [...needed].map((key) => `/${manifest[key]!.file}`);
}

/** `html` with a modulepreload link per file just before </head> (crossorigin, as Vite's own). */
export function withModulePreloads(html: string, files: readonly string[]): string {
  if (files.length === 0) return html;
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`);
  return html.replace('</head>', `${links.join('\n    ')}\n  </head>`);
}
