import { describe, expect, it } from 'vitest';
import type { SegmentView } from '../../stores/session/select-segments';
import { findSegments, warningsPerSegment, type SegmentQuery } from './find-segments';

const TEXT = 'Apples are red. Rivers run long and far. Engines hum. Apple pie.';
const cuts = [0, 16, 41, 54, TEXT.length];
const segments: SegmentView[] = cuts.slice(0, -1).map((start, index) => ({ index, start, end: cuts[index + 1]!, head: '', reviewed: index === 1 ? true : undefined }));
const query = (change: Partial<SegmentQuery>): SegmentQuery => ({ text: '', filter: 'all', sort: 'order', ...change });
const indices = (q: SegmentQuery, warnings?: Map<number, number>) => findSegments(TEXT, segments, q, (start, end) => Math.ceil((end - start) / 4), warnings).map((f) => f.segment.index);

describe('findSegments', () => {
  it('finds segments by their text, whatever the case', () => {
    expect(indices(query({ text: 'APPLE' }))).toEqual([0, 3]);
    expect(indices(query({ text: 'nothing like it' }))).toEqual([]);
    expect(indices(query({}))).toEqual([0, 1, 2, 3]);
  });

  it('finds by topic too', () => {
    const withTopic = segments.map((s) => (s.index === 2 ? { ...s, topic: 'Machinery' } : s));
    expect(findSegments(TEXT, withTopic, query({ text: 'machin' }), () => null).map((f) => f.segment.index)).toEqual([2]);
  });

  it('filters by reviewed state and warnings', () => {
    expect(indices(query({ filter: 'reviewed' }))).toEqual([1]);
    expect(indices(query({ filter: 'unreviewed' }))).toEqual([0, 2, 3]);
    const warnings = warningsPerSegment(segments, [{ code: 'x', message: 'm', offset: 50 }, { code: 'y', message: 'n' }]);
    expect([...warnings]).toEqual([[2, 1]]);
    expect(indices(query({ filter: 'warnings' }), warnings)).toEqual([2]);
  });

  it('sorts by length and tokens, ties in document order', () => {
    expect(indices(query({ sort: 'longest' }))).toEqual([1, 0, 2, 3]);
    expect(indices(query({ sort: 'shortest' }))).toEqual([3, 2, 0, 1]);
    expect(indices(query({ sort: 'most-tokens' }))).toEqual([1, 0, 2, 3]);
  });

  it('sorts segments whose token count is not known yet after the counted ones', () => {
    const known = (start: number) => (start === 16 ? 3 : start === 54 ? 9 : null);
    const sorted = (sort: SegmentQuery['sort']) => findSegments(TEXT, segments, query({ sort }), known).map((f) => f.segment.index);
    expect(sorted('most-tokens')).toEqual([3, 1, 0, 2]);
    expect(sorted('fewest-tokens')).toEqual([1, 3, 0, 2]);
  });
});
