/**
 * Bad input for the remote backend, each against a real llama-server (or a port where none
 * listens): a clear RemoteError naming the endpoint and the fix, and exit 2 with one `error:` line in
 * the CLI. The API key travels to the server and nowhere else.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDocument } from '../../shared/document/document-info';
import { runModelStrategy } from '../../electron/services/strategies/run-model-strategy';
import { connectPool } from '../../electron/services/inference/completers/remote/connect';
import { remoteCompleter } from '../../electron/services/inference/completers/remote/remote-completer';
import { vocabTokenizer } from '../../electron/services/inference/completers/remote/vocab-tokenizer';
import { extractBundleFile } from '../../electron/services/tokenizer/qwen2-vocab';
import { fixtureModelsDir, mobyDickOpening, repoRoot, tinyModelPath, tinyProfile, writeTinyProfiles } from '../inference/tiny-profiles';
import { freePort, serverSkipReason, startLlamaServer, type RunningServer } from '../support/llama-server';
import { scratchDir } from '../support/scratch-dir';

const skip = serverSkipReason();
const scratch = scratchDir('remote-errors-');
const profilesDir = writeTinyProfiles([tinyProfile('topic', { name: 'tiny-other', model: { base: { file: 'tiny-qwen2.gguf' }, adapter: { file: 'tiny-lora-other.gguf', scale: 1 } } })]);
const text = mobyDickOpening(1500);
const info = describeDocument('doc.txt', text);
const API_KEY = 'sk-test-0123456789abcdef';

function run(profile: string, endpoints: string[], apiKey?: string) {
  return runModelStrategy(
    { text, info, strategy: 'topic', options: { profile, backend: 'remote' }, settings: { remote: { endpoints, ...(apiKey ? { apiKey } : {}) } } },
    {},
    { profilesDir, modelsDir: fixtureModelsDir },
  );
}

describe('unreachable endpoints (no server needed)', () => {
  it('names the endpoint and says to start it; the CLI exits 2 with one error line', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    await expect(run('tiny-topic', [url])).rejects.toMatchObject({ name: 'RemoteError', code: 'endpoint-unreachable', message: expect.stringContaining(`cannot reach the inference server at ${url}`) });
    const doc = join(scratch, 'doc.txt');
    writeFileSync(doc, text);
    const cli = spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'electron/cli/main.ts'), 'segment', doc, '--strategy', 'topic', '--profile', 'tiny-topic', '--backend', 'remote', '--endpoint', url.replace('http://', 'http://user:pw@')], {
      encoding: 'utf-8',
      env: { ...process.env, WORKBENCH_PROFILES_DIR: profilesDir, WORKBENCH_MODELS_DIR: fixtureModelsDir, WORKBENCH_API_KEY: API_KEY },
    });
    expect(cli.status).toBe(2);
    expect(cli.stderr.trim().split('\n').filter((l) => l.startsWith('error:'))).toEqual([expect.stringContaining(`cannot reach the inference server at ${url}`)]);
    expect(cli.stderr).not.toContain('pw@');
    expect(cli.stderr).not.toContain(API_KEY);
    // Starting tsx and llama.cpp in a child process takes a minute or more on a busy 2-core machine.
  }, 300_000);

  it('refuses a malformed endpoint and a remote run without endpoints', async () => {
    await expect(run('tiny-topic', ['ftp://x'])).rejects.toMatchObject({ code: 'invalid-endpoint' });
    await expect(run('tiny-topic', [])).rejects.toMatchObject({ code: 'no-endpoints' });
  });
});

describe.skipIf(skip !== null)(`bad input on a real llama-server${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let server: RunningServer;
  let locked: RunningServer;
  beforeAll(async () => {
    [server, locked] = await Promise.all([startLlamaServer({ parallel: 1 }), startLlamaServer({ parallel: 1, apiKey: API_KEY })]);
  });
  afterAll(async () => {
    await Promise.all([server?.kill(), locked?.kill()]);
  });

  it('a server without the profile\'s adapter: names the endpoint, what it serves and the --lora to add', async () => {
    await expect(run('tiny-other', [server.url])).rejects.toMatchObject({
      code: 'adapter-missing',
      message: expect.stringMatching(new RegExp(`${server.url.replace(/[.:/]/g, '\\$&')} does not serve the adapter tiny-lora-other.gguf \\(it serves: tiny-lora-simple.gguf, tiny-lora-topic.gguf, tiny-lora-summary.gguf\\); start llama-server with --lora .*tiny-lora-other.gguf --lora-init-without-apply`)),
    });
  });

  it('a grammar the server cannot parse: grammar-rejected, naming the endpoint', async () => {
    const tokenizer = (await vocabTokenizer(tinyModelPath)).tokenizer;
    const pool = await connectPool({ endpoints: [server.url] }, tokenizer, () => undefined);
    const completer = remoteCompleter({ pool, tokenizer, decoding: tinyProfile('topic').decoding as never });
    const tokens = tokenizer.tokenize('Split this text: Call me Ishmael.');
    await expect(completer.complete({ tokens, grammar: 'root ::= ( "a" ' }, {})).rejects.toMatchObject({ code: 'grammar-rejected', message: expect.stringContaining(server.url) });
  });

  it('a model with another vocabulary: the probe tokenized on both sides differs', async () => {
    const gpt2 = await extractBundleFile('models/ggml-vocab-gpt-2.gguf', join(scratch, 'ggml-vocab-gpt-2.gguf'));
    const other = (await vocabTokenizer(gpt2)).tokenizer;
    await expect(connectPool({ endpoints: [server.url] }, other, () => undefined)).rejects.toMatchObject({
      code: 'vocabulary-mismatch',
      message: expect.stringContaining(`the model at ${server.url}`),
    });
  });

  it('an API key goes to the server (and a wrong one is named), never into the result', async () => {
    await expect(run('tiny-topic', [locked.url])).rejects.toMatchObject({ code: 'key-refused', message: expect.stringContaining('WORKBENCH_API_KEY') });
    const result = await run('tiny-topic', [locked.url], API_KEY);
    expect(result.meta.backend).toBe('remote');
    expect(JSON.stringify(result)).not.toContain(API_KEY);
  });
});
