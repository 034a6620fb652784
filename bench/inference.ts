/**
 * `npm run bench:inference [-- --model FILE] [--tokens N] [--window N] [--threads N] [--gpu off|auto|...]
 *  [--decode N] [--mode constrained|free] [--decoder trie|grammar|both] [--load N]`
 * `npm run bench:inference -- --parallel 1,2,4 [--corpus NAME|DIR] [--documents 20] [--max-chars N] [--max-new N]`:
 * only the batching section (bench/inference-parallel.ts): windows per minute with N sequences.
 *
 * Speed of the model path, not its quality: on the Qwen2-0.5B-shaped twin (random weights,
 * `npm run fixtures -- --twin`), in one process and on one loaded model it measures
 *   1. raw prefill: the whole text's tokens through LlamaContextSequence.evaluateWithoutGeneratingNewTokens;
 *   2. raw decode: tokens generated one by one with sequence.evaluate, no grammar;
 *   3. the full pipeline (runModelStrategy: windows, template, constrained decoding, parsing, placing) on
 *      the same text, with the trie decoder and/or the grammar (`--decoder`);
 *   4. raw decode again, so the ratios use the mean of the raw rates before and after;
 * and prints tokens per second for each, constrained generation per token against raw greedy decode,
 * and the pipeline's time against what the raw rates predict for the same work; then 5. how long a
 * cancel takes to land when it comes during a prefill. `--load N` runs N busy processes beside it.
 * The 1-minute load average is printed beside every figure. A benchmark, not a test: it prints
 * figures and asserts nothing.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeDocument } from '../shared/document/document-info';
import type { ProfileInput } from '../shared/profiles/schema';
import { InferenceEngine, type GpuChoice } from '../electron/services/native/engine';
import { runModelStrategy } from '../electron/services/strategies/run-model-strategy';
import { loadAverage, startBusyLoad } from './load';
import { measureParallel } from './inference-parallel';
import { firstLine } from '../shared/text/first-line';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function flag(argv: string[], name: string): string | undefined {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : undefined;
}

function intFlag(argv: string[], name: string, fallback: number): number {
  const raw = flag(argv, name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number`);
  return n;
}

/** Moby-Dick from its first chapter on, cut at a paragraph once it has about `tokens` tokens. */
function benchText(countTokens: (s: string) => number, tokens: number): string {
  const dir = join(root, 'node_modules', '@stdlib', 'datasets-moby-dick', 'data');
  let text = '';
  for (let chapter = 1; chapter <= 135; chapter++) {
    text += readFileSync(join(dir, `chapter_${chapter}.txt`), 'utf-8') + '\n\n';
    if (countTokens(text) >= tokens) break;
  }
  const paragraphs = text.split(/(?<=\n\n)/);
  let out = '';
  for (const p of paragraphs) {
    if (out && countTokens(out + p) > tokens) break;
    out += p;
  }
  return out.trimEnd();
}

