/**
 * `npm run bench:scaling -- [--sizes 1,4,20] [--strategies texttiling,structural,sentence-rules] [--max-chars N]`:
 * how each rule strategy's time grows with the text. The text is Moby-Dick prose joined into ONE
 * line (no paragraph or line breaks: the worst case for the cut search), repeated up to each size.
 * Prints seconds per size and the ratio to the smallest size next to the size ratio: a linear
 * strategy keeps the two close. Figures are for reading, not asserted (the test uses its own sizes).
 */
import { proseText } from './speed/texts';
import { describeMachine, machineInfo } from './machine';
import { getRuleStrategy } from '../shared/strategies';
import { loadavg } from 'node:os';

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
}

/** `megabytes` million characters of prose on a single line. */
export function singleLine(megabytes: number, prose = proseText(1_300_000).replace(/\s+/g, ' ')): string {
  const chars = Math.round(megabytes * 1e6);
  return prose.repeat(Math.ceil(chars / prose.length)).slice(0, chars);
}

const sizes = (flag('sizes') ?? '1,4,20').split(',').map(Number);
const names = (flag('strategies') ?? 'texttiling,structural,sentence-rules').split(',');
const maxChars = flag('max-chars') === undefined ? undefined : Number(flag('max-chars'));
const prose = proseText(1_300_000).replace(/\s+/g, ' ');

process.stdout.write(`machine: ${describeMachine(machineInfo())}; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}\n`);
for (const name of names) {
  const strategy = getRuleStrategy(name);
  if (!strategy) throw new Error(`unknown strategy ${name}`);
  let base: { mb: number; seconds: number } | undefined;
  for (const mb of sizes) {
    const text = singleLine(mb, prose);
    const started = performance.now();
    const { segmentation } = strategy.segment(text, maxChars === undefined ? {} : { maxChars });
    const seconds = (performance.now() - started) / 1000;
    base ??= { mb, seconds };
    const ratio = seconds / base.seconds;
    process.stdout.write(
      `${name.padEnd(15)} ${String(mb).padStart(4)} MB single line: ${seconds.toFixed(2).padStart(7)} s, ${segmentation.boundaries.length} segments, ` +
        `time x${ratio.toFixed(1)} for size x${(mb / base.mb).toFixed(1)}\n`,
    );
  }
}
process.stdout.write(`load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}\n`);
