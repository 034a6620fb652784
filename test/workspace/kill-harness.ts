/**
 * The kill test's engine, shared by the CI test (test/workspace/kill.test.ts, a few dozen kills)
 * and the benchmark (`npm run bench:kill`, 100 kills or more): a child process writes corrections
 * through the workspace service and logs each one only after its save promise resolved; it is
 * SIGKILLed at random moments, `kills` times, and after each kill (1) every acknowledged
 * correction, run and document must be on disk and (2) every workspace JSON file must parse and
 * validate, i.e. no file is ever half-written. Seeded: a failure names its seed and kill, and
 * `--seed` replays it.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { assertValidSegmentation } from '../../shared/document/segmentation';
import { correctedFileSchema, documentRecordSchema, runFileSchema, workspaceLockSchema, workspaceMarkerSchema } from '../../shared/workspace/schema';
import { seededRandom } from '../../shared/util/seeded-random';
import { TEMP_SUFFIX } from '../../electron/services/workspace/storage/atomic-file';
import { WorkspaceService } from '../../electron/services/workspace/workspace-service';
import { correctionTopic, killTestText, lineStartOffsets } from './kill-fixture';

export interface KillTestOptions {
  kills: number;
  seed: number;
  /** Told after each kill (the benchmark prints progress). */
  onKill?: (kill: number) => void;
}

export interface KillTestReport {
  seed: number;
  kills: number;
  /** Corrections the writer was told were saved, over all kills. */
  acknowledgedCorrections: number;
  /** Temp files killed writers left behind (all removed when the workspace is reopened). */
  tempFilesLeft: number;
  /** Boundaries in the corrected file after the last reopen. */
  savedBoundaries: number;
}

/** A broken promise of the workspace: the message names the seed and the kill, to replay it. */
export class KillTestFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KillTestFailure';
  }
}

function runWriterUntilKilled(bundle: string, args: string[], killAfterMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let killed = false;
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      if (!killed && d.toString().includes('ready')) {
        killed = true;
        setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      }
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve();
      else reject(new Error(`the writer exited by itself (code ${code}): ${stderr}`));
    });
  });
}

/** Every file in the workspace: each JSON file must parse and validate; anything else must be a source or a temp file. */
function checkEveryFile(workspaceDir: string): { temps: number } {
  let temps = 0;
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(file);
        continue;
      }
      if (entry.name.endsWith(TEMP_SUFFIX)) {
        temps++;
        continue;
      }
      if (entry.name === 'source.txt') continue;
      const json: unknown = JSON.parse(readFileSync(file, 'utf8')); // throws on a half-written file
      const schema =
        entry.name === 'workspace.json' ? workspaceMarkerSchema
        // The killed writer's lock: whole (it appears by a link), and taken over by the next writer.
        : entry.name === 'workspace.lock' ? workspaceLockSchema
        : entry.name === 'document.json' ? documentRecordSchema
        : entry.name === 'corrected.json' ? correctedFileSchema
        : path.basename(dir) === 'runs' ? runFileSchema
        : null;
      if (!schema) throw new Error(`unexpected file in the workspace: ${file}`);
      schema.parse(json);
    }
  };
  walk(workspaceDir);
  return { temps };
}

function acknowledgedLines(sideLog: string): string[] {
  return existsSync(sideLog) ? readFileSync(sideLog, 'utf8').split('\n').filter(Boolean) : [];
}

