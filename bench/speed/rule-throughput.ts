/**
 * Throughput of a model-free strategy: the median of a few timed runs over the same text,
 * after one warm-up run (the first run pays for JIT compilation).
 */
export interface Throughput {
  /** UTF-8 megabytes (10^6 bytes) of input per second. */
  mbPerSecond: number;
  /** Median seconds per run. */
  seconds: number;
  runs: number;
  segments: number;
}

export async function measureThroughput(
  text: string,
  segment: (text: string) => Promise<{ segments: number }>,
  runs = 3,
): Promise<Throughput> {
  const bytes = new TextEncoder().encode(text).length;
  const { segments } = await segment(text);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await segment(text);
    times.push((performance.now() - started) / 1000);
  }
  times.sort((a, b) => a - b);
  const seconds = times[Math.floor(times.length / 2)] as number;
  return { mbPerSecond: bytes / 1e6 / seconds, seconds, runs, segments };
}
