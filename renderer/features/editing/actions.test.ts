import { beforeEach, describe, expect, it } from 'vitest';
import { useUiStore } from '../../stores/ui';
import { resultFromCuts } from '../../test-support/results';
import {
  deleteCurrentBoundary, editTopic, goToNextOverLimit, goToNextUnreviewed, goToSegment, mergeNext, mergePrevious, nudgeBoundary, splitHere, toggleReviewed,
} from './actions';
import { useTokenCounts } from '../../stores/token-counts';
import { useEditingStore } from './editing-store';
import { useSession } from '../../stores/session';
import { openText } from '../../test-support/open-text';

const TEXT = 'Alpha one. Alpha two. Alpha three.\nBeta one. Beta two.\nGamma one. Gamma two.\n';
const at = (s: string) => TEXT.indexOf(s);
const boundaries = () => useSession.getState().current!.segmentation.boundaries;

describe('editing actions', () => {
  beforeEach(() => {
    openText(`doc-${Math.random()}`, TEXT);
    useSession.getState().showResult(resultFromCuts(TEXT, [at('Beta one'), at('Gamma one')], 'structural', 't.txt'));
    useUiStore.getState().setCurrentSegment(0);
    useEditingStore.setState({ cursorOffset: null });
  });

  it('splits at the cursor, at the start of its sentence, and selects the new segment', () => {
    useEditingStore.getState().setCursorOffset(at('Alpha three') + 3);
    expect(splitHere()).toBe(true);
    expect(boundaries()).toEqual([at('Alpha three'), at('Beta one'), at('Gamma one')]);
    expect(useUiStore.getState().currentSegment).toBe(1);
  });

  it('splits the selected segment after its first sentence when the cursor is elsewhere, sentence by sentence', () => {
    useUiStore.getState().setCurrentSegment(0);
    useEditingStore.getState().setCursorOffset(at('Gamma two'));
    splitHere();
    splitHere();
    expect(boundaries()).toEqual([at('Alpha two'), at('Alpha three'), at('Beta one'), at('Gamma one')]);
  });

  it('merges, deletes and nudges around the current segment', () => {
    useUiStore.getState().setCurrentSegment(1);
    expect(nudgeBoundary(-1)).toBe(true);
    expect(boundaries()).toEqual([at('Alpha three'), at('Gamma one')]);
    expect(nudgeBoundary(1, true)).toBe(true);
    expect(boundaries()).toEqual([at('Alpha three') + 1, at('Gamma one')]);
    expect(mergePrevious()).toBe(true);
    expect(boundaries()).toEqual([at('Gamma one')]);
    expect(useUiStore.getState().currentSegment).toBe(0);
    expect(mergeNext()).toBe(true);
    expect(boundaries()).toEqual([]);
    expect(deleteCurrentBoundary()).toBe(false);
    useSession.getState().undo();
    useSession.getState().undo();
    useSession.getState().undo();
    useSession.getState().undo();
    expect(boundaries()).toEqual([at('Beta one'), at('Gamma one')]);
  });

  it('edits notes, marks reviewed and finds the next unreviewed segment', () => {
    expect(editTopic(0, 'Alpha')).toBe(true);
    expect(editTopic(0, 'Alpha')).toBe(false);
    expect(toggleReviewed()).toBe(true);
    goToSegment(2);
    expect(useUiStore.getState().currentSegment).toBe(2);
    toggleReviewed();
    expect(goToNextUnreviewed()).toBe(true);
    expect(useUiStore.getState().currentSegment).toBe(1);
    toggleReviewed();
    expect(goToNextUnreviewed()).toBe(false);
    expect(useSession.getState().current!.segmentation.notes[0]).toEqual({ topic: 'Alpha', reviewed: true });
  });

  it('L goes to the next segment over Max tokens by the counts of the tokenizer the runs use, not the one the export shows', () => {
    const { documentId } = useSession.getState();
    const ranges: [number, number][] = [[0, at('Beta one')], [at('Beta one'), at('Gamma one')], [at('Gamma one'), TEXT.length]];
    // The export shows cl100k counts (all large); Max tokens counts with qwen2 (only segment 2 is over).
    useTokenCounts.getState().use(documentId!, 'cl100k_base');
    useTokenCounts.getState().add(documentId!, 'cl100k_base', ranges, [50, 50, 50]);
    useTokenCounts.getState().add(documentId!, 'qwen2', ranges, [9, 6, 12]);
    useUiStore.getState().updateRunForm({ maxChars: '', maxTokens: '10' });
    try {
      expect(goToNextOverLimit()).toBe(true);
      expect(useUiStore.getState().currentSegment).toBe(2);
      // Wrapping round, it comes back to the only one over.
      expect(goToNextOverLimit()).toBe(true);
      expect(useUiStore.getState().currentSegment).toBe(2);

      // Max chars as well: segment 0 (35 chars) is over 30, segment 2 still over 10 tokens.
      useUiStore.getState().updateRunForm({ maxChars: '30' });
      expect(goToNextOverLimit()).toBe(true);
      expect(useUiStore.getState().currentSegment).toBe(0);

      useUiStore.getState().updateRunForm({ maxChars: '', maxTokens: '100' });
      expect(goToNextOverLimit()).toBe(false);
      expect(useUiStore.getState().notices.at(-1)?.message).toBe('No segment is over 100 tokens.');

      useUiStore.getState().updateRunForm({ maxTokens: '' });
      expect(goToNextOverLimit()).toBe(false);
      expect(useUiStore.getState().notices.at(-1)?.message).toBe('Set Max chars or Max tokens in the Run panel to find the segments over them.');
    } finally {
      useUiStore.getState().updateRunForm({ maxChars: '', maxTokens: '' });
      useTokenCounts.getState().clear();
    }
  });

  it('says when some segments are not counted in tokens yet', () => {
    useUiStore.getState().updateRunForm({ maxTokens: '10' });
    try {
      expect(goToNextOverLimit()).toBe(false);
      expect(useUiStore.getState().notices.at(-1)?.message).toBe('No segment is over 10 tokens (some segments are not counted in tokens yet).');
    } finally {
      useUiStore.getState().updateRunForm({ maxTokens: '' });
    }
  });
});
