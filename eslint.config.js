// Layering, as VS Code does it: the folder says which runtime a file may touch.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

// Anchored with '/': an unanchored 'util' would also match the project's own '../util/sha256'.
const nodeBuiltins = ['node:*', 'fs', 'fs/*', 'path', 'os', 'child_process', 'crypto', 'http', 'https', 'net', 'url', 'stream', 'worker_threads', 'util', 'events', 'zlib', 'buffer'].map((name) => `/${name}`);

/** What no renderer module may import (the renderer is UI only). */
const rendererPatterns = [
  { group: nodeBuiltins, message: 'renderer/ is UI only: reach services through window.workbench.' },
  { group: ['electron', 'node-llama-cpp', 'ws', 'mammoth', 'pdfjs-dist', 'linkedom'], message: 'renderer/ is UI only: reach services through window.workbench.' },
  { group: ['**/electron/**', '**/bench/**'], message: 'renderer/ may not import from electron/ or bench/.' },
];
const noIpc = { regex: '^(\\.\\.?/)+(services/workbench|ipc)(/.*)?$', message: 'Only renderer/services/ calls the workbench: add a function there.' };
const noFeatures = { group: ['**/features/**'], message: 'renderer/services and renderer/stores may not import feature folders.' };

const electronNoRenderer = { group: ['**/renderer/**', 'react', 'react-dom', 'monaco-editor', 'zustand'], message: 'electron/ may not import the renderer.' };

// electron/services in layers (docs/architecture.md, "The target for electron/services"): a folder
// imports only folders below it in this list, never one above. Folders not made yet keep their
// place. A relative import names a sibling folder after as many '../' as the file is deep.
const SERVICE_LAYERS = ['workbench', 'jobs', 'host', 'workspace', 'retrieval', 'learn', 'worker', 'models', 'strategies', 'inference', 'export', 'tokenizer', 'native', 'platform'];
const serviceLayerRules = SERVICE_LAYERS.flatMap((folder, index) => {
  const above = SERVICE_LAYERS.slice(0, index);
  if (above.length === 0) return [];
  return [1, 2, 3, 4].map((depth) => ({
    files: [`electron/services/${folder}/${'*/'.repeat(depth - 1)}*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          electronNoRenderer,
          { regex: `^(\\.\\./){${depth}}(${above.join('|')})(/.*)?$`, message: `electron/services/${folder} may import only the folders below it (${SERVICE_LAYERS.slice(index + 1).join(', ')}): docs/architecture.md` },
        ],
      }],
    },
  }));
});

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'renderer/dist/', 'release/', 'models/', 'corpora/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: nodeBuiltins, message: 'shared/ is pure TypeScript: no Node imports.' },
          { group: ['electron', 'electron/*'], message: 'shared/ is pure TypeScript: no Electron imports.' },
          { group: ['react', 'react-dom', 'react-dom/*', 'monaco-editor', 'monaco-editor/*', 'zustand', 'zustand/*'], message: 'shared/ is pure TypeScript: no UI imports.' },
          { group: ['node-llama-cpp', 'ws', 'mammoth', 'pdfjs-dist', 'pdfjs-dist/*', 'linkedom'], message: 'shared/ is pure TypeScript: runtime libraries live in electron/.' },
          { group: ['**/electron/**', '**/renderer/**', '**/bench/**'], message: 'shared/ may not import from electron/, renderer/ or bench/.' },
        ],
      }],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'Buffer', 'require'],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    rules: { 'no-restricted-imports': ['error', { patterns: rendererPatterns }] },
  },
  // IPC stays in renderer/services: panels and stores call a service module, never the transport;
  // services and stores serve the panels, never import them.
  ...[
    { files: ['renderer/features/**/*.{ts,tsx}', 'renderer/App.tsx'], patterns: [noIpc] },
    { files: ['renderer/stores/**/*.ts'], patterns: [noIpc, noFeatures] },
    { files: ['renderer/services/**/*.ts'], patterns: [noFeatures] },
  ].map(({ files, patterns }) => ({
    files,
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...rendererPatterns, ...patterns] }] },
  })),
  // The page view draws a PDF's pages with pdf.js in the page (its own chunk, loaded on first use).
  {
    files: ['renderer/features/page-view/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...rendererPatterns.map((p) => ({ ...p, group: p.group.filter((g) => g !== 'pdfjs-dist') })), noIpc] }],
    },
  },
  {
    files: ['electron/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [electronNoRenderer],
      }],
    },
  },
  // The desktop app is not the CLI: what both read from a command line (flag values, the budgets'
  // flags) lives in electron/argv, which both import (issue 35, item 3).
  {
    files: ['electron/main/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          electronNoRenderer,
          { regex: '^(\\.\\./)+cli(/.*)?$', message: 'electron/main may not import electron/cli: put what both need in electron/argv (or shared/).' },
        ],
      }],
    },
  },
  ...serviceLayerRules,
  // The workspace's storage and state read and write files: they raise errors, never speak the wire.
  {
    files: ['electron/services/workspace/storage/*.ts', 'electron/services/workspace/state/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          electronNoRenderer,
          { regex: `^(\\.\\./){2}(${SERVICE_LAYERS.slice(0, SERVICE_LAYERS.indexOf('workspace')).join('|')})(/.*)?$`, message: 'electron/services/workspace may import only the folders below it: docs/architecture.md' },
          { group: ['**/shared/ipc/**'], message: "the workspace's storage does not import the wire contract: error codes are in shared/error-codes.ts" },
        ],
      }],
    },
  },
  {
    files: ['test/**/*.ts', 'scripts/**/*.ts', 'bin/**/*.mjs', 'bench/**/*.{ts,tsx}', '*.config.{js,ts}', '.dependency-cruiser.cjs', '**/*.test.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
