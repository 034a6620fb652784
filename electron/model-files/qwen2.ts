/**
 * Qwen2 as llama.cpp's loader sees it (src/models/qwen2.cpp): hyperparameter keys, tensor names and
 * shapes, and how Hugging Face / PEFT module names map onto them.
 */
import { GgufValueType, type GgufValue } from './types';

export interface Qwen2Shape {
  embedding: number;
  layers: number;
  heads: number;
  kvHeads: number;
  feedForward: number;
  vocab: number;
  context: number;
  ropeBase: number;
  rmsEps: number;
}

/** Qwen2-0.5B(-Instruct), from its config.json. */
export const QWEN2_0_5B: Qwen2Shape = {
  embedding: 896,
  layers: 24,
  heads: 14,
  kvHeads: 2,
  feedForward: 4864,
  vocab: 151936,
  context: 32768,
  ropeBase: 1e6,
  rmsEps: 1e-6,
};

export function qwen2Hparams(shape: Qwen2Shape): Map<string, GgufValue> {
  const u32 = (value: number): GgufValue => ({ type: GgufValueType.UINT32, value });
  const f32 = (value: number): GgufValue => ({ type: GgufValueType.FLOAT32, value });
  return new Map<string, GgufValue>([
    ['qwen2.block_count', u32(shape.layers)],
    ['qwen2.context_length', u32(shape.context)],
    ['qwen2.embedding_length', u32(shape.embedding)],
    ['qwen2.feed_forward_length', u32(shape.feedForward)],
    ['qwen2.attention.head_count', u32(shape.heads)],
    ['qwen2.attention.head_count_kv', u32(shape.kvHeads)],
    ['qwen2.rope.freq_base', f32(shape.ropeBase)],
    ['qwen2.attention.layer_norm_rms_epsilon', f32(shape.rmsEps)],
  ]);
}

export type Qwen2TensorRole = 'embedding' | 'norm' | 'bias' | 'matrix';

export interface Qwen2TensorSpec {
  name: string;
  /** GGUF order: innermost (input) dimension first. */
  dims: number[];
  role: Qwen2TensorRole;
}

/** Every tensor of a Qwen2 model with tied embeddings (no output.weight), in llama.cpp's naming. */
export function qwen2Tensors(shape: Qwen2Shape): Qwen2TensorSpec[] {
  const { embedding: e, feedForward: ff, vocab } = shape;
  const kv = (e / shape.heads) * shape.kvHeads;
  if (e % shape.heads !== 0) throw new Error(`embedding ${e} is not divisible by ${shape.heads} heads`);
  const specs: Qwen2TensorSpec[] = [{ name: 'token_embd.weight', dims: [e, vocab], role: 'embedding' }];
  for (let i = 0; i < shape.layers; i++) {
    const b = `blk.${i}`;
    specs.push(
      { name: `${b}.attn_norm.weight`, dims: [e], role: 'norm' },
      { name: `${b}.attn_q.weight`, dims: [e, e], role: 'matrix' },
      { name: `${b}.attn_q.bias`, dims: [e], role: 'bias' },
      { name: `${b}.attn_k.weight`, dims: [e, kv], role: 'matrix' },
      { name: `${b}.attn_k.bias`, dims: [kv], role: 'bias' },
      { name: `${b}.attn_v.weight`, dims: [e, kv], role: 'matrix' },
      { name: `${b}.attn_v.bias`, dims: [kv], role: 'bias' },
      { name: `${b}.attn_output.weight`, dims: [e, e], role: 'matrix' },
      { name: `${b}.ffn_norm.weight`, dims: [e], role: 'norm' },
      { name: `${b}.ffn_gate.weight`, dims: [e, ff], role: 'matrix' },
      { name: `${b}.ffn_up.weight`, dims: [e, ff], role: 'matrix' },
      { name: `${b}.ffn_down.weight`, dims: [ff, e], role: 'matrix' },
    );
  }
  specs.push({ name: 'output_norm.weight', dims: [e], role: 'norm' });
  return specs;
}

/** Hugging Face module (inside model.layers.N) -> llama.cpp tensor (inside blk.N). */
export const QWEN2_LORA_TARGETS: Readonly<Record<string, string>> = {
  'self_attn.q_proj': 'attn_q',
  'self_attn.k_proj': 'attn_k',
  'self_attn.v_proj': 'attn_v',
  'self_attn.o_proj': 'attn_output',
  'mlp.gate_proj': 'ffn_gate',
  'mlp.up_proj': 'ffn_up',
  'mlp.down_proj': 'ffn_down',
};

/** The short names PEFT's target_modules uses, e.g. `q_proj`. */
export const QWEN2_TARGET_SHORT_NAMES = Object.keys(QWEN2_LORA_TARGETS).map((m) => m.split('.').pop()!);

const QWEN2_TOP_LEVEL: Readonly<Record<string, string>> = {
  'model.embed_tokens': 'token_embd',
  'lm_head': 'output',
  'model.norm': 'output_norm',
};
const QWEN2_LAYER_MODULES: Readonly<Record<string, string>> = {
  ...QWEN2_LORA_TARGETS,
  input_layernorm: 'attn_norm',
  post_attention_layernorm: 'ffn_norm',
};

/**
 * llama.cpp's tensor name for a Hugging Face Qwen2 module (`model.layers.3.self_attn.q_proj`,
 * `lm_head`), or undefined for a module Qwen2 does not have. `suffix` is `weight` or `bias`.
 */
export function qwen2TensorName(hfModule: string, suffix: 'weight' | 'bias' = 'weight'): string | undefined {
  const top = QWEN2_TOP_LEVEL[hfModule];
  if (top) return `${top}.${suffix}`;
  const m = /^model\.layers\.(\d+)\.(.+)$/.exec(hfModule);
  const inner = m ? QWEN2_LAYER_MODULES[m[2]!] : undefined;
  return inner ? `blk.${m![1]}.${inner}.${suffix}` : undefined;
}
