/**
 * `npm run bench:remote [-- --documents N] [--strategy topic] [--chars 2500]`: documents per minute
 * for one model strategy over the committed corpus sample, in one run, on
 *   - the local engine (this process, one thread),
 *   - one llama-server with 1 slot, then with 2 slots,
 *   - two llama-servers with 1 slot each,
 * every server with one thread, started here on 127.0.0.1 with the tiny fixture model and its
 * adapters (`npm run fixtures`, `npm run server:build`). Remote documents go out concurrently (twice
 * the pool's capacity in flight), the local ones one after another, as the app runs them. Prints the
 * machine's load average around each configuration; the figures move with the load, so only ratios
 * within one run mean anything.
 *
 * The documents: the sample corpora (test/fixtures/corpus-sample) cut at paragraph breaks into
 * pieces of about --chars characters, the first N of them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { describeDocument } from '../shared/document/document-info';
import type { SegmentationResult } from '../shared/document/types';
import type { ModelRunMeta } from '../shared/document/model-run-meta';
import { InferenceEngine } from '../electron/services/native/engine';
import { runModelStrategy } from '../electron/services/strategies/run-model-strategy';
import { parseArgs } from '../electron/cli/args';
import { machineInfo } from './machine';
import { fixtureModelsDir, repoRoot, writeTinyProfiles } from '../test/inference/tiny-profiles';
import { serverSkipReason, startLlamaServer, type RunningServer } from '../test/support/llama-server';
import { errorMessage } from '../shared/text/error-message';

const SPEC = {
  documents: { type: 'int', min: 1, max: 1000, description: 'documents (default 20)' },
  chars: { type: 'int', min: 500, max: 100_000, description: 'characters per document (default 2500)' },
  strategy: { type: 'enum', values: ['simple', 'topic', 'summary'], description: 'model strategy (default topic)' },
} as const;

function sampleDocuments(count: number, chars: number): string[] {
  const root = join(repoRoot, 'test', 'fixtures', 'corpus-sample');
  const texts = readdirSync(root)
    .filter((d) => statSync(join(root, d)).isDirectory())
    .sort()
    .flatMap((d) => readdirSync(join(root, d, 'docs')).filter((f) => f.endsWith('.txt')).sort().map((f) => readFileSync(join(root, d, 'docs', f), 'utf-8')));
  const pieces: string[] = [];
  for (const text of texts) {
    let start = 0;
    while (start < text.length && pieces.length < count) {
      const cut = text.indexOf('\n\n', start + chars);
      const end = cut < 0 ? text.length : cut + 2;
      if (end - start > chars / 2) pieces.push(text.slice(start, end));
      start = end;
    }
  }
  if (pieces.length < count) throw new Error(`the corpus sample gives only ${pieces.length} documents of ~${chars} characters`);
  return pieces.slice(0, count);
}

function load(): string {
  return os.loadavg().map((l) => l.toFixed(1)).join(' ');
}

async function inPool<T>(items: readonly T[], parallel: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

interface Figures {
  name: string;
  seconds: number;
  documentsPerMinute: number;
  windows: number;
  promptTokens: number;
  generatedTokens: number;
  loadBefore: string;
  loadAfter: string;
}

async function measure(name: string, docs: string[], parallel: number, run: (text: string) => Promise<SegmentationResult<ModelRunMeta>>): Promise<Figures> {
  const loadBefore = load();
  const started = performance.now();
  let windows = 0;
  let promptTokens = 0;
  let generatedTokens = 0;
  await inPool(docs, parallel, async (text) => {
    const r = await run(text);
    windows += r.meta.window.count;
    const t = r.meta.tokens;
    promptTokens += t.prompt;
    generatedTokens += t.generated;
  });
  const seconds = (performance.now() - started) / 1000;
  const f = { name, seconds, documentsPerMinute: (docs.length * 60) / seconds, windows, promptTokens, generatedTokens, loadBefore, loadAfter: load() };
  process.stdout.write(
    `${name.padEnd(34)} ${docs.length} docs in ${seconds.toFixed(1).padStart(6)} s: ${f.documentsPerMinute.toFixed(1).padStart(6)} docs/min  (${windows} windows, ${promptTokens} prompt + ${generatedTokens} generated tokens; load ${loadBefore} -> ${f.loadAfter})\n`,
  );
  return f;
}

async function main(): Promise<void> {
  const { flags } = parseArgs(process.argv.slice(2), SPEC);
  const skip = serverSkipReason();
  if (skip) throw new Error(skip);
  const strategy = flags.strategy ?? 'topic';
  const docs = sampleDocuments(flags.documents ?? 20, flags.chars ?? 2500);
  const profilesDir = writeTinyProfiles();
  const deps = { profilesDir, modelsDir: fixtureModelsDir };
  const m = machineInfo();
  process.stdout.write(`machine: ${m.cpus} CPUs (${m.cpuModel}), ${m.ramGiB} GiB; model: tiny fixture (models/test/tiny-qwen2.gguf), profile tiny-${strategy}, constrained\n`);
  process.stdout.write(`documents: ${docs.length} pieces of the corpus sample, ${docs.reduce((n, d) => n + d.length, 0)} characters\n\n`);

  const remoteRun = (endpoints: string[]) => (text: string) =>
    runModelStrategy({ text, info: describeDocument('doc.txt', text), strategy, options: { profile: `tiny-${strategy}`, backend: 'remote' }, settings: { remote: { endpoints } } }, {}, deps);

  const all: Figures[] = [];
  const engine = new InferenceEngine();
  try {
    all.push(await measure('local engine (1 thread)', docs, 1, (text) => runModelStrategy({ text, info: describeDocument('doc.txt', text), strategy, options: { profile: `tiny-${strategy}`, gpu: 'off', threads: 1 } }, {}, { ...deps, engine })));
  } finally {
    await engine.dispose();
  }
  const servers: RunningServer[] = [];
  try {
    const one = await startLlamaServer({ parallel: 1, threads: 1 });
    servers.push(one);
    all.push(await measure('llama-server, 1 slot', docs, 2, remoteRun([one.url])));
    await one.kill();
    const two = await startLlamaServer({ parallel: 2, threads: 1 });
    servers.push(two);
    all.push(await measure('llama-server, 2 slots', docs, 4, remoteRun([two.url])));
    await two.kill();
    const [a, b] = await Promise.all([startLlamaServer({ parallel: 1, threads: 1 }), startLlamaServer({ parallel: 1, threads: 1 })]);
    servers.push(a!, b!);
    all.push(await measure('two llama-servers, 1 slot each', docs, 4, remoteRun([a!.url, b!.url])));
  } finally {
    await Promise.all(servers.map((s) => s.kill()));
  }
  const base = all[0]!.documentsPerMinute;
  process.stdout.write(`\nratios to the local engine: ${all.map((f) => `${f.name} ${(f.documentsPerMinute / base).toFixed(2)}`).join('; ')}\n`);
  const perDoc = all[0]!;
  process.stdout.write(`per document: ${(perDoc.promptTokens / docs.length).toFixed(0)} prompt tokens, ${(perDoc.generatedTokens / docs.length).toFixed(0)} generated tokens, ${(perDoc.windows / docs.length).toFixed(1)} windows\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`error: ${errorMessage(err)}\n`);
  process.exitCode = 1;
});
