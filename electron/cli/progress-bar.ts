/** The model run's progress bar on stderr: drawn only for a terminal, so pipes and logs stay clean. */
import type { RunProgress } from '../../shared/ipc/contract';

type Progress = Omit<RunProgress, 'runId'>;

const BAR_WIDTH = 24;

/** One line: stage, a bar of windows done, tokens per second and the time left when known. */
export function formatProgressLine(p: Progress, barWidth = BAR_WIDTH): string {
  const fraction = p.windowsTotal > 0 ? Math.min(1, p.windowsDone / p.windowsTotal) : 0;
  const filled = Math.round(fraction * barWidth);
  const bar = `[${'#'.repeat(filled)}${'.'.repeat(barWidth - filled)}]`;
  const parts = [`${p.stage} ${bar} ${p.windowsDone}/${p.windowsTotal} windows`];
  if (p.tokensPerSecond > 0) parts.push(`${p.tokensPerSecond.toFixed(1)} tok/s`);
  if (p.etaSeconds !== null) parts.push(`~${Math.ceil(p.etaSeconds)} s left`);
  return parts.join(' · ');
}

/** A progress callback redrawing one stderr line, plus `done` to clear it; undefined off a terminal. */
export function createStderrProgressBar(stream: NodeJS.WriteStream = process.stderr): { onProgress: (p: Progress) => void; done: () => void } | undefined {
  if (!stream.isTTY) return undefined;
  return {
    onProgress: (p) => stream.write(`\r${formatProgressLine(p)}\x1b[K`),
    done: () => stream.write('\r\x1b[K'),
  };
}
