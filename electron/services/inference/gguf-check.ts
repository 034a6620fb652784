/**
 * Checks a model or adapter file before llama.cpp sees it. llama.cpp's own failures are a bare
 * "failed to load model" (or a crash on a truncated file), so the reasons are found here first:
 * not a GGUF at all, cut short, an adapter where a model belongs, or an adapter made for another
 * architecture or another shape of model.
 */
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { GgufFormatError, ggufErrorCode } from '../../model-files/errors';
import type { GgufFileSummary } from '../../model-files/file-info';
import { verifyGgufFile } from '../../model-files/verify';
import { InferenceError } from './errors';

export interface CheckedGguf {
  path: string;
  kind: 'model' | 'adapter';
  architecture: string;
  sizeBytes: number;
  header: GgufFileSummary;
}

const checked = new Map<string, { key: string; result: CheckedGguf }>();

/** Structural check (H3's verifier: magic, version, header, tensor data inside the file), cached by size and mtime. */
async function readChecked(path: string, role: string): Promise<CheckedGguf> {
  const name = basename(path);
  let key: string;
  try {
    const info = await stat(path);
    key = `${info.size}:${info.mtimeMs}`;
  } catch {
    throw new InferenceError('model-missing', `${role} file not found: ${path}`);
  }
  const known = checked.get(path);
  if (known && known.key === key) return known.result;
  let verified;
  try {
    verified = await verifyGgufFile(path);
  } catch (err) {
    if (err instanceof GgufFormatError) {
      const code = ggufErrorCode(err.kind);
      const messages = {
        'not-gguf': `${role} ${name} is not a GGUF file`,
        'truncated-gguf': `${role} ${name} is truncated (${err.message})`,
        'bad-gguf': `${role} ${name} is not a usable GGUF: ${err.message}`,
      };
      throw new InferenceError(code, messages[code]);
    }
    throw err;
  }
  const result: CheckedGguf = { path, kind: verified.kind, architecture: verified.architecture, sizeBytes: verified.fileSize, header: verified.info };
  checked.set(path, { key, result });
  return result;
}

/** A base or merged model: a GGUF that is not an adapter. */
export async function checkModelFile(path: string): Promise<CheckedGguf> {
  const model = await readChecked(path, 'model');
  if (model.kind === 'adapter') {
    throw new InferenceError('bad-gguf', `model ${basename(path)} is a LoRA adapter, not a model: name it as the adapter and give a base model`);
  }
  return model;
}

/**
 * A LoRA adapter for this base: same architecture, and every tensor it modifies exists in the base
 * with matching outer dimensions (what llama.cpp calls "incorrect shape (maybe wrong base model?)").
 */
export async function checkAdapterFile(path: string, base: CheckedGguf): Promise<CheckedGguf> {
  const adapter = await readChecked(path, 'adapter');
  const name = basename(path);
  if (adapter.kind !== 'adapter') {
    throw new InferenceError('not-an-adapter', `adapter ${name} is a full model, not a LoRA adapter (general.type is not "adapter")`);
  }
  if (adapter.architecture !== base.architecture) {
    throw new InferenceError(
      'adapter-mismatch',
      `adapter ${name} is for architecture ${adapter.architecture}, the model ${basename(base.path)} is ${base.architecture}`,
    );
  }
  const baseTensors = new Map(base.header.tensors.map((t) => [t.name, t.dims]));
  // With tied embeddings (no output.weight) llama.cpp also applies a token_embd LoRA to the output
  // projection, where its flipped pair does not fit: it aborts (GGML_ASSERT ggml_can_mul_mat).
  if (!baseTensors.has('output.weight') && adapter.header.tensors.some((t) => t.name.startsWith('token_embd.weight.lora_'))) {
    throw new InferenceError(
      'adapter-mismatch',
      `adapter ${name} carries a LoRA on the token embeddings, and the model ${basename(base.path)} ties its embeddings and output (no output.weight): llama.cpp would apply it to the output projection too and abort; merge the adapter into the model instead (models convert-peft PEFT_DIR --merge --base MODEL --out MERGED.gguf)`,
    );
  }
  for (const t of adapter.header.tensors) {
    const m = /^(.*)\.lora_([ab])$/.exec(t.name);
    if (!m) continue;
    const target = baseTensors.get(m[1]!);
    if (!target) {
      throw new InferenceError('adapter-mismatch', `adapter ${name} modifies ${m[1]}, which the model ${basename(base.path)} does not have`);
    }
    // GGUF lists dims innermost first: A is [in, r], B is [r, out]; the base weight is [in, out].
    // The token embedding's pair is flipped (llama.cpp's llm_build_inp_embd): A is [r, vocab], B
    // is [r, n_embd], the base [n_embd, vocab].
    const embedding = m[1] === 'token_embd.weight';
    const fits = m[2] === 'a' ? t.dims[embedding ? 1 : 0] === target[embedding ? 1 : 0] : t.dims[1] === target[embedding ? 0 : 1];
    if (!fits) {
      throw new InferenceError(
        'adapter-mismatch',
        `adapter ${name} does not fit the model ${basename(base.path)}: ${t.name} is [${t.dims.join(', ')}], the base tensor is [${target.join(', ')}] (another model size?)`,
      );
    }
  }
  return adapter;
}
