/**
 * Reads a PEFT LoRA adapter folder (adapter_config.json + adapter_model.safetensors) of a Qwen2 model
 * and checks that llama.cpp can express it: plain LoRA on the attention and MLP projections only.
 * Every per-module scale PEFT would apply (rank/alpha patterns, rsLoRA) is resolved here, so the
 * writer can fold it into B and llama.cpp's single alpha / rank stays exact.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { QWEN2_LORA_TARGETS, QWEN2_TARGET_SHORT_NAMES } from '../../model-files/qwen2';
import { readSafetensors, safetensorsToFloat32, SafetensorsFormatError, type SafetensorsFile } from '../../model-files/safetensors';
import { ModelError } from './errors';

export interface PeftConfig {
  peftType: string;
  rank: number;
  alpha: number;
  targetModules: string[] | string;
  rankPattern: Record<string, number>;
  alphaPattern: Record<string, number>;
  useRslora: boolean;
  baseModel?: string;
}

export interface PeftLoraPair {
  /** -1 for the input embeddings (module embed_tokens). */
  layer: number;
  /** Hugging Face module inside the layer, e.g. `self_attn.q_proj`. */
  module: string;
  rank: number;
  inputs: number;
  outputs: number;
  /** Row-major [rank, inputs] and [outputs, rank], as stored. */
  a: Float32Array;
  b: Float32Array;
  /** The factor PEFT multiplies B·A by for this module (alpha / r, or alpha / sqrt(r) with rsLoRA). */
  scaling: number;
  dtype: string;
}

export interface PeftAdapter {
  config: PeftConfig;
  pairs: PeftLoraPair[];
}

const TIED_EMBEDDINGS_HELP =
  'Qwen2-0.5B ties its input embeddings and lm_head, so llama.cpp cannot apply such an adapter as a LoRA; ' +
  'merge the adapter into the base model (e.g. PEFT merge_and_unload, then convert the merged model to GGUF) and use it as a merged model';

const LORA_TENSOR = /^(?:base_model\.model\.)?model\.layers\.(\d+)\.([a-z_]+\.[a-z_]+)\.lora_([AB])(?:\.[A-Za-z0-9_-]+)?\.weight$/;
/** A LoRA on the input embeddings: PEFT's lora_embedding_A [r, vocab] and lora_embedding_B [hidden, r]. */
const EMBEDDING_LORA_TENSOR = /^(?:base_model\.model\.)?model\.embed_tokens\.lora_embedding_([AB])(?:\.[A-Za-z0-9_-]+)?$/;
/** The module name of an embedding pair (layer -1). */
export const EMBEDDING_MODULE = 'embed_tokens';
const EMBEDDING_TENSOR = /(?:^|\.)(embed_tokens|lm_head|wte|word_embeddings)(?:\.|$)/;

function number(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new ModelError('peft-invalid', `adapter_config.json: ${field} must be a positive number, got ${JSON.stringify(value)}`);
  }
  return value;
}

function numberRecord(value: unknown, field: string): Record<string, number> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new ModelError('peft-invalid', `adapter_config.json: ${field} must be an object`);
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(value)) out[k] = number(v, `${field}.${k}`);
  return out;
}

