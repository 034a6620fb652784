// Layering, as VS Code does it: the folder says which runtime a file may touch.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

// Anchored with '/': an unanchored 'util' would also match the project's own '../util/sha256'.
const nodeBuiltins = ['node:*', 'fs', 'fs/*', 'path', 'os', 'child_process', 'crypto', 'http', 'https', 'net', 'url', 'stream', 'worker_threads', 'util', 'events', 'zlib', 'buffer'].map((name) => `/${name}`);

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
          { group: ['**/electron/**', '**/renderer/**'], message: 'shared/ may not import from electron/ or renderer/.' },
        ],
      }],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'Buffer', 'require'],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: nodeBuiltins, message: 'renderer/ is UI only: reach services through window.workbench.' },
          { group: ['electron', 'node-llama-cpp', 'ws', 'mammoth', 'pdfjs-dist', 'linkedom'], message: 'renderer/ is UI only: reach services through window.workbench.' },
          { group: ['**/electron/**'], message: 'renderer/ may not import from electron/.' },
        ],
      }],
    },
  },
  {
    files: ['electron/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['**/renderer/**', 'react', 'react-dom', 'monaco-editor', 'zustand'], message: 'electron/ may not import the renderer.' }],
      }],
    },
  },
  {
    files: ['test/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', '*.config.{js,ts}', '**/*.test.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
