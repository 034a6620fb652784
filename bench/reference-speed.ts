/**
 * What each fast scanner of shared/text gains over its plain reference (issue 24: where a fast
 * path gains under a millisecond per call on a 0.5 MB document, the readable form wins).
 *
 *   npm run bench:reference-speed
 *
 * Each figure is measured in a fresh process (the scanners' first call is the one a command
 * makes, unoptimised): the first call, then the median of 10 calls after it, in CPU time of the
 * process (less swayed by a loaded machine than wall time). Texts: the 0.5 MB prose and Markdown
 * texts of `bench speed`.
 */
import { execFileSync } from 'node:child_process';
import { SCANNERS, type ScannerName } from './reference-speed-scanners';
import { markdownText, proseText } from './speed/texts';

const CHARS = 500_000;
const TEXTS = { prose: () => proseText(CHARS), markdown: () => markdownText(CHARS) } as const;
type TextName = keyof typeof TEXTS;

function measure(scanner: ScannerName, implementation: 'fast' | 'reference', textName: TextName): { first: number; median: number } {
  const text = TEXTS[textName]();
  const run = SCANNERS[scanner][implementation];
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  let started = cpuMs();
  run(text);
  const first = cpuMs() - started;
  const times: number[] = [];
  for (let i = 0; i < 10; i++) {
    started = cpuMs();
    run(text);
    times.push(cpuMs() - started);
  }
  times.sort((a, b) => a - b);
  return { first, median: times[5] as number };
}

const [, , scannerArg, implementationArg, textArg] = process.argv;
if (scannerArg !== undefined) {
  // A child: one measurement, printed as JSON.
  process.stdout.write(JSON.stringify(measure(scannerArg as ScannerName, implementationArg as 'fast' | 'reference', textArg as TextName)));
} else {
  console.log('scanner, text: fast first / median CPU ms, reference first / median CPU ms (0.5 MB, fresh process each)');
  for (const scanner of Object.keys(SCANNERS) as ScannerName[]) {
    for (const textName of Object.keys(TEXTS) as TextName[]) {
      const child = (implementation: string) =>
        JSON.parse(execFileSync(process.execPath, [...process.execArgv, import.meta.filename, scanner, implementation, textName], { encoding: 'utf8' })) as { first: number; median: number };
      const fast = child('fast');
      const reference = child('reference');
      console.log(`${scanner}, ${textName}: ${fast.first.toFixed(1)} / ${fast.median.toFixed(1)} ms, ${reference.first.toFixed(1)} / ${reference.median.toFixed(1)} ms`);
    }
  }
}
