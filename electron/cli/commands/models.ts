/**
 * `models list | pull PROFILE | import FILE | convert-peft DIR --out FILE | doctor | selftest`: the model
 * manager on the command line. Bad input (missing files, not a GGUF, an adapter that cannot be
 * expressed) is a UserInputError: `error: ...`, exit 2.
 */
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { commitFile } from '../../services/platform/atomic-write';
import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { GPU_CHOICES } from '../../../shared/strategies/run-options';
import { modelsDir as resolveModelsDir, type LocationOptions } from '../../services/platform/app-paths';
import { hubToken } from '../../services/models/hub-probe';
import { convertPeftToGguf } from '../../services/models/convert-peft';
import { mergePeftIntoGguf } from '../../services/models/merge-peft';
import { loadProfile, writeUserProfile } from '../../services/inference/profiles';
import { runDoctor, type DoctorReport } from '../../services/models/doctor';
import { describePeftSummary } from '../../services/models/peft-summary';
import { runSelftest } from '../../services/models/selftest';
import { figuresTable, SCORE_RULE } from '../../../shared/selftest/score';
import { importModelFile } from '../../services/models/import-file';
import { modelFileNameProblem } from '../../../shared/models/model-file-name';
import { listInstalled, type InstalledFile } from '../../services/models/inventory';
import { DEFAULT_MAX_FILE_BYTES, pullProfile, type PullProgress } from '../../services/models/pull';
import { verifyForUse } from '../../services/models/verify';
import { describeFlags, parseArgs, type FlagSpecs } from '../args';
import { UserInputError } from '../errors';
import { REMOTE_FLAGS, serversFrom } from '../remote-flags';
import { checkEndpoints, describeEndpoint, type EndpointHealth } from '../../services/inference/completers/remote/endpoint-health';
import { extractQwen2Vocab, qwen2VocabCachePath } from '../../services/tokenizer/qwen2-vocab';

import { hostSettingsFromEnvironment } from '../../services/host/settings';
const DIRS = {
  'models-dir': { type: 'string', description: 'models folder (default: WORKBENCH_MODELS_DIR, else models/)' },
} as const satisfies FlagSpecs;
const PROFILE_DIRS = {
  ...DIRS,
  'profiles-dir': { type: 'string', description: 'extra profiles folder, searched before the built-in ones' },
} as const satisfies FlagSpecs;

const SPECS = {
  list: { ...DIRS, json: { type: 'boolean', description: 'print JSON' } },
  pull: {
    ...PROFILE_DIRS,
    endpoint: { type: 'string', description: 'hub URL for hf: URIs (default: HF_ENDPOINT, else huggingface.co)' },
    'max-file-gb': { type: 'number', min: 0.001, max: 10_000, description: `refuse a file the hub says is larger (default ${DEFAULT_MAX_FILE_BYTES / 1e9})` },
  },
  import: {
    ...DIRS,
    name: { type: 'string', description: 'file name inside the models folder (default: the file\'s own)' },
    base: { type: 'string', description: 'for an adapter: check it against this base model GGUF' },
    force: { type: 'boolean', description: 'replace a different file of the same name' },
  },
  'convert-peft': {
    ...PROFILE_DIRS,
    out: { type: 'string', description: 'the GGUF adapter (with --merge: the merged model) to write' },
    outtype: { type: 'enum', values: ['f32', 'f16'], description: 'tensor type (default f32: exact for F32, F16 and BF16 input)' },
    base: { type: 'string', description: 'check the result against this base model GGUF (names and shapes); with --merge, the model to merge into' },
    merge: { type: 'boolean', description: 'write one full GGUF of --base with the adapter applied, in the base\'s tensor types (for DoRA, modules_to_save, lm_head/embed_tokens)' },
    profile: { type: 'string', description: "with --merge: write the user's copy of this profile using the merged model (model.merged)" },
    force: { type: 'boolean', description: 'replace --out if it exists' },
  },
  selftest: {
    ...PROFILE_DIRS,
    apply: { type: 'boolean', description: "write the best variant as the user's copy of the profile (never the built-in file)" },
    gpu: { type: 'enum', values: ['auto', 'off', 'cuda', 'metal', 'vulkan'], description: 'compute backend (default auto)' },
    threads: { type: 'int', min: 1, max: 1024, description: 'CPU threads (default: the math cores)' },
    probes: { type: 'int', min: 1, max: 20, description: 'probe documents (default 2)' },
    'passage-chars': { type: 'int', min: 100, max: 20000, description: 'characters per passage of a probe document (default 700)' },
    json: { type: 'boolean', description: 'print JSON' },
  },
  doctor: {
    ...PROFILE_DIRS,
    gpu: { type: 'enum', values: GPU_CHOICES, description: 'compute backend to try (default auto)' },
    endpoint: REMOTE_FLAGS.endpoint,
    json: { type: 'boolean', description: 'print JSON' },
  },
} as const satisfies Record<string, FlagSpecs>;

