/** Speed section: the head locator on 1 MB of Moby-Dick with 1,000 heads (scripts/bench/locator.ts). */
import { runBenchScript } from './script-section';
import type { SpeedSection } from './section';

export async function locatorSection(): Promise<SpeedSection> {
  const { lines } = await runBenchScript('scripts/bench/locator.ts');
  return { title: 'Head locator (1 MB, 1,000 heads, by noise level; npm run bench:locator)', lines, figures: { output: lines } };
}
