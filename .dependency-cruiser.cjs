/**
 * The layering `npm run lint` keeps (issue 19): packages/bitcoin ← packages/core ← the apps;
 * neither app reaches into the other; inside an app, shared code below the features never imports
 * a feature; no import cycle between modules, nor between the folders of an app's src/.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle hides which module is below which: split or move what both need.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-feature-cycles',
      // ADR 027 ended the rings (the trading core on the server, shared/ and lib/ on the web):
      // a folder of src/ (a feature, the indexer, chain, trading…) never imports one that
      // imports it back.
      severity: 'error',
      comment:
        'Two features that import each other are one feature, or share something that belongs below both.',
      scope: 'folder',
      from: { path: '^apps/[^/]+/src/[^/]+' },
      to: { circular: true },
    },
    {
      name: 'bitcoin-is-the-bottom',
      severity: 'error',
      comment: 'packages/bitcoin is pure Bitcoin: it knows no product rule and no app.',
      from: { path: '^packages/bitcoin/' },
      to: { path: '^(packages/core|apps)/' },
    },
    {
      name: 'core-below-the-apps',
      severity: 'error',
      comment: 'packages/core is shared by browser and server: it never imports either app.',
      from: { path: '^packages/core/' },
      to: { path: '^apps/' },
    },
    {
      name: 'packages-do-no-io',
      severity: 'error',
      comment: 'The packages are pure functions: I/O belongs to the server.',
      from: { path: '^packages/[^/]+/src/', pathNot: '\\.test\\.ts$' },
      to: {
        dependencyTypes: ['core'],
        path: '^(node:)?(fs|fs/promises|net|http|https|http2|child_process|dgram|dns|tls|worker_threads)$',
      },
    },
    {
      name: 'web-apart-from-server',
      severity: 'error',
      comment: 'The apps share code only through packages/core and packages/bitcoin.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-apart-from-web',
      severity: 'error',
      comment: 'The apps share code only through packages/core and packages/bitcoin.',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'web-lib-below-features',
      severity: 'error',
      comment: 'apps/web/src/lib and shared are what every feature may use: they use no feature.',
      from: { path: '^apps/web/src/(lib|shared)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'server-base-below-features',
      severity: 'error',
      comment:
        'The database, HTTP plumbing, chain access and the trading core are below the features.',
      from: { path: '^apps/server/src/(db|http|trading)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/features/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests may reach across features to set a scene; the layering is the product code's.
    exclude: {
      path: [
        '(^|/)(dist|node_modules)/',
        '\\.test\\.tsx?$',
        '^apps/web/src/test/',
        '^apps/server/test/',
      ],
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
