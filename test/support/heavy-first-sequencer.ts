/**
 * The order vitest hands test files to its workers: the slow kinds first (model decoding, then
 * the files that start servers, browsers and commands), the unit files last, so that no worker
 * starts a minutes-long file when the others are already done. vitest's own order (longest first
 * by its cache, larger files first without one) breaks ties; a clean clone has no cache, and its
 * slowest files are among the smallest.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const RANKS: [RegExp, number][] = [
  [/\/test\/inference\/real-documents-/, 0],
  [/\/test\/(inference|remote)\//, 1],
  [/\/test\/(e2e|cli|models|host|workspace)\/|\/bench\/tests\//, 2],
];

const rankOf = (file: string) => RANKS.find(([pattern]) => pattern.test(file))?.[1] ?? RANKS.length;

export default class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    return base
      .map((spec, at) => ({ spec, at, rank: rankOf(spec.moduleId) }))
      .sort((a, b) => a.rank - b.rank || a.at - b.at)
      .map(({ spec }) => spec);
  }
}
