/**
 * A departed endpoint comes back, against REAL llama-servers: server a is killed (SIGKILL), leaves
 * the rotation after its failures, is started again on the same port, is checked again after the
 * pool's back-off and rejoins, taking requests again. A server that comes back serving other
 * adapters stays out, with the reason as its last error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPool } from '../../electron/services/inference/completers/remote/connect';
import type { EndpointPool, RotationWarning } from '../../electron/services/inference/completers/remote/pool';
import { vocabTokenizer } from '../../electron/services/inference/completers/remote/vocab-tokenizer';
import type { WindowTokenizer } from '../../electron/services/inference/completers/seam';
import { tinyModelPath, tinyProfile } from '../inference/tiny-profiles';
import { FIXTURE_LORAS, serverSkipReason, startLlamaServer, type RunningServer } from '../support/llama-server';

const skip = serverSkipReason();

describe.skipIf(skip !== null)(`a departed endpoint rejoins the rotation${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let a: RunningServer;
  let b: RunningServer;
  let tokenizer: WindowTokenizer;
  beforeAll(async () => {
    [a, b] = await Promise.all([startLlamaServer({ parallel: 2 }), startLlamaServer({ parallel: 2 })]);
    tokenizer = (await vocabTokenizer(tinyModelPath)).tokenizer;
  });
  afterAll(async () => {
    await Promise.all([a?.kill(), b?.kill()]);
  });

  /** One short completion through the pool; resolves with the endpoint that answered. */
  function request(pool: EndpointPool): Promise<string> {
    const decoding = { ...(tinyProfile('simple').decoding as object), maxNewTokens: 2 } as never;
    return pool.run(async (e, signal) => {
      await e.client.complete({ tokens: tokenizer.tokenize('Call me Ishmael.'), decoding, signal });
      return e.client.endpoint.url;
    });
  }

  /** Requests one after another until the pool has said `code`. */
  async function until(pool: EndpointPool, said: { code: RotationWarning }[], code: RotationWarning): Promise<string[]> {
    const answered: string[] = [];
    while (!said.some((w) => w.code === code)) answered.push(await request(pool));
    return answered;
  }

  it('killed, restarted on the same port: checked again after the back-off and back in the rotation', async () => {
    const said: { code: RotationWarning; message: string }[] = [];
    let back!: () => void;
    const cameBack = new Promise<void>((resolve) => (back = resolve));
    const pool = await connectPool({ endpoints: [a.url, b.url] }, tokenizer, (message, code) => {
      said.push({ code, message });
      if (code === 'endpoint-back') back();
    });
    try {
      expect(new Set(await Promise.all([1, 2, 3, 4].map(() => request(pool))))).toEqual(new Set([a.url, b.url]));

      await a.kill();
      // Every request still succeeds (on b) while a fails its way out of the rotation.
      expect(new Set(await until(pool, said, 'endpoint-left'))).toEqual(new Set([b.url]));
      expect(said[0]!.message).toMatch(new RegExp(`${a.url.replace(/[.:/]/g, '\\$&')} left the rotation after 3 failures`));
      expect(pool.status().find((s) => s.url === a.url)).toMatchObject({ inRotation: false });
      expect(pool.parallel).toBe(2);

      a = await startLlamaServer({ parallel: 2, port: a.port });
      await cameBack;
      expect(said.at(-1)!.message).toMatch(new RegExp(`${a.url.replace(/[.:/]/g, '\\$&')} is back in the rotation after \\d+ s; 2 endpoints live`));
      expect(pool.status().find((s) => s.url === a.url)).toMatchObject({ inRotation: true });
      expect(pool.parallel).toBe(4);
      // It takes requests again: four at once fill both servers' two slots.
      expect(new Set(await Promise.all([1, 2, 3, 4].map(() => request(pool))))).toEqual(new Set([a.url, b.url]));
    } finally {
      pool.close();
    }
  });

  it('a server that comes back serving other adapters stays out, saying why', async () => {
    const said: { code: RotationWarning; message: string }[] = [];
    const pool = await connectPool({ endpoints: [a.url, b.url] }, tokenizer, (message, code) => said.push({ code, message }));
    try {
      await a.kill();
      await until(pool, said, 'endpoint-left');
      a = await startLlamaServer({ parallel: 2, port: a.port, loras: [FIXTURE_LORAS[0]!] });
      const statusOfA = () => pool.status().find((s) => s.url === a.url)!;
      while (!/came back serving/.test(statusOfA().lastError ?? '')) await new Promise((r) => setTimeout(r, 200));
      expect(statusOfA()).toMatchObject({ inRotation: false, lastError: expect.stringContaining('not what it served before; start a new run to use it') });
      expect(said.map((w) => w.code)).toEqual(['endpoint-left']);
      expect(new Set(await Promise.all([1, 2].map(() => request(pool))))).toEqual(new Set([b.url]));
    } finally {
      pool.close();
    }
  });
});
