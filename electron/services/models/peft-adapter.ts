/**
 * Reads a PEFT LoRA adapter folder (adapter_config.json + adapter_model.safetensors) of a Qwen2 model.
 * For a GGUF LoRA it checks that llama.cpp can express it: plain LoRA on the attention and MLP
 * projections (and the input embeddings) only. For a merge (`merge: true`) it also reads what only a
 * merged model can carry: DoRA magnitude vectors, LoRAs on lm_head, full tensors of modules_to_save
 * and trained biases. Every per-module scale PEFT would apply (rank/alpha patterns, rsLoRA) is
 * resolved here, so the writers can fold it into B and llama.cpp's single alpha / rank stays exact.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { QWEN2_LORA_TARGETS, QWEN2_TARGET_SHORT_NAMES, qwen2TensorName } from '../../model-files/qwen2';
import { readSafetensors, safetensorsToFloat32, SafetensorsFormatError, type SafetensorsFile, type SafetensorsTensor } from '../../model-files/safetensors';
import { ModelError } from './errors';

export interface PeftConfig {
  peftType: string;
  rank: number;
  alpha: number;
  targetModules: string[] | string;
  rankPattern: Record<string, number>;
  alphaPattern: Record<string, number>;
  useRslora: boolean;
  useDora: boolean;
  modulesToSave: string[];
  baseModel?: string;
}

export interface PeftReadOptions {
  /** Read for `convert-peft --merge`: accept what only a merged model can carry. */
  merge?: boolean;
}

export interface PeftLoraPair {
  /** -1 for a module outside the decoder layers (embed_tokens, lm_head). */
  layer: number;
  /** Hugging Face module inside the layer, e.g. `self_attn.q_proj`, or `embed_tokens` / `lm_head`. */
  module: string;
  /** The llama.cpp tensor it changes, e.g. `blk.0.attn_q.weight`, `token_embd.weight`. */
  target: string;
  rank: number;
  inputs: number;
  outputs: number;
  /** Row-major [rank, inputs] and [outputs, rank], as stored. */
  a: Float32Array;
  b: Float32Array;
  /** The factor PEFT multiplies B·A by for this module (alpha / r, or alpha / sqrt(r) with rsLoRA). */
  scaling: number;
  dtype: string;
  /**
   * DoRA's magnitude vector (merge only): one value per output row of a linear layer; for the
   * embeddings one per hidden dimension, i.e. per column of the [vocab, hidden] table (PEFT's
   * DoraEmbeddingLayer takes the norm over the vocabulary axis).
   */
  magnitude?: Float32Array;
}

/** A full tensor the adapter stores (a module of modules_to_save, a trained bias): swapped in by a merge. */
export interface PeftSavedTensor {
  /** The safetensors name. */
  name: string;
  /** The llama.cpp tensor it replaces, e.g. `output.weight`. */
  target: string;
  /** Row-major, as stored. */
  shape: number[];
  values: Float32Array;
}

export interface PeftAdapter {
  config: PeftConfig;
  pairs: PeftLoraPair[];
  /** Full tensors (read with `merge` only; empty otherwise). */
  saved: PeftSavedTensor[];
  /** Things worth a look that do not stop the conversion (the CLI prints them as `warning:` lines). */
  warnings: string[];
}

const TIED_EMBEDDINGS_HELP =
  'Qwen2-0.5B ties its input embeddings and lm_head, so llama.cpp cannot apply such an adapter as a LoRA; ' +
  'write a merged model instead: models convert-peft DIR --merge --base BASE.gguf --out MERGED.gguf';
const MERGE_HELP = 'convert it with --merge (and --base) to write a merged model instead';

