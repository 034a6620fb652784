/**
 * Which saved segmentation a workspace document opens with: its correction, else its latest run.
 * One home for the rule, so the list's segment counts are those of what opening shows.
 */
import type { RunFile } from './schema';

/** Runs oldest first (by savedAt; equal times keep their order): the last is the one shown without a correction. */
export function runsOldestFirst<R extends Pick<RunFile, 'savedAt'>>(runs: readonly R[]): R[] {
  return [...runs].sort((a, b) => (a.savedAt < b.savedAt ? -1 : a.savedAt > b.savedAt ? 1 : 0));
}
