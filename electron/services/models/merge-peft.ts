/**
 * `models convert-peft --merge`: one full GGUF of the base model with a PEFT adapter applied, for
 * what a llama.cpp LoRA cannot carry (DoRA, modules_to_save, full lm_head / embed_tokens tensors,
 * a LoRA on the embeddings or lm_head of a tied-embedding base such as Qwen2-0.5B).
 *
 * Per changed tensor: dequantize the base's values, swap in a saved module's copy, add
 * ΔW = scaling · B·A of every LoRA pair, rescale DoRA rows (columns of the embeddings), and encode back in the base tensor's own
 * type (F32, F16, BF16 or Q8_0). Every other tensor is copied byte for byte. The result computes what
 * PEFT computes with the adapter unmerged: with tied embeddings, a changed embed_tokens does not
 * change the output projection, so the base's embedding is written as output.weight of its own.
 */
import { basename, resolve } from 'node:path';
import { encodeTensorData, FLOAT_CODEC_TYPES } from '../../model-files/numeric';
import { readGgufSummary } from '../../model-files/file-info';
import { readGgufHeader } from '../../model-files/reader';
import { GgufTensorReader } from '../../model-files/tensor-data';
import { GgmlType, kv, plainValue, type GgufTensorInfo } from '../../model-files/types';
import { writeGgufAtomically, type GgufTensorSource } from '../../model-files/writer';
import { ModelError } from './errors';
import { EMBEDDING_MODULE, readPeftAdapter, type PeftLoraPair, type PeftSavedTensor } from './peft-adapter';

export interface MergePeftOptions {
  /** general.name of the result (default: the base's name and the adapter folder's). */
  name?: string;
  /** Called as each tensor is written (done counts from 1). */
  onProgress?: (done: number, total: number, tensor: string) => void;
}

export interface MergePeftResult {
  out: string;
  /** llama.cpp tensors the adapter changed. */
  changed: string[];
  pairs: number;
  savedModules: number;
  dora: boolean;
  /** output.weight was written from the base's token embeddings (tied base whose embeddings changed). */
  untiedOutput: boolean;
  tensors: number;
  /** The ggml types of the changed tensors, as in the base. */
  types: string[];
  /** Things worth a look that did not stop the merge. */
  warnings: string[];
}

interface TargetChange {
  saved?: PeftSavedTensor;
  pairs: PeftLoraPair[];
}

const OUTPUT = 'output.weight';
const TOKEN_EMBD = 'token_embd.weight';

/** W (row-major [outputs, inputs]) += scaling · B·A. */
function addLinearDelta(w: Float32Array, pair: PeftLoraPair): void {
  const { rank, inputs, outputs, a, b, scaling } = pair;
  const row = new Float64Array(inputs);
  for (let o = 0; o < outputs; o++) {
    const at = o * inputs;
    for (let i = 0; i < inputs; i++) row[i] = w[at + i]!;
    for (let r = 0; r < rank; r++) {
      const coef = scaling * b[o * rank + r]!;
      if (coef === 0) continue;
      const ar = r * inputs;
      for (let i = 0; i < inputs; i++) row[i]! += coef * a[ar + i]!;
    }
    for (let i = 0; i < inputs; i++) w[at + i] = row[i]!;
  }
}

/**
 * E (row-major [vocab, hidden]) += scaling · (B·A)ᵀ, PEFT's embedding delta: A is [r, vocab], B
 * [hidden, r], and token t's row gains Σ_r A[r, t] · B[:, r].
 */
function addEmbeddingDelta(e: Float32Array, pair: PeftLoraPair): void {
  const { rank, inputs: vocab, outputs: hidden, a, b, scaling } = pair;
  const coef = new Float64Array(rank);
  for (let t = 0; t < vocab; t++) {
    let any = false;
    for (let r = 0; r < rank; r++) {
      coef[r] = scaling * a[r * vocab + t]!;
      if (coef[r] !== 0) any = true;
    }
    if (!any) continue;
    const at = t * hidden;
    for (let h = 0; h < hidden; h++) {
      let sum = 0;
      for (let r = 0; r < rank; r++) sum += coef[r]! * b[h * rank + r]!;
      e[at + h] = e[at + h]! + sum;
    }
  }
}

/** DoRA on a linear layer: each output row of W + ΔW is scaled to the trained magnitude, m / ‖row‖ (PEFT's dora_factor). */
function applyDoraMagnitude(w: Float32Array, pair: PeftLoraPair, magnitude: Float32Array): void {
  const { inputs, outputs } = pair;
  for (let o = 0; o < outputs; o++) {
    const at = o * inputs;
    let sq = 0;
    for (let i = 0; i < inputs; i++) sq += w[at + i]! * w[at + i]!;
    const factor = magnitude[o]! / Math.sqrt(sq);
    for (let i = 0; i < inputs; i++) w[at + i] = w[at + i]! * factor;
  }
}

