import { describe, expect, it } from 'vitest';
import { cohesionRows, cohesionTable } from './cohesion';
import { decodeCuts, decoderReach, lengthShapeRows, lengthShapeTable, tableRows } from './decode';
import { fitLengthPrior } from './length-prior';
import { LayoutIndex } from './layout';

/** Six units of 10 characters: the first three repeat terms 1 and 2, the last three terms 3 and 4. */
const UNITS = [1, 2, 1, 3, 4, 3].map((t, i) => new Map([[t, 2], [i < 3 ? 2 : 4, 1]]));
const OFFSETS = [10, 20, 30, 40, 50];

describe('segment cohesion in decoding', () => {
  it('is the Laplace-smoothed log-likelihood of a segment under its own word counts', () => {
    const table = cohesionTable(UNITS, 4, () => 0);
    // Unit 0 alone: 2 x term 1, 1 x term 2, n = 3, V = 4: 2 ln(3/7) + ln(2/7).
    expect(table[1]?.[0]).toBeCloseTo(2 * Math.log(3 / 7) + Math.log(2 / 7), 10);
    // Units 0..2: term 1 x 4, term 2 x 3 (n = 7): 4 ln(5/11) + 3 ln(4/11).
    expect(table[3]?.[2]).toBeCloseTo(4 * Math.log(5 / 11) + 3 * Math.log(4 / 11), 10);
  });

  it('cuts where the vocabulary changes when the classifier gives no cue', () => {
    const prior = fitLengthPrior([30, 30], 0.01);
    const scores = OFFSETS.map(() => -1);
    const table = cohesionTable(UNITS, 4, decoderReach(60, OFFSETS, prior));
    expect(decodeCuts(60, OFFSETS, scores, prior)).toEqual([]);
    expect(decodeCuts(60, OFFSETS, scores, prior, { weight: 1, rows: tableRows(table) })).toEqual([30]);
    // Streamed one row at a time (as a prediction on a long document is), the same cuts.
    expect(decodeCuts(60, OFFSETS, scores, prior, { weight: 1, rows: cohesionRows(UNITS, 4, decoderReach(60, OFFSETS, prior)) })).toEqual([30]);
  });

  it('streams the same rows it keeps in a table, reusing one array', () => {
    const prior = fitLengthPrior([20, 30], 0.3);
    const reach = decoderReach(60, OFFSETS, prior);
    const table = cohesionTable(UNITS, 4, reach);
    const shapes = lengthShapeTable(60, OFFSETS, prior);
    const cohesionOf = cohesionRows(UNITS, 4, reach);
    const shapeOf = lengthShapeRows(60, OFFSETS, prior);
    for (let j = 1; j <= UNITS.length; j++) {
      expect([...cohesionOf(j)]).toEqual([...table[j]!]);
      expect([...shapeOf(j)]).toEqual([...shapes[j]!]);
    }
  });
});

describe('line-kind transitions', () => {
  it('names the kinds of the lines on each side of a line start and the blank lines between', () => {
    const text = 'Intro text.\n\n```js\ncode();\n```\n\nMore text. Second sentence.\n- item\n';
    const layout = new LayoutIndex(text);
    expect(layout.transition(text.indexOf('```js'))).toBe('prose > code, 1 blank');
    expect(layout.transition(text.indexOf('More'))).toBe('code > prose, 1 blank');
    expect(layout.transition(text.indexOf('- item'))).toBe('prose > list, 0 blank');
    expect(layout.transition(text.indexOf('Second'))).toBe('');
    expect(layout.transition(0)).toBe('start > prose, 0 blank');
  });
});
