/**
 * A file's name is the attacker's too: `a\nb.txt` cut the error line to "error: a", and a name
 * holding an escape sequence reached the terminal raw. Both entries (the installed bundle and the
 * tsx one) say the whole message in one line with the name's control characters escaped.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectUserError, runCli, runCliFromSource } from './support/run-cli';

const folder = mkdtempSync(path.join(tmpdir(), 'hostile-names-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A binary file (a NUL byte) under a hostile name, by its whole path: refused, naming the file. */
function binaryNamed(name: string): string {
  const file = path.join(folder, name);
  writeFileSync(file, Buffer.from('hello\0world'));
  return file;
}

describe('hostile file names in error lines', () => {
  const newline = binaryNamed('a\nb.txt');
  const escape = binaryNamed('evil\x1b[31mred.txt');

  for (const [entry, run] of [
    ['bundle', runCli],
    ['tsx entry', runCliFromSource],
  ] as const) {
    it(`${entry}: a newline in the name is escaped, the message kept whole`, async () => {
      expectUserError(await run(['segment', newline]), /^error: \S*\/a\\nb\.txt looks like a binary file.*NUL byte/);
    });

    it(`${entry}: an escape sequence in the name never reaches the terminal`, async () => {
      const result = await run(['segment', escape]);
      expectUserError(result, /^error: \S*\/evil\\u001b\[31mred\.txt looks like a binary file.*NUL byte/);
      expect(result.stderr).not.toContain('\x1b');
    });
  }
});
