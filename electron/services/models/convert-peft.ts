/**
 * PEFT LoRA folder -> GGUF LoRA adapter for llama.cpp, in TypeScript so users need no Python.
 * Same result as llama.cpp's convert_lora_to_gguf.py for Qwen2: tensors named after the base tensor
 * plus .lora_a / .lora_b, PEFT's row-major [r, in] and [out, r] written as GGUF [in, r] and [r, out]
 * (the same bytes), and adapter.lora.alpha so that llama.cpp's alpha / rank equals PEFT's scaling.
 */
import { basename, resolve } from 'node:path';
import { encodeTensorData } from '../../model-files/numeric';
import { GgmlType, GgufValueType, kv, type GgufValue } from '../../model-files/types';
import { writeGgufAtomically, type GgufTensorSource } from '../../model-files/writer';
import { EMBEDDING_MODULE, readPeftAdapter, type PeftLoraPair } from './peft-adapter';

export type LoraOutType = 'f32' | 'f16';

export interface ConvertPeftOptions {
  /** Tensor type of the output; f32 keeps every input (F32, F16, BF16) exact. Default f32. */
  outType?: LoraOutType;
  name?: string;
}

export interface ConvertPeftResult {
  out: string;
  architecture: 'qwen2';
  alpha: number;
  ranks: number[];
  layers: number;
  modules: string[];
  tensors: number;
  /** Modules whose PEFT scaling differs from alpha / rank and was folded into lora_b. */
  rescaled: number;
  inputDtypes: string[];
  /** Things worth a look that do not stop the conversion. */
  warnings: string[];
}

/** B scaled so that llama.cpp's alpha / rank reproduces the pair's own PEFT scaling. */
function foldScaling(pair: PeftLoraPair, alpha: number): Float32Array {
  const factor = pair.scaling / (alpha / pair.rank);
  if (Math.abs(factor - 1) < 1e-7) return pair.b;
  return pair.b.map((v) => v * factor);
}

/** A row-major [rows, cols] matrix as row-major [cols, rows]. */
export function transpose(m: Float32Array, rows: number, cols: number): Float32Array {
  const out = new Float32Array(m.length);
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) out[c * rows + r] = m[r * cols + c]!;
  return out;
}

export async function convertPeftToGguf(dir: string, out: string, options: ConvertPeftOptions = {}): Promise<ConvertPeftResult> {
  const { config, pairs, warnings } = await readPeftAdapter(dir);
  const type = options.outType === 'f16' ? GgmlType.F16 : GgmlType.F32;
  const alpha = config.alpha;
  const metadata = new Map<string, GgufValue>([
    ['general.architecture', kv.str('qwen2')],
    ['general.type', kv.str('adapter')],
    ['general.name', kv.str(options.name ?? basename(resolve(dir)))],
    ['adapter.type', kv.str('lora')],
    ['adapter.lora.alpha', { type: GgufValueType.FLOAT32, value: alpha }],
  ]);
  if (config.baseModel) {
    metadata.set('general.base_model.count', kv.u32(1));
    metadata.set('general.base_model.0.name', kv.str(config.baseModel));
  }
  let rescaled = 0;
  const tensors: GgufTensorSource[] = [];
  for (const pair of pairs) {
    const b = foldScaling(pair, alpha);
    if (b !== pair.b) rescaled++;
    if (pair.module === EMBEDDING_MODULE) {
      // The input embeddings, as llama.cpp's convert_lora_to_gguf.py writes them: A transposed to
      // [vocab, r] (GGUF [r, vocab]), B as stored (GGUF [r, hidden]); llama.cpp gathers A's rows.
      tensors.push({ name: 'token_embd.weight.lora_a', dims: [pair.rank, pair.inputs], type, data: () => encodeTensorData(type, transpose(pair.a, pair.rank, pair.inputs)) });
      tensors.push({ name: 'token_embd.weight.lora_b', dims: [pair.rank, pair.outputs], type, data: () => encodeTensorData(type, b) });
      continue;
    }
    const base = pair.target;
    tensors.push({ name: `${base}.lora_a`, dims: [pair.inputs, pair.rank], type, data: () => encodeTensorData(type, pair.a) });
    tensors.push({ name: `${base}.lora_b`, dims: [pair.rank, pair.outputs], type, data: () => encodeTensorData(type, b) });
  }
  await writeGgufAtomically(out, metadata, tensors);
  if (config.baseModel && !/qwen2/i.test(config.baseModel)) {
    warnings.push(`adapter_config.json names the base model ${config.baseModel}, which does not look like Qwen2; the adapter is written for qwen2 (check it with --base)`);
  }
  return {
    out,
    architecture: 'qwen2',
    alpha,
    ranks: [...new Set(pairs.map((p) => p.rank))].sort((x, y) => x - y),
    layers: new Set(pairs.filter((p) => p.layer >= 0).map((p) => p.layer)).size,
    modules: [...new Set(pairs.map((p) => p.module))].sort(),
    tensors: tensors.length,
    rescaled,
    inputDtypes: [...new Set(pairs.map((p) => p.dtype))].sort(),
    warnings,
  };
}
