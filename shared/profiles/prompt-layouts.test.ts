import { describe, expect, it } from 'vitest';
import { defaultInstruction, parseVariantName, PromptLayoutError, withPromptLayout } from './prompt-layouts';
import { outputSchema, parseProfile } from './schema';
import { renderPrompt } from './template';

const topic = parseProfile({
  name: 'topic',
  strategy: 'topic',
  model: { base: { file: 'b.gguf' } },
  prompt: { format: 'raw', template: '{{text}}\n', instruction: 'Write topics and heads.' },
  output: { notes: 'topic', noteLabels: ['Topic:'], notesBeforeHeads: true },
});

describe('prompt layouts', () => {
  it('reads PROFILE@LAYOUT and refuses an unknown layout', () => {
    expect(parseVariantName('topic')).toEqual({ base: 'topic', layout: null });
    expect(parseVariantName('topic@chatml')).toEqual({ base: 'topic', layout: 'chatml' });
    expect(() => parseVariantName('topic@llama3')).toThrow(PromptLayoutError);
  });

  it('renders every layout around the bare text', () => {
    const render = (layout: 'raw' | 'chatml' | 'chatml-instruction' | 'alpaca') => renderPrompt(withPromptLayout(topic, layout).prompt);
    expect(withPromptLayout(topic, 'chatml').name).toBe('topic@chatml');
    expect(render('raw')).toEqual({ before: '', after: '\n' });
    expect(render('chatml')).toEqual({
      before: '<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n<|im_start|>user\n',
      after: '<|im_end|>\n<|im_start|>assistant\n',
    });
    expect(render('chatml-instruction').before).toBe('<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n<|im_start|>user\nWrite topics and heads.\n');
    expect(render('alpaca')).toEqual({ before: '### Instruction:\nWrite topics and heads.\n\n### Input:\n', after: '\n\n### Response:\n' });
  });

  it('words the default instruction after the strategy and the output layout', () => {
    expect(defaultInstruction('simple', outputSchema.parse({}))).toMatch(/first words of each segment/);
    expect(defaultInstruction('topic', topic.output)).toMatch(/its topic, then its first words/);
    expect(defaultInstruction('summary', outputSchema.parse({ notes: 'summary' }))).toMatch(/its first words, then a one-sentence summary/);
    expect(defaultInstruction('topic', outputSchema.parse({ notes: 'topic', layout: 'notes-first' }))).toMatch(/topic of each segment, one per line, then/);
  });
});
