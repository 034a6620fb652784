import { describe, expect, it } from 'vitest';
import { formatBytes, formatSeconds } from '../report/format';
import { formatTable } from '../report/table';
import { speedCommand } from '../speed/cli';
import { UserInputError } from '../../electron/cli/errors';

describe('formatting', () => {
  it('writes sizes and times the way the seed did', () => {
    expect(formatBytes(48 * 4096)).toBe('192 KB');
    expect(formatBytes(1755 * 4096)).toBe('6.86 MB');
    expect(formatSeconds(0.0042)).toBe('4 ms');
    expect(formatSeconds(49)).toBe('49.0 s');
    expect(formatSeconds(123)).toBe('2 m 3 s');
  });

  it('aligns a table', () => {
    expect(formatTable(['name', 'n'], [['ab', '1'], ['c', '100']])).toBe('name    n\n----  ---\nab      1\nc     100');
  });
});

describe('bench speed flags', () => {
  it('refuses an unknown section in one line', async () => {
    const error = await speedCommand(['--only', 'rules,gpu']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserInputError);
    expect((error as Error).message).toBe("unknown section 'gpu' (valid: locator, rules, peers, model, ui)");
  });
});
