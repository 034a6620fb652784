import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commitFile, writeFileAtomic } from './atomic-write';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atomic-write-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('the atomic write', () => {
  it('replaces a file with text or bytes, keeping the mode asked for, and leaves no temp file', async () => {
    const target = join(dir, 'a.json');
    await writeFileAtomic(target, 'old');
    await writeFileAtomic(target, new TextEncoder().encode('new'), { mode: 0o600 });
    expect(await readFile(target, 'utf8')).toBe('new');
    expect((await stat(target)).mode & 0o777).toBe(0o600);
    expect(await readdir(dir)).toEqual(['a.json']);
  });

  it('moves a finished file over the target, and removes it when the move fails', async () => {
    const target = join(dir, 'model.gguf');
    await writeFile(join(dir, 'model.gguf.partial'), 'weights');
    await commitFile(join(dir, 'model.gguf.partial'), target);
    expect(await readFile(target, 'utf8')).toBe('weights');
    expect(await readdir(dir)).toEqual(['model.gguf']);
    await writeFile(join(dir, 'x.partial'), 'x');
    await expect(commitFile(join(dir, 'x.partial'), join(dir, 'missing-folder', 'x'))).rejects.toThrow();
    expect(await readdir(dir)).toEqual(['model.gguf']);
  });
});
