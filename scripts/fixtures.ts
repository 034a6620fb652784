/**
 * `npm run fixtures [-- --twin] [--force] [--out DIR]`: generates the model fixtures into models/test/.
 * Runs on every `npm test`, so when the generator sources have not changed since the last run and
 * the files are all there, it only checks a stamp and exits.
 */
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readGgufHeader } from '../electron/model-files/reader';
import { writeQwen2Model, qwen2TokenizerMetadata } from './fixtures/qwen2-model';
import { writeGgufLora, writePeftLora } from './fixtures/qwen2-lora';
import { TINY_EMBED_FILE, TINY_MODEL_FILE, TINY_PEFT_DIR, TINY_QWEN2, TWIN_MODEL_FILE, tinyEmbedModel, tinyLoras, tinyModel, tinyPeft, twinModel } from './fixtures/plan';
import { extractQwen2Vocab, llamaCppBundlePath, qwen2VocabCachePath } from '../electron/services/tokenizer/qwen2-vocab';
import { errorMessage } from '../shared/text/error-message';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

interface Stamp {
  key: string;
  files: Record<string, number>;
}

/** Everything the bytes depend on: the generator's sources and the llama.cpp bundle they read. */
async function generatorKey(): Promise<string> {
  const hash = createHash('sha256');
  const dirs = ['scripts/fixtures', 'electron/model-files'];
  const files = ['scripts/fixtures.ts', 'electron/services/tokenizer/qwen2-vocab.ts'];
  for (const dir of dirs) {
    for (const name of (await readdir(join(repoRoot, dir))).sort()) {
      // verify.ts checks files rather than making them, so editing it need not remake the fixtures.
      if (name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'verify.ts') files.push(`${dir}/${name}`);
    }
  }
  for (const file of files) hash.update(file).update(await readFile(join(repoRoot, file)));
  const bundle = statSync(llamaCppBundlePath());
  hash.update(`bundle:${bundle.size}`);
  return hash.digest('hex');
}

async function readStamp(path: string): Promise<Stamp | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf-8')) as Stamp;
  } catch {
    return undefined;
  }
}

function upToDate(outDir: string, stamp: Stamp | undefined, key: string, wanted: string[]): boolean {
  if (!stamp || stamp.key !== key) return false;
  return wanted.every((file) => {
    const path = join(outDir, file);
    return stamp.files[file] !== undefined && existsSync(path) && statSync(path).size === stamp.files[file];
  });
}

/** Writes through a temporary name, so a reader polling for the file never sees half of it. */
async function atomically(path: string, write: (tmp: string) => Promise<void>) {
  const tmp = `${path}.partial`;
  await rm(tmp, { recursive: true, force: true });
  await write(tmp);
  await rm(path, { recursive: true, force: true });
  await rename(tmp, path);
}

async function main(argv: string[]) {
  const twin = argv.includes('--twin');
  const force = argv.includes('--force');
  const outArg = argv.indexOf('--out');
  const outDir = resolve(outArg >= 0 && argv[outArg + 1] ? argv[outArg + 1]! : join(repoRoot, 'models', 'test'));
  const stampPath = join(outDir, '.fixtures-stamp.json');
  const peftFiles = [`${TINY_PEFT_DIR}/adapter_config.json`, `${TINY_PEFT_DIR}/adapter_model.safetensors`];
  const wanted = [TINY_MODEL_FILE, TINY_EMBED_FILE, ...tinyLoras.map((l) => l.file), ...peftFiles, ...(twin ? [TWIN_MODEL_FILE] : [])];

  const key = await generatorKey();
  const stamp = await readStamp(stampPath);
  if (!force && upToDate(outDir, stamp, key, wanted)) {
    process.stdout.write(`fixtures: up to date in ${relative(process.cwd(), outDir) || '.'}\n`);
    return;
  }
  await mkdir(outDir, { recursive: true });
  const started = Date.now();
  const vocab = await readGgufHeader(await extractQwen2Vocab(qwen2VocabCachePath(outDir)));
  const tokenizer = qwen2TokenizerMetadata(vocab);
  // A file is kept when the stamp says this same generator made it; otherwise it is rebuilt.
  const reuse = (file: string) => !force && stamp?.key === key && upToDate(outDir, stamp, key, [file]);
  const made: string[] = [];
  const step = async (file: string, write: (tmp: string) => Promise<void>) => {
    if (reuse(file)) return;
    await atomically(join(outDir, file), write);
    made.push(file);
  };

  await step(TINY_MODEL_FILE, (tmp) => writeQwen2Model(tmp, tinyModel, tokenizer));
  await step(TINY_EMBED_FILE, (tmp) => writeQwen2Model(tmp, tinyEmbedModel, tokenizer));
  for (const lora of tinyLoras) await step(lora.file, (tmp) => writeGgufLora(tmp, TINY_QWEN2, lora.plan));
  if (!peftFiles.every(reuse)) {
    await atomically(join(outDir, TINY_PEFT_DIR), (tmp) => writePeftLora(tmp, TINY_QWEN2, tinyPeft));
    made.push(TINY_PEFT_DIR);
  }
  if (twin) await step(TWIN_MODEL_FILE, (tmp) => writeQwen2Model(tmp, twinModel, tokenizer));

  const files: Record<string, number> = {};
  for (const file of wanted) files[file] = statSync(join(outDir, file)).size;
  // Keep the twin's entry when this run did not ask for it, so a later `--twin` run can reuse it.
  if (!twin && stamp?.key === key && stamp.files[TWIN_MODEL_FILE] !== undefined) files[TWIN_MODEL_FILE] = stamp.files[TWIN_MODEL_FILE];
  await writeFile(stampPath, JSON.stringify({ key, files } satisfies Stamp, null, 2) + '\n');
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(`fixtures: wrote ${made.join(', ') || 'nothing'} into ${relative(process.cwd(), outDir) || '.'} in ${seconds} s\n`);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`error: ${errorMessage(err)}\n`);
  process.exitCode = 1;
});