/**
 * DoRA on the embeddings (PEFT's DoraEmbeddingLayer): the norm runs over the vocabulary axis, so each
 * hidden dimension h, a column of E + ΔE ([vocab, hidden]), is scaled to m[h] / ‖column h‖.
 */
function applyEmbeddingDoraMagnitude(e: Float32Array, pair: PeftLoraPair, magnitude: Float32Array): void {
  const { inputs: vocab, outputs: hidden } = pair;
  const sq = new Float64Array(hidden);
  for (let t = 0; t < vocab; t++) {
    const at = t * hidden;
    for (let h = 0; h < hidden; h++) sq[h]! += e[at + h]! * e[at + h]!;
  }
  const factor = new Float64Array(hidden);
  for (let h = 0; h < hidden; h++) factor[h] = magnitude[h]! / Math.sqrt(sq[h]!);
  for (let t = 0; t < vocab; t++) {
    const at = t * hidden;
    for (let h = 0; h < hidden; h++) e[at + h] = e[at + h]! * factor[h]!;
  }
}

function sameDims(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((d, i) => d === b[i]);
}

/** A quantization suffix of a GGUF file name, as llama.cpp's tools and the hub's repositories write them. */
const QUANT_SUFFIX = /^(.+?)([-._])(?:q[2-8]_k(?:_[sml])?|q[2-8]_[01]|iq[1-4]_\w+|tq[12]_0|mxfp4)\.gguf$/i;

/**
 * The files to merge into instead of a base in a type the merge cannot write back: the same name
 * with the Q8_0 and F16 suffixes (qwen2-0_5b-instruct-q4_k_m.gguf -> qwen2-0_5b-instruct-q8_0.gguf,
 * qwen2-0_5b-instruct-fp16.gguf, as Qwen/Qwen2-0.5B-Instruct-GGUF names them).
 */
function mergeableBaseNames(baseFile: string): string {
  const m = QUANT_SUFFIX.exec(basename(baseFile));
  if (!m) return 'the Q8_0 or F16 GGUF of the same model';
  return `${m[1]}${m[2]}q8_0.gguf or ${m[1]}${m[2]}fp16.gguf (the Q8_0 or F16 GGUF of the same model)`;
}

/** Checks that a change fits its base tensor (GGUF dims are innermost first: [inputs, outputs]). */
function checkFits(target: string, info: GgufTensorInfo, change: TargetChange, baseFile: string): void {
  const dims = info.dims;
  if (!FLOAT_CODEC_TYPES.includes(info.type)) {
    // Other quantized types are not re-encoded: k-quants (Q4_K, Q5_K, Q6_K) and the Q5_0/Q5_1 that
    // llama.cpp writes in their place for Qwen2-0.5B's 896-wide rows (see docs/models.md).
    const type = GgmlType[info.type] ?? String(info.type);
    throw new ModelError(
      'peft-unsupported',
      `the base's ${target} is ${type}; a merge re-encodes each changed tensor in the base's own type and can do so for ${FLOAT_CODEC_TYPES.map((t) => GgmlType[t]).join(', ')}, not ${type}: merge into ${mergeableBaseNames(baseFile)} instead`,
    );
  }
  if (change.saved && !sameDims([...change.saved.shape].reverse(), dims)) {
    throw new ModelError('adapter-mismatch', `${change.saved.name} has shape [${change.saved.shape.join(', ')}], the base's ${target} is [${[...dims].reverse().join(', ')}] (maybe wrong base model?)`);
  }
  for (const p of change.pairs) {
    const want = p.module === EMBEDDING_MODULE ? [p.outputs, p.inputs] : [p.inputs, p.outputs];
    if (!sameDims(want, dims)) {
      throw new ModelError('adapter-mismatch', `the LoRA on ${p.layer >= 0 ? `layer ${p.layer} ` : ''}${p.module} does not fit the base's ${target} [${[...dims].reverse().join(', ')}] (maybe wrong base model?)`);
    }
  }
}

function applyChange(values: Float32Array, change: TargetChange): Float32Array {
  const w = change.saved ? Float32Array.from(change.saved.values) : values;
  for (const p of change.pairs) {
    if (p.module === EMBEDDING_MODULE) {
      addEmbeddingDelta(w, p);
      if (p.magnitude) applyEmbeddingDoraMagnitude(w, p, p.magnitude);
    } else {
      addLinearDelta(w, p);
      if (p.magnitude) applyDoraMagnitude(w, p, p.magnitude);
    }
  }
  return w;
}

