/**
 * Prompt layout variants of a profile, named `PROFILE@LAYOUT` (e.g. `topic@chatml`): the same
 * profile with another prompt format. Which layout the seed's models were trained with is not
 * published; `models selftest` runs every variant and recommends one.
 */
import { ADAPTER_TEMPLATE_FORMAT, PROMPT_FORMATS, type ChatTemplate, type ModelStrategy, type OutputSettings, type Profile, type PromptFormat } from './schema';

/** The one-line instruction of the instruction layouts: what the strategy's model writes. */
export function defaultInstruction(strategy: ModelStrategy, output: OutputSettings): string {
  const heads = 'the first words of each segment of the text';
  if (strategy === 'simple' || output.notes === 'none') return `Split the text into segments and write ${heads}, one per line.`;
  const note = output.notes === 'topic' ? 'its topic' : 'a one-sentence summary of it';
  if (output.layout === 'notes-first') return `Split the text into segments; write the topic of each segment, one per line, then ${heads}, one per line.`;
  return output.notesBeforeHeads
    ? `Split the text into segments; for each segment write ${note}, then its first words, each on its own line.`
    : `Split the text into segments; for each segment write its first words, then ${note}, each on its own line.`;
}

export class PromptLayoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PromptLayoutError';
  }
}

/** Splits `topic@chatml` into the profile name and the layout (null when there is no `@`). */
export function parseVariantName(name: string): { base: string; layout: PromptFormat | null } {
  const at = name.indexOf('@');
  if (at < 0) return { base: name, layout: null };
  const layout = name.slice(at + 1);
  const layouts = [...PROMPT_FORMATS, ADAPTER_TEMPLATE_FORMAT];
  if (!(layouts as readonly string[]).includes(layout)) {
    throw new PromptLayoutError(`'${layout}' is not a prompt layout (${layouts.join(', ')})`);
  }
  return { base: name.slice(0, at), layout: layout as PromptFormat };
}

/**
 * The profile with the given prompt layout. The document goes in as it is: a raw prompt is the
 * text and a newline, the other layouts wrap the bare text. System line, instruction and answer
 * prefix stay the profile's. The `template` layout needs the adapter's chat template.
 */
export function withPromptLayout(profile: Profile, layout: PromptFormat, chatTemplate?: ChatTemplate): Profile {
  const template = chatTemplate ?? profile.prompt.chatTemplate;
  if (layout === ADAPTER_TEMPLATE_FORMAT && !template) {
    throw new PromptLayoutError(`profile ${profile.name} has no chat template: its adapter's tokenizer_config.json has none, or its PEFT folder is not there (models pull ${profile.name})`);
  }
  return {
    ...profile,
    name: `${profile.name}@${layout}`,
    prompt: { ...profile.prompt, format: layout, template: layout === 'raw' ? '{{text}}\n' : '{{text}}', ...(layout === ADAPTER_TEMPLATE_FORMAT ? { chatTemplate: template } : {}) },
  };
}
