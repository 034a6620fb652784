/**
 * ROUGE-L F1 (Lin 2004) between two texts, the seed's answer-quality metric: the longest common
 * subsequence of their tokens, as F = 2PR / (P + R) with P = LCS / |candidate| and
 * R = LCS / |reference| (beta = 1).
 *
 * Tokens: lower-cased runs of letters, digits and combining marks; a Han, Hiragana, Katakana or
 * Hangul character is a token on its own, because those scripts do not put spaces between words.
 * Two texts without tokens score 1; one empty side scores 0.
 */

const WORD_RUN = /[\p{L}\p{N}\p{M}]+/gu;
const SPACELESS_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

export function rougeTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const [run] of text.toLowerCase().matchAll(WORD_RUN)) {
    // Most runs hold no spaceless-script character: one test per run, not one per character.
    if (!SPACELESS_SCRIPT.test(run)) {
      tokens.push(run);
      continue;
    }
    let word = '';
    for (const char of run) {
      if (SPACELESS_SCRIPT.test(char)) {
        if (word) tokens.push(word);
        word = '';
        tokens.push(char);
      } else {
        word += char;
      }
    }
    if (word) tokens.push(word);
  }
  return tokens;
}

/** Length of the longest common subsequence, in O(|a|·|b|) time and O(|b|) memory. */
export function lcsLength(a: readonly string[], b: readonly string[]): number {
  let previous = new Uint32Array(b.length + 1);
  let current = new Uint32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      current[j] = a[i - 1] === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, current[j - 1]!);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}

export interface RougeL {
  precision: number;
  recall: number;
  f1: number;
}

export function rougeL(candidate: string, reference: string): RougeL {
  const cand = rougeTokens(candidate);
  const ref = rougeTokens(reference);
  if (cand.length === 0 && ref.length === 0) return { precision: 1, recall: 1, f1: 1 };
  if (cand.length === 0 || ref.length === 0) return { precision: 0, recall: 0, f1: 0 };
  const lcs = lcsLength(cand, ref);
  const precision = lcs / cand.length;
  const recall = lcs / ref.length;
  const f1 = lcs === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

export function rougeLF1(candidate: string, reference: string): number {
  return rougeL(candidate, reference).f1;
}
