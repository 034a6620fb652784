/**
 * The repeat penalty every local decoder applies, written once: the last N tokens of prompt AND
 * output are punished, as llama.cpp's own samplers count them (llama-server pushes the prompt into
 * its sampler before generating), so the trie decoder, the grammar decoder and a remote
 * llama-server decode the same window the same way. The trie decoder once counted the output
 * only: a window whose prompt ends in `<|im_end|>` then ended at once under the trie (the end token
 * unpunished) and wrote a head under the grammar.
 */
import type { Token } from 'node-llama-cpp';
import type { DecodingSettings } from '../../../../../shared/profiles/schema';

export interface RepeatPenalty {
  punishTokens: () => Token[];
  penalty: number;
  maxPunishTokens: number;
}

/** node-llama-cpp's repeatPenalty option over `prompt` followed by `generated` (read at every step), or undefined when off. */
export function repeatPenaltyOver(decoding: DecodingSettings, prompt: readonly Token[], generated: readonly Token[]): RepeatPenalty | undefined {
  const lastN = decoding.repeatPenaltyLastTokens;
  if (!(decoding.repeatPenalty > 1 && lastN > 0)) return undefined;
  const promptTail = prompt.slice(-lastN);
  return {
    punishTokens: () => (generated.length >= lastN ? generated.slice(-lastN) : [...promptTail, ...generated].slice(-lastN)),
    penalty: decoding.repeatPenalty,
    maxPunishTokens: lastN,
  };
}
