/**
 * The seed's adapters are published as PEFT folders on the hub, not as GGUF. A profile names such
 * a folder as its adapter's `source`; `models pull` fetches the two files PEFT needs through the
 * same downloader (so HF_ENDPOINT applies) and converts them.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { readSafetensors, SafetensorsFormatError } from '../../model-files/safetensors';
import { ModelError } from './errors';
import { hubHasFile } from './hub-probe';
import { downloadModelFile, type PullOptions } from './pull-download';
import { firstLine } from '../../../shared/text/first-line';
import type { HubRepo } from '../../model-files/hub-repo';

export const PEFT_FILES = ['adapter_config.json', 'adapter_model.safetensors'] as const;
/** Fetched when the repository has them (absent is not an error): they tell how it was trained. */
export const PEFT_EXTRA_FILES = ['tokenizer_config.json', 'special_tokens_map.json', 'added_tokens.json', 'README.md'] as const;

/** The configuration and README files are small; a hub claiming more is refused before downloading. */
const TEXT_FILE_MAX_BYTES = 16 * 1024 * 1024;

/**
 * A fetched file is what its name says (JSON, safetensors), or it is removed, so the next pull
 * fetches it again, and refused as the person's problem (exit 2) naming the repository's file.
 */
async function checkFetched(path: string, file: string, repo: HubRepo): Promise<void> {
  const where = `${file} from ${repo.owner}/${repo.repo}`;
  try {
    if (file.endsWith('.json')) JSON.parse(await readFile(path, 'utf-8'));
    else if (file.endsWith('.safetensors')) await readSafetensors(path);
  } catch (err) {
    await rm(path, { force: true });
    if (err instanceof SyntaxError) throw new ModelError('peft-invalid', `${where} is not JSON (${firstLine(err)}); the hub sent something else`);
    if (err instanceof SafetensorsFormatError) throw new ModelError('peft-invalid', `${where} is not a safetensors file (${err.message.replace(`${path}: `, '')})`);
    throw err;
  }
}

/** Downloads the adapter's files into `dir`; returns the names of those it has. */
export async function downloadPeftAdapter(repo: HubRepo, dir: string, options: PullOptions = {}): Promise<string[]> {
  const uri = (file: string) => `hf:${repo.owner}/${repo.repo}/${file}${repo.branch ? `#${repo.branch}` : ''}`;
  const fetch = async (file: string) => {
    await downloadModelFile(uri(file), join(dir, file), options, file.endsWith('.safetensors') ? undefined : TEXT_FILE_MAX_BYTES);
    await checkFetched(join(dir, file), file, repo);
  };
  const present: string[] = [];
  for (const file of PEFT_FILES) {
    await fetch(file);
    present.push(file);
  }
  for (const file of PEFT_EXTRA_FILES) {
    if (!(await hubHasFile(uri(file), options))) continue;
    await fetch(file);
    present.push(file);
  }
  return present;
}
