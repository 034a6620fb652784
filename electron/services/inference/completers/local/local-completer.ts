/**
 * The local implementation of the window seam: each window takes a free sequence of the engine's
 * context (as many windows in flight as it has sequences), decoding constrained heads with the
 * token trie when asked (and the model's vocabulary allows it), else compiling the window's GBNF
 * grammar with llama.cpp. Every decoder state (trie position, grammar state, repeat-penalty
 * history) belongs to one window's call, so windows on different sequences never share one.
 */
import type { Llama, LlamaModel } from 'node-llama-cpp';
import type { DecodingSettings } from '../../../../../shared/profiles/schema';
import { runPrompt } from './prompt-runner';
import type { SequencePool } from '../../../native/sequence-pool';
import { noteBiasFor, trieDecodable } from './trie-decoder';
import type { WindowCompleter } from '../seam';

export interface LocalCompleterSpec {
  llama: Llama;
  model: LlamaModel;
  pool: SequencePool;
  decoding: DecodingSettings;
  batchSize: number;
  /** Turns a native failure into a clear error (out of memory named as such). */
  explainFailure: (err: unknown, what: string) => unknown;
}

export function localCompleter(spec: LocalCompleterSpec): WindowCompleter {
  return {
    parallel: spec.pool.size,
    async complete(prompt, hooks) {
      const useTrie = prompt.heads !== undefined && trieDecodable(spec.model, prompt.heads.settings);
      if (useTrie) noteBiasFor(spec.model, prompt.heads!.settings); // once per model, before the prompt runs
      const grammar = prompt.grammar === undefined || useTrie ? undefined : await spec.llama.createGrammar({ grammar: prompt.grammar });
      try {
        const result = await spec.pool.use(hooks.signal, (sequence) => runPrompt({
          model: spec.model,
          sequence,
          tokens: prompt.tokens,
          decoding: spec.decoding,
          grammar,
          heads: useTrie ? { llama: spec.llama, plan: prompt.heads! } : undefined,
          signal: hooks.signal,
          batchSize: spec.batchSize,
          onPrefill: hooks.onPrefill,
          onToken: hooks.onToken,
        }));
        return { ...result, decoder: prompt.grammar === undefined ? undefined : useTrie ? 'trie' : 'grammar' };
      } catch (err) {
        if (hooks.signal?.aborted) throw err;
        throw spec.explainFailure(err, 'running a window');
      }
    },
  };
}
