/**
 * The adapter's own chat template as a prompt layout: a tokenizer_config.json in the adapter's PEFT
 * folder with a chat_template makes `PROFILE@template` load, and the prompt it renders (through
 * @huggingface/jinja) is exactly what that template produces for the user turn; a run with it on the
 * tiny model (real node-llama-cpp) covers the document.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeDocument } from '../../shared/document/document-info';
import { renderPrompt } from '../../shared/profiles/template';
import { readGgufHeader } from '../../electron/model-files/reader';
import { plainValue } from '../../electron/model-files/types';
import { loadProfile } from '../../electron/services/inference/profiles';
import { runModelStrategy } from '../../electron/services/strategies/run-model-strategy';
import { InferenceError } from '../../electron/services/inference/errors';
import { fixtureModelsDir, mobyDickOpening, tinyModelPath, tinyProfile } from './tiny-profiles';
import { useTinyEngine } from './tiny-engine';

/** A models folder whose PEFT folder for `hf:acme/seg` holds the given tokenizer_config.json. */
function modelsWithTokenizerConfig(config: Record<string, unknown> | null): string {
  const dir = mkdtempSync(join(tmpdir(), 'adapter-template-'));
  const peft = join(dir, 'peft', 'acme--seg');
  mkdirSync(peft, { recursive: true });
  if (config) writeFileSync(join(peft, 'tokenizer_config.json'), JSON.stringify(config));
  return dir;
}

const profile = tinyProfile('simple', {
  name: 'tiny-templated',
  model: { base: { file: tinyModelPath }, adapter: { file: join(fixtureModelsDir, 'tiny-lora-simple.gguf'), source: 'hf:acme/seg', scale: 1 } },
  prompt: { format: 'raw', template: '{{text}}' },
});
const tiny = useTinyEngine(() => [profile]);

describe('the adapter chat template layout (PROFILE@template)', () => {
  it("renders Qwen2's own ChatML template exactly as the template writes the user turn", async () => {
    // The real Qwen2 chat template, as the vocabulary GGUF carries it (ChatML with a default system line).
    const source = plainValue((await readGgufHeader(tinyModelPath)).metadata.get('tokenizer.chat_template')) as string;
    expect(source).toContain('<|im_start|>');
    const modelsDir = modelsWithTokenizerConfig({ chat_template: source, eos_token: '<|im_end|>', bos_token: null });
    const { profile: loaded } = await loadProfile('tiny-templated@template', { profilesDir: tiny.profilesDir, modelsDir });
    expect(loaded.prompt.format).toBe('template');
    expect(loaded.prompt.chatTemplate?.source).toBe(source);
    const { before, after } = renderPrompt(loaded.prompt);
    const doc = 'Call me Ishmael. Some years ago, never mind how long precisely.';
    // This copy of the template writes its default system line without a full stop.
    expect(before + doc + after).toBe(
      `<|im_start|>system\nYou are a helpful assistant<|im_end|>\n<|im_start|>user\n${doc}<|im_end|>\n<|im_start|>assistant\n`,
    );
  });

  it('reads a named template list and the special tokens as AddedToken objects', async () => {
    const modelsDir = modelsWithTokenizerConfig({
      chat_template: [
        { name: 'tool_use', template: 'TOOLS {{ messages[0].content }}' },
        { name: 'default', template: "{{ bos_token }}{% for m in messages %}<|{{ m.role }}|>\n{{ m.content }}{{ eos_token }}\n{% endfor %}{% if add_generation_prompt %}<|assistant|>\n{% endif %}" },
      ],
      bos_token: { content: '<s>', lstrip: false },
      eos_token: '</s>',
    });
    const { profile: loaded } = await loadProfile('tiny-templated@template', { profilesDir: tiny.profilesDir, modelsDir });
    const { before, after } = renderPrompt({ ...loaded.prompt, answerPrefix: '# ' });
    expect(before + 'TEXT' + after).toBe('<s><|user|>\nTEXT</s>\n<|assistant|>\n# ');
  });

  it('is refused, with the reason, where the adapter has no chat template', async () => {
    const modelsDir = modelsWithTokenizerConfig({ model_max_length: 32768 });
    const err = await loadProfile('tiny-templated@template', { profilesDir: tiny.profilesDir, modelsDir }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InferenceError);
    expect((err as Error).message).toMatch(/needs its adapter's chat template.*tokenizer_config\.json has none/);
  });

  it('segments with the template layout on the tiny model, covering the document', async () => {
    const source = plainValue((await readGgufHeader(tinyModelPath)).metadata.get('tokenizer.chat_template')) as string;
    const modelsDir = modelsWithTokenizerConfig({ chat_template: source });
    const text = mobyDickOpening(1200);
    const result = await runModelStrategy(
      { text, info: describeDocument('doc.txt', text), strategy: 'simple', options: { profile: 'tiny-templated@template', mode: 'constrained', gpu: 'off', threads: 1 } as never },
      {},
      { engine: tiny.engine, profilesDir: tiny.profilesDir, modelsDir },
    );
    expect(result.meta.profile).toMatchObject({ name: 'tiny-templated@template' });
    const bounds = [0, ...result.segmentation.boundaries, text.length];
    expect(bounds.slice(1).every((b, i) => b > bounds[i]!)).toBe(true);
  });
});
