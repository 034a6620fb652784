import { describe, expect, it } from 'vitest';
import { parseProfile, profileFiles, ProfileFormatError } from './schema';
import { renderPrompt } from './template';

const minimal = {
  name: 'mine',
  strategy: 'topic',
  model: { base: { file: 'base.gguf' }, adapter: { file: 'lora.gguf' } },
  prompt: { template: 'Text: {{text}}' },
  output: { notes: 'topic' },
};

describe('profile schema', () => {
  it('fills defaults for everything but the essentials', () => {
    const p = parseProfile(minimal);
    expect(p.window).toEqual({ tokens: 1024, overlapTokens: 128 });
    expect(p.decoding.repeatPenalty).toBe(1.1);
    expect(p.decoding.temperature).toBe(0);
    expect(p.model).toEqual({ base: { file: 'base.gguf' }, adapter: { file: 'lora.gguf', scale: 1 } });
    expect(profileFiles(p).map((f) => f.role)).toEqual(['base', 'adapter']);
  });

  it('accepts one merged model instead of base + adapter', () => {
    const p = parseProfile({ ...minimal, model: { merged: { file: 'merged.gguf' } } });
    expect(profileFiles(p)).toEqual([{ role: 'merged', file: 'merged.gguf' }]);
  });

  it('names the first bad field in one line', () => {
    expect(() => parseProfile({ ...minimal, prompt: { template: 'no placeholder' } }, 'profile x.json')).toThrow(
      new ProfileFormatError('profile x.json: prompt.template: template must contain {{text}} exactly once'),
    );
    expect(() => parseProfile({ ...minimal, window: { tokens: 100, overlapTokens: 60 } })).toThrow(/window: overlapTokens must be less than half/);
    expect(() => parseProfile({ ...minimal, strategy: 'other' })).toThrow(/^profile: strategy: /);
    expect(() => parseProfile({ ...minimal, extra: 1 })).toThrow(ProfileFormatError);
  });
});

describe('renderPrompt', () => {
  it('splits a raw template around the text and appends the answer prefix', () => {
    expect(renderPrompt({ format: 'raw', system: 's', template: 'A {{text}} B', answerPrefix: '[' })).toEqual({ before: 'A ', after: ' B[' });
  });

  it('wraps the template as the ChatML user turn', () => {
    expect(renderPrompt({ format: 'chatml', system: 'Be brief.', template: 'Split: {{text}}', answerPrefix: '' })).toEqual({
      before: '<|im_start|>system\nBe brief.<|im_end|>\n<|im_start|>user\nSplit: ',
      after: '<|im_end|>\n<|im_start|>assistant\n',
    });
  });
});

describe('output and input settings', () => {
  it('reads a head length as a range (a single number is exact), defaults to 3–12 words, and keeps newlines by default', () => {
    const p = parseProfile(minimal);
    expect(p.output.constrained.headWords).toEqual({ min: 3, max: 12 });
    expect(p.output.layout).toBe('interleaved');
    expect(p.output.constrained.scope).toBe('all');
    expect(p.input).toEqual({ newlines: 'keep' });
    expect(parseProfile({ ...minimal, output: { notes: 'topic', constrained: { headWords: 6 } } }).output.constrained.headWords).toEqual({ min: 6, max: 6 });
    expect(() => parseProfile({ ...minimal, output: { notes: 'topic', constrained: { headWords: { min: 5, max: 4 } } } })).toThrow(/min must not exceed max/);
    expect(() => parseProfile({ ...minimal, input: { newlines: 'tab' } })).toThrow(/input.newlines/);
  });
});
