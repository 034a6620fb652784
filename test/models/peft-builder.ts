/** Builds small PEFT adapter folders for converter tests, in any dtype and with any config quirk. */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { f32ToBf16Bits, f32ToF16Bits } from '../../electron/model-files/numeric';
import { writeSafetensors, type SafetensorsTensor } from '../../electron/model-files/safetensors';

export type Dtype = 'F32' | 'F16' | 'BF16';

export function encode(values: number[], dtype: Dtype): Buffer {
  if (dtype === 'F32') return Buffer.from(Float32Array.from(values).buffer);
  const out = Buffer.alloc(values.length * 2);
  values.forEach((v, i) => out.writeUInt16LE(dtype === 'F16' ? f32ToF16Bits(v) : f32ToBf16Bits(v), i * 2));
  return out;
}

export interface PeftSpec {
  config?: Record<string, unknown>;
  dtype?: Dtype;
  /** `self_attn.q_proj` etc. with [in, out] sizes. */
  modules?: Record<string, [number, number]>;
  layers?: number;
  rank?: number | ((module: string) => number);
  extraTensors?: Map<string, SafetensorsTensor>;
}

/** A tiny-model-sized adapter: embedding 64, KV 32, FFN 128, as the tiny fixture. */
export const TINY_MODULES: Record<string, [number, number]> = {
  'self_attn.q_proj': [64, 64],
  'self_attn.k_proj': [64, 32],
  'self_attn.v_proj': [64, 32],
  'self_attn.o_proj': [64, 64],
  'mlp.gate_proj': [64, 128],
  'mlp.up_proj': [64, 128],
  'mlp.down_proj': [128, 64],
};

/** Values are a simple function of position, so tests can predict every converted number. */
export function loraValue(layer: number, module: string, half: 'A' | 'B', i: number): number {
  return (((layer * 7 + module.length + (half === 'A' ? 1 : 3) * i) % 17) - 8) / 32;
}

export async function writePeft(dir: string, spec: PeftSpec = {}): Promise<void> {
  await mkdir(dir, { recursive: true });
  const dtype = spec.dtype ?? 'F32';
  const modules = spec.modules ?? TINY_MODULES;
  const tensors = new Map<string, SafetensorsTensor>();
  for (let layer = 0; layer < (spec.layers ?? 2); layer++) {
    for (const [module, [inputs, outputs]] of Object.entries(modules)) {
      const r = typeof spec.rank === 'function' ? spec.rank(module) : spec.rank ?? 4;
      const prefix = `base_model.model.model.layers.${layer}.${module}`;
      const a = Array.from({ length: r * inputs }, (_, i) => loraValue(layer, module, 'A', i));
      const b = Array.from({ length: outputs * r }, (_, i) => loraValue(layer, module, 'B', i));
      tensors.set(`${prefix}.lora_A.weight`, { dtype, shape: [r, inputs], data: encode(a, dtype) });
      tensors.set(`${prefix}.lora_B.weight`, { dtype, shape: [outputs, r], data: encode(b, dtype) });
    }
  }
  for (const [name, t] of spec.extraTensors ?? []) tensors.set(name, t);
  const config = {
    peft_type: 'LORA',
    r: typeof spec.rank === 'number' ? spec.rank : 4,
    lora_alpha: 8,
    target_modules: [...new Set(Object.keys(modules).map((m) => m.split('.').pop()))],
    bias: 'none',
    modules_to_save: null,
    base_model_name_or_path: 'Qwen/Qwen2-0.5B-Instruct',
    ...spec.config,
  };
  await writeFile(join(dir, 'adapter_config.json'), JSON.stringify(config));
  await writeSafetensors(join(dir, 'adapter_model.safetensors'), tensors);
}

/** DoRA magnitude vectors for every module of every layer (as PEFT saves them), one value per output row. */
export function doraMagnitudes(value: (layer: number, module: string, row: number) => number, layers = 2, modules = TINY_MODULES): Map<string, SafetensorsTensor> {
  const out = new Map<string, SafetensorsTensor>();
  for (let layer = 0; layer < layers; layer++) {
    for (const [module, [, outputs]] of Object.entries(modules)) {
      const m = Array.from({ length: outputs }, (_, o) => value(layer, module, o));
      out.set(`base_model.model.model.layers.${layer}.${module}.lora_magnitude_vector`, { dtype: 'F32', shape: [outputs], data: encode(m, 'F32') });
    }
  }
  return out;
}
