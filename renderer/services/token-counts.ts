/**
 * Token counts of the shown segments by the tokenizer the person picked (the Export panel's
 * choice: qwen2, cl100k_base or o200k_base), and, while Max tokens is set in the Run panel, by the
 * tokenizer that limit counts with (MAX_TOKENS_TOKENIZER: the outline's over-limit marks), counted
 * by the host (`countTokens`), never in the renderer and never guessed from characters. Counts
 * are cached per document and tokenizer by range, so an edit asks only for the segments it made;
 * asked a short while after the last change.
 */
import type { TokenizerName } from '../../shared/chunks';
import { MAX_TOKENS_TOKENIZER } from '../../shared/strategies/run-options';
import { useExportForm } from '../stores/export-form';
import { useSession } from '../stores/session';
import { sizeLimitsNow, sizeLimitsOf } from '../stores/size-limits';
import { countsBy, useTokenCounts } from '../stores/token-counts';
import { useUiStore } from '../stores/ui';
import { reportError } from './errors';
import { workbench } from './workbench';

const ASK_AFTER_MS = 250;
/** Ranges per call: a 50,000-segment document is asked in parts. */
const RANGES_PER_CALL = 5_000;

let timer: ReturnType<typeof setTimeout> | null = null;

function segmentRanges(): [number, number][] {
  const { text, current } = useSession.getState();
  if (!current) return [];
  const b = current.segmentation.boundaries;
  return Array.from({ length: b.length + 1 }, (_, i) => [i === 0 ? 0 : b[i - 1]!, i === b.length ? text.length : b[i]!] as [number, number]);
}

/** The tokenizers counts are wanted by now: the one shown, and Max tokens' while it is set. */
function wantedTokenizers(): TokenizerName[] {
  const shown = useExportForm.getState().form.tokenizer;
  const wanted = new Set<TokenizerName>();
  if (shown !== '') wanted.add(shown as TokenizerName);
  if (sizeLimitsNow().maxTokens !== null) wanted.add(MAX_TOKENS_TOKENIZER);
  return [...wanted];
}

async function countMissing(): Promise<void> {
  const documentId = useSession.getState().documentId;
  const shown = useExportForm.getState().form.tokenizer;
  const tokenizers = wantedTokenizers();
  const store = useTokenCounts.getState();
  if (!documentId || tokenizers.length === 0) {
    // Neither shown nor limited: no token counts at all (none guessed from characters).
    store.clear();
    return;
  }
  store.use(documentId, shown === '' ? null : shown);
  for (const tokenizer of tokenizers) {
    const missing = segmentRanges().filter(([s, e]) => !countsBy(useTokenCounts.getState(), tokenizer).has(`${s}:${e}`));
    for (let i = 0; i < missing.length; i += RANGES_PER_CALL) {
      const ranges = missing.slice(i, i + RANGES_PER_CALL);
      let counts: number[];
      try {
        ({ counts } = await workbench().countTokens({ documentId, tokenizer, ranges }));
      } catch (err) {
        reportError(`Could not count tokens with ${tokenizer}`, err);
        return;
      }
      // Kept only while that document is still the one shown (`add` checks).
      useTokenCounts.getState().add(documentId, tokenizer, ranges, counts);
    }
  }
}

export function scheduleTokenCounts(): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    void countMissing();
  }, ASK_AFTER_MS);
}

/** Counts again whenever the shown segmentation or the chosen tokenizer changes. Returns the function that stops it. */
export function followTokenCounts(): () => void {
  const stopSession = useSession.subscribe((state, previous) => {
    if (state.current?.segmentation !== previous.current?.segmentation || state.documentId !== previous.documentId) scheduleTokenCounts();
  });
  const stopForm = useExportForm.subscribe((state, previous) => {
    if (state.form.tokenizer !== previous.form.tokenizer) scheduleTokenCounts();
  });
  // Max tokens set (or cleared): its tokenizer's counts are wanted (or no longer).
  const stopLimits = useUiStore.subscribe((state, previous) => {
    if ((sizeLimitsOf(state.runForm).maxTokens === null) !== (sizeLimitsOf(previous.runForm).maxTokens === null)) scheduleTokenCounts();
  });
  scheduleTokenCounts();
  return () => {
    stopSession();
    stopForm();
    stopLimits();
  };
}
