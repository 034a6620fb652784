/**
 * The retrieval check: index every segment a strategy produced with BM25 and ask the generated
 * questions. A hit is a retrieved segment that contains the whole answer sentence; ROUGE-L F1 is
 * measured between the top-1 segment and the answer, as the seed graded answers with ROUGE-L.
 */
import { rougeLF1 } from '../../shared/metrics';
import { buildBm25Index } from '../../shared/retrieval/bm25';
import type { RetrievalQuestion } from './questions';

export interface SegmentedDocument {
  text: string;
  /** The strategy's interior boundaries. */
  boundaries: readonly number[];
  /**
   * What is indexed for each segment: the exported chunk (see shared/chunks), its content and
   * where the document text it holds starts (earlier than the segment when overlap is inlined).
   * Each segment's own text when absent.
   */
  chunks?: readonly IndexedChunk[];
}

export interface IndexedChunk {
  text: string;
  /** First document offset the chunk's text covers; a hit must cover the answer from here to the segment end. */
  start: number;
}

export interface RetrievalScores {
  questions: number;
  /** Share of questions whose best segment contains the answer sentence. */
  top1: number;
  /** Share whose answer is in one of the three best segments. */
  top3: number;
  /** Mean ROUGE-L F1 between the best segment and the answer sentence (0 when nothing matched). */
  rougeL: number;
}

interface Passage {
  documentIndex: number;
  start: number;
  end: number;
  chunkText: string | undefined;
}

export function retrievalCheck(questions: readonly RetrievalQuestion[], documents: readonly SegmentedDocument[]): RetrievalScores {
  const passages: Passage[] = [];
  documents.forEach((doc, documentIndex) => {
    const cuts = [0, ...doc.boundaries, doc.text.length];
    for (let i = 0; i + 1 < cuts.length; i++) {
      const chunk = doc.chunks?.[i];
      passages.push({ documentIndex, start: chunk?.start ?? (cuts[i] as number), end: cuts[i + 1] as number, chunkText: chunk?.text });
    }
  });
  const textOf = (p: Passage): string => p.chunkText ?? (documents[p.documentIndex] as SegmentedDocument).text.slice(p.start, p.end);
  const index = buildBm25Index(passages.map(textOf));
  const contains = (p: Passage, q: RetrievalQuestion): boolean => p.documentIndex === q.documentIndex && p.start <= q.start && q.end <= p.end;

  let top1 = 0;
  let top3 = 0;
  let rouge = 0;
  for (const q of questions) {
    const hits = index.search(q.question, 3).map((h) => passages[h.index] as Passage);
    if (hits[0] && contains(hits[0], q)) top1++;
    if (hits.some((p) => contains(p, q))) top3++;
    if (hits[0]) rouge += rougeLF1(textOf(hits[0]), q.answer);
  }
  const n = questions.length;
  return { questions: n, top1: n ? top1 / n : 0, top3: n ? top3 / n : 0, rougeL: n ? rouge / n : 0 };
}
