/**
 * What is installed in the models folder: every GGUF model and adapter with its size and metadata
 * (read by node-llama-cpp's GGUF reader once the bounded header check has passed the file), and
 * whether it passes verification; a file that does not is listed with its problem, never skipped.
 */
import { readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { GgufFileType } from 'node-llama-cpp';
import type { GgufFileSummary } from '../../model-files/file-info';
import { verifyGguf } from './verify';

export interface InstalledFile {
  /** Path relative to the models folder. */
  file: string;
  path: string;
  sizeBytes: number;
  kind?: 'model' | 'adapter';
  architecture?: string;
  name?: string;
  /** e.g. MOSTLY_Q8_0, for models. */
  fileType?: string;
  contextLength?: number;
  layers?: number;
  embedding?: number;
  /** The pooling type a model declares (embedding conversions do), for models that declare one. */
  poolingType?: number;
  /** LoRA alpha and ranks, for adapters. */
  loraAlpha?: number;
  loraRanks?: number[];
  tensors?: number;
  /** GGUF adapter.type (`lora`), for adapters. */
  adapterType?: string;
  /** GGUF general.base_model.0.name: what an adapter (or a fine-tune) says it was trained on. */
  baseModelName?: string;
  /** Why the file cannot be used, when it cannot. */
  problem?: string;
}

/** Files a download or conversion is still writing: never listed as installed. */
const IN_PROGRESS = /\.(partial|ipull|download)$/;

async function ggufFiles(dir: string, depth: number): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (e.name.startsWith('.')) continue;
    const path = join(dir, e.name);
    if (e.isDirectory() && depth > 0) out.push(...(await ggufFiles(path, depth - 1)));
    else if (e.isFile() && e.name.toLowerCase().endsWith('.gguf') && !IN_PROGRESS.test(e.name)) out.push(path);
  }
  return out;
}

/** One file's entry, as the listing gives it (the header read once). */
export async function describeInstalled(modelsDir: string, path: string): Promise<InstalledFile> {
  const entry: InstalledFile = { file: relative(modelsDir, path), path, sizeBytes: (await stat(path)).size };
  let info: GgufFileSummary;
  try {
    const verified = await verifyGguf(path);
    entry.kind = verified.kind;
    entry.architecture = verified.architecture;
    entry.tensors = verified.info.tensors.length;
    info = verified.info;
  } catch (err) {
    entry.problem = (err as Error).message;
    return entry;
  }
  // The header was read once, by the check: what is shown comes from the same reading.
  const general = info.metadata.general as { name?: string; file_type?: number };
  const arch = info.architectureMetadata as { context_length?: number; block_count?: number; embedding_length?: number; pooling_type?: number };
  entry.name = general.name;
  const baseModel = (general as { base_model?: { '0'?: { name?: unknown } } | Array<{ name?: unknown }> }).base_model;
  const baseName = Array.isArray(baseModel) ? baseModel[0]?.name : baseModel?.['0']?.name;
  if (typeof baseName === 'string') entry.baseModelName = baseName;
  if (entry.kind === 'model') {
    if (general.file_type !== undefined) entry.fileType = GgufFileType[general.file_type] ?? String(general.file_type);
    entry.contextLength = arch.context_length;
    entry.layers = arch.block_count;
    entry.embedding = arch.embedding_length;
    if (arch.pooling_type !== undefined) entry.poolingType = arch.pooling_type;
  } else {
    const adapter = (info.metadata as unknown as { adapter?: { type?: unknown; lora?: { alpha?: number } } }).adapter;
    if (typeof adapter?.type === 'string') entry.adapterType = adapter.type;
    entry.loraAlpha = adapter?.lora?.alpha;
    const ranks = info.tensors.filter((t) => t.name.endsWith('.lora_a')).map((t) => t.dims[1] ?? 0);
    entry.loraRanks = [...new Set(ranks)].sort((a, b) => a - b);
  }
  return entry;
}

/** Models and adapters in the folder and its subfolders (two levels), sorted by path. */
export async function listInstalled(modelsDir: string): Promise<InstalledFile[]> {
  const files = await ggufFiles(modelsDir, 2);
  const out: InstalledFile[] = [];
  for (const path of files) out.push(await describeInstalled(modelsDir, path));
  return out;
}
