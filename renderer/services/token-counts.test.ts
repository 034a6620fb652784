/**
 * Which token counts the window asks the host for: the export's tokenizer's, to show, and, while
 * Max tokens is set, the tokenizer that limit counts with (qwen2), for the outline's over-limit
 * marks, even when the export shows none or another one.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useExportForm } from '../stores/export-form';
import { useSession } from '../stores/session';
import { useTokenCounts } from '../stores/token-counts';
import { useUiStore } from '../stores/ui';
import { openText } from '../test-support/open-text';
import { resultFromCuts } from '../test-support/results';
import { scriptedWorkbench as scripted } from '../test-support/scripted-workbench';
import { followTokenCounts } from './token-counts';
import { replaceWorkbench } from './workbench';

const TEXT = 'One sentence here.\n\nAnother one, a little longer than the first.\n';

describe('token counts asked of the host', () => {
  let stop: () => void = () => {};
  const countTokens = vi.fn(async ({ tokenizer, ranges }: { documentId: string; tokenizer: string; ranges: [number, number][] }) => ({
    // A stand-in count that differs by tokenizer, so the two cannot be confused.
    counts: ranges.map(([s, e]) => (tokenizer === 'qwen2' ? e - s : 1000 + e - s)),
  }));

  beforeEach(() => {
    // The asks wait out a short debounce: on fake timers a test runs it when it needs it, not by the clock.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    countTokens.mockClear();
    replaceWorkbench(scripted({ countTokens }));
    useExportForm.getState().update({ tokenizer: '' });
    useUiStore.getState().updateRunForm({ maxTokens: '' });
    openText('doc-tokens', TEXT);
    useSession.getState().showResult(resultFromCuts(TEXT, [TEXT.indexOf('Another')], 'structural', 'doc-tokens.txt'));
    stop = followTokenCounts();
  });
  afterEach(() => {
    stop();
    replaceWorkbench(null);
    useUiStore.getState().updateRunForm({ maxTokens: '' });
    useTokenCounts.getState().clear();
    vi.useRealTimers();
  });

  const asked = () => countTokens.mock.calls.map(([p]) => p.tokenizer);

  it('asks nothing while no tokenizer is shown and no Max tokens is set', async () => {
    // The ask scheduled when following began has run, and found nothing wanted.
    await vi.runAllTimersAsync();
    expect(countTokens).not.toHaveBeenCalled();
  });

  it('asks qwen2 once Max tokens is set, though the export shows no tokenizer, and keeps those counts apart from the shown ones', async () => {
    useUiStore.getState().updateRunForm({ maxTokens: '8' });
    await vi.waitFor(() => expect(asked()).toEqual(['qwen2']));
    const cut = TEXT.indexOf('Another');
    expect(countTokens.mock.calls[0]![0].ranges).toEqual([[0, cut], [cut, TEXT.length]]);
    await vi.waitFor(() => expect(useTokenCounts.getState().byTokenizer.get('qwen2')?.get(`0:${cut}`)).toBe(cut));
    // Nothing is shown as the segments' token counts: the person picked no tokenizer to show.
    expect(useTokenCounts.getState().counts.size).toBe(0);

    useExportForm.getState().update({ tokenizer: 'cl100k_base' });
    await vi.waitFor(() => expect(asked()).toEqual(['qwen2', 'cl100k_base']));
    await vi.waitFor(() => expect(useTokenCounts.getState().counts.get(`0:${cut}`)).toBe(1000 + cut));
    expect(useTokenCounts.getState().byTokenizer.get('qwen2')?.get(`0:${cut}`)).toBe(cut);
  });
});
