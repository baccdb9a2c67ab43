import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ROUTE_MODULES,
  routeChunks,
  routeModuleFor,
  withModulePreloads,
  type ViteManifest,
} from './web-static-preload.ts';

// A manifest shaped as Vite writes it: the entry, a lazy route sharing one chunk with the entry.
const manifest: ViteManifest = {
  'index.html': { file: 'assets/index-E1.js', isEntry: true, imports: ['_button-B1.js'] },
  '_button-B1.js': { file: 'assets/button-B1.js' },
  '_format-F1.js': { file: 'assets/format-F1.js', imports: ['_button-B1.js', '_units-U1.js'] },
  '_units-U1.js': { file: 'assets/units-U1.js' },
  'src/features/collections/collection-page.tsx': {
    file: 'assets/collection-page-C1.js',
    imports: ['index.html', '_format-F1.js', '_units-U1.js'],
  },
};

describe('routeModuleFor', () => {
  it.each([
    ['/collections/block-punks', 'src/features/collections/collection-page.tsx'],
    ['/collections/block-punks/', 'src/features/collections/collection-page.tsx'],
    ['/wallet/recovery', 'src/features/multisig/recovery-page.tsx'],
    ['/wallet', 'src/features/multisig/multisig-wallet-page.tsx'],
    ['/inscriptions/abci0', 'src/features/inscriptions/inscription-page.tsx'],
    ['/collections', 'src/features/collections/collections-page.tsx'],
    ['/collections/a/b', undefined],
    ['/nowhere', undefined],
    ['/', 'src/features/collections/collections-page.tsx'],
  ])('%s → %s', (pathname, module) => {
    expect(routeModuleFor(pathname)).toBe(module);
  });
});

describe('routeChunks', () => {
  it("gives the route's chunk and its imports, depth first, without what the entry loads", () => {
    expect(routeChunks(manifest, 'src/features/collections/collection-page.tsx')).toEqual([
      '/assets/collection-page-C1.js',
      '/assets/format-F1.js',
      '/assets/units-U1.js',
    ]);
  });

  it('gives nothing for a module the build does not have', () => {
    expect(routeChunks(manifest, 'src/features/swap/swap-page.tsx')).toEqual([]);
  });
});

describe('withModulePreloads', () => {
  const html = '<html><head><title>x</title></head><body></body></html>';

  it('puts one crossorigin modulepreload link per file before </head>', () => {
    expect(withModulePreloads(html, ['/assets/a.js', '/assets/b.js'])).toBe(
      '<html><head><title>x</title><link rel="modulepreload" crossorigin href="/assets/a.js">\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/b.js">\n  </head><body></body></html>',
    );
  });

  it('leaves the page as it is with no file', () => {
    expect(withModulePreloads(html, [])).toBe(html);
  });
});

it("names exactly the lazy routes of the web app's routes.tsx, with their modules", () => {
  const routes = fs.readFileSync(
    path.resolve(import.meta.dirname, '../../../web/src/app/routes.tsx'),
    'utf8',
  );
  // path: 'collections/:slug', lazy: async () => ({ Component: (await import('../features/…'))
  const lazy = [...routes.matchAll(/path: '([^']+)',\s*lazy:[^]*?import\('\.\.\/([^']+)'\)/g)].map(
    ([, route, file]) => [`/${route}`, `src/${file}`],
  );
  expect(lazy.length).toBeGreaterThan(10);
  expect(ROUTE_MODULES.map(([pattern, module]) => [pattern, module])).toEqual(lazy);
});
