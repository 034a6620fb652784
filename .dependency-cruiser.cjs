/**
 * `npm run lint:cycles`: no import cycles anywhere in the project, type-only imports included
 * (a type cycle still ties two modules' meanings together). Layering is enforced by eslint.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that import each other, directly or through others: give the shared part its own module.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'declarations-below-the-contract',
      severity: 'error',
      comment: 'The contract derives from the formats and strategies declarations, never the other way round.',
      from: { path: '^shared/(formats|strategies)/' },
      to: { path: '^shared/ipc/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|renderer/dist|release|models|corpora|test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
