import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { splitAt } from '../../../../shared/edit/operations';
import { UserError } from '../../../../shared/errors';
import { WORKSPACE_VERSION } from '../../../../shared/workspace/schema';
import { WorkspaceService } from '../workspace-service';
import { NewerWorkspaceVersionError, toCurrentVersion } from './migrations';

// Written by the build whose files were version 1 (one copied document, a structural run, a correction).
const FIXTURE = fileURLToPath(new URL('../../../../test/fixtures/workspace-v1', import.meta.url));
const ID = 'three-parts-txt-e9b2e9a9';
const readSource = async () => {
  throw new Error('the fixture references no file');
};

let dir: string;
beforeEach(() => {
  dir = path.join(mkdtempSync(path.join(tmpdir(), 'workspace-migration-')), 'ws');
  cpSync(FIXTURE, dir, { recursive: true });
});
afterEach(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

const open = () => WorkspaceService.open(dir, { readSource, autosave: { delayMs: 5, maxWaitMs: 20 } });
const json = (...parts: string[]) => JSON.parse(readFileSync(path.join(dir, ...parts), 'utf8')) as Record<string, unknown>;
const setVersion = (version: number, ...parts: string[]) => writeFileSync(path.join(dir, ...parts), JSON.stringify({ ...json(...parts), version }));

describe('workspace format migrations', () => {
  it('the current version is 2, and version 1 is still read', () => {
    expect(WORKSPACE_VERSION).toBe(2);
    expect(json('workspace.json').version).toBe(1);
  });

  it('opens a version-1 workspace: its documents, runs and correction read as they were', async () => {
    const ws = await open();
    // Opening upgrades the marker, so that a version-1 build refuses the folder as a whole.
    expect(json('workspace.json')).toMatchObject({ format: 'segment-workbench-workspace', version: 2, createdAt: '2026-12-03T19:05:46.240Z' });
    const { documents, damaged } = await ws.scanDocuments();
    expect(damaged).toEqual([]);
    expect(documents.map((d) => [d.id, d.name, d.strategies, d.corrected?.revision, d.corrected?.reviewed])).toEqual([[ID, 'three-parts.txt', ['structural'], 1, 1]]);
    const state = await ws.loadDocument(ID);
    expect(state.text.startsWith('First part of the text.')).toBe(true);
    expect(state.source).toEqual({ state: 'unchanged' });
    expect(state.runs.map((r) => [r.version, r.result.strategy, r.result.segmentation.boundaries])).toEqual([[2, 'structural', [25, 59]]]);
    expect(state.corrected).toMatchObject({ version: 2, revision: 1, segmentation: { boundaries: [25, 59] } });
    // Reading rewrites nothing: the document's files stay version 1 until they are saved.
    expect(json('documents', ID, 'corrected.json').version).toBe(1);
    expect(json('documents', ID, 'runs', 'structural.json').version).toBe(1);
    await ws.close();
  });

  it('a correction saved over a version-1 one is written at version 2, one revision on', async () => {
    const ws = await open();
    const state = await ws.loadDocument(ID);
    const split = splitAt(state.text, state.corrected!.segmentation, state.text.indexOf('after a blank'));
    const saved = await ws.saveCorrection(ID, split, state.corrected!.basedOn);
    expect(saved.revision).toBe(2);
    await ws.close();
    expect(json('documents', ID, 'corrected.json')).toMatchObject({ version: 2, revision: 2, basedOn: { strategy: 'structural' } });
    const reopened = await open();
    expect((await reopened.loadDocument(ID)).corrected?.segmentation.boundaries).toHaveLength(3);
    await reopened.close();
  });

  it('refuses a workspace of a newer version, saying so, and writes nothing into it', async () => {
    setVersion(3, 'workspace.json');
    const before = readFileSync(path.join(dir, 'workspace.json'), 'utf8');
    const refused = await open().then(() => null, (err: unknown) => err);
    expect(refused).toBeInstanceOf(NewerWorkspaceVersionError);
    expect(refused).toBeInstanceOf(UserError);
    expect((refused as Error).message).toMatch(/workspace\.json .* was written by a newer Segment Workbench \(workspace format version 3; this one reads versions 1 to 2\)/);
    expect(readFileSync(path.join(dir, 'workspace.json'), 'utf8')).toBe(before);
  });

  it('lists a document file of a newer version as damaged with no repair (setting it aside would hide it)', async () => {
    setVersion(3, 'documents', ID, 'corrected.json');
    const ws = await open();
    const { documents, damaged } = await ws.scanDocuments();
    expect(documents).toEqual([]);
    expect(damaged).toEqual([{ id: ID, file: `documents/${ID}/corrected.json`, reason: expect.stringMatching(/newer Segment Workbench \(workspace format version 3/) as unknown, repair: null }]);
    await expect(ws.loadDocument(ID)).rejects.toThrow(/newer Segment Workbench/);
    await ws.close();
  });

  it('brings each older version up step by step, and leaves what it cannot read to the schema', () => {
    expect(toCurrentVersion({ format: 'x', version: 1, a: [1] }, 'f.json')).toEqual({ format: 'x', version: 2, a: [1] });
    expect(toCurrentVersion({ format: 'x', version: 2 }, 'f.json')).toEqual({ format: 'x', version: 2 });
    for (const odd of [null, [], 'text', { version: '1' }, { version: 1.5 }, { version: 0 }]) expect(toCurrentVersion(odd, 'f.json')).toBe(odd);
    expect(() => toCurrentVersion({ version: 7 }, 'dir/f.json')).toThrow(NewerWorkspaceVersionError);
  });
});
