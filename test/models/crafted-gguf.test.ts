/**
 * Hostile GGUF headers (crafted-gguf.ts): each is refused by `models import` with exit 2 and one
 * `error:` line naming the file and the field, before node-llama-cpp's reader sees it, and the
 * models folder lists each as damaged with the same reason. Before the bounded check, the counts
 * made the readers loop until memory ran out, the lengths ended the process with a V8 fatal
 * error, and the layout faults were installed.
 */
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkGgufHeader } from '../../electron/model-files/header-check';
import { listInstalled } from '../../electron/services/models/inventory';
import { importModelFile } from '../../electron/services/models/import-file';
import { expectUserError, runCli, runCliAll } from '../cli/support/run-cli';
import { scratchDir } from '../support/scratch-dir';
import { CRAFTED_GGUFS, MORE_CRAFTED_GGUFS, writeCraftedGgufs } from './crafted-gguf';
import { TINY_LORAS, TINY_MODEL, requireFixtures } from './paths';

const dir = scratchDir('crafted-gguf-');
/** Eleven command-line runs, two at a time, on a machine that may be shared: no timing is asserted. */
const CLI_TIMEOUT_MS = 300_000;
let paths: string[];

beforeAll(async () => {
  requireFixtures();
  await mkdir(join(dir, 'in'));
  paths = await writeCraftedGgufs(join(dir, 'in'));
});

describe('a crafted GGUF header', () => {
  it('is refused by the bounded check, naming the field, and the real fixtures pass it', async () => {
    for (const [i, c] of CRAFTED_GGUFS.entries()) await expect(checkGgufHeader(paths[i]!), c.file).rejects.toThrow(c.field);
    for (const c of MORE_CRAFTED_GGUFS) {
      const path = join(dir, 'in', c.file);
      await writeFile(path, c.body());
      await expect(checkGgufHeader(path), c.file).rejects.toThrow(c.field);
    }
    for (const real of [TINY_MODEL, ...TINY_LORAS]) {
      const checked = await checkGgufHeader(real);
      expect(checked.dataEnd).toBe(checked.fileSize);
    }
  });

  it('is refused by models import with exit 2 naming the file and the field, and nothing is installed', async () => {
    const models = join(dir, 'import-target');
    const runs = await runCliAll(paths.map((p) => ['models', 'import', p, '--models-dir', models]));
    for (const [i, c] of CRAFTED_GGUFS.entries()) {
      expectUserError(runs[i]!, new RegExp(`^error: ${c.file.replace(/\./g, '\\.')}: .*${c.field.source}`));
    }
    expect(await listInstalled(models)).toEqual([]);
  }, CLI_TIMEOUT_MS);

  it('is refused by the desktop and web Import Model File (the same service) as a UserError', async () => {
    for (const [i, c] of CRAFTED_GGUFS.entries()) {
      await expect(importModelFile(paths[i]!, join(dir, 'desktop-import')), c.file).rejects.toMatchObject({ name: 'ModelError', code: expect.stringMatching(/gguf/), message: expect.stringMatching(c.field) });
    }
  });

  it('in the models folder is listed as damaged with its reason, beside a good model', async () => {
    const models = join(dir, 'folder');
    await mkdir(models);
    for (const p of paths) await copyFile(p, join(models, p.split('/').pop()!));
    await copyFile(TINY_LORAS[0]!, join(models, 'good.gguf'));
    const [json, text] = [await runCli(['models', 'list', '--models-dir', models, '--json']), await runCli(['models', 'list', '--models-dir', models])];
    expect(json.code).toBe(0);
    const files = (JSON.parse(json.stdout) as { files: { file: string; problem?: string; kind?: string }[] }).files;
    for (const c of CRAFTED_GGUFS) {
      const entry = files.find((f) => f.file === c.file);
      expect(entry?.problem, c.file).toMatch(c.field);
      expect(text.stdout).toMatch(new RegExp(`^${c.file.replace(/\./g, '\\.')} .* DAMAGED: ${c.file.replace(/\./g, '\\.')}: `, 'm'));
    }
    const good = files.find((f) => f.file === 'good.gguf');
    expect(good?.kind).toBe('adapter');
    expect(good?.problem).toBeUndefined();
  }, CLI_TIMEOUT_MS);
});
