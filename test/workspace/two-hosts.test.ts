/**
 * Issue 23, item 4: two hosts on one workspace used to overwrite each other's corrections without
 * a word. Now the first host holds DIR/workspace.lock: a second `serve --workspace DIR` exits 2
 * naming it, a second service (another process) is refused with a `workspace-locked` code, a lock
 * whose process is gone is taken over, and a save based on an older revision than the one on
 * disk (a host that got past the lock: it was removed by hand) is refused with a `conflict`,
 * whether it is a whole correction or a change from the one this host saved.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { segmentationFromCuts } from '../../shared/document/segmentation';
import { diffSegmentations } from '../../shared/edit/segmentation-delta';
import { segmentationDigest } from '../../shared/edit/segmentation-digest';
import { createWorkbenchService } from '../../electron/services/workbench';
import { WorkspaceService } from '../../electron/services/workspace/workspace-service';
import { LOCK_FILE } from '../../electron/services/workspace/storage/workspace-lock';
import { scratchDir } from '../support/scratch-dir';

const root = scratchDir('two-hosts-');
let count = 0;
const newWorkspace = () => path.join(root, `ws-${++count}`);
const TEXT = 'The first part, about apples.\n\nThe second part, about pears.\n\nThe third part, about plums.\n';
const readSource = async () => ({ text: '', sourceFormat: 'txt' });
const tsx = (script: string, ...args: string[]) => [process.execPath, ['--import', 'tsx', path.resolve(script), ...args]] as const;

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** Starts a process and resolves with it once its first stdout line is there. */
function startUntilFirstLine(command: readonly [string, readonly string[]]): Promise<{ child: ChildProcess; line: string; exited: Promise<number | null> }> {
  const child = spawn(command[0], command[1], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) => resolve({ child, line, exited }));
    void exited.then((code) => reject(new Error(`exited (${code}) before a line: ${stderr}`)));
  });
}

const serve = (dir: string) => tsx('electron/cli/main.ts', 'serve', '--port', '0', '--workspace', dir);
const secondHost = (dir: string, ...args: string[]) => tsx('test/workspace/second-host.ts', dir, ...args);