/**
 * Why the adapter in `dir` must be merged rather than converted to a LoRA for this base, or
 * undefined when a GGUF LoRA carries it. `tiedBase`: the base has no output.weight.
 */
export async function mergeReason(dir: string, tiedBase: boolean): Promise<string | undefined> {
  const { config, pairs, saved } = await readPeftAdapter(dir, { merge: true });
  if (config.useDora) return 'it is a DoRA adapter';
  if (saved.length > 0) return `it stores full tensors (${saved.map((t) => t.name).join(', ')})`;
  if (pairs.some((p) => p.target === OUTPUT)) return 'it has a LoRA on lm_head';
  if (tiedBase && pairs.some((p) => p.module === EMBEDDING_MODULE)) return 'it has a LoRA on the embeddings of a base that ties them to its output';
  return undefined;
}

/** A base model GGUF without output.weight, whose output projection reads token_embd. */
export async function hasTiedEmbeddings(basePath: string): Promise<boolean> {
  return !(await readGgufSummary(basePath)).tensors.some((t) => t.name === OUTPUT);
}

export async function mergePeftIntoGguf(dir: string, basePath: string, out: string, options: MergePeftOptions = {}): Promise<MergePeftResult> {
  const adapter = await readPeftAdapter(dir, { merge: true });
  const header = await readGgufHeader(basePath);
  const arch = plainValue(header.metadata.get('general.architecture'));
  if (plainValue(header.metadata.get('general.type')) === 'adapter') throw new ModelError('adapter-mismatch', `${basename(basePath)} is a LoRA adapter; --base needs the full base model`);
  if (arch !== 'qwen2') throw new ModelError('adapter-mismatch', `${basename(basePath)} is a ${String(arch)} model; the PEFT adapter is for Qwen2`);

  const changes = new Map<string, TargetChange>();
  const changeOf = (target: string) => changes.get(target) ?? changes.set(target, { pairs: [] }).get(target)!;
  for (const s of adapter.saved) changeOf(s.target).saved = s;
  for (const p of adapter.pairs) changeOf(p.target).pairs.push(p);

  const byName = new Map(header.tensors.map((t) => [t.name, t]));
  const embd = byName.get(TOKEN_EMBD);
  // A tied base has no output.weight: the output projection reads token_embd. It gets one of its own
  // when the adapter changes either side, so each side computes what PEFT computes.
  const untie = !byName.has(OUTPUT) && embd !== undefined && (changes.has(OUTPUT) || changes.has(TOKEN_EMBD));
  const outputInfo: GgufTensorInfo | undefined = untie ? { ...embd!, name: OUTPUT } : undefined;
  for (const [target, change] of changes) {
    const info = target === OUTPUT && outputInfo ? outputInfo : byName.get(target);
    if (!info) throw new ModelError('adapter-mismatch', `the adapter changes ${target}, which ${basename(basePath)} does not have (maybe wrong base model?)`);
    checkFits(target, info, change, basePath);
  }

  const reader = new GgufTensorReader(basePath, header);
  const plan: { info: GgufTensorInfo; source: GgufTensorInfo }[] = header.tensors.map((info) => ({ info, source: info }));
  if (outputInfo) plan.push({ info: outputInfo, source: embd! });
  const metadata = new Map(header.metadata);
  const baseName = plainValue(header.metadata.get('general.name'));
  metadata.set('general.name', kv.str(options.name ?? `${typeof baseName === 'string' ? baseName : basename(basePath)} + ${basename(resolve(dir))} (merged)`));
  const tensors: GgufTensorSource[] = plan.map(({ info, source }, i) => ({
    name: info.name,
    dims: info.dims,
    type: info.type,
    data: () => {
      const change = changes.get(info.name);
      const bytes = change ? encodeTensorData(info.type, applyChange(reader.values(source), change)) : reader.bytes(source);
      options.onProgress?.(i + 1, plan.length, info.name);
      return bytes;
    },
  }));
  try {
    await writeGgufAtomically(out, metadata, tensors);
  } finally {
    reader.close();
  }
  return {
    out,
    changed: [...changes.keys()],
    pairs: adapter.pairs.length,
    savedModules: adapter.saved.length,
    dora: adapter.config.useDora,
    untiedOutput: untie,
    tensors: plan.length,
    types: [...new Set([...changes.keys()].map((t) => GgmlType[(byName.get(t) ?? outputInfo!).type] ?? 'unknown'))].sort(),
    warnings: adapter.warnings,
  };
}
