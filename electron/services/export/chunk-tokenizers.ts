/**
 * Token counters for exported chunks, by name. `qwen2` is the seed models' tokenizer (llama.cpp,
 * vocab only); `cl100k_base` and `o200k_base` are OpenAI's, from gpt-tokenizer, whose rank tables
 * ship inside the npm package, so they count offline. Each is loaded on first use.
 */
import type { TokenCounter, TokenizerName } from '../../../shared/chunks';
import { loadTokenCounter } from '../tokenizer/token-counter';

export interface ChunkTokenizerSettings {
  /** Where the Qwen2 vocabulary is cached; the app's models folder when absent. */
  modelsDir?: string;
}

export async function chunkTokenCounter(name: TokenizerName, settings: ChunkTokenizerSettings = {}): Promise<TokenCounter> {
  switch (name) {
    case 'qwen2': {
      const counter = await loadTokenCounter({ modelsDir: settings.modelsDir });
      return (text) => counter.countTokens(text);
    }
    case 'cl100k_base': {
      const { countTokens } = await import('gpt-tokenizer/encoding/cl100k_base');
      return (text) => countTokens(text);
    }
    case 'o200k_base': {
      const { countTokens } = await import('gpt-tokenizer/encoding/o200k_base');
      return (text) => countTokens(text);
    }
  }
}
