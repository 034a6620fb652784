/**
 * Heavy work runs in worker threads (electron/services/worker) in every shape of the host: the
 * tsx entry (`npm run cli -- serve`) and the bundled command (`npx segment-workbench serve`,
 * dist/cli, which finds its bundled workers next to main.mjs). Through a real `serve` process and
 * two sockets: while one client's 5 MB TextTiling runs, the other client's calls are answered
 * BEFORE the run finishes, and Cancel finds it still running (`cancelled: true`) and stops it by
 * terminating its worker. No time is asserted; bench/off-loop.ts prints the times.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildCli } from '../../scripts/build-cli';
import { zip } from '../cli/support/zip';
import { startServe, TSX_ENTRY, type ServeHandle } from '../e2e/support/serve';
import { connectTo, probeOffLoop } from '../support/off-loop-probe';
import { framedCall } from '../support/raw-socket';

// Its own bundle under dist/ (npm packages resolve from there; chunks/ sits at dist/cli's depth).
const bundleDir = path.resolve('dist', `test-cli-${process.pid}`);
const hosts: Record<string, ServeHandle> = {};

beforeAll(async () => {
  const bundle = await buildCli(bundleDir);
  hosts['tsx entry'] = await startServe({ command: TSX_ENTRY });
  hosts['bundled command'] = await startServe({ command: [bundle] });
  // startServe builds the renderer first when it is older than its sources: a minute or more on a busy machine.
}, 300_000);

afterAll(async () => {
  await Promise.all(Object.values(hosts).map((host) => host.stop()));
  await rm(bundleDir, { recursive: true, force: true });
});

describe.each(['tsx entry', 'bundled command'])('heavy work off the event loop: %s', (which) => {
  it('answers a second client before a 5 MB TextTiling finishes, and Cancel finds it running and stops it', { timeout: 180_000 }, async () => {
    const seen = await probeOffLoop(hosts[which]!.url);
    // On the main thread, the second client's answers would wait for the run's end: the host would
    // then list it as finished, and Cancel would come too late (`cancelled: false`).
    expect(seen.secondClientMs).toHaveLength(5);
    expect(seen.statusAfterAnswers).toBe('running');
    expect(seen.endedBeforeCancel).toBe(false);
    expect(seen.cancelAnswer).toEqual({ cancelled: true });
    expect(seen.finalStatus).toBe('cancelled');
  });

  it("keeps the readers' errors as the user's input errors across the thread boundary", async () => {
    const client = await connectTo(hosts[which]!.url);
    try {
      const garbage = Buffer.from(zip({ 'junk.bin': new Uint8Array([1, 2, 3]) })).toString('base64');
      await expect(client.openDocument({ name: 'garbage.docx', dataBase64: garbage })).rejects.toMatchObject({
        code: 'bad-input',
        message: 'garbage.docx is not a readable .docx file: the archive has no word/document.xml (not a Word document)',
      });
    } finally {
      client.close();
    }
  });

  it('joins and checks a framed envelope in its worker and answers its refusal (issue 36)', { timeout: 60_000 }, async () => {
    const url = new URL(hosts[which]!.url);
    const socket = new WebSocket(`ws://${url.host}/workbench-socket?token=${url.searchParams.get('token')}`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    try {
      const ranges = Array.from({ length: 300_000 }, () => [0, 10]);
      const answer = new Promise<{ id: number; ok: boolean; error?: { code: string; message: string } }>((resolve) =>
        socket.once('message', (data) => resolve(JSON.parse(data.toString()) as never)),
      );
      for (const frame of framedCall(9, JSON.stringify({ id: 9, method: 'countTokens', params: { documentId: 'd', tokenizer: 'cl100k_base', ranges } }))) socket.send(frame);
      expect(await answer).toMatchObject({ id: 9, ok: false, error: { code: 'invalid-params', message: expect.stringMatching(/<=200000 items/) } });
    } finally {
      socket.close();
    }
  });
});
