/**
 * A framed envelope from Chromium (issue 36): the host reads frames of at most 1 MiB, so a call
 * over that goes as a header and 1 MiB pieces (shared/ipc/framed-envelope.ts). In the served
 * page, with the page's own cookie and origin, a socket sends a 200,000-range countTokens framed
 * exactly as the page's client does (a text header, then Blob pieces), and gets the same counts
 * as the same ranges in calls of one frame; a single text frame over 1 MiB closes the socket with
 * 1009. (The page's client code itself is driven through the real host by
 * test/host/framed-envelope.test.ts; no page action makes a call this large cheaply.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openServedWorkbench, type ServedWorkbench } from './support';

describe('a framed envelope from the browser', () => {
  let served: ServedWorkbench | undefined;

  beforeAll(async () => {
    served = await openServedWorkbench();
  });

  afterAll(async () => {
    await served?.close();
  });

  it('is answered as the same ranges in calls of one frame; one frame over 1 MiB closes 1009', async () => {
    const { page } = served!.session;
    const seen = await page.evaluate(async () => {
      const PIECE = 1 << 20;
      const open = () =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(`ws://${location.host}/workbench-socket`);
          ws.onopen = () => resolve(ws);
          ws.onerror = () => reject(new Error('no socket'));
        });
      const ws = await open();
      const answers = new Map<number, { ok: boolean; result?: { id?: string; counts?: number[] }; error?: { message: string } }>();
      ws.onmessage = (ev) => {
        if (typeof ev.data !== 'string') return;
        const message = JSON.parse(ev.data) as { id?: number };
        if (typeof message.id === 'number') answers.set(message.id, message as never);
      };
      const answer = async (id: number) => {
        while (!answers.has(id)) await new Promise((resolve) => setTimeout(resolve, 20));
        return answers.get(id)!;
      };
      const text = 'Words of a document to count tokens in, with some punctuation: commas, dots. '.repeat(30);
      ws.send(JSON.stringify({ id: 1, method: 'openDocument', params: { name: 'count.txt', dataBase64: btoa(text) } }));
      const documentId = (await answer(1)).result!.id!;
      const ranges = Array.from({ length: 200_000 }, (_, i) => [i % 1000, (i % 1000) + 1 + ((i * 7) % 60)]);
      const bytes = new TextEncoder().encode(JSON.stringify({ id: 2, method: 'countTokens', params: { documentId, tokenizer: 'cl100k_base', ranges } }));
      ws.send(JSON.stringify({ id: 2, envelope: { bytes: bytes.length } }));
      for (let at = 0; at < bytes.length; at += PIECE) ws.send(new Blob([bytes.subarray(at, at + PIECE)]));
      const framed = await answer(2);
      const inParts: number[] = [];
      for (let at = 0, id = 3; at < ranges.length; at += 20_000, id++) {
        ws.send(JSON.stringify({ id, method: 'countTokens', params: { documentId, tokenizer: 'cl100k_base', ranges: ranges.slice(at, at + 20_000) } }));
        inParts.push(...(await answer(id)).result!.counts!);
      }
      const over = await open();
      const closed = new Promise<number>((resolve) => (over.onclose = (ev) => resolve(ev.code)));
      over.send(' '.repeat(PIECE + 1));
      return { bytes: bytes.length, framed: framed.result?.counts ?? framed.error, inParts, closeCode: await closed };
    });
    expect(seen.bytes).toBeGreaterThan(1 << 20);
    expect(seen.inParts).toHaveLength(200_000);
    expect(seen.framed).toEqual(seen.inParts);
    expect(seen.closeCode).toBe(1009);
  }, 120_000);
});
