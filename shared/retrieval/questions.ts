/**
 * Retrieval questions generated from gold text, the seed's "next step": instead of grading
 * LLM answers, check whether the retrieved segment holds a known answer sentence.
 *
 * A question is a keyword query: about half of one sentence's content words (at least four),
 * chosen with a seeded PRNG and kept in order. Its answer is that sentence, by offset, so a
 * segment "contains the answer" when its range covers the sentence's range.
 */
import { sentenceStarts } from '../text/sentences';
import { contentWords } from './tokens';
import { createRandom } from './random';

export interface GoldDocument {
  text: string;
  /** Gold interior boundaries (sorted). Answers never straddle one. */
  boundaries: readonly number[];
}

export interface RetrievalQuestion {
  documentIndex: number;
  question: string;
  /** The answer sentence, trimmed, and where it lies in its document: [start, end). */
  answer: string;
  start: number;
  end: number;
}

export interface QuestionOptions {
  seed: number | string;
  /** Questions per document (fewer when a document has fewer usable sentences). Default 4. */
  perDocument?: number;
  /** A sentence needs this many distinct content words to be asked about. Default 8. */
  minContentWords?: number;
  /** Longer sentences are skipped: they are usually lists or run-ons, not answers. Default 400. */
  maxAnswerChars?: number;
}

interface Sentence {
  start: number;
  end: number;
  words: string[];
}

/** Trimmed sentence ranges of a text, from the shared sentence splitter. */
function sentences(text: string): Array<{ start: number; end: number }> {
  const starts = [...new Set([0, ...sentenceStarts(text)])].filter((s) => s < text.length).sort((a, b) => a - b);
  const out: Array<{ start: number; end: number }> = [];
  starts.forEach((raw, i) => {
    const rawEnd = starts[i + 1] ?? text.length;
    let start = raw;
    let end = rawEnd;
    while (start < end && /\s/.test(text[start] as string)) start++;
    while (end > start && /\s/.test(text[end - 1] as string)) end--;
    if (end > start) out.push({ start, end });
  });
  return out;
}

function straddles(boundaries: readonly number[], start: number, end: number): boolean {
  return boundaries.some((b) => b > start && b < end);
}

export function generateQuestions(documents: readonly GoldDocument[], options: QuestionOptions): RetrievalQuestion[] {
  const perDocument = options.perDocument ?? 4;
  const minWords = options.minContentWords ?? 8;
  const maxChars = options.maxAnswerChars ?? 400;
  const random = createRandom(`questions:${options.seed}`);
  const questions: RetrievalQuestion[] = [];

  documents.forEach((doc, documentIndex) => {
    const usable: Sentence[] = [];
    for (const { start, end } of sentences(doc.text)) {
      if (end - start > maxChars || straddles(doc.boundaries, start, end)) continue;
      const words = [...new Set(contentWords(doc.text.slice(start, end)))];
      if (words.length >= minWords) usable.push({ start, end, words });
    }
    const chosen = random.shuffle(usable).slice(0, perDocument).sort((a, b) => a.start - b.start);
    for (const sentence of chosen) {
      const keep = Math.max(4, Math.ceil(sentence.words.length / 2));
      const picked = new Set(random.shuffle(sentence.words.map((_, i) => i)).slice(0, keep));
      const query = sentence.words.filter((_, i) => picked.has(i)).join(' ');
      questions.push({
        documentIndex,
        question: query,
        answer: doc.text.slice(sentence.start, sentence.end),
        start: sentence.start,
        end: sentence.end,
      });
    }
  });
  return questions;
}
