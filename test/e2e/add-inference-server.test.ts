/**
 * Adding an inference server from the Models screen (issue 25, item 9), through `cli serve` in
 * Debian's Chromium, against a loopback HTTP server in this test that answers as llama-server
 * does what the client asks (`/props`, `/lora-adapters`, `/tokenize` with the real Qwen2 ids of
 * the probe text) and records the Authorization header of every request: the server is listed
 * with its state, its key reaches it and never comes back to the page, the Run panel offers the
 * servers at once, a reload still lists it (the host keeps it in the models folder, 0600), and it
 * can be removed.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOCABULARY_PROBE } from '../../electron/services/inference/completers/remote/connect';
import { ENDPOINTS_FILE } from '../../electron/services/inference/completers/remote/endpoint-store';
import { vocabTokenizer } from '../../electron/services/inference/completers/remote/vocab-tokenizer';
import { extractQwen2Vocab, qwen2VocabCachePath } from '../../electron/services/tokenizer/qwen2-vocab';
import { fixtureModelsDir, tinyModelPath, tinyProfile } from '../inference/tiny-profiles';
import { scratchDir } from '../support/scratch-dir';
import { openServedWorkbench, type ServedWorkbench, type WorkbenchSession } from './support';

const dir = scratchDir('e2e-add-server-');
const modelsDir = join(dir, 'models');
const API_KEY = 'e2e-server-key-4f9c2a';

describe('adding an inference server from the Models screen', () => {
  let served: ServedWorkbench | undefined;
  let session: WorkbenchSession;
  let fake: Server;
  let url: string;
  const authorizations: (string | undefined)[] = [];
  /** Every WebSocket frame the page received from the host. */
  const received: string[] = [];

  beforeAll(async () => {
    mkdirSync(modelsDir);
    // The vocabulary the host checks servers against, extracted here first (the host then finds it cached).
    const probeIds = (await vocabTokenizer(await extractQwen2Vocab(qwen2VocabCachePath(modelsDir)))).tokenizer.tokenize(VOCABULARY_PROBE, false).map(Number);
    fake = createServer((req, res) => {
      authorizations.push(req.headers.authorization);
      res.setHeader('Content-Type', 'application/json');
      if (req.url === '/props') res.end(JSON.stringify({ total_slots: 3, model_path: '/srv/models/served-qwen2.gguf', default_generation_settings: { n_ctx: 2048 } }));
      else if (req.url === '/lora-adapters') res.end('[]');
      else if (req.url === '/tokenize') res.end(JSON.stringify({ tokens: probeIds }));
      else {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { message: 'not found' } }));
      }
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;

    // A model strategy that is ready (its files named by absolute path), so the Run panel can offer the servers for it.
    const profiles = join(dir, 'profiles');
    mkdirSync(profiles);
    const topic = tinyProfile('topic', { model: { base: { file: tinyModelPath }, adapter: { file: join(fixtureModelsDir, 'tiny-lora-topic.gguf'), scale: 1 } } });
    writeFileSync(join(profiles, 'topic.json'), JSON.stringify({ ...topic, name: 'topic' }));
    served = await openServedWorkbench({ args: ['--models-dir', modelsDir, '--profiles', profiles] });
    session = served.session;
    session.page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => received.push(typeof payload === 'string' ? payload : payload.toString('utf8'))));
    // Reloaded so that the page's socket is one this test listens to from its first frame.
    await session.page.reload();
    await session.page.locator('[data-testid="app"]').waitFor();
  });

  afterAll(async () => {
    await served?.close();
    await new Promise((resolve) => fake?.close(resolve));
  });

  const section = () => session.page.locator('[data-testid="inference-servers"]');
  const row = () => section().locator(`[data-testid="endpoint"][data-endpoint="${url}"]`);
  const backendOptions = () => session.page.locator('[data-testid="backend-select"] option').allTextContents();

  it('adds the server with its key: listed with its state, the key sent to it alone and never back, the Run panel offering it at once', async () => {
    const { page } = session;
    await expect.poll(() => page.locator('[data-testid="strategy-select"] option').allTextContents(), { timeout: 60_000 }).toContain('topic (model)');
    await page.locator('[data-testid="strategy-select"]').selectOption('topic');
    await page.getByRole('button', { name: 'Models', exact: true }).click();
    await expect.poll(() => section().textContent(), { timeout: 60_000 }).toContain('None yet');
    expect(await page.locator('[data-testid="backend-select"]').count()).toBe(0);

    // A bad URL is refused with the reason, and nothing is added.
    await page.locator('[data-testid="endpoint-url"]').fill('gpu1 port 8080');
    await page.locator('[data-testid="endpoint-add"]').click();
    await expect.poll(() => page.locator('.notice-error').last().textContent()).toMatch(/the server URL 'gpu1 port 8080' is not a URL; give one like http:\/\/127\.0\.0\.1:8080/);

    await page.locator('[data-testid="endpoint-url"]').fill(url);
    await page.locator('[data-testid="endpoint-api-key"]').fill(API_KEY);
    await page.locator('[data-testid="endpoint-add"]').click();
    await expect.poll(() => row().textContent(), { timeout: 60_000 }).toMatch(/ok llama-server · served-qwen2\.gguf · 3 slots · adapters: none.*\(added here, with a key\)/);
    expect(await row().getAttribute('data-source')).toBe('added');
    // The form is cleared: the key is not left on the page.
    expect(await page.locator('[data-testid="endpoint-api-key"]').inputValue()).toBe('');
    expect(await page.locator('[data-testid="endpoint-url"]').inputValue()).toBe('');
    await session.screenshot('add-inference-server-models');

    // The same URL again is a duplicate.
    await page.locator('[data-testid="endpoint-url"]').fill(`${url}/`);
    await page.locator('[data-testid="endpoint-add"]').click();
    await expect.poll(() => page.locator('.notice-error').last().textContent()).toContain(`${url} is listed already: it was added before`);
    await page.locator('[data-testid="endpoint-url"]').fill('');

    expect(authorizations.length).toBeGreaterThan(0);
    expect([...new Set(authorizations)]).toEqual([`Bearer ${API_KEY}`]);
    expect(received.length).toBeGreaterThan(0);
    expect(received.filter((frame) => frame.includes(API_KEY))).toEqual([]);
    expect(await page.content()).not.toContain(API_KEY);
    expect(statSync(join(modelsDir, ENDPOINTS_FILE)).mode & 0o777).toBe(0o600);

    // The Run panel, without a reload: the chosen model strategy can run on the server.
    await page.locator('[data-testid="tab-workbench"]').click();
    await expect.poll(backendOptions).toEqual(['this machine', 'inference servers (1)']);
    await session.screenshot('add-inference-server-run-panel');
  });

  it('still lists the server after a reload, and removes it', async () => {
    const { page } = session;
    await page.reload();
    await page.locator('[data-testid="app"]').waitFor();
    await page.getByRole('button', { name: 'Models', exact: true }).click();
    await expect.poll(() => row().textContent(), { timeout: 60_000 }).toMatch(/ok llama-server · served-qwen2\.gguf · 3 slots.*\(added here, with a key\)/);
    expect(received.filter((frame) => frame.includes(API_KEY))).toEqual([]);

    await row().getByRole('button', { name: `Remove ${url}` }).click();
    await expect.poll(() => row().count()).toBe(0);
    await expect.poll(() => section().textContent()).toContain('None yet');
    await page.locator('[data-testid="tab-workbench"]').click();
    await page.locator('[data-testid="strategy-select"]').selectOption('topic');
    await expect.poll(() => page.locator('[data-testid="backend-select"]').count()).toBe(0);
    expect([...new Set(authorizations)]).toEqual([`Bearer ${API_KEY}`]);
    expect(session.errors).toEqual([]);
  });
});