const USAGE = `usage: cli models <subcommand> [options]

subcommands:
  list                          installed models and adapters, with size and metadata
  pull PROFILE                  download the files a strategy profile names (hf: URIs)
  import FILE                   verify a local GGUF and copy it into the models folder
  convert-peft DIR --out FILE   convert a PEFT LoRA folder to a GGUF LoRA adapter (--merge: a merged model)
  doctor                        compute backend, models folder, readiness of each profile, inference endpoints
  selftest [PROFILE...]         try every prompt layout of each profile on probe documents; --apply keeps the best

list:
${describeFlags(SPECS.list)}
pull:
${describeFlags(SPECS.pull)}
import:
${describeFlags(SPECS.import)}
convert-peft:
${describeFlags(SPECS['convert-peft'])}
doctor:
${describeFlags(SPECS.doctor)}
selftest:
${describeFlags(SPECS.selftest)}
`;

function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(bytes < 1e7 ? 2 : 0)} MB`;
}

function describeInstalled(f: InstalledFile): string {
  if (f.problem) return `${f.file}  ${megabytes(f.sizeBytes)}  DAMAGED: ${f.problem}`;
  const details =
    f.kind === 'adapter'
      ? [`LoRA adapter for ${f.architecture}`, `alpha ${f.loraAlpha}`, `rank ${f.loraRanks?.join('/')}`, `${f.tensors} tensors`]
      : [`${f.architecture} model`, f.fileType, `${f.layers} layers`, `embedding ${f.embedding}`, `context ${f.contextLength}`];
  return `${f.file}  ${megabytes(f.sizeBytes)}  ${details.filter(Boolean).join(', ')}${f.name ? `  (${f.name})` : ''}`;
}

/**
 * A one-line progress display on stderr when a person is watching; a retry is a `warning:` line
 * always, so a hub that keeps cutting the connection is never a silent wait.
 */
function progressPrinter(): { update: (p: PullProgress) => void; done: () => void } {
  let shown = false;
  const tty = process.stderr.isTTY;
  return {
    update: (p) => {
      if (p.retry) {
        if (shown) process.stderr.write('\n');
        shown = false;
        process.stderr.write(`warning: ${p.file}: ${p.retry.reason}; try ${p.retry.attempt} of ${p.retry.of} from ${megabytes(p.downloadedBytes)}\n`);
        return;
      }
      if (!tty) return;
      const pct = p.totalBytes ? Math.floor((100 * p.downloadedBytes) / p.totalBytes) : 0;
      process.stderr.write(`\r${p.file}: ${pct}% (${megabytes(p.downloadedBytes)} of ${megabytes(p.totalBytes)})\x1b[K`);
      shown = true;
    },
    done: () => {
      if (shown) process.stderr.write('\n');
      shown = false;
    },
  };
}

function print(text: string): void {
  process.stdout.write(text.endsWith('\n') ? text : text + '\n');
}

function printDoctor(r: DoctorReport): void {
  const b = r.backend;
  const backend = 'error' in b ? `unavailable (--gpu ${b.requested}): ${b.error}` : `${b.backend}${b.devices.length ? ` on ${b.devices.join(', ')}` : ''} (--gpu ${b.requested})`;
  const lines = [`node-llama-cpp ${r.nodeLlamaCpp}`, `backend: ${backend}`, `models folder: ${r.modelsDir}${r.modelsDirExists ? '' : ' (does not exist yet)'}`, 'profiles:'];
  if (r.profiles.length === 0) lines.push('  (none found)');
  for (const p of r.profiles) {
    lines.push(`  ${p.name}${p.strategy ? ` [${p.strategy}]` : ''}: ${p.error ? `unusable: ${p.error}` : p.ready ? 'ready' : 'not ready'}`);
    for (const f of p.files) {
      lines.push(`    ${f.role} ${f.file}: ${f.state}${f.detail ? ` (${f.detail})` : ''}`);
      if (f.peft) lines.push(...describePeftSummary(f.peft).map((l) => `      ${l}`));
    }
  }
  print(lines.join('\n'));
}

/** The folders a models command uses: its flags, else the host's (WORKBENCH_MODELS_DIR, WORKBENCH_PROFILES_DIR). */
function locationsFrom(flags: { 'models-dir'?: string; 'profiles-dir'?: string }): LocationOptions {
  const host = hostSettingsFromEnvironment();
  return { modelsDir: flags['models-dir'] ?? host.modelsDir, profilesDir: flags['profiles-dir'] ?? host.profilesDir, hubEndpoint: host.hubEndpoint };
}

function printUsage(): number {
  process.stdout.write(USAGE);
  return 0;
}

async function list(argv: string[]): Promise<number> {
  const { flags, help } = parseArgs(argv, SPECS.list);
  if (help) return printUsage();
  const dir = resolveModelsDir(locationsFrom(flags));
  const installed = await listInstalled(dir);
  if (flags.json) print(JSON.stringify({ modelsDir: dir, files: installed }, null, 2));
  else print([`models folder: ${dir}`, ...(installed.length ? installed.map(describeInstalled) : ['(no GGUF files)'])].join('\n'));
  return 0;
}

async function pull(argv: string[]): Promise<number> {
  const { flags, positionals, help } = parseArgs(argv, SPECS.pull, { positionals: { min: 1, max: 1, names: 'PROFILE (the profile whose files to download)' } });
  if (help) return printUsage();
  const name = positionals[0]!;
  const progress = progressPrinter();
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once('SIGINT', onSignal);
  try {
    const files = await pullProfile(name, {
      ...locationsFrom(flags),
      endpoint: flags.endpoint,
      token: await hubToken(hostSettingsFromEnvironment().hub),
      ...(flags['max-file-gb'] !== undefined ? { maxFileBytes: flags['max-file-gb'] * 1e9 } : {}),
      onProgress: progress.update,
      signal: controller.signal,
    });
    progress.done();
    for (const f of files) {
      print(`${f.role} ${f.file}: ${f.status}${f.hint ? ` (${f.hint})` : ''}`);
      if (f.peft) print(describePeftSummary(f.peft).map((l) => `  ${l}`).join('\n'));
      for (const warning of f.warnings ?? []) process.stderr.write(`warning: ${warning}\n`);
    }
    const missing = files.filter((f) => f.status === 'needs-conversion' || f.status === 'missing');
    if (missing.length) throw new UserInputError(`profile ${name} is not ready: ${missing.map((f) => `${f.file}: ${f.hint}`).join('; ')}`);
    return 0;
  } catch (err) {
    if (!controller.signal.aborted) throw err;
    progress.done();
    process.stderr.write('pull cancelled; run it again to continue\n');
    return 130; // the shell's code for a command ended by Ctrl-C
  } finally {
    process.off('SIGINT', onSignal);
    progress.done();
  }
}

async function importFile(argv: string[]): Promise<number> {
  const { flags, positionals, help } = parseArgs(argv, SPECS.import, { positionals: { min: 1, max: 1, names: 'FILE (the GGUF to import)' } });
  if (help) return printUsage();
  const dir = resolveModelsDir(locationsFrom(flags));
  const nameProblem = flags.name === undefined ? null : modelFileNameProblem(flags.name);
  if (nameProblem !== null) throw new UserInputError(`--name ${nameProblem}`);
  const r = await importModelFile(positionals[0]!, dir, { name: flags.name, base: flags.base, force: flags.force });
  print(`${r.alreadyInstalled ? 'already installed' : 'imported'}: ${r.path} (${r.kind}, ${r.architecture}, ${megabytes(r.sizeBytes)}, sha256 ${r.sha256})`);
  return 0;
}

/** A tensor-by-tensor progress line on stderr, only when a person is watching. */
function mergeProgress(): { update: (done: number, total: number, tensor: string) => void; done: () => void } {
  if (!process.stderr.isTTY) return { update: () => {}, done: () => {} };
  return {
    update: (done, total, tensor) => process.stderr.write(`\rmerging: ${done}/${total} tensors (${tensor})\x1b[K`),
    done: () => process.stderr.write('\n'),
  };
}

async function convertPeft(argv: string[]): Promise<number> {
  const { flags, positionals, help } = parseArgs(argv, SPECS['convert-peft'], { positionals: { min: 1, max: 1, names: 'DIR (the PEFT adapter folder)' } });
  if (help) return printUsage();
  if (!flags.out) throw new UserInputError(`missing --out FILE (the ${flags.merge ? 'merged model' : 'GGUF adapter'} to write)`);
  if (flags.merge && !flags.base) throw new UserInputError('--merge needs --base MODEL (the base model GGUF to merge the adapter into)');
  if (flags.merge && flags.outtype) throw new UserInputError("--outtype does not apply to --merge: the merged model keeps each tensor in the base's type");
  if (flags.profile && !flags.merge) throw new UserInputError('--profile needs --merge (a LoRA adapter goes into a profile as model.adapter)');
  const source = positionals[0]!;
  const out = resolve(flags.out);
  if (existsSync(out) && !flags.force) throw new UserInputError(`${flags.out} already exists; pass --force to replace it`);
  if (flags.base) await verifyForUse(flags.base);
  if (flags.profile) await loadProfile(flags.profile, locationsFrom(flags));
  await mkdir(dirname(out), { recursive: true });
  // Converted beside the target, checked, then moved over it: a failure leaves the old file.
  const staging = `${out}.converting.gguf`;
  try {
    if (flags.merge) {
      const progress = mergeProgress();
      const r = await mergePeftIntoGguf(source, flags.base!, staging, { onProgress: progress.update }).finally(progress.done);
      for (const warning of r.warnings) process.stderr.write(`warning: ${warning}\n`);
      await verifyForUse(staging);
      await commitFile(staging, out);
      print(
        `wrote ${out}: ${basename(flags.base!)} with ${basename(resolve(source))} merged in; ${r.changed.length} tensors changed (${r.pairs} LoRA pairs${r.dora ? ' with DoRA magnitudes' : ''}, ${r.savedModules} saved modules) in ${r.types.join('/')}` +
          (r.untiedOutput ? '; output.weight written apart from token_embd.weight, whose tie the adapter breaks' : ''),
      );
      if (flags.profile) {
        const file = relativeToModels(out, flags);
        print(`wrote ${await writeUserProfile(flags.profile, (json) => (json.model = { merged: { file } }), locationsFrom(flags))} (model.merged: ${file})`);
      } else print('use it in a profile as "model": { "merged": { "file": "..." } }, or pass --profile NAME');
      return 0;
    }
    const r = await convertPeftToGguf(source, staging, { outType: flags.outtype, name: basename(resolve(source)) });
    for (const warning of r.warnings) process.stderr.write(`warning: ${warning}\n`);
    if (flags.base) await verifyForUse(staging, { base: flags.base });
    await commitFile(staging, out);
    print(
      `wrote ${out}: LoRA for ${r.architecture}, ${r.layers} layers x ${r.modules.length} modules (${r.modules.join(', ')}), rank ${r.ranks.join('/')}, alpha ${r.alpha}, ${r.tensors} tensors from ${r.inputDtypes.join('/')}` +
        (r.rescaled ? `, ${r.rescaled} modules rescaled for per-module alpha or rsLoRA` : '') +
        (flags.base ? `; fits ${basename(flags.base)}` : ''),
    );
    return 0;
  } finally {
    await rm(staging, { force: true });
  }
}

/** A profile names files inside the models folder by their relative name, others by absolute path. */
function relativeToModels(path: string, flags: { 'models-dir'?: string; 'profiles-dir'?: string }): string {
  const rel = relative(resolveModelsDir(locationsFrom(flags)), path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split(sep).join('/') : path;
}

async function doctor(argv: string[]): Promise<number> {
  const { flags, help } = parseArgs(argv, SPECS.doctor);
  if (help) return printUsage();
  // The environment is read here, once; the API key goes to the servers, never into the report.
  const host = hostSettingsFromEnvironment();
  // The servers the app runs on (start-up and added from its Models screen), or --endpoint's.
  const models = resolveModelsDir(locationsFrom(flags));
  const servers = await serversFrom(flags.endpoint, host, models);
  let health: EndpointHealth[] = [];
  if (servers.endpoints.length > 0) {
    // The vocabulary check uses the seed models' tokenizer (Qwen2's), as the shipped profiles do.
    const vocab = await extractQwen2Vocab(qwen2VocabCachePath(models)).catch(() => undefined);
    health = await checkEndpoints(servers, vocab);
  }
  // After the servers' check: once the doctor's engine has let its llama.cpp go, a later
  // vocabulary load's log lines would reach stdout and break --json.
  const report = await runDoctor({ ...locationsFrom(flags), gpu: flags.gpu });
  if (flags.json) print(JSON.stringify({ ...report, endpoints: health }, null, 2));
  else {
    printDoctor(report);
    if (servers.endpoints.length > 0) print(['endpoints:', ...health.map(describeEndpoint)].join('\n'));
  }
  return 'error' in report.backend || health.some((h) => !h.ok) ? 1 : 0;
}

async function selftest(argv: string[]): Promise<number> {
  const { flags, positionals, help } = parseArgs(argv, SPECS.selftest, { positionals: { min: 0, max: 32, names: 'PROFILE... (default: every ready profile)' } });
  if (help) return printUsage();
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once('SIGINT', onSignal);
  try {
    if (!flags.json) print(`score = ${SCORE_RULE}`);
    const report = await runSelftest({
      profiles: positionals,
      apply: flags.apply,
      ...locationsFrom(flags),
      gpu: flags.gpu,
      threads: flags.threads,
      probes: { count: flags.probes ?? 2, parts: 4, passageChars: flags['passage-chars'] ?? 700 },
      signal: controller.signal,
      onRow: flags.json ? undefined : (row) => process.stderr.write(`${row.variant}: score ${row.figures.score.toFixed(3)}\n`),
    });
    if (flags.json) {
      print(JSON.stringify(report, null, 2));
      return 0;
    }
    if (report.rows.length === 0) throw new UserInputError('no profile is ready to test; pull one first (models pull simple)');
    print(`probe documents: ${report.probes.map((p) => `${p.name}, ${p.chars} chars, ${p.joins} joins`).join('; ')}`);
    for (const b of report.best) {
      print(`\n${b.profile}:\n${figuresTable(report.rows.filter((r) => r.profile === b.profile))}\nbest: ${b.variant} (score ${b.score.toFixed(3)})`);
    }
    for (const file of report.applied) print(`wrote ${file}`);
    if (!flags.apply && report.best.length) print('\nrun again with --apply to keep the best layout of each profile');
    return 0;
  } finally {
    process.off('SIGINT', onSignal);
  }
}

const SUBCOMMANDS: Record<string, (argv: string[]) => Promise<number>> = {
  list,
  pull,
  import: importFile,
  'convert-peft': convertPeft,
  doctor,
  selftest,
};

export default async function models(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (!sub || sub === '--help' || sub === '-h' || sub === 'help') {
    process.stdout.write(USAGE);
    return sub ? 0 : 2;
  }
  const run = Object.hasOwn(SUBCOMMANDS, sub) ? SUBCOMMANDS[sub] : undefined;
  if (!run) throw new UserInputError(`unknown models subcommand '${sub}' (${Object.keys(SUBCOMMANDS).join(', ')})`);
  return run(rest);
}
