/** `npm run fixtures` itself: the same bytes on every run and machine, and a fast no-op when current. */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../cli/support/run-cli';
import { scratchDir } from '../support/scratch-dir';
import { FIXTURES_DIR, requireFixtures } from './paths';

const run = promisify(execFile);
const out = scratchDir('fixtures-');
beforeAll(() => requireFixtures());

async function fixtures(): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'scripts', 'fixtures.ts'), '--out', out], { cwd: REPO_ROOT });
  return stdout;
}

describe('npm run fixtures', () => {
  it('writes byte-identical files in a fresh folder, then only checks its stamp', async () => {
    expect(await fixtures()).toMatch(/^fixtures: wrote tiny-qwen2\.gguf, tiny-qwen2-embed\.gguf, tiny-lora-simple\.gguf/);
    for (const file of ['tiny-qwen2.gguf', 'tiny-qwen2-embed.gguf', 'tiny-lora-simple.gguf', 'tiny-lora-topic.gguf', 'tiny-lora-summary.gguf', 'tiny-peft/adapter_model.safetensors']) {
      expect(readFileSync(join(out, file)).equals(readFileSync(join(FIXTURES_DIR, file))), file).toBe(true);
    }
    expect(await fixtures()).toMatch(/^fixtures: up to date/);
  }, 120_000);
});
