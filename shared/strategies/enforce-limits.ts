/**
 * The size limits for strategies whose cuts come from elsewhere (a model, the learned model): a
 * segment longer than Max chars (or Max tokens) is split inside by the structural rules (the same
 * splitToFit the rule strategies use: paragraph, line, sentence, clause, word), and the result
 * says so in a warning. Topic and summary stay on the first part, as with a hand split.
 */
import type { Segmentation, SegmentationWarning, SegmentNote } from '../document/types';
import { splitToFit, type Limits } from './limits';

export interface EnforcedLimits {
  segmentation: Segmentation;
  warnings: SegmentationWarning[];
}

function limitText(limits: Limits): string {
  return limits.maxTokens !== undefined ? `max ${limits.maxChars} chars / ${limits.maxTokens} tokens` : `max ${limits.maxChars} chars`;
}

export function enforceLimits(text: string, segmentation: Segmentation, limits: Limits, source: string): EnforcedLimits {
  const boundaries: number[] = [];
  const notes: SegmentNote[] = [];
  let split = 0;
  let added = 0;
  let stillOver = 0;
  const count = segmentation.boundaries.length + 1;
  for (let i = 0; i < count; i++) {
    const start = i === 0 ? 0 : (segmentation.boundaries[i - 1] as number);
    const end = i < count - 1 ? (segmentation.boundaries[i] as number) : text.length;
    if (i > 0) boundaries.push(start);
    notes.push(segmentation.notes[i] ?? {});
    const { cuts, overLimit } = splitToFit(text, start, end, limits);
    stillOver += overLimit.length;
    if (cuts.length === 0) continue;
    split++;
    added += cuts.length;
    for (const cut of cuts) {
      boundaries.push(cut);
      notes.push({});
    }
  }
  const warnings: SegmentationWarning[] = [];
  if (split > 0) {
    warnings.push({
      code: 'split-to-fit',
      message: `${split} ${source} segment${split === 1 ? ' was' : 's were'} over the limit (${limitText(limits)}) and split at structural boundaries into ${split + added} parts`,
    });
  }
  if (stillOver > 0) warnings.push({ code: 'over-limit', message: `${stillOver} piece${stillOver === 1 ? '' : 's'} still over the limit: nothing allowed a cut inside` });
  return split === 0 ? { segmentation, warnings } : { segmentation: { boundaries, notes }, warnings };
}
