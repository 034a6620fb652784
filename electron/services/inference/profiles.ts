/**
 * Strategy profiles on disk: finding, validating and listing them with whether their files are
 * installed. Parsing and the schema are pure and live in shared/profiles.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir } from 'node:fs/promises';
import { writeFileAtomic } from '../platform/atomic-write';
import { basename, join } from 'node:path';
import { defaultInstruction, parseVariantName, PromptLayoutError, withPromptLayout } from '../../../shared/profiles/prompt-layouts';
import { ADAPTER_TEMPLATE_FORMAT, parseProfile, profileFiles, ProfileFormatError, type Profile } from '../../../shared/profiles/schema';
import { adapterChatTemplate } from './adapter-chat-template';
import { InferenceError } from './errors';
import { profileSearchPath, resolveModelFile, userProfilesDir, type LocationOptions } from '../platform/app-paths';
import { errorMessage } from '../../../shared/text/error-message';

export interface LoadedProfile {
  profile: Profile;
  /** The JSON file it came from. */
  path: string;
}

export interface ProfileListing {
  name: string;
  strategy?: string;
  description?: string;
  path: string;
  /** All files present (and the profile valid). */
  ready: boolean;
  /** Missing files, as resolved paths, each with how to get it. */
  missing: string[];
  /** Why the profile file could not be used, if it cannot. */
  error?: string;
}

async function profileFilesIn(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((f) => f.endsWith('.json')).sort().map((f) => join(dir, f));
  } catch {
    return [];
  }
}

async function readProfileFile(path: string): Promise<Profile> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf-8'));
  } catch (err) {
    throw new InferenceError('profile-invalid', `profile ${basename(path)} is not valid JSON: ${errorMessage(err)}`);
  }
  try {
    const profile = parseProfile(json, `profile ${basename(path)}`);
    profile.prompt.instruction ??= defaultInstruction(profile.strategy, profile.output);
    return profile;
  } catch (err) {
    if (err instanceof ProfileFormatError) throw new InferenceError('profile-invalid', err.message);
    throw err;
  }
}

/**
 * The first profile with this name along the search path (a file `<name>.json`). `NAME@LAYOUT`
 * is that profile with another prompt layout (shared/profiles/prompt-layouts.ts).
 */
export async function loadProfile(variant: string, options: LocationOptions = {}): Promise<LoadedProfile> {
  let name: string;
  let layout;
  try {
    ({ base: name, layout } = parseVariantName(variant));
  } catch (err) {
    if (err instanceof PromptLayoutError) throw new InferenceError('profile-not-found', `profile ${variant}: ${err.message}`);
    throw err;
  }
  const known: string[] = [];
  for (const dir of profileSearchPath(options)) {
    for (const path of await profileFilesIn(dir)) {
      if (basename(path, '.json') === name) {
        const profile = await readProfileFile(path);
        if ((layout ?? profile.prompt.format) === ADAPTER_TEMPLATE_FORMAT) {
          profile.prompt.chatTemplate ??= await adapterChatTemplate(profile, options);
          if (!profile.prompt.chatTemplate) {
            throw new InferenceError('profile-invalid', `profile ${variant} needs its adapter's chat template, and the adapter's tokenizer_config.json has none, or its PEFT folder is not there (models pull ${name})`);
          }
        }
        return { profile: layout ? withPromptLayout(profile, layout) : profile, path };
      }
      known.push(basename(path, '.json'));
    }
  }
  const list = [...new Set(known)].join(', ') || 'none';
  throw new InferenceError('profile-not-found', `no profile named '${name}' (known: ${list})`);
}

/** The profile a model strategy uses when none is named: the one named like the strategy. */
export function defaultProfileName(strategy: string): string {
  return strategy;
}

/** Every profile along the search path (a user's profile hides a built-in one of the same name). */
export async function listProfiles(options: LocationOptions = {}): Promise<ProfileListing[]> {
  const seen = new Set<string>();
  const out: ProfileListing[] = [];
  for (const dir of profileSearchPath(options)) {
    for (const path of await profileFilesIn(dir)) {
      const name = basename(path, '.json');
      if (seen.has(name)) continue;
      seen.add(name);
      try {
        const profile = await readProfileFile(path);
        const missing = profileFiles(profile)
          .map((f) => ({ ...f, path: resolveModelFile(f.file, options) }))
          .filter((f) => !existsSync(f.path))
          .map((f) => `${f.path} (${f.role}${f.uri ? `: models pull ${name}` : f.source ? `: from ${f.source}` : ''})`);
        out.push({ name, strategy: profile.strategy, description: profile.description, path, ready: missing.length === 0, missing });
      } catch (err) {
        out.push({ name, path, ready: false, missing: [], error: errorMessage(err) });
      }
    }
  }
  return out;
}

/**
 * Writes the user's copy of a profile (into the user profiles folder, never over the built-in file):
 * the profile's JSON as found along the search path, changed by `edit`. Returns the file written.
 */
export async function writeUserProfile(name: string, edit: (json: Record<string, unknown>) => void, options: LocationOptions = {}): Promise<string> {
  const { path } = await loadProfile(name, options);
  const json = JSON.parse(await readFile(path, 'utf-8')) as Record<string, unknown>;
  edit(json);
  parseProfile(json, `profile ${name}`);
  const dir = userProfilesDir(options);
  await mkdir(dir, { recursive: true });
  const target = join(dir, `${name}.json`);
  await writeFileAtomic(target, JSON.stringify(json, null, 2) + '\n');
  return target;
}
