import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evenCuts, planWindows, WindowPlanError } from './windows';
import { reconcileWindows } from './reconcile';

describe('planWindows', () => {
  it('packs whole units and overlaps by at most the overlap budget', () => {
    expect(planWindows([50, 50, 50, 50, 50], 120, 50)).toEqual([
      { first: 0, end: 2, tokens: 100 },
      { first: 1, end: 3, tokens: 100 },
      { first: 2, end: 4, tokens: 100 },
      { first: 3, end: 5, tokens: 100 },
    ]);
    expect(planWindows([50, 50, 50, 50, 50], 120, 0)).toEqual([
      { first: 0, end: 2, tokens: 100 },
      { first: 2, end: 4, tokens: 100 },
      { first: 4, end: 5, tokens: 50 },
    ]);
  });

  it('refuses a unit larger than the window, with the numbers', () => {
    expect(() => planWindows([10, 300], 256, 0)).toThrow(WindowPlanError);
    expect(() => planWindows([10, 300], 256, 0)).toThrow(/unit 1 has 300 tokens, more than the window's 256/);
  });

  it('covers every unit, in order, within budget, always moving forward', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 60 }), { maxLength: 80 }), fc.integer({ min: 60, max: 300 }), fc.integer({ min: 0, max: 29 }), (units, window, overlap) => {
        const plan = planWindows(units, window, overlap);
        if (units.length === 0) {
          expect(plan).toEqual([]);
          return;
        }
        expect(plan[0]!.first).toBe(0);
        expect(plan.at(-1)!.end).toBe(units.length);
        plan.forEach((w, i) => {
          expect(w.tokens).toBeLessThanOrEqual(window);
          expect(w.tokens).toBe(units.slice(w.first, w.end).reduce((a, b) => a + b, 0));
          const prev = plan[i - 1];
          if (prev) {
            expect(w.first).toBeGreaterThan(prev.first);
            expect(w.first).toBeLessThanOrEqual(prev.end);
            expect(units.slice(w.first, prev.end).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(overlap);
          }
        });
      }),
    );
  });
});

describe('evenCuts', () => {
  it('cuts at spaces near equal shares', () => {
    expect(evenCuts('aaaa bbbb cccc dddd', 2)).toEqual([10]);
    expect(evenCuts('abcdefghij', 2)).toEqual([5]);
  });

  it('gives increasing interior offsets that never split a surrogate pair', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 2, maxLength: 200 }), fc.integer({ min: 2, max: 9 }), (text, parts) => {
        const cuts = evenCuts(text, parts);
        let prev = 0;
        for (const c of cuts) {
          expect(c).toBeGreaterThan(prev);
          expect(c).toBeLessThan(text.length);
          const code = text.charCodeAt(c);
          expect(code >= 0xdc00 && code <= 0xdfff).toBe(false);
          prev = c;
        }
      }),
    );
  });
});

describe('reconcileWindows', () => {
  it('keeps a boundary both windows found once, with the note of the window that saw more after it', () => {
    const r = reconcileWindows([
      { start: 0, end: 100, cuts: [{ offset: 0, note: { topic: 'a' } }, { offset: 90, note: { topic: 'seen little' } }] },
      { start: 80, end: 200, cuts: [{ offset: 90, note: { topic: 'seen more' } }, { offset: 150, note: { topic: 'c' } }] },
    ]);
    expect([...r.notesByStart]).toEqual([
      [0, { topic: 'a' }],
      [90, { topic: 'seen more' }],
      [150, { topic: 'c' }],
    ]);
    expect(r.duplicates).toBe(1);
  });

  it("drops a boundary at a later window's first sentence that the previous window did not find", () => {
    const r = reconcileWindows([
      { start: 0, end: 100, cuts: [{ offset: 0, note: {} }] },
      { start: 80, end: 200, cuts: [{ offset: 80, note: {} }, { offset: 120, note: {} }] },
    ]);
    expect([...r.notesByStart.keys()]).toEqual([0, 120]);
    expect(r.edgeArtifacts).toBe(1);
  });

  it('keeps a boundary at a window start when the windows do not overlap', () => {
    const r = reconcileWindows([
      { start: 0, end: 100, cuts: [] },
      { start: 100, end: 200, cuts: [{ offset: 100, note: {} }] },
    ]);
    expect([...r.notesByStart.keys()]).toEqual([100]);
  });
});
