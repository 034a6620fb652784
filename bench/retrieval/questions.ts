/**
 * Retrieval questions generated from gold text, the seed's "next step": instead of grading
 * LLM answers, check whether the retrieved segment holds a known answer sentence.
 *
 * A question is a keyword query about one sentence of the gold text, its answer: two of the
 * sentence's content words plus two content words from its neighbours (up to two sentences
 * away) inside the same gold segment, all chosen with a seeded PRNG. The context words make it a
 * question about a topic, not a lookup of one sentence: a segment that keeps the answer with its
 * topical neighbours ranks higher, one cut away from them loses them. When the neighbours offer
 * no new word, the answer supplies all four. A segment "contains the answer" when its range
 * covers the sentence's range.
 *
 * In a text that keeps its Markdown headings (skipHeadings), heading lines are neither asked
 * about nor drawn on for context words: a question made of a heading's words would reward any
 * chunk that repeats the heading, not one that holds the answer.
 */
import { markdownBlocks } from '../../shared/text/blocks';
import { sentenceStarts } from '../../shared/text/sentences';
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
  /** Leave out sentences that lie in a Markdown heading (ATX or setext). Default false. */
  skipHeadings?: boolean;
}

const ANSWER_WORDS = 2;
const CONTEXT_WORDS = 2;
const CONTEXT_SENTENCES = 2;

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

/** The [start, end) ranges of the text's Markdown headings, in order. */
function headingRanges(text: string): Array<[number, number]> {
  return markdownBlocks(text)
    .filter((block) => block.kind === 'heading')
    .map((block) => [block.start, block.end]);
}

function overlapsAny(ranges: ReadonlyArray<[number, number]>, start: number, end: number): boolean {
  return ranges.some(([s, e]) => s < end && start < e);
}

function straddles(boundaries: readonly number[], start: number, end: number): boolean {
  return boundaries.some((b) => b > start && b < end);
}

/** The gold segment [start, end) that holds `offset`. */
function goldSegmentAt(doc: GoldDocument, offset: number): [number, number] {
  let start = 0;
  let end = doc.text.length;
  for (const b of doc.boundaries) {
    if (b <= offset) start = b;
    else {
      end = b;
      break;
    }
  }
  return [start, end];
}

export function generateQuestions(documents: readonly GoldDocument[], options: QuestionOptions): RetrievalQuestion[] {
  const perDocument = options.perDocument ?? 4;
  const minWords = options.minContentWords ?? 8;
  const maxChars = options.maxAnswerChars ?? 400;
  const random = createRandom(`questions:${options.seed}`);
  const questions: RetrievalQuestion[] = [];

  documents.forEach((doc, documentIndex) => {
    const headings = options.skipHeadings ? headingRanges(doc.text) : [];
    const all: Sentence[] = sentences(doc.text)
      .filter(({ start, end }) => !overlapsAny(headings, start, end))
      .map(({ start, end }) => ({ start, end, words: [...new Set(contentWords(doc.text.slice(start, end)))] }));
    const usable = all.filter((s) => s.end - s.start <= maxChars && !straddles(doc.boundaries, s.start, s.end) && s.words.length >= minWords);
    const chosen = random.shuffle(usable).slice(0, perDocument).sort((a, b) => a.start - b.start);
    for (const sentence of chosen) {
      const [segStart, segEnd] = goldSegmentAt(doc, sentence.start);
      const own = random.shuffle(sentence.words).slice(0, ANSWER_WORDS);
      // Context words: from the answer's neighbours inside the same gold segment, absent from the answer.
      const index = all.indexOf(sentence);
      const neighbours = all.filter((s, i) => s !== sentence && Math.abs(i - index) <= CONTEXT_SENTENCES && s.start >= segStart && s.end <= segEnd);
      const answerWords = new Set(sentence.words);
      const contextPool = [...new Set(neighbours.flatMap((s) => s.words))].filter((w) => !answerWords.has(w));
      const context = random.shuffle(contextPool).slice(0, CONTEXT_WORDS);
      const extra = random.shuffle(sentence.words.filter((w) => !own.includes(w))).slice(0, CONTEXT_WORDS - context.length);
      questions.push({
        documentIndex,
        question: [...own, ...context, ...extra].join(' '),
        answer: doc.text.slice(sentence.start, sentence.end),
        start: sentence.start,
        end: sentence.end,
      });
    }
  });
  return questions;
}
