/**
 * What decides how a PEFT adapter folder converts, in a few lines for `models pull` and
 * `models doctor`: its rank and alpha, rsLoRA and DoRA, the target and saved modules, the tensors'
 * dtypes, whether the tokenizer config carries a chat template, and every file with its sha256
 * (kept as peft-files.json beside the adapter, so a later look can tell a changed file).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readSafetensors } from '../../model-files/safetensors';

export const PEFT_MANIFEST = 'peft-files.json';

export interface PeftSummary {
  r: unknown;
  loraAlpha: unknown;
  useRslora: boolean;
  useDora: boolean;
  targetModules: unknown;
  modulesToSave: unknown;
  /** Tensor count per dtype in adapter_model.safetensors. */
  dtypes: Record<string, number>;
  tensors: number;
  chatTemplate: boolean;
  files: { file: string; bytes: number; sha256: string }[];
}

async function json(path: string): Promise<Record<string, unknown>> {
  return existsSync(path) ? (JSON.parse(await readFile(path, 'utf-8')) as Record<string, unknown>) : {};
}

/** Reads the folder's adapter config, tensors and tokenizer config; writes the sha256 manifest. */
export async function summarizePeftFolder(dir: string, files: readonly string[]): Promise<PeftSummary> {
  const config = await json(join(dir, 'adapter_config.json'));
  const tokenizer = await json(join(dir, 'tokenizer_config.json'));
  const weights = await readSafetensors(join(dir, 'adapter_model.safetensors'));
  const dtypes: Record<string, number> = {};
  for (const t of weights.tensors.values()) dtypes[t.dtype] = (dtypes[t.dtype] ?? 0) + 1;
  const present = [];
  for (const file of files) {
    const path = join(dir, file);
    if (!existsSync(path)) continue;
    const bytes = await readFile(path);
    present.push({ file, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
  }
  await writeFile(join(dir, PEFT_MANIFEST), JSON.stringify(present, null, 2) + '\n');
  return {
    r: config.r ?? null,
    loraAlpha: config.lora_alpha ?? null,
    useRslora: config.use_rslora === true,
    useDora: config.use_dora === true,
    targetModules: config.target_modules ?? null,
    modulesToSave: config.modules_to_save ?? null,
    dtypes,
    tensors: weights.tensors.size,
    chatTemplate: typeof tokenizer.chat_template === 'string' || Array.isArray(tokenizer.chat_template),
    files: present,
  };
}

/** The summary as lines for a terminal. */
export function describePeftSummary(s: PeftSummary): string[] {
  const list = (v: unknown) => (Array.isArray(v) ? v.join(', ') : v === null ? 'none' : String(v));
  return [
    `r ${list(s.r)}, lora_alpha ${list(s.loraAlpha)}, use_rslora ${s.useRslora}, use_dora ${s.useDora}`,
    `target_modules: ${list(s.targetModules)}; modules_to_save: ${list(s.modulesToSave)}`,
    `tensors: ${s.tensors} (${Object.entries(s.dtypes)
      .map(([d, n]) => `${n} ${d}`)
      .join(', ')})`,
    s.chatTemplate
      ? 'chat_template: present in tokenizer_config.json: offered as the prompt layout PROFILE@template (models selftest tries it)'
      : 'chat_template: none (or no tokenizer_config.json)',
    ...s.files.map((f) => `${f.file}  ${f.bytes} bytes  sha256 ${f.sha256}`),
  ];
}