const LORA_TENSOR = /^(?:base_model\.model\.)?model\.layers\.(\d+)\.([a-z_]+\.[a-z_]+)\.lora_([AB])(?:\.[A-Za-z0-9_-]+)?\.weight$/;
/** A LoRA on the output projection (merge only: Qwen2-0.5B has no output.weight of its own). */
const LM_HEAD_LORA_TENSOR = /^(?:base_model\.model\.)?lm_head\.lora_([AB])(?:\.[A-Za-z0-9_-]+)?\.weight$/;
/** DoRA's per-output magnitude; PEFT saves it as `...lora_magnitude_vector` (older: `.weight` after it). */
const MAGNITUDE_TENSOR = /^(?:base_model\.model\.)?(model\.layers\.(\d+)\.([a-z_]+\.[a-z_]+)|lm_head|model\.embed_tokens)\.lora_magnitude_vector(?:\.[A-Za-z0-9_-]+)?(?:\.weight)?$/;
/** A full tensor: `<module>.weight` or `<module>.bias`, the module path as in the Hugging Face model. */
const FULL_TENSOR = /^(?:base_model\.model\.)?(.+)\.(weight|bias)$/;
/** The module name of the output projection's pair. */
export const LM_HEAD_MODULE = 'lm_head';
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

export function parsePeftConfig(json: unknown, options: PeftReadOptions = {}): PeftConfig {
  if (typeof json !== 'object' || json === null) throw new ModelError('peft-invalid', 'adapter_config.json is not a JSON object');
  const c = json as Record<string, unknown>;
  const peftType = String(c.peft_type ?? '');
  if (peftType.toUpperCase() !== 'LORA') {
    throw new ModelError('peft-unsupported', `adapter_config.json: peft_type is ${JSON.stringify(c.peft_type ?? null)}; only LORA adapters can be converted`);
  }
  const merge = options.merge === true;
  if (c.use_dora === true && !merge) throw new ModelError('peft-unsupported', `adapter_config.json: use_dora is set; llama.cpp cannot apply DoRA adapters: ${MERGE_HELP}`);
  const modulesToSave = Array.isArray(c.modules_to_save) ? c.modules_to_save.map(String) : [];
  if (c.bias !== undefined && c.bias !== null && c.bias !== 'none' && !merge) {
    throw new ModelError('peft-unsupported', `adapter_config.json: bias is ${JSON.stringify(c.bias)}; llama.cpp LoRA adapters cannot carry trained biases (only bias "none" converts): ${MERGE_HELP}`);
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
        if (merge) continue;
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
    useDora: c.use_dora === true,
    modulesToSave,
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

function floats(tensor: SafetensorsTensor, name: string): Float32Array {
  try {
    return safetensorsToFloat32(tensor, name);
  } catch (err) {
    if (err instanceof SafetensorsFormatError) throw new ModelError('peft-unsupported', `adapter_model.safetensors: ${err.message}`);
    throw err;
  }
}

/** The Hugging Face module path a full tensor belongs to (`lm_head`, `model.embed_tokens`), or undefined for LoRA/DoRA tensors. */
function fullTensorModule(name: string): string | undefined {
  if (/\.lora_/.test(name)) return undefined;
  return FULL_TENSOR.exec(name.replace(/\.modules_to_save\.[A-Za-z0-9_-]+/, ''))?.[1];
}

/**
 * modules_to_save against the file. PEFT wraps each listed module (matched, as PEFT does, by the
 * module path ending with the entry) with a copy of the base's module and loads the saved tensors
 * into it non-strictly: an entry with no tensor in the file keeps the base's weights. So a missing
 * tensor changes nothing, in PEFT as here, but it usually means the adapter was saved incompletely:
 * warn. A saved tensor needs a merge (a LoRA cannot carry it).
 */
function checkModulesToSave(file: SafetensorsFile, config: PeftConfig, merge: boolean): string[] {
  const modules = [...file.tensors.keys()].map(fullTensorModule).filter((m): m is string => m !== undefined);
  const stored = config.modulesToSave.filter((entry) => modules.some((m) => m.endsWith(entry)));
  if (stored.length > 0 && !merge) {
    throw new ModelError('peft-tied-embeddings', `adapter_config.json: modules_to_save (${stored.join(', ')}) stores full copies of trained modules, which a LoRA adapter cannot carry. ${TIED_EMBEDDINGS_HELP}`);
  }
  return config.modulesToSave
    .filter((entry) => !stored.includes(entry))
    .map(
      (entry) =>
        `adapter_config.json lists ${entry} in modules_to_save, but adapter_model.safetensors holds no tensor of it; ` +
        `PEFT then keeps the base model's ${entry}, and so does this ${merge ? 'merge' : 'conversion'} (if ${entry} was trained, the adapter folder is incomplete)`,
    );
}

interface PairHalves {
  layer: number;
  module: string;
  target: string;
  a?: string;
  b?: string;
}

/** Sorts every tensor of the file into LoRA halves, DoRA magnitudes and full tensors (or refuses it). */
function classifyTensors(file: SafetensorsFile, config: PeftConfig, merge: boolean) {
  const halves = new Map<string, PairHalves>();
  const magnitudes = new Map<string, string>();
  const saved: PeftSavedTensor[] = [];
  const addHalf = (key: string, entry: Omit<PairHalves, 'a' | 'b'>, half: string, name: string) => {
    const e = halves.get(key) ?? { ...entry };
    e[half === 'A' ? 'a' : 'b'] = name;
    halves.set(key, e);
  };
  for (const name of file.tensors.keys()) {
    const e = EMBEDDING_LORA_TENSOR.exec(name);
    if (e) {
      addHalf(EMBEDDING_MODULE, { layer: -1, module: EMBEDDING_MODULE, target: 'token_embd.weight' }, e[1]!, name);
      continue;
    }
    const m = LORA_TENSOR.exec(name);
    if (m) {
      const [, layerText, module, half] = m as unknown as [string, string, string, 'A' | 'B'];
      if (!QWEN2_LORA_TARGETS[module]) {
        throw new ModelError('peft-unsupported', `adapter_model.safetensors: unknown target module ${module} in ${name} (a Qwen2 LoRA can target ${Object.keys(QWEN2_LORA_TARGETS).join(', ')})`);
      }
      addHalf(`${layerText}.${module}`, { layer: Number(layerText), module, target: `blk.${layerText}.${QWEN2_LORA_TARGETS[module]}.weight` }, half, name);
      continue;
    }
    const head = LM_HEAD_LORA_TENSOR.exec(name);
    if (head && merge) {
      addHalf(LM_HEAD_MODULE, { layer: -1, module: LM_HEAD_MODULE, target: 'output.weight' }, head[1]!, name);
      continue;
    }
    const magnitude = MAGNITUDE_TENSOR.exec(name);
    if (magnitude && merge && config.useDora) {
      const key = magnitude[1] === 'lm_head' ? LM_HEAD_MODULE : magnitude[1] === 'model.embed_tokens' ? EMBEDDING_MODULE : `${magnitude[2]}.${magnitude[3]}`;
      magnitudes.set(key, name);
      continue;
    }
    const full = FULL_TENSOR.exec(name.replace(/\.modules_to_save\.[A-Za-z0-9_-]+/, ''));
    const target = full && merge ? qwen2TensorName(full[1]!, full[2] as 'weight' | 'bias') : undefined;
    if (target) {
      const t = file.tensors.get(name)!;
      saved.push({ name, target, shape: t.shape, values: floats(t, name) });
      continue;
    }
    if (EMBEDDING_TENSOR.test(name)) {
      throw new ModelError('peft-tied-embeddings', `adapter_model.safetensors contains ${name}, a trained embedding or lm_head. ${TIED_EMBEDDINGS_HELP}`);
    }
    if (/\.bias$/.test(name)) throw new ModelError('peft-unsupported', `adapter_model.safetensors contains the bias ${name}; llama.cpp LoRA adapters cannot carry trained biases${merge ? ' (and Qwen2 has no such bias)' : `: ${MERGE_HELP}`}`);
    if (magnitude) throw new ModelError(merge ? 'peft-invalid' : 'peft-unsupported', `adapter_model.safetensors contains the DoRA magnitude ${name}${merge ? ', but adapter_config.json does not set use_dora' : `: ${MERGE_HELP}`}`);
    throw new ModelError('peft-unsupported', `adapter_model.safetensors: ${name} is not a LoRA tensor of a Qwen2 ${merge ? 'module' : 'decoder layer'}`);
  }
  return { halves, magnitudes, saved };
}

function collectPairs(file: SafetensorsFile, config: PeftConfig, merge: boolean): { pairs: PeftLoraPair[]; saved: PeftSavedTensor[] } {
  const { halves, magnitudes, saved } = classifyTensors(file, config, merge);
  if (halves.size === 0 && saved.length === 0) throw new ModelError('peft-invalid', 'adapter_model.safetensors holds no LoRA tensors');

  const pairs: PeftLoraPair[] = [];
  for (const [key, entry] of [...halves.entries()].sort(([, x], [, y]) => x.layer - y.layer || x.module.localeCompare(y.module))) {
    const where = entry.layer < 0 ? entry.module : `layer ${entry.layer} ${entry.module}`;
    if (!entry.a || !entry.b) {
      throw new ModelError('peft-invalid', `adapter_model.safetensors: ${where} has lora_${entry.a ? 'A' : 'B'} without its lora_${entry.a ? 'B' : 'A'}`);
    }
    const ta = file.tensors.get(entry.a)!;
    const tb = file.tensors.get(entry.b)!;
    checkShape(entry.a, ta.shape, undefined, undefined);
    const [rank, inputs] = ta.shape as [number, number];
    checkShape(entry.b, tb.shape, undefined, rank);
    const outputs = tb.shape[0]!;
    const moduleName = entry.layer >= 0 ? `model.layers.${entry.layer}.${entry.module}` : entry.module === LM_HEAD_MODULE ? LM_HEAD_MODULE : `model.${entry.module}`;
    const configRank = patternValue(config.rankPattern, moduleName) ?? config.rank;
    if (configRank !== rank) {
      throw new ModelError('peft-invalid', `adapter_model.safetensors: ${entry.a} has rank ${rank}, adapter_config.json says ${configRank}; the two files do not belong together`);
    }
    const alpha = patternValue(config.alphaPattern, moduleName) ?? config.alpha;
    const scaling = config.useRslora ? alpha / Math.sqrt(rank) : alpha / rank;
    const pair: PeftLoraPair = { layer: entry.layer, module: entry.module, target: entry.target, rank, inputs, outputs, a: floats(ta, entry.a), b: floats(tb, entry.b), scaling, dtype: ta.dtype };
    if (config.useDora) {
      const magnitudeName = magnitudes.get(key);
      if (!magnitudeName) throw new ModelError('peft-invalid', `adapter_model.safetensors: use_dora is set but ${where} has no lora_magnitude_vector`);
      const mt = file.tensors.get(magnitudeName)!;
      if (mt.shape.reduce((x, y) => x * y, 1) !== outputs) {
        throw new ModelError('peft-invalid', `adapter_model.safetensors: ${magnitudeName} has shape [${mt.shape.join(', ')}], ${entry.module === EMBEDDING_MODULE ? `the embeddings have ${outputs} dimensions` : `its layer has ${outputs} outputs`}`);
      }
      pair.magnitude = floats(mt, magnitudeName);
    }
    pairs.push(pair);
  }
  return { pairs, saved };
}

export async function readPeftAdapter(dir: string, options: PeftReadOptions = {}): Promise<PeftAdapter> {
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
  const config = parsePeftConfig(json, options);
  let file: SafetensorsFile;
  try {
    file = await readSafetensors(weightsPath);
  } catch (err) {
    if (err instanceof SafetensorsFormatError) throw new ModelError('peft-invalid', err.message);
    throw err;
  }
  const warnings = checkModulesToSave(file, config, options.merge === true);
  return { config, ...collectPairs(file, config, options.merge === true), warnings };
}
