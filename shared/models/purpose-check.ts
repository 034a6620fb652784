/**
 * Does a model file say it is for what the person imported it for? The Models screen's import
 * (and its installed rows) compare the purpose chosen with what the file itself says: the name it
 * came with, its GGUF `general.name`, `adapter.type`, the base model it names, and whether it
 * declares a pooling type (embedding conversions do). A file that says it is another strategy's
 * adapter (`tiny-lora-topic.gguf` imported as the simple adapter) is installed, since names can
 * mislead, but flagged: the warning is shown on its row, never silently dropped.
 */
import { IMPORT_PURPOSE_LABELS, type ImportPurpose } from './import-purpose';
import { MODEL_STRATEGY_NAMES } from '../strategies/run-options';

/** What a model file says of itself; every field is optional (a file that says nothing is never flagged). */
export interface ModelFileFacts {
  /** The file's own name (the one it was imported from, or is installed under when that is its own). */
  fileName?: string;
  /** GGUF general.name. */
  generalName?: string;
  kind?: 'model' | 'adapter';
  /** GGUF adapter.type (llama.cpp's LoRA adapters say `lora`). */
  adapterType?: string;
  /** GGUF general.base_model.0.name: the model an adapter was trained on. */
  baseModelName?: string;
  /** GGUF <arch>.pooling_type: declared by embedding models. */
  poolingType?: number;
  /** general.name of the installed base model the strategies load the adapter onto, if installed. */
  installedBaseName?: string;
}

type StrategyName = (typeof MODEL_STRATEGY_NAMES)[number];

/** The words a name uses for each model strategy's task (the seed's adapters: lora, topic-chunking, summary-chunking). */
const STRATEGY_WORDS: Record<StrategyName, readonly string[]> = {
  simple: ['simple'],
  topic: ['topic', 'topics'],
  summary: ['summary', 'summaries', 'summarize', 'summarise', 'summarization', 'summarisation'],
};
const EMBEDDING_WORDS = ['embed', 'embedding', 'embeddings', 'bge', 'e5', 'gte', 'minilm', 'nomic'];

const words = (text: string): Set<string> => new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean));

/** The model strategies a name speaks of. */
function strategiesNamed(text: string): StrategyName[] {
  const seen = words(text);
  return MODEL_STRATEGY_NAMES.filter((s) => STRATEGY_WORDS[s].some((w) => seen.has(w)));
}

/** The evidence to read, each with how the warning names it. */
function sayings(facts: ModelFileFacts): { where: string; text: string }[] {
  const out: { where: string; text: string }[] = [];
  if (facts.fileName) out.push({ where: `its file name (${facts.fileName})`, text: facts.fileName.replace(/\.gguf$/i, '') });
  if (facts.generalName) out.push({ where: `its metadata (general.name "${facts.generalName}")`, text: facts.generalName });
  return out;
}

/** Letters and digits only, so "Qwen2-0.5B-Instruct" and "qwen2_0_5b_instruct" compare equal. */
const squeezed = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** One sentence per mismatch between the purpose chosen and what the file says; none when they agree. */
export function purposeWarnings(facts: ModelFileFacts, purpose: ImportPurpose): string[] {
  if (purpose === 'file') return [];
  const chosen = IMPORT_PURPOSE_LABELS[purpose];
  const out: string[] = [];
  if (purpose.endsWith('-adapter')) {
    const strategy = purpose.slice(0, -'-adapter'.length) as StrategyName;
    for (const { where, text } of sayings(facts)) {
      const named = strategiesNamed(text);
      // A name that speaks of this strategy too is taken at its word (e.g. "simple-vs-topic").
      if (named.length > 0 && !named.includes(strategy)) out.push(`${where} says ${named.join(' and ')}, but it was imported as the ${chosen}`);
    }
    if (facts.kind === 'model') out.push(`it is a full model, not a LoRA adapter, but it was imported as the ${chosen}`);
    if (facts.adapterType !== undefined && facts.adapterType.toLowerCase() !== 'lora') out.push(`it is a ${facts.adapterType} adapter; the strategies load LoRA adapters`);
    if (facts.baseModelName && facts.installedBaseName) {
      const base = squeezed(facts.baseModelName);
      const installed = squeezed(facts.installedBaseName);
      if (base !== '' && installed !== '' && !base.includes(installed) && !installed.includes(base)) {
        out.push(`it was trained on ${facts.baseModelName}, but the installed base model calls itself ${facts.installedBaseName}`);
      }
    }
    return out;
  }
  if (purpose === 'base') {
    if (facts.kind === 'adapter') out.push(`it is a LoRA adapter, not a model, but it was imported as the ${chosen}`);
    if (facts.poolingType !== undefined) out.push(`it declares a pooling type, as embedding models do, but it was imported as the ${chosen}`);
    for (const { where, text } of sayings(facts)) {
      const seen = words(text);
      if (EMBEDDING_WORDS.some((w) => seen.has(w))) out.push(`${where} says it is an embedding model, but it was imported as the ${chosen}`);
      else {
        const named = strategiesNamed(text);
        if (named.length > 0) out.push(`${where} says ${named.join(' and ')}: a model tuned for one strategy is not the shared base (import it as '${IMPORT_PURPOSE_LABELS.file}')`);
      }
    }
    return out;
  }
  // embedding
  if (facts.kind === 'adapter') out.push(`it is a LoRA adapter, not a model, but it was imported as the ${chosen}`);
  else if (facts.kind === 'model' && facts.poolingType === undefined) out.push(`it declares no pooling type, so it is not an embedding model`);
  for (const { where, text } of sayings(facts)) {
    const named = strategiesNamed(text);
    if (named.length > 0) out.push(`${where} says ${named.join(' and ')}, but it was imported as the ${chosen}`);
  }
  return out;
}

/**
 * The purpose an installed file serves, from the name it is installed under: the name a model
 * profile expects for its base or a strategy's adapter (as installNameFor chose it), or, for a
 * model declaring a pooling type, the embedding model; null for any other file.
 */
export function installedPurpose(
  file: string,
  profiles: readonly { name: string; files: readonly { role: 'base' | 'adapter' | 'merged'; file: string }[] }[],
  poolingType: number | undefined,
): ImportPurpose | null {
  const name = file.split('/').pop() ?? file;
  for (const profile of profiles) {
    if (!(MODEL_STRATEGY_NAMES as readonly string[]).includes(profile.name)) continue;
    for (const f of profile.files) {
      if (f.file !== name) continue;
      if (f.role === 'base') return 'base';
      if (f.role === 'adapter') return `${profile.name}-adapter` as ImportPurpose;
    }
  }
  return poolingType !== undefined ? 'embedding' : null;
}
