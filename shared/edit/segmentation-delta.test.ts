import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Segmentation, SegmentNote } from '../document/types';
import { assertValidSegmentation, segmentationFromCuts } from '../document/segmentation';
import { UserError } from '../errors';
import { applyDelta, deltaSize, diffSegmentations, isEmptyDelta, sameNote, segmentationDeltaSchema, showsDelta, type SegmentationDelta } from './segmentation-delta';
import { mergeWithNext, setTopic, splitAt } from './operations';

/** Pieces with the places a cut is unsafe in: between CR and LF, inside a surrogate pair. */
const piece = fc.constantFrom('a', 'bc', '. ', 'Word here. ', '\n', '\r\n', '\n\n', '😀', 'é');
const textArb = fc.array(piece, { maxLength: 60 }).map((pieces) => pieces.join(''));

const POOL: SegmentNote[] = [{}, { topic: 'x' }, { topic: 'y', summary: 's' }, { reviewed: true }, { topic: 'x', reviewed: true }];
/** A note from the pool, itself or a copy: equal notes need not be the same object. */
const noteArb = fc.tuple(fc.nat(POOL.length - 1), fc.boolean()).map(([i, copy]) => (copy ? { ...POOL[i]! } : POOL[i]!));

function segmentationArb(text: string): fc.Arbitrary<Segmentation> {
  return fc.tuple(fc.array(fc.integer({ min: 0, max: text.length }), { maxLength: 30 }), fc.array(noteArb, { minLength: 32, maxLength: 32 })).map(([cuts, notes]) => {
    const seg = segmentationFromCuts(text, cuts);
    return { boundaries: seg.boundaries, notes: notes.slice(0, seg.notes.length) };
  });
}

type Edit = { kind: 'remove' | 'add' | 'note'; at: number; note: SegmentNote };
const editArb: fc.Arbitrary<Edit> = fc.record({ kind: fc.constantFrom('remove' as const, 'add' as const, 'note' as const), at: fc.nat(), note: noteArb });

/** `seg` changed by a few edits, each touching at most one boundary and two notes. */
function edited(text: string, seg: Segmentation, edits: Edit[]): Segmentation {
  if (text.length === 0) return seg;
  const notes = new Map<number, SegmentNote>(seg.notes.map((n, i) => [i === 0 ? 0 : seg.boundaries[i - 1]!, n]));
  for (const edit of edits) {
    const starts = [...notes.keys()].sort((a, b) => a - b);
    if (edit.kind === 'remove' && starts.length > 1) {
      const i = 1 + (edit.at % (starts.length - 1));
      notes.delete(starts[i]!);
      notes.set(starts[i - 1]!, edit.note);
    } else if (edit.kind === 'add') {
      const cut = segmentationFromCuts(text, [1 + (edit.at % Math.max(1, text.length - 1))]).boundaries[0];
      if (cut !== undefined && !notes.has(cut)) notes.set(cut, edit.note);
    } else {
      notes.set(starts[edit.at % starts.length]!, edit.note);
    }
  }
  const starts = [...notes.keys()].sort((a, b) => a - b);
  return { boundaries: starts.slice(1), notes: starts.map((s) => notes.get(s)!) };
}

function expectSame(actual: Segmentation, expected: Segmentation): void {
  expect(actual.boundaries).toEqual(expected.boundaries);
  expect(actual.notes.length).toBe(expected.notes.length);
  actual.notes.forEach((n, i) => expect(sameNote(n, expected.notes[i]!), `note ${i}`).toBe(true));
}

const starts = (seg: Segmentation) => (seg.notes.length === 0 ? [] : [0, ...seg.boundaries]);

