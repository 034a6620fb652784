/** `npm run fixtures` itself: the same bytes on every run and machine, and a fast no-op when current. */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../cli/support/run-cli';
import { FIXTURES_DIR, requireFixtures } from './paths';

const run = promisify(execFile);
let out: string;

beforeAll(async () => {
  requireFixtures();
  out = await mkdtemp(join(tmpdir(), 'fixtures-'));
});
afterAll(async () => {
  await rm(out, { recursive: true, force: true });
});

async function fixtures(): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'scripts', 'fixtures.ts'), '--out', out], { cwd: REPO_ROOT });
  return stdout;
}

describe('npm run fixtures', () => {
  it('writes byte-identical files in a fresh folder, then only checks its stamp', async () => {
    expect(await fixtures()).toMatch(/^fixtures: wrote tiny-qwen2\.gguf, tiny-lora-simple\.gguf/);
    for (const file of ['tiny-qwen2.gguf', 'tiny-lora-simple.gguf', 'tiny-lora-topic.gguf', 'tiny-lora-summary.gguf', 'tiny-peft/adapter_model.safetensors']) {
      expect(readFileSync(join(out, file)).equals(readFileSync(join(FIXTURES_DIR, file))), file).toBe(true);
    }
    expect(await fixtures()).toMatch(/^fixtures: up to date/);
  }, 120_000);
});
