import { describe, expect, it } from 'vitest';
import { buildProbeDocuments } from './probe';
import { bestVariant, figuresTable, joinsFound, variantFigures } from './score';

const a = { name: 'a', text: 'Alpha one is here. Alpha two is here. Alpha three is here. Alpha four is here.' };
const b = { name: 'b', text: 'Beta one went there. Beta two went there. Beta three went there.' };

describe('probe documents', () => {
  it('join passages of the sources in turn at known points, adding only a space', () => {
    const [doc] = buildProbeDocuments([a, b], { count: 1, parts: 3, passageChars: 30 });
    expect(doc!.text).toBe('Alpha one is here. Alpha two is here. Beta one went there. Beta two went there. Alpha three is here. Alpha four is here.');
    expect(doc!.joins.map((j) => doc!.text.slice(j, j + 4))).toEqual(['Beta', 'Alph']);
    expect(doc!.sentences).toEqual(expect.arrayContaining(doc!.joins));
  });
});

describe('variant figures', () => {
  const [doc] = buildProbeDocuments([a, b], { count: 1, parts: 3, passageChars: 30 });

  it('count a join as found when a boundary is within one sentence of it', () => {
    const [j1, j2] = doc!.joins;
    expect(joinsFound(doc!, [j1!, j2!])).toBe(2);
    // The sentence after the first join is one sentence from both joins; the document start is neither.
    expect(joinsFound(doc!, [doc!.sentences[doc!.sentences.indexOf(j1!) + 1]!])).toBe(2);
    expect(joinsFound(doc!, [0])).toBe(0);
    expect(joinsFound(doc!, [])).toBe(0);
  });

  it('score parse share, placing, joins and repetition by the stated rule and pick the best', () => {
    const good = variantFigures([{ doc: doc!, run: { outputs: ['# Beta one\n# Alpha three\n'], parsedLines: 2, heads: 2, placed: 2, boundaries: doc!.joins, tokensPerSecond: 10 } }]);
    expect(good).toEqual({ parseShare: 1, headsPlaced: 1, joinsFound: 1, repetition: 0, tokensPerSecond: 10, score: expect.closeTo(1, 9) });
    const loop = variantFigures([{ doc: doc!, run: { outputs: ['x\nx\nx\nx\n'], parsedLines: 2, heads: 4, placed: 1, boundaries: [], tokensPerSecond: 20 } }]);
    expect(loop.repetition).toBe(0.75);
    expect(loop.score).toBeCloseTo(0.2 * 0.5 + 0.2 * 0.25 + 0.1 * 0.25);
    expect(bestVariant([{ variant: 'x@raw', figures: loop }, { variant: 'x@chatml', figures: good }])!.variant).toBe('x@chatml');
    expect(figuresTable([{ variant: 'x@chatml', figures: good }])).toMatch(/^variant\s+parse\s+placed\s+joins\s+repeat\s+tok\/s\s+score\nx@chatml\s+100%\s+100%\s+100%\s+0%\s+10.0\s+1.000$/);
  });
});
