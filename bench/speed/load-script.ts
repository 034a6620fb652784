/**
 * Loads a benchmark module of bench/ (or test/e2e/support) at run time. The
 * specifier is computed on purpose: those modules pull in the renderer, vite and Chromium,
 * which the electron/ type-check (Node only, no DOM) must not follow. Callers describe the few
 * exports they use with a local interface.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

export async function loadRepoModule<T>(relativePath: string): Promise<T> {
  return (await import(pathToFileURL(join(REPO_ROOT, relativePath)).href)) as T;
}

export function repoPath(relativePath: string): string {
  return join(REPO_ROOT, relativePath);
}
