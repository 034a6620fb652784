import { describe, expect, it } from 'vitest';
import { retrievalCheck } from '../retrieval/check';
import { generateQuestions } from '../retrieval/questions';
import { createRandom } from '../retrieval/random';
import { contentWords, tokenize } from '../retrieval/tokens';

describe('createRandom', () => {
  it('repeats for a seed and differs between seeds', () => {
    const a = createRandom('x');
    const b = createRandom('x');
    const c = createRandom('y');
    const seqA = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(seqA);
    for (const v of seqA) expect(v >= 0 && v < 1).toBe(true);
  });

  it('shuffles to a permutation and ints stay in range', () => {
    const r = createRandom(1);
    expect(r.shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
    for (let i = 0; i < 100; i++) {
      const v = r.int(3, 11);
      expect(v >= 3 && v <= 11 && Number.isInteger(v)).toBe(true);
    }
  });
});

describe('tokens', () => {
  it('lower-cases, splits at punctuation and drops stopwords from content words', () => {
    expect(tokenize("The whale's Jaw, 1851!")).toEqual(['the', 'whale', 's', 'jaw', '1851']);
    expect(contentWords('The whale and the sea of it')).toEqual(['whale', 'sea']);
  });
});

const AHAB = 'Captain Ahab commanded the whaling ship Pequod across the Pacific Ocean searching relentlessly for Moby Dick.';
const CONGRESS = 'Congress appropriated funds for harbors, lighthouses, canals and national roads throughout western territories.';
const TREASURY = 'The treasury reported revenue surplus after customs duties exceeded every estimate made during spring.';

/** A gold document whose one boundary is where `second` starts. */
function goldDocument(text: string, second: string) {
  return { text, boundaries: [text.indexOf(second)] };
}

const DOC = goldDocument(`${AHAB} Short one. ${CONGRESS} ${TREASURY}`, 'Congress');

describe('generateQuestions', () => {
  it('is deterministic, asks about whole sentences and never across a gold boundary', () => {
    const q1 = generateQuestions([DOC], { seed: 's', perDocument: 5 });
    expect(generateQuestions([DOC], { seed: 's', perDocument: 5 })).toEqual(q1);
    expect(generateQuestions([DOC], { seed: 't', perDocument: 5 })).not.toEqual(q1);
    // 'Short one.' has too few content words; the other three qualify.
    expect(q1.map((q) => q.answer.slice(0, 8))).toEqual(['Captain ', 'Congress', 'The trea']);
    for (const q of q1) {
      expect(DOC.text.slice(q.start, q.end)).toBe(q.answer);
      const asked = q.question.split(' ');
      expect(asked).toHaveLength(4);
      expect(new Set(asked).size).toBe(4);
      // Two words from the answer; the others from the answer's own gold segment.
      const answerWords = new Set(contentWords(q.answer));
      expect(answerWords.has(asked[0]!) && answerWords.has(asked[1]!)).toBe(true);
      const goldSegment = q.start < DOC.boundaries[0]! ? DOC.text.slice(0, DOC.boundaries[0]) : DOC.text.slice(DOC.boundaries[0]);
      const segmentWords = new Set(contentWords(goldSegment));
      for (const w of asked) expect(segmentWords.has(w)).toBe(true);
    }
    // The first answer's neighbour in its segment is 'Short one.': its one content word is asked.
    expect(q1[0]!.question.split(' ')).toContain('short');
  });
});

const HEADED = goldDocument(
  `## Whaling voyages and harbour logistics\n\n${AHAB}\n\nCustoms inspectors\n==================\n\n${CONGRESS} ${TREASURY}`,
  'Customs inspectors',
);

describe('generateQuestions with skipHeadings', () => {
  const headingLines = ['## Whaling voyages and harbour logistics', 'Customs inspectors', '=================='];
  // Words of the text without its heading lines: every question word must be one of them.
  const bodyWords = new Set(contentWords(HEADED.text.split('\n').filter((line) => !headingLines.includes(line)).join('\n')));

  it('never asks about a heading line, nor takes context words from one', () => {
    const questions = generateQuestions([HEADED], { seed: 's', perDocument: 10, minContentWords: 1, skipHeadings: true });
    expect(questions.map((q) => q.answer.slice(0, 8))).toEqual(['Captain ', 'Congress', 'The trea']);
    expect(contentWords(headingLines.join(' ')).some((word) => !bodyWords.has(word))).toBe(true); // 'voyages', 'logistics', 'inspectors'
    for (const q of questions) for (const word of q.question.split(' ')) expect(bodyWords.has(word)).toBe(true);
  });

  it('asks about heading lines when not told to skip them (other corpora keep their questions)', () => {
    const questions = generateQuestions([HEADED], { seed: 's', perDocument: 10, minContentWords: 1 });
    expect(questions.some((q) => headingLines.includes(q.answer))).toBe(true);
  });
});

describe('retrievalCheck', () => {
  const questions = generateQuestions([DOC], { seed: 's', perDocument: 5 });

  it('finds every answer in the gold segments, and in a single whole-document segment', () => {
    const gold = retrievalCheck(questions, [DOC]);
    const whole = retrievalCheck(questions, [{ text: DOC.text, boundaries: [] }]);
    expect(gold).toMatchObject({ questions: 3, top1: 1, top3: 1 });
    expect(whole).toMatchObject({ questions: 3, top1: 1, top3: 1 });
    // The whole document drags the other topic along: the answer is a smaller share of it.
    expect(whole.rougeL).toBeLessThan(gold.rougeL);
  });

  it('gives ROUGE-L 1 when the top segment is exactly the answer', () => {
    const q = questions[1]!; // 'Congress ...', which ends right before ' The treasury'
    const cuts = [q.start, q.end];
    const result = retrievalCheck([{ ...q, question: 'congress appropriated lighthouses canals' }], [{ text: DOC.text, boundaries: cuts }]);
    expect(result).toEqual({ questions: 1, top1: 1, top3: 1, rougeL: 1 });
  });

  it('misses when a cut splits the answer sentence', () => {
    const cutInside = questions.map((q) => q.start + 10);
    expect(retrievalCheck(questions, [{ text: DOC.text, boundaries: cutInside }]).top3).toBe(0);
  });
});

describe('retrievalCheck over exported chunk texts', () => {
  // Two sections whose bodies read alike; only their headings tell them apart.
  const text = '# Lighthouse keepers\n\nThe keeper trims the wick at dusk.\n\n# Ship pilots\n\nThe pilot trims the sails at dusk.\n';
  const cut = text.indexOf('# Ship');
  const answerStart = text.indexOf('The pilot');
  const question = { documentIndex: 0, question: 'ship pilots trims dusk', answer: 'The pilot trims the sails at dusk.', start: answerStart, end: answerStart + 34 };

  it('indexes the chunk texts when given, and still judges hits by the segment offsets', () => {
    const split = [{ text, boundaries: [text.indexOf('The keeper'), cut, answerStart] }];
    const plain = retrievalCheck([question], split);
    const withHeadings = retrievalCheck([question], [
      {
        ...split[0]!,
        chunks: [
          { text: '# Lighthouse keepers\n\n', start: 0 },
          { text: 'Lighthouse keepers\n\nThe keeper trims the wick at dusk.\n\n', start: text.indexOf('The keeper') },
          { text: '# Ship pilots\n\n', start: cut },
          { text: 'Ship pilots\n\nThe pilot trims the sails at dusk.\n', start: answerStart },
        ],
      },
    ]);
    expect(withHeadings.top1).toBe(1);
    expect(plain.top1).toBe(0); // the bare heading segment wins without the chain
    expect(withHeadings.rougeL).toBeGreaterThan(0);
  });
});

describe('retrievalCheck with overlap inlined', () => {
  it('counts a chunk whose inlined context covers the answer as a hit', () => {
    const text = 'Alpha one. The beacon burns all night on the rock.\nBeta two. Gamma three.';
    const cut = text.indexOf('\n') + 1;
    const answerStart = text.indexOf('The beacon');
    const question = { documentIndex: 0, question: 'beacon burns night rock gamma', answer: 'The beacon burns all night on the rock.', start: answerStart, end: answerStart + 38 };
    // The second chunk carries the first one's end, so it holds the answer and the question's last word.
    const withOverlap = retrievalCheck([question], [
      { text, boundaries: [cut], chunks: [{ text: text.slice(0, cut), start: 0 }, { text: text.slice(answerStart), start: answerStart }] },
    ]);
    expect(withOverlap.top1).toBe(1);
  });
});
