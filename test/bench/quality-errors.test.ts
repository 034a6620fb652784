import { describe, expect, it } from 'vitest';
import { UserInputError } from '../../electron/cli/errors';
import { qualityCommand } from '../../electron/bench/quality/cli';

describe('bench quality: bad input is a one-line user error', () => {
  it.each([
    [[], /needs --corpus/],
    [['--corpus', 'novel-typo'], /no corpus at novel-typo/],
    [['--corpus', 'test/fixtures/corpus-sample'], /not a corpus folder: no manifest\.json \(it holds corpora: .*novel/],
    [['--corpus', 'test/fixtures/corpus-sample/novel/manifest.json'], /is not a folder/],
    [['--corpus', 'test/fixtures/corpus-sample/novel', '--strategies', 'structural,nope'], /unknown strategy 'nope'/],
    [['--corpus', 'test/fixtures/corpus-sample/novel', '--limit', '0'], /--limit must be at least 1/],
  ])('%j', async (argv, message) => {
    const error = await qualityCommand(argv).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserInputError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });
});
