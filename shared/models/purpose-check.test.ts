import { describe, expect, it } from 'vitest';
import { installedPurpose, purposeWarnings } from './purpose-check';
import { installedFileProblem, modelFileNameProblem } from './model-file-name';

// The fixture adapters' own names and general.name (scripts/fixtures/plan.ts).
const topicAdapter = { fileName: 'tiny-lora-topic.gguf', generalName: 'tiny-lora-topic', kind: 'adapter' as const, adapterType: 'lora' };

describe('purposeWarnings', () => {
  it('flags an adapter whose name and metadata say another strategy, by each source', () => {
    const warnings = purposeWarnings(topicAdapter, 'simple-adapter');
    expect(warnings).toEqual([
      'its file name (tiny-lora-topic.gguf) says topic, but it was imported as the simple adapter',
      'its metadata (general.name "tiny-lora-topic") says topic, but it was imported as the simple adapter',
    ]);
  });

  it('says nothing when the file agrees with the purpose, or names no strategy', () => {
    expect(purposeWarnings(topicAdapter, 'topic-adapter')).toEqual([]);
    expect(purposeWarnings({ fileName: 'my-lora.gguf', generalName: 'peft-out', kind: 'adapter', adapterType: 'lora' }, 'summary-adapter')).toEqual([]);
    // The seed's summary adapter, as named on the hub.
    expect(purposeWarnings({ fileName: 'text-seg-lm-qwen2-0.5b-summary-chunking-lora.gguf', kind: 'adapter' }, 'summary-adapter')).toEqual([]);
    expect(purposeWarnings({}, 'simple-adapter')).toEqual([]);
    // "Other" keeps any file as it is.
    expect(purposeWarnings(topicAdapter, 'file')).toEqual([]);
  });

  it('a name that speaks of the chosen strategy too is taken at its word', () => {
    expect(purposeWarnings({ generalName: 'simple and topic chunker' }, 'topic-adapter')).toEqual([]);
  });

  it('reads words, not substrings: "topical" or "summarybot" name no strategy', () => {
    expect(purposeWarnings({ generalName: 'topical-notes summarybot' }, 'simple-adapter')).toEqual([]);
  });

  it('flags an adapter that is not LoRA, and one trained on another base than the installed one', () => {
    expect(purposeWarnings({ kind: 'adapter', adapterType: 'ia3' }, 'simple-adapter')).toEqual(['it is a ia3 adapter; the strategies load LoRA adapters']);
    expect(purposeWarnings({ kind: 'adapter', baseModelName: 'Qwen2-0.5B-Instruct', installedBaseName: 'qwen2_0_5b_instruct' }, 'simple-adapter')).toEqual([]);
    expect(purposeWarnings({ kind: 'adapter', baseModelName: 'Llama-3.2-1B', installedBaseName: 'Qwen2-0.5B-Instruct' }, 'topic-adapter')).toEqual([
      'it was trained on Llama-3.2-1B, but the installed base model calls itself Qwen2-0.5B-Instruct',
    ]);
  });

  it('flags an embedding model, or a strategy-tuned model, imported as the base', () => {
    const embed = { fileName: 'tiny-qwen2-embed.gguf', generalName: 'tiny-qwen2-embed (random weights, test fixture)', kind: 'model' as const, poolingType: 1 };
    expect(purposeWarnings(embed, 'base')).toHaveLength(3);
    expect(purposeWarnings(embed, 'base')[0]).toMatch(/declares a pooling type/);
    expect(purposeWarnings(embed, 'embedding')).toEqual([]);
    expect(purposeWarnings({ fileName: 'qwen2-topic-merged.gguf', kind: 'model' }, 'base')).toEqual([
      "its file name (qwen2-topic-merged.gguf) says topic: a model tuned for one strategy is not the shared base (import it as 'Other: keep its own file name')",
    ]);
    expect(purposeWarnings({ fileName: 'tiny-qwen2.gguf', generalName: 'tiny-qwen2 (random weights, test fixture)', kind: 'model' }, 'base')).toEqual([]);
  });

  it('flags a generative model or an adapter imported as the embedding model', () => {
    expect(purposeWarnings({ kind: 'model' }, 'embedding')).toEqual(['it declares no pooling type, so it is not an embedding model']);
    expect(purposeWarnings(topicAdapter, 'embedding')[0]).toMatch(/is a LoRA adapter, not a model/);
  });
});

describe('installedPurpose', () => {
  const profiles = [
    { name: 'simple', files: [{ role: 'base' as const, file: 'base.gguf' }, { role: 'adapter' as const, file: 'simple-lora.gguf' }] },
    { name: 'topic', files: [{ role: 'base' as const, file: 'base.gguf' }, { role: 'adapter' as const, file: 'topic-lora.gguf' }] },
  ];
  it('is the purpose whose profile name the file is installed under', () => {
    expect(installedPurpose('base.gguf', profiles, undefined)).toBe('base');
    expect(installedPurpose('topic-lora.gguf', profiles, undefined)).toBe('topic-adapter');
    expect(installedPurpose('sub/simple-lora.gguf', profiles, undefined)).toBe('simple-adapter');
    expect(installedPurpose('e.gguf', profiles, 1)).toBe('embedding');
    expect(installedPurpose('other.gguf', profiles, undefined)).toBeNull();
  });
});

describe('model file names', () => {
  it('a new name is a plain .gguf file name', () => {
    expect(modelFileNameProblem('my-model.gguf')).toBeNull();
    for (const bad of ['../x.gguf', 'a/b.gguf', 'C:\\x.gguf', '.hidden.gguf', '', '..', 'x.bin', 'a\0.gguf']) expect(modelFileNameProblem(bad)).not.toBeNull();
    expect(modelFileNameProblem(`${'a'.repeat(300)}.gguf`)).toMatch(/^is 305 bytes long; a model file name may have at most 247/);
  });
  it('an installed file is named as the list shows it, never outside the folder', () => {
    expect(installedFileProblem('x.gguf')).toBeNull();
    expect(installedFileProblem('sub/deeper/x.gguf')).toBeNull();
    for (const bad of ['../x.gguf', 'sub/../../x.gguf', '/etc/x.gguf', 'a/b/c/x.gguf', './x.gguf', '.cache/x.gguf', 'sub\\x.gguf']) expect(installedFileProblem(bad)).not.toBeNull();
  });
});