describe('two hosts on one workspace', () => {
  it('a second serve --workspace exits 2 naming the first; once the first stops, the workspace is free', async () => {
    const dir = newWorkspace();
    const first = await startUntilFirstLine(serve(dir));
    expect(first.line).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=/);
    const lock = JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')) as { pid: number; hostname: string };
    expect(lock).toMatchObject({ pid: expect.any(Number), hostname: os.hostname() });

    const second = await promisify(execFile)(...serve(dir)).then(
      () => null,
      (err: { code: number; stdout: string; stderr: string }) => err,
    );
    expect(second).toMatchObject({ code: 2, stdout: '' });
    expect(second!.stderr).toMatch(new RegExp(`^error: .*the workspace .*ws-1 is open in another workbench \\(pid ${lock.pid} on ${os.hostname()}, since [^)]+\\)`));
    expect(second!.stderr.trim().split('\n')).toHaveLength(1);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    const third = await startUntilFirstLine(serve(dir));
    expect(third.line).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=/);
    third.child.kill('SIGTERM');
    await third.exited;
  });

  it('a service in another process holds the workspace; once it is killed, its stale lock is taken over', async () => {
    const dir = newWorkspace();
    const holder = await startUntilFirstLine(secondHost(dir, 'hold'));
    expect(holder.line).toBe('ready');
    const refused = WorkspaceService.open(dir, { readSource });
    await expect(refused).rejects.toMatchObject({ code: 'workspace-locked', message: expect.stringContaining(`pid ${holder.child.pid} on ${os.hostname()}`) });

    // Through the contract, as the desktop's File › Open Workspace Folder or a page sees it.
    const service = createWorkbenchService({ allowedDirs: [root] });
    try {
      await expect(service.call('workspaceOpen', { dir }, { transport: 'web' })).rejects.toMatchObject({ code: 'workspace-locked', message: expect.stringMatching(/is open in another workbench/) });

      holder.child.kill('SIGKILL');
      await holder.exited;
      // The lock is still there, but its process is gone: taken over.
      expect(existsSync(path.join(dir, LOCK_FILE))).toBe(true);
      expect(await service.call('workspaceOpen', { dir }, { transport: 'web' })).toMatchObject({ dir });
      expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    } finally {
      await service.dispose();
    }
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('one service per workspace in one process too, even when both open at once', async () => {
    const dir = newWorkspace();
    const ws = await WorkspaceService.open(dir, { readSource });
    await expect(WorkspaceService.open(dir, { readSource })).rejects.toMatchObject({ code: 'workspace-locked', message: expect.stringMatching(/is open in this workbench already/) });
    await ws.close();
    const both = await Promise.allSettled([WorkspaceService.open(dir, { readSource }), WorkspaceService.open(dir, { readSource })]);
    expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    for (const r of both) if (r.status === 'fulfilled') await r.value.close();
  });

  it('three processes racing for a stale lock: exactly one takes it over', async () => {
    const dir = newWorkspace();
    await (await WorkspaceService.open(dir, { readSource })).close();
    // The lock of a process that has exited, on this host.
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.once('exit', resolve));
    const stale = { format: 'segment-workbench-lock', version: 1, pid: gone.pid, hostname: os.hostname(), startedAt: new Date().toISOString(), nonce: '0'.repeat(32) };
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(stale));
    const racers = [0, 1, 2].map(() => {
      const [command, args] = secondHost(dir, 'hold');
      const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      children.push(child);
      return new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
    });
    const lines = await Promise.all(racers);
    expect(lines.filter((l) => l === 'ready')).toHaveLength(1);
    expect(lines.filter((l) => /^refused workspace-locked .*is open in another workbench \(pid \d+/.test(l))).toHaveLength(2);
  });

  it('a save based on an older revision than the one on disk is refused with a conflict, and the other host keeps its correction', async () => {
    const dir = newWorkspace();
    const ws = await WorkspaceService.open(dir, { readSource, autosave: { delayMs: 5, maxWaitMs: 20 } });
    const { id } = await ws.addDocument({ name: 'fruit.txt', text: TEXT, sourceFormat: 'txt' });
    expect((await ws.loadDocument(id)).corrected).toBeNull();

    // Someone removed the lock by hand, and another host (another process) saved a correction.
    rmSync(path.join(dir, LOCK_FILE));
    const other = await promisify(execFile)(...secondHost(dir, 'save', id));
    expect(other.stdout).toBe('saved 1\n');

    const mine = segmentationFromCuts(TEXT, [TEXT.indexOf('The third')]);
    await expect(ws.saveCorrection(id, mine, null)).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(/saved elsewhere meanwhile \(revision 1 on disk; this edit was based on revision 0\)/),
    });
    const onDisk = JSON.parse(readFileSync(path.join(dir, 'documents', id, 'corrected.json'), 'utf8')) as { revision: number; segmentation: { boundaries: number[] } };
    expect(onDisk).toMatchObject({ revision: 1, segmentation: { boundaries: [TEXT.indexOf('The second')] } });

    // Opened again, the document shows the other host's correction, and edits build on it.
    expect((await ws.loadDocument(id)).corrected?.revision).toBe(1);
    expect((await ws.saveCorrectionNow(id, mine, null)).revision).toBe(2);
    await ws.close();
  });

  it('a change based on the correction this host saved, after another host saved, is refused with a conflict too', async () => {
    const dir = newWorkspace();
    const ws = await WorkspaceService.open(dir, { readSource, autosave: { delayMs: 5, maxWaitMs: 20 } });
    const { id } = await ws.addDocument({ name: 'fruit.txt', text: TEXT, sourceFormat: 'txt' });
    const first = segmentationFromCuts(TEXT, [TEXT.indexOf('The third')]);
    const saved = await ws.saveCorrection(id, first, null);
    expect(saved).toEqual({ saved: true, revision: 1, digest: segmentationDigest(first) });

    rmSync(path.join(dir, LOCK_FILE));
    const other = await promisify(execFile)(...secondHost(dir, 'save', id));
    expect(other.stdout).toBe('saved 2\n');

    const mine = segmentationFromCuts(TEXT, [TEXT.indexOf('The second'), TEXT.indexOf('The third')]);
    const change = { baseRevision: 1, baseDigest: saved.digest!, ...diffSegmentations(first, mine) };
    await expect(ws.saveCorrectionChange(id, change, null)).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(/saved elsewhere meanwhile \(revision 2 on disk; this edit was based on revision 1\)/),
    });
    const onDisk = JSON.parse(readFileSync(path.join(dir, 'documents', id, 'corrected.json'), 'utf8')) as { revision: number; segmentation: { boundaries: number[] } };
    expect(onDisk).toMatchObject({ revision: 2, segmentation: { boundaries: [TEXT.indexOf('The second')] } });
    await ws.close();
  });
});
