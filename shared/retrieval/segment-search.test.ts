import { describe, expect, it } from 'vitest';
import { segmentationFromCuts } from '../document/segmentation';
import { setExcluded } from '../edit/operations';
import { buildBm25Index } from './bm25';
import { segmentSearch } from './segment-search';

const PARTS = ['The white whale swam past the ship.\n\n', 'Congress funded harbors and lighthouses.\n\n', 'The whale hunt went on for years at sea.\n\n'];
const TEXT = PARTS.join('');
const CUTS = [PARTS[0]!.length, PARTS[0]!.length + PARTS[1]!.length];

describe('segmentSearch', () => {
  const segmentation = segmentationFromCuts(TEXT, CUTS);

  it('scores the segments with the one BM25, giving each hit its segment index and offsets', () => {
    const hits = segmentSearch(TEXT, segmentation).search('whale ship', 3);
    const direct = buildBm25Index(PARTS).search('whale ship', 3);
    expect(hits.map((h) => [h.index, h.score])).toEqual(direct.map((h) => [h.index, h.score]));
    expect(hits[0]).toMatchObject({ index: 0, start: 0, end: PARTS[0]!.length });
  });

  it('retrieves nothing for an empty question or one without words', () => {
    const search = segmentSearch(TEXT, segmentation);
    expect(search.search('', 5)).toEqual([]);
    expect(search.search('  ?! ', 5)).toEqual([]);
    expect(search.search('submarine', 5)).toEqual([]);
  });

  it('leaves out segments excluded from export, keeping the others their index', () => {
    const excluded = setExcluded(TEXT, segmentation, 0, true);
    const search = segmentSearch(TEXT, excluded);
    expect(search.size).toBe(2);
    expect(search.search('whale', 3).map((h) => h.index)).toEqual([2]);
  });
});