/** Checks that everything acknowledged so far is on disk. */
function checkAcknowledged(workspaceDir: string, id: string, sideLog: string, text: string, where: string): void {
  const starts = lineStartOffsets(text);
  const acknowledged = acknowledgedLines(sideLog);
  const corrections = acknowledged.filter((l) => l.startsWith('correction ')).map((l) => Number(l.split(' ')[1]));
  const correctedFile = path.join(workspaceDir, 'documents', id, 'corrected.json');
  if (!existsSync(correctedFile)) {
    if (corrections.length > 0) throw new KillTestFailure(`${where}: ${corrections.length} corrections acknowledged, but no corrected.json`);
    return;
  }
  const seg = correctedFileSchema.parse(JSON.parse(readFileSync(correctedFile, 'utf8'))).segmentation;
  assertValidSegmentation(text, seg);
  const topicAt = new Map(seg.boundaries.map((b, i) => [b, seg.notes[i + 1]?.topic]));
  for (const k of corrections) {
    if (topicAt.get(starts[k] as number) !== correctionTopic(k)) throw new KillTestFailure(`${where}: correction ${k} was acknowledged but is not on disk`);
  }
  for (const line of acknowledged.filter((l) => l.startsWith('run '))) {
    const k = Number(line.split(' ')[1]);
    const saved = runFileSchema.parse(JSON.parse(readFileSync(path.join(workspaceDir, 'documents', id, 'runs', 'structural.json'), 'utf8')));
    if (Number(saved.result.meta.k) < k) throw new KillTestFailure(`${where}: run ${k} was acknowledged, but the saved run is ${String(saved.result.meta.k)}`);
  }
  for (const line of acknowledged.filter((l) => l.startsWith('document '))) {
    const docId = line.split(' ')[1] as string;
    if (!existsSync(path.join(workspaceDir, 'documents', docId, 'document.json'))) throw new KillTestFailure(`${where}: document ${docId} was acknowledged but has no record`);
  }
}

export async function runKillTest(options: KillTestOptions): Promise<KillTestReport> {
  const { kills, seed } = options;
  const root = mkdtempSync(path.join(tmpdir(), 'kill-test-'));
  try {
    const bundle = path.join(root, 'kill-writer.mjs');
    const workspaceDir = path.join(root, 'workspace');
    const sideLog = path.join(root, 'acknowledged.log');
    const text = killTestText();
    await build({
      entryPoints: [path.join(import.meta.dirname, 'kill-writer.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile: bundle,
      logLevel: 'silent',
    });
    const readSource = async () => ({ text, sourceFormat: 'txt' });
    const setup = await WorkspaceService.open(workspaceDir, { readSource });
    const id = (await setup.addDocument({ name: 'kill test.txt', text, sourceFormat: 'txt' })).id;
    await setup.close();

    const rand = seededRandom(seed);
    let tempFilesLeft = 0;
    for (let kill = 0; kill < kills; kill++) {
      // Vary the debounce too: from write-on-almost-every-change to the real one-second bound.
      const delayMs = Math.floor(rand() * 20);
      const maxWaitMs = delayMs + Math.floor(rand() * 100);
      await runWriterUntilKilled(bundle, [workspaceDir, id, sideLog, String(delayMs), String(maxWaitMs)], Math.floor(rand() * 400));
      const where = `seed ${seed}, kill ${kill + 1} of ${kills}`;
      try {
        tempFilesLeft += checkEveryFile(workspaceDir).temps;
      } catch (err) {
        throw new KillTestFailure(`${where}: ${(err as Error).message}`);
      }
      checkAcknowledged(workspaceDir, id, sideLog, text, where);
      options.onKill?.(kill + 1);
    }
    const acknowledgedCorrections = acknowledgedLines(sideLog).filter((l) => l.startsWith('correction ')).length;

    // Reopening cleans up the temp files killed writers left, and shows the corrections.
    const reopened = await WorkspaceService.open(workspaceDir, { readSource });
    const left = checkEveryFile(workspaceDir).temps;
    if (left !== 0) throw new KillTestFailure(`seed ${seed}: ${left} temp files are left after reopening`);
    const state = await reopened.loadDocument(id);
    await reopened.close();
    const savedBoundaries = state.corrected?.segmentation.boundaries.length ?? 0;
    if (savedBoundaries < acknowledgedCorrections) {
      throw new KillTestFailure(`seed ${seed}: ${acknowledgedCorrections} corrections acknowledged, ${savedBoundaries} boundaries saved`);
    }
    return { seed, kills, acknowledgedCorrections, tempFilesLeft, savedBoundaries };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
