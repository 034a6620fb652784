/**
 * What `--out` does with whatever stands at the path (the rule in docs/cli.md and
 * cli/files/write-atomic): the input is never overwritten, links and devices are never
 * replaced, a replaced file keeps its mode. In-process for the file-system cases, spawned for the
 * exit codes.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, linkSync, lstatSync, mkdirSync, openSync, closeSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OutputPathError, resolveOutputTarget, writeFileAtomic } from '../../electron/cli/files';
import { scratchDir } from '../support/scratch-dir';
import { expectUserError, REPO_ROOT, runCliAll } from './support/run-cli';

const dir = scratchDir('out-targets-');
const at = (name: string) => join(dir, name);

describe('--out: what stands at the path', () => {
  it('replaces a regular file atomically and keeps its permission bits', async () => {
    writeFileSync(at('secret.json'), 'old');
    chmodSync(at('secret.json'), 0o600);
    await writeFileAtomic(at('secret.json'), 'new');
    expect(readFileSync(at('secret.json'), 'utf8')).toBe('new');
    expect(statSync(at('secret.json')).mode & 0o777).toBe(0o600);
  });

  it('writes through a symbolic link to the file it points to, and the link stays a link', async () => {
    writeFileSync(at('real.json'), 'old');
    symlinkSync('real.json', at('link.json'));
    await writeFileAtomic(at('link.json'), 'new');
    expect(lstatSync(at('link.json')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(at('link.json'))).toBe('real.json');
    expect(readFileSync(at('real.json'), 'utf8')).toBe('new');
  });

  it('refuses a symbolic link to nothing', async () => {
    symlinkSync('nowhere.json', at('dangling.json'));
    await expect(writeFileAtomic(at('dangling.json'), 'x')).rejects.toThrow(/symbolic link to nothing/);
    expect(lstatSync(at('dangling.json')).isSymbolicLink()).toBe(true);
  });

  it('refuses a file with several hard links, leaving both names as they were', async () => {
    writeFileSync(at('one.json'), 'shared');
    linkSync(at('one.json'), at('two.json'));
    await expect(writeFileAtomic(at('two.json'), 'x')).rejects.toThrow(/has 2 hard links/);
    expect(readFileSync(at('one.json'), 'utf8')).toBe('shared');
    expect(statSync(at('one.json')).ino).toBe(statSync(at('two.json')).ino);
  });

  it('writes through a FIFO instead of replacing it', async () => {
    execFileSync('mkfifo', [at('pipe')]);
    const received = readFile(at('pipe'), 'utf8');
    await writeFileAtomic(at('pipe'), 'through the pipe');
    expect(await received).toBe('through the pipe');
    expect(lstatSync(at('pipe')).isFIFO()).toBe(true);
  });

  it('classifies a character device as written through, never replaced', async () => {
    // Only classified, not written: these tests may run as root, where a mistake would replace /dev/null.
    expect(await resolveOutputTarget('/dev/null')).toEqual({ kind: 'write-through', path: '/dev/null' });
  });

  it('refuses a folder', async () => {
    mkdirSync(at('folder.json'));
    await expect(writeFileAtomic(at('folder.json'), 'x')).rejects.toThrow(OutputPathError);
  });

  it('refuses a read-only file (0444), as the shell\'s > does, and leaves it as it was', async () => {
    writeFileSync(at('locked.json'), 'keep me');
    chmodSync(at('locked.json'), 0o444);
    symlinkSync('locked.json', at('locked-link.json'));
    for (const out of ['locked.json', 'locked-link.json']) {
      await expect(writeFileAtomic(at(out), 'x')).rejects.toThrow(/read-only \(mode 0444\)/);
    }
    expect(readFileSync(at('locked.json'), 'utf8')).toBe('keep me');
    expect(statSync(at('locked.json')).mode & 0o777).toBe(0o444);
  });

  it('refuses the input itself: by name, through a symbolic link and through a hard link', async () => {
    writeFileSync(at('input.txt'), 'the input');
    symlinkSync('input.txt', at('input-link.txt'));
    linkSync(at('input.txt'), at('input-hard.txt'));
    for (const out of ['input.txt', 'input-link.txt', 'input-hard.txt']) {
      await expect(resolveOutputTarget(at(out), [at('input.txt')])).rejects.toThrow(/is the input file/);
    }
    expect(readFileSync(at('input.txt'), 'utf8')).toBe('the input');
  });
});

describe('--out and stdout at the process boundary', () => {
  it('segment F --out F and convert F --out F: exit 2, one line, the input untouched', async () => {
    writeFileSync(at('doc.txt'), 'A first sentence. A second one.\n');
    const segmentation = JSON.stringify({ sections: [['One sentence.'], ['Another one.']] });
    writeFileSync(at('seg.json'), segmentation);
    const [segment, convert] = await runCliAll([
      ['segment', at('doc.txt'), '--out', at('doc.txt')],
      ['convert', at('seg.json'), '--to', 'csv', '--out', at('seg.json')],
    ]);
    expectUserError(segment!, /--out .*doc\.txt is the input file/);
    expectUserError(convert!, /--out .*seg\.json is the input file/);
    expect(readFileSync(at('doc.txt'), 'utf8')).toBe('A first sentence. A second one.\n');
    expect(readFileSync(at('seg.json'), 'utf8')).toBe(segmentation);
  });

  it('segment --out READ-ONLY: exit 2, one line naming the file, the file untouched', async () => {
    writeFileSync(at('ro-doc.txt'), 'A first sentence. A second one.\n');
    writeFileSync(at('ro-out.json'), 'old');
    chmodSync(at('ro-out.json'), 0o444);
    const [segment] = await runCliAll([['segment', at('ro-doc.txt'), '--out', at('ro-out.json')]]);
    expectUserError(segment!, /cannot write .*ro-out\.json: it is read-only/);
    expect(readFileSync(at('ro-out.json'), 'utf8')).toBe('old');
  });

  it('stdout on a full device: exit 2 and one line saying so', async () => {
    writeFileSync(at('full.txt'), 'Some text.\n');
    const full = openSync('/dev/full', 'w');
    const child = spawn(process.execPath, [`${REPO_ROOT}dist/cli/main.mjs`, 'segment', at('full.txt')], {
      cwd: REPO_ROOT,
      stdio: ['ignore', full, 'pipe'],
    });
    closeSync(full);
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expectUserError({ code: code ?? -1, stdout: '', stderr }, /^error: cannot write to stdout: .*no space left on device/i);
  });
});
