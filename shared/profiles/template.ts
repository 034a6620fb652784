/**
 * Prompt rendering. The prompt is returned as the text before and after the document window, so
 * the runtime tokenizes the template once (with special tokens) and splices each window's tokens
 * in between (without special tokens: a document that contains `<|im_end|>` stays plain text).
 */
import { Template } from '@huggingface/jinja';
import type { ChatTemplate, PromptSettings } from './schema';

export interface RenderedPrompt {
  before: string;
  after: string;
}

const TEXT = '{{text}}';

/** ChatML turns, as Qwen2's chat template writes them. */
function chatml(system: string, userBefore: string, userAfter: string, answerPrefix: string): RenderedPrompt {
  return {
    before: `<|im_start|>system\n${system}<|im_end|>\n<|im_start|>user\n${userBefore}`,
    after: `${userAfter}<|im_end|>\n<|im_start|>assistant\n${answerPrefix}`,
  };
}

/**
 * The user turn `userBefore + TEXT + userAfter` through a Hugging Face chat template, as
 * transformers' apply_chat_template(messages, add_generation_prompt=True) renders it (no system
 * message: the template's own default applies), split where the text goes.
 */
function chatTemplate(template: ChatTemplate, userBefore: string, userAfter: string, answerPrefix: string): RenderedPrompt {
  const rendered = new Template(template.source).render({
    messages: [{ role: 'user', content: `${userBefore}${TEXT}${userAfter}` }],
    add_generation_prompt: true,
    bos_token: template.bosToken ?? '',
    eos_token: template.eosToken ?? '',
  });
  const at = rendered.indexOf(TEXT);
  if (at < 0 || rendered.indexOf(TEXT, at + TEXT.length) >= 0) throw new Error('the chat template does not write the user message exactly once');
  return { before: rendered.slice(0, at), after: rendered.slice(at + TEXT.length) + answerPrefix };
}

export function renderPrompt(prompt: PromptSettings): RenderedPrompt {
  const filled = prompt.template.split('{{system}}').join(prompt.system);
  const at = filled.indexOf(TEXT);
  if (at < 0 || filled.indexOf(TEXT, at + TEXT.length) >= 0) {
    throw new Error('prompt template must contain {{text}} exactly once');
  }
  const userBefore = filled.slice(0, at);
  const userAfter = filled.slice(at + TEXT.length);
  const instruction = prompt.instruction ?? '';
  switch (prompt.format) {
    case 'raw':
      return { before: userBefore, after: userAfter + prompt.answerPrefix };
    case 'chatml':
      return chatml(prompt.system, userBefore, userAfter, prompt.answerPrefix);
    case 'chatml-instruction':
      return chatml(prompt.system, `${instruction}\n${userBefore}`, userAfter, prompt.answerPrefix);
    case 'alpaca':
      return {
        before: `### Instruction:\n${instruction}\n\n### Input:\n${userBefore}`,
        after: `${userAfter}\n\n### Response:\n${prompt.answerPrefix}`,
      };
    case 'template':
      if (!prompt.chatTemplate) throw new Error("the template layout needs the adapter's chat template (tokenizer_config.json chat_template)");
      return chatTemplate(prompt.chatTemplate, userBefore, userAfter, prompt.answerPrefix);
  }
}
