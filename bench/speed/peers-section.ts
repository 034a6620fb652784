/**
 * Speed section "peers": the splitters retrieval users already run beside the workbench's
 * model-free strategies (bench/speed/splitters.ts), on the same two texts, in MB/s, cold and warm.
 *
 * Each splitter runs on each text in processes of its own (bench/speed/fresh-process.ts), the
 * rounds interleaved so that a change in the machine's load touches every splitter alike:
 * - cold: the first call in a fresh process, its code not yet compiled: what a command that
 *   segments one document per invocation pays;
 * - warm: the same process's later calls, after two runs (the cold one and one more), the
 *   median of them: what a long-running host pays once its code is optimised.
 * Each figure is the median over the processes. Wall-clock time is what a user waits for; on a
 * machine shared with other jobs it mostly measures the share of a core the process got, so the
 * same runs are also given in CPU time of the process (all its threads: the optimising compiler
 * works beside the first runs, and its work is counted there).
 */
import { loadavg } from 'node:os';
import { formatTable } from '../report/table';
import { timeInFreshProcess, type RunReply } from './fresh-process';
import { SPLITTERS, type Splitter } from './splitters';
import { markdownText, proseText } from './texts';
import { MARKDOWN_CHARS, PROSE_CHARS } from './rules-section';

/** Runs per process (the cold one included) and the time after which no further run starts. */
const MAX_RUNS = 12;
const BUDGET_SECONDS = 1;
/** Runs before the warm figure starts: the cold one and one more. */
const WARM_AFTER = 2;

export interface ColdWarm {
  /** UTF-8 megabytes (10^6 bytes) per second on the first call in a fresh process. */
  coldMbPerSecond: number;
  /** The same, once warmed up. */
  warmMbPerSecond: number;
  coldSeconds: number;
  warmSeconds: number;
  segments: number;
}

export interface PeerSpeed {
  splitter: string;
  kind: Splitter['kind'];
  prose: ColdWarm;
  markdown: ColdWarm;
}

export interface PeersFigures {
  processes: number;
  /** 1-minute load average before and after the section. */
  load: [number, number];
  /** By wall-clock time, and by the process's CPU time. */
  wall: PeerSpeed[];
  cpu: PeerSpeed[];
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function summarise(replies: readonly RunReply[], bytes: number, times: (r: RunReply) => number[]): ColdWarm {
  // A run shorter than the clock can tell is counted as one microsecond, never as zero.
  const cold = Math.max(1e-6, median(replies.map((r) => times(r)[0] as number)));
  const warm = Math.max(1e-6, median(replies.map((r) => (times(r).length > WARM_AFTER ? median(times(r).slice(WARM_AFTER)) : (times(r).at(-1) as number)))));
  return { coldMbPerSecond: bytes / 1e6 / cold, warmMbPerSecond: bytes / 1e6 / warm, coldSeconds: cold, warmSeconds: warm, segments: replies[0]?.segments ?? 0 };
}

export async function measurePeers(processes: number): Promise<PeersFigures> {
  const loadBefore = loadavg()[0] as number;
  const texts = { prose: proseText(PROSE_CHARS), markdown: markdownText(MARKDOWN_CHARS) };
  const replies = new Map<string, RunReply[]>();
  for (let round = 0; round < processes; round++) {
    for (const splitter of SPLITTERS) {
      for (const [kind, text] of Object.entries(texts)) {
        const reply = await timeInFreshProcess({ splitter: splitter.name, text, maxRuns: MAX_RUNS, budgetSeconds: BUDGET_SECONDS });
        const key = `${splitter.name}\n${kind}`;
        replies.set(key, [...(replies.get(key) ?? []), reply]);
      }
    }
  }
  const bytes = (text: string) => new TextEncoder().encode(text).length;
  const rows = (times: (r: RunReply) => number[]) =>
    SPLITTERS.map((splitter) => ({
      splitter: splitter.name,
      kind: splitter.kind,
      prose: summarise(replies.get(`${splitter.name}\nprose`) ?? [], bytes(texts.prose), times),
      markdown: summarise(replies.get(`${splitter.name}\nmarkdown`) ?? [], bytes(texts.markdown), times),
    }));
  return { processes, load: [loadBefore, loadavg()[0] as number], wall: rows((r) => r.seconds), cpu: rows((r) => r.cpuSeconds) };
}

export function peersTable(rows: readonly PeerSpeed[]): string {
  const fastestPeer = (pick: (r: PeerSpeed) => number) => Math.max(...rows.filter((r) => r.kind === 'peer').map(pick));
  const cell = (pick: (r: PeerSpeed) => number) => {
    const best = fastestPeer(pick);
    return (r: PeerSpeed) => `${pick(r).toFixed(1)} (${(pick(r) / best).toFixed(2)}x)`;
  };
  const columns = [
    cell((r) => r.prose.coldMbPerSecond),
    cell((r) => r.prose.warmMbPerSecond),
    cell((r) => r.markdown.coldMbPerSecond),
    cell((r) => r.markdown.warmMbPerSecond),
  ];
  return formatTable(
    ['splitter', 'prose cold', 'prose warm', 'segments', 'markdown cold', 'markdown warm', 'segments'],
    rows.map((r) => {
      const [proseCold, proseWarm, markdownCold, markdownWarm] = columns.map((c) => c(r));
      return [r.splitter, proseCold!, proseWarm!, String(r.prose.segments), markdownCold!, markdownWarm!, String(r.markdown.segments)];
    }),
  );
}
