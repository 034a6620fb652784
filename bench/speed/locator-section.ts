/** Speed section: the head locator on 1 MB of Moby-Dick with 1,000 heads (bench/locator.ts). */
import { runLocatorBenchmark } from '../locator';
import type { SpeedSection } from './section';

export async function locatorSection(): Promise<SpeedSection> {
  const lines: string[] = [];
  runLocatorBenchmark((line) => lines.push(line));
  return { title: 'Head locator (1 MB, 1,000 heads, by noise level; npm run bench:locator)', lines, figures: { output: lines } };
}