function countFlag(argv: string[], name: string): number {
  const raw = flag(argv, name);
  if (raw === undefined) return 0;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`);
  return n;
}

function perSecond(count: number, ms: number): string {
  return `${((count * 1000) / ms).toFixed(1)} tok/s`;
}

async function main(argv: string[]) {
  const model = resolve(flag(argv, 'model') ?? join(root, 'models', 'test', 'twin-qwen2-0.5b-q8_0.gguf'));
  if (!existsSync(model)) {
    process.stderr.write(`error: ${model} not found; make it with: npm run fixtures -- --twin\n`);
    process.exitCode = 2;
    return;
  }
  const load = countFlag(argv, 'load');
  const stopLoad = load > 0 ? startBusyLoad(load) : () => undefined;
  try {
    if (load > 0) {
      process.stdout.write(`${load} busy processes started beside the benchmark (${loadAverage()})\n`);
      await new Promise((r) => setTimeout(r, 5000));
    }
    await measure(argv, model);
  } finally {
    stopLoad();
  }
}

interface RawRates {
  prefill: number;
  decode: number;
}

async function measure(argv: string[], model: string) {
  const targetTokens = intFlag(argv, 'tokens', 2000);
  const windowTokens = intFlag(argv, 'window', 1024);
  const decodeTokens = intFlag(argv, 'decode', 32);
  const threadsRaw = flag(argv, 'threads');
  const threads = threadsRaw === undefined ? undefined : intFlag(argv, 'threads', 1);
  const gpu = (flag(argv, 'gpu') ?? 'off') as GpuChoice;
  const mode = (flag(argv, 'mode') ?? 'constrained') as 'constrained' | 'free';
  const decoderFlag = flag(argv, 'decoder') ?? 'both';
  if (!['trie', 'grammar', 'both'].includes(decoderFlag)) throw new Error('--decoder must be trie, grammar or both');
  const decoders = (decoderFlag === 'both' ? ['trie', 'grammar'] : [decoderFlag]) as ('trie' | 'grammar')[];

  const engine = new InferenceEngine();
  const loadStart = performance.now();
  // Loads the model (and a small context, replaced below by the one each measure needs).
  const first = await engine.lease({ gpu, modelPath: model }, () => ({ contextSize: 512, batchSize: 512, threads, sequences: 1 }));
  const { model: llamaModel, backend } = first;
  await first.leave();
  const loadMs = performance.now() - loadStart;

  const parallelFlag = flag(argv, 'parallel');
  if (parallelFlag !== undefined) {
    const sequences = parallelFlag.split(',').map((v) => Number(v));
    if (sequences.some((n) => !Number.isInteger(n) || n < 1)) throw new Error('--parallel takes whole numbers, e.g. 1,2,4');
    process.stdout.write(`model ${basename(model)} (${(llamaModel.size / 1e6).toFixed(0)} MB), backend ${backend.backend}, threads ${threads ?? llamaModel.llama.cpuMathCores} per context, loaded in ${(loadMs / 1000).toFixed(1)} s  [${loadAverage()}]\n`);
    await measureParallel({
      engine,
      model,
      gpu,
      threads,
      mode,
      sequences,
      corpus: flag(argv, 'corpus') ?? 'novel',
      documents: intFlag(argv, 'documents', 20),
      maxChars: intFlag(argv, 'max-chars', 2000),
      windowTokens: intFlag(argv, 'window', 256),
      maxNewTokens: intFlag(argv, 'max-new', 64),
    });
    await engine.dispose();
    return;
  }
  const text = benchText((s) => llamaModel.tokenize(s).length, targetTokens);
  const tokens = llamaModel.tokenize(text);

  // 1. and 2. Raw prefill (one call; node-llama-cpp splits it into batches of the context's batch
  // size) and raw greedy decode after it (no grammar, no penalties).
  const raw = async (when: string): Promise<RawRates> => {
    const lease = await engine.lease({ gpu, modelPath: model }, () => ({ contextSize: tokens.length + decodeTokens + 64, batchSize: 512, threads, sequences: 1 }));
    try {
      const { context } = lease;
      const sequence = lease.pool.sequences[0]!;
      if (when === '') {
        process.stdout.write(
          `model ${basename(model)} (${(llamaModel.size / 1e6).toFixed(0)} MB), backend ${backend.backend}${backend.devices.length ? ` (${backend.devices.join(', ')})` : ''}, ` +
            `threads ${context.currentThreads}, loaded in ${(loadMs / 1000).toFixed(1)} s\n` +
            `text: ${text.length} chars of Moby-Dick, ${tokens.length} tokens\n\n`,
        );
      }
      await sequence.clearHistory();
      const prefillStart = performance.now();
      await sequence.evaluateWithoutGeneratingNewTokens(tokens.slice(0, -1));
      const prefillMs = performance.now() - prefillStart;
      process.stdout.write(`raw prefill   ${tokens.length - 1} tokens in ${(prefillMs / 1000).toFixed(2)} s: ${perSecond(tokens.length - 1, prefillMs)}${when}  [${loadAverage()}]\n`);
      const decodeStart = performance.now();
      let generated = 0;
      for await (const _token of sequence.evaluate([tokens[tokens.length - 1]!], { temperature: 0 })) {
        if (++generated >= decodeTokens) break;
      }
      const decodeMs = performance.now() - decodeStart;
      process.stdout.write(`raw decode    ${generated} tokens in ${(decodeMs / 1000).toFixed(2)} s: ${perSecond(generated, decodeMs)}${when}  [${loadAverage()}]\n`);
      await sequence.clearHistory();
      return { prefill: (tokens.length - 1) / prefillMs, decode: generated / decodeMs };
    } finally {
      await lease.leave();
    }
  };
  const before = await raw('');

  // 3. The full pipeline on the same text, same engine (model already loaded), the twin as a merged model.
  const profilesDir = mkdtempSync(join(tmpdir(), 'bench-inference-'));
  const profile: ProfileInput = {
    name: 'bench-twin',
    strategy: 'summary',
    model: { merged: { file: model } },
    prompt: { format: 'chatml', system: 'You split documents into segments.', template: 'Split this text and summarise each part:\n{{text}}', answerPrefix: '' },
    window: { tokens: windowTokens, overlapTokens: Math.floor(windowTokens / 16) },
    decoding: { temperature: 0, repeatPenalty: 1.1, repeatPenaltyLastTokens: 64, maxNewTokens: 128 },
    output: { notes: 'summary', noteLabels: ['Summary:'], constrained: { headWords: { min: 3, max: 12 }, headPrefix: '# ', maxNoteChars: 120, scope: 'all' } },
  };
  writeFileSync(join(profilesDir, 'bench-twin.json'), JSON.stringify(profile));
  const runs: { decoder: string; generation: { tokens: number; ms: number }; pipelineMs: number; evaluated: number; generated: number }[] = [];
  for (const decoder of decoders) {
    const pipelineStart = performance.now();
    const result = await runModelStrategy(
      { text, info: describeDocument('bench.txt', text), strategy: 'summary', options: { profile: 'bench-twin', mode, gpu, threads, decoder } },
      {},
      { engine, profilesDir },
    );
    const pipelineMs = performance.now() - pipelineStart;
    const t = result.meta.tokens as { evaluated: number; reusedFromCache: number; generated: number; prompt: number };
    const timings = result.meta.timingsMs as Record<string, number>;
    const windows = (result.meta.window as { count: number }).count;
    const perWindow = result.meta.windows as { promptTokens: number; reusedTokens: number; generatedTokens: number; prefillMs: number; generateMs: number; steps?: Record<string, number> }[];
    const pPrefillMs = perWindow.reduce((n, w) => n + w.prefillMs, 0);
    const pGenerateMs = perWindow.reduce((n, w) => n + w.generateMs, 0);
    const pPrefilled = perWindow.reduce((n, w) => n + w.promptTokens - w.reusedTokens - 1, 0);
    const pGenerated = perWindow.reduce((n, w) => n + w.generatedTokens, 0);
    const steps = perWindow.reduce<Record<string, number>>((acc, w) => {
      for (const [k, v] of Object.entries(w.steps ?? {})) acc[k] = (acc[k] ?? 0) + v;
      return acc;
    }, {});
    const how =
      mode === 'free'
        ? 'free, repeat penalty'
        : decoder === 'trie'
          ? `trie: ${Object.entries(steps)
              .map(([k, v]) => `${v} ${k}`)
              .join(', ')}`
          : 'grammar, repeat penalty';
    process.stdout.write(
      `pipeline      ${mode} (${decoder}), ${windows} windows of <= ${windowTokens} tokens: ${t.evaluated} tokens evaluated (+${t.reusedFromCache} reused from cache), ` +
        `${t.generated} generated, ${result.segmentation.notes.length} segments in ${(pipelineMs / 1000).toFixed(2)} s: ` +
        `${perSecond(t.evaluated + t.generated, pipelineMs)} overall  [${loadAverage()}]\n` +
        `              prefill ${perSecond(pPrefilled, pPrefillMs)} (batches of up to 512), generation ${perSecond(pGenerated, pGenerateMs)} (${how})\n` +
        `              stages (ms): ${Object.entries(timings)
          .map(([k, v]) => `${k} ${v.toFixed(0)}`)
          .join(', ')}\n`,
    );
    runs.push({ decoder, generation: { tokens: pGenerated, ms: pGenerateMs }, pipelineMs, evaluated: t.evaluated, generated: t.generated });
  }

  // 4. The raw rates again: the ratios use the mean of before and after, as the load moves.
  const after = await raw(' (again)');
  const prefillRate = (before.prefill + after.prefill) / 2;
  const decodeRate = (before.decode + after.decode) / 2;
  for (const r of runs) {
    const predictedMs = r.evaluated / prefillRate + r.generated / decodeRate;
    const perToken = r.generation.ms / Math.max(1, r.generation.tokens);
    process.stdout.write(
      `ratio ${r.decoder.padEnd(8)}constrained generation per token (${perToken.toFixed(1)} ms) / raw greedy decode per token (${(1 / decodeRate).toFixed(1)} ms) = ${(perToken * decodeRate).toFixed(2)}\n` +
        `              pipeline time / raw time for the same tokens (${(predictedMs / 1000).toFixed(2)} s) = ${(r.pipelineMs / predictedMs).toFixed(2)}  [${loadAverage()}]\n`,
    );
  }

  // 5. Cancel latency: abort a run a few seconds into its prefill (a batch in flight cannot be
  // interrupted, so this is the slow case) and time until the run has rejected and freed its context.
  const controller = new AbortController();
  let armed = false;
  const cancelled = runModelStrategy(
    { text, info: describeDocument('bench.txt', text), strategy: 'summary', options: { profile: 'bench-twin', mode, gpu, threads, decoder: decoders[0] } },
    {
      signal: controller.signal,
      onProgress: (p) => {
        if (p.tokensIn > 0 && !armed) {
          armed = true;
          setTimeout(() => controller.abort(), 3000);
        }
      },
    },
    { engine, profilesDir },
  );
  let abortedAt = 0;
  controller.signal.addEventListener('abort', () => (abortedAt = performance.now()));
  const outcome = await cancelled.then(
    () => 'finished before the abort',
    (err: Error) => err.name,
  );
  const latencyMs = performance.now() - abortedAt;
  process.stdout.write(`cancel        abort 3 s into the prefill: ${outcome} after ${latencyMs.toFixed(0)} ms, context freed (engine ${engine.state.stage})  [${loadAverage()}]\n`);
  await engine.dispose();
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`error: ${firstLine(err)}\n`);
  process.exitCode = 1;
});
