/**
 * The chat template an adapter was trained with, when its PEFT folder carries one: transformers
 * saves it as `chat_template` in tokenizer_config.json (a string, or a list of named templates), and
 * `models pull` keeps that file beside the adapter. It becomes the `PROFILE@template` prompt layout.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChatTemplate, Profile } from '../../../shared/profiles/schema';
import { hubRepoOf, peftCacheDir } from '../../model-files/hub-repo';
import { modelsDir, type LocationOptions } from '../platform/app-paths';

/** A special token as tokenizer_config.json writes it: a string, or an AddedToken object. */
function tokenText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { content?: unknown }).content === 'string') return (value as { content: string }).content;
  return undefined;
}

/** The chat template of a tokenizer_config.json (the `default` one of a named list), or undefined. */
export async function readChatTemplate(peftDir: string): Promise<ChatTemplate | undefined> {
  const path = join(peftDir, 'tokenizer_config.json');
  if (!existsSync(path)) return undefined;
  let config: Record<string, unknown>;
  try {
    config = JSON.parse(await readFile(path, 'utf-8')) as Record<string, unknown>;
  } catch {
    return undefined; // A damaged config offers no template; `models doctor` shows the file as it is.
  }
  let source: unknown = config.chat_template;
  if (Array.isArray(source)) source = (source.find((t) => t?.name === 'default') ?? source[0])?.template;
  if (typeof source !== 'string' || source === '') return undefined;
  return { source, bosToken: tokenText(config.bos_token), eosToken: tokenText(config.eos_token) };
}

/** The chat template of the profile's adapter (or merged model), read from its PEFT folder in the models folder. */
export async function adapterChatTemplate(profile: Profile, options: LocationOptions = {}): Promise<ChatTemplate | undefined> {
  // A merged model keeps the adapter repository it came from as its source (models pull writes it).
  const source = 'base' in profile.model ? profile.model.adapter?.source : profile.model.merged.source;
  const repo = source ? hubRepoOf(source, options.hubEndpoint) : undefined;
  return repo ? readChatTemplate(peftCacheDir(modelsDir(options), repo)) : undefined;
}
