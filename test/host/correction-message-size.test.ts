/**
 * An edit sends the edit: a one-boundary change of a 50,000-boundary correction, made in the
 * renderer's session store and saved through the renderer's own WebSocket client to the web
 * host, goes as one message whose size does not grow with the document (a size bound, measured
 * on the frames the client sent, not a timing). The file on disk then holds the edit.
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { segmentationFromCuts } from '../../shared/document/segmentation';
import { mergeWithNext, setTopic } from '../../shared/edit/operations';
import { WORKBENCH_SOCKET_PATH } from '../../shared/ipc/wire';
import { correctedFileSchema } from '../../shared/workspace/schema';
import { createWorkbenchService, type WorkbenchService } from '../../electron/services/workbench';
import { WorkspaceService } from '../../electron/services/workspace/workspace-service';
import { startWebHost, type WebHost } from '../../electron/web-host/server';
import { createSocketWorkbench, type SocketLike, type SocketWorkbench } from '../../renderer/ipc/socket-client';
import { resetCorrectionSync } from '../../renderer/services/corrections';
import { replaceWorkbench } from '../../renderer/services/workbench';
import { openWorkspaceDocument } from '../../renderer/services/workspace';
import { useSession } from '../../renderer/stores/session';
import { scratchDir } from '../support/scratch-dir';
import { sessionCookieFor } from './http-helpers';

const dir = scratchDir('correction-size-');
const LINE = 'A line that says one thing.\n';
/** `boundaries` segments of one line each, after a first one of two lines. */
const textOf = (boundaries: number) => LINE.repeat(boundaries + 2);
const cutsOf = (boundaries: number) => Array.from({ length: boundaries }, (_, i) => (i + 2) * LINE.length);

let service: WorkbenchService;
let host: WebHost;
let client: SocketWorkbench;
const ids: Record<number, string> = {};
/** Every text frame the client sent, as it went on the wire. */
const sent: string[] = [];

beforeAll(async () => {
  const setup = await WorkspaceService.open(path.join(dir, 'ws'), { readSource: async () => ({ text: '', sourceFormat: 'txt' }) });
  for (const boundaries of [5_000, 50_000]) {
    const text = textOf(boundaries);
    const id = (await setup.addDocument({ name: `lines-${boundaries}.txt`, text, sourceFormat: 'txt' })).id;
    await setup.saveCorrectionNow(id, segmentationFromCuts(text, cutsOf(boundaries)), null);
    ids[boundaries] = id;
  }
  await setup.close();
  await writeFile(path.join(dir, 'index.html'), '<!doctype html>');
  service = createWorkbenchService({ resourcesDir: path.resolve('resources'), workspaceDir: path.join(dir, 'ws') });
  host = await startWebHost({ service, rendererDir: dir, port: 0 });
  const headers = { Cookie: await sessionCookieFor(host.port, host.token), Origin: `http://127.0.0.1:${host.port}` };
  client = createSocketWorkbench(`ws://127.0.0.1:${host.port}${WORKBENCH_SOCKET_PATH}`, {
    createSocket: (url) => {
      const ws = new WebSocket(url, { headers });
      const send = ws.send.bind(ws);
      ws.send = ((data: unknown) => {
        if (typeof data === 'string') sent.push(data);
        send(data as string);
      }) as typeof ws.send;
      return ws as unknown as SocketLike;
    },
  });
  const storage = new Map<string, string>();
  vi.stubGlobal('localStorage', { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) });
  replaceWorkbench(client);
  resetCorrectionSync();
});

afterAll(async () => {
  replaceWorkbench(null);
  vi.unstubAllGlobals();
  client?.close();
  await host?.close();
  await service?.dispose();
});

/** The bytes of each workspaceSaveCorrection frame sent while `edit` runs and its save completes. */
async function savesDuring(edit: () => void): Promise<number[]> {
  const from = sent.length;
  edit();
  await vi.waitFor(() => expect(useSession.getState().saveStatus).toBe('saved'), { timeout: 30_000 });
  return sent
    .slice(from)
    .filter((frame) => (JSON.parse(frame) as { method: string }).method === 'workspaceSaveCorrection')
    .map((frame) => Buffer.byteLength(frame));
}

function onDisk(boundaries: number) {
  return correctedFileSchema.parse(JSON.parse(readFileSync(path.join(dir, 'ws', 'documents', ids[boundaries]!, 'corrected.json'), 'utf8')));
}

/** Opens the document in the page and makes the same two edits near its middle: the frames each sent. */
async function editMiddle(boundaries: number): Promise<{ merge: number[]; topic: number[] }> {
  expect(await openWorkspaceDocument(ids[boundaries]!)).toBe(true);
  expect(useSession.getState().current!.segmentation.boundaries).toHaveLength(boundaries);
  const middle = boundaries / 2;
  const merge = await savesDuring(() => useSession.getState().apply('merge', (t, s) => mergeWithNext(t, s, middle)));
  const topic = await savesDuring(() => useSession.getState().apply('topic', (t, s) => setTopic(t, s, middle + 10, 'A topic')));
  return { merge, topic };
}

describe('a one-boundary edit of a long correction, through the renderer client', () => {
  it('sends one small message, no larger for a document of 50,000 boundaries than for one of 5,000', async () => {
    const small = await editMiddle(5_000);
    const large = await editMiddle(50_000);
    for (const frames of [small.merge, small.topic, large.merge, large.topic]) expect(frames).toHaveLength(1);
    // A few hundred bytes, whatever the document: the envelope, the base and one offset or one note.
    expect(large.merge[0]!).toBeLessThan(400);
    expect(large.topic[0]!).toBeLessThan(400);
    // Offsets ten times larger have one more digit each: that is all that grows.
    expect(large.merge[0]! - small.merge[0]!).toBeLessThanOrEqual(8);
    expect(large.topic[0]! - small.topic[0]!).toBeLessThanOrEqual(8);
    // The whole correction, as every edit sent it before, is a thousand times that.
    const whole = JSON.stringify({ workspaceDocumentId: ids[50_000], segmentation: useSession.getState().current!.segmentation, basedOnStrategy: 'corrected' });
    expect(Buffer.byteLength(whole)).toBeGreaterThan(1000 * large.merge[0]!);

    // And the workspace holds the edits: revision 1 was written by the setup, one more per edit.
    const file = onDisk(50_000);
    expect(file.revision).toBe(3);
    expect(file.segmentation).toEqual(useSession.getState().current!.segmentation);
    expect(file.segmentation.boundaries).toHaveLength(49_999);
    expect(file.segmentation.notes[25_010]).toEqual({ topic: 'A topic' });
  });
});
