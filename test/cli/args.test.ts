import { describe, expect, it } from 'vitest';
import { describeFlags, parseArgs, type FlagSpecs, type PositionalSpec } from '../../electron/cli/args';
import { UserInputError } from '../../electron/cli/errors';

const spec = {
  strategy: { type: 'enum', values: ['structural', 'texttiling'] },
  'max-chars': { type: 'int', min: 1, description: 'longest segment' },
  ratio: { type: 'number', min: 0, max: 1 },
  out: { type: 'string' },
  include: { type: 'string', repeatable: true },
  json: { type: 'boolean' },
} as const satisfies FlagSpecs;

function fails(argv: string[], message: RegExp, positionals: PositionalSpec = { min: 0, max: 1 }): void {
  expect(() => parseArgs(argv, spec, { positionals })).toThrow(UserInputError);
  expect(() => parseArgs(argv, spec, { positionals })).toThrow(message);
}

describe('parseArgs', () => {
  it('reads both value spellings, booleans, positionals and repeatable flags', () => {
    const { flags, positionals, help } = parseArgs(
      ['doc.md', '--strategy', 'texttiling', '--max-chars=500', '--json', '--include', 'a', '--include=b', '--ratio', '.5'],
      spec,
      { positionals: { min: 1, max: 1, names: 'FILE' } },
    );
    expect(positionals).toEqual(['doc.md']);
    expect(flags.strategy).toBe('texttiling');
    expect(flags['max-chars']).toBe(500);
    expect(flags.ratio).toBe(0.5);
    expect(flags.json).toBe(true);
    expect(flags.include).toEqual(['a', 'b']);
    expect(flags.out).toBeUndefined();
    expect(help).toBe(false);
  });

  it('gives absent booleans as false and treats everything after -- as positional', () => {
    const { flags, positionals } = parseArgs(['--', '--json'], spec, { positionals: { max: 1 } });
    expect(flags.json).toBe(false);
    expect(positionals).toEqual(['--json']);
  });

  it('reports --help without validating the rest', () => {
    expect(parseArgs(['--help'], spec, { positionals: { min: 1 } }).help).toBe(true);
    expect(parseArgs(['-h', 'x', 'y'], spec, { positionals: { max: 0 } }).help).toBe(true);
  });

  it('rejects every malformed input with one clear message', () => {
    fails(['--nope'], /unknown flag '--nope' \(valid: --strategy, --max-chars/);
    fails(['-x'], /unknown flag '-x'/);
    fails(['--strategy', 'magic'], /--strategy must be one of structural, texttiling \(got 'magic'\)/);
    fails(['--max-chars', '12abc'], /--max-chars must be an integer \(got '12abc'\)/);
    fails(['--max-chars', '1e3'], /must be an integer/);
    fails(['--max-chars', '0'], /--max-chars must be at least 1 \(got 0\)/);
    fails(['--ratio', '2'], /--ratio must be at most 1/);
    fails(['--ratio', 'abc'], /--ratio must be a number/);
    fails(['--max-chars'], /--max-chars needs a value/);
    fails(['--out', '--json'], /--out needs a value/);
    fails(['--out='], /--out needs a non-empty value/);
    fails(['--json=yes'], /--json takes no value/);
    fails(['--out', 'a', '--out', 'b'], /--out given more than once/);
    fails([], /missing FILE/, { min: 1, max: 1, names: 'FILE' });
    fails(['a', 'b'], /too many arguments: 'b'/);
    fails(['a'], /unexpected argument 'a'/, { min: 0, max: 0 });
  });

  it('describes the flags for --help', () => {
    const text = describeFlags(spec);
    expect(text).toContain('--strategy structural|texttiling');
    expect(text).toMatch(/--max-chars N\s+longest segment/);
    expect(text).toContain('--json');
  });
});
