/** Speed section: opening and painting a 5 MB document with 5,000 segments, from the UI benchmark. */
import { existsSync } from 'node:fs';
import { loadRepoModule } from './load-script';
import type { SpeedSection } from './section';

/** What bench/ui.ts (the workbench UI benchmark) exports and this section uses. */
interface UiBenchModule {
  measureUi(options: { chars?: number; segments?: number; runs?: number }): Promise<{
    chars: number;
    segments: number;
    runs: number;
    median: { openAndPaintMs: number; moveBoundaryMs: number; splitMs: number };
  }>;
}

export async function uiSection(runs: number): Promise<SpeedSection> {
  const title = 'UI open and paint (5 MB, 5,000 segments, headless Chromium)';
  const { CHROMIUM_PATH } = await loadRepoModule<{ CHROMIUM_PATH: string }>('test/e2e/support/browser.ts');
  if (!existsSync(CHROMIUM_PATH)) {
    return { title, skipped: `no Chromium at ${CHROMIUM_PATH}: install it with 'apt-get install chromium' or set WORKBENCH_CHROMIUM` };
  }
  const { measureUi } = await loadRepoModule<UiBenchModule>('bench/ui.ts');
  const report = await measureUi({ runs });
  const m = report.median;
  return {
    title,
    lines: [
      `open and paint      ${m.openAndPaintMs.toFixed(1)} ms`,
      `move one boundary   ${m.moveBoundaryMs.toFixed(1)} ms`,
      `split one segment   ${m.splitMs.toFixed(1)} ms`,
      `(${(report.chars / 1e6).toFixed(2)} M chars, ${report.segments} segments, median of ${report.runs} page loads)`,
    ],
    figures: { chars: report.chars, segments: report.segments, runs: report.runs, ...m },
  };
}