export function parsePeftConfig(json: unknown): PeftConfig {
  if (typeof json !== 'object' || json === null) throw new ModelError('peft-invalid', 'adapter_config.json is not a JSON object');
  const c = json as Record<string, unknown>;
  const peftType = String(c.peft_type ?? '');
  if (peftType.toUpperCase() !== 'LORA') {
    throw new ModelError('peft-unsupported', `adapter_config.json: peft_type is ${JSON.stringify(c.peft_type ?? null)}; only LORA adapters can be converted`);
  }
  if (c.use_dora === true) throw new ModelError('peft-unsupported', 'adapter_config.json: use_dora is set; llama.cpp cannot apply DoRA adapters (merge it into the base model instead)');
  const modulesToSave = c.modules_to_save;
  if (Array.isArray(modulesToSave) && modulesToSave.length > 0) {
    throw new ModelError('peft-tied-embeddings', `adapter_config.json: modules_to_save (${modulesToSave.join(', ')}) stores full copies of trained modules, which a LoRA adapter cannot carry. ${TIED_EMBEDDINGS_HELP}`);
  }
  if (c.bias !== undefined && c.bias !== null && c.bias !== 'none') {
    throw new ModelError('peft-unsupported', `adapter_config.json: bias is ${JSON.stringify(c.bias)}; llama.cpp LoRA adapters cannot carry trained biases (only bias "none" converts)`);
  }
  if (c.fan_in_fan_out === true) throw new ModelError('peft-unsupported', 'adapter_config.json: fan_in_fan_out is set, which Qwen2 linear layers never use; is this adapter for another model?');
  const targets = c.target_modules;
  let targetModules: string[] | string;
  if (Array.isArray(targets) && targets.every((t) => typeof t === 'string')) targetModules = targets as string[];
  else if (typeof targets === 'string') targetModules = targets;
  else throw new ModelError('peft-invalid', 'adapter_config.json: target_modules must be a list of module names or a pattern');
  if (Array.isArray(targetModules)) {
    for (const t of targetModules) {
      const short = t.split('.').pop()!;
      // A LoRA on embed_tokens converts (token_embd.weight.lora_a/b); only lm_head cannot be a LoRA of a tied model.
      if (short === 'embed_tokens') continue;
      if (short === 'lm_head') {
        throw new ModelError('peft-tied-embeddings', `adapter_config.json: target_modules includes ${t}. ${TIED_EMBEDDINGS_HELP}`);
      }
      if (!QWEN2_TARGET_SHORT_NAMES.includes(short)) {
        throw new ModelError('peft-unsupported', `adapter_config.json: unknown target module ${t} (a Qwen2 LoRA can target ${QWEN2_TARGET_SHORT_NAMES.join(', ')})`);
      }
    }
  }
  return {
    peftType: 'LORA',
    rank: number(c.r, 'r'),
    alpha: number(c.lora_alpha, 'lora_alpha'),
    targetModules,
    rankPattern: numberRecord(c.rank_pattern, 'rank_pattern'),
    alphaPattern: numberRecord(c.alpha_pattern, 'alpha_pattern'),
    useRslora: c.use_rslora === true,
    baseModel: typeof c.base_model_name_or_path === 'string' ? c.base_model_name_or_path : undefined,
  };
}

/** PEFT's get_pattern_key: a key matches a module name when it matches the name's tail after a dot. */
function patternValue(patterns: Record<string, number>, moduleName: string): number | undefined {
  for (const [key, value] of Object.entries(patterns)) {
    let re: RegExp;
    try {
      re = new RegExp(`^(?:.*\\.)?(?:${key})$`);
    } catch {
      throw new ModelError('peft-invalid', `adapter_config.json: pattern ${JSON.stringify(key)} is not a valid regular expression`);
    }
    if (re.test(moduleName)) return value;
  }
  return undefined;
}

function checkShape(name: string, shape: number[], rows: number | undefined, cols: number | undefined) {
  if (shape.length !== 2 || (rows !== undefined && shape[0] !== rows) || (cols !== undefined && shape[1] !== cols)) {
    throw new ModelError('peft-invalid', `adapter_model.safetensors: ${name} has shape [${shape.join(', ')}], which does not fit its LoRA pair`);
  }
}

