/**
 * The kill test: a child process writes corrections through the workspace service and logs each
 * one only after its save promise resolved; we SIGKILL it at random moments, many times, and check
 * that (1) every acknowledged correction, run and document is on disk, and (2) every workspace
 * JSON file parses and validates, i.e. no file is ever half-written.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertValidSegmentation } from '../../shared/document/segmentation';
import {
  correctedFileSchema, documentRecordSchema, runFileSchema, workspaceMarkerSchema,
} from '../../shared/workspace/schema';
import { WorkspaceService } from '../../electron/services/workspace/workspace-service';
import { TEMP_SUFFIX } from '../../electron/services/workspace/atomic-file';
import { seededRandom } from '../../shared/util/seeded-random';
import { correctionTopic, killTestText, lineStartOffsets } from './kill-fixture';

const RUNS = 30;
const root = mkdtempSync(path.join(tmpdir(), 'kill-test-'));
const bundle = path.join(root, 'kill-writer.mjs');
const workspaceDir = path.join(root, 'workspace');
const sideLog = path.join(root, 'acknowledged.log');
const text = killTestText();
const starts = lineStartOffsets(text);

function runWriterUntilKilled(id: string, killAfterMs: number, delayMs: number, maxWaitMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle, workspaceDir, id, sideLog, String(delayMs), String(maxWaitMs)], { stdio: ['ignore', 'pipe', 'pipe'] });
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
      if (signal === 'SIGKILL') resolve(stderr);
      else reject(new Error(`the writer exited by itself (code ${code}): ${stderr}`));
    });
  });
}

/** Every file in the workspace: each JSON file must parse and validate; anything else must be a source or a temp file. */
function checkEveryFile(): { temps: number } {
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
      const content = readFileSync(file, 'utf8');
      if (entry.name === 'source.txt') continue;
      const json: unknown = JSON.parse(content); // throws on a half-written file
      const schema =
        entry.name === 'workspace.json' ? workspaceMarkerSchema
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

describe('the kill test', () => {
  let id = '';

  beforeAll(async () => {
    await build({
      entryPoints: [path.join(import.meta.dirname, 'kill-writer.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile: bundle,
      logLevel: 'silent',
    });
    const service = await WorkspaceService.open(workspaceDir, { readSource: async () => ({ text, sourceFormat: 'txt' }) });
    id = (await service.addDocument({ name: 'kill test.txt', text, sourceFormat: 'txt' })).id;
    await service.close();
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it(`keeps every acknowledged correction and never half-writes a file, over ${RUNS} SIGKILLs`, async () => {
    const seed = Date.now() % 100_000;
    // Seeded, so a failure can be replayed (the seed is in every message).
    const rand = seededRandom(seed);
    let tempsSeen = 0;
    for (let run = 0; run < RUNS; run++) {
      // Vary the debounce too: from write-on-almost-every-change to the real one-second bound.
      const delayMs = Math.floor(rand() * 20);
      const maxWaitMs = delayMs + Math.floor(rand() * 100);
      await runWriterUntilKilled(id, Math.floor(rand() * 400), delayMs, maxWaitMs);
      tempsSeen += checkEveryFile().temps;

      const acknowledged = existsSync(sideLog) ? readFileSync(sideLog, 'utf8').split('\n').filter(Boolean) : [];
      const corrections = acknowledged.filter((l) => l.startsWith('correction ')).map((l) => Number(l.split(' ')[1]));
      const correctedFile = path.join(workspaceDir, 'documents', id, 'corrected.json');
      if (!existsSync(correctedFile)) {
        expect(corrections, `seed ${seed}, run ${run}: corrections acknowledged, but no corrected.json`).toEqual([]);
        continue;
      }
      const seg = correctedFileSchema.parse(JSON.parse(readFileSync(correctedFile, 'utf8'))).segmentation;
      assertValidSegmentation(text, seg);
      const topicAt = new Map(seg.boundaries.map((b, i) => [b, seg.notes[i + 1]?.topic]));
      for (const k of corrections) {
        expect(topicAt.get(starts[k] as number), `seed ${seed}, run ${run}: correction ${k} was acknowledged but is not on disk`).toBe(correctionTopic(k));
      }
      for (const line of acknowledged.filter((l) => l.startsWith('run '))) {
        const k = Number(line.split(' ')[1]);
        const saved = runFileSchema.parse(JSON.parse(readFileSync(path.join(workspaceDir, 'documents', id, 'runs', 'structural.json'), 'utf8')));
        expect(Number(saved.result.meta.k), `seed ${seed}: run ${k} was acknowledged`).toBeGreaterThanOrEqual(k);
      }
      for (const line of acknowledged.filter((l) => l.startsWith('document '))) {
        const docId = line.split(' ')[1] as string;
        expect(existsSync(path.join(workspaceDir, 'documents', docId, 'document.json')), `seed ${seed}: document ${docId}`).toBe(true);
      }
    }
    const finalCount = readFileSync(sideLog, 'utf8').split('\n').filter((l) => l.startsWith('correction ')).length;
    process.stdout.write(`kill test: seed ${seed}, ${RUNS} kills, ${finalCount} acknowledged corrections, ${tempsSeen} temp files left by kills\n`);
    expect(finalCount).toBeGreaterThan(0);

    // Reopening cleans up the temp files killed writers left, and shows the corrections.
    const service = await WorkspaceService.open(workspaceDir, { readSource: async () => ({ text, sourceFormat: 'txt' }) });
    expect(checkEveryFile().temps).toBe(0);
    const state = await service.loadDocument(id);
    expect(state.corrected?.segmentation.boundaries.length).toBeGreaterThanOrEqual(finalCount);
    await service.close();
  }, 240_000);
});
