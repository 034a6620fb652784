/**
 * Which strategy's result the training corrections started from. A person who corrects one
 * strategy's cuts leaves many of them where they were, so a model that weighs that strategy's
 * cuts learns to copy them (issue 33): the Learn panel says so when most corrections share a start.
 */
import type { LearnedTrainingReport } from '../workspace/types';

/** The strategy more than half of the documents' corrections started from (null: none, or no corrections). */
export function mostlyFrom(startedFrom: ReadonlyArray<string | null>): LearnedTrainingReport['mostlyFrom'] {
  const counts = new Map<string, number>();
  for (const strategy of startedFrom) if (strategy !== null) counts.set(strategy, (counts.get(strategy) ?? 0) + 1);
  for (const [strategy, documents] of counts) if (documents * 2 > startedFrom.length) return { strategy, documents, of: startedFrom.length };
  return null;
}
