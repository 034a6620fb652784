import { beforeEach, describe, expect, it } from 'vitest';
import { resultFromCuts } from '../test-support/results';
import { useSegmentationStore } from './segmentation';

const TEXT = 'One.\n\nTwo.\n\nThree.\n';

const result = (strategy: string, cuts: number[]) => resultFromCuts(TEXT, cuts, strategy);

describe('segmentation store', () => {
  beforeEach(() => useSegmentationStore.getState().resetForDocument('d1', TEXT));

  it('replaces the current result, or keeps the previous one beside it', () => {
    const store = useSegmentationStore.getState();
    store.setResult(result('structural', [6]));
    store.setResult(result('sentence-rules', [6, 12]));
    expect(useSegmentationStore.getState().current?.strategy).toBe('sentence-rules');
    expect(useSegmentationStore.getState().kept).toEqual([]);

    store.setResult(result('texttiling', [12]), { keepPrevious: true });
    const { current, kept } = useSegmentationStore.getState();
    expect(current?.strategy).toBe('texttiling');
    expect(kept.map((k) => k.result.strategy)).toEqual(['sentence-rules']);
  });

  it('brings a kept result forward and keeps the shown one in its place', () => {
    const store = useSegmentationStore.getState();
    store.setResult(result('a', [6]));
    store.setResult(result('b', [12]), { keepPrevious: true });
    const key = useSegmentationStore.getState().kept[0]!.key;
    store.bringForward(key);
    expect(useSegmentationStore.getState().current?.strategy).toBe('a');
    expect(useSegmentationStore.getState().kept.map((k) => k.result.strategy)).toEqual(['b']);
    store.discardKept(useSegmentationStore.getState().kept[0]!.key);
    expect(useSegmentationStore.getState().kept).toEqual([]);
  });

  it('refuses a result that does not cover the text, and keeps the one it had', () => {
    const store = useSegmentationStore.getState();
    store.setResult(result('structural', [6]));
    const broken = { ...result('bad', []), segmentation: { boundaries: [50], notes: [{}, {}] } };
    expect(() => store.setResult(broken)).toThrow(/not a safe cut/);
    expect(() => store.applySegmentation({ boundaries: [12, 6], notes: [{}, {}, {}] })).toThrow();
    expect(useSegmentationStore.getState().current?.strategy).toBe('structural');
    expect(useSegmentationStore.getState().current?.segmentation.boundaries).toEqual([6]);
  });

  it('applies a hand edit to the current result only', () => {
    const store = useSegmentationStore.getState();
    expect(() => store.applySegmentation({ boundaries: [], notes: [{}] })).toThrow(/no segmentation/);
    store.setResult(result('structural', [6]));
    store.applySegmentation({ boundaries: [6, 12], notes: [{}, { topic: 'two' }, {}] });
    const { current } = useSegmentationStore.getState();
    expect(current?.strategy).toBe('structural');
    expect(current?.segmentation.boundaries).toEqual([6, 12]);
    expect(current?.segmentation.notes[1]).toEqual({ topic: 'two' });
  });

  it('forgets every result when another document opens', () => {
    useSegmentationStore.getState().setResult(result('structural', [6]));
    useSegmentationStore.getState().resetForDocument('d2', 'other');
    expect(useSegmentationStore.getState()).toMatchObject({ documentId: 'd2', current: null, kept: [] });
  });
});
