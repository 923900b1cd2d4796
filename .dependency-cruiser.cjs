// The import rules `npm test` checks (docs/architecture.md#house-rules), with scripts/house.ts and
// tests/docs/house.test.ts.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No file imports itself through others.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-feature-internals',
      comment:
        'A feature module uses another through its commands, queries and service files, never its routes, hooks, SQL or mappers.',
      severity: 'error',
      from: { path: '^server/modules/([^/]+)/' },
      to: {
        path: '^server/modules/[^/]+/.+[.](routes|hooks|sql|mappers)[.]ts$',
        pathNot: '^server/modules/$1/',
      },
    },
    {
      name: 'kernel-below-modules',
      comment: 'The kernel is what modules share: it never reaches up into a module, the seeds or the app.',
      severity: 'error',
      from: { path: '^server/kernel/' },
      to: { path: '^server/(modules|seed|resources)/|^server/app[.]ts$|^server/main[.]ts$' },
    },
    {
      name: 'db-at-the-bottom',
      comment: 'The database layer (schema, client, migrations) imports nothing of the server above it.',
      severity: 'error',
      from: { path: '^server/db/' },
      to: { path: '^server/(modules|http|resources|kernel|seed|ops|storage)/|^server/app[.]ts$' },
    },
    {
      name: 'providers-on-their-own',
      comment:
        'An outside provider (server/providers: SOLAPI, SMTP…) builds on domain/ and its packages only; the modules use it, never the other way.',
      severity: 'error',
      from: { path: '^server/providers/' },
      to: { path: '^(server/(?!providers/)|src/)' },
    },
    {
      name: 'seeds-on-the-top-floor',
      comment: 'Only the entry point (and the tests) load the demo seeds.',
      severity: 'error',
      from: { path: '^server/', pathNot: '^server/(seed/|main[.]ts$)' },
      to: { path: '^server/seed/' },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '[.]test[.]tsx?$' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
  },
};
