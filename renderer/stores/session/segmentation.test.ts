import { beforeEach, describe, expect, it } from 'vitest';
import { resultFromCuts } from '../../test-support/results';
import { keptBeside, useSession } from './index';
import { openText } from '../../test-support/open-text';

const TEXT = 'One.\n\nTwo.\n\nThree.\n';

const result = (strategy: string, cuts: number[]) => resultFromCuts(TEXT, cuts, strategy);

describe('segmentation slice', () => {
  beforeEach(() => openText('d1', TEXT));

  it('replaces the current result, or keeps the previous one beside it', () => {
    const store = useSession.getState();
    store.showResult(result('structural', [6]));
    store.showResult(result('sentence-rules', [6, 12]));
    expect(useSession.getState().current?.strategy).toBe('sentence-rules');
    expect(useSession.getState().kept).toEqual([]);

    store.showResult(result('texttiling', [12]), true);
    const { current, kept } = useSession.getState();
    expect(current?.strategy).toBe('texttiling');
    expect(kept.map((k) => k.result.strategy)).toEqual(['sentence-rules']);
  });

  it('brings a kept result forward (one undoable step) and keeps the shown one in its place', () => {
    const store = useSession.getState();
    store.showResult(result('a', [6]));
    store.showResult(result('b', [12]), true);
    const key = useSession.getState().kept[0]!.key;
    store.bringForward(key);
    const listed = () => keptBeside(useSession.getState().kept, useSession.getState().current).map((k) => k.result.strategy);
    expect(useSession.getState().current?.strategy).toBe('a');
    expect(listed()).toEqual(['b']);
    // Undo and redo change what is shown, never the list: each result listed once, none lost.
    store.undo();
    expect(useSession.getState().current?.strategy).toBe('b');
    expect(listed()).toEqual(['a']);
    store.redo();
    expect(listed()).toEqual(['b']);
    store.undo();
    store.discardKept(keptBeside(useSession.getState().kept, useSession.getState().current)[0]!.key);
    expect(listed()).toEqual([]);
  });

  it('refuses a result that does not cover the text, and keeps the one it had', () => {
    const store = useSession.getState();
    store.showResult(result('structural', [6]));
    const broken = { ...result('bad', []), segmentation: { boundaries: [50], notes: [{}, {}] } };
    expect(() => store.showResult(broken)).toThrow(/boundary 50 is not inside the text/);
    expect(() => store.loadSaved([], { ...broken, segmentation: { boundaries: [12, 6], notes: [{}, {}, {}] } })).toThrow();
    expect(useSession.getState().current?.strategy).toBe('structural');
    expect(useSession.getState().current?.segmentation.boundaries).toEqual([6]);
  });

  it('applies a hand edit to the current result only', () => {
    const store = useSession.getState();
    expect(store.apply('edit', () => ({ boundaries: [], notes: [{}] }))).toBe(false);
    store.showResult(result('structural', [6]));
    useSession.getState().apply('edit', () => ({ boundaries: [6, 12], notes: [{}, { topic: 'two' }, {}] }));
    const { current } = useSession.getState();
    expect(current).toMatchObject({ strategy: 'corrected', meta: { startedFrom: 'structural' } });
    expect(current?.segmentation.boundaries).toEqual([6, 12]);
    expect(current?.segmentation.notes[1]).toEqual({ topic: 'two' });
  });

  it('forgets every result when another document opens: its id and text live in one place', () => {
    useSession.getState().showResult(result('structural', [6]));
    openText('d2', 'other');
    expect(useSession.getState()).toMatchObject({ documentId: 'd2', text: 'other', current: null, kept: [] });
  });
});