describe('diffSegmentations and applyDelta', () => {
  it('apply(diff(a, b), a) is b, for any two segmentations of a text', () => {
    fc.assert(
      fc.property(textArb.chain((text) => fc.tuple(fc.constant(text), segmentationArb(text), segmentationArb(text))), ([text, a, b]) => {
        const delta = diffSegmentations(a, b);
        expect(segmentationDeltaSchema.safeParse(delta).success).toBe(true);
        expectSame(applyDelta(text, a, delta), b);
        // Exactly the boundaries in one and not the other, and the notes that are new or differ at a shared start.
        const inA = new Set(a.boundaries);
        const inB = new Set(b.boundaries);
        expect(delta.removed).toEqual(a.boundaries.filter((x) => !inB.has(x)));
        expect(delta.added).toEqual(b.boundaries.filter((x) => !inA.has(x)));
        const noteOfA = new Map(starts(a).map((s, i) => [s, a.notes[i]!]));
        expect(delta.notes.map((n) => n.start)).toEqual(starts(b).filter((s, i) => !noteOfA.has(s) || !sameNote(noteOfA.get(s)!, b.notes[i]!)));
      }),
      { numRuns: 400 },
    );
  });

  it('sends as much as changed: a few edits make a delta of a few items, however long the segmentation', () => {
    fc.assert(
      fc.property(
        textArb.chain((text) => fc.tuple(fc.constant(text), segmentationArb(text), fc.array(editArb, { maxLength: 6 }))),
        ([text, a, edits]) => {
          const b = edited(text, a, edits);
          const delta = diffSegmentations(a, b);
          expect(deltaSize(delta)).toBeLessThanOrEqual(3 * edits.length);
          expectSame(applyDelta(text, a, delta), b);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('an edit of a 50,000-boundary segmentation is a delta of one or two items; one undone is none', () => {
    const text = 'A short sentence.\n'.repeat(50_001);
    const a = segmentationFromCuts(text, Array.from({ length: 50_000 }, (_, i) => (i + 1) * 18));
    expect(a.boundaries.length).toBe(50_000);
    const split = splitAt(text, mergeWithNext(text, a, 1000), 1000 * 18 + 3);
    expect(diffSegmentations(a, split)).toEqual({ removed: [], added: [], notes: [] });
    const merged = mergeWithNext(text, a, 1000);
    const delta = diffSegmentations(a, merged);
    expect(delta.removed).toEqual([1001 * 18]);
    expect(delta.added).toEqual([]);
    expect(deltaSize(delta)).toBeLessThanOrEqual(2);
    expectSame(applyDelta(text, a, delta), merged);
    const retitled = setTopic(text, a, 20_000, 'Chapter');
    expect(diffSegmentations(a, retitled)).toEqual({ removed: [], added: [], notes: [{ start: 20_000 * 18, note: { topic: 'Chapter' } }] });
  });

  it('the same segmentation is the empty delta, and an empty text has only that one', () => {
    const text = 'One. Two. Three.';
    const seg = segmentationFromCuts(text, [5, 10]);
    expect(isEmptyDelta(diffSegmentations(seg, { boundaries: [...seg.boundaries], notes: seg.notes.map((n) => ({ ...n })) }))).toBe(true);
    const empty = { boundaries: [], notes: [] };
    expect(applyDelta('', empty, diffSegmentations(empty, empty))).toEqual(empty);
  });
});

describe('applyDelta refuses a delta that does not fit, and returns nothing', () => {
  const text = 'One. Two. Three. Four.';
  const base: Segmentation = { boundaries: [5, 10], notes: [{ topic: 'a' }, {}, { topic: 'c' }] };
  const delta = (d: Partial<SegmentationDelta>): SegmentationDelta => ({ removed: [], added: [], notes: [], ...d });
  const refused = (d: Partial<SegmentationDelta>, message: RegExp) => {
    let thrown: unknown;
    try {
      applyDelta(text, base, delta(d));
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(UserError);
    expect((thrown as Error).message).toMatch(message);
  };

  it('names what is wrong', () => {
    refused({ removed: [7] }, /boundary 7 is removed, but the saved correction has none there/);
    refused({ removed: [17] }, /boundary 17 is removed, but the saved correction has none there/);
    refused({ added: [5], notes: [{ start: 5, note: {} }] }, /boundary 5 is added, but the saved correction has it already/);
    refused({ added: [text.length] }, /boundary 22 is not inside the text \(22 characters\)/);
    refused({ added: [0] }, /not inside the text/);
    refused({ added: [17] }, /the new segment at 17 has no note/);
    refused({ notes: [{ start: 3, note: {} }] }, /a note is given for offset 3, where no segment starts/);
    refused({ removed: [5], notes: [{ start: 5, note: {} }] }, /a note is given for offset 5, where no segment starts/);
    refused({ notes: [{ start: 30, note: {} }] }, /a note is given for offset 30/);
    refused({ added: [17, 12], notes: [{ start: 12, note: {} }, { start: 17, note: {} }] }, /added boundaries are not in ascending order/);
    refused({ removed: [10, 5] }, /removed boundaries are not in ascending order/);
  });

  it('refuses a result that does not cover the text (a cut between CR and LF)', () => {
    const crlf = 'One.\r\nTwo.\r\nThree.';
    expect(() => applyDelta(crlf, { boundaries: [6], notes: [{}, {}] }, delta({ added: [5], notes: [{ start: 5, note: {} }] }))).toThrow(/not a safe cut/);
  });

  it('whatever it is given, it returns a valid segmentation or throws a UserError', () => {
    fc.assert(
      fc.property(
        textArb.chain((t) =>
          fc.tuple(
            fc.constant(t),
            segmentationArb(t),
            fc.array(fc.integer({ min: -2, max: t.length + 2 }), { maxLength: 6 }),
            fc.array(fc.integer({ min: -2, max: t.length + 2 }), { maxLength: 6 }),
            fc.array(fc.tuple(fc.integer({ min: 0, max: t.length + 2 }), noteArb), { maxLength: 6 }),
          ),
        ),
        ([t, seg, removed, added, notes]) => {
          const sorted = (xs: number[]) => [...new Set(xs)].sort((x, y) => x - y);
          const d = { removed: sorted(removed), added: sorted(added), notes: [...new Map(notes)].sort((x, y) => x[0] - y[0]).map(([start, note]) => ({ start, note })) };
          try {
            assertValidSegmentation(t, applyDelta(t, seg, d));
          } catch (err) {
            expect(err).toBeInstanceOf(UserError);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('showsDelta', () => {
  it('a segmentation shows the delta that made it; of a second delta applied on top, it shows the first only where the second left it whole', () => {
    fc.assert(
      fc.property(
        textArb.chain((text) => fc.tuple(fc.constant(text), segmentationArb(text), fc.array(editArb, { maxLength: 4 }), fc.array(editArb, { maxLength: 4 }))),
        ([text, base, editsA, editsB]) => {
          const a = edited(text, base, editsA);
          const deltaA = diffSegmentations(base, a);
          expect(showsDelta(a, deltaA)).toBe(true);
          const b = edited(text, a, editsB);
          const deltaB = diffSegmentations(a, b);
          // Shown exactly when no boundary, nor note, the first added or removed was touched by the second.
          const touched = new Set([...deltaB.added, ...deltaB.removed, ...deltaB.notes.map((n) => n.start)]);
          const untouched = [...deltaA.added, ...deltaA.removed, ...deltaA.notes.map((n) => n.start)].every((x) => !touched.has(x));
          if (untouched) expect(showsDelta(b, deltaA)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('not shown: an added boundary gone, a removed one back, a note changed or without its segment', () => {
    const text = 'One here. Two here. Three here. Four here.';
    const base = segmentationFromCuts(text, [10, 20]);
    const split = setTopic(text, splitAt(text, base, 31), 3, 'Four');
    const delta = diffSegmentations(base, split);
    expect(showsDelta(split, delta)).toBe(true);
    expect(showsDelta(base, delta)).toBe(false);
    expect(showsDelta(setTopic(text, split, 3, 'Other'), delta)).toBe(false);
    const merged = mergeWithNext(text, base, 0);
    const mergeDelta = diffSegmentations(base, merged);
    expect(showsDelta(merged, mergeDelta)).toBe(true);
    expect(showsDelta(base, mergeDelta)).toBe(false);
  });
});