function collectPairs(file: SafetensorsFile, config: PeftConfig): PeftLoraPair[] {
  const halves = new Map<string, { layer: number; module: string; a?: string; b?: string }>();
  for (const name of file.tensors.keys()) {
    const e = EMBEDDING_LORA_TENSOR.exec(name);
    if (e) {
      const entry = halves.get('embed') ?? { layer: -1, module: EMBEDDING_MODULE };
      entry[e[1] === 'A' ? 'a' : 'b'] = name;
      halves.set('embed', entry);
      continue;
    }
    if (EMBEDDING_TENSOR.test(name)) {
      throw new ModelError('peft-tied-embeddings', `adapter_model.safetensors contains ${name}, a trained embedding or lm_head. ${TIED_EMBEDDINGS_HELP}`);
    }
    const m = LORA_TENSOR.exec(name);
    if (!m) {
      if (/\.bias$/.test(name)) throw new ModelError('peft-unsupported', `adapter_model.safetensors contains the bias ${name}; llama.cpp LoRA adapters cannot carry trained biases`);
      throw new ModelError('peft-unsupported', `adapter_model.safetensors: ${name} is not a LoRA tensor of a Qwen2 decoder layer`);
    }
    const [, layerText, module, half] = m as unknown as [string, string, string, 'A' | 'B'];
    if (!QWEN2_LORA_TARGETS[module]) {
      throw new ModelError('peft-unsupported', `adapter_model.safetensors: unknown target module ${module} in ${name} (a Qwen2 LoRA can target ${Object.keys(QWEN2_LORA_TARGETS).join(', ')})`);
    }
    const key = `${layerText}.${module}`;
    const entry = halves.get(key) ?? { layer: Number(layerText), module };
    entry[half === 'A' ? 'a' : 'b'] = name;
    halves.set(key, entry);
  }
  if (halves.size === 0) throw new ModelError('peft-invalid', 'adapter_model.safetensors holds no LoRA tensors');

  const pairs: PeftLoraPair[] = [];
  for (const entry of [...halves.values()].sort((x, y) => x.layer - y.layer || x.module.localeCompare(y.module))) {
    if (!entry.a || !entry.b) {
      const where = entry.layer < 0 ? entry.module : `layer ${entry.layer} ${entry.module}`;
      throw new ModelError('peft-invalid', `adapter_model.safetensors: ${where} has lora_${entry.a ? 'A' : 'B'} without its lora_${entry.a ? 'B' : 'A'}`);
    }
    const ta = file.tensors.get(entry.a)!;
    const tb = file.tensors.get(entry.b)!;
    checkShape(entry.a, ta.shape, undefined, undefined);
    const [rank, inputs] = ta.shape as [number, number];
    checkShape(entry.b, tb.shape, undefined, rank);
    const outputs = tb.shape[0]!;
    const moduleName = entry.layer < 0 ? `model.${entry.module}` : `model.layers.${entry.layer}.${entry.module}`;
    const configRank = patternValue(config.rankPattern, moduleName) ?? config.rank;
    if (configRank !== rank) {
      throw new ModelError('peft-invalid', `adapter_model.safetensors: ${entry.a} has rank ${rank}, adapter_config.json says ${configRank}; the two files do not belong together`);
    }
    const alpha = patternValue(config.alphaPattern, moduleName) ?? config.alpha;
    const scaling = config.useRslora ? alpha / Math.sqrt(rank) : alpha / rank;
    let a: Float32Array;
    let b: Float32Array;
    try {
      a = safetensorsToFloat32(ta, entry.a);
      b = safetensorsToFloat32(tb, entry.b);
    } catch (err) {
      if (err instanceof SafetensorsFormatError) throw new ModelError('peft-unsupported', `adapter_model.safetensors: ${err.message}`);
      throw err;
    }
    pairs.push({ layer: entry.layer, module: entry.module, rank, inputs, outputs, a, b, scaling, dtype: ta.dtype });
  }
  return pairs;
}

export async function readPeftAdapter(dir: string): Promise<PeftAdapter> {
  const configPath = join(dir, 'adapter_config.json');
  const weightsPath = join(dir, 'adapter_model.safetensors');
  if (!existsSync(configPath)) throw new ModelError('peft-invalid', `${dir} has no adapter_config.json; is it a PEFT adapter folder?`);
  if (!existsSync(weightsPath)) {
    const hint = existsSync(join(dir, 'adapter_model.bin')) ? ' (only adapter_model.bin, a pickle, which is not read for safety: re-save it with safe_serialization=True)' : '';
    throw new ModelError('peft-invalid', `${dir} has no adapter_model.safetensors${hint}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(await readFile(configPath, 'utf-8'));
  } catch (err) {
    throw new ModelError('peft-invalid', `adapter_config.json is not valid JSON: ${(err as Error).message}`);
  }
  const config = parsePeftConfig(json);
  let file: SafetensorsFile;
  try {
    file = await readSafetensors(weightsPath);
  } catch (err) {
    if (err instanceof SafetensorsFormatError) throw new ModelError('peft-invalid', err.message);
    throw err;
  }
  return { config, pairs: collectPairs(file, config) };
}
