/**
 * Where profiles and model files are looked up. Built-in profiles ship in resources/profiles; a
 * user folder (the host's setting) comes first, so a user's profile of the same name overrides a
 * built-in one. Model file names in profiles resolve against the models folder (the host's
 * setting, else models/ of the app). The host reads WORKBENCH_* once and passes the folders here.
 */
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface LocationOptions {
  profilesDir?: string;
  modelsDir?: string;
  /** Where `hf:` URIs and hub adapter sources point (the host's MODEL_ENDPOINT / HF_ENDPOINT); default huggingface.co. */
  hubEndpoint?: string;
}

let cachedRoot: string | undefined;

/** The app's root: the nearest folder above this module that has resources/profiles. */
export function appRoot(): string {
  if (cachedRoot) return cachedRoot;
  const here = typeof import.meta.url === 'string' && import.meta.url ? dirname(fileURLToPath(import.meta.url)) : process.cwd();
  for (let dir = here; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'resources', 'profiles'))) return (cachedRoot = dir);
    if (dirname(dir) === dir) return (cachedRoot = process.cwd());
  }
}

export function builtinProfilesDir(): string {
  return join(appRoot(), 'resources', 'profiles');
}

/** The texts `models selftest` builds its probe documents from. */
export function selftestTextsDir(): string {
  return join(appRoot(), 'resources', 'selftest');
}

/**
 * Where the user's own profiles go (`models selftest --apply` writes there): the profiles folder
 * option, else `profiles/` in the models folder (user-writable, as
 * pulls write there). Never the built-in folder.
 */
export function userProfilesDir(options: LocationOptions = {}): string {
  return resolve(options.profilesDir ?? join(modelsDir(options), 'profiles'));
}

/** Profile folders in lookup order, user folders first. */
export function profileSearchPath(options: LocationOptions = {}): string[] {
  const dirs = [options.profilesDir, userProfilesDir(options), builtinProfilesDir()].filter(
    (d): d is string => typeof d === 'string' && d !== '',
  );
  return [...new Set(dirs.map((d) => resolve(d)))];
}

export function modelsDir(options: LocationOptions = {}): string {
  return resolve(options.modelsDir ?? join(appRoot(), 'models'));
}

/** A profile's file name as a path: absolute names stay, others live in the models folder. */
export function resolveModelFile(file: string, options: LocationOptions = {}): string {
  return isAbsolute(file) ? file : join(modelsDir(options), file);
}
